"""Ledger words (51): a chombo's note says the game's unit; a winner's own riichi stick is said as theirs (as the
result pages say it); a payment from the winner to themself is refused naming the player as the table knows them,
in both languages; who may not declare riichi for want of the points for its stick is known before an entry.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
import csv
import io

import pytest

from tilelens.ledger import Ledger, LedgerError, hand_notes, riichi_short, units_of
from tilelens.ledger_cli import show_text

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


# 2. a chombo's note and its unit

def test_the_csv_and_show_say_a_chombos_penalty_with_the_games_unit(ledger):
    """The CSV said "Chombo (penalty 300)": 300 what? The game's unit, as the scorer says it ("penalty 300 points")."""
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100}, note="チョンボ (罰金 300)")
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert rows[1]["note"] == "Penalty 300 points", rows[1]
    match, (state, hands) = ledger.match(m), ledger.table(m)
    assert hand_notes(match.players, hands, state, "ja", units_of(match)) == ["ペナルティ 300点"]  # a note stored as 罰金, said as now
    assert "ペナルティ 300点" in show_text(match, hands, state, "ja")
    assert "Penalty 300 points" in show_text(match, hands, state, "en")


def test_the_units_are_the_games_own_in_each_language(ledger):
    cinderella = ledger.match(ledger.new_match("cinderella-neo", PLAYERS))
    assert units_of(cinderella) == {"en": "x10,000 fans", "ja": "万"}
    assert units_of(ledger.match(ledger.new_match("tokyo-mahjong", PLAYERS))) == {"en": "points", "ja": "点"}


# 3. the winner's own riichi stick

@pytest.mark.parametrize("game, chip", [("tokyo-mahjong", 1000), ("nogizaka", 10)])
def test_a_riichi_winners_own_stick_is_said_as_theirs(ledger, game, chip):
    """A riichi winner's note said "+ 2,000 points of riichi chips from the table", half of them their own stick,
    which the result page says as theirs ("1,000 of them the winner's own riichi chip")."""
    m = ledger.new_match(game, PLAYERS)
    ledger.add_draw(m, tenpai=(2,), riichi=(2,))  # Cy's stick stays on the table
    ledger.add_win(m, 0, "ron", {1: 2000 if chip == 1000 else 100}, riichi=(0,))
    match, (state, hands) = ledger.match(m), ledger.table(m)
    en, ja = (hand_notes(match.players, hands, state, lang)[1] for lang in ("en", "ja"))
    assert not en.startswith("+") and f" {2 * chip:,} points of riichi sticks from the table ({chip:,} of them the winner's own riichi stick)" \
        in en, en
    assert f"場のリーチ棒 {2 * chip:,}点も獲得 (うち {chip:,}点は上がった人が出したもの)" in ja, ja


def test_a_winner_without_a_riichi_has_no_own_stick_said(ledger):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 2000}, riichi=(2,))  # Cy's riichi, Ann's win
    match, (state, hands) = ledger.match(m), ledger.table(m)
    note = hand_notes(match.players, hands, state)[0]
    assert "plus 1,000 points of riichi sticks from the table" in note and "own" not in note, note


def test_a_stick_passed_to_the_nearer_winner_is_said_as_theirs(ledger):
    """A double ron: Ann (riichi, nearer the discarder Di) entered first, Bo second: Bo's row says the stick went
    to Ann, and that it was Ann's own."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {3: 2000}, riichi=(0,))
    ledger.add_win(m, 1, "ron", {3: 1000}, same_discard=True)
    match, (state, hands) = ledger.match(m), ledger.table(m)
    en, ja = (hand_notes(match.players, hands, state, lang)[1] for lang in ("en", "ja"))
    assert "1,000 points of riichi sticks (1,000 of them Ann's own) passed to Ann" in en, en
    assert "リーチ棒 1,000点 (うち 1,000点はAnnが出したもの)は放銃者に近いAnnへ" in ja, ja


# 5. a winner paying themself

def test_a_winner_in_their_own_payments_is_named_as_the_table_knows_them(ledger):
    """It said "seat 2 cannot pay itself": seats counted from 0, the player unnamed, English only."""
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    with pytest.raises(LedgerError) as err:
        ledger.add_win(m, 2, "ron", {2: 2000})
    message, message_ja = str(err.value), err.value.message_ja
    assert "Cy (seat 3)" in message and "seat 2" not in message and "itself" not in message, message
    assert message_ja and "Cy" in message_ja and "3" in message_ja, message_ja
    with pytest.raises(LedgerError) as err:
        ledger.add_chombo(m, 1, {0: 100, 1: 100, 2: 100})
    assert "Bo (seat 2)" in str(err.value) and "itself" not in str(err.value), str(err.value)
    assert "Bo" in err.value.message_ja


# 4. who may not declare riichi

def test_who_may_not_declare_riichi_is_known_before_an_entry(ledger):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 24100})  # Bo at 900
    match, state = ledger.match(m), ledger.state(m)
    assert riichi_short(match, state.totals) == [1]
    with pytest.raises(LedgerError, match="may not declare riichi"):  # the refusal is kept
        ledger.add_draw(m, riichi=(1,))
    # Donjara: no such rule (RULES.md is silent; the ledger refuses none)
    assert riichi_short(ledger.match(ledger.new_match("nogizaka", PLAYERS)), (5, 1000, 1000, 1000)) == []
