"""Session 56 (f10): the big event's findings, the event check's side.

1. An event opened by name (``runner.open_event``), listed by name for the phones of its game (``open_events``):
   tables checked into it from several phones at once are each kept (the reports written one check at a time, a
   check waiting its turn; a name offered that another phone took meanwhile checked under the next free one).
3. The page of a check stopped midway says the command that checks the rest (``report.same_command``), its folders
   by their names only (f25: the page goes to phones in the zip).
4. A check whose main process is killed (``kill -9``) leaves no "leaked semaphore objects" warning of Python's
   resource tracker on the terminal.
5. The event's pages zip unzips into a folder of the name given (``report.event_pages_zip``), not ``tmpb195ycmx/``.
6. `tilelens check` marks the lines of the tables read in this check where others kept their report, and, with no
   terminal to show its progress bar, numbers a big event's lines ("[12/40]", at their end since f25).
7. "Where is this event folder now": one answer (``report.event_folder_here``), the command's.
8. ``tilelens.event`` loads its names lazily: the rules alone load no runner nor command line.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, TroubledReader, cli_in_its_own_group, make_table  # noqa: E402
from event_trust_helpers import exact_cli  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import runner  # noqa: E402
from tilelens.event.layout import EventInputError, scan_event, table_from_uploads  # noqa: E402
from tilelens.event.report import event_folder_here, event_pages_zip  # noqa: E402
from tilelens.event.runner import (CHECKED_AS, CheckOptions, check_command_here, check_event,  # noqa: E402
                                   check_uploaded_table, event_name_problem, events_root, open_event, open_events)
from tilelens.event.trust import sealed  # noqa: E402

NOGIZAKA = load_game("nogizaka")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _photos(tmp_path: Path, reader: ExactReader, salt: int) -> dict[str, tuple[str, bytes]]:
    """A clean table's four photos as uploaded, known to ``reader`` (``salt``: another table's photos)."""
    photos = {}
    for seat, kinds in CLEAN.items():
        path = tmp_path / f"up{salt}-{seat}.png"
        reader.draw(path, kinds, salt=salt)
        photos[seat] = (f"IMG_{seat}.png", path.read_bytes())
    return photos


def _check(reader, out, name, photos, **kwargs) -> dict:
    table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
    return check_uploaded_table(table, NOGIZAKA, reader, out, photos=photos, **kwargs)


# ---- 1. an event shared by several phones --------------------------------------------------------------------------
def test_an_event_opened_by_name_is_listed_for_its_game_by_name(home):
    folder = open_event(" 春の大会 ", "nogizaka")
    assert folder == events_root() / "春の大会" and folder.is_dir()
    assert events_root() == home / "scratch" / "events"  # swept with the other scratch folders a day after
    assert open_events("nogizaka") == ["春の大会"] and open_events("yokai-watch") == []
    assert open_event("春の大会", "nogizaka") == folder  # joined: the same folder
    with pytest.raises(EventInputError) as other:
        open_event("春の大会", "yokai-watch")
    assert "Nogizaka" in str(other.value) and "乃木坂" in other.value.message_ja
    assert event_name_problem("a/b") is not None and event_name_problem("") is not None
    with pytest.raises(EventInputError):
        open_event("../x", "nogizaka")
    assert not (home / "scratch" / "x").exists()


def test_a_name_offered_to_two_phones_keeps_both_tables(home, tmp_path):
    """Each phone is offered table-01 before either checks: the second was written over the first's."""
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    first = _check(reader, out, "table-01", _photos(tmp_path, reader, 1), free_name=True)
    second = _check(reader, out, "table-01", _photos(tmp_path, reader, 2), free_name=True)
    assert (first[CHECKED_AS], second[CHECKED_AS]) == ("table-01", "table-02")
    assert [t["table"] for t in second["tables"]] == ["table-01", "table-02"]
    written = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert [t["table"] for t in written["tables"]] == ["table-01", "table-02"] and CHECKED_AS not in written
    assert json.loads((out / "table-02" / "report.json").read_text(encoding="utf-8"))["table"] == "table-02"
    # a name typed replaces its report only on purpose (the phone's own table, or confirmed: f25), else refused
    with pytest.raises(runner.TableTaken):
        _check(reader, out, "table-01", _photos(tmp_path, reader, 3))
    again = _check(reader, out, "table-01", _photos(tmp_path, reader, 3), replace=True)
    assert again[CHECKED_AS] == "table-01" and [t["table"] for t in again["tables"]] == ["table-01", "table-02"]
    # the event folder as `tilelens check` reads it: its tables, the mark no table
    assert [p.name for p in scan_event(out, skip=out / "_report").tables] == ["table-01", "table-02"]


