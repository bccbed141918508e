"""Session 59 (F24, W7 5): a riichi winner whose sticks taken were all their own stick was told "+ 1,000 points of
riichi sticks from the table (1,000 of them the winner's own riichi stick)": said "(the winner's own stick)"; a part of
them theirs is still said as a part.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
import pytest

from tilelens.ledger import Ledger, engine_of, hand_notes
from tilelens.ledger_cli import show_text

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _notes(ledger, m, lang):
    match, (state, hands) = ledger.match(m), ledger.table(m)
    notes = hand_notes(match.players, hands, state, lang, engine=engine_of(match), chip=match.rules.riichi_chip)
    return notes, show_text(match, hands, state, lang)


@pytest.mark.parametrize("lang, own, old", [
    ("en", "1,000 points of riichi sticks from the table (the winner's own stick)", "of them"),
    ("ja", "(上がった人が出したもの)", "うち")])
def test_every_stick_the_winners_own_is_said_so(ledger, lang, own, old):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 2000}, riichi=(0,))
    notes, shown = _notes(ledger, m, lang)
    assert own in notes[0] and old not in notes[0], notes
    assert own in shown, shown


@pytest.mark.parametrize("lang, part", [
    ("en", "+ 2,000 points of riichi sticks from the table (1,000 of them the winner's own riichi stick)"),
    ("ja", "(うち 1,000点は上がった人が出したもの)")])
def test_a_part_of_them_the_winners_own_is_said_as_a_part(ledger, lang, part):
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(2,), riichi=(2,))  # Cy's stick stays on the table
    ledger.add_win(m, 0, "ron", {1: 2000}, riichi=(0,))
    notes, _ = _notes(ledger, m, lang)
    assert part in notes[1], notes


def test_a_donjara_winners_own_chip_alone_is_said_so(ledger):
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 100}, riichi=(0,))
    notes, _ = _notes(ledger, m, "en")
    assert "(the winner's own riichi chip)" in notes[0] and "of them" not in notes[0], notes

