"""Review of session 53: ``score(..., pot=None)`` is refused naming pot, not a TypeError traceback."""
from __future__ import annotations

import pytest

from scorer import HandError, score

HAND = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]


@pytest.mark.parametrize("pot", [None, "20", 2.5])
def test_a_pot_that_is_no_whole_number_is_refused_naming_pot(pot):
    with pytest.raises(HandError) as refused:
        score("nogizaka", HAND, riichi=True, pot=pot)
    assert "pot must be a whole number" in str(refused.value)
    assert "(pot)" in refused.value.message_ja and "整数" in refused.value.message_ja


def test_players_none_still_means_the_games_default():
    assert score("nogizaka", HAND, players=None).points == score("nogizaka", HAND).points
