"""An organiser on the day, at scale and under pressure: a dozen tables checked, photos copied twice by a phone or
a file manager, a table's folder renamed while the check runs, a folder of tables left among the tables, and an
event page and summary that say first which tables are not in order."""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from test_event_support import CLEAN, ExactReader, make_table
from tilelens import cli
from tilelens.event import CheckOptions, FindingKind, check_event, read_table_folder
from tilelens.event import cli as event_cli
from tilelens.event.model import grouped
from tilelens.event.report import event_html

NOGI = CheckOptions(game="nogizaka")


@pytest.fixture()
def exact(monkeypatch):
    """The CLI with the exact reader in place of the models (in one process)."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


# --- a seat photographed twice: the second photo named as a copy by the phone or the file manager ----------------

@pytest.mark.parametrize("copy", ["seat2 (1).png", "seat2 - Copy.png", "seat2 - コピー.png", "seat2 copy.png",
                                  "seat2 2.png", "Seat2(2).PNG"])
def test_a_copy_of_a_seat_photo_is_a_second_photo_of_that_seat(tmp_path, copy):
    """"seat2 (1).jpg" (a browser's download, a second shot sent by a phone) was "does not say its seat: name it
    seatN.jpg", as if it were a stray photo, where it is a second photo of seat 2: keep one."""
    reader = ExactReader()
    table = make_table(reader, tmp_path, "table-03", CLEAN)
    reader.draw(table / copy, CLEAN["2"], salt=9)
    t = read_table_folder(table)
    kinds = [p.kind for p in t.problems]
    assert FindingKind.UNNAMED_PHOTO not in kinds
    (dup,) = [p for p in t.problems if p.kind == FindingKind.DUPLICATE_SEAT]
    assert dup.seats == ("2",) and copy in dup.message and "seat2.png" in dup.message and "keep one" in dup.message
    assert "2" not in t.seats  # neither is read: which is seat 2's own hand no one can tell


def test_a_copy_named_photo_alone_is_its_seat_and_a_dealer_copy_still_deals(tmp_path):
    reader = ExactReader()
    table = make_table(reader, tmp_path, "t1", CLEAN)
    (table / "seat3.png").rename(table / "seat3 (1).png")
    (table / "seat1-dealer.png").rename(table / "seat1-dealer (2).png")
    t = read_table_folder(table)
    assert t.problems == () and t.dealer == "1" and t.seats["3"].name == "seat3 (1).png"


# --- a table's folder renamed (or moved) while the check runs ------------------------------------------------------

def _event(reader: ExactReader, root: Path, n: int) -> Path:
    for i in range(1, n + 1):
        make_table(reader, root / "ev", f"table-{i:02d}", CLEAN)
    return root / "ev"


def test_a_table_folder_renamed_while_the_check_runs_is_one_line_and_checked_again_next_time(tmp_path):
    """Its four photos were four lines "photo seatN.png cannot be read: the file went away", and that report was
    kept as the table's: renamed back, the next check said the table unchanged, and the fault stayed."""
    reader = ExactReader()
    ev = _event(reader, tmp_path, 3)
    out = tmp_path / "report"

    def rename_next(report):
        if report["table"] == "table-01":
            (ev / "table-02").rename(ev / "table-02-moved")

    result = check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False, on_table=rename_next)
    lines = {t["table"]: t for t in result.event["tables"]}
    assert lines["table-01"]["verdict"] == "ok" and lines["table-03"]["verdict"] == "ok"  # the others keep theirs
    (said,) = lines["table-02"]["findings"]
    assert lines["table-02"]["verdict"] == "fault"
    assert "table-02" in said["message"] and "went away" in said["message"] and "again" in said["message"]
    assert said["message_ja"] and said["message_ja"] != said["message"]
    (ev / "table-02-moved").rename(ev / "table-02")  # put back: checked again, not taken as unchanged
    calls = reader.calls
    again = check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False)
    assert again.checked == 1 and reader.calls == calls + 4
    assert {t["table"]: t["verdict"] for t in again.event["tables"]} == dict.fromkeys(
        ("table-01", "table-02", "table-03"), "ok")


def test_one_photo_gone_while_the_check_runs_is_read_again_next_time(tmp_path):
    reader = ExactReader()
    ev = _event(reader, tmp_path, 2)
    out = tmp_path / "report"
    seat3 = ev / "table-02" / "seat3.png"
    kept = seat3.read_bytes()

    def remove(report):
        if report["table"] == "table-01":
            seat3.unlink()

    check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False, on_table=remove)
    seat3.write_bytes(kept)
    again = check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False)
    assert again.checked == 1 and again.event["in_order"] is True


