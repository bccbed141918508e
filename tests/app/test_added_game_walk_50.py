"""Session 50, a club's own edition walked end to end (W4): the Rules page's yaku shapes and caption, the Teach panel
(where its set is offered, its time, its base), the photo page's tile-set picker, removing the game, and the Label
page of a dataset filed without proposals."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from app_helpers import open_page, texts
from test_added_game_50 import club_text

from app import settings


def _tileset(models, name: str, game: str, kinds=(), photos: int = 3, pt: bool = True) -> None:
    """A tile set's folder as an enrolment writes it (its tileset.json; an empty classifier.pt for a base)."""
    folder = models / "tilesets" / name
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": name, "game": game, "kinds": list(kinds),
                                                     "photos": photos, "classifier": "classifier.onnx"}))
    if pt:
        (folder / "classifier.pt").write_bytes(b"")


@pytest.fixture
def models(tmp_path, monkeypatch):
    folder = tmp_path / "models"
    folder.mkdir()
    monkeypatch.setenv("TILELENS_MODELS", str(folder))
    return folder


# 4. the yaku table's shape: made from the yaku's groups where the file describes it not (as `games --yaku` says it)
def _shapes(lang: str, text: str) -> list[str]:
    settings.add_game(text)
    at = open_page("rules", "club", lang)
    table = at.table[0].value
    return list(table["形" if lang == "ja" else "Shape"])


@pytest.mark.parametrize("lang, shape", [("en", "three sets of 3 tiles"), ("ja", "セット (3枚) を3組")])
def test_a_yaku_without_a_description_is_shaped_by_its_groups(home, lang, shape):
    text = "\n".join(line for line in club_text().splitlines() if not line.startswith("description"))
    assert _shapes(lang, text) == [shape]


def test_a_yaku_described_in_english_only_is_said_in_japanese_by_its_groups(home):
    text = "\n".join(line for line in club_text().splitlines() if not line.startswith("description_ja"))
    assert _shapes("ja", text) == ["セット (3枚) を3組"]


# 5. the Teach panel says a set is offered as the photo page offers it: a copy of an added game's file is that game
def test_teach_says_a_set_taught_for_a_copy_of_an_added_games_file_is_offered(home, tmp_path, models):
    from app.components import resources
    from app.components.teach_view import offered

    copy = tmp_path / "elsewhere" / "club.toml"
    copy.parent.mkdir()
    copy.write_text(club_text(), encoding="utf-8")
    assert not offered(SimpleNamespace(game=str(copy), tileset=None))  # no page offers a game of its id yet
    settings.add_game(club_text())
    _tileset(models, "by-copy", str(copy))
    assert resources.tilesets_for(settings.app_game("club")) == ["by-copy"]  # the photo page offers it
    assert offered(SimpleNamespace(game=str(copy), tileset=None))  # and the Teach panel says so
    assert settings.offered_game_of(str(copy)) == "club" and settings.offered_game_of("nogizaka") == "nogizaka"
    assert settings.offered_game_of(str(tmp_path / "gone.toml")) is None


# 6. the photo page's tile-set picker for an added game says what reads it when no set is chosen
def test_the_photo_page_says_which_taught_set_reads_an_added_game(home, models):
    settings.add_game(club_text())
    _tileset(models, "big-set", str(settings.added_path("club")), photos=22)
    _tileset(models, "small-set", str(settings.added_path("club")))  # written last: the newest, read with
    at = open_page("score_photo", "club")
    picker = at.selectbox(key="photo_tileset")
    assert picker.value == ""
    default = picker.options[0]
    assert "small-set" in default and "own model" not in default, picker.options
    assert "small-set" in texts(at) and "chosen above" in texts(at)
    ja = open_page("score_photo", "club", "ja")
    assert "small-set" in ja.selectbox(key="photo_tileset").options[0]
    assert "標準モデル" not in ja.selectbox(key="photo_tileset").options[0]


