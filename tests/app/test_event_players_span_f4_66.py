"""Session 66 (F4): the Event page's Players picker offers the counts the game is played by (its players_min ..
players_max): Nogizaka, of four only, offers 4 alone; Cinderella Girls 4, 3 and 2 as before."""
from __future__ import annotations

import pytest

from app_helpers import open_page


@pytest.mark.parametrize("game, offered", [("nogizaka", [4]), ("cinderella-neo", [4, 3, 2])])
def test_the_players_picker_offers_the_games_counts(home, game, offered):
    at = open_page("event_check", game=game)
    box = at.selectbox(key="event_players")
    assert [int(o) for o in box.options] == offered and box.value == 4, box.options


def test_three_chosen_for_one_game_is_four_again_in_a_game_of_four(home):
    at = open_page("event_check", game="cinderella-neo")
    at.selectbox(key="event_players").set_value(3).run()
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="event_players").value == 4
