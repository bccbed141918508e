"""Session 48: `tilelens check`'s lines of a table printed again once every table is read (a near copy of its photo
at a table checked after it) say that they replace the lines above, and the summary counts such a table once, as a
fault; a check stopped by Ctrl-C says which reports of tables gone it removed, as a finished one does."""
from __future__ import annotations

import functools

import pytest

from test_event_support import CLEAN, ExactReader, japanese, make_table
from tilelens import cli
from tilelens.event import cli as event_cli
from tilelens.event import runner
from tilelens.event.model import Finding, FindingKind
from tilelens.event.runner import check_event


def _alike(reports):
    """In place of the looks: seat 2 of t1 and seat 2 of t2 one photo (what near_copies_across finds)."""
    if not {"t1", "t2"} <= set(reports):
        return {}
    return {t: [Finding(FindingKind.NEAR_COPY, f"seat 2: photo seat2.png looks like one photo with seat 2 at {o}'s",
                        seats=("2",), data={"table": o, "seat": "2", "photo": "seat2.png"},
                        message_ja=f"2番席: 写真 seat2.png は{o} の2番席の写真と同じ写真のようです")]
            for t, o in (("t1", "t2"), ("t2", "t1"))}


@pytest.fixture()
def event(tmp_path, monkeypatch):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    monkeypatch.setattr(runner, "near_copies_across", _alike)
    ev = tmp_path / "ev"
    for name in ("t0", "t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    return ev


def test_lines_printed_again_say_they_replace_the_ones_above_and_the_summary_counts_them_once(event, capsys):
    assert cli.main(["check", str(event), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:3] == ["ok     t0", "ok     t1", "ok     t2"]  # as each table was checked
    heading = event_cli.WORDS["en"]["again"]
    assert "photos alike across tables" in heading and "replace" in heading
    assert lines[3] == heading  # said once, before the lines printed again
    assert lines[4].startswith("FAULT  t1: seat 2: photo seat2.png looks like one photo with seat 2 at t2's")
    assert lines[5].startswith("FAULT  t2: ")
    assert lines.count(heading) == 1 and "ok     t0" in lines and lines.count("ok     t0") == 1
    assert "not in order: t1, t2" in lines
    assert "1 of 3 tables in order (3 read, 0 unchanged)" in err  # t1, t2 once each, as faults


def test_no_heading_when_no_line_is_printed_again(tmp_path, monkeypatch, capsys):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines() == ["ok     t1"]


def test_lines_printed_again_in_japanese(event, monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["check", str(event), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    lines = capsys.readouterr().out.splitlines()
    heading = event_cli.WORDS["ja"]["again"]
    assert japanese(heading) and lines[3] == heading and lines[4].startswith("問題あり t1: ")
    # a second check: t1 and t2 unchanged, their stored near copies told at once (session 49), no lines again
    assert cli.main(["check", str(event), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines()[1].startswith("問題あり t1: ") and heading not in out and "3卓中1卓が問題なし" in err


class StopAtNewTable(ExactReader):
    stop = False

    def __call__(self, image):
        if self.stop:
            raise KeyboardInterrupt
        return super().__call__(image)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ctrl_c_says_which_reports_of_tables_gone_it_removed(tmp_path, monkeypatch, capsys, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    reader = StopAtNewTable()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    argv = ["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]
    assert cli.main(argv) == 0
    capsys.readouterr()
    (ev / "t1").rename(ev / "t3")  # t1 gone (its report removed as the check starts); t3 to read: Ctrl-C there
    reader.stop = True
    assert cli.main(argv) == 130
    out, err = capsys.readouterr()
    removed = event_cli.WORDS[lang]["removed"].format(n=1, s="", names="t1")
    assert removed in out.splitlines()
    assert err.strip().splitlines()[-1].startswith("tilelens check: ")
