"""Session 49: what `tilelens check` prints agrees with its reports. A table not read again (unchanged) whose photo is
one photo with another unchanged table's is told so at once, not "ok" and then revised; a check stopped midway says
the near copies among the tables it did check, in its lines, ``event.json`` and the tables' reports alike; and a
check stopped by an error says which reports of tables gone it removed as it started, as a finished or interrupted
one does."""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event import runner  # noqa: E402
from tilelens.event.model import Finding, FindingKind  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402
from scorer.result import TilelensInputError  # noqa: E402


def _alike(reports):
    """In place of the looks: seat 2 of t1 and seat 2 of t2 one photo (what near_copies_across finds)."""
    if not {"t1", "t2"} <= set(reports):
        return {}
    return {t: [Finding(FindingKind.NEAR_COPY,
                        f"seat 2: photo seat2.png looks like one photo with seat 2 at {o}'s", seats=("2",), data={"table": o, "seat": "2", "photo": "seat2.png"},
                        message_ja=f"2番席: 写真 seat2.png は{o} の2番席の写真と同じ写真のようです")]
            for t, o in (("t1", "t2"), ("t2", "t1"))}


@pytest.fixture()
def reader(monkeypatch):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    monkeypatch.setattr(runner, "near_copies_across", _alike)
    return reader