@pytest.mark.skipif(os.name == "nt", reason="no file lock on this system")
def test_a_table_checked_while_another_phone_writes_the_event_waits_its_turn(home, tmp_path):
    """A second check at once was refused ("being written by another check"), the table read and lost."""
    reader = ExactReader()
    out = tmp_path / "event"  # a session's own event as a shared one: the same writing
    _check(reader, out, "table-01", _photos(tmp_path, reader, 1))
    done: list = []
    with runner._writing(out):  # another phone's check writing the event now
        worker = threading.Thread(target=lambda: done.append(
            _check(reader, out, "table-02", _photos(tmp_path, reader, 2))))
        worker.start()
        time.sleep(0.3)
        assert not done  # waiting, not refused
    worker.join(30)
    assert done and [t["table"] for t in done[0]["tables"]] == ["table-01", "table-02"]


@pytest.mark.skipif(os.name == "nt", reason="no file lock on this system")
def test_a_check_that_cannot_get_its_turn_is_refused_with_no_path(home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = tmp_path / "event"
    monkeypatch.setattr(runner, "UPLOAD_WAIT_S", 0.2, raising=False)
    with runner._writing(out), pytest.raises(EventInputError) as busy:
        _check(reader, out, "table-01", _photos(tmp_path, reader, 1))
    assert str(tmp_path) not in str(busy.value) and str(tmp_path) not in busy.value.message_ja
    assert "check it again" in str(busy.value) and "もう一度チェック" in busy.value.message_ja


# ---- 3. a stopped check's page says the command ----------------------------------------------------------------------
def test_the_page_of_a_check_stopped_midway_says_the_command_that_checks_the_rest(home, tmp_path):
    reader = ExactReader()
    root, out = tmp_path / "my event", tmp_path / "reports"
    for name in ("t1", "t2"):
        make_table(reader, root, name, CLEAN)

    def stop(report):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False,
                    on_table=stop)
    page = (out / "index.html").read_text(encoding="utf-8")
    command = "tilelens check &#x27;my event&#x27; --game nogizaka --out reports"  # names only (f25): no path
    assert f"Run the same command again to check the rest: <code class=\"command\">{command}</code>" in page
    assert f"同じコマンドをもう一度実行すると残りをチェックします: <code class=\"command\">{command}</code>" in page
    assert str(tmp_path) not in page


# ---- 4. kill -9 of the check: no word of Python's resource tracker ---------------------------------------------------
@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads the process table in /proc")
def test_a_check_killed_at_once_leaves_no_leaked_semaphore_warning(tmp_path):
    from test_event_support import processes_in_group, wait_for

    (tmp_path / "marks").mkdir()
    reader = TroubledReader(tmp_path / "marks")
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    for i in (2, 3, 4):
        reader.slow_down(make_table(reader, tmp_path / "ev", f"t{i}", CLEAN) / "seat2.png", 5)
    p = cli_in_its_own_group(reader, [str(tmp_path / "ev"), "--game", "nogizaka", "--quiet"], tmp_path)
    try:
        assert wait_for(lambda: len(list((tmp_path / "marks").iterdir())) == 2)
        p.kill()
        p.wait()
        assert wait_for(lambda: processes_in_group(p.pid) == [], 10)
        err = p.stderr.read()
    finally:
        for pid in processes_in_group(p.pid):
            os.kill(pid, 9)
    assert "leaked semaphore" not in err and "UserWarning" not in err, err


