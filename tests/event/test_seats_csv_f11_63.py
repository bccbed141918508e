"""Session 63 (F11): the event's seats CSV names every seat's photo (one not read: cut short, or the same file as
another seat's), leaves empty the counts the pages hold back (another set's tiles: ``rules.HELD_BACK``) with the reason
in the seat's verdict; and a surplus of a plain five says the set's red five beside it."""
from __future__ import annotations

import csv
import functools
import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402
from tilelens.event.seats_csv import table_rows, HEADERS  # noqa: E402

OFF = "missing - / extra + (tiles)"


@pytest.fixture()
def exact(monkeypatch):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_seats_not_read_are_named_by_their_photos(exact, tmp_path, capsys):
    """W4: a truncated photo (seat 1) and one photo copied to two seats (2 and 3) are read for no seat; their rows
    named no photo, and the copies' "near copy of" read "seat 3 () (same file)"."""
    ev = tmp_path / "ev"
    table = make_table(exact, ev, "t1", CLEAN)
    good = (table / "seat1-dealer.png").read_bytes()
    (table / "seat1-dealer.png").write_bytes(good[: len(good) // 2])  # cut short: an incomplete copy
    (table / "seat3.png").write_bytes((table / "seat2.png").read_bytes())  # seat 2's photo at seat 3 too
    target = tmp_path / "seats.csv"
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet", "--csv", str(target)]) == 1
    capsys.readouterr()
    rows = {r["seat"]: r for r in _rows(target.read_bytes().decode("utf-8-sig"))}
    assert {s: rows[s]["photo"] for s in "1234"} == {"1": "seat1-dealer.png", "2": "seat2.png", "3": "seat3.png",
                                                     "4": "seat4.png"}
    assert rows["2"]["near copy of"] == "seat 3 (seat3.png) (same file)"
    assert rows["3"]["near copy of"] == "seat 2 (seat2.png) (same file)"
    assert rows["1"]["read (tiles)"] == "" and rows["1"]["seat verdict"] == "not in order"


def test_two_photos_for_one_seat_are_both_named(tmp_path):
    report = {"table": "t1", "game": "nogizaka", "verdict": "fault", "dealer": "1", "seats": [], "findings": [
        {"kind": "duplicate-seat", "severity": "error", "seats": ["2"], "message": "two photos for seat 2: ...",
         "data": {"photos": ["seat2.jpg", "seat2 (1).jpg"]}}]}
    (row,) = table_rows("t1", report)
    assert row[HEADERS.index("photo")] == "seat2.jpg; seat2 (1).jpg"


def _tile(seat: str, kind: str = "minami") -> dict:
    return {"seat": seat, "index": 0, "kind": kind, "xyxy": [0, 0, 1, 1], "confidence": 0.9, "is_back": False}


def _seat(seat: str, n: int, other_game: bool = False) -> dict:
    return {"seat": seat, "photo": f"seat{seat}.jpg", "other_game": other_game,
            "looks_like": "yokai-watch" if other_game else "", "tiles": [_tile(seat)] * n}


def _by_seat(report: dict) -> dict[str, dict[str, str]]:
    return {str(r[1]): dict(zip(HEADERS, map(str, r))) for r in table_rows("t1", report)}


def test_a_seat_of_another_sets_tiles_has_its_count_held_back():
    """W4: a Donjara photo at a riichi seat read 8 tiles, and the CSV said "missing -5" where the pages say only that
    it shows another set's tiles (``rules.count_findings`` counts no such seat)."""
    report = {"table": "t1", "game": "nogizaka", "verdict": "fault", "dealer": "1", "findings": [
        {"kind": "other-game", "severity": "error", "seats": ["3"],
         "message": "seat 3's photo shows another set's tiles (they look like Yokai Watch's): retake it, ...",
         "data": {"looks_like": "yokai-watch", "looks_like_en": "Yokai Watch"}}],
        "seats": [_seat("1", 9), _seat("2", 8), _seat("3", 5, other_game=True), _seat("4", 7)]}
    rows = _by_seat(report)
    three = rows["3"]
    assert three[OFF] == "" and three["read (tiles)"] == "5"  # read, as the pages say; not counted
    assert three["seat verdict"] == "not in order (count held back: another set's tiles)"
    assert three["wrong game"] == "looks like Yokai Watch"
    # the other seats are counted, as the pages count them
    assert (rows["1"][OFF], rows["4"][OFF], rows["4"]["seat verdict"]) == ("0", "-1", "in order")


def test_a_table_of_another_games_tiles_has_every_count_held_back():
    """Most seats of another game's tiles: the check holds back the whole table's counts (``rules.HELD_BACK``), and
    its finding says why; so does each seat's verdict in the CSV, none a count."""
    table_finding = {"kind": "other-game", "severity": "error", "seats": ["1", "2", "3"],
                     "message": "seats 1, 2, 3: these tiles look like Yokai Watch's, not Nogizaka's: ...; its tile "
                                "counts, tiles to confirm and dealt hands are not said: they would be worked out from "
                                "misread tiles",
                     "data": {"looks_like": "yokai-watch", "looks_like_en": "Yokai Watch", "held_back": 1}}
    report = {"table": "t1", "game": "nogizaka", "verdict": "fault", "dealer": "1", "findings": [table_finding],
              "seats": [_seat("1", 9, True), _seat("2", 8, True), _seat("3", 5, True), _seat("4", 6)]}
    rows = _by_seat(report)
    assert [rows[s][OFF] for s in "1234"] == ["", "", "", ""]
    why = "count held back: the table's tiles are another game's, so its counts would be of misread tiles"
    assert rows["3"]["seat verdict"] == f"not in order ({why})"
    assert rows["4"]["seat verdict"] == f"in order ({why})" and rows["4"]["read (tiles)"] == "6"
    # a table of half the seats so is unsure which game's set it is: nothing held back but the flagged seats' counts
    half = dict(table_finding, seats=["1", "2"], data={"looks_like": "yokai-watch", "unsure_game": True})
    report = dict(report, findings=[half], seats=[_seat("1", 9, True), _seat("2", 5, True), _seat("3", 7),
                                                  _seat("4", 8)])
    rows = _by_seat(report)
    assert [rows[s][OFF] for s in "1234"] == ["", "", "-1", "0"]
    assert rows["2"]["seat verdict"] == "not in order (count held back: another set's tiles)"


def test_a_surplus_of_plain_fives_says_the_red_five_beside_them():
    """W4: "5 Man (5m) read 4 times but the set has 3" (three plain and the red 0m): a player counts four fives."""
    from scorer import load_game
    from tilelens.event.model import SeatReading, TileRef
    from tilelens.event.rules import surplus_findings

    game = load_game("tokyo-mahjong")
    tiles = tuple(TileRef("1", i, "5m", (0, 0, 1, 1), 0.95) for i in range(4))
    (f,) = surplus_findings(game, {"1": SeatReading("1", "seat1.jpg", tiles, (600, 120))})
    assert f.message.startswith("5 Man (5m) read 4 times but the set has 3 (and 1 Red 5 Man): seat 1 x4")
    assert f.message_ja.startswith("五萬 (5m)を4枚読みましたが、セットには3枚しかありません (ほかに赤五萬が1枚あります): ")
    assert f.data["red"] == {"kind": "0m", "copies": 1}
    # the red five itself, and a kind of no red copy: as before
    reds = tuple(TileRef("1", i, "0m", (0, 0, 1, 1), 0.95) for i in range(2))
    (r,) = surplus_findings(game, {"1": SeatReading("1", "seat1.jpg", reds, (600, 120))})
    assert r.message.startswith("Red 5 Man (0m) read 2 times but the set has 1: ") and "red" not in r.data
    sixes = tuple(TileRef("1", i, "6m", (0, 0, 1, 1), 0.95) for i in range(5))
    (s,) = surplus_findings(game, {"1": SeatReading("1", "seat1.jpg", sixes, (600, 120))})
    assert "(and" not in s.message and "ほかに" not in s.message_ja
    # the CSV's column of it says the red five too
    report = {"table": "t1", "game": "tokyo-mahjong", "verdict": "fault", "dealer": "1",
              "findings": [{**f.to_dict(), "severity": "error"}],
              "seats": [{"seat": "1", "photo": "seat1.jpg", "tiles": [_tile("1", "5m")] * 4}]}
    assert _by_seat(report)["1"]["over the set"] == "5m (read 4 times, the set has 3 and 1 Red 5 Man)"
