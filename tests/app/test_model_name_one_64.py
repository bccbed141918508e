"""A game's own model has one name (``set_names.model_name``: "The {game} model", 「{game}のモデル」) wherever a picker
offers it, and the Event page's tile-set picker names what reads the game with no set chosen as the Score a photo
page's does (``set_names.tileset_names`` and ``default_reader``): for a game added in the app, the set taught for it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_helpers import open_page  # noqa: E402


@pytest.mark.parametrize("lang, said", [("en", "The Tokyo Mahjong model"), ("ja", "東京麻雀のモデル")])
def test_model_name_in_each_language(monkeypatch, lang, said):
    from app.components import i18n
    from app.components.set_names import model_name

    monkeypatch.setattr(i18n, "lang", lambda: lang)
    game = "Tokyo Mahjong" if lang == "en" else "東京麻雀"
    assert model_name(game) == said


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))


def test_the_event_and_photo_pickers_name_the_games_model_alike(home):
    event = open_page("event_check", game="tokyo-mahjong").selectbox(key="event_tileset").options
    photo = open_page("score_photo", game="tokyo-mahjong").selectbox(key="photo_tileset").options
    assert event[0] == photo[0] == "The Tokyo Mahjong (riichi) model", (event, photo)
    assert "Hong Kong mahjong set (hk-mahjong)" in event


def test_the_event_picker_names_the_set_an_added_game_is_read_with(home, monkeypatch):
    from app.components import set_names

    monkeypatch.setattr(set_names, "default_reader", lambda game: ("set", "club-x"))
    event = open_page("event_check", game="tokyo-mahjong").selectbox(key="event_tileset").options
    assert event[0] == "The set taught for this game (club-x)", event
