"""A house riichi set's copies as the app holds a tap, a photo's tile and a meld to them, as the scorer holds a hand.

Riichi plays four of a tile at most whatever the set (``scorer.riichi_hand.MOST_OF_A_KIND``): a set of eight Easts let
the palette add a fifth East, which the scorer then refused; the tap is refused at once, in the scorer's words.
A red five read in a photo (a tile set that names them reads one) for a set without red fives was a stand-in to check,
or left out; the set has none to read: it is the plain five. A set of red 5p alone refused a chi through 5p ("no plain
5 Pin"): the builder puts its red five in the plain one's place."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from app_helpers import open_page, tap, type_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import NO_REDS, _house  # noqa: E402 - the house sets the scorer's tests make

from scorer.catalog import load_game  # noqa: E402
from scorer.riichi_hand import check_hand_copies  # noqa: E402
from scorer.riichi_tiles import RiichiInputError  # noqa: E402

EIGHT_EASTS = {"1z": 8}
RED_PINS_ONLY = {"5p": 0, "0p": 2}  # two red 5p, no plain one
EXTRA_RED_PINS = {"5p": 4, "0p": 2}  # four plain 5p and two red ones to swap in: six of a kind


@pytest.fixture(autouse=True)
def english():
    """The refusals said in English (a bare session's screen language is the machine's)."""
    import streamlit as st

    from app.components.i18n import LANG_KEY

    st.session_state[LANG_KEY] = "en"


def scorer_says(game, tiles: list[str]) -> tuple[str, str]:
    """The scorer's refusal of ``tiles`` (English, Japanese)."""
    with pytest.raises(RiichiInputError) as refused:
        check_hand_copies(game, tiles)
    return str(refused.value), refused.value.message_ja


def tapped(game, held: list[str], tile_id: str, melds: str = "") -> tuple[list[str], str | None]:
    """The hand after the palette's tap of ``tile_id`` on a hand of ``held`` (``melds`` typed), and what was said."""
    import streamlit as st

    from app.components.tiles import _add

    st.session_state.update({"p_tiles": list(held), "p_melds": melds, "p_refused": None})
    _add(game, "p", True, tile_id)
    return st.session_state["p_tiles"], st.session_state["p_refused"]


# --- the palette and the picker -------------------------------------------------------------------------------------

def test_a_fifth_east_of_a_set_of_eight_is_refused_at_the_tap_in_the_scorer_s_words(tmp_path):
    import streamlit as st

    from app.components.i18n import LANG_KEY

    eight = _house(tmp_path, "eight-easts", EIGHT_EASTS)
    en, ja = scorer_says(eight, ["1z"] * 5)
    assert en.endswith("riichi mahjong plays 4 of a tile at most"), en
    assert tapped(eight, ["1z"] * 4, "1z") == (["1z"] * 4, en)
    assert tapped(eight, ["1z"], "1z", melds="pon 111z") == (["1z"], en)  # a meld's Easts counted too
    st.session_state[LANG_KEY] = "ja"
    assert tapped(eight, ["1z"] * 4, "1z") == (["1z"] * 4, ja)
    assert tapped(eight, ["1z"] * 3, "1z") == (["1z"] * 4, None)  # a fourth: added as ever
    st.session_state[LANG_KEY] = "en"
    standard = tapped(load_game("tokyo-mahjong"), ["1z"] * 4, "1z")[1]  # a standard set's four: as before
    assert standard == "The set has 4 of East wind, all already in the hand (or its melds): not added."


def test_a_red_five_beyond_four_of_its_kind_is_refused_in_the_scorer_s_words(tmp_path):
    extra = _house(tmp_path, "extra-red-pins", EXTRA_RED_PINS)
    en, _ja = scorer_says(extra, ["5p", "5p", "5p", "5p", "0p"])
    assert en.endswith("riichi mahjong plays 4 of a tile at most"), en
    assert tapped(extra, ["5p"] * 4, "0p") == (["5p"] * 4, en)
    assert tapped(extra, ["5p", "5p", "5p", "0p"], "0p")[1].endswith("plays 4 of a tile at most")
    assert tapped(extra, ["5p", "0p", "0p"], "5p") == (["5p", "0p", "0p", "5p"], None)


def test_the_picker_refuses_a_fifth_east_of_a_set_of_eight_in_the_scorer_s_words(tmp_path):
    import streamlit as st

    from app.components.tiles import _picked, held_elsewhere

    eight = _house(tmp_path, "eight-easts", EIGHT_EASTS)
    st.session_state.update({"p_tiles": ["1z"] * 4 + ["2z"], "p_melds": "", "p_refused": None, "p_edit": 4})
    assert "1z" in held_elsewhere(eight, "p", 4)  # marked in the picker's grid, as a tile with no copy left
    _picked(eight, "p", 4, "1z")
    assert st.session_state["p_tiles"] == ["1z"] * 4 + ["2z"]
    assert st.session_state["p_refused"] == scorer_says(eight, ["1z"] * 5)[0]


def test_the_page_refuses_a_fifth_east_of_a_set_of_eight(home):
    folder = home / "home" / "games" / "_added"  # as the Rules page's "Add a game" keeps one
    folder.mkdir(parents=True)
    eight = _house(folder, "eight-easts", EIGHT_EASTS)
    at = type_hand(open_page("score_manual", "eight-easts"), "1111z")
    tap(at, "manual_add_1z")
    assert at.session_state["manual_tiles"] == ["1z"] * 4
    assert [t.value for t in at.toast] == [scorer_says(eight, ["1z"] * 5)[0]]


