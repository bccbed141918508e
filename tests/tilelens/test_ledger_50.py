"""Ledger (50): a further winner on one discard priced with a honba other than the head-bump rule's is refused;
after a head bump, what `show`, `show --json` and the CSV say agrees with the totals; a riichi from a player
without the 1,000 for its stick is refused; chips said with a thousands separator; the CSV's first column named
for what it holds (the entry's number).

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first (the walkthrough's plan2.py and plan5.py).
"""
import csv
import io
import json

import pytest

from tilelens.ledger import LedgerError, Ledger, hand_notes
from tilelens.ledger_cli import show_json, show_text

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def double_ron_after_a_draw(ledger):
    """plan2.py: a draw, Ann and Cy tenpai in riichi: honba 1, 2,000 in sticks. Bo discards: Di (farther) is
    entered first, priced with the table's honba (2,000 + 300), then Cy (nearer Bo), priced with none (5,200)."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0, 2), riichi=(0, 2))
    ledger.add_win(m, 3, "ron", {1: 2300})
    ledger.add_win(m, 2, "ron", {1: 5200}, same_discard=True, honba=0)
    return m


# 1. the honba a further winner on the same discard is priced with

@pytest.mark.parametrize("honba", [1, 2])
def test_a_same_discard_ron_priced_with_the_tables_honba_is_refused(ledger, honba):
    """plan5.py: C's ron on the discard A had just won on was priced with honba 2 and taken: B paid 600 too much."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0,))
    ledger.add_win(m, 0, "ron", {1: 3200})
    before = ledger.hands(m)
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "ron", {1: 1300 + 300 * honba}, same_discard=True, honba=honba)
    assert "honba 0" in str(err.value) and f"honba {honba}" in str(err.value)
    assert "0本場" in err.value.message_ja and f"{honba}本場" in err.value.message_ja
    assert ledger.hands(m) == before  # nothing recorded
    ledger.add_win(m, 2, "ron", {1: 1300}, same_discard=True, honba=0)
    assert len(ledger.hands(m)) == 3


def test_a_same_discard_ron_whose_note_states_a_honba_is_refused(ledger):
    """A note priced with honba (the scorer's payment note, as the CLI and older screens stored it) says it too."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0,))
    ledger.add_win(m, 0, "ron", {1: 3200}, note="incl. 300 for 1 honba")
    with pytest.raises(LedgerError, match="honba 0"):
        ledger.add_win(m, 2, "ron", {1: 1600}, note="Tanyao; incl. 300 for 1 honba", same_discard=True)


# 2. after a head bump: the payments as they flowed

def test_the_json_payments_add_up_to_the_totals_after_a_head_bump(ledger):
    m = double_ron_after_a_draw(ledger)
    match = ledger.match(m)
    state, hands = ledger.table(match)
    data = json.loads(json.dumps(show_json(match, hands, state)))
    # after the draw (noten: Bo and Di pay 1,500 each): Ann 25,500, Bo 23,500, Cy 25,500 (its stick out), Di 23,500.
    # Di: 23,500 + 2,300 - 300 = 25,500; Cy: 25,500 + 5,200 + 300 + 2,000 = 33,000; Bo: 23,500 - 7,500 = 16,000
    assert data["totals"] == {"Ann": 25500, "Bo": 16000, "Cy": 33000, "Di": 25500}
    net = dict.fromkeys(PLAYERS, 0)
    for row in data["hands"]:
        for p in row["payments"]:
            net[p["from"]] -= p["amount"]
            net[p["to"]] += p["amount"]
    # what the payments moved, the draw's noten payments too (Bo and Di pay Ann and Cy 750 each), besides the sticks
    # (2,000: Ann's and Cy's, to Cy): with them, the totals
    assert net == {"Ann": 1500, "Bo": -9000, "Cy": 7000, "Di": 500}
    assert {"from": "Di", "to": "Cy", "amount": 300} in data["hands"][2]["payments"]


def test_the_notes_say_the_honba_passed_and_no_false_incl(ledger):
    m = double_ron_after_a_draw(ledger)
    match = ledger.match(m)
    state, hands = ledger.table(match)
    notes = hand_notes(match.players, hands, state)
    assert "300 for 1 honba passed to Cy" in notes[1] and "riichi chips" not in notes[1]
    assert "incl." not in notes[2] and "plus 300 for 1 honba passed from Di" in notes[2]
    assert "+ 2,000 points of riichi sticks from the table" in notes[2]
    ja = hand_notes(match.players, hands, state, "ja")
    assert "Diの記録から移動" in ja[2] and "含む" not in ja[2]
    text = show_text(match, hands, state)
    assert "incl. 300" not in text and "passed from Di" in text


def test_the_csv_rows_hold_what_each_player_held(ledger):
    """The first entry's row said Di held 2,300 and the 2,000 sticks, which went to Cy."""
    m = double_ron_after_a_draw(ledger)
    rows = list(csv.reader(io.StringIO(ledger.to_csv(m))))
    head = rows[0]
    di, cy, bo = head.index("Di"), head.index("Cy"), head.index("Bo")
    assert int(rows[3][di]) == 23500 + 2300 and int(rows[3][cy]) == 25500
    assert int(rows[4][di]) == 25500 and int(rows[4][cy]) == 33000 and int(rows[4][bo]) == 16000
    # each row's change is the flows of its entry: Bo 2,300 to Di; then Bo 5,200 and Di 300 to Cy, with the sticks
    assert sum(int(rows[3][c]) for c in (bo, cy, di, head.index("Ann"))) == 100000 - 2000


