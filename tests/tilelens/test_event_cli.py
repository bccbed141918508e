"""``tilelens check``: exit status, printed summary, and one-line errors through the CLI router."""
from __future__ import annotations

import functools
import json
import os
import signal
import time
from pathlib import Path

import pytest

from test_event_support import CLEAN, IDOLS, ExactReader, TroubledReader, cli_in_its_own_group, make_table, \
    processes_in_group, same_reader, wait_for
from tilelens import cli
from tilelens.event import cli as event_cli
from tilelens.event.runner import check_event


@pytest.fixture()
def exact(monkeypatch):
    """The CLI with the exact reader in place of the models (in one process)."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def test_all_tables_in_order_exit_0_and_report_beside(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    event = json.loads((tmp_path / "ev" / "_report" / "event.json").read_text())
    assert event["in_order"] is True
    assert event["verdicts"] == {"ok": len(event["tables"]), "review": 0, "fault": 0}  # every count, for a CI script
    assert "ok     t1" in capsys.readouterr().out


def test_a_faulty_table_exits_1_and_says_why(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    make_table(exact, tmp_path / "ev", "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    out = tmp_path / "out"
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 1
    printed = capsys.readouterr().out
    assert "FAULT  t2: seat 4 (non-dealer) has 9 tiles, expected 8 (1 too many)" in printed
    assert "1 of 2 tables in order (2 read, 0 unchanged)" in printed
    assert (out / "t2" / "index.html").is_file()


def test_a_house_game_file_is_checked_by_its_own_table(exact, tmp_path, capsys):
    """--game took only the shipped ids ("invalid choice"), so an organiser's edited roster could not be used."""
    from scorer import load_game

    house = tmp_path / "house-nogizaka.toml"
    house.write_text(open(load_game("nogizaka").source, encoding="utf-8").read().replace(
        "copies = 6", "copies = 7", 1), encoding="utf-8")  # one member has a seventh copy at this event
    misa = ["misa-senpai"]
    seven = dict(CLEAN, **{"1": misa * 3 + CLEAN["1"][1:7], "2": misa * 2 + CLEAN["2"][2:]})  # + 1 + 1 = 7
    make_table(exact, tmp_path / "ev", "t1", seven)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    capsys.readouterr()
    assert cli.main(["check", str(tmp_path / "ev"), "--game", str(house), "--out", str(tmp_path / "out"),
                     "--jobs", "1", "--quiet"]) == 0, capsys.readouterr()


def test_a_seat_with_many_unsure_tiles_is_one_item_of_the_tables_line(exact, tmp_path, capsys):
    # a blurred photo: every tile unsure. The line names how many and where; two unsure tiles are each said
    unsure = {i: 0.4 for i in range(8)}
    make_table(exact, tmp_path / "ev", "t1", CLEAN, conf={"2": unsure, "3": {0: 0.5, 5: 0.6}})
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    line = next(x for x in capsys.readouterr().out.splitlines() if " t1" in x)
    assert line.startswith("REVIEW t1: ")
    assert "seat 2: 8 tiles to confirm (tiles 1, 2, 3, 4, 5, 6, 7, 8)" in line
    assert "seat 3, tile 1: read as" in line and "seat 3, tile 6: read as" in line
    assert "seat 2, tile" not in line and line.count("please confirm") == 2
    report = json.loads((tmp_path / "ev" / "_report" / "t1" / "report.json").read_text())
    assert sum(f["kind"] == "unsure-tile" for f in report["findings"]) == 10  # the report keeps each


