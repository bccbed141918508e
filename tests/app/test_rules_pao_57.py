"""Session 57: the Rules page's Table rules of a riichi game say whether pao (liability payment) applies and how,
as the game's ``[riichi] pao`` / ``pao_suukantsu`` say (on by default: the common club and tournament rule)."""
from __future__ import annotations

import streamlit as st

from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR


def _summary(game, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(game))


def _edited(tmp_path, extra: str):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert text.count("\n[riichi]\n") == 1
    path = tmp_path / "tokyo-mahjong.toml"
    path.write_text(text.replace("\n[riichi]\n", "\n[riichi]\n" + extra + "\n", 1), encoding="utf-8")
    return load_game(str(path))


def test_shipped_table_says_pao_applies_in_both_languages():
    game = load_game("tokyo-mahjong")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert "Pao (liability payment) applies" in en and "suukantsu" not in en
    assert "包 (責任払い) あり" in ja and "四槓子" not in ja
    assert "No pao" not in en and "包 (責任払い) なし" not in ja


def test_house_table_without_pao_says_so(tmp_path):
    game = _edited(tmp_path, "pao = false")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert "No pao (liability payment)" in en and "Pao (liability payment) applies" not in en
    assert "包 (責任払い) なし" in ja


def test_house_table_with_suukantsu_pao_names_the_fourth_kan(tmp_path):
    game = _edited(tmp_path, "pao_suukantsu = true")
    assert "fourth kan of a suukantsu" in _summary(game, "en")
    assert "四槓子の4つ目のカン" in _summary(game, "ja")


def test_donjara_table_says_nothing_of_pao():
    said = _summary(load_game("nogizaka"), "en") + _summary(load_game("nogizaka"), "ja")
    assert "pao" not in said.lower() and "包" not in said
