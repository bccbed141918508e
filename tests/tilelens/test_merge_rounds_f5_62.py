"""Session 62 (F5): merge order-independence, the cases session 61 left (test_merge_back_f19_61.py's fuzz seeds).

1. One merge learns all the other file holds, so that merging it again changes nothing: a hand brought back there whose
   conflict copy a later merge of a third laptop's file makes here (seed 35), and a hand brought back in a match this
   ledger lacked at that merge (deleted here, brought back by a third laptop: seed 116).
2. Two laptops that both join the same riichi to the kept ron ("the same discard?", ``Ledger.join_riichi``) record
   the same hand: a merge finds one match, not a conflict pair (which doubled the table in a sum of both records).
"""
from __future__ import annotations

import shutil

import pytest

from tilelens.ledger import Ledger, replay
from tilelens.ledger_merge import merge_ledgers

from merge_order_helpers import GAME, bring_back_last, every_order, rows_and_side, tick


def every_order_twice(files, folder):
    """Each order of merging ``files`` (name: ledger) into a fresh ledger: a second round changes nothing (no copy kept,
    nothing added to any table: :func:`merge_order_helpers.every_order`). The matches and hands of each order."""
    return {order: first[:2] for order, (first, _) in every_order(files, folder, rows_and_side).items()}


# --- 1: a second round learns nothing


@pytest.fixture
def copy_of_a_hand_back(tmp_path):
    """x: M [a, b], b undone and brought back; y copied M before that undo and played on (c): M [a, b, c]; x played
    on too (d). Merged, the two records part: y's (or x's) kept beside as a conflict, its hands copies of theirs."""
    x, y = Ledger(tmp_path / "x.sqlite"), Ledger(tmp_path / "y.sqlite")
    m = x.new_match(GAME, ["Ann", "Bo", "Cy"])
    x.add_win(m, 0, "ron", {1: 10})
    x.add_win(m, 1, "ron", {2: 20})
    merge_ledgers(y.path, x.path)
    bring_back_last(x, m)
    y.add_win(y.matches()[0].id, 2, "ron", {0: 30})
    x.add_win(m, 0, "ron", {2: 10})
    return {"x": x, "y": y}


def test_a_copy_made_by_a_later_merge_of_a_hand_brought_back_changes_nothing_at_a_second_round(copy_of_a_hand_back,
                                                                                                 tmp_path):
    found = every_order_twice(copy_of_a_hand_back, tmp_path)
    for order, (matches, hands) in found.items():
        assert len(matches) == 2 and len(hands) == 6, order  # the pair, each with its three hands


@pytest.fixture
def back_in_a_match_deleted_here(tmp_path):
    """x: M [a, b], b undone and brought back; y copied M before that, deleted it; w copied M, then y's delete (deleted
    there too), then brought it back (Bring back)."""
    x, y, w = (Ledger(tmp_path / f"{n}.sqlite") for n in "xyw")
    m = x.new_match(GAME, ["Ann", "Bo", "Cy"])
    x.add_win(m, 0, "ron", {1: 10})
    x.add_win(m, 1, "ron", {2: 20})
    merge_ledgers(y.path, x.path)
    merge_ledgers(w.path, x.path)
    bring_back_last(x, m)
    tick()
    y.delete_match(y.matches()[0].id)
    tick()
    report = merge_ledgers(w.path, y.path)
    assert len(report.deleted_there) == 1
    tick()
    w.restore_match(report.removed[0])
    return {"x": x, "y": y, "w": w}


def test_a_hand_brought_back_in_a_match_this_ledger_lacked_is_learnt_at_the_first_merge(back_in_a_match_deleted_here,
                                                                                        tmp_path):
    found = every_order_twice(back_in_a_match_deleted_here, tmp_path)
    assert len({repr(r) for r in found.values()}) == 1
    matches, hands = next(iter(found.values()))
    assert len(matches) == 1 and len(hands) == 2