def test_an_added_game_no_set_was_taught_for_says_to_choose_one_that_reads_its_tiles(home, models):
    from PIL import Image
    import io

    settings.add_game(club_text())
    settings.add_game(club_text(game_id="club-two", name_en="Club Two", name_ja="クラブ2"))
    _tileset(models, "club-set", str(settings.added_path("club")),
             kinds=["c-rarin", "c-miona", "c-kotoko"])  # reads the tiles of both
    at = open_page("score_photo", "club-two")
    # a set knowing 3 of the game's 17 kinds says so (session 56)
    assert at.selectbox(key="photo_tileset").options[1:] == ["club-set (knows 3 of 17 kinds)"]
    assert "Label tiles page" in texts(at) and "club-set" not in at.selectbox(key="photo_tileset").options[0]
    buf = io.BytesIO()
    Image.new("RGB", (320, 240), (200, 200, 200)).save(buf, format="JPEG")
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", buf.getvalue(), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    said = " ".join(e.value for e in (*at.error, *at.warning, *at.info))
    assert "tilelens label" not in said and "`" not in "".join(e.value for e in at.error), said
    assert "choose" in said.lower() and "Label tiles page" in said


# 7. the teaching time of fewer than 10 photos has no orientation step: enroll skips it (ORIENT_LEAST_PHOTOS)
def test_the_teaching_time_of_few_photos_has_no_orientation_step():
    from app.components.teach_view import expect_text
    from tilelens.labelling.teach import orient_minutes_for
    from vision.enroll import ORIENT_LEAST_PHOTOS

    assert orient_minutes_for(3) == 0 and orient_minutes_for(40) > 0
    assert orient_minutes_for(ORIENT_LEAST_PHOTOS) == 0  # two of ten kept out to measure: eight learnt
    few = expect_text(5, 3, orient_minutes_for(3))
    assert "上下" not in few and "6.4" not in few  # 5 min of training and the crops, no orientation minute
    assert "上下" in expect_text(5, 40, orient_minutes_for(40))


