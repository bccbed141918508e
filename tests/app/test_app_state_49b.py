"""Session 49, the score pages' hand set aside (a game changed by mistake, a house table saved without one of its
tiles) and back: a hand added stays "Added" (one tap added it twice), the table's options and figures come back
with it, a kept reading or hand that cannot come back is said, and the tiles taken out of a table are a list."""
from __future__ import annotations

import re

import pytest
from app_helpers import (add_to_ledger, YOKAI_NEAR, YOKAI_WIN, open_page, photo_read_whole, read_as, texts, tsumo,
                         type_hand, yokai_match)

from tilelens.ledger import Ledger

# "Added to the ledger as hand 2.": which hand it went in as, counted as the ledger page counts hands
ADDED = re.compile(r"Added to the ledger as hand \d+\.|\d+局目として成績表に記録しました。")
DEALER_HAND = "234m456p678s22z555z"
DEALER_TILES = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]


def _added_said(at) -> bool:
    return any(ADDED.fullmatch(s.value) for s in at.success)


def _save_rules(edit) -> object:
    """The organiser, on another phone, saves the Yokai Watch house table edited by ``edit``."""
    org = open_page("rules", "yokai-watch")
    area = org.text_area(key="rules_text_yokai-watch")
    changed = edit(area.value)
    assert changed != area.value
    area.input(changed).run()
    org.button(key="rules_save").click().run()
    assert not org.exception and not org.error, [e.value for e in (*org.exception, *org.error)]
    return org


def _renamed(*tiles: str):
    def edit(text: str) -> str:
        for tile in tiles:
            text = text.replace(f'id = "{tile}"', f'id = "{tile}x"', 1)
        return text
    return edit


# --- 1. a manual hand added stays added when it comes back ----------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_manual_hand_added_then_another_game_and_back_is_still_added(home, lang):
    ledger, match_id = yokai_match(home)
    at = type_hand(open_page("score_manual", "yokai-watch", lang), " ".join(YOKAI_WIN))
    add_to_ledger(at, "manual")
    assert _added_said(at) and len(ledger.hands(match_id)) == 1
    at.selectbox(key="game_id").set_value("nogizaka").run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    assert at.session_state["manual_tiles"] == YOKAI_WIN
    assert _added_said(at) and at.button(key="manual_add_ledger").disabled
    assert len(ledger.hands(match_id)) == 1


def test_a_manual_hand_added_then_a_rules_save_taking_a_tile_out_and_a_reset_is_still_added(home):
    ledger, match_id = yokai_match(home)
    at = type_hand(open_page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    add_to_ledger(at, "manual")
    assert _added_said(at)
    org = _save_rules(_renamed("yokai-03"))
    at.run()
    assert at.session_state["manual_tiles"] == []
    org.button(key="rules_reset").click().run()
    at.run()
    assert not at.exception
    assert at.session_state["manual_tiles"] == YOKAI_WIN
    assert _added_said(at) and at.button(key="manual_add_ledger").disabled
    assert len(ledger.hands(match_id)) == 1


def test_a_manual_hand_cleared_after_it_was_added_is_still_a_new_hand(home):
    # the record goes with a hand cleared (the same tiles typed again are the next hand), not with one set aside
    ledger, match_id = yokai_match(home)
    at = type_hand(open_page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    add_to_ledger(at, "manual")
    at.button(key="manual_clear").click().run()
    type_hand(at, " ".join(YOKAI_WIN))
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="manual_add_ledger").disabled and not _added_said(at)


# --- 2. a kept reading (or hand) that cannot come back is said ------------------------------------------------

@pytest.fixture(scope="module")
def yokai_photo():
    return photo_read_whole("yokai-watch", YOKAI_NEAR)[0]


@pytest.mark.parametrize("lang, words", [("en", ("could not come back", "Yokai 08")),
                                         ("ja", ("戻せませんでした", "妖怪08"))])
def test_a_photos_kept_reading_whose_fixed_tile_was_taken_out_is_said(home, yokai_photo, lang, words):
    at = open_page("score_photo", "yokai-watch", lang)
    at.file_uploader(key="photo_upload").set_value(("IMG_0001.jpg", yokai_photo, "image/jpeg")).run()
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_yokai-08").click().run()
    at.selectbox(key="game_id").set_value("nogizaka").run()
    _save_rules(_renamed("yokai-08"))
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    said = "\n".join(w.value for w in at.warning)
    assert all(w in said for w in words), said
    assert "IMG_0001.jpg" in said


@pytest.mark.parametrize("lang, words", [("en", ("could not come back", "Yokai 09")),
                                         ("ja", ("戻せませんでした", "妖怪09"))])
def test_a_manual_hand_kept_aside_whose_tile_was_taken_out_is_said(home, lang, words):
    at = type_hand(open_page("score_manual", "yokai-watch", lang), " ".join(YOKAI_NEAR))
    at.selectbox(key="game_id").set_value("nogizaka").run()
    _save_rules(_renamed("yokai-09"))
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    assert at.session_state["manual_tiles"] == []
    said = texts(at)
    assert all(w in said for w in words), said


# --- 3. a photo's dealer win added, another game and back: priced as recorded ----------------------------------

def test_a_photos_dealer_win_added_then_another_game_and_back_is_shown_as_recorded(home):
    ledger = Ledger(home / "ledger.sqlite")
    match_id = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    at = tsumo(read_as(open_page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", DEALER_TILES), "photo")
    at.checkbox(key="photo_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    at.checkbox(key="photo_dealer").check().run()
    add_to_ledger(at, "photo")
    assert _added_said(at) and "6,000" in texts(at)
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert not at.exception
    said = texts(at)
    assert _added_said(at) and at.button(key="photo_add_ledger").disabled
    assert "6,000" in said and "6,300" not in said
    assert at.number_input(key="photo_honba").value == 0
    assert "is back" in said and "tiles you fixed" not in said  # nothing was fixed
    assert len(ledger.hands(match_id)) == 1


# --- 4. the table's options come back with a manual hand -------------------------------------------------------

def test_a_manual_hands_dealer_and_ron_come_back_with_it(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), DEALER_HAND)
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    at.checkbox(key="manual_dealer").check().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert "3,900" in texts(at)
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert not at.exception
    assert at.checkbox(key="manual_dealer").value and at.segmented_control(key="manual_win").value == "ron"
    assert at.checkbox(key="manual_riichi").value
    assert "3,900" in texts(at)


def test_a_manual_dealer_win_added_then_another_game_and_back_is_still_added(home):
    ledger = Ledger(home / "ledger.sqlite")
    match_id = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    at = tsumo(type_hand(open_page("score_manual", "tokyo-mahjong"), DEALER_HAND))
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    at.checkbox(key="manual_dealer").check().run()
    add_to_ledger(at, "manual")
    assert _added_said(at)
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert not at.exception
    said = texts(at)
    assert at.checkbox(key="manual_dealer").value
    assert _added_said(at) and at.button(key="manual_add_ledger").disabled
    assert "6,000" in said and "6,300" not in said
    assert len(ledger.hands(match_id)) == 1


# --- 5. the tiles taken out of a table, a list ------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "Yokai 02, Yokai 03 are no longer among its tiles"),
                                         ("ja", "妖怪02、妖怪03は牌になくなりました")])
def test_two_tiles_taken_out_are_said_as_a_list(home, lang, words):
    at = type_hand(open_page("score_manual", "yokai-watch", lang), " ".join(YOKAI_NEAR[:8]))
    _save_rules(_renamed("yokai-02", "yokai-03"))
    at.run()
    said = "\n".join(i.value for i in at.info)
    assert words in said, said
