"""Session 56 (f32): the big event's re-walk, the event check's side.

1. A table's report in an event shared by phones is kept only where it is this home's check's, as written, of that
   table (``report.table_trust``, as the page and a resumed check judge it), not for a valid seal alone: a sealed
   report of another table copied over a table's is checked again from the table's kept photos (its copies across
   tables said again), never dropped silently from the event's report.
4. Event names differing only by case or width open the one event (``runner.open_event``), as table names do.
6. The name offered for the next table counts the event's tables in their own numbering (``卓01``, ``卓02`` ->
   ``卓03``), not ``table-01`` beside them.
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader  # noqa: E402
from tilelens.event import runner  # noqa: E402
from tilelens.event.report import table_trust  # noqa: E402
from tilelens.event.runner import CHECKED_AS, open_event, open_events  # noqa: E402

import test_event_big_f10_56 as f10  # noqa: E402

# the event tests' home, a clean table's photos and a table checked: one copy, test_event_big_f10_56's
home, _photos, _check, NOGIZAKA = f10.home, f10._photos, f10._check, f10.NOGIZAKA


def _verdicts(event: dict) -> dict[str, str]:
    return {t["table"]: t["verdict"] for t in event["tables"]}


# ---- 1. a sealed report copied over another table's --------------------------------------------------------------
def test_a_sealed_report_copied_over_another_tables_is_checked_again_not_dropped(home, tmp_path):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    _check(reader, out, "卓01", _photos(tmp_path, reader, 1))
    copies = _photos(tmp_path, reader, 2)
    _check(reader, out, "卓10", copies)
    before = _check(reader, out, "卓11", copies)  # 卓10's photos again: a copy across tables
    assert _verdicts(before)["卓10"] != "ok" and _verdicts(before)["卓11"] != "ok"
    # 卓01's sealed report (in order) put over 卓10's: sealed, but another table's
    for name in ("report.json", "index.html"):
        shutil.copy(out / "卓01" / name, out / "卓10" / name)
    after = _check(reader, out, "卓12", _photos(tmp_path, reader, 3))
    verdicts = _verdicts(after)
    assert "卓10" in verdicts, "the table of a report copied over was dropped from the event's report"
    assert verdicts["卓10"] != "ok" and verdicts["卓11"] != "ok" and after["in_order"] is False
    # checked again from its kept photos: its own report now, trusted, and the copy said at both
    stored, why = table_trust(out / "卓10")
    assert why is None and stored["table"] == "卓10"
    eleven = json.loads((out / "卓11" / "report.json").read_text(encoding="utf-8"))
    assert any((f.get("data") or {}).get("table") == "卓10" for f in eleven["findings"])
    assert "卓10" in after.get(runner.RECHECKED, ())


def test_a_hand_edited_report_is_checked_again_at_the_next_phones_check(home, tmp_path):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    copies = _photos(tmp_path, reader, 2)
    _check(reader, out, "A", copies)
    _check(reader, out, "B", copies)
    edited = json.loads((out / "A" / "report.json").read_text(encoding="utf-8"))
    edited["verdict"], edited["findings"] = "ok", []
    (out / "A" / "report.json").write_text(json.dumps(edited, ensure_ascii=False), encoding="utf-8")
    after = _check(reader, out, "C", _photos(tmp_path, reader, 3))
    assert _verdicts(after)["A"] != "ok"
    assert table_trust(out / "A")[1] is None


def test_a_distrusted_table_is_said_where_the_event_is_written_with_no_reader(home, tmp_path):
    """Removing a table writes the event's report again without reading photos: the distrusted table is said."""
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    for n, name in enumerate(("t1", "t2", "t3"), 1):
        _check(reader, out, name, _photos(tmp_path, reader, n))
    for name in ("report.json", "index.html"):
        shutil.copy(out / "t1" / name, out / "t2" / name)
    runner.remove_uploaded_table(out, "t3", NOGIZAKA)
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert _verdicts(event).get("t2") not in (None, "ok")


# ---- 4. event names differing by case or width ---------------------------------------------------------------------
def test_event_names_differing_by_case_or_width_open_one_event(home):
    folder = open_event("clash", "nogizaka")
    assert open_event("Clash", "nogizaka") == folder
    assert open_event("ｃｌａｓｈ", "nogizaka") == folder
    assert open_event(" CLASH ", "nogizaka") == folder
    assert open_events("nogizaka") == ["clash"]
    assert runner.similar_event_name("Clash") == "clash"
    assert runner.similar_event_name("clash") is None


# ---- 6. the name offered counts the event's own numbering ----------------------------------------------------------
def test_the_name_offered_counts_the_events_own_numbering(home, tmp_path):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    _check(reader, out, "卓01", _photos(tmp_path, reader, 1))
    _check(reader, out, "卓02", _photos(tmp_path, reader, 2))
    assert runner.next_table_name(out) == "卓03"
    checked = _check(reader, out, "table-01", _photos(tmp_path, reader, 3), free_name=True)
    assert checked[CHECKED_AS] == "table-01"  # a name typed is kept as typed


# ---- review rv3: a table said "check again" is checked again; photos judged without event.json -----------------
def test_a_table_said_check_again_after_a_removal_is_checked_again_at_the_next_check(home, tmp_path):
    """A removal has no reader: a table not trusted then is written "check this table again", with no fingerprint;
    the next phone's check reads its kept photos again instead of keeping that report for ever."""
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    for salt, name in enumerate(("t1", "t2", "t3"), 1):
        _check(reader, out, name, _photos(tmp_path, reader, salt))
    for name in ("report.json", "index.html"):  # t1's sealed report over t2's
        shutil.copy(out / "t1" / name, out / "t2" / name)
    runner.remove_uploaded_table(out, "t3", NOGIZAKA)
    said = json.loads((out / "t2" / "report.json").read_text(encoding="utf-8"))
    assert said["verdict"] != "ok" and not said.get("fingerprint")  # "check this table again"
    event = _check(reader, out, "t4", _photos(tmp_path, reader, 4))
    assert "t2" in event[runner.RECHECKED], event[runner.RECHECKED]
    assert _verdicts(event)["t2"] == "ok" and event["in_order"] is True, _verdicts(event)


def test_a_tables_photos_are_judged_even_with_the_events_report_gone(home, tmp_path):
    """Without event.json the photos of a table were not compared with its report: t2's photos put in t1's place
    (its report in order kept) passed, and the copy across tables was missed."""
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    _check(reader, out, "t1", _photos(tmp_path, reader, 1))
    _check(reader, out, "t2", _photos(tmp_path, reader, 2))
    for seat in CLEAN:
        photo = out / "t2" / f"seat{seat}.png"
        if photo.exists():
            shutil.copy(photo, out / "t1" / photo.name)
    (out / "event.json").unlink()
    event = _check(reader, out, "t3", _photos(tmp_path, reader, 3))
    assert "t1" in event[runner.RECHECKED], event[runner.RECHECKED]
    assert _verdicts(event)["t1"] != "ok" and _verdicts(event)["t2"] != "ok" and event["in_order"] is False
