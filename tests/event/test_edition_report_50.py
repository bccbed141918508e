"""Session 50 (W4 item 3): the report of a club's own edition, checked with `--game precure.toml`, named the game
and its tiles by their ids ("Game: precure", "読んだ牌: 1. nozomi、2. hikari"): the report kept the game's id only
(neither a shipped id nor a path) and event.json the file as typed, relative. A report now keeps the game's file by
its absolute path (``game_file``), and a game added in the app is known by its id."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from scorer import catalog  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.model import report_from_dict  # noqa: E402
from tilelens.event.report import game_names, report_game, tiles_read  # noqa: E402


def _edition(folder: Path) -> Path:
    """Nogizaka's tiles as a club's own edition: another id and names of its own."""
    text = (catalog.GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    text = text.replace('id = "nogizaka"', 'id = "club-nogi"', 1).replace(
        'name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Club Nogi Donjara"', 1).replace(
        'name_ja = "乃木坂ドンジャラ"', 'name_ja = "部室ドンジャラ"', 1).replace('name_ja = "みさ先輩"', 'name_ja = "ミサ部長"', 1)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "club.toml").write_text(text, encoding="utf-8")
    return folder / "club.toml"


@pytest.fixture
def checked(tmp_path, monkeypatch):
    """An event checked with the edition's file named relative to the folder the check ran in."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    _edition(tmp_path / "club")
    reader = ExactReader()
    make_table(reader, tmp_path / "event", "t1", CLEAN)
    monkeypatch.chdir(tmp_path / "club")
    check_event(tmp_path / "event", tmp_path / "report", CheckOptions(game="club.toml"), factory=lambda g: reader,
                jobs=1, progress=False)
    monkeypatch.chdir(tmp_path)  # the report read from elsewhere (the app's folder)
    return tmp_path


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_pages_name_the_edition_and_its_tiles(checked):
    file = str((checked / "club" / "club.toml").resolve())
    event = json.loads((checked / "report" / "event.json").read_text(encoding="utf-8"))
    stored = json.loads((checked / "report" / "t1" / "report.json").read_text(encoding="utf-8"))
    assert event["game"] == "club.toml" and event["game_file"] == file  # as typed, and where it is
    assert stored["game"] == "club-nogi" and stored["game_file"] == file
    table = _text((checked / "report" / "t1" / "index.html").read_text(encoding="utf-8"))
    assert "Game: Club Nogi Donjara" in table and "ゲーム: 部室ドンジャラ" in table, table[:400]
    assert "1. ミサ部長、" in table, table  # was "1. misa-senpai" on the Japanese line (session 53: no id after it)
    page = _text((checked / "report" / "index.html").read_text(encoding="utf-8"))
    assert "Club Nogi Donjara" in page and "部室ドンジャラ" in page


def test_the_app_reads_the_names_from_the_report(checked):
    """What the app's event page calls (``tiles_read``, ``game_names``) with what the report keeps."""
    stored = json.loads((checked / "report" / "t1" / "report.json").read_text(encoding="utf-8"))
    en, ja = tiles_read(stored["seats"][0]["tiles"], report_game(stored))
    assert ja.startswith("読んだ牌: 1. ミサ部長 (misa-senpai)") and en.startswith("Tiles read: 1. Misa-senpai (misa-senpai)"), ja
    assert game_names(report_game(stored)) == ("Club Nogi Donjara", "部室ドンジャラ")
    assert report_from_dict(stored).game_file == stored["game_file"]  # kept when a report is written again


def test_an_older_report_stays_readable():
    older = {"table": "t1", "game": "nogizaka", "findings": [], "seats": []}
    report = report_from_dict(older)
    assert report.game_file == "" and report_game(report) == "nogizaka" and "game_file" not in report.to_dict()
    assert game_names("club-gone") == ("club-gone", "club-gone")  # a game no longer known: its id, as before


def test_a_game_added_in_the_app_is_named_by_its_id(tmp_path, monkeypatch):
    """The app's event page reads a report's ``game`` (the id): a game added in the app is known by it."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    _edition(tmp_path / "home" / "games" / "_added").rename(tmp_path / "home" / "games" / "_added" / "club-nogi.toml")
    monkeypatch.chdir(tmp_path)
    assert game_names("club-nogi") == ("Club Nogi Donjara", "部室ドンジャラ")
    _, ja = tiles_read([{"index": 0, "kind": "misa-senpai"}], "club-nogi")
    assert ja == "読んだ牌: 1. ミサ部長 (misa-senpai)"


def test_an_alternative_the_reader_all_but_ruled_out_is_not_said():
    """W4 item 12: "least sure: seat 2, tile 8 (0.87; or Honoka (honoka) 0.00)": an alternative at 0.00 is noise."""
    from tilelens.event.model import TileRef
    from tilelens.event.rules import _suspect_text, _suspect_text_ja

    game = catalog.load_game("nogizaka")
    noise = TileRef("2", 7, "rarin", (0, 0, 1, 1), 0.87, alternatives=(("rarin", 0.87), ("miona", 0.004)))
    assert _suspect_text(game, noise) == "seat 2, tile 8 (0.87)"
    assert "次の候補" not in _suspect_text_ja(game, noise)
    worth = TileRef("2", 7, "rarin", (0, 0, 1, 1), 0.87, alternatives=(("rarin", 0.87), ("miona", 0.12)))
    assert "; or " in _suspect_text(game, worth) and "0.12" in _suspect_text(game, worth)
