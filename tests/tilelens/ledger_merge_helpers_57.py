"""What the session-57 merge tests share (test_ledger_merge_57.py, tests/app/test_ledger_merge_page_57.py): the
ledgers of two laptops, one table each, of one evening (their match numbers collide)."""
from __future__ import annotations

from ledger_helpers import at, started

from tilelens.ledger import Ledger

GAME = "yokai-watch"


def table_one(path):
    """Laptop A's table: Ann, Ben, Chika, Daiki; one finished match (#1) and one under way (#2), tonight."""
    ledger = Ledger(path)
    one = ledger.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    ledger.add_win(one, 0, "ron", {1: 100}, note="first")
    ledger.add_win(one, 2, "ron", {3: 60})
    started(ledger, one, at(6, 19, 0))
    two = ledger.new_match(GAME, ["Ann", "Ben", "Chika", "Daiki"])
    ledger.add_win(two, 1, "ron", {0: 40})
    started(ledger, two, at(6, 20, 30))
    return ledger


def table_two(path):
    """Laptop B's table: Eri, Fumi, Goro, Hana; two matches numbered #1 and #2 there too (the numbers collide)."""
    ledger = Ledger(path)
    one = ledger.new_match(GAME, ["Eri", "Fumi", "Goro", "Hana"])
    ledger.add_win(one, 3, "ron", {0: 80})
    ledger.add_draw(one)
    ledger.add_win(one, 1, "ron", {2: 20})
    started(ledger, one, at(6, 19, 5))
    two = ledger.new_match(GAME, ["Eri", "Fumi", "Goro", "Hana"])
    ledger.add_win(two, 0, "ron", {1: 30})
    started(ledger, two, at(6, 20, 45))
    return ledger
