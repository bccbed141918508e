"""The ledger under hostile conditions (a walkthrough of 2026-12): TILELENS_HOME naming a file is said as that, and
`ledger list` (which only reads) says no "cannot be made"; a merge killed part way is said once by the next merge,
its copy (the ledger as it is) removed, older copies of merges not piling up; a damaged ledger is said in one wording
wherever it is found, with both ways out (rename it; the ledger page's button)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ledger_helpers import app_home, run
from tilelens.ledger import Ledger, LedgerError, open_existing
from tilelens.ledger_merge import MergeReport, merge_ledgers, merge_summary

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    return app_home(tmp_path, monkeypatch)


def _seed(path: Path, n: int = 1, names=("Ann", "Ben", "Cat", "Dan")) -> Path:
    ledger = Ledger(path)
    for _ in range(n):
        match = ledger.new_match("tokyo-mahjong", list(names))
        ledger.add_win(match, 0, "ron", {1: 1000})
    return path


# --- 1: TILELENS_HOME naming a file


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tilelens_home_a_file_is_named_as_the_thing_to_fix(tmp_path, monkeypatch, capsys, lang):
    afile = tmp_path / "afile"
    afile.write_text("x")
    monkeypatch.setenv("TILELENS_HOME", str(afile))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    monkeypatch.setenv("TILELENS_LANG", lang)
    other = _seed(tmp_path / "other.sqlite")
    code, _, listed = run(capsys, "ledger", "list")
    assert code == 2 and str(afile) in listed and "Traceback" not in listed
    code, _, merged = run(capsys, "ledger", "merge", str(other))
    assert code == 2 and str(afile) in merged
    if lang == "en":
        assert "TILELENS_HOME names a file, not a folder" in listed and "cannot be made" not in listed, listed
        assert "TILELENS_HOME names a file, not a folder" in merged and "cannot be made" in merged, merged
    else:
        assert "TILELENS_HOME がフォルダではなくファイル" in listed and "作れません" not in listed, listed
        assert "TILELENS_HOME がフォルダではなくファイル" in merged and "作れません" in merged, merged
    assert afile.read_text() == "x"


def test_the_page_says_tilelens_home_a_file_too(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("x")
    monkeypatch.setenv("TILELENS_HOME", str(afile))
    with pytest.raises(LedgerError) as refused:
        Ledger(afile / "ledger.sqlite")
    assert str(refused.value).startswith("TILELENS_HOME names a file, not a folder")
    assert refused.value.message_ja.startswith("TILELENS_HOME がフォルダではなくファイル")


def test_list_under_a_file_named_by_tilelens_ledger_says_no_cannot_be_made(tmp_path, home, capsys, monkeypatch):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    monkeypatch.setenv("TILELENS_LEDGER", str(blocker / "ledger.sqlite"))
    code, _, err = run(capsys, "ledger", "list")
    assert code == 2 and str(blocker) in err and "cannot be made" not in err and "TILELENS_LEDGER" in err, err
    assert "TILELENS_HOME" not in err


# --- 2: a merge killed part way

_KILL = """
import os, signal, sys
import tilelens.ledger_merge as lm
def killed(db, theirs, before_change):
    before_change()
    db.execute("INSERT INTO matches (game_id, players, rules, created) VALUES ('x', '[]', '{}', 0)")
    db.execute("PRAGMA cache_spill = 1")
    os.kill(os.getpid(), signal.SIGKILL)
lm._merge_into = killed
lm.merge_ledgers(sys.argv[1], sys.argv[2])
"""


def _killed_merge(target: Path, other: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _KILL, str(target), str(other)], env=env, cwd=ROOT)
    assert done.returncode == -9


def _copies(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".before-merge-" in p.name and p.name.endswith(".sqlite"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_killed_merge_is_said_once_by_the_next_and_its_copy_removed(tmp_path, home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    target = _seed(home / "ledger.sqlite", 2)
    other = _seed(tmp_path / "other.sqlite", 3, ("Eve", "Fay", "Gus", "Hal"))
    _killed_merge(target, other)
    assert len(_copies(home)) == 1 and len(Ledger(target).matches()) == 2  # rolled back: the ledger as before
    code, out, err = run(capsys, "ledger", "merge", str(other))
    assert code == 0, err
    stopped = "earlier merge into this ledger was stopped" if lang == "en" else "以前の追加が途中で止まって"
    assert out.count(stopped) == 1, out
    assert len(Ledger(target).matches()) == 5
    assert len(_copies(home)) == 1  # this merge's own copy alone: the stopped one's removed
    code, out, _ = run(capsys, "ledger", "merge", str(other))
    assert code == 0 and stopped not in out, out


def test_the_page_says_a_stopped_merge_too(tmp_path):
    report = MergeReport(tmp_path / "ledger.sqlite", tmp_path / "o.sqlite", stopped=True)
    for lang, words in (("en", "earlier merge into this ledger was stopped"), ("ja", "以前の追加が途中で止まって")):
        assert any(words in line for line in merge_summary(report, lang, on_page=True)), lang
        assert any(words in line for line in merge_summary(report, lang, phone=True)), lang


def _old_copy(target: Path, days_ago: float, n: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() - days_ago * 86400))
    copy = target.with_name(f"{target.stem}.before-merge-{stamp}-{n}{target.suffix}")
    _seed(copy, n)  # a ledger that differs from this one
    when = time.time() - days_ago * 86400
    os.utime(copy, (when, when))
    return copy


def test_older_copies_of_merges_do_not_pile_up(tmp_path):
    target = _seed(tmp_path / "ledger.sqlite", 2)
    copies = [_old_copy(target, 100 - k, k + 1) for k in range(8)]
    other = _seed(tmp_path / "other.sqlite", 1, ("Eve", "Fay", "Gus", "Hal"))
    report = merge_ledgers(target, other)
    left = set(_copies(tmp_path))
    assert report.copy in left and report.pruned == 4
    assert left - {report.copy} == set(copies[-4:])  # the newest kept, with this merge's own
    said = "\n".join(merge_summary(report))
    assert "Removed 4 older copies of the ledger kept by earlier merges" in said, said


def test_the_only_copy_that_differs_is_never_removed(tmp_path):
    target = _seed(tmp_path / "ledger.sqlite", 2)
    copy = _old_copy(target, 400, 1)
    other = tmp_path / "empty-but-a-match.sqlite"
    _seed(other, 1, ("Eve", "Fay", "Gus", "Hal"))
    report = merge_ledgers(target, other)
    assert copy.exists() and report.pruned == 0


# --- 3: a damaged ledger in one wording


def test_a_damaged_ledger_is_said_one_way_with_both_ways_out(tmp_path):
    path = _seed(tmp_path / "ledger.sqlite", 3)
    data = path.read_bytes()
    path.write_bytes(data[:100] + os.urandom(len(data) - 100))
    with pytest.raises(LedgerError) as by_cli:
        open_existing(path, "--db")
    with pytest.raises(LedgerError) as by_page:
        Ledger(path)
    assert str(by_cli.value) == str(by_page.value), (str(by_cli.value), str(by_page.value))
    assert by_cli.value.message_ja == by_page.value.message_ja
    said = str(by_cli.value)
    assert "rename it" in said and "button" in said and "nothing in it was changed" in said and ". " not in said
    ja = by_cli.value.message_ja
    assert "名前を変え" in ja and "ボタン" in ja