# ---- 5. the zip's folder ---------------------------------------------------------------------------------------------
def test_the_event_pages_unzip_into_a_folder_of_the_name_given(home, tmp_path):
    reader = ExactReader()
    out = tmp_path / "scratch" / "tmpb195ycmx"
    _check(reader, out, "table-01", _photos(tmp_path, reader, 1))
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out, "spring cup"))) as z:
        assert sorted(z.namelist()) == ["spring cup/index.html", "spring cup/table-01/index.html"]
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out, "../../x"))) as z:  # one folder, never a path
        assert all(n.startswith("x/") for n in z.namelist()), z.namelist()
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out))) as z:  # as before: the report folder's name
        assert all(n.startswith("tmpb195ycmx/") for n in z.namelist())


# ---- 6. the command's lines ------------------------------------------------------------------------------------------
NAMES = [f"t-{c}" for c in "abcdefghij"]  # each drawn apart (``make_table``'s salt: the sum of its name's bytes)


def _event_of(reader, root: Path, n: int) -> None:
    for name in NAMES[:n]:
        make_table(reader, root, name, CLEAN)


def test_a_big_events_lines_are_numbered_where_no_bar_shows_and_the_tables_read_again_marked(
        tmp_path, monkeypatch, capsys):
    reader = exact_cli(monkeypatch, tmp_path)
    root = tmp_path / "ev"
    _event_of(reader, root, 10)
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:10] == [f"ok     {NAMES[i - 1]} [{i}/10]" for i in range(1, 11)]  # all read: none marked
    # one photo retaken: its table read again, the others kept; which one is said on its line
    reader.draw(root / "t-c" / "seat2.png", CLEAN["2"], salt=99)
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "ok     t-c (read) [3/10]" and lines[3] == "ok     t-d [4/10]", lines
    assert sum("(read)" in line for line in lines) == 1
    assert "(1 read, 9 unchanged)" in lines[-1]
    # --quiet: no progress of any kind
    reader.draw(root / "t-d" / "seat2.png", CLEAN["2"], salt=98)
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "ok     t-d (read)" and lines[0] == "ok     t-a", lines


def test_a_small_events_lines_are_as_they_were_and_japanese_marks_its_own(tmp_path, monkeypatch, capsys):
    reader = exact_cli(monkeypatch, tmp_path)
    root = tmp_path / "ev"
    _event_of(reader, root, 3)
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == ["ok     t-a", "ok     t-b", "ok     t-c"]
    reader.draw(root / "t-b" / "seat2.png", CLEAN["2"], salt=99)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["問題なし t-a", "問題なし t-b (今回読んだ卓)", "問題なし t-c"], lines


# ---- 7. one answer to "where is this event folder now" ---------------------------------------------------------------
def test_where_the_event_folder_is_now_has_one_answer(home, tmp_path):
    """/tmp/w6/event_dir_demo.py: the app named A's folder, the command B's, for one report folder."""
    for folder in ("A/ev-a", "B/ev-b"):
        (tmp_path / folder / "t1").mkdir(parents=True)
        (tmp_path / folder / "t1" / "seat1.jpg").write_bytes(b"x")
    out = tmp_path / "B" / "rep"
    (out / "t1").mkdir(parents=True)
    event = sealed({"tables": [{"table": "t1"}], "event_dir": str(tmp_path / "A" / "ev-a"),
                    "event_dir_from_report": "../ev-b", "game": "nogizaka"})
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    assert event_folder_here(out, event) == event_folder_here(out) == (tmp_path / "B" / "ev-b").resolve()
    assert f" {(tmp_path / 'B' / 'ev-b').resolve()} " in check_command_here(out)
    from tilelens import event as package

    assert package.event_folder_here is event_folder_here  # the public one


# ---- 8. the package's names, loaded lazily ---------------------------------------------------------------------------
def test_the_rules_load_no_runner_nor_command_line():
    code = ("import sys, tilelens.event.rules\n"
            "print(sorted(m for m in ('tilelens.event.runner', 'tilelens.event.cli', 'tilelens.event.report', 'tqdm')"
            " if m in sys.modules))\n"
            "from tilelens.event import check_event, main, CheckOptions, Verdict, runner\n"
            "import tilelens.event as e\n"
            "print(callable(check_event) and callable(main) and sorted(e.__all__) == sorted(e._EXPORTS))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2], env={**os.environ, "YOLO_OFFLINE": "1"})
    assert done.stdout.split("\n")[:2] == ["[]", "True"], (done.stdout, done.stderr)
