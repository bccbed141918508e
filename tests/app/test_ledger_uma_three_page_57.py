"""Session 57 (RV1's review 7): the New match form's uma choices were all of 4 places, so a 3-player riichi match was
refused every one of them. It offers 3 players' usual ones too (+15/0/-15, +20/0/-20), in both languages."""
from __future__ import annotations

import pytest

from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"


@pytest.mark.parametrize("lang, start, three", [("en", "Start the match", "+20 / 0 / -20"),
                                                ("ja", "対局を始める", "+20 / 0 / -20")])
def test_a_three_player_match_can_take_a_three_place_uma(home, page, lang, start, three):
    at = page("ledger", GAME, lang=lang)
    box = at.selectbox(key=f"ledger_uma_{GAME}")
    assert three in box.options and "+15 / 0 / -15" in box.options and "+20 / +10 / -10 / -20" in box.options
    assert "3" in box.help and "4" in box.help  # its help says which is whose
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy")
    box.set_value((20, 0, -20))
    at.button[[b.label for b in at.button].index(start)].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    (match,) = Ledger(home / "ledger.sqlite").matches()
    assert match.players == ("Ann", "Bo", "Cy") and match.rules.uma == (20, 0, -20)


def test_four_players_with_a_three_place_uma_are_told_why(home, page):
    at = page("ledger", GAME)
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    at.selectbox(key=f"ledger_uma_{GAME}").set_value((15, 0, -15))
    at.button[[b.label for b in at.button].index("Start the match")].click().run()
    assert any("3 places" in e.value and "4 players" in e.value for e in at.error), [e.value for e in at.error]
    assert not Ledger(home / "ledger.sqlite").matches()
