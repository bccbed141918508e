"""Session 61 (F20), the Event page at 100 tables (W7's findings 1 and 3):

1. A report checked under another TILELENS_HOME (the README's club-home setup: the organiser checks with the
   default home, the app runs with the club's) cost every tap time in the square of its tables: each table not
   trusted here worked out the "check again" command (``runner.check_command_here``), which read every table's
   report (``report.table_trust``) only to name a game, the same for every table, and which ``trusted_lines`` never
   showed: it asks ``report.table_reason`` alone now, and looks for the event folder once; each line is unchanged.
2. The event's page held its tile crops as base64 PNG (about 14 KB each, 91% of a 1.4 MB page at 100 tables): JPEG
   now, still legible, a few KB each."""
from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers

from event_trust_helpers import FAULTY, check, exact_cli  # noqa: E402
from test_event_support import CLEAN, make_table  # noqa: E402
from tilelens.event import report as report_module  # noqa: E402
from tilelens.event import runner  # noqa: E402

TABLES = 5


@pytest.fixture()
def elsewhere(monkeypatch, tmp_path):
    """An event of ``TABLES`` tables (the last not in order) checked with one home, then looked at with another (a
    club's own): its report folder. Nothing of it is trusted here."""
    event = _checked(monkeypatch, tmp_path)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "club"))
    return event / "_report"


def _checked(monkeypatch, tmp_path):
    """An event of ``TABLES`` tables, the last not in order, checked with this home: its folder."""
    monkeypatch.setenv("TILELENS_LANG", "en")
    reader = exact_cli(monkeypatch, tmp_path)
    event = tmp_path / "ev"
    for i in range(1, TABLES + 1):
        make_table(reader, event, f"t{i}", FAULTY if i == TABLES else CLEAN)
    check(event)
    return event


@pytest.fixture()
def trust_calls(monkeypatch):
    """How many times ``report.table_trust`` is called (as the runner and the report module call it)."""
    calls = [0]
    real = report_module.table_trust

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(report_module, "table_trust", counted)
    monkeypatch.setattr(runner, "table_trust", counted)
    return calls


def _event(out: Path) -> dict:
    return json.loads((out / "event.json").read_text(encoding="utf-8"))


def test_the_lines_of_a_report_from_another_home_read_each_table_once(elsewhere, trust_calls):
    from app.components.event_report_view import event_lines

    event = _event(elsewhere)
    lines = event_lines(elsewhere, event, False, None, ())
    assert [line["verdict"] for line in lines] == ["untrusted"] * TABLES
    # one look at every table's report for the game of the command (the same for every table), not one a table
    assert trust_calls[0] <= TABLES, trust_calls[0]


def _lines_as_before(out: Path, event: dict) -> list:
    """The lines as ``trusted_lines`` drew them before: ``table_distrust`` of each table's report, then
    ``table_reason`` of each not trusted for whether it changed since the check."""
    from app.components.event_words import SINCE, SINCE_REASONS, UNTRUSTED
    from tilelens.event.report import table_reason

    lines = []
    for line in event["tables"]:
        table = out / line["table"]
        report = json.loads((table / "report.json").read_text(encoding="utf-8"))
        if runner.table_distrust(table, report, event=event) is None:
            lines.append(report["verdict"])
        else:
            lines.append(SINCE if table_reason(table, report, event=event) in SINCE_REASONS else UNTRUSTED)
    return lines


def test_the_lines_are_those_drawn_before(monkeypatch, tmp_path):
    """With this home: the event's report forged (not trusted), a table's report forged, a table's photos changed
    since the check, the others as checked: each line as ``table_distrust`` said it."""
    from app.components.event_report_view import trusted_lines

    event = _checked(monkeypatch, tmp_path)
    out = event / "_report"
    said = _event(out)
    said["tables"][-1]["verdict"] = "ok"
    (out / "event.json").write_text(json.dumps(said), encoding="utf-8")
    forged = json.loads((out / "t2" / "report.json").read_text(encoding="utf-8"))
    forged["verdict"] = "fault"
    (out / "t2" / "report.json").write_text(json.dumps(forged), encoding="utf-8")
    photo = next(p for p in sorted((event / "t3").iterdir()) if p.suffix == ".png")
    photo.write_bytes(photo.read_bytes() + b"\0")  # the table's photos changed since the check
    event_said = _event(out)
    expected = _lines_as_before(out, event_said)
    assert expected[0] == "ok" and expected[1] == "untrusted" and expected[2] != "ok", expected
    got = [line["verdict"] for line in trusted_lines(out, event_said["tables"], False, event_said)]
    assert got == expected


def test_the_event_page_from_another_home_reads_each_table_a_few_times_a_run(elsewhere, trust_calls):
    """The page run itself (Browse a report, then a tap): table_trust calls grow with the tables, not their square
    (at 5 tables it was 35 a run; at 100, 10,200)."""
    from app_helpers import open_page

    at = open_page("event_check")
    trust_calls[0] = 0
    at.text_input(key="event_folder").set_value(str(elsewhere)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("another TILELENS_HOME" in str(w.value) for w in at.warning), [w.value for w in at.warning]
    browse = trust_calls[0]
    trust_calls[0] = 0
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    # the event's own command, the chosen table's and the table lines' (once): each one look at every table
    assert browse <= 3 * TABLES and trust_calls[0] <= 3 * TABLES, (browse, trust_calls[0])


def test_the_event_page_holds_its_tile_crops_as_jpeg(monkeypatch, tmp_path):
    """The crops of the tiles to look at are small JPEGs (they were PNGs of about 14 KB each)."""
    monkeypatch.setenv("TILELENS_LANG", "en")
    reader = exact_cli(monkeypatch, tmp_path)
    event = tmp_path / "ev"
    make_table(reader, event, "t1", CLEAN)
    make_table(reader, event, "t2", CLEAN, conf={"3": {0: 0.3}})  # a tile to confirm: its crop shown
    check(event)
    pages = [event / "_report" / "index.html", event / "_report" / "t2" / "index.html"]
    crops = [m for page in pages for m in re.findall(r"data:image/(\w+);base64,([A-Za-z0-9+/=]+)",
                                                   page.read_text(encoding="utf-8"))]
    kinds = {kind for kind, _ in crops}
    assert crops and "png" not in kinds, kinds
    for kind, data in crops:
        raw = base64.b64decode(data)
        assert kind == "jpeg" and raw[:2] == b"\xff\xd8", kind
