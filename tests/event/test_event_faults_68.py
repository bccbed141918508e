"""Four faults of the event check.

1. A seat that only may show another set's tiles (read a little surer as another game, where the table's counts fail
   on it: ``runner._faulted_likelier``, ``possibly``) tipped a table with one other seat of another set into "half the
   table each ... was the event checked with the right --game?", and its own finding was lost. It counts for no
   share of the table's game: it keeps its own finding.
2. A table folder that is a link going round in a loop (``t2 -> t2``, ``t3 -> t3b -> t3``), or a link to nothing,
   was dropped from the event without a word; only a link back to the event folder (``t4 -> .``) was said. A link to
   nothing named as a file (``rules.pdf -> /laptop/rules.pdf``, copied from another computer) was then listed among
   the folders not checked as tables: it is no table folder, and is passed over as files are.
3. The event check showed the other games' classifiers every face-up box, faces held low for glare or half hidden
   (``vision.recognizer.marked_low``) too, whereas the single photo path (``vision.other_game.judged``) and the own
   game's mean (``kind_sure``) leave them out. One test of a face held low serves both a photo's reading and a seat's.
4. The seats CSV said a seat read surer as another game by the game's id ("read surer as yokai-watch").
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import japanese, make_table  # noqa: E402
from test_lone_other_game_67 import NOGI, W12  # noqa: E402
from test_one_seat_other_set_f29_61 import SurerReader  # noqa: E402
import vision.other_game as other_game  # noqa: E402
from scorer.paths import loop_said  # noqa: E402
from tilelens.event import reading as reading_mod  # noqa: E402
from tilelens.event.layout import read_table_folder, scan_event  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TableReport, report_from_dict  # noqa: E402
from tilelens.event.rules import other_game_findings  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from tilelens.event.seats_csv import HEADERS, table_rows  # noqa: E402
from vision.recognizer import HandReading, ReadTile, Recognizer  # noqa: E402

TABLE_FOLDER = ("table folder", "卓のフォルダ")


# --- 1. a seat that only may show another set's tiles counts for no share of the table's game ---------------------

def _other_game(report: TableReport) -> list:
    return [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]


def test_a_possibly_seat_beside_a_seat_of_another_set_keeps_its_own_finding(tmp_path):
    # seat 2 read far less surely than its table (0.55) and named Yokai Watch's; seat 4 W12's: +0.037 as Yokai Watch,
    # the table's Minami surplus failing on it
    reader = SurerReader({"4": 0.906})
    conf = {"4": dict.fromkeys(range(len(W12["4"])), 0.869), "2": dict.fromkeys(range(len(W12["2"])), 0.55)}
    make_table(reader, tmp_path / "ev", "t1", W12, conf=conf)
    report = check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0]
    said = _other_game(report)
    assert [f.seats for f in said] == [("2",), ("4",)], said
    assert not any(f.data.get("unsure_game") for f in said), said
    assert not any("half the table" in f.message or "--game" in f.message for f in said), said
    assert said[0].message.startswith("seat 2's photo shows another set's tiles, which look like Yokai Watch"), said[0]
    assert said[1].data.get("possibly") is True, said[1].data
    assert said[1].message.startswith("seat 4's photo may show another set's tiles"), said[1].message
    assert japanese(said[1].message_ja) and said[1].message_ja.startswith("4番席の写真は別のセットの牌かもしれません")
    assert FindingKind.SURPLUS not in [f.kind for f in report.findings], report.findings  # seat 4 still not counted


def _flagged(looks: dict[str, str]) -> dict[str, SeatReading]:
    return {s: SeatReading(s, f"seat{s}.jpg", (), other_game=s in looks, looks_like=looks.get(s, ""))
            for s in "1234"}


def test_a_possibly_seat_is_no_vote_in_the_tables_share():
    found = other_game_findings(NOGI, _flagged({"2": "yokai-watch", "4": "yokai-watch"}), possibly=frozenset("4"))
    assert [(f.seats, bool(f.data.get("possibly")), bool(f.data.get("unsure_game"))) for f in found] == \
        [(("2",), False, False), (("4",), True, False)], found


def test_half_the_table_of_another_set_is_said_without_the_possibly_seat_which_keeps_its_own():
    # seats 1 and 2 flagged (looks told apart: no vote of one game, so the runner still looked for a possibly seat)
    found = other_game_findings(NOGI, _flagged({"1": "", "2": "yokai-watch", "4": "yokai-watch"}),
                                possibly=frozenset("4"))
    table, own = found
    assert table.seats == ("1", "2") and table.data.get("unsure_game") is True, table
    assert "seat 4" not in table.message and "4番席" not in table.message_ja, table.message
    assert own.seats == ("4",) and own.data.get("possibly") is True, own


# --- 2. a table folder that is a link in a loop, or a link to nothing, is said ------------------------------------

@pytest.fixture
def linked_event(tmp_path):
    event = tmp_path / "ev"
    (event / "t1").mkdir(parents=True)
    (event / "t1" / "seat1.jpg").write_bytes(b"")
    os.symlink("t2", event / "t2")
    os.symlink("t3b", event / "t3")
    os.symlink("t3", event / "t3b")
    os.symlink(".", event / "t4")  # back to the event folder, said before
    os.symlink("moved-away", event / "t5")
    return event


def test_table_links_in_a_loop_are_skipped_and_said_as_loops(linked_event):
    found = scan_event(linked_event)
    assert [t.name for t in found.tables] == ["t1"]
    skipped = {s.folder.name: s for s in found.skipped}
    for name, chain in (("t2", "t2 -> t2"), ("t3", "t3 -> t3b -> t3"), ("t3b", "t3b -> t3 -> t3b"), ("t4", "t4 -> .")):
        assert (skipped[name].reason, skipped[name].reason_ja) == loop_said("", chain, TABLE_FOLDER), skipped[name]
        assert skipped[name].kind == "loop"


def test_a_table_link_to_nothing_is_skipped_and_said(linked_event):
    (gone,) = [s for s in scan_event(linked_event).skipped if s.folder.name == "t5"]
    assert gone.reason == "a link to moved-away, which is not there (moved or deleted?)", gone.reason
    assert japanese(gone.reason_ja) and "moved-away" in gone.reason_ja, gone.reason_ja
    assert gone.kind not in ("loop", "archive", "report"), gone.kind


def test_a_link_to_nothing_named_as_a_file_is_no_table_and_passed_over(linked_event):
    os.symlink("/nonexistent/rules.pdf", linked_event / "rules.pdf")  # the organiser's laptop's path
    os.symlink("../old/seat2.JPG", linked_event / "seat2.JPG")
    os.symlink("moved-away", linked_event / "day.2")  # a dot, but no file's suffix: could be a table folder
    os.symlink("moved-away", linked_event / "卓.第2部")
    os.symlink("/nonexistent/photos.tar.gz", linked_event / "photos.tar.gz")
    os.symlink("/nonexistent/deal.MOV", linked_event / "deal.MOV")
    tables = ("t5", "day.2", "卓.第2部", "Table.B", "day2.final", "2024.spring")  # a dot and letters, no file's suffix
    for name in tables[3:]:
        os.symlink(f"/nonexistent/{name}", linked_event / name)
    found = scan_event(linked_event)
    skipped = {s.folder.name: s for s in found.skipped}
    assert not {"rules.pdf", "seat2.JPG", "photos.tar.gz", "deal.MOV"} & skipped.keys(), skipped
    assert {name: skipped[name].kind for name in tables if name in skipped} == dict.fromkeys(tables, "gone"), skipped
    assert [t.name for t in found.tables] == ["t1"]


def test_a_table_link_in_a_loop_is_said_whatever_its_name(linked_event):
    os.symlink("t6.bak", linked_event / "t6.bak")
    skipped = {s.folder.name: s for s in scan_event(linked_event).skipped}
    assert skipped["t6.bak"].kind == "loop", skipped


# --- 3. the other games' classifiers are shown the same boxes on both paths ---------------------------------------

def _glared_reading() -> HandReading:
    tiles = [ReadTile((40.0 * i, 0, 40.0 * i + 38, 50), "1m", {}, {"kind": 0.6, "detection": 0.9}, False, ())
             for i in range(6)]
    tiles[5] = ReadTile((200, 0, 238, 50), "1m", {}, {"kind": 0.3, "detection": 0.9, "glare": 0.4}, False, ())
    return HandReading(tiles, (640, 480), "tokyo-mahjong", "", tile_px=40.0)


class _Bound:
    """A bound read of a recognizer, as ``reading.recognizer_reader`` gives it."""

    def __init__(self):
        self.__self__ = object.__new__(Recognizer)
        self.__self__.game, self.__self__.tileset = "tokyo-mahjong", ""


@pytest.fixture
def boxes_shown(monkeypatch):
    shown: dict[str, list] = {}

    def spy(image, xyxy, game, root, than=0.0, own=None):
        shown[sys._getframe(1).f_code.co_name] = [tuple(b) for b in np.asarray(xyxy).reshape(-1, 4).tolist()]
        return ""

    monkeypatch.setattr(other_game, "likeliest_other_game", spy)
    return shown


def test_the_event_check_shows_the_other_games_the_faces_the_single_photo_path_does(boxes_shown):
    img, reading = np.zeros((480, 640, 3), np.uint8), _glared_reading()
    other_game.judged(img, reading, Path("."))
    reading_mod._likeliest_other_game(_Bound(), img, reading, 0.7)  # a flagged seat's photo, as read
    assert boxes_shown["_likeliest_other_game"] == boxes_shown["judged"], boxes_shown
    assert (200.0, 0.0, 238.0, 50.0) not in boxes_shown["judged"] and len(boxes_shown["judged"]) == 5


def test_a_seat_reading_keeps_its_faces_held_low_out_of_the_other_games_view(boxes_shown):
    img, reading = np.zeros((480, 640, 3), np.uint8), _glared_reading()
    other_game.judged(img, reading, Path("."))
    seat = reading_mod.to_seat_reading("4", "seat4.jpg", reading, (640, 480))
    # the seat's reading, as a seat read poorly or not flagged is asked (``likelier_game``), and as a report keeps it
    kept = report_from_dict(TableReport("t1", "tokyo-mahjong", (), seats=(seat,)).to_dict()).seats[0]
    for asked in (seat, kept):
        boxes_shown.pop("_likeliest_other_game", None)
        reading_mod._likeliest_other_game(_Bound(), img, asked, 0.7)
        assert boxes_shown["_likeliest_other_game"] == boxes_shown["judged"], boxes_shown
    assert seat.kind_sure == pytest.approx(0.6)  # the own game's mean over the same faces


def test_one_test_of_the_telling_faces_serves_a_photos_reading_and_a_seats():
    reading = _glared_reading()
    seat = reading_mod.to_seat_reading("4", "seat4.jpg", reading, (640, 480))
    kept = report_from_dict(TableReport("t1", "tokyo-mahjong", (), seats=(seat,)).to_dict()).seats[0]
    boxes = [t.xyxy for t in other_game.telling_faces(reading.tiles)]
    assert len(boxes) == 5 and (200.0, 0.0, 238.0, 50.0) not in boxes, boxes
    for asked in (seat, kept):  # a seat's tiles keep no confidences: held low said by ``TileRef.held_low``
        assert [t.xyxy for t in other_game.telling_faces(asked.tiles)] == boxes, asked


# --- 4. the seats CSV names the game a seat reads surer as --------------------------------------------------------

def test_the_seats_csv_names_the_game_a_seat_reads_surer_as():
    report = {"table": "t1", "game": "nogizaka", "verdict": "ok", "findings": [],
              "seats": [{"seat": "1", "photo": "seat1.jpg", "likelier": "yokai-watch", "tiles": []}]}
    (row,) = table_rows("t1", report)
    assert row[HEADERS.index("wrong game")] == "read surer as Yokai Watch Donjara", row