def _argv(ev: Path) -> list[str]:
    return ["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]


def _verdicts(ev: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Each table's verdict as event.json says it, and as its own report.json says it."""
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    own = {t: json.loads((ev / "_report" / t / "report.json").read_text(encoding="utf-8"))["verdict"]
           for t in (t["table"] for t in event["tables"])}
    return {t["table"]: t["verdict"] for t in event["tables"]}, own


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_unchanged_tables_alike_are_told_as_faults_at_once_not_ok_then_revised(tmp_path, reader, monkeypatch, capsys,
                                                                               lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    ev = tmp_path / "ev"
    for name in ("t0", "t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    assert cli.main(_argv(ev)) == 1
    capsys.readouterr()
    assert cli.main(_argv(ev)) == 1  # nothing changed: every table's report holds, t1 and t2 still one photo
    lines = capsys.readouterr().out.splitlines()
    fault = event_cli.WORDS[lang]["fault"]
    assert lines[0] == f"{event_cli.WORDS[lang]['ok']} t0"
    assert lines[1].startswith(f"{fault} t1: ") and lines[2].startswith(f"{fault} t2: ")
    assert event_cli.WORDS[lang]["again"] not in lines  # nothing revised: nothing said again
    assert [line for line in lines if line.split(":")[0].endswith(" t1")] == [lines[1]]  # t1's line, said once


def test_a_table_alike_with_one_read_again_is_still_told_without_it_first(tmp_path, reader, capsys):
    ev = tmp_path / "ev"
    for name in ("t1", "t2", "t3"):
        make_table(reader, ev, name, CLEAN)
    assert cli.main(_argv(ev)) == 1
    capsys.readouterr()
    reader.draw(ev / "t2" / "seat4.png", CLEAN["4"], salt=99)  # t2 photographed again: read again
    assert cli.main(_argv(ev)) == 1
    lines = capsys.readouterr().out.splitlines()
    # t1's near copy names t2, read again: not known until t2 is read, so t1 is told without it, then again
    assert lines[0] == "ok     t1" and event_cli.WORDS["en"]["again"] in lines
    assert _verdicts(ev) == ({"t1": "fault", "t2": "fault", "t3": "ok"},) * 2


class StopAfter(ExactReader):
    """Ctrl-C at the read after ``reads`` photos."""

    def __init__(self, reads: int):
        super().__init__()
        self.reads = reads

    def __call__(self, image):
        if self.calls >= self.reads:
            raise KeyboardInterrupt
        return super().__call__(image)


@pytest.mark.parametrize("again", [False, True])
def test_a_check_stopped_midway_says_the_near_copies_among_the_tables_it_checked(tmp_path, monkeypatch, capsys,
                                                                                again):
    reader = StopAfter(8 if not again else 12)  # t1's and t2's four seats read, then Ctrl-C at t3
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    monkeypatch.setattr(runner, "near_copies_across", _alike)
    ev = tmp_path / "ev"
    for name in ("t1", "t2", "t3"):
        make_table(reader, ev, name, CLEAN)
    if again:  # a check before found t1 and t2 alike; then t2 is photographed again and the check stopped at it
        assert cli.main(_argv(ev)) == 1
        reader.draw(ev / "t2" / "seat4.png", CLEAN["4"], salt=99)
        monkeypatch.setattr(runner, "near_copies_across", lambda reports: {})  # t2's new photos: like no other
    capsys.readouterr()
    assert cli.main(_argv(ev)) == 130
    out = capsys.readouterr().out.splitlines()
    in_event, own = _verdicts(ev)
    if not again:
        # the event's page and each table's page agree, and so does what was printed
        assert in_event == own == {"t1": "fault", "t2": "fault"}
        assert "FAULT  t1: seat 2: photo seat2.png looks like one photo with seat 2 at t2's" in out
        # said again under a heading that says so, not "once every table was read": t3 was not
        heading = event_cli.WORDS["en"]["again_stopped"]
        assert out.index(heading) == 2 and event_cli.WORDS["en"]["again"] not in out
        assert japanese(event_cli.WORDS["ja"]["again_stopped"]) and "stopped" in heading
    else:  # t1 checked, unchanged; t2 not read again: t1's report no longer names t2's old photo
        assert in_event == own == {"t1": "ok", "t3": "ok"}
        assert "ok     t1" in out and not any(line.startswith("FAULT") for line in out)


def test_a_check_stopped_by_an_error_says_which_reports_of_tables_gone_it_removed(tmp_path, monkeypatch, capsys):
    reader = ExactReader()
    broken = []

    def factory(game):
        if broken:
            raise TilelensInputError("the models cannot be loaded (test)")
        return reader

    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=factory))
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    assert cli.main(_argv(ev)) == 0
    capsys.readouterr()
    (ev / "t1").rename(ev / "t3")  # t1's report removed as the check starts; t3 to read: the reader cannot load
    broken.append(True)
    assert cli.main(_argv(ev)) == 2
    out, err = capsys.readouterr()
    assert not (ev / "_report" / "t1").exists()
    assert event_cli.WORDS["en"]["removed"].format(n=1, s="", names="t1") in out.splitlines()
    assert "cannot be loaded" in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ctrl_c_once_every_table_is_read_is_said_as_any_ctrl_c(tmp_path, monkeypatch, capsys, lang):
    """Ctrl-C while the near copies across tables were looked for and the pages written again (every table read,
    the event's page not yet written) was the bare English "tilelens check: interrupted": no word of the tables
    checked, in Japanese neither, and an event report left "still running"."""
    monkeypatch.setenv("TILELENS_LANG", lang)
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    pressed = []

    def ctrl_c_once(reports):
        if not pressed:
            pressed.append(True)
            raise KeyboardInterrupt
        return {}

    monkeypatch.setattr(runner, "near_copies_across", ctrl_c_once)
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    assert cli.main(_argv(ev)) == 130
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{event_cli.WORDS[lang]['ok']} t1", f"{event_cli.WORDS[lang]['ok']} t2"]
    # session 53: every table checked, the event's report is written whole and said complete (not "the rest")
    done = event_cli.WORDS[lang]["all_done"].format(n=2, total=2, report=ev / "_report" / "index.html")
    assert err.strip().splitlines()[-1].startswith("tilelens check: ") and done in err
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert (event["finished"], event["stopped"]) == (True, None)


def test_a_page_that_cannot_be_written_again_stops_the_check_in_one_line_naming_the_tables_checked(
        tmp_path, reader, monkeypatch, capsys):
    def no_rights(out_dir, table, lang=None):
        raise PermissionError(13, "Permission denied", str(out_dir / "report.json"))

    monkeypatch.setattr(runner, "rewrite_table_report", no_rights)
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    assert cli.main(_argv(ev)) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == ["ok     t1", "ok     t2"]
    (line,) = err.strip().splitlines()  # one line, naming the report that cannot be written
    assert line.startswith("tilelens check: ") and str(ev / "_report" / "t1" / "report.json") in line
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert (event["finished"], event["stopped"]["kind"]) == (False, "error")
