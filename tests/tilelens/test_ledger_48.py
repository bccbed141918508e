"""Ledger leftovers: a head-bumped ron's note says what it kept, not the price it was entered at; the CSV names
who dealt in on a ron (a column appended after the existing ones, so that a reader by column name or by
position from the left reads the file as before).

Seats in turn order: 0 = A, 1 = B, 2 = C, 3 = D; A deals first (the figures of test_ledger_double_ron_47.py).
"""
import csv
import io

import pytest

from tilelens.ledger import DEFAULT_RULES, SAME_DISCARD, HandKind, HandRecord, Ledger, replay

HEADER = ["entry", "kind", "winner", "win", "riichi", "tenpai", "note"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def rows(ledger, m):
    return list(csv.reader(io.StringIO(ledger.to_csv(m))))


def double_ron_farther_first(ledger):
    """E1-0: A's riichi stick on the table after a draw, honba 1. D discards: C (farther from D) is entered first,
    priced with the table's honba (3,900 + 300) and with its own riichi; then B, nearer D, on the same discard,
    priced with none. B takes the honba (300) and the sticks (A's and C's: 2,000) over from C (the head bump)."""
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, riichi=(0,))
    ledger.add_win(m, 2, "ron", {3: 4200}, riichi=(2,), note="Riichi; incl. 300 for 1 honba")
    ledger.add_win(m, 1, "ron", {3: 2000}, note="Tanyao", same_discard=True)
    return m


def test_a_head_bumped_rons_note_says_it_passed_the_honba_on(ledger):
    """C's row said "incl. 300 for 1 honba", as priced, though the 300 (and the sticks) went on to B: the note
    now says what each winner kept, from the replay; the stored hand is left as entered."""
    m = double_ron_farther_first(ledger)
    table = rows(ledger, m)
    c_note, b_note = table[3][6], table[4][6]
    assert "incl. 300 for 1 honba" not in c_note and c_note.startswith("Riichi")
    assert "passed to B" in c_note and "300 for 1 honba" in c_note and "riichi chips" not in c_note
    assert b_note.startswith("Tanyao") and "+ 300 for 1 honba passed from C" in b_note and "2,000 points of riichi sticks" in b_note
    assert ledger.hands(m)[1].note == "Riichi; incl. 300 for 1 honba"  # the stored row is not rewritten
    # undo B: C holds the honba and the sticks again, and its note says so
    ledger.undo(m)
    c_note = rows(ledger, m)[3][6]
    assert "incl. 300 for 1 honba" in c_note and "passed" not in c_note and "2,000 points of riichi sticks" in c_note


def test_a_ron_that_keeps_its_honba_keeps_its_note():
    """One winner: the note said as entered (its honba phrase once), the sticks it took said beside it."""
    from tilelens.ledger import hand_notes

    rules = DEFAULT_RULES["tokyo-mahjong"]
    hands = [HandRecord(0, HandKind.DRAW, riichi=(0,), tenpai=(0,)),
             HandRecord(1, HandKind.WIN, 1, "ron", {3: 2300}, note="Pinfu; incl. 300 for 1 honba")]
    notes = hand_notes(["A", "B", "C", "D"], hands, replay(4, rules, hands))
    assert notes[1].count("incl. 300 for 1 honba") == 1 and notes[1].startswith("Pinfu")
    assert "1,000 points of riichi sticks" in notes[1] and "passed" not in notes[1]
    assert notes[0] == ""  # a draw's note as entered


def test_the_nearer_winner_entered_first_keeps_the_honba_note():
    from tilelens.ledger import hand_notes

    rules = DEFAULT_RULES["tokyo-mahjong"]
    hands = [HandRecord(0, HandKind.DRAW, riichi=(0,), tenpai=(0,)),
             HandRecord(1, HandKind.WIN, 1, "ron", {3: 2300}, note="incl. 300 for 1 honba"),
             HandRecord(2, HandKind.WIN, 2, SAME_DISCARD, {3: 3900}, riichi=(2,))]
    notes = hand_notes(["A", "B", "C", "D"], hands, replay(4, rules, hands))
    assert "incl. 300 for 1 honba" in notes[1] and "riichi chips" not in notes[1]
    # C took nothing besides its payment; the sticks reach B's total in C's row, and are said there (session 50)
    assert notes[2] == "2,000 points of riichi sticks passed to B (nearer the discarder)"


def test_the_csv_names_who_dealt_in_in_a_column_after_the_others(ledger):
    """A ron's row named the winner only: who paid was left to the totals."""
    m = double_ron_farther_first(ledger)
    ledger.add_win(m, 1, "tsumo", {0: 2100, 2: 1100, 3: 1100})
    table = rows(ledger, m)
    assert table[0] == [*HEADER, "A", "B", "C", "D", "dealt in", "chombo by", "hand", "round", "honba"]  # the old columns first, in their order
    assert table[1][-5] == "" and table[2][-5] == ""  # the start and the draw
    assert table[3][3:4] + table[3][-5:-4] == ["ron", "D"]
    assert table[4][3:4] + table[4][-5:-4] == ["ron (same discard)", "D"]
    assert table[5][3] == "tsumo" and table[5][-5] == ""
    reader = csv.DictReader(io.StringIO(ledger.to_csv(m)))
    assert [r["dealt in"] for r in reader] == ["", "", "D", "D", ""]


def test_a_chombo_names_no_one_who_dealt_in(ledger):
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100})
    table = rows(ledger, m)
    assert table[2][1] == "chombo" and table[2][-5] == "" and table[2][-9:-5] == ["1100", "700", "1100", "1100"]
