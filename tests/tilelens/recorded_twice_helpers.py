"""What the recorded-twice tests share (test_recorded_twice_shared_f12_63.py, test_first_record_g1_63.py,
test_ledger_show_json_f3_63.py): two laptops' ledgers holding one match recorded differently (its last hand another),
merged one way or both ways."""
from __future__ import annotations

import sqlite3

from ledger_helpers import at, started

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers

GAME = "yokai-watch"


def laptops_apart(tmp_path):
    """Laptops A and B before any merge: #1 A's own match (also on B, a copy of A's ledger), #2 a match of both tables
    whose last hand each laptop recorded otherwise. The two ledgers and #2."""
    a = Ledger(tmp_path / "a.sqlite")
    one = a.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    a.add_win(one, 0, "ron", {1: 100})
    started(a, one, at(6, 19, 0))
    two = a.new_match(GAME, ["Eri", "Fumi", "Goro", "Hana"])
    a.add_win(two, 3, "ron", {0: 80})
    started(a, two, at(6, 19, 30))
    b_path = tmp_path / "b.sqlite"
    b_path.write_bytes(a.path.read_bytes())
    b = Ledger(b_path)
    a.add_win(two, 1, "ron", {2: 20})  # A: Fumi's ron from Goro
    b.add_win(two, 2, "ron", {1: 60})  # B: the same hand as Goro's ron from Fumi
    return a, b, two


def laptops_recorded_twice(tmp_path):
    """Laptop A's ledger after the merge of B's: #1 A's own match, #2 a match of both tables, recorded by A, and #3
    B's record of #2 (its last hand another), kept beside it by the merge."""
    a, b, _ = laptops_apart(tmp_path)
    report = merge_ledgers(a.path, b.path)
    assert [(m.here, m.ours) for m in report.conflicts] == [(2, 3)]
    return a, b


def merged_both_ways(tmp_path, b_first: bool):
    """Laptops A and B, each with its own record of one match (#2) whose last hand differs, then each merged into the
    other: each holds its own as #2 and the other's as #3. ``b_first``: B's differing hand was recorded first."""
    a, b, two = laptops_apart(tmp_path)
    hand_time = {a: at(6, 20, 5 if b_first else 1), b: at(6, 20, 1 if b_first else 5)}
    for ledger, when in hand_time.items():  # the differing hand's time, as its laptop's clock said it
        with sqlite3.connect(ledger.path) as db:
            db.execute("UPDATE hands SET created = ? WHERE match_id = ? AND seq = 1", (when, two))
    a_before = tmp_path / "a-before.sqlite"
    a_before.write_bytes(a.path.read_bytes())
    assert [(m.here, m.ours) for m in merge_ledgers(a.path, b.path).conflicts] == [(2, 3)]
    assert [(m.here, m.ours) for m in merge_ledgers(b.path, a_before).conflicts] == [(2, 3)]
    return a, b
