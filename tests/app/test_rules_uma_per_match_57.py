"""Session 57 (K2, the re-walk R1's F4): the Rules page said "No uma or oka ... sticks go to nobody" for Tokyo Mahjong
while the ledger's New match sets them per match: it now says so, in both languages; a Donjara game says nothing of
it (no such options)."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.rules_view import table_summary
from scorer import load_game


def summary(game_id: str, lang: str) -> list[str]:
    st.session_state["lang"] = lang
    return table_summary(load_game(game_id))


@pytest.mark.parametrize("lang, line", [
    ("en", "These are the table's own: the ledger page's New match can set uma, return points (oka) and who gets the "
           "riichi sticks left at the end, for each match."),
    ("ja", "これはこの卓の既定です。ウマ・返し点・終了時に残ったリーチ棒の行き先は、成績表のページの「新しい対局」で"
           "対局ごとに決められます。")])
def test_the_rules_say_uma_and_oka_can_be_set_per_match(lang, line):
    said = summary("tokyo-mahjong", lang)
    assert line in said, said
    no_uma = "No uma or oka" if lang == "en" else "ウマ・オカはありません"
    assert said.index(line) == next(i for i, s in enumerate(said) if s.startswith(no_uma)) + 1  # right after it


def test_a_donjara_game_says_nothing_of_them():
    assert not any("New match" in line for line in summary("nogizaka", "en"))
