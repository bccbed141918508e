"""Session 50, a riichi club night's leftovers on the app's table pages: a yakuman named in the screen's language
alone; a second winner on a discard that ended the round is offered that discard's round; after a double ron the
players' totals change by the whole discard (every entry on it), not its last entry (a riichi match's ledger page
said why it recorded no chombo until session 57 gave riichi a reverse-mangan chombo).

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from app_helpers import texts, type_hand
from streamlit.testing.v1 import AppTest

from test_ledger_page_50 import _double_ron  # Ann and Cy in riichi at a draw; Di, then Cy (nearer), ron Bo
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _result_captions(lang: str) -> list[str]:
    def page(lang: str) -> None:
        import streamlit as st

        from app.components.result import result_view
        from scorer import load_game, score

        st.session_state["lang"] = lang
        game = load_game("tokyo-mahjong")
        result_view(game, score(game, "11122345678999m", win_tile="9m", win="tsumo"))  # chuuren: a yakuman

    at = AppTest.from_function(page, args=(lang,), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return [c.value for c in at.caption]


@pytest.mark.parametrize("lang, says, not_said", [("en", "yakuman", "役満"), ("ja", "役満", "yakuman")])
def test_the_result_names_a_yakuman_in_the_screens_language(lang, says, not_said):
    captions = _result_captions(lang)
    line = next((c for c in captions if says in c), None)
    assert line is not None and not_said not in line, captions


def _round_ended_by_the_first_ron(home) -> tuple[Ledger, int]:
    """East 4 (Di deals): Ann rons Di's discard, which ends the East round (South 1 now)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(GAME, PLAYERS)
    for winner in (1, 2, 3):
        ledger.add_win(match, winner, "ron", {0: 1000})  # the deal passes to Di: East 4
    ledger.add_win(match, 0, "ron", {3: 1000})
    return ledger, match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_second_winner_on_a_discard_that_ended_the_round_is_offered_its_round(home, page, lang):
    """The round box kept the table's round (South) after the first winner's hand moved it on: the page warned and
    disabled Add until the player found the box and set East. It now takes the discard's round, as the honba box
    takes 0 for such a hand, and gives the table's back when unticked."""
    ledger, match = _round_ended_by_the_first_ron(home)
    at = page("score_manual", GAME, lang=lang)
    type_hand(at, "234m456p678s22z555z")
    at.checkbox(key="manual_riichi").uncheck().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_dealer").uncheck().run()
    at.selectbox(key="manual_seat").set_value("west").run()  # Bo sat west in Di's deal
    assert at.selectbox(key="manual_round").value == "south"  # a hand of its own: the table's round
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(1).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="manual_round").value == "east"
    assert not at.warning and not at.button(key="manual_add_ledger").disabled, [w.value for w in at.warning]
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    last = ledger.hands(match)[-1]
    assert last.winner == 1 and last.win_kind == "ron-same-discard" and set(last.payments) == {3}


def test_unticking_the_same_discard_gives_the_tables_round_again(home, page):
    _round_ended_by_the_first_ron(home)
    at = page("score_manual", GAME)
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_same_discard").check().run()
    assert at.selectbox(key="manual_round").value == "east"
    at.checkbox(key="manual_same_discard").uncheck().run()
    assert not at.exception and at.selectbox(key="manual_round").value == "south"



def test_the_totals_change_by_the_whole_double_ron(home, page):
    """The metrics' changes were those of the last entry alone: Di "-300" (the honba passed on) though Di won 2,000
    on the discard, Bo "-5,200" though Bo paid 7,500."""
    _double_ron(home)
    at = page("ledger", GAME)
    assert not at.exception and not at.error, [e.value for e in at.error]
    changes = {m.label.split(" (")[0]: m.delta for m in at.metric}
    assert changes == {"Ann": "", "Bo": "-7,500", "Cy": "+7,500", "Di": "+2,000"}, changes
    assert [m.value for m in at.metric] == ["25,500", "16,000", "33,000", "25,500"]


def test_after_a_single_ron_the_totals_change_by_that_hand(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,))
    ledger.add_win(m, 3, "ron", {1: 2300})
    at = page("ledger", GAME)
    changes = {m.label.split(" (")[0]: m.delta for m in at.metric}
    assert changes == {"Ann": "", "Bo": "-2,300", "Cy": "", "Di": "+2,300"}, changes


# (session 57: a riichi match records a chombo as a reverse mangan by default, `[table] chombo`; the page's line for a
# table without one is tested in tests/app/test_ledger_uma_page_57.py and tests/tilelens/test_ledger_uma_57.py)


def test_a_nogizaka_match_still_records_a_chombo_and_says_no_such_line(home, page):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    at = page("ledger", "nogizaka")
    assert not at.exception and [e for e in at.expander if e.label == "Record a chombo"]
    assert "No chombo is recorded" not in texts(at)
