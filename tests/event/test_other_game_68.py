"""Another game's tiles in the event check: one naming margin for every seat read poorly, and the seats CSV's words.

1. A seat read far less surely than its table (``rules.poorly_read_seats``) but above the flag was named another
   game's wherever that game read its tiles at all surer (+0.01 was enough), while a flagged seat needs
   ``vision.other_game.NAMED_BY``: a photo that reads poorly does so with every classifier, one by chance a little
   surer. Both now take ``vision.other_game.named_above``, and a seat read poorly and not named is a photo to retake,
   not then named by the smaller margins of a seat read well (``likelier``, the lone and the faulted seat's).
2. The seats CSV's ``wrong game`` said "looks like Yokai Watch Donjara" of a seat its report says only *may* show
   another set's tiles (``data`` ``possibly``); it says "may be Yokai Watch Donjara's tiles" now, as the report does.
3. ``--min-confidence`` changes no seat said to (perhaps) show another set's tiles: ``rules.faulted_on`` reads the
   counts and the surplus, neither of the threshold.
"""
from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from test_clean_seat_not_other_game_67 import PoorReader, other_reads_at  # noqa: E402,F401 - a fixture
from test_lone_other_game_67 import W12  # noqa: E402
from test_one_seat_other_set_f29_61 import SurerReader  # noqa: E402
import vision.other_game as other_game  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import seats_csv  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402
from tilelens.event.seats_csv import HEADERS, table_rows  # noqa: E402
from vision.other_game import NAMED_BY  # noqa: E402

NOGI = load_game("nogizaka")
POOR = 0.75  # seat 2's mean: under rules.POOR_BELOW, far under the table's 0.98, above the flag (OTHER_GAME_BELOW)


def _table(tmp_path: Path, reader: ExactReader, sure: float, hands: dict[str, list[str]] = CLEAN):
    make_table(reader, tmp_path / "ev", "t1", hands, conf={"2": dict.fromkeys(range(8), sure)})
    report = check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0]
    return report, next(s for s in report.seats if s.seat == "2")


def _kinds(report, seat: str = "2") -> list[str]:
    return [f.kind for f in report.findings if seat in f.seats]


# --- 1. one naming margin -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("by", [0.01, 0.05, 0.07, NAMED_BY - 0.01], ids=lambda v: f"{v:+.2f}")
def test_a_poorly_read_seat_a_little_surer_as_another_game_is_a_photo_to_retake(tmp_path, other_reads_at, by):
    other_reads_at["2"] = POOR + by
    report, seat = _table(tmp_path, ExactReader(), POOR)
    assert not seat.other_game and seat.looks_like == "" and seat.likelier == "", seat
    assert FindingKind.POOR_PHOTO in _kinds(report) and FindingKind.OTHER_GAME not in _kinds(report), report.findings


def test_a_poorly_read_seat_read_by_the_margin_surer_as_another_game_is_named_it(tmp_path, other_reads_at):
    other_reads_at["2"] = POOR + NAMED_BY + 0.01
    report, seat = _table(tmp_path, ExactReader(), POOR)
    assert seat.other_game and seat.looks_like == "yokai-watch", seat
    (f,) = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert f.seats == ("2",) and "look like Yokai Watch Donjara's" in f.message, f.message
    assert FindingKind.POOR_PHOTO not in _kinds(report), report.findings


@pytest.mark.parametrize("by, named", [(0.05, False), (NAMED_BY - 0.01, False), (NAMED_BY + 0.01, True)],
                         ids=["+0.05", "under", "over"])
def test_a_flagged_seat_and_a_poorly_read_one_are_named_by_one_rule(tmp_path, other_reads_at, by, named):
    flagged, poor = 0.638, POOR  # under the flag (the measured clean Yokai Watch seat); over it, read poorly
    other_reads_at["2"] = flagged + by
    seat = _table(tmp_path / "flagged", PoorReader(), flagged)[1]
    other_reads_at["2"] = poor + by
    seat_poor = _table(tmp_path / "poor", ExactReader(), poor)[1]
    assert (seat.looks_like == "yokai-watch") is named and (seat_poor.looks_like == "yokai-watch") is named


def test_a_short_seat_read_poorly_a_little_surer_as_another_game_is_counted(tmp_path, other_reads_at):
    """Its count is said (one missing), not set aside as perhaps another set's (``runner._faulted_likelier``)."""
    other_reads_at["2"] = POOR + 0.05
    report, seat = _table(tmp_path, ExactReader(), POOR, {**CLEAN, "2": CLEAN["2"][:7]})
    assert not seat.other_game, seat
    assert FindingKind.WRONG_COUNT in _kinds(report) and FindingKind.OTHER_GAME not in _kinds(report), report.findings


# --- 2. the seats CSV says what the report says -----------------------------------------------------------------------

def _seat4_row(tmp_path: Path, other: float) -> tuple[dict, dict]:
    reader = SurerReader({"4": other})
    make_table(reader, tmp_path / "ev", "t1", W12, conf={"4": dict.fromkeys(range(8), 0.869)})
    report = json.loads(json.dumps(check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader)[0].to_dict()))
    (found,) = [f for f in report["findings"] if f["kind"] == FindingKind.OTHER_GAME]
    return found, dict(zip(HEADERS, next(r for r in table_rows("t1", report) if r[1] == "4")))


def test_the_csv_says_a_seat_may_be_another_sets_where_the_report_does(tmp_path):
    found, row = _seat4_row(tmp_path, 0.906)  # +0.036: the report's "may show another set's tiles"
    assert found["data"]["possibly"] is True and "may show another set's tiles" in found["message"]
    assert row["wrong game"] == "may be Yokai Watch Donjara's tiles", row["wrong game"]
    assert row["seat verdict"] == "not in order (count held back: perhaps another set's tiles)", row["seat verdict"]
    assert row["findings_ja"].startswith("4番席の写真は別のセットの牌かもしれません"), row["findings_ja"]


def test_the_csv_says_a_seat_looks_like_another_game_where_the_report_is_sure(tmp_path):
    found, row = _seat4_row(tmp_path, 0.955)  # +0.086: over the lone seat's margin
    assert "possibly" not in found["data"] and "shows another set's tiles" in found["message"]
    assert row["wrong game"] == "looks like Yokai Watch Donjara", row["wrong game"]
    assert row["seat verdict"] == "not in order (count held back: another set's tiles)", row["seat verdict"]


# --- 3. the threshold -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("threshold", [0.30, 0.70, 0.95, 0.99])
def test_the_threshold_changes_no_seat_said_perhaps_another_sets(tmp_path, threshold):
    reader = SurerReader({"4": 0.906})
    make_table(reader, tmp_path / "ev", "t1", W12, conf={"4": dict.fromkeys(range(8), 0.869)})
    report = check_table(read_table_folder(tmp_path / "ev" / "t1", 4), NOGI, reader, min_confidence=threshold)[0]
    said = [(f.seats, f.data.get("possibly")) for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert said == [(("4",), True)], report.findings
    assert FindingKind.SURPLUS not in [f.kind for f in report.findings], report.findings


@pytest.mark.parametrize("module", [seats_csv, other_game], ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
