"""Session 63 (F4): two laptops sharing a match that both end it (``Ledger.end_match``) at the same point merge as one
match: the end's id is made from the match and its last hand (as a joined riichi's is), not drawn at random, which
made two identical ends a conflict ("their hands differ from hand 4 (here 3 hands, there 3)", untrue). An end undone
and made again at the same point is the same entry brought back (the undo no longer stands); an end on one laptop and a
hand on the other still part. Two ends an older tilelens recorded (each its own random id) still part, and the
conflict says why truly: both ended early after hand 3."""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers

GAME = "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy"]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))


def two_laptops(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, PLAYERS)
    a.add_win(m, 1, "ron", {2: 100})
    a.add_draw(m)
    a.add_draw(m, riichi=(0,))
    shutil.copy(a.path, tmp_path / "b.sqlite")
    return a, Ledger(tmp_path / "b.sqlite"), m


def kinds(ledger):
    return [[h.kind.value for h in ledger.hands(match.id)] for match in ledger.matches()]


@pytest.mark.parametrize("into", ["a", "b"])
def test_two_laptops_ending_a_match_at_the_same_point_merge_as_one(tmp_path, into):
    a, b, m = two_laptops(tmp_path)
    end_a, end_b = a.end_match(m), b.end_match(m)
    assert end_a == end_b  # made from the match and its last hand
    target, other = (a, b) if into == "a" else (b, a)
    report = merge_ledgers(target.path, other.path)
    assert not report.conflicts and len(report.already) == 1, report
    assert kinds(target) == [["win", "draw", "draw", "end"]]
    assert target.state(m).ended_early
    again = merge_ledgers(other.path, target.path)
    assert not again.conflicts and kinds(other) == [["win", "draw", "draw", "end"]]


def test_an_end_undone_and_made_again_is_the_same_end_and_merges_without_conflict(tmp_path):
    a, b, m = two_laptops(tmp_path)
    first = a.end_match(m)
    shutil.copy(a.path, b.path)  # B has the first end
    assert a.undo(m)
    assert first in a.undone_hands(m)
    second = a.end_match(m)
    assert second == first
    assert first not in a.undone_hands(m)  # ended again: the undo no longer stands (a merge takes no end out)
    for target, other in ((b, a), (a, b)):
        report = merge_ledgers(target.path, other.path)
        assert not report.conflicts and not any(x.taken_out for x in report.already), report
        assert kinds(target) == [["win", "draw", "draw", "end"]] and target.state(m).ended_early


def test_an_undo_of_the_end_is_carried_and_an_end_made_again_after_it_is_carried_too(tmp_path):
    a, b, m = two_laptops(tmp_path)
    a.end_match(m)
    shutil.copy(a.path, b.path)
    a.undo(m)  # A takes the end back
    report = merge_ledgers(b.path, a.path)
    assert not report.conflicts and kinds(b) == [["win", "draw", "draw"]]  # the undo not lost
    b.end_match(m)  # B ends it again, later: the later decision
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and kinds(a) == [["win", "draw", "draw", "end"]], report
    assert a.state(m).ended_early
    merge_ledgers(b.path, a.path)
    assert kinds(b) == [["win", "draw", "draw", "end"]]


def test_an_end_on_one_laptop_and_a_hand_on_the_other_still_part(tmp_path):
    a, b, m = two_laptops(tmp_path)
    a.end_match(m)
    b.add_draw(m)
    (conflict,) = merge_ledgers(a.path, b.path).conflicts
    assert conflict.why == "their hands differ from hand 4 (here 3 hands, there 4)"


def _random_end_id(path, uid):
    with sqlite3.connect(path) as db:
        db.execute("UPDATE hands SET uid = ? WHERE kind = 'end'", (uid,))
    db.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_ends_an_older_tilelens_recorded_apart_are_said_as_both_ended(tmp_path, lang):
    a, b, m = two_laptops(tmp_path)
    a.end_match(m)
    b.end_match(m)
    _random_end_id(a.path, "a" * 32)  # as an older tilelens gave each end: an id of its own
    _random_end_id(b.path, "b" * 32)
    assert a.state(m).ended_early and b.state(m).ended_early  # still read
    (conflict,) = merge_ledgers(a.path, b.path).conflicts
    why = {"en": conflict.why, "ja": conflict.why_ja}[lang]
    assert why == {"en": "the same hands, both ended early after hand 3 (each laptop recorded its own end)",
                   "ja": "局は同じで、どちらも3局で終了しています (それぞれのパソコンで別々に終了を記録しています)"}[lang]
    assert "differ" not in conflict.why
    assert [len(h) for h in kinds(a)] == [4, 4]
    assert not merge_ledgers(a.path, b.path).conflicts  # found again: no third record
