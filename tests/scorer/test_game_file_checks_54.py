"""Session 54, n3: game-file checks a fan club changing its game ran into (walkthrough w3).

1. A 4th member added to ひよこ組 left the Hiyoko set (one whole unit of 3) impossible, said nowhere: a yaku none of
   whose groups the catalog can make is refused, in one line, in both languages.
2. A description restating the points (60 -> 80 left "80 ... (ron: 60 from the discarder ...)"): the shipped
   descriptions say the shape only.
3. Files put by hand in ``games/_added``: one whose id is not its file's name (``mismatch.toml`` saying ``other-id``)
   or whose name is no game id (``Upper.toml``) was listed and then unknown; passed over with a reason now, the
   rule the app uses.
4. ``[[units]] name_en``: a unit said in English by its English name.
5. ``[house] defaults``: a part that is no part of a file (``"units"``) is refused, the known ones listed.
6. ``--local 乃木團``: a local yaku named as a player names it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer import GameFileError, catalog, load_game, score
from scorer.catalog import list_games, thaw
from scorer.rules import donjara_rules
from tilelens import cli

NOGIZAKA = (catalog.GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
HIYOKO_HAND = ["minami", "miona", "miria"] + ["rarin"] * 3 + ["kotoko"] * 3


def _japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u9fff" for c in text)


def _club(tmp_path: Path, members: list[str], extra: str = "", kinds: str = '["unit"]', local: bool = False,
          units: str = 'units = ["ひよこ組"]') -> Path:
    """Nogizaka with a club's unit ひよこ組 of ``members`` and the Hiyoko set (one whole unit of 3 + two sets)."""
    text = NOGIZAKA + f"""
[[units]]
name = "ひよこ組"
reading = "ひよこぐみ"
members = {members!r}
{extra}
[groups.unit]
name_ja = "ユニット"
name_en = "unit"
unit = "full"
max_almighty = 1
{units}

[[yaku]]
id = "hiyoko"
name_ja = "ひよこ組セット"
name_en = "Hiyoko set"
points = 120
groups = [{{ kinds = {kinds}, size = 3, count = 1 }}, {{ kinds = ["set"], size = 3, count = 2 }}]
local = {str(local).lower()}
""".replace("'", '"')
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ 1. a yaku the catalog cannot make

def test_a_unit_of_three_makes_the_hiyoko_set(tmp_path):
    result = score(load_game(_club(tmp_path, ["minami", "miona", "miria"])), HIYOKO_HAND, riichi=True)
    assert result.winning and result.yaku[0].name_en == "Hiyoko set"


def test_a_fourth_member_leaves_no_unit_of_three_and_the_file_is_refused(tmp_path):
    path = _club(tmp_path, ["minami", "miona", "miria", "kotoko"])
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    said, ja = str(caught.value), caught.value.message_ja
    assert "\n" not in said and "\n" not in ja
    # the field said last, as code (session 55: the yaku by its name, the groups in words)
    assert said.startswith(f"{path}: ") and said.endswith("(field `yaku[1].groups[0]`)"), said
    assert "ひよこ組 has 4" in said and "3" in said and "Hiyoko set" in said, said
    assert ja.startswith(f"{path}: ") and ja.endswith("(項目 `yaku[1].groups[0]`)") and "ひよこ組は4人" in ja, ja
    assert _japanese(ja), ja


def test_an_edit_in_the_app_is_refused_alike(tmp_path):
    game = load_game(_club(tmp_path, ["minami", "miona", "miria"]))
    rules = thaw(game.rules)
    rules["yaku"][1]["groups"][0]["size"] = 4
    rules["yaku"][1]["groups"][1]["size"] = 5
    rules["yaku"][1]["groups"][1]["count"] = 1
    with pytest.raises(GameFileError, match=r"no unit of 4 tiles.*\(field `yaku\[1\]\.groups\[0\]`\)"):
        game.with_rules(rules)


