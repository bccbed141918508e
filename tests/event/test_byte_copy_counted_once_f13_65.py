"""Session 65 (F13): a seat photo copied byte for byte to two seats left both seats unread (no tiles in report.json,
the CSV, the page), so the real hand's counts and copies went unchecked, while a near copy (resized) was read once and
counted once. Identical files now do as near copies do: the photo is read once, for the first seat of the table's
order, its tiles counted once; the other seat keeps the copy finding."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, M, make_table  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402


def _check(tmp_path: Path, hands: dict[str, list[str]], reader: ExactReader) -> dict:
    ev = tmp_path / "ev"
    folder = make_table(reader, ev, "t1", hands)
    (folder / "seat4.png").write_bytes((folder / "seat2.png").read_bytes())  # one photo at seats 2 and 4
    result = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                         progress=False)
    return result.event["tables"][0]


def test_a_byte_copy_is_read_for_its_first_seat_and_counted_once(tmp_path):
    reader = ExactReader()
    table = _check(tmp_path, CLEAN, reader)
    report = json.loads((tmp_path / "out" / "t1" / "report.json").read_text(encoding="utf-8"))
    seats = {s["seat"]: [t["kind"] for t in s["tiles"]] for s in report["seats"]}
    assert seats["2"] == CLEAN["2"] and "4" not in seats, seats
    copy = [f for f in table["findings"] if f["kind"] == "duplicate-seat"]
    assert [f["seats"] for f in copy] == [["2", "4"]], copy
    assert "each seat needs a photo of its own hand" in copy[0]["message"]
    assert not [f for f in table["findings"] if f["kind"] == "surplus"], table["findings"]  # its tiles once
    assert reader.calls == 3  # seats 1, 2 and 3: the copy read once


def test_a_surplus_of_a_tile_the_copied_seat_holds_is_still_found(tmp_path):
    reader = ExactReader()
    hands = {"1": ["sayurin"] * 3 + M[4:10], "2": ["sayurin"] * 4 + M[4:8], "3": CLEAN["3"], "4": CLEAN["4"]}
    table = _check(tmp_path, hands, reader)
    surplus = [f for f in table["findings"] if f["kind"] == "surplus"]
    assert any("sayurin" in f["message"] and "2" in f.get("seats", []) for f in surplus), table["findings"]


def test_a_report_judged_again_keeps_the_copied_seats_tiles(tmp_path):
    reader = ExactReader()
    first = _check(tmp_path, CLEAN, reader)
    calls = reader.calls
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka", min_confidence=0.9),
                         factory=lambda g: reader, jobs=1, progress=False)
    assert reader.calls == calls  # judged again from its readings, no photo read again
    report = json.loads((tmp_path / "out" / "t1" / "report.json").read_text(encoding="utf-8"))
    assert [s["seat"] for s in report["seats"]] == ["1", "2", "3"]
    again = result.event["tables"][0]
    assert again["verdict"] == first["verdict"] and "duplicate-seat" in [f["kind"] for f in again["findings"]]
