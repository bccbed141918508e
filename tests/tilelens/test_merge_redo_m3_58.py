"""Session 58 (M3, after RV2's review of the ledger merge): a hand undone and entered again is no conflict.

Laptop B holds hands 1-3 of A's match (a copy of A's file). On A, hand 3 was entered wrong: undone (its id kept as
undone) and entered again right (3'). Both merges (A <- B and B <- A) kept the other laptop's record beside as a
conflict ("their hands differ from hand 3"), and on A the undone hand came back inside the copy. Now the hands one
side undid are dropped from the other side's record before the two are compared: on A, B's match is already here
(its hand 3 undone here, not added back); on B, hand 3 is taken out (undone on A, the later decision; B recorded
nothing after it) and 3' added. Only what still differs is a conflict: a table that recorded hands after the hand
undone on the other laptop, or two different corrections of one hand."""
from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing

import pytest
from ledger_helpers import at, started

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"
UNDONE_TABLE = "tilelens_undone"


def rows(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


def undone_uids(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return {r[0] for r in db.execute(f"SELECT uid FROM {UNDONE_TABLE}")}


def winners(ledger, match_id=1):
    return [h.winner for h in ledger.hands(match_id)]


def ids(ledger, match_id=1):
    return [h.id for h in ledger.hands(match_id)]


def said(report, lang="en"):
    return "\n".join(merge_summary(report, lang))


@pytest.fixture
def redone(tmp_path):
    """RV2's evening: A records hands 1-3 (Ann, Bo, Cy win); B gets a copy of A's file; on A, hand 3 is undone (Cy
    did not win) and entered again (Di won). A and B, and the id of the hand undone."""
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    started(a, m, at(6, 19, 0))
    a.add_win(m, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    a.add_win(m, 1, "tsumo", {0: 40, 2: 40, 3: 40})
    a.add_win(m, 2, "tsumo", {0: 40, 1: 40, 3: 40})
    shutil.copy(a.path, tmp_path / "b.sqlite")
    b = Ledger(tmp_path / "b.sqlite")
    wrong = ids(a)[-1]
    assert a.undo(m)
    a.add_win(m, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    return a, b, wrong


def test_on_the_laptop_that_redid_it_the_other_record_is_already_here(redone):
    a, b, wrong = redone
    before = rows(a.path)
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and not report.added and not report.extended
    assert [(m.ours, m.undone, m.taken_out) for m in report.already] == [(1, 1, 0)]
    assert rows(a.path) == before and report.copy is None  # nothing changed, no copy kept
    assert len(a.matches()) == 1 and winners(a) == [0, 1, 3] and wrong not in ids(a)
    text = said(report)
    assert "already here: 1" in text and "1 hand undone here not added back" in text
    assert "conflicting" not in text and "differ" not in text
    assert "ここで取り消した1局は戻していません" in said(report, "ja")


def test_on_the_laptop_with_the_copy_the_undone_hand_is_taken_out_and_the_new_one_added(redone):
    a, b, wrong = redone
    report = merge_ledgers(b.path, a.path)
    assert not report.conflicts and not report.added and not report.already
    assert [(m.ours, m.hands, m.taken_out) for m in report.extended] == [(1, 1, 1)]
    assert len(b.matches()) == 1 and winners(b) == [0, 1, 3]
    assert ids(b) == ids(a)  # the hand added keeps its id: the same match at the next merge, either way
    assert wrong in undone_uids(b.path)  # remembered here: a third laptop's copy of hand 3 stays out
    assert report.copy is not None  # a change: the ledger as it was kept beside it
    text = said(report)
    assert "1 hand undone on the other laptop taken out here" in text
    assert "brought up to date: 1 (1 hand added)" in text and "conflicting" not in text
    ja = said(report, "ja")
    assert "ほかのパソコンで取り消した1局をここでも取り消しました" in ja and "局を追加して最新にした対局: 1件" in ja


def test_a_dry_run_on_the_copy_says_so_and_changes_nothing(redone):
    a, b, _ = redone
    before = rows(b.path)
    report = merge_ledgers(b.path, a.path, dry_run=True)
    assert rows(b.path) == before
    assert [(m.ours, m.hands, m.taken_out) for m in report.extended] == [(1, 1, 1)] and not report.conflicts
    assert "1 hand undone on the other laptop would be taken out here" in said(report)


def test_after_both_merges_the_two_laptops_agree_and_merging_again_changes_nothing(redone, tmp_path):
    a, b, _ = redone
    old_b = tmp_path / "old-b.sqlite"
    shutil.copy(b.path, old_b)  # a third laptop still holding hand 3 as B had it
    merge_ledgers(a.path, b.path)
    merge_ledgers(b.path, a.path)
    assert (winners(a), ids(a)) == (winners(b), ids(b)) == ([0, 1, 3], ids(a))
    before_a, before_b = rows(a.path), rows(b.path)
    for target, other in ((a.path, b.path), (b.path, a.path), (b.path, old_b), (a.path, old_b)):
        report = merge_ledgers(target, other)
        assert not (report.conflicts or report.added or report.extended) and report.copy is None
    assert rows(a.path) == before_a and rows(b.path) == before_b
    assert winners(b) == [0, 1, 3] and len(b.matches()) == 1


def test_two_hands_undone_and_entered_again(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    for winner in (0, 1, 2):
        a.add_win(m, winner, "ron", {(winner + 1) % 4: 50})
    shutil.copy(a.path, tmp_path / "b.sqlite")
    b = Ledger(tmp_path / "b.sqlite")
    a.undo(m)
    a.undo(m)
    a.add_win(m, 3, "ron", {0: 50})
    a.add_win(m, 3, "ron", {1: 50})
    here = merge_ledgers(a.path, b.path)
    assert [(x.undone, x.taken_out) for x in here.already] == [(2, 0)] and not here.conflicts
    there = merge_ledgers(b.path, a.path)
    assert [(x.hands, x.taken_out) for x in there.extended] == [(2, 2)] and not there.conflicts
    assert winners(b) == [0, 3, 3] and ids(b) == ids(a)
    assert "2 hands undone on the other laptop taken out here" in said(there)


def test_the_copy_brought_up_to_date_plays_on_and_is_merged_back(redone):
    """B merges A (hand 3 taken out, 3' added), records a fourth hand; A merges B: brought up to date, no conflict."""
    a, b, _ = redone
    merge_ledgers(b.path, a.path)
    b.add_win(1, 0, "ron", {1: 100})
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and [(m.hands, m.undone) for m in report.extended] == [(1, 0)]
    assert winners(a) == [0, 1, 3, 0]


# --- what still differs is a conflict


def test_a_table_that_recorded_hands_after_the_hand_undone_is_still_a_conflict_said(redone):
    a, b, _ = redone
    b.add_win(1, 3, "tsumo", {0: 40, 1: 40, 2: 40})  # B played on after hand 3 (undone on A)
    report = merge_ledgers(a.path, b.path)
    (conflict,) = report.conflicts
    assert conflict.here == 1 and winners(a) == [0, 1, 3] and winners(a, conflict.ours) == [0, 1, 2, 3]
    assert "hands differ from hand 3" in conflict.why
    assert "hand 3 was undone here, and the other laptop recorded hands after it" in conflict.why
    assert "3局目はここで取り消しましたが" in conflict.why_ja
    report = merge_ledgers(b.path, a.path)
    (conflict,) = report.conflicts
    assert winners(b) == [0, 1, 2, 3] and winners(b, conflict.ours) == [0, 1, 3]
    assert "hand 3 here was undone on the other laptop" in conflict.why
    assert "3局目はほかのパソコンで取り消されています" in conflict.why_ja


def test_two_different_corrections_of_one_hand_are_still_a_conflict(redone):
    a, b, _ = redone
    b.undo(1)  # B corrected hand 3 too, otherwise: Ann won it
    b.add_win(1, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    for target, other in ((a, b), (b, a)):
        (conflict,) = merge_ledgers(target.path, other.path).conflicts
        assert conflict.here == 1 and "hands differ from hand 3" in conflict.why
    assert winners(a) == [0, 1, 3] and winners(b) == [0, 1, 0]
