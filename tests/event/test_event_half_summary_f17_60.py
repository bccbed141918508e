"""Session 60, F17: the event check's leftovers of F8's rule of another game's tiles at half a table.

1. ``model.other_game_event`` (the event's one line of another game's tiles) counted every table whose finding names
   two seats or more, a table at exactly half (F8: "unsure which game", nothing held back, no switch) among them: an
   event of such tables only was said "most tables (3 of 3): their tiles look like Yokai Watch's ...", as if it were
   of the wrong game. It follows the tables' rule now (``rules.game_share``): the tables judged "most" count for the
   switch; where they are too few and tables unsure make up the rest, the event's line says it is unsure which game.
2. ``runner._rejudged`` (a new ``--min-confidence``, the readings kept) left a surplus's findings as they were, though
   which least sure tiles they name (and "none is unsure (each read at 0.80 or more)") is of the threshold: a table
   re-judged said otherwise than one checked afresh at that threshold.
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, M, ExactReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.model import SeatReading, TileRef, other_game_event  # noqa: E402
from tilelens.event.rules import other_game_findings  # noqa: E402
from tilelens.event.runner import summary_line  # noqa: E402

NOGI = load_game("nogizaka")
SWITCH = "Check the event with --game yokai-watch"


def _reading(seat: str, other: bool) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "kotoko", (0, 0, 5, 5), 0.9) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (800, 600), other_game=other,
                       looks_like="yokai-watch" if other else "", kind_sure=0.6 if other else 0.9)


def _line(table: str, flagged: int) -> dict:
    """The event's line of a table of four seats, ``flagged`` of them Yokai Watch's tiles, as ``check_table`` finds
    them: over half, the wrong game (``held_back`` 0 or more: the switch said); at half, unsure which game."""
    readings = {str(s): _reading(str(s), s <= flagged) for s in range(1, 5)}
    found = other_game_findings(NOGI, readings, held_back=0 if 2 * flagged > 4 else -1)
    report = {"table": table, "verdict": "fault" if found else "ok", "findings": [f.to_dict() for f in found],
              "seats": [{"seat": s, "photo": r.photo, "tiles": []} for s, r in readings.items()]}
    return summary_line(report, resumed=False)


# --- 1. the event's line follows the tables' rule -----------------------------------------------------------------

def test_an_event_of_tables_each_at_half_is_unsure_which_game_not_most_tables_of_another():
    said = other_game_event([_line(f"t{i}", 2) for i in range(3)])
    assert said is not None and said.get("unsure_game") is True, said
    en, ja = said["message"], said["message_ja"]
    assert "their tiles look like" not in en and "unsure" in en, en
    assert en.startswith("most tables (3 of 3): ") and "half their seats" in en, en
    assert "Yokai Watch" in en and "Nogizaka" in en and "right --game?" in en, en  # both games named, the hint asked
    assert "--game yokai-watch" not in en and "--game yokai-watch" not in ja, said  # no switch: which is unsure
    assert japanese(ja) and "わかりません" in ja and "半数の席" in ja and "妖怪ウォッチ" in ja, ja
    assert said["looks_like"] == "yokai-watch" and said["tables"] == ["t0", "t1", "t2"], said


def test_tables_of_the_wrong_game_count_for_the_switch_the_unsure_ones_said_beside():
    said = other_game_event([_line("t0", 3), _line("t1", 4), _line("t2", 2)])
    assert said is not None and "unsure_game" not in said, said
    assert said["message"].startswith("most tables (2 of 3): their tiles look like Yokai Watch"), said["message"]
    assert "1 more" in said["message"] and "unsure which game" in said["message"], said["message"]
    assert said["message"].endswith(SWITCH) and said["message_ja"].endswith("--game yokai-watch でチェックし直してください")
    assert "ほかの1卓" in said["message_ja"], said["message_ja"]
    assert said["tables"] == ["t0", "t1"], said


def test_one_table_of_the_wrong_game_among_unsure_ones_says_no_switch():
    said = other_game_event([_line("t0", 3), _line("t1", 2), _line("t2", 2), _line("t3", 0)])
    assert said is not None and said.get("unsure_game") is True, said
    assert said["message"].startswith("most tables (3 of 4): ") and "half their seats or more" in said["message"]
    assert "--game yokai-watch" not in said["message"] + said["message_ja"], said
    assert "半数以上の席" in said["message_ja"], said["message_ja"]


def test_an_event_of_the_wrong_game_is_said_as_before():
    said = other_game_event([_line(f"t{i}", 3) for i in range(3)])
    assert said["message"] == ("most tables (3 of 3): their tiles look like Yokai Watch Donjara's, not Nogizaka "
                               "Donjara (fan-made)'s: was the event checked with the right --game? " + SWITCH), said
    assert "unsure_game" not in said
    said = other_game_event([_line("t0", 3), _line("t1", 3), _line("t2", 0), _line("t3", 0)])
    assert said["message"].startswith("half the tables (2 of 4): their tiles look like") and SWITCH in said["message"]


def test_one_unsure_table_of_many_is_no_event_word():
    assert other_game_event([_line("t0", 2), *(_line(f"t{i}", 0) for i in range(1, 4))]) is None


class HalfReader(ExactReader):
    """Seats 1 and 2 of every table read surer as Yokai Watch's tiles (``likelier``): each table at half."""

    def __init__(self):
        super().__init__()
        self.names = {}

    def draw(self, path, kinds, conf=None, salt=0):
        super().draw(path, kinds, conf, salt)
        self.names[list(self.known)[-1]] = path.name

    def looks_like(self, image, reading) -> str:
        return "yokai-watch"

    def likelier(self, image, reading) -> str:
        return "yokai-watch" if self.names[self.key(image)][4] in "12" else ""


