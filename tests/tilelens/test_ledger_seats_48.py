"""A stored hand whose seats are not whole numbers at the table (48): a file edited by hand with a seat such as -1
(which Python would read as the last player) is a damaged match when its hands are read, said once by every
reader (the table, the CSV, ``tilelens ledger``), never a wrong player named."""
from __future__ import annotations

import sqlite3

import pytest

from tilelens.ledger import Ledger, LedgerError, match_csv
from tilelens.ledger_cli import main as ledger_main

GAME = "tokyo-mahjong"

CASES = {
    "winner -1": ("win", "UPDATE hands SET winner = -1 WHERE match_id = ?"),
    "winner 1.5": ("win", "UPDATE hands SET winner = 1.5 WHERE match_id = ?"),
    "payer -1": ("win", "UPDATE hands SET payments = '{\"-1\": 1000}' WHERE match_id = ?"),
    "riichi -1": ("win", "UPDATE hands SET riichi = '[-1]' WHERE match_id = ?"),
    "riichi true": ("win", "UPDATE hands SET riichi = '[true]' WHERE match_id = ?"),
    "tenpai -1": ("draw", "UPDATE hands SET tenpai = '[-1]' WHERE match_id = ?"),
    "tenpai 4 of 4 seats": ("draw", "UPDATE hands SET tenpai = '[4]' WHERE match_id = ?"),
    "chombo offender -1": ("chombo", "UPDATE hands SET winner = -1 WHERE match_id = ?"),
    "chombo payee -2": ("chombo", "UPDATE hands SET payments = '{\"-2\": 4000}' WHERE match_id = ?"),
}


def _edited(tmp_path, kind: str, sql: str) -> tuple[Ledger, int, int]:
    ledger = Ledger(tmp_path / "ledger.sqlite")
    good = ledger.new_match(GAME, ["E", "F", "G", "H"])
    ledger.add_win(good, 0, "ron", {1: 2000})
    bad = ledger.new_match(GAME, ["A", "B", "C", "D"])
    if kind == "win":
        ledger.add_win(bad, 1, "ron", {2: 1000}, riichi=[1])
    elif kind == "draw":
        ledger.add_draw(bad, tenpai=[0])
    else:
        ledger.add_chombo(bad, 2, {0: 4000, 1: 2000, 3: 2000})
    with sqlite3.connect(ledger.path) as db:
        db.execute(sql, (bad,))
    return ledger, good, bad


@pytest.mark.parametrize("case", list(CASES))
def test_a_stored_seat_not_at_the_table_is_a_damaged_match_to_every_reader(tmp_path, capsys, case):
    ledger, good, bad = _edited(tmp_path, *CASES[case])
    for read in (ledger.hands, ledger.table, ledger.state, ledger.to_csv):
        with pytest.raises(LedgerError, match=f"match #{bad} in .* cannot be read") as exc:
            read(bad)
        assert "seat" in str(exc.value) and "Traceback" not in str(exc.value)
    # the other match is read whole
    state, hands = ledger.table(good)
    assert list(state.totals) == [27000, 23000, 25000, 25000] and len(hands) == 1
    assert "E" in match_csv(ledger.match(good), hands, state)
    # tilelens ledger list: the damaged match said once, the good one listed
    assert ledger_main(["list", "--db", str(ledger.path)]) == 2
    out, err = capsys.readouterr()
    assert f"#{good}" in out and f"#{bad}" not in out
    assert err.count(f"#{bad}") == 1, err


def test_a_seat_in_range_of_a_three_player_table_only(tmp_path):
    # where the number of seats is that of the match: seat 3 is at a table of four, not one of three
    ledger = Ledger(tmp_path / "ledger.sqlite")
    three = ledger.new_match(GAME, ["A", "B", "C"])
    ledger.add_draw(three, tenpai=[2])
    assert ledger.hands(three)[0].tenpai == (2,)
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET tenpai = '[3]' WHERE match_id = ?", (three,))
    with pytest.raises(LedgerError, match=r"seat 4 is not at this table \(seats 1-3\)"):
        ledger.hands(three)


def test_a_damaged_last_hand_can_be_undone(tmp_path):
    ledger, _, bad = _edited(tmp_path, *CASES["winner -1"])
    assert ledger.undo(bad)
    assert ledger.hands(bad) == [] and list(ledger.state(bad).totals) == [25000] * 4
