"""Session 58 (SM3): a table of three on the Enter-a-hand page and the Rules page.

1. At a 108-tile house table (2m-8m and 0m out), a typed hand holding 2m crashed the page (``UnknownTileError`` from
   the hand strip, in English on a Japanese screen), and a typed meld ``pon:555m`` crashed the meld rows: the hand is
   refused with the scorer's one message, in the screen's language, and the meld is not drawn (the score says why).
2. After "Add to the ledger", the next hand typed over the one just added kept the last hand's Nukidora count and
   Riichi tick (a hand scored with the last hand's two nukidora): the hand's own options go with it, as "Clear" drops
   them. A Donjara hand's riichi comes back ticked, its default (a Donjara win needs a riichi first).
3. A table of three's Rules page said nagashi mangan is "paid as a mangan tsumo" (under ``tsumo_loss = false`` two
   lines above a mangan tsumo of 3,000/5,000) "and 2,000 from each other player" (one player): it says what the
   ledger pays at three, 8,000 and 6,000, the north's share not split.
"""
from __future__ import annotations

import pytest
import streamlit as st
from app_helpers import YOKAI_WIN, add_to_ledger, open_page, texts, type_hand, yokai_match

from app import settings
from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
THREE = ["Ann", "Bo", "Cy"]
NO_2_TO_8 = ("2m", "3m", "4m", "5m", "6m", "7m", "8m", "0m")


def _shipped() -> str:
    return (GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8")


def _three(options: str = "", drop: tuple[str, ...] = ()) -> str:
    """Tokyo Mahjong seating three, ``options`` added to its ``[riichi]``, the tiles ``drop`` left out of its list."""
    text = _shipped()
    assert text.count("\nplayers = 4 ") == 1 and text.count("\n[riichi]\n") == 1
    text = text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1).replace("\n[riichi]\n", f"\n[riichi]\n{options}", 1)
    head, *blocks = text.split("\n[[tiles]]\n")
    kept = [b for b in blocks if not any(b.startswith(f'id = "{tile}"') for tile in drop)]
    return "\n[[tiles]]\n".join([head, *kept])


def _errors(at) -> str:
    return "\n".join(e.value for e in at.error)


# --- 1. a 108-tile table's missing tile -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [
    ("en", "2 Man (2m) is not in the set of"),
    ("ja", "二萬 (2m) は")])
def test_a_typed_hand_with_a_tile_the_table_lacks_is_refused_in_words(home, lang, said):
    settings.save_house_table(GAME, _three(drop=NO_2_TO_8))
    at = type_hand(open_page("score_manual", GAME, lang), "234m456p789s23455s")
    assert not at.exception, [e.value for e in at.exception]
    errors = _errors(at)
    assert said in errors, errors
    assert "2m 3m 4m 5m 0m 6m 7m 8m" in errors, errors  # the tiles the table plays without, named
    assert "unknown tile" not in errors and "hand:" not in errors and "手牌:" not in errors, errors
    assert at.session_state["manual_tiles"] == []  # the hand is not taken
    # the table's own tiles are taken as before
    type_hand(at, "999m234p456p789s55s")
    assert not at.exception and not at.error, _errors(at)
    assert len(at.session_state["manual_tiles"]) == 14


@pytest.mark.parametrize("lang, said", [
    ("en", "5 Man (5m) is not in the set of"),
    ("ja", "五萬 (5m) は")])
def test_a_typed_meld_of_a_tile_the_table_lacks_is_not_drawn_and_said(home, lang, said):
    settings.save_house_table(GAME, _three(drop=NO_2_TO_8))
    at = type_hand(open_page("score_manual", GAME, lang), "999m456p789s55s")
    at.text_input(key="manual_melds").set_value("pon:555m").run()
    assert not at.exception, [e.value for e in at.exception]
    errors = _errors(at)
    assert said in errors and "unknown tile" not in errors, errors
    assert not [b for b in at.button if (b.key or "").startswith("manual_meld_remove_")]  # no row of its pictures
    # a meld of the table's tiles is still drawn and scored
    at.text_input(key="manual_melds").set_value("pon:111p").run()
    assert not at.exception and said not in _errors(at), _errors(at)


