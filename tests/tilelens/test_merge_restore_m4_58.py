"""Session 58 (M4, after RV3's review of the ledger merge): a hand brought back after Undo stays back across a merge.

Laptop A undoes its last hand; B merges A (the hand taken out there, remembered as undone); the organiser brings the
hand back on A ("Bring it back": its id kept, no longer undone there). The next merges took it out of A again ("taken
out: 1") and never gave it back to B: B's undo, copied from A, was older than A's bringing it back, yet won. Now a
hand's latest decision wins across laptops: a restore is remembered with its time (in a table of the ledger's own that
an older tilelens leaves alone), an undo on the other laptop older than it takes nothing out, the other laptop gets
the hand back (as a hand recorded after its own), or the two records are said to differ where that table recorded
hands after it. An undo taken from the other laptop keeps the time it was made there."""
from __future__ import annotations

import shutil
import sqlite3
import time
from contextlib import closing

import pytest
from ledger_helpers import at, started

from tilelens.ledger import Ledger, _ledger_or_new
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"
UNDONE_TABLE = "tilelens_undone"


def rows(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


def undone_uids(path):
    """The hands an older tilelens takes as undone in the file (it reads the undone table's ids alone)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (UNDONE_TABLE,)).fetchone():
            return set()
        return {r[0] for r in db.execute(f"SELECT uid FROM {UNDONE_TABLE}")}


def ids(ledger, match_id=1):
    return [h.id for h in ledger.hands(match_id)]


def said(report, lang="en"):
    return "\n".join(merge_summary(report, lang))


@pytest.fixture
def back(tmp_path):
    """RV3's evening: A records two hands; B gets a copy of A's file; A undoes hand 2; B merges A (hand 2 taken out
    there); A brings hand 2 back. A, B and hand 2's id."""
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    started(a, m, at(6, 19, 0))
    a.add_win(m, 1, "ron", {0: 40})
    a.add_win(m, 2, "ron", {0: 40})
    shutil.copy(a.path, tmp_path / "b.sqlite")
    b = Ledger(tmp_path / "b.sqlite")
    hand = a.hands(m)[-1]
    assert a.undo(m)
    report = merge_ledgers(b.path, a.path)
    assert [x.taken_out for x in report.already] == [1] and len(b.hands(m)) == 1
    assert a.restore(m, hand) == hand.id  # "Bring it back" on A
    return a, b, hand.id


def test_a_hand_brought_back_is_not_taken_out_by_the_others_older_undo(back):
    a, b, hand = back
    report = merge_ledgers(a.path, b.path)
    assert ids(a)[-1] == hand and len(ids(a)) == 2  # the later decision (bring it back) kept
    assert not any(x.taken_out for x in report.already) and not report.conflicts and not report.extended
    assert "taken out" not in said(report) and "取り消しました" not in said(report, "ja")


def test_the_other_laptop_gets_the_hand_back_as_a_hand_recorded_after_its_own(back):
    a, b, hand = back
    report = merge_ledgers(b.path, a.path)
    assert ids(b) == ids(a) and ids(b)[-1] == hand  # the same hands, the same ids
    assert [(x.ours, x.hands, x.undone) for x in report.extended] == [(1, 1, 0)] and not report.conflicts
    assert not report.already
    assert "1 hand undone here not added back" not in said(report)
    assert hand not in undone_uids(b.path)  # no longer undone on B: an older tilelens takes it as back too


def test_after_both_merges_each_way_the_two_laptops_agree_and_a_merge_again_changes_nothing(back):
    a, b, hand = back
    merge_ledgers(a.path, b.path)
    merge_ledgers(b.path, a.path)
    assert ids(a) == ids(b) and len(ids(a)) == 2
    for here, there in ((a, b), (b, a)):
        before = rows(here.path)
        report = merge_ledgers(here.path, there.path)
        assert rows(here.path) == before and report.copy is None
        assert [(x.ours, x.undone, x.taken_out) for x in report.already] == [(1, 0, 0)]


def test_a_restore_is_remembered_in_a_table_of_the_ledgers_own_an_older_tilelens_leaves_alone(back):
    a, _, hand = back
    assert undone_uids(a.path) == set()  # an older tilelens: the hand is not undone (as its own restore left it)
    with closing(sqlite3.connect(a.path)) as db:
        assert _ledger_or_new(db)  # still a ledger, not another program's database
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        extra = names - {"matches", "hands", UNDONE_TABLE, "sqlite_sequence"}
        assert len(extra) == 1  # its own table beside the ledger's
        (table,) = extra
        assert hand in {r[2] for r in db.execute(f"SELECT * FROM {table}")}
    assert Ledger(a.path, read_only=True).hands(1)[-1].id == hand


def test_undone_again_after_it_was_brought_back_the_undo_is_the_latest_and_wins(back):
    a, b, hand = back
    merge_ledgers(b.path, a.path)  # B has it back
    assert ids(b)[-1] == hand
    assert a.undo(1)  # then undone again on A: the latest decision
    report = merge_ledgers(b.path, a.path)
    assert [x.taken_out for x in report.already] == [1] and hand not in ids(b)
    report = merge_ledgers(a.path, b.path)
    assert hand not in ids(a) and not report.extended and not report.conflicts


def test_brought_back_and_played_on_the_other_laptop_gets_every_hand(back):
    a, b, hand = back
    a.add_win(1, 3, "ron", {0: 40})
    report = merge_ledgers(b.path, a.path)
    assert ids(b) == ids(a) and len(ids(b)) == 3
    assert [(x.ours, x.hands) for x in report.extended] == [(1, 2)] and not report.conflicts


def test_hands_recorded_on_the_other_laptop_after_it_took_the_hand_out_are_said_to_differ(back):
    a, b, hand = back
    b.add_win(1, 3, "ron", {0: 40})  # B played on after hand 2 was taken out there
    report = merge_ledgers(a.path, b.path)
    assert ids(a)[-1] == hand and len(ids(a)) == 2  # A's hand brought back is not taken out
    assert [(c.here, c.ours) for c in report.conflicts] == [(1, 2)]
    assert "their hands differ from hand 2" in report.conflicts[0].why
    report = merge_ledgers(b.path, a.path)
    assert len(ids(b)) == 2 and ids(b)[-1] != hand  # B's own hand kept, A's record beside it
    assert [(c.here, c.ours) for c in report.conflicts] == [(1, 2)]
    assert "their hands differ from hand 2" in report.conflicts[0].why
    assert "ここは2局、ほかのパソコンは2局" in report.conflicts[0].why_ja


def test_an_undo_taken_from_an_old_copy_keeps_the_time_it_was_made(tmp_path):
    """B merges a copy of A's file made before A brought the hand back (a memory stick's): the undo B takes keeps the
    time it was made on A, older than the restore, so that the next merge of A's file gives B the hand back."""
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    started(a, m, at(6, 19, 0))
    a.add_win(m, 1, "ron", {0: 40})
    a.add_win(m, 2, "ron", {0: 40})
    shutil.copy(a.path, tmp_path / "b.sqlite")
    b = Ledger(tmp_path / "b.sqlite")
    hand = a.hands(m)[-1]
    a.undo(m)
    undone = time.time() - 3600  # undone an hour ago
    with closing(sqlite3.connect(a.path)) as db, db:
        db.execute(f"UPDATE {UNDONE_TABLE} SET undone = ?", (undone,))
    shutil.copy(a.path, tmp_path / "stick.sqlite")  # the copy taken then
    a.restore(m, hand)  # brought back now: after it
    report = merge_ledgers(b.path, tmp_path / "stick.sqlite")  # later still: the old copy's undo taken
    assert [x.taken_out for x in report.already] == [1]
    with closing(sqlite3.connect(b.path)) as db:
        assert db.execute(f"SELECT undone FROM {UNDONE_TABLE}").fetchall() == [(undone,)]
    merge_ledgers(b.path, a.path)
    assert ids(b) == ids(a) and ids(b)[-1] == hand.id


def test_a_third_laptop_learns_the_hand_was_brought_back(back, tmp_path):
    """C had both hands (a copy of A's first file) and merges A: the hand is there already, and the restore is
    remembered; C then merges B, whose undo (older) no longer takes the hand out."""
    a, b, hand = back
    c = Ledger(tmp_path / "c.sqlite")
    merge_ledgers(c.path, a.path)
    assert ids(c) == ids(a)
    report = merge_ledgers(c.path, b.path)
    assert ids(c) == ids(a) and not any(x.taken_out for x in report.already)


def test_a_third_laptop_with_the_hand_already_learns_it_was_brought_back(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    started(a, m, at(6, 19, 0))
    a.add_win(m, 1, "ron", {0: 40})
    a.add_win(m, 2, "ron", {0: 40})
    shutil.copy(a.path, tmp_path / "b.sqlite")
    shutil.copy(a.path, tmp_path / "c.sqlite")
    b, c = Ledger(tmp_path / "b.sqlite"), Ledger(tmp_path / "c.sqlite")
    hand = a.hands(m)[-1]
    a.undo(m)
    merge_ledgers(b.path, a.path)  # B takes it out
    a.restore(m, hand)
    report = merge_ledgers(c.path, a.path)  # C has it already: the restore remembered
    assert [x.ours for x in report.already] == [1] and ids(c) == ids(a)
    report = merge_ledgers(c.path, b.path)  # B's undo is older than the restore C learnt
    assert ids(c) == ids(a) and not any(x.taken_out for x in report.already)


def test_a_dry_run_says_the_same_and_changes_nothing(back):
    a, b, hand = back
    before = rows(b.path), undone_uids(b.path)
    report = merge_ledgers(b.path, a.path, dry_run=True)
    assert [(x.ours, x.hands) for x in report.extended] == [(1, 1)]
    assert (rows(b.path), undone_uids(b.path)) == before
    report = merge_ledgers(a.path, b.path, dry_run=True)
    assert not any(x.taken_out for x in report.already)
