"""Session 56 (f18): the ledger's findings of the club re-walk.

A Japanese refusal named a player in English, 「Bo (seat 2) はこの捨て牌ですでに上がっています」: the seat is said 「Bo (席 2)」,
as the refusal of a winner among their own payments says it. The first winner entered on a double ron's discard showed
totals holding the honba its own note said were passed to the nearer winner (Bo 26,300 beside "300 for 1 honba passed
to Di", then 26,000 in Di's row): each row stays the flows of its entry (session 50), and the note says the honba pass
on in Di's entry, held in Bo's total until then. The four riichi refusal began in lower case on the draw form."""
from __future__ import annotations

import csv
import io

import pytest

from tilelens.ledger import Ledger, LedgerError, hand_notes, match_csv

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
GAME = "tokyo-mahjong"


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _refused(call) -> LedgerError:
    with pytest.raises(LedgerError) as refused:
        call()
    return refused.value


def _japanese_names_the_seat(err: LedgerError, name: str, seat: int) -> None:
    assert f"{name} (席 {seat})" in err.message_ja, err.message_ja
    assert "(seat" not in err.message_ja, err.message_ja
    assert f"{name} (seat {seat})" in str(err), str(err)  # the English as it was


# --- 1. the seat in Japanese ---------------------------------------------------------------------------------------

def test_a_winner_who_already_won_on_the_discard_is_named_in_japanese(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 2000})
    err = _refused(lambda: ledger.add_win(m, 1, "ron", {2: 2000}, same_discard=True, honba=0))
    _japanese_names_the_seat(err, "Bo", 2)


def test_another_discarder_on_the_same_discard_is_named_in_japanese(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 2000})
    err = _refused(lambda: ledger.add_win(m, 3, "ron", {0: 2000}, same_discard=True, honba=0))
    _japanese_names_the_seat(err, "Cy", 3)  # Cy paid the last ron


def test_a_riichi_declared_twice_on_one_discard_is_named_in_japanese(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 2000}, riichi=(3,))
    err = _refused(lambda: ledger.add_win(m, 3, "ron", {2: 2000}, riichi=(3,), same_discard=True, honba=0))
    _japanese_names_the_seat(err, "Di", 4)


def test_a_further_winner_priced_with_honba_is_named_in_japanese(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,))  # honba 1
    ledger.add_win(m, 1, "ron", {2: 2300})
    err = _refused(lambda: ledger.add_win(m, 3, "ron", {2: 2300}, same_discard=True, honba=1))
    _japanese_names_the_seat(err, "Di", 4)


def test_a_riichi_without_the_points_for_its_stick_is_named_in_japanese(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 24500})  # Bo left with 500
    err = _refused(lambda: ledger.add_win(m, 2, "ron", {0: 1000}, riichi=(1,)))
    _japanese_names_the_seat(err, "Bo", 2)


# --- 3. the first winner's row of a double ron: its note says its totals hold the honba until they pass on ----------

def _double_ron(ledger) -> int:
    """The walker's table: Ann (dealer) riichi and alone tenpai at a draw (honba 1, Ann's stick on the table); Cy
    discards, Bo rons it first (2,000 + 300 for the honba), then Di, nearer Cy, with a riichi (1,300, no honba)."""
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,), riichi=(0,))
    ledger.add_win(m, 1, "ron", {2: 2300})
    ledger.add_win(m, 3, "ron", {2: 1300}, riichi=(3,), same_discard=True, honba=0)
    return m


def _read(ledger, m):
    state, hands = ledger.table(m)
    return ledger.match(m), hands, state


@pytest.mark.parametrize("lang, said", [
    ("en", "300 for 1 honba passed to Di (nearer the discarder) in Di's entry (until then in Bo's total)"),
    ("ja", "1本場分 300点は放銃者に近いDiへ (Diの記録で移動。それまではBoの持ち点に含みます)")])
def test_the_first_winners_note_says_its_total_holds_the_honba_until_they_pass_on(ledger, lang, said):
    m = _double_ron(ledger)
    _, hands, state = _read(ledger, m)
    notes = hand_notes(PLAYERS, hands, state, lang)
    assert said in notes[1], notes
    # each row the flows of its entry, as the note now says: Bo holds the 300 in its row, and gives them in Di's
    assert state.history[2] == (27000, 26300, 21700, 24000), state.history
    assert state.history[3] == (27000, 26000, 20400, 26600), state.history


def test_the_csv_row_of_the_first_winner_says_where_the_honba_went(ledger):
    m = _double_ron(ledger)
    rows = list(csv.DictReader(io.StringIO(match_csv(*_read(ledger, m)))))
    first, second = rows[2], rows[3]
    assert first["Bo"] == "26300" and "in Di's entry (until then in Bo's total)" in first["note"], first
    assert second["Bo"] == "26000" and "passed from Bo's entry" in second["note"], second


def test_sticks_passed_on_are_said_as_before(ledger):
    """The sticks a farther winner entered last passes on are in its own row's totals: no 'until then'."""
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0, 1), riichi=(1,))  # Bo's stick on the table; honba 1
    ledger.add_win(m, 0, "ron", {3: 3200}, riichi=(2,))  # Ann rons Di, nearer than Bo
    ledger.add_win(m, 1, "ron", {3: 1300}, same_discard=True, honba=0)
    notes = hand_notes(PLAYERS, *reversed(ledger.table(m)))
    assert "2,000 points of riichi sticks passed to Ann (nearer the discarder)" in notes[2], notes
    assert "until then" not in " ".join(notes), notes


# --- 4. a refusal of the draw form begins with a capital ------------------------------------------------------------

def test_the_four_riichi_refusal_begins_with_a_capital(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    err = _refused(lambda: ledger.add_draw(m, riichi=(0, 1), abortive="four-riichi"))
    assert str(err).startswith("Four riichi is an abortive draw"), str(err)
