"""Session 49, small things a walkthrough of the app found: the address's language (``?lang=en`` opened the app in
Japanese; an unknown one is ignored); a dealer's win just added showed the next deal's price above "Added"; "Clear"
on the manual page forgot the Dealer tick; Japanese wait lists separated by ", "; an English screen's "Not a win"
named the simplest yaku in Japanese too."""
from __future__ import annotations

import re

import pytest
from app_helpers import add_to_ledger, MAIN, open_page, texts, tsumo, type_hand
from streamlit.testing.v1 import AppTest

from tilelens.ledger import Ledger

JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
DEALER_HAND = "234m456p678s22z555z"  # the dealer's tsumo with riichi: 6,000 at honba 0, 6,300 at honba 1


def summary_text(at, prefix: str = "manual") -> str:
    boxes = [b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith(f"-{prefix}_summary")]
    return " ".join(str(m.value) for box in boxes for m in box.get("markdown"))


def _fresh(address: dict[str, str]) -> AppTest:
    """The app opened afresh (a new session) at ``/`` with ``address``'s parameters."""
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params.update(address)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# --- 1. the address's language ---------------------------------------------------------------------------------

def test_an_address_with_the_language_code_opens_in_that_language(home):
    # The switch writes its label to the address (?lang=English): ?lang=en, as a link is written by hand, was
    # taken for an unknown value and the page opened in Japanese.
    at = _fresh({"lang": "en"})
    assert at.session_state["lang"] == "en" and at.title[0].value == "Score a photo"
    at = _fresh({"lang": "ja"})
    assert at.session_state["lang"] == "ja" and at.title[0].value == "写真で採点"


def test_an_unknown_language_in_the_address_is_ignored(home):
    at = _fresh({"lang": "fr"})  # a new session: the default, Japanese, and nothing said of it
    assert at.session_state["lang"] == "ja" and not at.error and "lang" not in at.query_params
    at = open_page("score_manual", "tokyo-mahjong", lang="en")  # English chosen, then the address edited
    at.query_params["lang"] = "fr"
    at.run()
    assert not at.exception and at.session_state["lang"] == "en" and at.title[0].value == "Enter a hand"


# --- 2. a hand just added is shown as it was added ----------------------------------------------------------------

def _dealer_added(home):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    at = tsumo(type_hand(open_page("score_manual", "tokyo-mahjong"), DEALER_HAND))
    at.checkbox(key="manual_riichi").check().run()  # riichi mahjong's Riichi starts unticked
    at.checkbox(key="manual_dealer").check().run()
    assert at.success[0].value == "**A win!** 6,000 points"
    add_to_ledger(at, "manual")
    assert not at.exception and len(ledger.hands(match)) == 1
    return ledger, match, at


def test_a_dealers_win_just_added_shows_the_hand_as_recorded(home):
    # The honba box took the ledger's new figure at once: "A win! 6,300" above "Added to the ledger.", while the
    # payments named below were the 6,000 recorded.
    ledger, match, at = _dealer_added(home)
    assert [s.value for s in at.success] == ["**A win!** 6,000 points", "Added to the ledger as hand 1."]
    assert at.number_input(key="manual_honba").value == 0
    assert "6,300" not in texts(at) and "6,000 points" in summary_text(at)
    at.run()  # and again on the next run
    assert at.success[0].value == "**A win!** 6,000 points" and at.button(key="manual_add_ledger").disabled


def test_a_change_after_adding_prices_the_next_hand_at_the_tables_figures(home):
    ledger, match, at = _dealer_added(home)
    at.button(key="manual_dora_add_9p").click().run()  # the next deal: another dora indicator (1p, not held)
    assert not at.exception
    assert at.number_input(key="manual_honba").value == 1 == ledger.state(match).honba
    assert at.success[0].value == "**A win!** 6,300 points" and not at.button(key="manual_add_ledger").disabled
    add_to_ledger(at, "manual")
    first, second = ledger.hands(match)
    assert set(second.payments.values()) == {v + 100 for v in first.payments.values()}


