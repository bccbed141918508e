"""Session 62 (F9): a delete judged with every undo the merge knows, and a conflict's copy merged on as it is.

1. (RV1) A plays M (h1); B copies A; C copies B; B plays h2; C copies A and B; B undoes h2 and h1 (M empty on B);
   A deletes M. Merged into a fresh ledger in the orders A, C, B and C, A, B, an empty M was left (C's record, more
   hands than A deleted, kept; B's undos then took them out), deleted by a second round. Now a delete of a match that
   holds more is remembered all the same, and a match a merge takes hands out of is compared with the deletes here:
   one round decides.
2. A conflict's copy (a laptop holding two records of one match) merged into a ledger holding the other record was
   copied again, its hands' ids made from the copy's (a copy of a copy): a delete of the record it was copied from, on
   a third laptop, no longer found it, and the hands kept followed the merge order (F5's sweep, seed 35 at 25 steps).
   A record none of whose hands is here keeps its ids.
"""
from __future__ import annotations

import pytest

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

from merge_order_helpers import every_order, one_hand_match, rows, tick


# --- 1: a delete judged with the undos of another laptop


@pytest.fixture
def emptied_then_deleted(tmp_path):
    a, b, c = (Ledger(tmp_path / f"{n}.sqlite") for n in "abc")
    m = one_hand_match(a)
    merge_ledgers(b.path, a.path)
    merge_ledgers(c.path, b.path)
    b.add_win(1, 1, "ron", {2: 20})
    merge_ledgers(c.path, a.path)
    merge_ledgers(c.path, b.path)
    tick()
    b.undo(1)
    tick()
    b.undo(1)
    tick()
    a.delete_match(m)
    return {"a": a, "b": b, "c": c}


def test_a_match_emptied_by_another_laptops_undos_is_deleted_in_one_round_in_every_order(emptied_then_deleted,
                                                                                         tmp_path):
    found = every_order(emptied_then_deleted, tmp_path)
    for order, ((matches, hands), _) in found.items():
        assert matches == [] and hands == [], order


@pytest.mark.parametrize("order", ["acb", "cab"])
def test_the_merge_that_takes_the_hands_out_deletes_it_and_keeps_it_to_bring_back(emptied_then_deleted, tmp_path,
                                                                                  order):
    z = tmp_path / f"z-{order}.sqlite"
    reports = [merge_ledgers(z, emptied_then_deleted[name].path) for name in order]
    assert reports[1].remembered == 0  # a's delete of a match here played on: not said as one of no record here
    last = reports[-1]
    assert [m.ours for m in last.deleted_there] == [1] and last.deleted_there[0].deleted_before
    assert len(last.removed) == 1 and Ledger(z).matches() == []
    text = "\n".join(merge_summary(last))
    assert "#1" in text and "Traceback" not in text
    Ledger(z).restore_match(last.removed[0])  # brought back: a merge of the same files leaves it
    assert len(Ledger(z).matches()) == 1
    for name in order:
        merge_ledgers(z, emptied_then_deleted[name].path)
    assert len(Ledger(z).matches()) == 1


def test_a_delete_of_a_match_played_on_here_keeps_the_match(tmp_path):
    x, y = Ledger(tmp_path / "x.sqlite"), Ledger(tmp_path / "y.sqlite")
    m = one_hand_match(x)
    merge_ledgers(y.path, x.path)
    y.add_win(y.matches()[0].id, 1, "ron", {2: 20})
    tick()
    x.delete_match(m)
    report = merge_ledgers(y.path, x.path)
    assert not report.deleted_there and report.remembered == 0
    assert len(y.hands(y.matches()[0].id)) == 2  # played on here: kept
    assert merge_ledgers(y.path, x.path).copy is None


# --- 2: a conflict's copy merged on as it is


@pytest.fixture
def copy_on_a_third_laptop(tmp_path):
    """x: M [a, b], then deleted; y: M [a, c]; w: y's M and x's as its conflict copy [a', b']."""
    x, y, w = (Ledger(tmp_path / f"{n}.sqlite") for n in "xyw")
    m = one_hand_match(x)
    merge_ledgers(y.path, x.path)
    x.add_win(m, 1, "ron", {2: 20})
    y.add_win(y.matches()[0].id, 2, "ron", {0: 30})
    merge_ledgers(w.path, y.path)
    assert len(merge_ledgers(w.path, x.path).conflicts) == 1
    tick()
    x.delete_match(m)
    return {"x": x, "y": y, "w": w}


def test_a_copy_merged_from_a_laptop_holding_both_records_keeps_its_ids(copy_on_a_third_laptop, tmp_path):
    w = copy_on_a_third_laptop["w"]
    z = tmp_path / "z.sqlite"
    merge_ledgers(z, w.path)
    assert rows(z) == rows(w.path)
    assert merge_ledgers(z, w.path).copy is None


def test_the_delete_of_the_record_a_copy_was_made_from_takes_the_copy_in_every_order(copy_on_a_third_laptop,
                                                                                     tmp_path):
    found = every_order(copy_on_a_third_laptop, tmp_path)
    assert len({repr(first) for first, _ in found.values()}) == 1
    first, _ = next(iter(found.values()))
    assert first == rows(copy_on_a_third_laptop["y"].path)  # y's record, played on: the deleted one's copy gone