# --- a folder of tables among the tables (event/day2/table-11) -----------------------------------------------------

def test_a_folder_of_tables_among_the_tables_is_told_in_one_line_naming_what_to_do(exact, tmp_path, capsys):
    """day2/table-11 beside table-01: "FAULT day2: day2 holds no photo of its own, ...; no photo for seat 1 (...);
    no photo for seat 2 (...); ..." on one long line, the seats of a folder that is no table."""
    make_table(exact, tmp_path / "ev", "table-01", CLEAN)
    make_table(exact, tmp_path / "ev" / "day2", "table-11", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    (line,) = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("FAULT  day2")]
    assert "table-11" in line and "no photo for seat" not in line
    # the photos are table-11's: moved into day2 they would make day2 a table of table-11's photos
    assert "move table-11 into the event folder" in line and "go in the table's own folder" not in line
    event = json.loads((tmp_path / "ev" / "_report" / "event.json").read_text())
    day2 = next(t for t in event["tables"] if t["table"] == "day2")
    assert len(grouped(day2["findings"])) == 1  # the app's page says it once too


# --- the summary and the event page: the tables not in order first ------------------------------------------------

def _line(name, verdict, message=""):
    findings = [{"kind": "missing-seat", "severity": "error" if verdict == "fault" else "review",
                 "message": message, "message_ja": message, "tiles": [], "seats": []}] if message else []
    return {"table": name, "verdict": verdict, "counts": {}, "findings": findings}


def test_the_event_page_names_the_tables_not_in_order_before_the_list_of_tables(tmp_path):
    """Twelve rows of tables, the two not in order among ten in order: the organiser scrolled to find them."""
    tables = [_line(f"table-{i:02d}", "ok") for i in range(1, 13)]
    tables[6] = _line("table-07", "fault", "no photo for seat 3")
    tables[2] = _line("table-03", "review", "seat 2: tile 4 to confirm")
    html = event_html(tmp_path, {"game": "nogizaka", "model_version": "v1", "tables": tables})
    head = html[:html.index('<table class="tables">')]
    attention = re.search(r'<p class="attention">(.*?)</p>', head, re.S)
    assert attention, "no line naming the tables to look at"
    said = attention.group(1)
    assert said.index("table-07") < said.index("table-03")  # not in order first, then tiles to confirm
    assert 'href="#table-07"' in said and 'id="table-07"' in html  # each leads to its findings
    assert "table-01" not in said
    assert "10 of 12 tables in order" in re.sub(r"<[^>]+>", "", html)
    fine = event_html(tmp_path, {"game": "nogizaka", "model_version": "v1", "tables": [_line("a", "ok")]})
    assert 'class="attention"' not in fine


def test_the_summary_line_names_the_tables_not_in_order(exact, tmp_path, capsys):
    for i in range(1, 6):
        hands = dict(CLEAN, **{"3": CLEAN["3"][:7]}) if i in (2, 4) else CLEAN
        make_table(exact, tmp_path / "ev", f"table-{i:02d}", hands)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1"]) == 1
    out = capsys.readouterr().out.splitlines()
    (named,) = [ln for ln in out if ln.startswith("not in order:")]
    assert named == "not in order: table-02, table-04"
    assert out.index(named) > max(i for i, ln in enumerate(out) if "table-05" in ln)  # after the per-table lines
    assert "3 of 5 tables in order" in out[-1]


def test_a_table_folder_renamed_while_the_folders_are_listed_stops_no_check(tmp_path, monkeypatch):
    """Renamed between the listing of the event folder and the reading of its photos: the check stopped, exit 2
    "table-02: No such file or directory", and no table after it was checked."""
    from tilelens.event import runner

    reader = ExactReader()
    ev = _event(reader, tmp_path, 3)
    real = runner.read_table_folder

    def renamed_first(folder, players=4, *args, **kwargs):
        if folder.name == "table-02":
            folder.rename(folder.with_name("table-2"))
        return real(folder, players, *args, **kwargs)

    monkeypatch.setattr(runner, "read_table_folder", renamed_first)
    result = check_event(ev, tmp_path / "report", NOGI, factory=lambda g: reader, jobs=1, progress=False)
    lines = {t["table"]: t for t in result.event["tables"]}
    assert lines["table-01"]["verdict"] == "ok" and lines["table-03"]["verdict"] == "ok"
    (said,) = lines["table-02"]["findings"]
    assert "went away" in said["message"] and said["message_ja"]