def test_another_winner_after_adding_is_priced_at_the_tables_figures(home):
    ledger, match, at = _dealer_added(home)
    at.checkbox(key="manual_dealer").uncheck().run()
    at.selectbox(key="manual_winner").set_value(1).run()  # B, south: the winner changed, the hand is another
    assert not at.exception and at.number_input(key="manual_honba").value == 1


# --- 3. "Clear" keeps the options ---------------------------------------------------------------------------------

def test_clear_keeps_the_tables_options_for_the_next_hand(home):
    # The options are not drawn while the hand is empty: Streamlit forgot them, and Dealer had to be ticked again.
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), DEALER_HAND)
    at.checkbox(key="manual_dealer").check().run()
    at.segmented_control(key="manual_win").set_value("tsumo").run()  # the hand's own (session 60): not kept
    at.button(key="manual_dora_add_1m").click().run()
    at.button(key="manual_clear").click().run()
    assert not at.exception and not at.session_state["manual_tiles"]
    at.run()  # a second run with the hand empty
    type_hand(at, DEALER_HAND)
    assert not at.exception
    assert at.checkbox(key="manual_dealer").value and at.segmented_control(key="manual_win").value == "ron"  # default
    assert at.session_state.get("manual_dora", []) == []  # the last hand's own options: the next hand's are new


def test_a_hand_emptied_tile_by_tile_keeps_its_options(home):
    at = open_page("score_manual", "tokyo-mahjong")
    at.button(key="manual_add_1m").click().run()
    at.checkbox(key="manual_dealer").check().run()
    at.button(key="manual_dora_add_9p").click().run()
    at.button(key="manual_tile_0").click().run()  # its picker
    at.button(key="manual_remove").click().run()
    assert not at.exception and not at.session_state["manual_tiles"]
    at.button(key="manual_add_2m").click().run()
    assert at.checkbox(key="manual_dealer").value and at.session_state["manual_dora"] == ["9p"]


# --- 4. Japanese lists of waits -----------------------------------------------------------------------------------

def test_japanese_waits_are_a_japanese_list(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang="ja"), "123m456p789s11z23m")  # waits 1m, 4m
    line = summary_text(at)
    assert "**待ち**" in line and "、" in line and ", " not in line, line
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang="en"), "123m456p789s11z23m")
    line = summary_text(at)
    assert "**Waits**" in line and ", " in line and "、" not in line, line


def test_a_donjara_waits_yaku_are_a_japanese_list_on_a_japanese_screen():
    def page():
        from types import SimpleNamespace

        import streamlit as st

        from app.components.result import wait_value

        yaku = [SimpleNamespace(name_ja="役一", name_en="One"), SimpleNamespace(name_ja="役二", name_en="Two")]
        for lang in ("ja", "en"):
            st.session_state["lang"] = lang
            st.write(wait_value(SimpleNamespace(yaku=yaku, points=30, note="", note_ja=""), "pt"))

    at = AppTest.from_function(page).run()
    assert [m.value for m in at.markdown] == ["役一、役二 30 pt", "One, Two 30 pt"]


# --- 5. an English screen's reasons name the yaku in English --------------------------------------------------------

@pytest.mark.parametrize("page_game", ["yokai-watch", "nogizaka"])
def test_not_a_win_names_the_simplest_yaku_in_english_on_an_english_screen(home, page_game):
    at = open_page("score_manual", page_game, lang="en")
    game_tiles = [b.key.removeprefix("manual_add_") for b in at.button if b.key and b.key.startswith("manual_add_")]
    for key in game_tiles[:9]:  # nine different tiles: no yaku
        at.button(key=f"manual_add_{key}").click().run()
    (warning,) = [w.value for w in at.warning if "Not a win" in w.value]
    assert "Basic set" in warning and not JA.search(warning), warning
    assert "Basic set" in summary_text(at) and not JA.search(summary_text(at))
    ja = open_page("score_manual", page_game, lang="ja")
    for key in game_tiles[:9]:
        ja.button(key=f"manual_add_{key}").click().run()
    assert any("基本セット" in w.value for w in ja.warning)

