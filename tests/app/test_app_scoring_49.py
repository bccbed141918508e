"""Session 49, the score pages' shared parts: a dealer's win added to the ledger stays "added" (the table moved
on re-priced it at one more honba, and the button offered it again); a meld typed unticks riichi, as a meld
tapped or read from a photo does; the Japanese fu details are a Japanese list (、)."""
from __future__ import annotations

import re

import pytest
from app_helpers import add_to_ledger, read_as, texts, tsumo, type_hand

from tilelens.ledger import Ledger

DEALER_HAND = "234m456p678s22z555z"  # haku: a win without riichi too; 6,000 as the dealer's tsumo with riichi
DEALER_TILES = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]
# "Added to the ledger as hand 2.": which hand it went in as, counted as the ledger page counts hands
ADDED = re.compile(r"Added to the ledger as hand \d+\.|\d+局目として成績表に記録しました。")


@pytest.fixture
def tokyo(home):
    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])


def _added_said(at) -> bool:
    return any(ADDED.fullmatch(s.value) for s in at.success)


# --- 1. a dealer's win is added once ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dealers_win_added_says_added_and_is_not_offered_again(tokyo, page, lang):
    # The dealer keeps the deal: the page priced the same hand at honba 1 (6,000 -> 6,300), said no "Added", and
    # a second tap recorded a second hand.
    ledger, match_id = tokyo
    at = type_hand(page("score_manual", "tokyo-mahjong", lang), DEALER_HAND)
    at.checkbox(key="manual_dealer").check().run()
    add_to_ledger(at, "manual")
    assert not at.exception and len(ledger.hands(match_id)) == 1
    assert _added_said(at) and at.button(key="manual_add_ledger").disabled
    at.run()
    assert _added_said(at) and at.button(key="manual_add_ledger").disabled
    assert len(ledger.hands(match_id)) == 1


def test_a_dealers_same_tiles_can_be_added_as_the_next_hand_once_something_changes(tokyo, page):
    ledger, match_id = tokyo
    at = type_hand(page("score_manual", "tokyo-mahjong"), DEALER_HAND)
    at.checkbox(key="manual_dealer").check().run()
    add_to_ledger(at, "manual")
    assert at.button(key="manual_add_ledger").disabled
    at.button(key="manual_dora_add_1m").click().run()  # the next hand: another dora turned over
    assert not at.button(key="manual_add_ledger").disabled and not _added_said(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(match_id)) == 2 and _added_said(at)


def test_a_cleared_hand_typed_again_is_a_new_hand(tokyo, page):
    # The same tiles again for the dealer's next win, with the same options: "Clear" starts the next hand.
    ledger, match_id = tokyo
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong"), DEALER_HAND))
    at.checkbox(key="manual_dealer").check().run()
    add_to_ledger(at, "manual")
    type_hand(at, DEALER_HAND)  # typed over it: the next hand, the same tiles too (session 67), nobody chosen yet
    assert at.button(key="manual_add_ledger").disabled and not _added_said(at)
    at.button(key="manual_clear").click().run()
    tsumo(type_hand(at, DEALER_HAND))  # the win kind is the hand's: the next one starts at the table's ron
    assert at.checkbox(key="manual_dealer").value  # kept across the empty hand (it was forgotten: ticked again)
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="manual_add_ledger").disabled and not _added_said(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(match_id)) == 2


def test_a_photos_dealer_win_added_is_not_said_corrected_nor_offered_again(tokyo, page):
    # It said "added to the ledger before your correction" though nothing was corrected, and offered it again.
    ledger, match_id = tokyo
    at = read_as(page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", DEALER_TILES)
    at.checkbox(key="photo_dealer").check().run()
    add_to_ledger(at, "photo")
    assert not at.exception and len(ledger.hands(match_id)) == 1
    assert _added_said(at) and at.button(key="photo_add_ledger").disabled
    assert "before your correction" not in texts(at)


def test_a_non_dealers_win_still_says_added(tokyo, page):
    ledger, match_id = tokyo
    at = type_hand(page("score_manual", "tokyo-mahjong"), DEALER_HAND)
    at.selectbox(key="manual_winner").set_value(1).run()  # B sits south, as the options say
    add_to_ledger(at, "manual")
    assert len(ledger.hands(match_id)) == 1 and _added_said(at) and at.button(key="manual_add_ledger").disabled


# --- 2. a meld typed unticks riichi ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_called_meld_typed_unticks_riichi_and_the_hand_scores(home, page, lang):
    # Riichi stayed ticked (then its default) and the page said only "riichi needs a closed hand".
    at = type_hand(page("score_manual", "tokyo-mahjong", lang), "234m456p678s22z")
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi: ticked
    assert at.checkbox(key="manual_riichi").value  # a closed hand: ticked, as the player left it
    at.text_input(key="manual_melds").set_value("pon:555z").run()
    assert not at.exception
    assert not at.checkbox(key="manual_riichi").value
    assert not at.error, [e.value for e in at.error]
    assert at.success  # haku: a win


def test_a_closed_kan_typed_keeps_riichi(home, page):
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi: ticked
    at.text_input(key="manual_melds").set_value("ankan:5555z").run()
    assert at.checkbox(key="manual_riichi").value and not at.error


def test_riichi_ticked_again_over_a_meld_is_the_players_to_keep(home, page):
    at = type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.text_input(key="manual_melds").set_value("pon:555z").run()
    at.checkbox(key="manual_riichi").check().run()
    assert at.checkbox(key="manual_riichi").value  # not unticked again behind the player's back
    assert "riichi needs a closed hand" in at.error[0].value


# --- 3. the Japanese fu details are a Japanese list ------------------------------------------------------------

def test_japanese_fu_details_are_separated_by_the_japanese_comma(home, page):
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "ja"), "123m456p789s11z234m"))
    fu = [c.value for c in at.caption if str(c.value).startswith("副底")]
    assert fu and "、" in fu[0] and ", " not in fu[0], fu


def test_english_fu_details_keep_their_comma(home, page):
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "en"), "123m456p789s11z234m"))
    fu = [c.value for c in at.caption if str(c.value).startswith("base ")]
    assert fu and "base 20, " in fu[0] and "、" not in fu[0], [c.value for c in at.caption]


def test_the_ledger_buttons_record_of_what_was_said_leaves_the_table_figures_out():
    import doctest

    from app.components import scoring

    found = doctest.testmod(scoring)
    assert found.attempted > 0 and found.failed == 0


def test_a_japanese_list_of_yaku_is_separated_by_the_japanese_comma(home, page):
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "ja"), "123m456p789s11z234m"))
    at.checkbox(key="manual_riichi").check().run()  # riichi, menzen tsumo: two yaku (a new hand starts without riichi)
    yaku = [str(m.value) for m in at.markdown if str(m.value).startswith("**役**")]
    assert yaku and "、" in yaku[0] and "), " not in yaku[0], yaku
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", "en"), "123m456p789s11z234m"))
    at.checkbox(key="manual_riichi").check().run()
    yaku = [str(m.value) for m in at.markdown if str(m.value).startswith("**Yaku**")]
    assert yaku and "), " in yaku[0] and "、" not in yaku[0], yaku
