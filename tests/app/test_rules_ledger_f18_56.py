"""Session 56 (f18): the Rules page and the ledger page after the club re-walk.

Tokyo Mahjong's Table rules named one abortive draw (triple ron) and never said what an abortive draw does: the kinds
the ledger records (``tilelens.ledger.ABORTIVE_KINDS``) are listed, with what it does (nobody pays, the dealer deals
again with a honba, the sticks stay). A Donjara table that lets several players ron one discard and puts down riichi
chips said nothing of a third ron (the ledger takes two winners at most; three rons are a hand nobody won). The ledger
page said "1,000 points (1 stick) (in no player's total)", two brackets in a row; Tonight's totals left out the sticks
on the tables that `tilelens ledger totals` names (so the results add up to minus them)."""
from __future__ import annotations

import pytest
import streamlit as st
from app_helpers import open_page, texts

from app import settings
from app.components.i18n import game_t
from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens import ledger as ledger_module
from tilelens.ledger import ABORTIVE_KINDS, Ledger, sticks_said

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _summary(game, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(game if not isinstance(game, str) else load_game(game)))


def _edited(tmp_path, game_id: str, old: str, new: str):
    text = (GAMES_DIR / f"{game_id}.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(str(path))


def _line(said: str, word: str) -> str:
    (line,) = [x for x in said.splitlines() if word in x]
    return line


# --- 2. the abortive draws on the Rules page -------------------------------------------------------------------------

def test_tokyo_lists_every_abortive_draw_and_what_it_does():
    line = _line(_summary("tokyo-mahjong", "en"), "nine terminals")
    for _, en in ABORTIVE_KINDS.values():
        assert en in line, (en, line)
    assert "nobody pays" in line and "one more honba" in line and "riichi sticks stay on the table" in line, line


def test_tokyo_lists_them_in_japanese():
    line = _line(_summary("tokyo-mahjong", "ja"), "九種九牌")
    for ja, _ in ABORTIVE_KINDS.values():
        assert ja in line, (ja, line)
    assert "支払いはなく" in line and "1本場" in line and "リーチ棒は場に残ります" in line, line


def test_the_kinds_are_read_from_the_ledger(monkeypatch):
    monkeypatch.setitem(ABORTIVE_KINDS, "five-dragons", ("五竜", "five dragons"))
    assert "five dragons" in _line(_summary("tokyo-mahjong", "en"), "nine terminals")


def test_a_table_of_one_winner_a_discard_has_no_triple_ron_among_them(tmp_path):
    game = _edited(tmp_path, "tokyo-mahjong", "several_ron = true", "several_ron = false")
    line = _line(_summary(game, "en"), "nine terminals")
    assert "four kans" in line and "triple ron" not in line, line


def test_a_table_without_honba_says_no_honba_for_an_abortive_draw(tmp_path):
    game = _edited(tmp_path, "tokyo-mahjong", "honba = true  # +1", "honba = false  # +1")
    line = _line(_summary(game, "en"), "nine terminals")
    assert "honba" not in line and "the dealer deals again" in line, line


@pytest.fixture
def donjara_several(tmp_path):
    """Yokai Watch (a 10-point riichi chip) with several players allowed to ron one discard."""
    return _edited(tmp_path, "yokai-watch", 'multiple_ron = ["nearest-clockwise"]',
                   'multiple_ron = ["nearest-clockwise"]\nseveral_ron = true')


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "a discard takes two winners at most", "abortive"),
    ("ja", "1つの捨て牌で上がれるのは2人まで", "途中流局")])
def test_a_donjara_table_of_several_rons_says_a_third_is_a_hand_nobody_won(donjara_several, lang, said, not_said):
    text = _summary(donjara_several, lang)
    line = _line(text, said)
    assert ("nobody won" in line and "nobody pays" in line) if lang == "en" else \
        ("誰も上がらなかった局" in line and "支払いはありません" in line), line
    assert not_said not in text and "triple ron" not in text and "三家和" not in text, text


def test_a_donjara_table_of_one_winner_says_nothing_of_a_third_ron():
    text = _summary("yokai-watch", "en")
    assert "two winners" not in text and "abortive" not in text, text