# --- 2. the next hand typed over the one just added -----------------------------------------------------------------

def _nuki(at):
    (box,) = [n for n in at.number_input if n.key == "manual_nuki"]
    return box


def test_the_next_hand_typed_over_the_one_added_starts_with_no_nukidora_nor_riichi(home):
    game = settings.save_house_table(GAME, _three("nukidora = true\n"))
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(game, THREE)
    at = type_hand(open_page("score_manual", GAME), "234p456p789s23455s")
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.checkbox(key="manual_riichi").check().run()
    _nuki(at).set_value(2).run()
    assert not at.error and "Nukidora (2 han)" in texts(at), _errors(at)
    add_to_ledger(at, "manual")
    assert not at.error and ledger.state(match).hands == 1, _errors(at)
    assert _nuki(at).value == 2 and at.checkbox(key="manual_riichi").value is True  # the hand added, as added
    type_hand(at, "999m234p456p789s55s")  # the next hand
    assert not at.exception, [e.value for e in at.exception]
    assert _nuki(at).value == 0, _nuki(at).value
    assert at.checkbox(key="manual_riichi").value is False
    assert "Nukidora (" not in texts(at), texts(at)  # the yaku line "Nukidora (2 han)" of the last hand


def test_a_hand_typed_over_one_not_added_keeps_its_options(home):
    settings.save_house_table(GAME, _three("nukidora = true\n"))
    at = type_hand(open_page("score_manual", GAME), "234p456p789s23455s")
    at.checkbox(key="manual_riichi").check().run()
    _nuki(at).set_value(1).run()
    type_hand(at, "234p456p789s23555s")  # a tile corrected by typing: the same hand, nothing added yet
    assert _nuki(at).value == 1 and at.checkbox(key="manual_riichi").value is True


def test_a_donjara_hand_typed_over_the_one_added_comes_back_with_riichi_ticked(home):
    yokai_match(home)
    at = type_hand(open_page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    assert at.checkbox(key="manual_riichi").value is True  # its default (test_manual_page_52)
    at.checkbox(key="manual_riichi").uncheck().run()  # this hand was dealt one from winning: no riichi
    at.checkbox(key="manual_dealt_tenpai").check().run()
    add_to_ledger(at, "manual")
    assert not at.error and at.session_state["manual_added"], _errors(at)
    type_hand(at, " ".join(YOKAI_WIN[1:] + YOKAI_WIN[:1]))  # the next hand
    assert not at.exception, [e.value for e in at.exception]
    assert at.checkbox(key="manual_riichi").value is True
    assert at.checkbox(key="manual_dealt_tenpai").value is False


# --- 3. nagashi mangan at a table of three --------------------------------------------------------------------------

def _summary(text: str, lang: str, tmp_path) -> str:
    path = tmp_path / "three.toml"
    path.write_text(text, encoding="utf-8")
    st.session_state["lang"] = lang
    return "\n".join(table_summary(load_game(str(path))))


def _nagashi_line(text: str) -> str:
    (line,) = [x for x in text.split("\n") if x.startswith(("Nagashi mangan:", "流し満貫あり"))]
    return line


@pytest.mark.parametrize("options", ["", "tsumo_loss = false\n"])
@pytest.mark.parametrize("lang, paid, not_said", [
    ("en", ["8,000", "6,000", "4,000 from the dealer and 2,000 from the other player"], "from each other player"),
    ("ja", ["8,000点", "6,000点", "親から4,000点、もう1人の子から2,000点"], "ほかの子から2,000点ずつ")])
def test_a_table_of_three_says_what_nagashi_pays_there(tmp_path, options, lang, paid, not_said):
    line = _nagashi_line(_summary(_three(options), lang, tmp_path))
    assert all(p in line for p in paid) and not_said not in line, line
    split = options != ""
    said_unsplit = ("not split" in line) if lang == "en" else ("折半しません" in line)
    assert said_unsplit == split, line  # said where a tsumo's north share is split, two lines below


def test_a_table_of_four_says_nagashi_as_before(tmp_path):
    line = _nagashi_line(_summary(_shipped(), "en", tmp_path))
    assert "2,000 from each other player" in line and "8,000" not in line, line