# 10. removing an added game names the tile sets taught for its file, which stop reading until it is added again
def test_removing_an_added_game_names_the_sets_taught_for_it(home, models):
    settings.add_game(club_text())
    _tileset(models, "club-en", str(settings.added_path("club")))
    _tileset(models, "other", "nogizaka")
    at = open_page("rules", "club")
    assert [c for c in at.caption if "`club-en`" in c.value] and not [c for c in at.caption if "`other`" in c.value]
    at.button(key="rules_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    done = at.success[0].value
    assert "club-en" in done and "add" in done.lower(), done
    settings.add_game(club_text())  # added again: the set reads again, and is named again
    assert [c for c in open_page("rules", "club", "ja").caption if "`club-en`" in c.value]


# 11. an added game's table is the club's, not an official one
@pytest.mark.parametrize("lang, official", [("en", "Official table"), ("ja", "公式の表")])
def test_an_added_games_table_is_captioned_as_the_clubs(home, lang, official):
    settings.add_game(club_text())
    at = open_page("rules", "club", lang)
    captions = [c.value for c in at.caption]
    assert official not in captions
    assert official in [c.value for c in open_page("rules", "tokyo-mahjong", lang).caption]


# 14. a dataset filed without proposals: its photos to label are said once, not one warning each
def test_photos_filed_without_proposals_are_said_once_as_to_be_labelled(home, tmp_path, monkeypatch):
    from PIL import Image

    settings.add_game(club_text())
    for i in range(4):
        Image.new("RGB", (100, 80), (200 - 40 * i, 200, 40 * i)).save(tmp_path / f"p{i}.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("score_manual", "club")
    at.switch_page("views/label.py").run()
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    warned = [w.value for w in at.warning]
    assert not [w for w in warned if "no label file" in w], warned
    assert "4 photos to label" in texts(at), texts(at)


# 15. the Teach base of an edition's dataset: a set taught for the game, else nogizaka for a Donjara edition
def test_the_teach_base_of_an_editions_dataset_is_a_set_taught_for_it_else_nogizaka(home, models):
    from app.components.teach_view import base_choices

    for game in ("cinderella-neo", "nogizaka"):
        (models / f"classifier-{game}.pt").write_bytes(b"")
    settings.add_game(club_text())
    game = settings.app_game("club")
    config = SimpleNamespace(tileset=None, names=[k.id for k in game.tiles], game=str(settings.added_path("club")))
    assert list(base_choices(config, game))[0] == "nogizaka"
    _tileset(models, "other", "cinderella-neo")
    _tileset(models, "club-small", str(settings.added_path("club")), photos=3)
    _tileset(models, "club-big", str(settings.added_path("club")), photos=22)
    assert list(base_choices(config, game))[0] == "club-big"  # learnt from the most photos


def test_a_set_taught_from_few_photos_says_it_reads_with_the_shipped_orientation_model(models, monkeypatch):
    import time
    from pathlib import Path

    from app.components import teach_view
    from tilelens.labelling import teach

    said = []
    monkeypatch.setattr(teach_view.st, "caption", lambda text, **_: said.append(text))
    monkeypatch.setattr(teach_view.st, "success", lambda text, **_: None)
    monkeypatch.setattr(teach_view.st, "warning", lambda text, **_: None)
    for photos, shipped in ((3, True), (40, False)):
        said.clear()
        teach_view._outcome(teach.TeachJob("mine", "done", "export", 1.0, time.time(), 5, photos, "", Path(".")))
        assert any("向きのモデル" in s for s in said) == shipped, (photos, said)


def test_the_teach_panel_of_few_photos_says_no_orientation_step(tmp_path, monkeypatch, home):
    from test_teach_49 import _make
    from tilelens.labelling import set_done

    root = _make(tmp_path, monkeypatch, 2)
    set_done(root, "images/train/p00.png")
    at = open_page("label", lang="en")
    said = texts(at)
    assert "Takes about" in said and "which way up" not in said, said
    assert "牌の上下" not in texts(open_page("label", lang="ja"))


def test_the_teach_base_with_no_game_is_offered_still(models):
    from app.components.teach_view import base_choices

    (models / "classifier-nogizaka.pt").write_bytes(b"")
    assert list(base_choices(SimpleNamespace(tileset=None, names=["x"], game=None), None)) == ["nogizaka", "none"]


def test_an_added_game_of_a_shipped_games_tiles_names_the_model_it_is_read_with(home, models):
    import shutil

    from app_helpers import MAIN

    shutil.copy(MAIN.parents[1] / "models" / "classifier-nogizaka.json", models)
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8").replace('id = "nogizaka"', 'id = "club"', 1)
    text = text.replace('(fan-made)"', '(club)"', 1).replace('乃木坂ドンジャラ"', 'クラブ"', 1)  # a name of its own
    settings.add_game(text)
    tiles = [k.id for k in settings.app_game("club").tiles]
    _tileset(models, "any-set", "", kinds=tiles)
    picker = open_page("score_photo", "club").selectbox(key="photo_tileset")
    assert picker.options == ["The Nogizaka Donjara (fan-made) model", "any-set"]


def test_a_running_job_of_few_photos_counts_no_orientation_step(tmp_path, monkeypatch, home):
    from test_teach_49 import _make
    from tilelens.labelling import set_done, teach

    root = _make(tmp_path, monkeypatch, 2)
    set_done(root, "images/train/p00.png")
    teach.claim_here(root, "mine", None, 7)  # 7 minutes of training; enroll learns no orientation from 1 photo
    teach._progress_writer(teach.job_dir(root))("training", 0.4)
    shown = [e.proto.text for e in open_page("label", lang="en").get("progress")]
    assert any(t.startswith("Training 40% (step 2 of 2, ") and "of about 7.3 min in all" in t for t in shown), shown
