"""Donjara's "Hand N" on the ledger page counts hands as players do: a chombo's re-deal is the same hand."""
from app_helpers import texts
from test_ledger_page import chombo_box, chombo_button, draw_button, start


def test_a_chombo_is_no_hand_of_its_own_in_the_hand_counter(home, page):
    at = start(page("ledger", "nogizaka"))
    assert "Hand 1 ·" in texts(at)
    chombo_box(at).set_value(1)
    chombo_button(at).click().run()
    assert not at.exception and not at.error
    assert "Hand 1 ·" in texts(at) and "Hand 2" not in texts(at)  # the hand is dealt again
    draw_button(at).click().run()
    assert "Hand 2 ·" in texts(at) and "Hand 3" not in texts(at)
