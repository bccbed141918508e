"""Session 61 (F10, after W2's three-laptop evening): a merge's result does not hang on the order the files come in.

1. A delete lost by order: C deletes its mistaken match C0 after A copied it. A fresh ledger merging c, then a added
   C0 back from A's file (its delete was honoured only for a match already here), and totals counted it; merging
   everything twice was not idempotent. Now the other file's deletes are remembered here even for a match this ledger
   lacks: a later merge of a file still holding it (no more of it than was deleted) leaves it out.
2. An undo lost by order: x undid hand 2 and entered it again after y copied the match; merging x then y kept both
   ("conflicting"). Now the other file's undos are remembered here with the match: y's stale copy is already here.
3. Wording: a hand (a match) undone (deleted) on a laptop merged before is said so, not "undone here"; the look-alike
   names that differ by a full-width space are said so.
4. `ledger totals` of matches with different uma says which match used which.
"""
from __future__ import annotations

import itertools
import sqlite3
from contextlib import closing
from dataclasses import replace

import pytest
from ledger_helpers import CLUB, CLUB_GAME, at, club_match, started

from tilelens.ledger import Ledger, evening_totals, rules_for
from tilelens.ledger_cli import totals_text
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"


def rows(path):
    """A ledger's matches and hands as recorded (not their numbers here: those follow the merge order)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (sorted(db.execute("SELECT game_id, players, rules, created FROM matches").fetchall()),
                sorted(db.execute("SELECT m.created, h.seq, h.uid, h.payments FROM hands h JOIN matches m "
                                  "ON m.id = h.match_id").fetchall()))


def totals(ledger):
    played = [m for m in ledger.matches() if ledger.hands(m.id)]
    return {p.name: p.total for p in evening_totals([(m, ledger.state(m.id)) for m in played]).players}


def said(report, lang="en"):
    return "\n".join(merge_summary(report, lang))


@pytest.fixture
def evening(tmp_path):
    """W2's evening, small: laptops a, b, c; A copies B's and C's files mid-evening; then C deletes C0 (a match
    started by mistake, A has it) and B undoes B1's last hand (A has it) and enters it again right, then plays on."""
    a, b, c = (Ledger(tmp_path / f"{n}.sqlite") for n in "abc")
    a1 = a.new_match(GAME, ["Ann", "Bo", "Cy"])
    started(a, a1, at(6, 19, 0))
    a.add_win(a1, 0, "ron", {1: 100})
    a.add_win(a1, 2, "ron", {0: 60})
    b1 = b.new_match(GAME, ["Di", "Ed", "Fay"])
    started(b, b1, at(6, 19, 2))
    b.add_win(b1, 0, "ron", {1: 80})
    b.add_win(b1, 1, "ron", {0: 40})  # wrong payer: undone after A copied it
    c0 = c.new_match(GAME, ["Gus", "Hal", "Ivy"])
    started(c, c0, at(6, 19, 3))
    c.add_win(c0, 1, "ron", {0: 200})  # entered in the wrong match: C0 is deleted after A copied it
    c1 = c.new_match(GAME, ["Ivy", "Gus", "Hal"])
    started(c, c1, at(6, 19, 5))
    c.add_win(c1, 0, "ron", {2: 200})
    for other in (b, c):
        merge_ledgers(a.path, other.path)
    assert b.undo(b1)
    b.add_win(b1, 1, "ron", {2: 40})
    b.add_win(b1, 2, "ron", {0: 20})
    c.delete_match(c0)
    return {"a": a, "b": b, "c": c}


# The evening as it should add up: A1, B1 as corrected, C1; C0 deleted
WANT = {"Ann": 100 - 60, "Bo": -100, "Cy": 60, "Di": 80 - 20, "Ed": -80 + 40, "Fay": -40 + 20,
        "Ivy": 200, "Hal": -200, "Gus": 0}


@pytest.mark.parametrize("order", ["".join(o) for o in itertools.permutations("abc")])
def test_every_order_of_three_files_into_a_fresh_ledger_adds_up_the_same_and_a_second_round_adds_nothing(
        evening, tmp_path, order):
    fresh = tmp_path / f"fresh-{order}.sqlite"
    reports = [merge_ledgers(fresh, evening[n].path) for n in order]
    ledger = Ledger(fresh)
    assert totals(ledger) == WANT
    assert not any(r.conflicts for r in reports)  # B1's stale copy on A: B's undo came with it
    assert sorted(m.players for m in ledger.matches()) == [("Ann", "Bo", "Cy"), ("Di", "Ed", "Fay"),
                                                           ("Ivy", "Gus", "Hal")]  # no C0
    before = rows(fresh)
    again = [merge_ledgers(fresh, evening[n].path) for n in order]
    assert rows(fresh) == before
    assert [r.copy for r in again] == [None] * 3  # nothing changed: no copy kept
    assert not any(r.added or r.extended or r.conflicts or r.deleted_there for r in again)