def test_an_old_ledger_still_reads_the_same_totals(ledger):
    """Stored data's meaning is unchanged: a double ron entered before (no honba given) replays to the same table."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0, 2), riichi=(0, 2))
    ledger.add_win(m, 3, "ron", {1: 2300})
    ledger.add_win(m, 2, "ron", {1: 5200}, same_discard=True)
    assert ledger.state(m).totals == (25500, 16000, 33000, 25500)


# 3. a riichi needs the points for its stick

def _bo_at(ledger, points):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 25000 - points})  # Ann (dealer) keeps the deal, honba 1
    return m


def test_a_riichi_from_a_player_below_1000_is_refused(ledger):
    m = _bo_at(ledger, 900)
    with pytest.raises(LedgerError) as err:
        ledger.add_draw(m, tenpai=(1,), riichi=(1,))
    assert "Bo" in str(err.value) and "900" in str(err.value) and "1,000" in str(err.value)
    assert "Bo" in err.value.message_ja and "リーチ" in err.value.message_ja
    with pytest.raises(LedgerError, match="1,000"):
        ledger.add_win(m, 1, "tsumo", {0: 2600, 2: 1300, 3: 1300}, riichi=(1,))
    assert len(ledger.hands(m)) == 1


def test_a_riichi_with_exactly_1000_is_taken(ledger):
    m = _bo_at(ledger, 1000)
    ledger.add_draw(m, tenpai=(1,), riichi=(1,))
    state = ledger.state(m)
    assert state.totals[1] == 1000 - 1000 + 3000 and state.pot == 1000  # its stick out, the noten payments in


# 4. wording

def test_chips_are_said_with_a_thousands_separator(ledger):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0,), riichi=(0,))
    ledger.add_win(m, 2, "ron", {1: 1300})
    match = ledger.match(m)
    state, hands = ledger.table(match)
    assert "+ 1,000 points of riichi sticks from the table" in hand_notes(match.players, hands, state)[1]


def test_the_csvs_first_column_says_it_is_the_entry(ledger):
    m = double_ron_after_a_draw(ledger)
    rows = list(csv.reader(io.StringIO(ledger.to_csv(m))))
    assert rows[0][0] == "entry" and [r[0] for r in rows[1:5]] == ["0", "1", "2", "3"]


def test_a_game_named_by_its_id_keeps_its_table_size(tmp_path):
    # Ledger(db).new_match("nogizaka", 3 names) was taken (2-4 for any id) though Nogizaka is played by four, as the
    # app (which passes the loaded game) and `tilelens score --players 3` refuse
    from tilelens.ledger import Ledger, LedgerError

    ledger = Ledger(tmp_path / "ledger.sqlite")
    with pytest.raises(LedgerError, match="has 4 players, got 3 names"):
        ledger.new_match("nogizaka", ["A", "B", "C"])
    assert ledger.new_match("yokai-watch", ["A", "B", "C"])  # 2-4 at Yokai Watch's table


def test_the_riichi_chips_are_said_in_the_row_whose_totals_hold_them_when_the_nearer_winner_is_entered_first(tmp_path):
    # W7 (session 50): Ann (nearer Di) entered first, then Bo on the same discard; Ann's row said "+ 2,000 riichi
    # chips from the table" beside totals without them, and Bo's row, whose totals gave Ann the 2,000, said nothing
    from tilelens.ledger import Ledger, hand_notes

    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=(0, 1), riichi=(1,))  # Bo's stick on the table; honba 1
    ledger.add_win(m, 0, "ron", {3: 3200}, riichi=(2,))  # Ann (dealer) rons Di, Cy's riichi stick too
    ledger.add_win(m, 1, "ron", {3: 1300}, same_discard=True, honba=0)  # Bo on the same discard, farther from Di
    state, hands = ledger.state(m), ledger.hands(m)
    notes = hand_notes(["Ann", "Bo", "Cy", "Di"], hands, state)
    before, after = state.history[-2], state.history[-1]
    assert after[0] - before[0] == 2000  # the sticks reach Ann's total in Bo's row
    assert "riichi chips from the table" not in notes[1], notes  # Ann's row: its totals hold no sticks
    assert "2,000 points of riichi sticks passed to Ann" in notes[2], notes
    assert state.totals[0] == before[0] + 2000 and sum(state.totals) + state.pot == 100000
