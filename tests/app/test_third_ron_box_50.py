"""The manual scoring page offers "Also won on the last ron's discard" only where the ledger would take another
winner on that discard: at a riichi table a discard with two winners takes no third (three rons on one discard are
an abortive draw), so the box is not offered there.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from app_helpers import type_hand

from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _ron_page(home, page, winners: int):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(match, 3, "ron", {1: 2000})  # Di rons Bo's discard
    if winners == 2:
        ledger.add_win(match, 2, "ron", {1: 5200}, same_discard=True, honba=0)  # and Cy on the same discard
    at = page("score_manual", GAME)
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_second_winner_on_the_discard_is_still_offered(home, page):
    at = _ron_page(home, page, 1)
    assert [c.key for c in at.checkbox if c.key == "manual_same_discard"] == ["manual_same_discard"]


def test_no_third_winner_is_offered_on_a_discard_with_two_at_a_riichi_table(home, page):
    at = _ron_page(home, page, 2)
    assert "manual_same_discard" not in [c.key for c in at.checkbox]
    assert not at.error, [e.value for e in at.error]
    assert at.button(key="manual_add_ledger")  # a hand of its own is still added


@pytest.mark.parametrize("lang, said", [("en", "three rons make it an abortive draw"), ("ja", "三家和")])
def test_a_third_winner_is_told_why_and_how_to_record_it(home, page, lang, said):
    # W7: no box and no word: a scorer could record the third ron as the next hand
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {3: 2900})
    ledger.add_win(m, 1, "ron", {3: 1000}, same_discard=True, honba=0)
    at = type_hand(page("score_manual", "tokyo-mahjong", lang=lang), "123m456p789s22z777z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.exception and "manual_same_discard" not in [c.key for c in at.checkbox]
    assert any(said in i.value for i in at.info), [i.value for i in at.info]