def test_all_six_orders_leave_the_same_matches_and_hands(evening, tmp_path):
    got = set()
    for order in itertools.permutations("abc"):
        fresh = tmp_path / f"f-{''.join(order)}.sqlite"
        for n in order:
            merge_ledgers(fresh, evening[n].path)
        got.add(repr(rows(fresh)))
    assert len(got) == 1


# --- 1: a delete carried with the file


@pytest.fixture
def deleted(tmp_path):
    """x records M (1 hand); y copies x's file; x deletes M."""
    x, y = Ledger(tmp_path / "x.sqlite"), Ledger(tmp_path / "y.sqlite")
    m = x.new_match(GAME, ["Ann", "Bo", "Cy"])
    started(x, m, at(6, 19, 0))
    x.add_win(m, 0, "ron", {1: 100})
    merge_ledgers(y.path, x.path)
    x.delete_match(m)
    return x, y


def test_a_delete_of_a_match_this_ledger_lacks_is_remembered_and_a_later_merge_does_not_add_it_back(deleted, tmp_path):
    x, y = deleted
    z = tmp_path / "z.sqlite"
    first = merge_ledgers(z, x.path)  # x has no match left: its delete alone
    assert first.remembered == 1 and first.made
    assert "1 match deleted there is remembered here" in said(first) and "(made now)" in said(first)
    assert "削除した対局1件を、ここでも覚えました" in said(first, "ja")
    report = merge_ledgers(z, y.path)
    assert Ledger(z).matches() == [] and not report.added
    assert [m.theirs for m in report.deleted] == [1] and report.deleted[0].deleted_before
    text, ja = said(report), said(report, "ja")
    assert "deleted on a laptop merged before: 1" in text and "deleted here" not in text
    assert "was deleted on a laptop merged before: left out" in text
    assert "前に追加したほかのパソコンの成績表で削除されていた対局: 1件" in ja and "ここで削除した" not in ja


def test_the_delete_is_honoured_in_either_order(deleted, tmp_path):
    x, y = deleted
    for order in ((x, y), (y, x)):
        z = tmp_path / f"z-{order[0].path.stem}.sqlite"
        for other in order:
            merge_ledgers(z, other.path)
        assert Ledger(z).matches() == []


def test_a_delete_made_here_is_still_said_as_made_here(deleted, tmp_path):
    x, y = deleted
    report = merge_ledgers(x.path, y.path)  # x deleted it itself
    assert [m.deleted_before for m in report.deleted] == [False]
    assert "deleted here: 1" in said(report) and "ここで削除した対局: 1件" in said(report, "ja")


def test_a_match_played_on_there_after_the_delete_is_added_back(deleted, tmp_path):
    x, y = deleted
    y.add_win(1, 1, "ron", {2: 50})  # y's table played on in it: more of it than was deleted
    z = tmp_path / "z.sqlite"
    merge_ledgers(z, x.path)
    report = merge_ledgers(z, y.path)
    assert [m.hands for m in report.added] == [2]


# --- 2: an undo carried with the match


@pytest.fixture
def redone(tmp_path):
    """x records M: h1, h2; y copies x; x undoes h2 (wrong payer) and enters it again right."""
    x, y = Ledger(tmp_path / "x.sqlite"), Ledger(tmp_path / "y.sqlite")
    m = x.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    started(x, m, at(6, 19, 0))
    x.add_win(m, 0, "ron", {1: 100})
    x.add_win(m, 2, "ron", {3: 60})
    merge_ledgers(y.path, x.path)
    assert x.undo(m)
    x.add_win(m, 2, "ron", {1: 60})
    return x, y


