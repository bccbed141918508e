"""A house riichi set's red fives as the app plays them: the palette's copies (``tiles.played_copies``) are the set's,
as the scorer counts them (``scorer.riichi_rules.set_copies``: a tile its list leaves out has none), and the meld
builder puts a red five in a meld only where the set holds one (``options._add_meld``).

A club's set without red fives (four plain fives each, ``[riichi] red_fives`` left true, as
tests/scorer/test_house_copies_68.py makes it) crashed the page at the builder's kan of 5m: it wrote 0555m, and the
copy check looked up a 0m the set has not (``KeyError: '0m'``). A chi ticked "with the red five" did the same."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import open_page, tap, type_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import NO_REDS, _house  # noqa: E402 - the house sets the scorer's tests make

from scorer.catalog import load_game  # noqa: E402

TWO_RED_PINS = {"5p": 2, "0p": 2}  # a common parlour set: two red 5p and two plain ones


@pytest.fixture
def no_reds(tmp_path):
    return _house(tmp_path, "no-reds", NO_REDS)


@pytest.fixture(autouse=True)
def english():
    """The builder's melds and the refusals said in English (a bare session's screen language is the machine's)."""
    import streamlit as st

    from app.components.i18n import LANG_KEY

    st.session_state[LANG_KEY] = "en"


def builder_state(kind: str, red_ticked: bool = False) -> None:
    """The meld builder's choices in a bare session, as its widgets leave them: the kind, the red-five box."""
    import streamlit as st

    st.session_state.update({"p_meld_kind": kind, "p_melds": "", "p_hand": [], "p_meld_red": red_ticked,
                             "p_refused": None})  # nothing refused yet (a test's refusal before is no tap's here)


def built(game, kind: str, tile_id: str, red_ticked: bool = False) -> str:
    """The melds text after the builder's tap of ``tile_id`` for a meld of ``kind``, on an empty hand."""
    import streamlit as st

    from app.components import options

    builder_state(kind, red_ticked)
    options._add_meld(game, "p", (), 0, tile_id)
    assert not st.session_state.get("p_refused"), st.session_state.get("p_refused")
    return st.session_state["p_melds"]


# --- the copies -----------------------------------------------------------------------------------------------------

def test_a_set_without_red_fives_has_none_and_four_plain_ones(no_reds):
    from app.components.tiles import played_copies

    assert [played_copies(no_reds, t) for t in ("5m", "0m", "5p", "0p", "0s", "1z")] == [4, 0, 4, 0, 0, 4]
    standard = load_game("tokyo-mahjong")
    assert [played_copies(standard, t) for t in ("5m", "0m")] == [3, 1]


def test_a_donjara_game_s_copies_are_its_tiles():
    from app.components.tiles import played_copies

    yokai = load_game("yokai-watch")
    assert {k.id: played_copies(yokai, k.id) for k in yokai.tiles} == yokai.inventory()


# --- the meld builder -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["kan", "ankan", "kakan"])
def test_a_kan_of_fives_of_a_set_without_red_ones_is_four_plain_fives(no_reds, kind):
    assert built(no_reds, kind, "5m").endswith("5555m")


def test_a_chi_ticked_with_the_red_five_of_a_set_without_one_is_plain(no_reds):
    assert built(no_reds, "chi", "4p", red_ticked=True) == "chi 456p"


def test_a_kan_of_fives_of_a_set_of_two_red_ones_holds_both(tmp_path):
    two = _house(tmp_path, "two-red-pins", TWO_RED_PINS)
    assert built(two, "kan", "5p") == "kan 0055p"  # 0555p: three plain 5p, the set's two
    assert built(two, "kan", "5m") == "kan 0555m"  # its 5m: the standard three and a red one


def test_a_standard_set_s_kan_and_red_chi_hold_the_red_five_as_before():
    standard = load_game("tokyo-mahjong")
    assert built(standard, "kan", "5s") == "kan 0555s"
    assert built(standard, "chi", "3s", red_ticked=True) == "chi 340s"


def refusal(game, tile_id: str) -> str:
    import streamlit as st

    from app.components.tiles import refuse_no_copy

    refuse_no_copy(game, "p", tile_id)
    return st.session_state["p_refused"]


def test_a_fifth_5m_of_a_set_without_red_fives_names_no_red_one(no_reds):
    assert refusal(no_reds, "5m") == "The set has 4 of 5 Man, all already in the hand (or its melds): not added."


def test_a_standard_set_s_fourth_5m_is_its_red_one_and_a_fifth_white_dragon_no_red_five():
    standard = load_game("tokyo-mahjong")
    assert refusal(standard, "5m").endswith("the fourth is the red five 0m."), refusal(standard, "5m")
    assert refusal(standard, "5z").endswith("not added."), refusal(standard, "5z")  # it said "the red five 0z"


