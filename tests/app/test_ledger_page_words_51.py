"""The ledger page's words (51): a win's result read as one phrase, in one case, in each language; a chombo's note
with the game's unit; a winner's own riichi stick said as theirs; a riichi from a player without the points for
its stick warned of beside the riichi choice, before the entry (and still refused).

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _results(at) -> list[str]:
    return [str(v) for v in at.dataframe[0].value.iloc[:, 1]]


@pytest.mark.parametrize("lang, said", [
    ("en", ["Ann ron from Di", "Bo ron from Di (same discard)", "Cy tsumo"]),
    ("ja", ["Ann ロン (Diから)", "Bo ロン (Diから、同じ捨て牌)", "Cy ツモ"])])
def test_a_wins_result_reads_as_one_phrase(home, page, lang, said):
    """It showed "Ann Ron (discard)" beside "Bo ron (same discard)", and 「Bo ロン (同じ捨て牌) (Diから)」."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {3: 2000})
    ledger.add_win(m, 1, "ron", {3: 1000}, same_discard=True)
    ledger.add_win(m, 2, "tsumo", {0: 1000, 1: 1000, 3: 1000})
    at = page("ledger", "tokyo-mahjong", lang=lang)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert _results(at) == said


@pytest.mark.parametrize("lang, said", [("en", "Penalty 300 points"), ("ja", "ペナルティ 300点")])
def test_a_chombos_note_says_the_games_unit(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100}, note="Chombo (penalty 300)")
    at = page("ledger", "nogizaka", lang=lang)
    notes = [str(v) for v in at.dataframe[0].value.iloc[:, 2]]
    assert notes == [said], notes


@pytest.mark.parametrize("lang, said", [("en", "(the winner's own stick)"),  # all of it theirs (59)
                                        ("ja", "(上がった人が出したもの)")])
def test_a_riichi_winners_own_stick_is_said_as_theirs(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 2000}, riichi=(0,))
    at = page("ledger", "tokyo-mahjong", lang=lang)
    notes = " | ".join(str(v) for v in at.dataframe[0].value.iloc[:, 2])
    assert said in notes, notes


@pytest.mark.parametrize("lang, said", [("en", "Bo has 900 points"), ("ja", "900点")])
def test_a_riichi_without_the_points_for_its_stick_is_warned_of_before_the_entry(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 24100})  # Bo at 900
    at = page("ledger", "tokyo-mahjong", lang=lang)
    warned = " ".join(w.value for w in at.warning)
    assert said in warned and "Bo" in warned and "1,000" in warned, warned  # before any button is pressed
    ledger.add_win(m, 1, "ron", {0: 1000})  # Bo at 1,900: nothing to warn of
    at = page("ledger", "tokyo-mahjong", lang=lang)
    assert not [w.value for w in at.warning if "riichi" in w.value or "リーチ" in w.value]
