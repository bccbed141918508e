"""Session 56 (f25): the review of the event check's shared events (rv1), the event check's side.

1. A table name typed on phone B that phone A checked a table under replaced A's photos and report (only a caption
   said so): a table checked elsewhere is not replaced unless the caller says so (``replace``), refused naming the
   next free name (``TableTaken``), decided inside the event's write lock, so that two phones typing one new name at
   once cannot both win.
2. The page of a check stopped midway (offered to phones in the event's zip) named the laptop's folders in its
   command: now the event folder (and a report folder beside it) by its own name only.
3. ``tilelens check``'s lines began with "3/12 " where standard error is no terminal: ``grep '^FAULT'`` missed them.
   The table's place is said at the end of its line; the line begins with its verdict whatever standard error is.
4. One builder of the ``tilelens check`` command, one ``_is_dir``, one check of a folder's name.
"""
from __future__ import annotations

import io
import re
import sys
import threading
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

import test_event_big_f10_56 as f10  # noqa: E402
from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402
from event_trust_helpers import exact_cli  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli, report, runner  # noqa: E402
from tilelens.event.layout import EventInputError  # noqa: E402
from tilelens.event.report import event_pages_zip, same_command, write_event_report  # noqa: E402
from tilelens.event.runner import CHECKED_AS, event_name_problem, open_event, table_name_problem  # noqa: E402

NOGIZAKA = load_game("nogizaka")


home = f10.home  # the home, a clean table's photos as uploaded and their check: those of f10's big event
_photos = f10._photos
_check = f10._check


def _kept(out: Path, name: str) -> bytes:
    """The seat 2 photo kept in the table's folder (whose it is)."""
    return (out / name / "seat2.png").read_bytes()


# ---- 1. another phone's table is not replaced silently -------------------------------------------------------------
def test_a_typed_name_another_phone_checked_is_refused_naming_the_next_free_one(home, tmp_path):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a = _photos(tmp_path, reader, 1)
    _check(reader, out, "table-01", a)  # phone A
    with pytest.raises(EventInputError) as taken:  # phone B types table-01
        _check(reader, out, "table-01", _photos(tmp_path, reader, 3))
    assert isinstance(taken.value, runner.TableTaken) and (taken.value.name, taken.value.free) == ("table-01", "table-02")
    assert "table-01" in str(taken.value) and "table-02" in str(taken.value), str(taken.value)
    assert "table-01" in taken.value.message_ja and "table-02" in taken.value.message_ja
    assert str(tmp_path) not in str(taken.value) + taken.value.message_ja  # a phone is told it: no path
    assert _kept(out, "table-01") == a["2"][1] and runner.tables_checked(out) == ["table-01"]  # A's, untouched
    # replaced on purpose (the phone confirmed it, or it checks its own table again): as before
    again = _check(reader, out, "table-01", _photos(tmp_path, reader, 3), replace=True)
    assert again[CHECKED_AS] == "table-01" and _kept(out, "table-01") != a["2"][1]


class _MeetingReader(ExactReader):
    """Each thread's first photo waits for the other thread's: both checks are past any look before reading at the
    names taken, and write after."""

    def __init__(self, barrier: threading.Barrier):
        super().__init__()
        self.barrier, self.met = barrier, threading.local()

    def __call__(self, image):
        if not getattr(self.met, "done", False):
            self.met.done = True
            self.barrier.wait()
        return super().__call__(image)


@pytest.mark.parametrize("free_name", [False, True], ids=["typed", "offered"])
def test_two_phones_checking_one_new_name_at_once_cannot_both_win(home, tmp_path, free_name):
    barrier = threading.Barrier(2, timeout=60)
    reader = _MeetingReader(barrier)
    out = open_event("cup", "nogizaka")
    photos = {n: _photos(tmp_path, reader, n) for n in (1, 2)}
    done: dict[int, object] = {}

    def phone(n: int) -> None:
        try:
            done[n] = _check(reader, out, "卓3", photos[n], free_name=free_name)[CHECKED_AS]
        except EventInputError as exc:
            done[n] = exc

    threads = [threading.Thread(target=phone, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not barrier.broken, "the two checks did not read at once"
    names = sorted(v for v in done.values() if isinstance(v, str))
    if free_name:  # each kept: the second under the next free name
        assert names == ["卓3", "卓4"] and runner.tables_checked(out) == ["卓3", "卓4"], done
    else:  # one kept, the other refused naming the next free name
        (refused,) = [v for v in done.values() if isinstance(v, runner.TableTaken)]
        assert names == ["卓3"] and refused.free == "卓4" and runner.tables_checked(out) == ["卓3"], done
    winner = next(n for n, v in done.items() if v == "卓3")
    assert _kept(out, "卓3") == photos[winner]["2"][1]  # the report and photos of the one kept under it


# ---- 2. a stopped check's page names no folder of the computer -------------------------------------------------------
def _stopped_page(out: Path, event_dir: str, game: str = "nogizaka") -> str:
    event = {"event_dir": event_dir, "game": game, "finished": False, "tables": [], "unchecked": ["t1", "t2"],
             "model_version": "x", "stopped": {"kind": "interrupted", "reason": "stopped (Ctrl+C)", "reason_ja": "中断"}}
    write_event_report(out, event)
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out, "cup"))) as z:
        return z.read("cup/index.html").decode("utf-8")


