"""Score a photo: a photo whose tiles do not look like the game's, where tile sets taught here read the game, names
them and offers to read the photo with one in a tap (the warning said to teach a set on the Label page, which was
taught already)."""
import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import synthetic

from app.components.i18n import STRINGS

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
SHIPPED = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture
def taught(tmp_path, monkeypatch):
    """A models folder with the shipped models, the shipped set hk-mahjong and a set taught here of no game, hk-club
    (a copy of the shipped set's classifier: mostly Tokyo Mahjong's kinds, and flowers); skipped without the set."""
    if not (SHIPPED / "tilesets" / "hk-mahjong" / "tileset.json").is_file():
        pytest.skip("no enrolled tile set hk-mahjong")
    models = tmp_path / "models"
    (models / "tilesets").mkdir(parents=True)
    for path in SHIPPED.iterdir():
        if path.name != "tilesets":
            (models / path.name).symlink_to(path)
    shutil.copytree(SHIPPED / "tilesets" / "hk-mahjong", models / "tilesets" / "hk-mahjong")
    club = models / "tilesets" / "hk-club"
    shutil.copytree(SHIPPED / "tilesets" / "hk-mahjong", club)
    meta = json.loads((club / "tileset.json").read_text(encoding="utf-8"))
    meta.update(name="hk-club", game="", base="classifier-tokyo-mahjong.pt")
    (club / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    return models


def not_like_the_game(at):
    """The page's reading of its photo, said to look like another game's tiles (``HandReading.other_game``)."""
    # no other game named (a rendered riichi hand read as Yokai Watch names Tokyo Mahjong since session 66)
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], other_game=True, looks_like="")
    return at.run()


def photo_page(page, lang):
    at = page("score_photo", "tokyo-mahjong", lang)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", HAND), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="photo_tileset").value == ""  # read with the game's own model, as before
    return not_like_the_game(at)


@pytest.mark.parametrize("lang, words, never", [
    ("en", ["do not look like", "Tokyo Mahjong", "hk-club", "“Tile set” above"], "until it is taught"),
    ("ja", ["牌に見えません", "hk-club", "上の「牌セット」"], "教えるまでうまく読めません"),
])
def test_tiles_not_like_the_games_name_the_sets_taught_here(home, page, taught, lang, words, never):
    at = photo_page(page, lang)
    said = [w.value for w in at.warning if words[0] in w.value]
    assert len(said) == 1, [w.value for w in at.warning]
    assert all(w in said[0] for w in words), said[0]
    assert never not in said[0]  # the set is taught already


@pytest.mark.parametrize("lang, label", [("en", "Read with hk-club"), ("ja", "hk-clubで読み直す")])
def test_one_tap_reads_the_photo_with_the_set_taught_here(home, page, taught, lang, label):
    at = photo_page(page, lang)
    button = at.button(key="photo_read_with_set")
    assert button.label == label  # the set taught here before the shipped one
    button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="photo_tileset").value == "hk-club"
    assert ":hk-club:" in at.session_state["photo_digest"]
    assert not at.session_state["photo_reading"].other_game  # read with the set: not judged so
    assert not [b for b in at.button if b.key == "photo_read_with_set"]


def test_with_no_set_for_the_game_the_warning_is_as_before(home, page, taught):
    at = page("score_photo", "yokai-watch")  # no set reads Yokai Watch's tiles
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", HAND), "image/jpeg")).run()
    at = not_like_the_game(at)
    assert STRINGS["other_game"][1].format(game="Yokai Watch Donjara") in [w.value for w in at.warning]
    assert not [b for b in at.button if b.key == "photo_read_with_set"]


def test_the_new_words_fill_in_the_same_values_in_both_languages():
    import string

    for key in ("other_game_sets", "other_game_read_with"):
        ja, en = STRINGS[key]
        fields = [{f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (ja, en)]
        assert fields[0] == fields[1], key
