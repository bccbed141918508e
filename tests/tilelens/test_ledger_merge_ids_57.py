"""Session 57 (RV1's review of the ledger merge): a match is known by its hands' ids, not by its names; a match deleted
here stays deleted; a file whose last write was cut short is read from a copy; a match from a laptop whose clock is
off is said with the command that adds it up.

1. A player renamed here after a merge (as the totals' look-alike line advises), the other table played on: the next
   merge added the whole match again as a conflict copy (counted twice, the new hands only in the copy).
2. A match deleted here (a conflict's wrong copy, a match started by mistake) came back at the next merge.
3. The other laptop's file beside a hot journal (a write cut short) was refused as "read-only".
4. A merged match started on another evening (its laptop's clock days off) was left out of `ledger totals`
   without a word."""
from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"


def files(path):
    """Every stored row of a ledger file, to tell whether anything changed."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


@pytest.fixture
def two(tmp_path):
    """Laptop A (a match of its own, #1) and laptop B (#1 there: Eri's table, one hand), tonight."""
    a, b = Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")
    one = a.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    a.add_win(one, 0, "ron", {1: 100})
    started(a, one, at(6, 19, 0))
    theirs = b.new_match(GAME, ["eri", "Fumi", "Goro", "Hana"])
    b.add_win(theirs, 1, "ron", {2: 80})
    started(b, theirs, at(6, 19, 5))
    return a, b


# --- 1: the same match whatever its names say


def test_a_rename_here_then_more_hands_there_brings_the_match_up_to_date(two):
    a, b = two
    (added,) = merge_ledgers(a.path, b.path).added
    a.rename_player(added.ours, "eri", "Eri")  # 'eri' and 'Eri' are one person
    b.add_win(1, 3, "ron", {0: 60})  # table 2 plays on
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and not report.added
    assert [(m.theirs, m.ours, m.hands) for m in report.extended] == [(1, added.ours, 1)]
    assert sorted(m.id for m in a.matches()) == [1, added.ours]  # counted once
    assert a.match(added.ours).players == ("Eri", "Fumi", "Goro", "Hana")  # this laptop's names kept
    assert [h.id for h in a.hands(added.ours)] == [h.id for h in b.hands(1)]
    assert a.state(added.ours).totals == b.state(1).totals


def test_a_rename_there_is_the_same_match_this_laptops_names_kept_and_said(two):
    a, b = two
    (added,) = merge_ledgers(a.path, b.path).added
    b.rename_player(1, "eri", "Eri")
    before = files(a.path)
    report = merge_ledgers(a.path, b.path)
    assert [(m.theirs, m.ours) for m in report.already] == [(1, added.ours)]
    assert not (report.conflicts or report.added or report.extended)
    assert files(a.path) == before
    lines = merge_summary(report, "en")
    assert any(f"#{added.ours}" in line and "Eri" in line and "this ledger's names are kept" in line for line in lines)
    assert any("この成績表の名前のまま" in line for line in merge_summary(report, "ja"))


def test_a_rename_here_and_nothing_new_there_is_already_here(two):
    a, b = two
    (added,) = merge_ledgers(a.path, b.path).added
    a.rename_player(added.ours, "eri", "Eri")
    report = merge_ledgers(a.path, b.path)
    assert [(m.theirs, m.ours) for m in report.already] == [(1, added.ours)] and not report.conflicts


def test_hands_that_differ_by_id_are_a_conflict_and_its_copy_is_brought_up_to_date_later(two, tmp_path):
    a, _ = two
    copy = tmp_path / "copy.sqlite"
    shutil.copy(a.path, copy)
    c = Ledger(copy)
    a.add_win(1, 2, "ron", {3: 20})
    c.add_win(1, 3, "ron", {2: 20})
    (conflict,) = merge_ledgers(a.path, copy).conflicts
    assert (conflict.here, conflict.ours) == (1, 2)
    c.add_win(1, 0, "ron", {1: 40})  # that table plays on in its record
    report = merge_ledgers(a.path, copy)
    assert not report.conflicts and [(m.ours, m.hands) for m in report.extended] == [(2, 1)]
    assert sorted(m.id for m in a.matches()) == [1, 2] and a.state(2).totals == c.state(1).totals
    assert {h.id for h in a.hands(2)}.isdisjoint(h.id for h in a.hands(1))  # the copy's hands ids of their own


# --- 2: a match deleted here stays deleted


def test_a_merged_match_deleted_here_is_not_added_again_and_an_undo_lets_it(two):
    a, b = two
    (added,) = merge_ledgers(a.path, b.path).added
    deleted = a.delete_match(added.ours)
    report = merge_ledgers(a.path, b.path)
    assert not (report.added or report.conflicts) and [m.theirs for m in report.deleted] == [1]
    assert [m.id for m in a.matches()] == [1]
    assert "deleted here: 1" in merge_summary(report, "en")[0]
    assert "ここで削除した対局: 1件" in merge_summary(report, "ja")[0]
    back = a.restore_match(deleted)  # Undo: no longer deleted
    report = merge_ledgers(a.path, b.path)
    assert [(m.theirs, m.ours) for m in report.already] == [(1, back)] and not report.deleted


def test_a_conflicts_copy_deleted_here_does_not_come_back(two, tmp_path):
    a, _ = two
    copy = tmp_path / "copy.sqlite"
    shutil.copy(a.path, copy)
    a.add_win(1, 2, "ron", {3: 20})
    Ledger(copy).add_win(1, 3, "ron", {2: 20})
    (conflict,) = merge_ledgers(a.path, copy).conflicts
    a.delete_match(conflict.ours)  # here's record is the right one
    report = merge_ledgers(a.path, copy)
    assert not (report.added or report.conflicts) and len(report.deleted) == 1
    assert [m.id for m in a.matches()] == [1]


def test_a_deleted_match_played_on_there_since_is_added_again(two):
    a, b = two
    (added,) = merge_ledgers(a.path, b.path).added
    a.delete_match(added.ours)
    b.add_draw(1)  # more than was deleted: not what was deleted
    report = merge_ledgers(a.path, b.path)
    assert [m.hands for m in report.added] == [2] and not report.deleted


def test_a_file_with_deleted_matches_opens_and_merges_as_any_ledger(two, tmp_path):
    a, b = two
    a.delete_match(1)
    with closing(sqlite3.connect(a.path)) as db:
        assert db.execute("SELECT count(*) FROM tilelens_deleted").fetchone() == (1,)
    assert Ledger(a.path, read_only=True).matches() == []
    report = merge_ledgers(b.path, a.path)  # a file with the record, as the other laptop's: nothing in it to add
    assert not report.added
    assert Ledger(a.path).matches() == []


# --- 3: the other laptop's file, its last write cut short


def _cut_short(path):
    """A write to ``path`` killed part way, its hot journal left beside it (sqlite rolls it back on a read-write
    open)."""
    code = f"""
import sqlite3, os
db = sqlite3.connect({str(path)!r}, isolation_level=None)
db.execute('PRAGMA cache_size=1')
db.execute('BEGIN IMMEDIATE')
for i in range(2000):
    db.execute("INSERT INTO hands (match_id, seq, kind, winner, win_kind, payments, riichi, tenpai, note, created, uid) "
               "VALUES (1, ?, 'draw', NULL, NULL, '{{}}', '[]', '[]', ?, 0, NULL)", (i + 100, 'x' * 200))
os._exit(9)
"""
    subprocess.run([sys.executable, "-c", code], check=False)
    assert (path.parent / (path.name + "-journal")).stat().st_size > 0


def test_a_file_whose_last_write_was_cut_short_is_read_from_a_copy_and_left_as_it_is(two, tmp_path):
    a, b = two
    _cut_short(b.path)
    other = tmp_path / "stick"
    other.mkdir()
    for name in ("b.sqlite", "b.sqlite-journal"):
        shutil.copy(tmp_path / name, other / name)
    journal = other / "b.sqlite-journal"
    before = (other / "b.sqlite").read_bytes(), journal.read_bytes()
    report = merge_ledgers(a.path, other / "b.sqlite")
    assert [(m.theirs, m.hands) for m in report.added] == [(1, 1)]  # as it was before the write cut short
    assert ((other / "b.sqlite").read_bytes(), journal.read_bytes()) == before  # the other file untouched
    dry = merge_ledgers(tmp_path / "new.sqlite", other / "b.sqlite", dry_run=True)
    assert [m.hands for m in dry.added] == [1]


# --- 4: a laptop whose clock is off


def test_a_match_of_another_evening_is_said_with_the_command_that_adds_it_up(two, capsys, monkeypatch):
    a, b = two
    started(b, 1, at(4, 19, 5))  # its clock two days behind
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    line = next(line for line in out.splitlines() if "another evening" in line)
    assert "#2" in line and "2026-12-04" in line and "2026-12-06" in line
    assert f"tilelens ledger totals 1 2 --db {a.path}" in line
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "1", "2", "--db", str(a.path))
    assert code == 0 and "#2" in out


def test_the_other_evening_said_in_japanese_and_not_said_for_tonight(two, capsys, monkeypatch):
    a, b = two
    report = merge_ledgers(a.path, b.path, dry_run=True)
    assert not any("another evening" in line for line in merge_summary(report, "en"))
    started(b, 1, at(4, 19, 5))
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report, "ja") if "別の晩" in line]
    assert "#2" in line and "tilelens ledger totals 1 2" in line

