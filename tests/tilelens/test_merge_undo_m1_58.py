"""Session 58 (M1, after RV1's review of the ledger merge): an undone hand stays undone after a merge, either way;
a match here whose stored cell is damaged never crashes a merge.

1. Laptop B records a match of 2 hands; A merges B; the organiser undoes the last hand on A; A merges B again: the
   undone hand came back ("brought up to date: 1 (1 hand added)"), the correction silently reversed. Now it is left
   out and said ("1 hand undone here not added back"); a table that played on after it is kept beside as a conflict.
2. The reverse: B undoes a hand A merged already; A merges B again: the undo there is the later decision, so the hand
   is taken out here too, said; kept (and said) where this laptop recorded hands after it.
3. A match here whose players cell was edited by hand (not JSON) crashed the merge's conflict wording
   (JSONDecodeError, `tilelens ledger merge` rc 1 with a traceback)."""
from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import Ledger, _ledger_or_new
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"
UNDONE_TABLE = "tilelens_undone"  # the ledger's own table of the hands undone in it (a part of its file)


def rows(path):
    """Every stored row of a ledger file's matches and hands, to tell whether anything changed."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


def undone_rows(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return db.execute(f"SELECT game_id, created, uid FROM {UNDONE_TABLE} ORDER BY rowid").fetchall()


@pytest.fixture
def two(tmp_path):
    """Laptop A (no match yet) and laptop B: one match of two hands (Ann wins from Bo, then Bo from Cy), tonight;
    A has merged B: its #1 is B's #1."""
    a, b = Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")
    m = b.new_match(GAME, ["Ann", "Bo", "Cy"])
    b.add_win(m, 0, "ron", {1: 100})
    b.add_win(m, 1, "ron", {2: 100})
    started(b, m, at(6, 19, 0))
    (added,) = merge_ledgers(a.path, b.path).added
    assert (added.ours, added.hands) == (1, 2)
    return a, b


def said(report, lang="en"):
    return "\n".join(merge_summary(report, lang))


# --- 1: undone here, not added back


def test_a_hand_undone_here_is_not_added_back_by_the_next_merge(two):
    a, b = two
    assert a.undo(1)
    before = rows(a.path)
    report = merge_ledgers(a.path, b.path)
    assert len(a.hands(1)) == 1 and rows(a.path) == before  # the correction kept
    assert not report.extended and not report.added and not report.conflicts
    assert [(m.ours, m.undone) for m in report.already] == [(1, 1)]
    assert report.copy is None  # nothing changed: no copy kept of the ledger as it was
    assert "1 hand undone here not added back" in said(report)
    assert "ここで取り消した1局は戻していません" in said(report, "ja")
    assert "brought up to date" not in said(report)


def test_an_undo_is_remembered_by_the_hands_id_in_a_table_of_the_ledgers_own(two):
    a, _ = two
    last = a.hands(1)[-1].id
    match = a.match(1)
    a.undo(1)
    assert undone_rows(a.path) == [(GAME, match.created, last)]
    with closing(sqlite3.connect(a.path)) as db:
        assert _ledger_or_new(db)  # a table of the ledger's own: still a ledger, not another program's database
        # a tilelens before it: the ledger's tables with another beside them, as the deleted matches' table
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"matches", "hands", UNDONE_TABLE} <= names
    assert Ledger(a.path, read_only=True).hands(1)[0].winner == 0
    first = a.hands(1)[0].id
    assert a.undo(1)  # the first hand undone too: both remembered, in the order undone
    assert [r[2] for r in undone_rows(a.path)] == [last, first]


def test_an_undo_of_a_match_with_no_hand_remembers_nothing(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Ann", "Bo", "Cy"])
    assert not a.undo(m)
    with closing(sqlite3.connect(a.path)) as db:
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (UNDONE_TABLE,)).fetchone()


def test_every_hand_undone_here_stays_undone(two):
    a, b = two
    a.undo(1)
    a.undo(1)
    report = merge_ledgers(a.path, b.path)
    assert a.hands(1) == [] and [(m.ours, m.undone) for m in report.already] == [(1, 2)]
    assert "2 hands undone here not added back" in said(report)
    assert "ここで取り消した2局は戻していません" in said(report, "ja")


def test_a_dry_run_says_the_same_and_changes_nothing(two):
    a, b = two
    a.undo(1)
    before = rows(a.path)
    report = merge_ledgers(a.path, b.path, dry_run=True)
    assert [(m.ours, m.undone) for m in report.already] == [(1, 1)] and rows(a.path) == before
    assert "1 hand undone here not added back" in said(report)


def test_hands_played_there_after_one_undone_here_are_a_conflict_kept_beside(two):
    a, b = two
    a.undo(1)
    b.add_win(1, 2, "ron", {0: 100})  # that table played on after the hand undone here
    report = merge_ledgers(a.path, b.path)
    (conflict,) = report.conflicts
    assert (conflict.here, conflict.ours, conflict.hands) == (1, 2, 3) and len(a.hands(1)) == 1
    assert "hand 2" in conflict.why and "undone here" in conflict.why and "取り消" in conflict.why_ja
    again = merge_ledgers(a.path, b.path)  # found again: no third record
    assert not again.conflicts and not again.added and len(a.matches()) == 2