def test_a_set_larger_than_any_tiles_copies_is_refused(tmp_path):
    path = tmp_path / "nine.toml"
    path.write_text(NOGIZAKA.replace('groups = [{ kinds = ["set"], size = 3, count = 3 }]',
                                     'groups = [{ kinds = ["set"], size = 9, count = 1 }]', 1), encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert "no set of 9 tiles" in str(caught.value) and "at most 6" in str(caught.value)
    assert "(field `yaku[0].groups[0]`)" in str(caught.value)
    assert _japanese(caught.value.message_ja)


def test_a_slot_another_kind_can_fill_is_kept(tmp_path):
    """A slot of unit or set: a set fills it although no unit of 3 is left."""
    game = load_game(_club(tmp_path, ["minami", "miona", "miria", "kotoko"], kinds='["unit", "set"]'))
    assert [y.id for y in donjara_rules(game).yaku] == ["basic-set", "hiyoko"]


def test_a_local_yaku_naming_its_unit_is_refused_too(tmp_path):
    with pytest.raises(GameFileError, match="ひよこ組 has 4"):
        load_game(_club(tmp_path, ["minami", "miona", "miria", "kotoko"], local=True))


def test_a_local_yaku_of_a_unit_size_the_roster_lacks_is_the_boxs(tmp_path):
    """Cinderella Girls' SP Live Set C (local): a 6-member unit, which the shared roster lacks; the box prints it."""
    load_game(_club(tmp_path, ["minami", "miona", "miria", "kotoko"], local=True, units=""))
    with pytest.raises(GameFileError, match="no unit has 3 members"):
        load_game(_club(tmp_path, ["minami", "miona", "miria", "kotoko"], units=""))


def test_min_kind_that_no_slot_can_meet_is_refused(tmp_path):
    path = _club(tmp_path, ["minami", "miona", "miria", "kotoko"], kinds='["unit", "set"]')
    path.write_text(path.read_text(encoding="utf-8") + "min_kind = { unit = 1 }\n", encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert "field `yaku[1].min_kind.unit`" in str(caught.value) and _japanese(caught.value.message_ja)


@pytest.mark.parametrize("game_id", list_games())
def test_every_shipped_game_still_loads(game_id):
    assert load_game(game_id).id == game_id


# ------------------------------------------------------------------ 2. descriptions without the tables' numbers

# a payment said in words: "ron: 60 from the discarder", "ロン: 捨てた人から60", "20 points", "20ずつ" (not "得点表", the
# score sheet, "1つずつ", one of each, nor "10人から9枚", nine tiles of ten idols)
PAYMENT_WORDS = re.compile(r"\b(?:ron|tsumo)\b|from the discarder|from each other|\d+\s*(?:points?\b|点|万|ずつ)"
                           r"|ロン|ツモ", re.I)
# a number that counts tiles, members or groups ("3枚", "groups of 2", "a 5-member unit"), not an amount
COUNTED = re.compile(r"(?<=of )\d+|\d+(?=\s*(?:つ|枚|人|組|〜|-|tiles?\b|members?\b|groups?\b|sets?\b|units?\b))")


def _amounts(rules, points: int) -> set[int]:
    """What a yaku's points are said as: the points, a favourite's double, each tsumo share at 2 to 5 players."""
    step = rules.payout.round_to
    shares = {-(-points // (n - 1)) for n in range(2, 6)} | {points // (n - 1) for n in range(2, 6)}
    return {points, points * rules.payout.favourite_multiplier} | shares | {-(-s // step) * step for s in shares}


@pytest.mark.parametrize("game_id", [g for g in list_games() if load_game(g).engine == "donjara"])
def test_no_shipped_description_restates_points_or_payments(game_id):
    rules = donjara_rules(load_game(game_id))
    for y in rules.yaku:
        for text in (y.description, y.description_ja):
            assert not PAYMENT_WORDS.search(text), (y.id, text)
            numbers = {int(n) for n in re.findall(r"\d+", COUNTED.sub("", text))}
            assert not numbers & _amounts(rules, y.points), (y.id, text)


def test_the_riichi_game_has_no_yaku_descriptions_to_restate():
    assert "description" not in (catalog.GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")


# ------------------------------------------------------------------ 3. files put by hand in games/_added

@pytest.fixture
def added(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    for name, game_id in (("mismatch", "other-id"), ("Upper", "upper"), ("club", "club"), ("bad-id", "Other ID")):
        (folder / f"{name}.toml").write_text(NOGIZAKA.replace('id = "nogizaka"', f'id = "{game_id}"', 1),
                                             encoding="utf-8")
    (folder / "broken.toml").write_text("not = [toml", encoding="utf-8")  # said when loaded, as before
    return folder


def test_an_added_file_is_offered_only_under_its_own_valid_id(added):
    from tilelens.home import added_games_dir

    catalog.add_games_dir(added_games_dir)
    assert list(catalog.added_games()) == ["broken", "club"]
    why = {s.path.name: s for s in catalog.skipped_added_games()}
    assert set(why) == {"mismatch.toml", "Upper.toml", "bad-id.toml"}
    assert why["mismatch.toml"].why.endswith("make the id 'mismatch', or name the file other-id.toml")
    assert why["bad-id.toml"].why.endswith("make the id 'bad-id'")  # "Other ID.toml" would be no game's file either
    assert "lower-case" in why["Upper.toml"].why and "upper.toml" in why["Upper.toml"].why
    assert all(_japanese(s.why_ja) for s in why.values())
    assert catalog.ADDED_ID.fullmatch("club") and not catalog.ADDED_ID.fullmatch("Upper")


@pytest.mark.parametrize("typed, file", [("other-id", "mismatch.toml"), ("upper", "Upper.toml"),
                                         ("mismatch", "mismatch.toml")])
def test_an_id_the_list_no_longer_offers_names_the_file_passed_over(added, capsys, typed, file):
    assert cli.main(["games", typed]) == 2
    err = capsys.readouterr().err
    assert f"unknown game '{typed}'" in err and f"{added / file} is passed over" in err, err


def test_tilelens_games_lists_what_it_can_play_and_says_the_rest(added, capsys):
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert "club " in out and "other-id" not in out and "upper" not in out
    assert f"{added / 'mismatch.toml'} is not listed: " in err and f"{added / 'Upper.toml'} is not listed: " in err
    assert cli.main(["games", "club"]) == 0


# ------------------------------------------------------------------ 4. a unit's English name

def test_a_unit_is_said_in_english_by_its_english_name(tmp_path):
    game = load_game(_club(tmp_path, ["minami", "miona", "miria"], extra='name_en = "Hiyoko-gumi"'))
    assert game.units[0].name_en == "Hiyoko-gumi"
    unit = score(game, HIYOKO_HAND, riichi=True).to_dict()["decomposition"][0]
    assert (unit["label"], unit["label_ja"]) == ("Hiyoko-gumi", "ひよこ組")


def test_a_unit_without_one_keeps_its_name(tmp_path):
    game = load_game(_club(tmp_path, ["minami", "miona", "miria"]))
    assert score(game, HIYOKO_HAND, riichi=True).to_dict()["decomposition"][0]["label"] == "ひよこ組"


def test_name_en_of_a_unit_must_be_words(tmp_path):
    with pytest.raises(GameFileError, match=r"field units\[0\]\.name_en: must be"):
        load_game(_club(tmp_path, ["minami", "miona", "miria"], extra="name_en = 3"))


# ------------------------------------------------------------------ 5. [house] defaults

def test_a_house_default_that_is_no_part_of_the_file_is_refused(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(NOGIZAKA.replace('defaults = ["tiles", "yaku"]', 'defaults = ["tiles", "yaku", "units"]', 1),
                    encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    said, ja = str(caught.value), caught.value.message_ja
    assert said.startswith(f"{path}: field house.defaults: ") and "'units'" in said and "tiles, " in said, said
    assert "\n" not in said and _japanese(ja) and "'units'" in ja, ja


# ------------------------------------------------------------------ 6. a local yaku by its name

def test_a_local_yaku_is_named_by_its_id_or_either_name(tmp_path):
    from scorer.rules import local_yaku_id

    path = tmp_path / "local.toml"
    path.write_text(NOGIZAKA + """
[[yaku]]
id = "nogidan"
name_ja = "乃木團"
name_en = "Nogidan"
points = 150
groups = [{ kinds = ["set"], size = 3, count = 3 }]
uniform = ["colour"]
distinct = ["colour"]
local = true
""", encoding="utf-8")
    rules = donjara_rules(load_game(path))
    for typed in ("nogidan", "乃木團", "Nogidan", " NOGIDAN ", "乃木團\u3000", "ｎｏｇｉｄａｎ"):
        assert local_yaku_id(rules, typed) == "nogidan", typed
    assert local_yaku_id(rules, "基本セット") is None  # a yaku that is no local one
    assert local_yaku_id(rules, "rarin") is None
