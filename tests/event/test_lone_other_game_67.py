"""Session 67 (a Nogizaka night walked through, its table 2): a lone seat of another game's tiles at a table whose counts fail on it.

A Yokai Watch photo at seat 4 of a Nogizaka table read at 0.869 as Nogizaka and 0.906 as Yokai Watch (+0.036): under
the lone seat's margin (``rules.LIKELIER_MARGIN`` + ``rules.LONE_LIKELIER_GAP``), so it was counted and its misread
tiles made a Minami surplus put on two correct seats. A seat alone read surer as another game by
``rules.FAULT_LIKELIER_MARGIN`` or more, where the table's counts fail on it (its own count wrong, or a surplus gone
without it: ``rules.faulted_on``), is now said to perhaps show another set's tiles and not counted. Clean seats read
surer as another game by +0.022 at most: a genuine extra tile on such a seat is still said.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, M, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.rules import FAULT_LIKELIER_MARGIN, LIKELIER_MARGIN, LONE_LIKELIER_GAP, Seating, \
    faulted_on  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from test_one_seat_other_set_f29_61 import SurerReader  # noqa: E402 - other games read a seat at a set mean

NOGI = load_game("nogizaka")
FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")


# W12's table 2: seat 4, a Yokai Watch photo, read as three Minami among its 8 (seat 3 holds three, seat 1 one: 7 of
# the set's 6), each at 0.869
W12 = {**CLEAN, "1": M[0:9], "3": [M[6]] * 3 + [M[i] for i in (0, 2, 4, 8, 10)],
       "4": [M[6]] * 3 + [M[i] for i in (1, 3, 5, 7, 9)]}


def _report(tmp_path: Path, hands: dict[str, list[str]], other: dict[str, float], sure: float = 0.869):
    reader = SurerReader(other)
    make_table(reader, tmp_path / "ev", "t1", hands, conf={"4": dict.fromkeys(range(len(hands["4"])), sure)})
    return check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0]


def test_the_fault_margin_lies_between_clean_seats_and_w12s():
    assert 0.022 < FAULT_LIKELIER_MARGIN <= 0.036 - 0.005
    assert FAULT_LIKELIER_MARGIN < LIKELIER_MARGIN < LIKELIER_MARGIN + LONE_LIKELIER_GAP


def test_w12_a_lone_seat_a_little_surer_as_another_game_whose_surplus_it_makes_is_not_counted(tmp_path):
    report = _report(tmp_path, W12, {"4": 0.906})  # +0.036 over its 0.869 as Nogizaka
    first = report.findings[0]
    assert first.kind == FindingKind.OTHER_GAME and first.seats == ("4",), report.findings
    assert first.message == ("seat 4's photo may show another set's tiles: they read a little surer as Yokai Watch "
                             "Donjara's, and the table's tile counts are wrong only with them: retake it, or another "
                             "set is at this table"), first.message
    assert japanese(first.message_ja) and first.message_ja.startswith("4番席の写真は別のセットの牌かもしれません"), \
        first.message_ja
    assert first.data["looks_like"] == "yokai-watch" and first.data["possibly"] is True
    kinds = [f.kind for f in report.findings]
    assert FindingKind.SURPLUS not in kinds, report.findings  # no longer put on seats 1 and 3
    for f in report.findings[1:]:
        assert "4" not in f.seats, f
    seat4 = next(s for s in report.seats if s.seat == "4")
    assert seat4.other_game and seat4.looks_like == "yokai-watch"


def test_a_clean_seats_margin_leaves_the_surplus_said(tmp_path):
    report = _report(tmp_path, W12, {"4": 0.869 + 0.022})  # the most a clean seat was read surer as another game
    kinds = [f.kind for f in report.findings]
    assert FindingKind.OTHER_GAME not in kinds and FindingKind.SURPLUS in kinds, report.findings


def test_a_seat_a_little_surer_as_another_game_at_a_table_in_order_is_counted(tmp_path):
    report = _report(tmp_path, CLEAN, {"4": 0.906})
    assert FindingKind.OTHER_GAME not in [f.kind for f in report.findings], report.findings
    assert not next(s for s in report.seats if s.seat == "4").other_game


def test_a_fault_not_on_the_seat_leaves_it_counted(tmp_path):
    # seat 2 holds two Minami too many (7 of 6 with seats 1 and 3's): leaving seat 4 out clears neither fault
    hands = {**W12, "2": M[4:12] + [M[6]] * 2, "4": [M[i] for i in (1, 3, 5, 7, 9, 11, 0, 2)]}
    report = _report(tmp_path, hands, {"4": 0.906})
    kinds = [f.kind for f in report.findings]
    assert FindingKind.OTHER_GAME not in kinds, report.findings
    assert FindingKind.WRONG_COUNT in kinds and FindingKind.SURPLUS in kinds


def _seat(seat: str, kinds: list[str]) -> SeatReading:
    tiles = tuple(TileRef(seat, i, k, (60.0 * i, 0, 60.0 * i + 50, 80), 0.95) for i, k in enumerate(kinds))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (640, 480), kind_sure=0.95)


def test_faulted_on_names_the_seats_whose_leaving_out_clears_a_fault():
    readings = {s: _seat(s, k) for s, k in W12.items()}
    assert faulted_on(NOGI, FOUR, readings) == {"3", "4"}  # 7 Minami: 3 each at seats 3 and 4, 1 at seat 1
    readings["2"] = _seat("2", W12["2"][:7])  # a seat one short: its own count
    assert faulted_on(NOGI, FOUR, readings) == {"2", "3", "4"}
    assert faulted_on(NOGI, FOUR, {s: _seat(s, k) for s, k in CLEAN.items()}) == frozenset()


# A table with a face-up wall photo, whose surplus shows only with the wall's tiles. ``faulted_on``
# ran ``check_readings`` without the wall: no seat was faulted, and W12's seat 4 was counted, its misreads' Minami
# surplus put on the right seats, as before this mend.
WALLED = {**CLEAN, "1": M[0:9], "3": [M[6]] + [M[i] for i in (0, 2, 4, 8, 10, 11, 1)],  # one Minami each at 1, 2, 3
          "4": [M[6]] * 2 + [M[i] for i in (1, 3, 5, 7, 9, 11)]}                       # two: the Yokai photo's misreads


def _walled_wall() -> list[str]:
    """The rest of the set face up, one of its tiles (not a Minami, not an almighty) read as a Minami: 2 in the wall,
    7 on the table of the set's 6, 5 of them at the seats."""
    from collections import Counter

    held = Counter(k for h in WALLED.values() for k in h)
    wall = list((Counter({k.id: k.copies for k in NOGI.tiles}) - held).elements())
    wall[next(i for i, k in enumerate(wall) if k != M[6] and not NOGI.tile(k).almighty)] = M[6]
    assert wall.count(M[6]) == 2 and sum(h.count(M[6]) for h in WALLED.values()) == 5
    return wall


