"""An organiser at a 40-table event: each table's line as it is checked (not all at the end), the event page's
counts as the lines say them, the report of a table renamed since the check before, and a table folder that
cannot be opened."""
from __future__ import annotations

import functools
import json
from pathlib import Path

from test_event_support import CLEAN, ExactReader, make_table
from tilelens import cli
from tilelens.event import CheckOptions, check_event
from tilelens.event import cli as event_cli
from tilelens.event.report import event_html

NOGI = CheckOptions(game="nogizaka")
SHORT = dict(CLEAN, **{"3": CLEAN["3"][:7]})  # seat 3 a tile short: a fault


def _cli(reader, monkeypatch):
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))


class Watching(ExactReader):
    """Takes note, at each photo it reads, of what the check has printed so far."""

    def __init__(self, capsys):
        super().__init__()
        self.capsys, self.printed, self.seen = capsys, [], []
        self.stop_at = 0

    def __call__(self, image):
        self.printed.append(self.capsys.readouterr().out)
        self.seen.append("".join(self.printed))
        if self.stop_at and self.calls + 1 == self.stop_at:
            raise KeyboardInterrupt
        return super().__call__(image)


def _event(reader, root: Path, bad: tuple[int, ...] = (), n: int = 4) -> Path:
    for i in range(1, n + 1):
        make_table(reader, root / "ev", f"table-{i:02d}", SHORT if i in bad else CLEAN)
    return root / "ev"


# --- 1. each table's line as soon as it is checked -----------------------------------------------------------------

def test_each_tables_line_is_printed_as_it_is_checked_not_at_the_end(tmp_path, monkeypatch, capsys):
    """With 40 tables the organiser watched a progress bar and learnt which tables were wrong only at the end."""
    reader = Watching(capsys)
    _cli(reader, monkeypatch)
    ev = _event(reader, tmp_path, bad=(2,))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = "".join(reader.printed) + capsys.readouterr().out
    at_table_03 = reader.seen[8]  # the first photo of table-03 (four photos a table, one process)
    assert "ok     table-01" in at_table_03
    assert "FAULT  table-02: seat 3" in at_table_03
    assert "table-03" not in at_table_03
    lines = out.splitlines()
    for name in ("table-01", "table-02", "table-03", "table-04"):  # each said once, in table order
        assert sum(ln.split(":")[0].split()[-1:] == [name] for ln in lines) == 1, out
    assert [ln.split()[1].rstrip(":") for ln in lines[:4]] == ["table-01", "table-02", "table-03", "table-04"]
    assert "not in order: table-02" in lines


def test_tables_unchanged_are_said_at_once_and_interrupted_says_each_table_once(tmp_path, monkeypatch, capsys):
    reader = Watching(capsys)
    _cli(reader, monkeypatch)
    ev = _event(reader, tmp_path, bad=(1,))
    argv = ["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]
    assert cli.main(argv) == 1
    capsys.readouterr()
    reader.printed.clear()
    reader.seen.clear()
    for seat in ("seat2.png", "seat3.png"):  # table-03 changed (two seats' photos swapped): read again
        (ev / "table-03" / seat).rename(ev / "table-03" / f"x{seat}")
    (ev / "table-03" / "xseat2.png").rename(ev / "table-03" / "seat3.png")
    (ev / "table-03" / "xseat3.png").rename(ev / "table-03" / "seat2.png")
    reader.stop_at = reader.calls + 3  # Ctrl-C at table-03's third photo
    assert cli.main(argv) == 130
    printed = "".join(reader.printed)
    at_first_read = reader.seen[0]
    assert "FAULT  table-01" in at_first_read and "ok     table-02" in at_first_read  # unchanged: said before reading
    out = printed + capsys.readouterr().out
    said = [ln for ln in out.splitlines() if not ln.startswith(("not in order: ", "tiles to confirm: "))]
    for name in ("table-01", "table-02", "table-04"):
        assert sum(name in ln for ln in said) == 1, out
    assert "table-03" not in out
    assert "not in order: table-01" in out.splitlines()  # the tables checked to look at, as a finished check says


# --- 2. the event page's counts are those of the lines shown ---------------------------------------------------------

def test_the_event_counts_are_those_of_the_lines_said(tmp_path):
    """A folder of tables among the tables: one line "day2 is no table: ..." but 5 in the event page's errors
    column (and event.json's counts), its four seats' "no photo for seat N" counted too."""
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "table-01", CLEAN)
    make_table(reader, tmp_path / "ev" / "day2", "table-11", CLEAN)
    # four tiles to confirm at seat 2: said as one line (49d: at 0.7, the seat read not far below its table's others,
    # so no "retake it" line of its own)
    unsure = {"2": {0: 0.7, 1: 0.7, 2: 0.7, 3: 0.7}}
    make_table(reader, tmp_path / "ev", "table-02", CLEAN, conf=unsure)
    out = tmp_path / "report"
    check_event(tmp_path / "ev", out, NOGI, factory=lambda g: reader, jobs=1, progress=False)
    event = json.loads((out / "event.json").read_text())
    lines = {t["table"]: t for t in event["tables"]}
    assert lines["day2"]["counts"] == {"error": 1}
    assert lines["table-02"]["counts"] == {"review": 1}
    html = event_html(out, event)
    row = html[html.index('<tr data-table="day2">'):]
    row = row[:row.index("</tr>")]
    assert "<td>1</td><td>0</td><td>0</td>" in row
    assert len(json.loads((out / "day2" / "report.json").read_text())["findings"]) == 5  # the report file keeps each