def test_the_file_merged_first_after_the_delete_is_learnt_whole(back_in_a_match_deleted_here, tmp_path):
    files = back_in_a_match_deleted_here
    z = tmp_path / "z.sqlite"
    merge_ledgers(z, files["y"].path)  # the delete remembered
    merge_ledgers(z, files["x"].path)  # M left out (deleted here): its hand brought back learnt all the same
    restored = rows_and_side(z)[2]
    assert restored and any(row[2] == files["x"].hands(files["x"].matches()[0].id)[-1].id for row in restored[0])


# --- 2: the same riichi joined on two laptops


def _one_ron_on_two_laptops(tmp_path, riichi=()):
    """Bo's ron kept on Ann's discard (with the riichi of the seats ``riichi``), the ledger then copied to a second
    laptop: the two ledgers, the match and the hand's id."""
    x = Ledger(tmp_path / "x.sqlite")
    m = x.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    uid = x.add_win(m, 1, "ron", {0: 100}, riichi=riichi)
    shutil.copy(x.path, tmp_path / "y.sqlite")
    return x, Ledger(tmp_path / "y.sqlite"), m, uid


def _same_discard_on_two_laptops(tmp_path):
    """Bo's ron kept on Ann's discard, with his riichi; both laptops hold the match; each joins Di's riichi to it."""
    x, y, m, uid = _one_ron_on_two_laptops(tmp_path, riichi=[1])
    x.join_riichi(m, uid, [3], expected_hands=1)
    tick()
    y.join_riichi(m, uid, [3], expected_hands=1)
    return x, y, m


def test_two_laptops_joining_the_same_riichi_merge_into_one_match_of_one_ron(tmp_path):
    x, y, m = _same_discard_on_two_laptops(tmp_path)
    assert x.hands(m)[-1].id == y.hands(m)[-1].id  # the same decision, the same hand
    report = merge_ledgers(x.path, y.path)
    assert not report.conflicts and len(report.already) == 1
    assert len(x.matches()) == 1 and [h.riichi for h in x.hands(m)] == [(1, 3)]
    assert replay(4, x.match(m).rules, x.hands(m)).totals == (900, 1110, 1000, 990)  # one ron, once
    assert merge_ledgers(y.path, x.path).conflicts == ()
    assert len(y.matches()) == 1


def test_the_same_riichi_joined_in_two_steps_or_one_is_the_same_hand(tmp_path):
    x, y, m, uid = _one_ron_on_two_laptops(tmp_path)
    x.join_riichi(m, x.join_riichi(m, uid, [1], expected_hands=1), [3], expected_hands=1)
    y.join_riichi(m, uid, [1, 3], expected_hands=1)
    assert x.hands(m)[-1].id == y.hands(m)[-1].id
    assert not merge_ledgers(x.path, y.path).conflicts and len(x.matches()) == 1


def test_other_riichi_joined_on_each_laptop_still_part(tmp_path):
    x, y, m, uid = _one_ron_on_two_laptops(tmp_path, riichi=[1])
    x.join_riichi(m, uid, [3], expected_hands=1)
    y.join_riichi(m, uid, [2], expected_hands=1)
    assert len(merge_ledgers(x.path, y.path).conflicts) == 1  # two decisions: the pair named, to keep the right one


def test_a_joined_hand_undone_on_one_laptop_stays_undone_after_the_other_laptops_merge(tmp_path):
    x, y, m = _same_discard_on_two_laptops(tmp_path)
    tick()
    x.undo(m)
    report = merge_ledgers(x.path, y.path)
    assert x.hands(m) == [] and report.already[0].undone == 1  # not added back from y's record of it
    merge_ledgers(y.path, x.path)
    assert y.hands(m) == []  # taken out there too


def test_a_match_with_a_joined_hand_deleted_on_one_laptop_is_deleted_on_the_other(tmp_path):
    x, y, m = _same_discard_on_two_laptops(tmp_path)
    tick()
    x.delete_match(m)
    assert not merge_ledgers(x.path, y.path).added and x.matches() == []
    assert len(merge_ledgers(y.path, x.path).deleted_there) == 1 and y.matches() == []