# --- 4. the sticks left at the end: one bracket ---------------------------------------------------------------------

@pytest.mark.parametrize("game_id, lang, pot, said", [
    ("tokyo-mahjong", "en", 1000, "Riichi sticks left on the table: 1,000 points (1 stick), in no player's total"),
    ("tokyo-mahjong", "ja", 1000, "場に残ったリーチ棒: 1,000点 (1本)。誰の持ち点にも入りません"),
    ("nogizaka", "en", 10, "Riichi chips left on the table: 10 points (1 chip), in no player's total"),
    ("nogizaka", "ja", 10, "場に残ったリーチのチップ: 10点 (1枚)。誰の持ち点にも入りません")])
def test_the_sticks_left_at_the_end_are_said_with_one_bracket(game_id, lang, pot, said):
    st.session_state["lang"] = lang
    game = load_game(game_id)
    text = game_t("pot_left", game, pot=sticks_said(pot, 1000 if pot == 1000 else 10, game.engine, lang))
    assert text == said and ") (" not in text, text


# --- 5. Tonight's totals: the sticks on the tables ------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "Riichi sticks on the tables, in no player's result (so the results add up to -1,000 points): "
           "#1 1,000 points (1 stick)"),
    ("ja", "場のリーチ棒は誰の成績にも入りません (そのため成績の合計は -1,000点): #1 1,000点 (1本)")])
def test_tonights_totals_say_the_sticks_on_the_tables(home, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    a = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(a, tenpai=(0,), riichi=(0,))  # Ann's stick on the table
    b = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(b, 1, "ron", {2: 2000})
    assert a == 1
    at = open_page("ledger", "tokyo-mahjong", lang)
    assert not at.exception
    assert said in texts(at), texts(at)


@pytest.mark.parametrize("lang, said", [
    ("en", "Riichi chips on the tables, in no player's result (so the results add up to -10 points): #1 10 points"),
    ("ja", "場のリーチのチップは誰の成績にも入りません (そのため成績の合計は -10点): #1 10点")])
def test_tonights_totals_say_a_donjara_tables_chips(home, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    a = ledger.new_match("yokai-watch", PLAYERS)
    ledger.add_draw(a, riichi=(0,))
    b = ledger.new_match("yokai-watch", PLAYERS)
    ledger.add_win(b, 1, "ron", {2: 20})
    assert a == 1
    at = open_page("ledger", "yokai-watch", lang)
    assert said in texts(at), texts(at)


def test_tonights_totals_without_sticks_say_nothing_of_them(home):
    ledger = Ledger(home / "ledger.sqlite")
    for _ in range(2):
        ledger.add_win(ledger.new_match("tokyo-mahjong", PLAYERS), 1, "ron", {2: 2000})
    at = open_page("ledger", "tokyo-mahjong")
    assert "Tonight's totals" in [h.value for h in at.subheader]
    assert "on the tables" not in texts(at), texts(at)


# --- 5. a removed game's name: the ledger's own reading of its kept file ---------------------------------------------

def test_a_removed_games_kept_file_of_another_id_does_not_name_it(home):
    """``tilelens.ledger.removed_game`` reads a kept file only where it is the game of that id (the page globbed its
    own and named the match by whatever game the file held)."""
    from test_added_game_50 import club_text

    settings.add_game(club_text())
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(settings.app_game("club"), ["Eve", "Fay", "Gus", "Hal"])
    ledger.add_win(m, 1, "ron", {2: 60})
    kept = settings.remove_game("club") / "club.toml"
    kept.write_text(kept.read_text(encoding="utf-8").replace('id = "club"', 'id = "clubx"', 1)
                    .replace('name_en = "Club Donjara"', 'name_en = "Some Other Game"', 1), encoding="utf-8")
    assert ledger_module.removed_game("club") is None
    at = open_page("ledger", "nogizaka")
    (picker,) = [s for s in at.selectbox if s.key == "ledger_orphan_match"]
    said = " ".join(map(str, picker.options))
    assert f"#{m}" in said and "club" in said and "Some Other Game" not in said, said
