"""Session 56 (f19): a fifth game shipped in scorer/games with no classifier of its own is filed for labelling by
hand on the Label page, as a game added in the app is (before: "Pre-label with the model" promised proposals and
pressing it said no classifier was found, nothing filed); the Teach panel's game file is said as every page says a
path (``visitor.said_path``); the app's broken-table messages say their files the same way."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from app_helpers import open_page, texts

REPO = Path(__file__).resolve().parents[2]


def fruits_text(game_id: str) -> str:
    """house-fruits (a test game no shipped classifier names the tiles of) under ``game_id``, four seats."""
    text = (REPO / "tests" / "scorer" / "data" / "house-fruits.toml").read_text(encoding="utf-8")
    text = text.replace("players_max = 5", "players_max = 4")
    return text.replace('id = "house-fruits"', f'id = "{game_id}"', 1)


@pytest.fixture
def fifth(tmp_path, monkeypatch, home, models) -> str:
    """scorer/games with a fifth game, fruit-box, that no classifier was made for; a folder of loose photos open on
    the Label page."""
    from scorer import catalog

    games = tmp_path / "games"
    shutil.copytree(catalog.GAMES_DIR, games, ignore=shutil.ignore_patterns("*.md"))
    (games / "fruit-box.toml").write_text(fruits_text("fruit-box"), encoding="utf-8")
    monkeypatch.setattr(catalog, "GAMES_DIR", games)
    assert "fruit-box" in catalog.list_games()
    photos = tmp_path / "photos"
    photos.mkdir()
    for i in range(2):
        Image.new("RGB", (100, 80), (200 - 60 * i, 200, 60 * i)).save(photos / f"p{i}.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(photos))
    return "fruit-box"


@pytest.mark.parametrize("lang, button", [("en", "File the photos for labelling"),
                                          ("ja", "写真をラベル付け用に整理する")])
def test_a_fifth_shipped_game_with_no_model_is_filed_for_labelling(fifth, tmp_path, lang, button):
    at = open_page("label", lang=lang)
    at.selectbox(key="label_init_game").set_value(fifth).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="label_init").label == button
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert (tmp_path / "photos" / "images" / "train" / "p0.jpg").is_file()
    said = [m.value for m in at.info]
    assert [m for m in said if ("No model reads this game's tiles yet" in m if lang == "en"
                                else "このゲームの牌を読むモデルはまだありません" in m)], said


def test_a_fifth_shipped_game_with_a_set_taught_for_it_is_read_with_that_set(fifth, tmp_path, models, taught):
    """The taught set reads it (``prelabel_folder`` with no reader given): proposals, not photos filed bare."""
    taught(models, "box-set", fifth, stamp=1_000_000)
    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value(fifth).run()
    assert at.button(key="label_init").label != "File the photos for labelling"
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert (tmp_path / "photos" / "images" / "train" / "p0.jpg").is_file()
    assert "No model reads this game's tiles yet" not in texts(at), texts(at)


@pytest.mark.parametrize("visitor, said", [("network", "club.toml"), (None, "/srv/club/club.toml")])
def test_the_teach_panels_game_file_is_said_as_every_page_says_a_path(monkeypatch, home, visitor, said):
    """A phone: its place under the home folder, else the file's name alone (never the laptop's folders); the laptop:
    whole; a game's id as it is."""
    from app.components.teach_view import _game_file_said

    if visitor:
        monkeypatch.setenv("TILELENS_VISITOR", visitor)
    else:
        monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    if visitor:
        assert _game_file_said("/srv/club/club.toml") == said
        assert _game_file_said(str(Path.home() / "games" / "club.toml")) == "~/games/club.toml"
    else:
        assert _game_file_said(said) == said
    assert _game_file_said("tokyo-mahjong") == "tokyo-mahjong"