def test_faulted_on_counts_the_face_up_wall_as_the_check_does():
    readings = {s: _seat(s, k) for s, k in WALLED.items()}
    assert faulted_on(NOGI, FOUR, readings) == frozenset()  # 5 Minami at the seats: no fault without the wall
    wall = _seat("wall", _walled_wall())
    assert faulted_on(NOGI, FOUR, readings, wall) == {"1", "2", "3", "4"}  # 7 of 6: each seat holding one; not the wall


def test_w12_with_a_wall_photo_the_seat_whose_surplus_shows_with_the_wall_is_not_counted(tmp_path):
    reader = SurerReader({"4": 0.906})  # +0.036, W12's margin
    d = make_table(reader, tmp_path / "ev", "t1", WALLED, conf={"4": dict.fromkeys(range(8), 0.869)})
    reader.draw(d / "wall.png", _walled_wall(), salt=sum(b"t1"))
    report = check_table(read_table_folder(d, 4), NOGI, reader)[0]
    first = report.findings[0]
    assert first.kind == FindingKind.OTHER_GAME and first.seats == ("4",), report.findings
    assert first.data["possibly"] is True
    assert FindingKind.SURPLUS not in [f.kind for f in report.findings], report.findings
    assert next(s for s in report.seats if s.seat == "4").other_game
