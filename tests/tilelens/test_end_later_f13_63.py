"""Session 63 (F13): an end made later on another laptop is not dropped by a merge. An end's id is made from the match
and its last hand (``ended_uid``), so laptop A's end, undone, and laptop B's end at the same point, made later by a
laptop that never saw A's, are one entry: the merge took B's end for the entry A undid and dropped it silently (either
order). ``Ledger.end_match`` records the end as made at its own time (the later decision against an earlier undo,
as a hand brought back is); an undo made after the end still takes it out, in either order, on two laptops or three."""
from __future__ import annotations

import shutil

import pytest

from merge_order_helpers import every_order, rows, tick
from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers

GAME = "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy"]
PLAYED = ["win", "draw"]
ENDED = ["win", "draw", "end"]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))


def laptops(folder, names="ab"):
    """Laptops sharing one match of two entries (a copy of the first's ledger each): the ledgers by name, the match."""
    folder.mkdir(parents=True, exist_ok=True)
    first = Ledger(folder / f"{names[0]}.sqlite")
    m = first.new_match(GAME, PLAYERS)
    first.add_win(m, 1, "ron", {2: 100})
    first.add_draw(m)
    found = {names[0]: first}
    for name in names[1:]:
        shutil.copy(first.path, folder / f"{name}.sqlite")
        found[name] = Ledger(folder / f"{name}.sqlite")
    return found, m


def kinds(ledger, m):
    return [h.kind.value for h in ledger.hands(m)]


def in_turn(lt, m, *steps):
    """Each of ``steps`` on match ``m``, each at a later time than the one before: ``"a end"``, laptop a ends the match;
    ``"a undo"``, laptop a undoes its last entry (there is one to undo)."""
    for i, step in enumerate(steps):
        name, what = step.split()
        if i:
            tick()
        if what == "end":
            lt[name].end_match(m)
        else:
            assert lt[name].undo(m), step


def end_undone_then_ended_later(folder):
    """A ends the match and undoes the end; B, which never saw A's end, ends it later at the same point."""
    lt, m = laptops(folder)
    in_turn(lt, m, "a end", "a undo", "b end")
    return lt["a"], lt["b"], m


def ended_then_undone_later(folder):
    """B ends the match; A, which never saw B's end, ends it at the same point and undoes the end later."""
    lt, m = laptops(folder)
    in_turn(lt, m, "b end", "a end", "a undo")
    return lt["a"], lt["b"], m


def both_ways(tmp_path, make):
    """``make``'s two laptops merged each way (A into B, B into A), each pair a copy of the two ledgers in a folder of
    its own: the merged ledgers and the match."""
    a, b, m = make(tmp_path / "made")
    pairs = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        pairs.append([Ledger(shutil.copy(x.path, tmp_path / name / x.path.name)) for x in (a, b)])
    (a1, b1), (a2, b2) = pairs
    r1 = merge_ledgers(b1.path, a1.path)
    r2 = merge_ledgers(a2.path, b2.path)
    assert not r1.conflicts and not r2.conflicts, (r1, r2)
    return b1, a2, m


# each case: its two laptops, the hands the later decision leaves, whether it leaves the match ended
LATER = [
    pytest.param(end_undone_then_ended_later, ENDED, True, id="an-end-made-later-outweighs-an-earlier-undo"),
    pytest.param(ended_then_undone_later, PLAYED, False, id="an-undo-made-after-the-other-laptops-end-takes-it-out"),
]


@pytest.mark.parametrize("make, played, ended", LATER)
@pytest.mark.parametrize("into", ["a", "b"])
def test_the_later_decision_on_either_laptop_stands(tmp_path, into, make, played, ended):
    a, b, m = make(tmp_path)
    assert kinds(a, m) == PLAYED and kinds(b, m) == ENDED
    target, other = (a, b) if into == "a" else (b, a)
    report = merge_ledgers(target.path, other.path)
    assert not report.conflicts, report
    assert kinds(target, m) == played and target.state(m).ended_early == ended
    assert bool(target.undone_hands(m)) != ended  # an end kept is undone nowhere
    again = merge_ledgers(other.path, target.path)  # and back: the two laptops agree
    assert not again.conflicts and kinds(other, m) == played and other.state(m).ended_early == ended


@pytest.mark.parametrize("make, played, ended", LATER)
def test_the_later_decision_gives_the_same_ledger_in_either_merge_order(tmp_path, make, played, ended):
    into_b, into_a, m = both_ways(tmp_path, make)
    assert kinds(into_b, m) == kinds(into_a, m) == played
    assert rows(into_b.path) == rows(into_a.path)
    assert set(into_b.undone_hands(m)) == set(into_a.undone_hands(m))
    assert bool(into_b.undone_hands(m)) != ended


@pytest.mark.parametrize("into", ["a", "b"])
def test_an_end_undone_and_made_again_on_one_laptop_is_kept(tmp_path, into):
    lt, m = laptops(tmp_path)
    a, b = lt["a"], lt["b"]
    first = a.end_match(m)
    tick()
    a.undo(m)
    tick()
    assert a.end_match(m) == first  # ended again at the same point: the same entry, its undo no longer stands
    assert not a.undone_hands(m)
    target, other = (a, b) if into == "a" else (b, a)
    report = merge_ledgers(target.path, other.path)
    assert not report.conflicts and kinds(target, m) == ENDED and target.state(m).ended_early
    merge_ledgers(other.path, target.path)
    assert kinds(other, m) == ENDED


def test_an_undo_after_an_end_made_again_takes_it_out(tmp_path):
    lt, m = laptops(tmp_path)
    a, b = lt["a"], lt["b"]
    in_turn(lt, m, "a end", "a undo", "a end", "b end", "b undo")  # B ends it too, then undoes: the latest decision
    for target, other in ((a, b), (b, a)):
        assert not merge_ledgers(target.path, other.path).conflicts
        assert kinds(target, m) == PLAYED


@pytest.mark.parametrize("steps, played, ended", [
    (("a end", "a undo", "b end"), ENDED, True),  # A ends, takes it back; B ends later; C never ends it
    # C ends it too (never saw A's or B's), then undoes: the latest decision
    (("a end", "a undo", "b end", "c end", "c undo"), PLAYED, False),
], ids=["an-end-made-later-is-kept", "an-undo-made-later-on-a-third-takes-the-end-out"])
def test_three_laptops_the_latest_decision_stands_in_every_order(tmp_path, steps, played, ended):
    lt, m = laptops(tmp_path / "laptops", "abc")
    in_turn(lt, m, *steps)
    found = every_order(lt, tmp_path)
    firsts = [first for first, _ in found.values()]
    assert all(first == firsts[0] for first in firsts)  # the same ledger whatever the order
    for order, (_, reports) in found.items():
        assert not any(r.conflicts for r in reports), order
        z = Ledger(tmp_path / f"z-{''.join(order)}.sqlite")
        (match,) = z.matches()
        assert kinds(z, match.id) == played and z.state(match.id).ended_early == ended, order
