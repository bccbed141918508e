"""The score page's Add to the ledger when another phone deleted the match meanwhile (a re-walk, session 52): the
page said only "No match in the ledger yet", not that the hand was not added, and the stored refusal showed up
later beside another match."""
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger

HAND = "234m456p678s22z555z"  # a closed hand that wins without riichi (haku)


def test_a_hand_added_to_a_match_deleted_meanwhile_is_said_not_recorded_at_once(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    type_hand(at, HAND)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_discarder").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(0).run()
    ledger.delete_match(match)  # another phone
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert any("Not recorded" in e and f"#{match}" in e for e in errors), (errors, texts(at))
    ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])  # a new match: the old refusal is not said again
    at.run()
    assert not [e.value for e in at.error if "Not recorded" in e.value]