def test_a_hand_undone_and_entered_otherwise_is_already_here(two):
    # session 58 (M3): B recorded nothing after the hand A undid, nor ever had A's correction: no conflict
    a, b = two
    a.undo(1)
    a.add_win(1, 2, "ron", {0: 100})  # the organiser's correction: Cy won, not Bo
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and [(m.ours, m.undone) for m in report.already] == [(1, 1)]
    assert [h.winner for h in a.hands(1)] == [0, 2]


def test_a_hand_undone_in_a_conflicts_copy_is_not_added_back(two):
    a, b = two
    a.add_win(1, 2, "ron", {0: 50})  # A played on: B's next hand differs
    b.add_win(1, 0, "ron", {2: 10})
    (conflict,) = merge_ledgers(a.path, b.path).conflicts
    copy = conflict.ours
    assert len(a.hands(copy)) == 3
    a.undo(copy)
    report = merge_ledgers(a.path, b.path)
    assert len(a.hands(copy)) == 2 and not report.extended and not report.conflicts
    assert [(m.ours, m.undone) for m in report.already] == [(copy, 1)]


def test_a_third_laptop_with_the_hand_undone_here_does_not_bring_it_back(two, tmp_path):
    a, b = two
    c = tmp_path / "c.sqlite"
    c.write_bytes(b.path.read_bytes())
    a.undo(1)
    report = merge_ledgers(a.path, c)
    assert len(a.hands(1)) == 1 and [(m.ours, m.undone) for m in report.already] == [(1, 1)]


# --- 2: undone there, taken out here


def test_a_hand_undone_on_the_other_laptop_is_taken_out_here_too(two):
    a, b = two
    gone = a.hands(1)[-1].id
    b.undo(1)
    report = merge_ledgers(a.path, b.path)
    assert [h.winner for h in a.hands(1)] == [0]
    assert [(m.ours, m.taken_out) for m in report.already] == [(1, 1)] and report.copy is not None
    assert "1 hand undone on the other laptop taken out here" in said(report)
    assert "ほかのパソコンで取り消した1局をここでも取り消しました" in said(report, "ja")
    assert gone in [r[2] for r in undone_rows(a.path)]  # remembered here: a third laptop's copy stays out
    again = merge_ledgers(a.path, b.path)
    assert [(m.ours, m.taken_out, m.undone) for m in again.already] == [(1, 0, 0)] and again.copy is None


def test_a_dry_run_says_what_it_would_take_out_and_changes_nothing(two):
    a, b = two
    b.undo(1)
    before = rows(a.path)
    report = merge_ledgers(a.path, b.path, dry_run=True)
    assert [(m.ours, m.taken_out) for m in report.already] == [(1, 1)] and rows(a.path) == before
    assert "1 hand undone on the other laptop would be taken out here" in said(report)


def test_a_hand_undone_there_with_hands_recorded_after_it_here_is_kept_and_said(two):
    a, b = two
    b.undo(1)
    a.add_win(1, 2, "ron", {0: 100})  # this laptop played on after it
    before = rows(a.path)
    report = merge_ledgers(a.path, b.path)
    assert rows(a.path) == before and len(a.hands(1)) == 3
    (m,) = report.already
    assert (m.ours, m.taken_out, m.undone_kept) == (1, 0, 1)
    assert "hand 2 here was undone on the other laptop" in said(report)
    assert "2局目はほかのパソコンで取り消されています" in said(report, "ja")


def test_a_hand_undone_there_and_entered_otherwise_is_taken_out_and_the_new_one_added(two):
    a, b = two
    b.undo(1)
    b.add_win(1, 2, "ron", {0: 100})
    report = merge_ledgers(a.path, b.path)
    assert not report.conflicts and [(m.ours, m.hands, m.taken_out) for m in report.extended] == [(1, 1, 1)]
    assert [h.winner for h in a.hands(1)] == [0, 2]


# --- 3: a damaged cell here


def damaged_players(path):
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET players = ? WHERE id = 1", ("Ann, Bo, Cy",))  # edited by hand: not JSON


def test_a_damaged_players_cell_here_is_said_as_stored_not_a_crash(two):
    a, b = two
    a.add_win(1, 2, "ron", {0: 100})  # here: another third hand
    b.add_win(1, 0, "ron", {2: 100})  # there: another third hand
    damaged_players(a.path)
    report = merge_ledgers(a.path, b.path)
    (conflict,) = report.conflicts
    assert conflict.here == 1 and "Ann, Bo, Cy" in conflict.why and "None" not in conflict.why
    assert "プレイヤーが違います" in conflict.why_ja


def test_the_command_merges_beside_a_damaged_cell_without_a_traceback(two, tmp_path, capsys, monkeypatch):
    a, b = two
    a.add_win(1, 2, "ron", {0: 100})
    b.add_win(1, 0, "ron", {2: 100})
    damaged_players(a.path)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert "conflicting: 1" in out and "Ann, Bo, Cy" in out
