"""The palette and the meld builder tell a tile added beyond the set's copies by the scorer's rule
(``scorer.riichi_rules.fives_told``, ``red_beside``): the red five beside a plain one, and how their counts are said.

A house set may hold red 5p alone (its ``[[tiles]]`` list 0p, copies 2, and no 5p: the Rules page's Add takes one).
The meld builder's chi of 3p made 345p, and the page crashed naming the plain 5p the set has not
(``UnknownTileError``); its "with the red five" box made 345p too, the app finding no red five beside a 5p the set
leaves out. A chi of a tile a set leaves out (a 3m lost) crashed the same way."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import open_page, tap, type_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import NO_REDS, _house  # noqa: E402 - the house sets the scorer's tests make

from scorer.catalog import load_game  # noqa: E402
from scorer.riichi_rules import red_beside, rules_for, set_copies  # noqa: E402

RED_PINS_ONLY = {"5p": 0, "0p": 2}  # two red 5p, no plain one


@pytest.fixture
def red_pins_only(tmp_path):
    return _house(tmp_path, "red-pins-only", RED_PINS_ONLY)


def refusal(game, tile_id: str, language: str = "en") -> str:
    import streamlit as st

    from app.components.i18n import LANG_KEY
    from app.components.tiles import refuse_no_copy

    st.session_state[LANG_KEY] = language
    refuse_no_copy(game, "p", tile_id)
    return st.session_state["p_refused"]


def test_the_app_s_red_five_beside_a_plain_one_is_the_scorer_s(tmp_path, red_pins_only):
    from app.components.tiles import red_five

    games = [load_game("tokyo-mahjong"), red_pins_only, _house(tmp_path, "no-reds", NO_REDS),
             _house(tmp_path, "two-red-pins", {"5p": 2, "0p": 2}),
             _house(tmp_path, "plays-none", {}, "red_fives = false")]
    for game in games:
        for tile_id in ("5m", "5p", "5s", "5z", "0p"):
            assert red_five(game, tile_id) == red_beside(tile_id, rules_for(game).red_fives, set_copies(game)), (
                game.id, tile_id)
    assert red_five(red_pins_only, "5p") == "0p"  # it found none beside a 5p the set leaves out
    assert red_five(load_game("yokai-watch"), "5p") is None  # a Donjara game has no red fives


def test_a_plain_five_of_a_set_with_red_ones_alone_is_said_so(red_pins_only):
    assert refusal(red_pins_only, "5p") == "The set has no plain 5 Pin, only 2 red (0p): not added."
    assert refusal(red_pins_only, "5p", "ja") == ("このセットに普通の五筒はなく、赤ドラ 0pが 2枚だけです。"
                                                 "追加しませんでした。")


def test_a_tile_the_set_leaves_out_is_said_so(tmp_path):
    no_3m = _house(tmp_path, "no-3m", {"3m": 0})
    assert refusal(no_3m, "3m") == "The set has no 3 Man: not added."
    assert refusal(no_3m, "3m", "ja") == "三萬はこのセットにありません。追加しませんでした。"


def test_the_counted_and_standard_refusals_are_as_before(tmp_path):
    two = _house(tmp_path, "two-red-pins", {"5p": 2, "0p": 2})
    assert refusal(two, "5p") == ("The set has 2 plain 5 Pin and 2 red (0p), the plain ones all already in the hand "
                                  "(or its melds): not added.")
    standard = load_game("tokyo-mahjong")
    assert refusal(standard, "5m") == ("The set has 3 of 5 Man, all already in the hand (or its melds): the fourth is "
                                       "the red five 0m.")
    assert refusal(standard, "0m") == "The set has 1 of Red 5 Man, all already in the hand (or its melds): not added."


def test_the_builder_s_chi_of_pins_of_a_set_with_red_fives_alone_is_made_with_the_red_one(home):
    folder = home / "home" / "games" / "_added"  # as the Rules page's "Add a game" keeps one
    folder.mkdir(parents=True)
    _house(folder, "red-pins-only", RED_PINS_ONLY)
    at = type_hand(open_page("score_manual", "red-pins-only"), "123m456s789s11z")
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    tap(at, "manual_meld_3p")  # 345p: the set has no plain 5p, so its five is a red one (it crashed, then was refused)
    assert at.text_input(key="manual_melds").value == "chi 340p"
    assert not at.toast