# --- the meld builder -----------------------------------------------------------------------------------------------

def built(game, kind: str, tile_id: str, held: list[str] = (), red_ticked: bool = False) -> tuple[str, list[str]]:
    """The melds text and the hand after the builder's tap of ``tile_id`` for a meld of ``kind`` beside ``held``."""
    import streamlit as st

    from app.components import options

    st.session_state.update({"p_meld_kind": kind, "p_melds": "", "p_tiles": list(held), "p_meld_red": red_ticked,
                             "p_refused": None})
    options._add_meld(game, "p", (), len(held), tile_id)
    return st.session_state["p_melds"], st.session_state["p_tiles"]


def test_a_kan_of_easts_of_a_set_of_eight_beside_a_fifth_is_refused_in_the_scorer_s_words(tmp_path):
    import streamlit as st

    eight = _house(tmp_path, "eight-easts", EIGHT_EASTS)
    assert built(eight, "ankan", "1z", ["1z", "2m"]) == ("", ["1z", "2m"])
    assert st.session_state["p_refused"] == scorer_says(eight, ["1z"] * 5)[0]


def test_a_closed_kan_of_easts_of_a_set_of_eight_takes_its_faces_out_of_the_hand(tmp_path):
    # the photo's two face-up Easts of the kan stood in the hand: six Easts, which the scorer refused
    eight = _house(tmp_path, "eight-easts", EIGHT_EASTS)
    assert built(eight, "ankan", "1z", ["2m", "1z", "1z"]) == ("ankan 1111z", ["2m"])


@pytest.mark.parametrize(("kind", "tile_id", "meld"), [("chi", "3p", "chi 340p"), ("chi", "4p", "chi 406p"),
                                                       ("chi", "0p", "chi 067p")],
                         ids=["through 5p", "around 5p", "from the red five"])
def test_a_chi_through_5p_of_a_set_of_red_5p_alone_holds_the_red_five(tmp_path, kind, tile_id, meld):
    import streamlit as st

    red_only = _house(tmp_path, "red-pins-only", RED_PINS_ONLY)
    assert built(red_only, kind, tile_id)[0] == meld
    assert not st.session_state["p_refused"]


def test_a_pon_of_5p_of_a_set_of_two_plain_ones_holds_a_red_five_and_a_standard_set_s_none(tmp_path):
    two = _house(tmp_path, "two-red-pins", {"5p": 2, "0p": 2})
    assert built(two, "pon", "5p")[0] == "pon 055p"  # 555p: a third plain 5p the set has not
    standard = load_game("tokyo-mahjong")
    assert built(standard, "pon", "5p")[0] == "pon 555p"
    assert built(standard, "pon", "0p")[0] == "pon 055p"
    assert built(standard, "chi", "4p")[0] == "chi 456p"


def test_the_page_s_chi_of_pins_of_a_set_of_red_5p_alone_uses_its_red_five(home):
    folder = home / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    _house(folder, "red-fives-pins-only", {**RED_PINS_ONLY, "0m": 0, "0s": 0})  # no other red five either
    at = type_hand(open_page("score_manual", "red-fives-pins-only"), "123m456s789s11z")
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    assert not any(c.key == "manual_meld_red" for c in at.checkbox)  # its red five the only 5p: nothing to tick
    tap(at, "manual_meld_3p")
    tap(at, "manual_meld_0p")  # a chi from the five: 567p
    assert at.text_input(key="manual_melds").value == "chi 340p, chi 067p"
    assert not at.toast


# --- the photo ------------------------------------------------------------------------------------------------------

def reading_of(game, kinds: list[str]):
    """A photo's reading naming ``kinds`` at 0.99 (a tile set that names red fives reads them), marked foreign where
    the game has not the kind, as ``photo.to_photo_tiles`` marks them."""
    from app.components.photo import PhotoReading, PhotoTile

    known = {k.id for k in game.tiles}
    tiles = tuple(PhotoTile((i * 40.0, 0.0, i * 40.0 + 38, 50.0), kind, 0.99, foreign=kind not in known,
                            choices=((kind, 0.99),)) for i, kind in enumerate(kinds))
    return PhotoReading(np.zeros((60, 40 * len(kinds), 3), np.uint8), tiles)


HAND = ["2m", "3m", "4m", "4p", "0p", "6p", "7s", "8s", "9s", "1z", "1z", "0m", "5z", "5z"]


def test_a_red_five_read_for_a_set_without_red_fives_is_its_plain_five(tmp_path):
    from app.components.photo import stand_ins

    no_reds = _house(tmp_path, "no-reds", NO_REDS)
    read = stand_ins(no_reds, reading_of(no_reds, HAND))
    assert read.hand == [("5" + k[1]) if k[0] == "0" else k for k in HAND]
    assert not any(t.stands_in or t.low or t.foreign for t in read.tiles)  # nothing to check: the set has no red five
    assert read.tiles[4].choices == (("5p", 0.99),)


def test_a_red_five_of_a_suit_without_one_is_its_plain_five_and_the_set_s_red_five_itself(tmp_path):
    from app.components.photo import stand_ins

    pins = _house(tmp_path, "red-pins", {"0m": 0, "0s": 0})  # a red five in the pins alone
    read = stand_ins(pins, reading_of(pins, HAND))
    assert (read.tiles[4].kind, read.tiles[11].kind) == ("0p", "5m")
    standard = load_game("tokyo-mahjong")
    assert stand_ins(standard, reading_of(standard, HAND)).hand == HAND
