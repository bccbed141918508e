"""Session 51: a Donjara game's words are its documents' (RULES.md, seeds 001/003): a 10-point chip (10点チップ), not a
mahjong stick (リーチ棒); 「捨てた人」, not 「放銃した人」 (a riichi game keeps its own). The Rules page says who pays what
(ron, tsumo and its rounding, several ron on one tile, a ron on an Almighty, the chombo cases) from the game's data,
every amount with the game's unit, and a chombo alike in both languages. Japanese payment lines have no space before
a particle (「はなこがたろうに50点払う」)."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.i18n import STRINGS, attribute_value, game_t
from app.components.rules_view import table_summary, yaku_table
from scorer import load_game


def _summary(game_id: str, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(load_game(game_id)))


@pytest.mark.parametrize("game_id", ["yokai-watch", "nogizaka"])
def test_a_donjara_rules_page_says_chip_not_stick(game_id):
    ja, en = _summary(game_id, "ja"), _summary(game_id, "en")
    assert "リーチ棒" not in ja and "チップ" in ja, ja
    assert "stick" not in en and "chip" in en, en


def test_a_riichi_rules_page_keeps_its_stick():
    assert "リーチ棒" in _summary("tokyo-mahjong", "ja")


@pytest.mark.parametrize("key", ["pot_taken", "pot_own", "pot", "pot_left", "sticks", "sticks_help", "riichi_short"])
def test_the_pot_words_of_a_donjara_game_say_chip(key):
    yokai, riichi = load_game("yokai-watch"), load_game("tokyo-mahjong")
    st.session_state["lang"] = "ja"
    fmt = dict(pot="10", own="10", total="120", unit="点", name="A", chip="10")
    assert "リーチ棒" not in game_t(key, yokai, **fmt) and "チップ" in game_t(key, yokai, **fmt)
    assert "リーチ棒" in game_t(key, riichi, **fmt)
    st.session_state["lang"] = "en"
    assert "stick" not in game_t(key, yokai, **fmt).lower() and "chip" in game_t(key, yokai, **fmt)


def test_a_donjara_discarder_is_the_one_who_discarded():
    st.session_state["lang"] = "ja"
    assert game_t("discarder", load_game("yokai-watch")) == "捨てた人"
    assert game_t("discarder", load_game("tokyo-mahjong")) == "放銃者"
    assert "流局" not in game_t("record_draw", load_game("yokai-watch"))
    # session 52: the box says 「配牌でテンパイ (リーチなしで上がれる)」 (a native review); its help says it plainly
    assert "テンパイ" not in STRINGS["dealt_tenpai_help"][0] and "リーチ棒" not in STRINGS["dealt_tenpai_help"][0]


def test_the_rules_page_says_who_pays_what_for_yokai():
    en, ja = _summary("yokai-watch", "en"), _summary("yokai-watch", "ja")
    assert "Everyone starts with 1,000 points." in en
    assert "A riichi puts a 10-point chip on the table" in en
    assert "By ron the discarder pays it all." in en
    assert "rounded up to 10 points" in en and "100 points -> 40 points from each" in en
    assert "nearest the discarder clockwise" in en
    assert "No ron on a discarded Almighty" in en
    assert "流局" not in ja  # riichi mahjong's word for a hand nobody won
    assert "捨てた人が全部払います" in ja and "40点ずつ" in ja and "時計回り" in ja and "オールマイティ" in ja
    assert "開始時の持ち点は1,000点です。" in ja


def test_the_rules_page_says_nogizakas_chombo_cases_alike_in_both_languages():
    en, ja = _summary("nogizaka", "en"), _summary("nogizaka", "ja")
    assert "pays 300 points in all to the others" in en, en
    assert "合計 300点を払います" in ja
    assert "winning on an Almighty" in en and "ron on your own discard" in en
    assert "オールマイティで上がる" in ja and "自分の捨てた" in ja


def test_cinderella_amounts_say_its_unit():
    en = _summary("cinderella-neo", "en")
    assert "Everyone starts with 1,000,000 fans (100 x10,000 in the ledger)." in en, en


def test_the_yaku_tables_columns_are_capitalised_alike():
    st.session_state["lang"] = "en"
    table, _house = yaku_table(load_game("yokai-watch"))
    assert list(table.columns) == ["Yaku", "Value", "Shape"]  # the house mark a short word in the name cell (52)


def test_japanese_payment_lines_have_no_space_before_a_particle():
    st.session_state["lang"] = "ja"
    assert STRINGS["pays_to"][0].format(who="はなこ", to="たろう", amount="50点") == "はなこがたろうに50点払う"
    assert STRINGS["pays"][0].format(who="捨てた人", amount="100点") == "捨てた人が100点払う"


def test_nogizakas_colours_are_named_as_its_almighty_tiles():
    st.session_state["lang"] = "ja"
    game = load_game("nogizaka")
    assert attribute_value("colour", "green", game) == "グリーン"
    assert attribute_value("colour", "yellow", game) == "イエロー"