def test_an_undo_comes_with_the_match_so_a_stale_copy_merged_after_is_already_here(redone, tmp_path):
    x, y = redone
    z = tmp_path / "z.sqlite"
    merge_ledgers(z, x.path)
    report = merge_ledgers(z, y.path)
    assert not report.conflicts and not report.added
    assert [(m.ours, m.undone, m.undone_before) for m in report.already] == [(1, 1, 1)]
    assert [h.id for h in Ledger(z).hands(1)] == [h.id for h in x.hands(1)]
    text, ja = said(report), said(report, "ja")
    assert "1 hand undone on a laptop merged before not added back" in text and "undone here" not in text
    assert "#1 (the other ledger's #1): 1 hand undone on a laptop merged before, not added back" in text
    assert "前に追加したほかのパソコンの成績表で取り消されていた1局は戻していません" in ja
    assert "ここで取り消した" not in ja


def test_the_two_orders_leave_the_same_ledger(redone, tmp_path):
    x, y = redone
    got = []
    for order in ((x, y), (y, x)):
        z = tmp_path / f"z-{order[0].path.stem}.sqlite"
        for other in order:
            merge_ledgers(z, other.path)
        got.append(rows(z))
    assert got[0] == got[1]


def test_a_hand_undone_here_is_still_said_as_undone_here(redone):
    x, y = redone
    report = merge_ledgers(x.path, y.path)
    assert [(m.undone, m.undone_before) for m in report.already] == [(1, 0)]
    assert "1 hand undone here not added back" in said(report)


def test_an_undo_learnt_by_taking_the_hand_out_is_said_as_made_on_a_laptop_merged_before(tmp_path):
    """W2: A copied B1, B undid its last hand; A merged B (taken out there), then a third file with B1's stale copy."""
    a, b = Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")
    m = b.new_match(GAME, ["Ann", "Bo", "Cy"])
    started(b, m, at(6, 19, 0))
    b.add_win(m, 0, "ron", {1: 100})
    b.add_win(m, 1, "ron", {2: 100})
    merge_ledgers(a.path, b.path)
    stale = tmp_path / "stale.sqlite"
    merge_ledgers(stale, b.path)
    assert b.undo(m)
    assert [x.taken_out for x in merge_ledgers(a.path, b.path).already] == [1]
    report = merge_ledgers(a.path, stale)
    assert [(x.undone, x.undone_before) for x in report.already] == [(1, 1)]
    assert "undone on a laptop merged before" in said(report) and "undone here" not in said(report)


# --- 3: a look-alike name of a full-width space


def test_names_that_differ_by_a_full_width_space_are_said_so(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    for n, names in enumerate((["佐藤\u3000花子", "Ann", "Bo"], ["佐藤 花子", "Ann", "Bo"])):
        m = ledger.new_match(GAME, names)
        started(ledger, m, at(6, 19, n))
        ledger.add_win(m, 1, "ron", {0: 100})
    played = [(m, ledger.state(m.id)) for m in ledger.matches()]
    text = totals_text(evening_totals(played), dict((m.id, s) for m, s in played))
    ja = totals_text(evening_totals(played), dict((m.id, s) for m, s in played), "ja")
    assert "佐藤\u3000花子 / 佐藤 花子 (they differ in a full-width space)" in text
    assert "佐藤\u3000花子 / 佐藤 花子 (全角スペースの違い)" in ja


# --- 4: matches of different uma added up


def test_totals_of_matches_under_different_uma_say_which_used_which(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    one = club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(6, 19, 0))
    other = ledger.new_match(CLUB_GAME, ["Ann", "Bo", "Cy", "Di"],
                             replace(rules_for(CLUB_GAME), **{**CLUB, "uma": (30, 10, -10, -30)}))
    started(ledger, other, at(6, 20, 0))
    ledger.add_win(other, 0, "ron", {3: 15000})
    played = [(m, ledger.state(m.id)) for m in ledger.matches()]
    states = dict((m.id, s) for m, s in played)
    text = totals_text(evening_totals(played), states)
    ja = totals_text(evening_totals(played), states, "ja")
    assert ("Matches of different uma added up (each result is its match's own final score): "
            f"#{one} uma +20/+10/-10/-20; #{other} uma +30/+10/-10/-30") in text
    assert (f"ウマの違う対局を合計しています (各成績はその対局の最終スコア): #{one}はウマ +20/+10/-10/-20、"
            f"#{other}はウマ +30/+10/-10/-30") in ja
    same = Ledger(tmp_path / "same.sqlite")
    club_match(same, ["Ann", "Bo", "Cy", "Di"], at(6, 19, 0))
    club_match(same, ["Ann", "Bo", "Cy", "Di"], at(6, 20, 0))
    played = [(m, same.state(m.id)) for m in same.matches()]
    assert "different uma" not in totals_text(evening_totals(played), dict((m.id, s) for m, s in played))
