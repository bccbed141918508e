"""The Rules page's summary of a riichi house set's red fives: it said "The red fives (one in each suit) are a dora
each" of a set of two red 5p and no plain one, and of a set without a red copy at all. It now says the set's own
red copies (and "No red fives." where the set has none), in both languages."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))  # the scorer tests' house sets

from app.components.rules_view import table_summary  # noqa: E402
from scorer import load_game  # noqa: E402
from test_house_copies_68 import _house  # noqa: E402


def _said(game, lang: str) -> str:
    st.session_state["lang"] = lang
    try:
        return "\n".join(table_summary(game))
    finally:
        st.session_state.pop("lang", None)


@pytest.mark.parametrize("lang, said", [("en", "The red fives (one in each suit) are a dora each."),
                                        ("ja", "赤ドラ (萬子・筒子・索子の5に1枚ずつ) は1枚につきドラ1です。")])
def test_the_standard_set_is_said_as_before(lang, said):
    assert said in _said(load_game("tokyo-mahjong"), lang)


@pytest.mark.parametrize("lang, said", [("en", "The red fives (2 Red 5 Pin, 0p) are a dora each."),
                                        ("ja", "赤ドラ (赤五筒 2枚) は1枚につきドラ1です。")])
def test_a_set_of_two_red_pins_alone_says_its_own(tmp_path, lang, said):
    game = _house(tmp_path, "red-pins", {"0m": 0, "0s": 0, "5p": 0, "0p": 2})
    text = _said(game, lang)
    assert said in text, text
    assert "one in each suit" not in text and "1枚ずつ" not in text


@pytest.mark.parametrize("lang, said", [("en", "No red fives."), ("ja", "赤ドラはありません。")])
def test_a_set_without_a_red_copy_says_none(tmp_path, lang, said):
    game = _house(tmp_path, "no-red-copies", {"0m": 0, "0p": 0, "0s": 0, "5m": 4, "5p": 4, "5s": 4})
    assert said in _said(game, lang)