def _commands(page: str) -> list[str]:
    return re.findall(r'<code class="command">([^<]*)</code>', page)


@pytest.mark.parametrize("report, command", [
    ("my ev/_report", "tilelens check &#x27;my ev&#x27; --game nogizaka"),  # the default report
    ("reports", "tilelens check &#x27;my ev&#x27; --game nogizaka --out reports"),  # --out beside the event folder
    ("far/away", None),  # --out elsewhere: "run the same command again", no command
])
def test_a_stopped_checks_page_names_its_folders_by_their_names_only(home, tmp_path, report, command):
    page = _stopped_page(tmp_path / report, str(tmp_path / "my ev"))
    assert str(tmp_path) not in page and "TILELENS_HOME" not in page
    assert _commands(page) == ([command] * 2 if command else []), _commands(page)
    assert "Run the same command again to check the rest" in page and "同じコマンドをもう一度実行すると残りをチェックします" in page


def test_a_stopped_check_of_a_game_file_names_the_file_by_its_name(home, tmp_path):
    page = _stopped_page(tmp_path / "ev" / "_report", str(tmp_path / "ev"), str(tmp_path / "games" / "neo.toml"))
    assert _commands(page) == ["tilelens check ev --game neo.toml"] * 2  # (a file not there: "Game:" says it as given)


def test_the_reviewers_stopped_page_names_no_folder_of_the_organisers(home, tmp_path):
    """/tmp/rv1/t_page_paths.py: the zip's page said ``--out /tmp/rv1/ev1/_report`` and /home/organiser/private."""
    page = _stopped_page(tmp_path / "ev1" / "_report", "/home/organiser/private/spring-cup")
    assert "/home/organiser" not in page and str(tmp_path) not in page and not _commands(page)


# ---- 3. a line begins with its verdict whatever standard error is ----------------------------------------------------
NAMES = [f"t-{c}" for c in "abcdefghij"]


@pytest.mark.parametrize("terminal", [False, True], ids=["log", "terminal"])
def test_each_line_begins_with_its_verdict_whatever_standard_error_is(tmp_path, monkeypatch, capsys, terminal):
    reader = exact_cli(monkeypatch, tmp_path)
    root = tmp_path / "ev"
    for name in NAMES:
        make_table(reader, root, name, dict(CLEAN, **{"2": CLEAN["2"] + ["rarin"]}) if name == "t-c" else CLEAN)
    monkeypatch.setattr(event_cli, "bar_hidden", lambda progress: not terminal or not progress)
    assert cli.main(["check", str(root), "--game", "nogizaka", "--jobs", "1"]) == 1
    lines = capsys.readouterr().out.splitlines()[:10]
    faults = [line for line in lines if re.match(r"FAULT  t-c: ", line)]  # grep '^FAULT'
    assert len(faults) == 1, lines
    assert [line.split()[1].rstrip(":") for line in lines] == NAMES, lines  # awk '{print $2}': the table
    numbered = [f" [{i}/10]" for i in range(1, 11)]
    if terminal:  # the bar says how far the check got
        assert not any(line.endswith(n) for line, n in zip(lines, numbered)), lines
    else:  # a log says it at each line's end
        assert all(line.endswith(n) for line, n in zip(lines, numbered)), lines
        assert lines[0] == "ok     t-a [1/10]"


# ---- 4. one of each --------------------------------------------------------------------------------------------------
def test_one_folder_test_and_one_command_builder():
    assert runner._is_dir is report._is_dir
    assert runner.command_line is report.command_line
    assert same_command(Path("/ev/day 1/_report"), {"event_dir": "/ev/day 1", "game": "nogizaka"}) == \
        report.command_line("day 1", "nogizaka")


@pytest.mark.parametrize("name, en, ja", [
    ("", "name is empty", "名前を入力してください"),
    ("a:b", "cannot hold", "は使えません"),
    ("cup.", "cannot begin or end with a dot", "ドットで始めたり終えたりできません"),
    ("nul", "is a name a folder cannot have", "フォルダの名前にできません"),
    ("x" * 61, "61 characters long: at most 60", "61文字あります"),
])
def test_an_event_and_a_table_name_are_refused_alike_each_naming_itself(name, en, ja):
    for problem, what, what_ja in ((event_name_problem(name), "event name", "イベントの名前"),
                                   (table_name_problem(name), "table name", "卓の名前")):
        assert problem is not None and en in problem[0] and ja in problem[1], problem
        assert what in problem[0] and what_ja in problem[1], problem
    assert event_name_problem("thumbs") is None and table_name_problem("thumbs") is not None  # a report's own folder
    assert table_name_problem("index.html") is not None and event_name_problem("春の大会") is None
