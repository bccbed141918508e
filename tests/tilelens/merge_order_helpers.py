"""What the merge-order tests share (test_merge_back_f19_61.py, test_merge_rounds_f5_62.py,
test_merge_deletes_f9_62.py): laptops' ledgers of one match, a hand undone and brought back, a ledger's rows as
recorded, and every order of merging the laptops' files into a fresh ledger."""
from __future__ import annotations

import itertools
import sqlite3
import time
from contextlib import closing

from tilelens.ledger_merge import merge_ledgers

GAME = "yokai-watch"


def tick():
    time.sleep(0.01)  # the next decision at a later time


def one_hand_match(ledger, paid: int = 10) -> int:
    """A new match of Ann, Bo and Cy on ``ledger`` with one hand (Ann's ron on Bo's discard, ``paid``); its id."""
    m = ledger.new_match(GAME, ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 0, "ron", {1: paid})
    return m


def bring_back_last(ledger, m: int):
    """The last hand of match ``m`` undone, then brought back (Bring it back), each at a later time; the hand."""
    last = ledger.hands(m)[-1]
    tick()
    ledger.undo(m)
    tick()
    ledger.restore(m, last)
    return last


def rows(path):
    """A ledger's matches and hands as recorded (not their numbers here: those follow the merge order)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        matches = sorted(db.execute("SELECT game_id, players, created FROM matches").fetchall())
        hands = sorted(db.execute("SELECT m.created, h.seq, h.uid, h.payments FROM hands h JOIN matches m "
                                  "ON m.id = h.match_id").fetchall())
    return matches, hands


def rows_and_side(path):
    """:func:`rows` with each hand's riichi, and the bringings back and undos the ledger remembers (its
    ``tilelens_restored`` and ``tilelens_undone`` tables, where it has them)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        matches = sorted(db.execute("SELECT game_id, players, created FROM matches").fetchall())
        hands = sorted(db.execute("SELECT m.created, h.seq, h.uid, h.payments, h.riichi FROM hands h JOIN matches m "
                                  "ON m.id = h.match_id").fetchall())
        side = [sorted(db.execute(f"SELECT * FROM {t}").fetchall()) for t in ("tilelens_restored", "tilelens_undone")
                if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (t,)).fetchone()]
    return matches, hands, side


def every_order(files, folder, rows=rows):
    """Each order of merging ``files`` (name: ledger) into a fresh ledger ``folder/z-ORDER.sqlite``, then again: the
    second round changes nothing (no copy kept, the same ``rows``). By order: the first round's rows and reports."""
    found = {}
    for order in itertools.permutations(files):
        z = folder / f"z-{''.join(order)}.sqlite"
        reports = [merge_ledgers(z, files[name].path) for name in order]
        first = rows(z)
        assert [merge_ledgers(z, files[name].path).copy for name in order] == [None] * len(order), order
        assert rows(z) == first, order
        found[order] = (first, reports)
    return found