RED_PIN_ONLY = {"0m": 0, "5m": 4, "0s": 0, "5s": 4}  # a red five in the pins alone


def chis(game, *taps: str, red_ticked: bool) -> tuple[str, bool]:
    """The melds text after the builder's chi of each of ``taps`` in turn (the box as the first found it), and
    whether the red-five box is ticked after them."""
    import streamlit as st

    from app.components import options

    builder_state("chi", red_ticked)
    for tile_id in taps:
        options._add_meld(game, "p", (), 0, tile_id)
        assert not st.session_state.get("p_refused"), st.session_state.get("p_refused")
    return st.session_state["p_melds"], st.session_state["p_meld_red"]


def test_a_red_five_ticked_for_a_chi_of_a_suit_without_one_is_not_kept_for_the_next(tmp_path):
    # it stayed ticked after the plain 456s, and made the next chi of pins 406p, a red five never asked for
    pins = _house(tmp_path, "red-pins", RED_PIN_ONLY)
    assert chis(pins, "4s", red_ticked=True) == ("chi 456s", False)
    assert chis(pins, "4s", "4p", red_ticked=True) == ("chi 456s, chi 456p", False)
    assert chis(pins, "4p", red_ticked=True) == ("chi 406p", False)  # the suit that has one: as before


def test_a_red_five_ticked_for_a_chi_without_a_five_is_not_kept_for_the_next():
    standard = load_game("tokyo-mahjong")
    assert chis(standard, "1m", "4m", red_ticked=True) == ("chi 123m, chi 456m", False)
    assert chis(standard, "1m", red_ticked=False) == ("chi 123m", False)


def ja_refusal(game, tile_id: str) -> str:
    import streamlit as st

    from app.components.i18n import LANG_KEY

    st.session_state[LANG_KEY] = "ja"
    return refusal(game, tile_id)


def test_a_plain_five_too_many_of_a_set_of_two_red_ones_says_the_set_s_counts(tmp_path):
    # it said "the fourth is the red five 0p" of a set whose third and fourth 5p are red
    two = _house(tmp_path, "two-red-pins", TWO_RED_PINS)
    assert refusal(two, "5p") == ("The set has 2 plain 5 Pin and 2 red (0p), the plain ones all already in the hand "
                                  "(or its melds): not added.")
    assert refusal(two, "5m").endswith("the fourth is the red five 0m.")  # its 5m: a standard suit's
    assert ja_refusal(two, "5p") == ("五筒はセットに普通の牌が 2枚、赤ドラ 0pが 2枚あり、普通の牌は全部手牌 (と鳴き) "
                                     "にあります。追加しませんでした。")


def test_a_red_five_too_many_and_a_standard_set_s_japanese_are_as_before(tmp_path):
    two = _house(tmp_path, "two-red-pins", TWO_RED_PINS)
    assert refusal(two, "0p") == "The set has 2 of Red 5 Pin, all already in the hand (or its melds): not added."
    assert ja_refusal(load_game("tokyo-mahjong"), "5m") == ("五萬はセットに 3枚しかなく、全部手牌 (と鳴き) にあります。"
                                                           "4枚目は赤ドラ 0m です。")


# --- on the page ----------------------------------------------------------------------------------------------------

def added_no_reds(home) -> None:
    """The set without red fives added as a game of the home's (``$TILELENS_HOME/games/_added``), as the Rules
    page's "Add a game" keeps one."""
    folder = home / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    _house(folder, "no-reds", NO_REDS)


@pytest.mark.parametrize("kind", ["kan", "ankan"])
def test_the_page_s_builder_makes_a_kan_of_5m_of_a_set_without_red_fives(home, kind):
    added_no_reds(home)
    at = type_hand(open_page("score_manual", "no-reds"), "123m456p789s11z")
    at.segmented_control(key="manual_meld_kind").set_value(kind).run()
    assert not any((b.key or "").startswith("manual_meld_0") for b in at.button)
    tap(at, "manual_meld_5m")
    assert at.text_input(key="manual_melds").value.endswith("5555m"), at.text_input(key="manual_melds").value
    assert "manual_refused" not in at.session_state or not at.session_state["manual_refused"]
    assert not at.error, [e.value for e in at.error]


def test_the_page_offers_no_red_five_box_for_a_chi_of_a_set_without_red_fives(home):
    added_no_reds(home)
    at = type_hand(open_page("score_manual", "no-reds"), "123m456p789s11z")
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    assert not any(c.key == "manual_meld_red" for c in at.checkbox)
    tap(at, "manual_meld_4m")
    assert at.text_input(key="manual_melds").value == "chi 456m"