@pytest.mark.parametrize("args, message", [
    (["/no/such/event", "--game", "nogizaka"], "does not exist"),
    (["{tmp}", "--game", "nogizak"], "unknown game 'nogizak' (did you mean: nogizaka?)"),
    (["{tmp}", "--game", "{tmp}/house.toml"], "house.toml' does not exist"),
    (["{tmp}", "--game", "nogizaka"], "holds no table folder"),
    (["{tmp}", "--game", "nogizaka", "--out", "{tmp}/t1/seat1-dealer.png/report"],
     "seat1-dealer.png is a file, not a folder"),  # said before any photo is read, not a traceback after
    (["{tmp}", "--game", "nogizaka", "--out", "{tmp}"], "is the event folder: the reports would be written among "
     "the players' photos"),  # each table's report was written into its photo folder
])
def test_bad_input_is_one_line_and_exit_2(exact, tmp_path, capsys, args, message):
    if "--out" in args:
        make_table(exact, tmp_path, "t1", CLEAN)
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert cli.main(["check", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_ctrl_c_before_the_event_folder_was_read_says_so(monkeypatch, tmp_path, capsys):
    """It said "interrupted before any of 0 tables was checked"."""
    from tilelens.event import EventInterrupted

    def interrupted(*args, **kwargs):
        raise EventInterrupted([], 0)

    monkeypatch.setattr(event_cli, "check_event", interrupted)
    make_table(ExactReader(), tmp_path / "ev", "t1", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--quiet"]) == 130
    assert capsys.readouterr().err.strip().splitlines() == [
        "tilelens check: interrupted before the event folder was read: the same command checks it"]


def test_a_folder_skipped_as_a_report_is_named_on_the_output(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    (tmp_path / "ev" / "day1").mkdir()
    (tmp_path / "ev" / "day1" / "event.json").write_text("{}")
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    assert "skipped day1: holds only the report of an earlier check (event.json)" in capsys.readouterr().out


def slow_event(tmp_path: Path) -> tuple[TroubledReader, Path, Path]:
    """t1 quick, then six tables of 5 s each: two workers are busy a long while after t1."""
    (tmp_path / "marks").mkdir()
    reader = TroubledReader(tmp_path / "marks")
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    for i in range(2, 8):
        reader.slow_down(make_table(reader, tmp_path / "ev", f"t{i}", CLEAN) / "seat2.png", 5)
    return reader, tmp_path / "ev", tmp_path / "out"


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads the process table in /proc")


@needs_proc
def test_ctrl_c_stops_the_check_at_once_and_keeps_what_was_finished(tmp_path):
    """Ctrl-C waited for every table queued (28 s for 16 tables, all read after it, and no word of them)."""
    reader, ev, out = slow_event(tmp_path)
    p = cli_in_its_own_group(reader, [str(ev), "--game", "nogizaka", "--out", str(out), "--quiet"], tmp_path)
    try:
        assert wait_for(lambda: len(list((tmp_path / "marks").iterdir())) == 2)  # each worker on a slow table
        os.killpg(p.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to every process of the group
        start = time.monotonic()
        printed, err = p.communicate(timeout=60)
        assert time.monotonic() - start < 4
    finally:
        p.kill()
    assert p.returncode == 130
    assert err.strip().splitlines() == ["tilelens check: interrupted with 1 of 7 tables checked: their reports are "
                                        "kept, and the same command checks the rest"]
    assert printed.splitlines() == ["ok     t1"]
    assert sorted(r.parent.name for r in out.glob("*/report.json")) == ["t1"]
    assert wait_for(lambda: processes_in_group(p.pid) == [], 2), "worker processes outlived the check"


@needs_proc
def test_the_workers_end_with_a_check_that_is_killed(tmp_path):
    """`kill PID` of the check left its workers reading (and then waiting) for ever."""
    reader, ev, out = slow_event(tmp_path)
    p = cli_in_its_own_group(reader, [str(ev), "--game", "nogizaka", "--out", str(out), "--quiet"], tmp_path)
    try:
        assert wait_for(lambda: len(list((tmp_path / "marks").iterdir())) == 2)
        p.kill()
        p.wait()
        assert wait_for(lambda: processes_in_group(p.pid) == [], 3), "worker processes outlived the check"
    finally:
        for pid in processes_in_group(p.pid):
            os.kill(pid, signal.SIGKILL)


def test_a_worker_that_dies_is_one_line_and_exit_3_and_the_finished_tables_are_said(tmp_path, monkeypatch, capsys):
    """A worker killed (out of memory) was a traceback and exit status 1, which says "a table has a fault"."""
    (tmp_path / "marks").mkdir()
    reader = TroubledReader(tmp_path / "marks")
    ev, out = tmp_path / "ev", tmp_path / "out"
    make_table(reader, ev, "t1", CLEAN)
    make_table(reader, ev, "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    reader.die_on(make_table(reader, ev, "t3", CLEAN) / "seat2.png", after=(out / "t1" / "report.json",
                                                                             out / "t2" / "report.json"))
    monkeypatch.setattr(event_cli, "check_event", functools.partial(
        check_event, factory=functools.partial(same_reader, reader)))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--out", str(out), "--jobs", "2", "--quiet"]) == 3
    printed, err = capsys.readouterr()
    assert printed.splitlines() == ["ok     t1", "FAULT  t2: seat 4 (non-dealer) has 9 tiles, expected 8 (1 too many): "
                                    "count the tiles again at the table",
                                    "not in order: t2"]
    assert err.strip().splitlines() == [
        "tilelens check: a worker process ended abruptly (out of memory?) with 2 of 3 tables checked: their reports "
        "are kept, and the same command checks the rest (--jobs 1 needs less memory)"]


def test_a_report_folder_of_another_game_is_not_written_over(exact, tmp_path, capsys):
    """A second event of another game checked into the same --out replaced the first's reports unsaid."""
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    make_table(exact, tmp_path / "ev", "t2", CLEAN)
    make_table(exact, tmp_path / "idols", "t1", {str(i + 1): h for i, h in enumerate(IDOLS)})
    out = tmp_path / "out"
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    before = (out / "t1" / "report.json").read_text()
    idols = ["check", str(tmp_path / "idols"), "--game", "cinderella-neo"]
    assert cli.main([*idols, "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"tilelens check: {out} holds the report of a check of nogizaka: give "
                                        f"the check of cinderella-neo another --out, or remove that folder first"]
    assert (out / "t1" / "report.json").read_text() == before
    assert json.loads((out / "event.json").read_text())["game"] == "nogizaka"
    # the same game again, and a report folder of nothing yet, are written as before
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 0
    assert cli.main([*idols, "--jobs", "1"]) == 0


def test_a_worker_that_dies_leaves_a_report_that_says_the_check_did_not_finish(tmp_path, monkeypatch, capsys):
    """The event page of the complete check before stayed, "2 of 2 tables in order", after a check that found
    t3 at fault and never read t4."""
    (tmp_path / "marks").mkdir()
    reader = TroubledReader(tmp_path / "marks")
    ev, out = tmp_path / "ev", tmp_path / "out"
    make_table(reader, ev, "t1", CLEAN)
    make_table(reader, ev, "t2", CLEAN)
    monkeypatch.setattr(event_cli, "check_event", functools.partial(
        check_event, factory=functools.partial(same_reader, reader)))
    args = ["check", str(ev), "--game", "nogizaka", "--out", str(out), "--quiet"]
    assert cli.main([*args, "--jobs", "1"]) == 0
    make_table(reader, ev, "t3", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    reader.die_on(make_table(reader, ev, "t4", CLEAN) / "seat2.png", after=(out / "t3" / "report.json",))
    assert cli.main([*args, "--jobs", "2"]) == 3
    capsys.readouterr()
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["in_order"], event["unchecked"]) == (False, False, ["t4"])
    assert event["stopped"]["kind"] == "worker-died" and "out of memory" in event["stopped"]["reason"]
    assert [t["table"] for t in event["tables"]] == ["t1", "t2", "t3"]
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "did not finish" in html and "2 of 2 tables in order" not in html


def test_a_report_folder_of_another_event_is_one_line_and_exit_2(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "day1", "t1", CLEAN)
    make_table(exact, tmp_path / "day2", "t1", CLEAN)
    out = tmp_path / "out"
    assert cli.main(["check", str(tmp_path / "day1"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert cli.main(["check", str(tmp_path / "day2"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        f"tilelens check: {out} holds the report of another event ({(tmp_path / 'day1').resolve()}): give the check "
        f"of {tmp_path / 'day2'} another --out, or remove that folder first"]
    assert cli.main(["check", str(tmp_path / "day1"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 0


def test_an_error_that_stops_the_check_is_one_line_and_the_report_says_it_stopped(exact, tmp_path, capsys):
    """t2's report could not be written (a file in the way; a disk full, no rights): event.json said "running"."""
    for name in ("t1", "t2", "t3"):
        make_table(exact, tmp_path / "ev", name, CLEAN)
    out = tmp_path / "out"
    out.mkdir()
    (out / "t2").write_text("not a folder")
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1",
                     "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"tilelens check: {out / 't2'}: File exists (a file is where a folder must go)"]
    event = json.loads((out / "event.json").read_text())
    assert (event["finished"], event["stopped"]["kind"], event["unchecked"]) == (False, "error", ["t2", "t3"])
    assert str(out / "t2") in event["stopped"]["reason"]


def test_an_error_that_stops_the_check_says_the_tables_checked_before_it(exact, tmp_path, capsys):
    """Ctrl-C and a worker's death listed the tables checked; an error (a report that cannot be written) did not."""
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    make_table(exact, tmp_path / "ev", "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    make_table(exact, tmp_path / "ev", "t3", CLEAN)
    out = tmp_path / "out"
    out.mkdir()
    (out / "t3").write_text("not a folder")
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1",
                     "--quiet"]) == 2
    printed, err = capsys.readouterr()
    assert printed.splitlines() == ["ok     t1", "FAULT  t2: seat 4 (non-dealer) has 9 tiles, expected 8 (1 too many): "
                                    "count the tiles again at the table",
                                    "not in order: t2"]
    assert err.strip().splitlines() == [f"tilelens check: {out / 't3'}: File exists (a file is where a folder must go)"]


def test_the_help_of_out_says_its_default_and_that_a_photo_folder_is_refused():
    """--out among the players' photos (the event folder, a table's) is refused, and the help did not say so."""
    said = " ".join(event_cli.build_parser().format_help().split())
    start = said.rindex("--out REPORT_DIR")  # its help, not the usage line
    out = said[start:said.index("--jobs", start)]
    assert "default: EVENT_DIR/_report" in out
    assert "refused" in out and "EVENT_DIR itself" in out and "a table's photo folder" in out


def test_an_event_folder_that_is_a_file_is_named_as_the_event_folder(exact, tmp_path, capsys):
    """`tilelens check photo.jpg` said "--out photo.jpg/_report: photo.jpg is a file, not a folder", of an
    --out never given."""
    photo = tmp_path / "seat1-dealer.jpg"
    photo.write_bytes(b"not a folder")
    assert cli.main(["check", str(photo), "--game", "nogizaka", "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tilelens check: event folder {str(photo)!r} does not exist or is not a folder"]
