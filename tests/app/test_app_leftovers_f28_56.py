"""Session 56 (f28): small app leftovers.
1. The Score a photo page's tile-set picker says of a set that learnt under three quarters of the game's kinds how
   many it knows (``resources.sets_knowing_few``): it was offered last, unsaid.
2. ``tilelens read --tileset`` scores a set of no game as the game of the kinds it learnt (``learnt_kinds``), as the
   photo page offers it, not of its classifier's classes (a dataset naming every mahjong kind, photos of flowers).
3. Rules -> Add a game with a bad ``[house]`` part names "the added rules", not "the edited rules".
4. The Rules page's yaku table does not cut a shape to the same words as another yaku's ("All colours" read as
   "Basic set": "three sets of one member each").
Tile sets are fakes (the shipped hk-mahjong set's model files, their classes renamed), as in
tests/vision/test_set_order_f24_56.py."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from app_helpers import open_page

from app import settings
from scorer.catalog import load_game

TOKYO = [t.id for t in load_game("tokyo-mahjong").tiles]  # 37: the red fives too
FLOWERS = [f"f{i}" for i in range(1, 6)]  # 42 classes in all: the shipped classifier's count
ABSENT = ["0m", "0p", "0s"]


def fake_set(taught, models: Path, name: str, classes: list[str], stamp: int, **meta) -> Path:
    """A fake tile set ``name`` of no game whose classifier names ``classes`` first, its ``tileset.json`` given
    ``meta`` (``learnt``, ``kinds``...)."""
    folder = taught(models, name, "")
    spec = json.loads((folder / "classifier.json").read_text(encoding="utf-8"))
    spec["classes"] = classes + spec["classes"][len(classes):]
    (folder / "classifier.json").write_text(json.dumps(spec), encoding="utf-8")
    path = folder / "tileset.json"
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")), **meta}), encoding="utf-8")
    os.utime(path, (stamp, stamp))
    return folder


# ---------------------------------------------------------------- 1. the picker says a set knows few of the kinds

@pytest.fixture
def few_and_all(taught, models):
    """Two sets of no game reading Tokyo Mahjong: "all" learnt every kind, "hk-3" 7 of them (10 of 37 known, with
    the red fives it has not)."""
    kinds = TOKYO + FLOWERS
    fake_set(taught, models, "all", kinds, 1_000_000, kinds=kinds, absent=ABSENT,
             learnt={k: 9 for k in kinds if k not in ABSENT})
    fake_set(taught, models, "hk-3", kinds, 2_000_000, kinds=kinds, absent=ABSENT,
             learnt={k: 9 for k in ["1m", "2m", "3m", "1p", "2p", "1s", "7z"]})
    return models


@pytest.mark.parametrize("lang, said", [("en", "hk-3 (knows 10 of 37 kinds)"),
                                        ("ja", "hk-3 (37種類のうち10種類を覚えています)")])
def test_the_tile_set_picker_says_a_set_knows_few_of_the_games_kinds(home, few_and_all, lang, said):
    """Before: "hk-3", offered last with not a word of why."""
    at = open_page("score_photo", "tokyo-mahjong", lang)
    picker = at.selectbox(key="photo_tileset")
    assert picker.options[1:] == ["all", said]  # the set that knows them all by its name alone
    picker.set_value("hk-3").run()
    assert not at.exception and at.selectbox(key="photo_tileset").value == "hk-3"  # still the set's own name chosen


# ---------------------------------------------------------------- 2. read --tileset: the game of the kinds learnt

def test_a_set_of_no_game_is_scored_as_the_game_of_the_kinds_it_learnt(taught, models):
    """Its classes are Tokyo Mahjong's (37 of 42) but it learnt flowers and one man tile: the photo page offers it
    for no game; ``read --tileset --kinds`` chained it into ``tilelens score --game tokyo-mahjong``."""
    from vision import Recognizer
    from vision.scorable import scoring_game, scoring_game_of

    kinds = TOKYO + FLOWERS
    fake_set(taught, models, "flowers", kinds, 1_000_000, learnt={k: 9 for k in FLOWERS + ["1m"]})
    fake_set(taught, models, "riichi", kinds, 2_000_000, learnt={k: 9 for k in TOKYO[:30]})
    assert scoring_game_of(kinds) == "tokyo-mahjong"  # by every class: as before
    assert scoring_game(Recognizer.load(tileset="flowers", boxcheck=False, orient=False)) == ""  # before: tokyo
    assert scoring_game(Recognizer.load(tileset="riichi", boxcheck=False, orient=False)) == "tokyo-mahjong"


# ---------------------------------------------------------------- 3. Add names the added rules

HOUSE_BAD = '[house]\ndefaults = ["yakus"]\n'


def bad_house(text: str) -> str:
    """``text``'s ``[house]`` table naming a part no game file has ("yakus"), as /tmp/r3's f27-house-bad.toml."""
    text, n = re.subn(r"^defaults = \[.*\]$", 'defaults = ["yakus"]', text, count=1, flags=re.M)
    assert n == 1
    return text


def club_text(extra: str = "") -> str:
    """A club edition: the shipped Nogizaka file with its ids and names changed, ``extra`` at its end."""
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    text = re.sub(r'^id = "([a-z-]+)"$', r'id = "c-\1"', text, flags=re.M)  # every tile's and yaku's id
    text = text.replace('id = "c-nogizaka"', 'id = "club"', 1)
    text = text.replace('name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Club Donjara"', 1)
    return text.replace('name_ja = "乃木坂ドンジャラ"', 'name_ja = "クラブドンジャラ"', 1) + extra


def add_by_paste(text: str, lang: str):
    at = open_page("rules", "nogizaka", lang)
    at.text_area(key="rules_add_text").set_value(text).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, said, never", [
    ("en", "Not added: the added rules: field house.defaults", "the edited rules"),
    ("ja", "追加するルール: 項目 house.defaults", "編集したルール"),
])
def test_add_with_a_bad_house_part_names_the_added_rules(home, lang, said, never):
    at = add_by_paste(bad_house(club_text()), lang)
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and said in errors[0] and "yakus" in errors[0] and never not in errors[0], errors
    assert settings.added_path("club") is None


def test_the_editor_still_names_the_edited_rules():
    from app.components.rules_view import check_house_text
    from scorer import GameFileError

    with pytest.raises(GameFileError) as caught:
        check_house_text(HOUSE_BAD)
    assert str(caught.value).startswith("the edited rules: ")
    assert caught.value.message_ja.startswith("編集したルール: ")


# ---------------------------------------------------------------- 4. the yaku table's shapes told apart

ALL_COLOURS = """
[[yaku]]
id = "all-colours"
name_ja = "全色集合"
name_en = "All colours"
points = 120
groups = [{ kinds = ["set"], size = 3, count = 3 }]
distinct = ["colour"]
description = "three sets of one member each, from three different colours"
description_ja = "同じメンバー3枚のセット3つ、三つとも違う色のメンバーから"
"""


@pytest.mark.parametrize("lang, basic, whole, col", [
    ("en", "three sets of one member each", "three sets of one member each, from three different colours",
     "Shape"),
    ("ja", "同じメンバー3枚のセット3つ", "同じメンバー3枚のセット3つ、三つとも違う色のメンバーから", "形"),
])
def test_a_long_shape_is_not_cut_to_another_yakus_words(home, lang, basic, whole, col):
    """Before: "All colours" read "three sets of one member each" in the table, as "Basic set" does."""
    at = add_by_paste(club_text(ALL_COLOURS), lang)
    assert not at.error, [e.value for e in at.error]
    at = open_page("rules", "club", lang)
    shapes = list(at.table[0].value[col])
    assert shapes.count(basic) == 1 and whole in shapes, shapes


def test_a_long_shape_no_other_yaku_reads_is_still_cut(home):
    """cinderella-neo's long shapes stay short in the table (session 52): their cut words are no other yaku's."""
    at = open_page("rules", "cinderella-neo", "ja")
    assert "ステータスセット3つ" in set(at.table[0].value["形"])
