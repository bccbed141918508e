"""The Event check page names a report's game and its tiles by the game file the report keeps (``game_file``: a
club's own edition checked with ``--game club.toml``), as ``tilelens.event.report.report_game`` says, not by the
game's id (which no shipped or added game has)."""
from __future__ import annotations

import json

import pytest

from app_helpers import open_page, texts
from test_event_page import _event_report, support  # noqa: F401 - a fixture
from scorer import catalog


def _as_edition(tmp_path, out):
    """The report of ``out`` rewritten as checked with a club's edition of Nogizaka: its own id and names."""
    text = (catalog.GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    text = text.replace('id = "nogizaka"', 'id = "club-nogi"', 1).replace(
        'name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Club Nogi Donjara"', 1).replace(
        'name_ja = "乃木坂ドンジャラ"', 'name_ja = "部室ドンジャラ"', 1).replace('name_ja = "みさ先輩"', 'name_ja = "ミサ部長"', 1)
    file = tmp_path / "club" / "club.toml"
    file.parent.mkdir()
    file.write_text(text, encoding="utf-8")
    for path, game in ((out / "event.json", {"game": "club.toml", "game_id": "club-nogi"}),
                       (out / "t1" / "report.json", {"game": "club-nogi"})):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.update(game, game_file=str(file.resolve()))
        path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("lang, game, tile", [("en", "Game: Club Nogi Donjara", "tiles read: 1. Misa-senpai"),
                                              ("ja", "ゲーム: 部室ドンジャラ", "の牌: 1. ミサ部長")])
def test_a_table_checked_from_a_game_file_shows_its_own_names(home, tmp_path, lang, game, tile):
    out = _event_report(tmp_path, ("t1",))
    _as_edition(tmp_path, out)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()
    assert not at.exception, [e.value for e in at.exception]
    text = texts(at)
    assert game in text and tile in text, text


def test_an_event_checked_from_a_game_file_shows_its_name(home, tmp_path):
    out = _event_report(tmp_path, ("t1",))
    _as_edition(tmp_path, out)
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    text = texts(at)
    assert "Club Nogi Donjara" in text and "club-nogi" not in text, text