# --- 3. the report of a table no longer in the event ----------------------------------------------------------------

def test_the_report_of_a_table_renamed_since_is_removed_and_said(tmp_path, monkeypatch, capsys):
    reader = ExactReader()
    _cli(reader, monkeypatch)
    ev = _event(reader, tmp_path, n=2)
    argv = ["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]
    assert cli.main(argv) == 0
    report = ev / "_report"
    (report / "notes").mkdir()  # not the check's: left alone
    (report / "notes" / "report.json").write_text("{}")
    (report / "mine.txt").write_text("kept")
    (report / "table-02" / "seen.txt").write_text("the organiser's own file")
    (ev / "table-01").rename(ev / "table-10")
    (ev / "table-02").rename(ev / "table-20")
    capsys.readouterr()
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert not (report / "table-01").exists()  # a report folder of the check's own: removed
    assert (report / "table-02" / "seen.txt").read_text() == "the organiser's own file"  # only the check's files
    assert not (report / "table-02" / "report.json").exists() and not (report / "table-02" / "crops").exists()
    assert (report / "notes" / "report.json").is_file() and (report / "mine.txt").is_file()
    assert (report / "table-10" / "report.json").is_file()
    (said,) = [ln for ln in out.splitlines() if "no longer in the event" in ln]
    assert "table-01" in said and "table-02" in said


def test_reports_of_tables_still_in_the_event_are_kept(tmp_path):
    reader = ExactReader()
    ev = _event(reader, tmp_path, n=2)
    out = tmp_path / "report"
    check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False)
    again = check_event(ev, out, NOGI, factory=lambda g: reader, jobs=1, progress=False)
    assert again.removed == () and again.resumed == 2
    assert (out / "table-01" / "report.json").is_file() and (out / "table-02" / "index.html").is_file()


# --- 4. a table folder that cannot be opened ----------------------------------------------------------------------

def _unreadable(monkeypatch, folder: Path) -> None:
    """``folder`` as without read permission (root reads it anyway): listing it, or looking at what it holds,
    fails."""
    iterdir, stat = Path.iterdir, Path.stat

    def no_listing(self):
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return iterdir(self)

    def no_look(self, *args, **kwargs):
        if self.parent == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "iterdir", no_listing)
    monkeypatch.setattr(Path, "stat", no_look)


def test_a_table_folder_that_cannot_be_opened_is_one_finding_and_the_others_are_checked(tmp_path, monkeypatch,
                                                                                          capsys):
    reader = ExactReader()
    _cli(reader, monkeypatch)
    ev = _event(reader, tmp_path, n=3)
    _unreadable(monkeypatch, ev / "table-02")
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "ok     table-01" in out and "ok     table-03" in out
    (line,) = [ln for ln in out.splitlines() if ln.startswith("FAULT  table-02")]
    assert "cannot be opened" in line and "permission" in line.lower()
    event = json.loads((ev / "_report" / "event.json").read_text())
    (said,) = next(t for t in event["tables"] if t["table"] == "table-02")["findings"]
    assert said["message_ja"] and said["message_ja"] != said["message"]