def test_an_event_checked_of_tables_at_half_says_unsure_in_event_json(tmp_path):
    reader = HalfReader()
    for name in ("t1", "t2"):
        make_table(reader, tmp_path / "ev", name, CLEAN)
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader,
                         jobs=1, progress=False)
    for t in result.event["tables"]:  # F8: each table unsure which game
        assert any(f["kind"] == "other-game" and f["data"].get("unsure_game") for f in t["findings"]), t["findings"]
    other = result.event["other_game"]
    assert other["unsure_game"] is True and other["message"].startswith("most tables (2 of 2): "), other
    assert "unsure" in other["message"] and "their tiles look like" not in other["message"], other


# --- 2. re-judged, a surplus's least sure tiles are those of the new threshold -------------------------------------

# seat 2 reads Sayurin 8 times (10 at the table, the set has 6): four of them at 0.85-0.88, the least sure
SURPLUS = {"1": M[0:9], "2": ["sayurin"] * 8, "3": M[0:8], "4": M[4:12]}
LOW = {"2": {0: 0.85, 3: 0.86, 5: 0.87, 6: 0.88}}


def _said(out: Path) -> list[tuple]:
    report = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    return [(f["kind"], f["message"], f["message_ja"], json.dumps(f["data"], sort_keys=True), f["seats"])
            for f in report["findings"]]


@pytest.mark.parametrize("first, then", [(0.80, 0.90), (0.90, 0.80), (0.80, 0.865)])
def test_a_table_rejudged_says_its_surplus_as_a_fresh_check_at_that_threshold(tmp_path, first, then):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", SURPLUS, conf=LOW)

    def check(out: str, threshold: float):
        return check_event(tmp_path / "ev", tmp_path / out, CheckOptions(game="nogizaka", min_confidence=threshold),
                           factory=lambda g: reader, jobs=1, progress=False)

    check("a", first)
    calls = reader.calls
    assert check("a", then).rejudged == 1 and reader.calls == calls  # from the readings kept
    check("b", then)  # afresh
    assert _said(tmp_path / "a") == _said(tmp_path / "b")
    surplus = next(s for s in _said(tmp_path / "a") if s[0] == "surplus")
    if then == 0.90:
        assert "least sure: seat 2, tile 1 (0.85)" in surplus[1] and "each read at" not in surplus[1], surplus
    shutil.rmtree(tmp_path / "b")
