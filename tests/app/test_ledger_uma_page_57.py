"""Session 57 (W4 6-8) on the ledger and Rules pages: a riichi club sets uma, oka (return points) and who the sticks
left at the end go to when it starts a match; the ledger page shows each final score and how it was made, Tonight's
totals adds them up in thousands; a riichi chombo is recorded as a reverse mangan; a table that plays on below 0 says
so on the Rules page. A Donjara game offers none of the options. The club's sheet: 45,000 / 30,000 / 15,000 /
10,000, 30,000 returned, uma 20/10: +55, +10, -25, -40."""
from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest
import streamlit as st
from app_helpers import texts

from app.components.rules_view import table_summary
from scorer.catalog import GAMES_DIR, parse_game
from tilelens.ledger import DrawKeep, Ledger, rules_for

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def club_match(ledger, leftover="nobody"):
    rules = replace(rules_for(GAME), uma=(20, 10, -10, -20), return_points=30000, laps=1, keep_on_dealer_win=False,
                    keep_on_draw=DrawKeep.NEVER, noten_total=0, leftover_sticks=leftover)
    m = ledger.new_match(GAME, PLAYERS, rules)
    ledger.add_win(m, 0, "ron", {3: 15000})
    ledger.add_win(m, 0, "ron", {2: 5000})
    ledger.add_win(m, 1, "ron", {2: 5000})
    ledger.add_draw(m, riichi=(3,) if leftover == "top" else ())
    return m


@pytest.mark.parametrize("lang, uma, oka, sticks, top", [
    ("en", "Uma", "Return points", "Riichi sticks left at the end", "+20 / +10 / -10 / -20"),
    ("ja", "ウマ", "返し", "終了時に残ったリーチ棒", "+20 / +10 / -10 / -20")])
def test_the_start_form_offers_the_options_and_the_match_keeps_them(home, page, lang, uma, oka, sticks, top):
    at = page("ledger", GAME, lang=lang)
    box = at.selectbox(key=f"ledger_uma_{GAME}")
    assert box.label == uma and box.value == () and top in box.options, box.options
    assert at.number_input(key=f"ledger_return_{GAME}").label.startswith(oka)
    assert at.number_input(key=f"ledger_return_{GAME}").value == 25000  # the starting points: no oka
    assert at.selectbox(key=f"ledger_leftover_{GAME}").label == sticks
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    box.set_value((20, 10, -10, -20))
    at.number_input(key=f"ledger_return_{GAME}").set_value(30000)
    at.selectbox(key=f"ledger_leftover_{GAME}").set_value("top")
    at.button[[b.label for b in at.button].index("Start the match" if lang == "en" else "対局を始める")].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    (match,) = Ledger(home / "ledger.sqlite").matches()
    assert (match.rules.uma, match.rules.return_points, match.rules.leftover_sticks) == ((20, 10, -10, -20), 30000,
                                                                                         "top")


def test_the_default_start_keeps_no_option(home, page):
    at = page("ledger", GAME)
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    at.button[[b.label for b in at.button].index("Start the match")].click().run()
    (match,) = Ledger(home / "ledger.sqlite").matches()
    assert (match.rules.uma, match.rules.return_points, match.rules.leftover_sticks) == ((), None, "nobody")


def test_three_players_with_a_four_place_uma_are_told_why(home, page):
    at = page("ledger", GAME)
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy")
    at.selectbox(key=f"ledger_uma_{GAME}").set_value((20, 10, -10, -20))
    at.button[[b.label for b in at.button].index("Start the match")].click().run()
    assert any("4 places" in e.value and "3 players" in e.value for e in at.error), [e.value for e in at.error]
    assert not Ledger(home / "ledger.sqlite").matches()


def test_a_donjara_game_offers_no_uma(home, page):
    at = page("ledger", "nogizaka")
    assert not [b for b in at.selectbox if b.key and b.key.startswith("ledger_uma_")]


@pytest.mark.parametrize("lang, first, rule", [
    ("en", "1st Ann: 45,000 points → +55 (uma +20, oka +20)", "Final score: (total − 30,000) ÷ 1,000"),
    ("ja", "1位 Ann: 45,000点 → +55 (ウマ +20、オカ +20)", "最終スコア: (持ち点 − 30,000) ÷ 1,000")])
def test_the_final_standings_say_each_score_and_how(home, page, lang, first, rule):
    club_match(Ledger(home / "ledger.sqlite"))
    said = texts(page("ledger", GAME, lang=lang))
    assert first in said and rule in said, said
    assert ("-40 (uma -20)" if lang == "en" else "-40 (ウマ -20)") in said


def test_sticks_left_to_the_top_are_said_so(home, page):
    club_match(Ledger(home / "ledger.sqlite"), leftover="top")
    said = texts(page("ledger", GAME))
    assert "in no player's total" not in said, said
    assert "Riichi sticks left on the table: 1,000 points (1 stick), to the top player's final score (Ann)" in said
    assert "+56 (uma +20, oka +20, sticks left +1)" in said


def test_tonights_totals_add_up_the_final_scores(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    club_match(ledger)
    plain = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(plain, 1, "ron", {0: 8000})
    at = page("ledger", GAME)
    (table,) = [d for d in at.dataframe if "Total" in d.value.columns]
    frame = table.value
    assert frame["Player"].tolist()[:2] == ["Ann", "Bo"] and frame["Total"].tolist()[:2] == ["+47", "+18"], frame
    assert "thousands" in texts(at)


@pytest.mark.parametrize("lang, says", [("en", "reverse mangan"), ("ja", "満貫")])
def test_a_riichi_chombo_is_recorded_as_a_reverse_mangan(home, page, lang, says):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    at = page("ledger", GAME, lang=lang)
    assert not [c for c in at.caption if "No chombo" in c.value or "チョンボは記録しません" in c.value]
    assert any(says in c.value for c in at.caption), [c.value for c in at.caption]
    at.selectbox(key=f"ledger_chombo_offender_{m}_0").set_value(2)  # Cy, not the dealer
    at.button[[b.label for b in at.button].index("Record a chombo" if lang == "en" else "チョンボを記録")].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert ledger.state(m).totals == (29000, 27000, 17000, 27000)


def _summary(data, lang):
    st.session_state["lang"] = lang
    return "\n".join(table_summary(parse_game(data, "club.toml")))


def _tokyo(**table):
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["table"].update(table)
    return data


def test_the_rules_page_says_the_riichi_chombo():
    en, ja = _summary(_tokyo(), "en"), _summary(_tokyo(), "ja")
    assert "A chombo is a reverse mangan: a player other than the dealer pays 4,000 points to the dealer and 2,000 " \
        "points to each other player" in en, en
    assert "no honba is added" in en
    assert "チョンボは満貫払い" in ja, ja
    assert "reverse mangan" not in _summary(_tokyo(chombo="none"), "en")


@pytest.mark.parametrize("lang, says", [("en", "The match does not end when a player goes below 0"),
                                        ("ja", "持ち点がマイナスになっても対局は終わりません")])
def test_the_rules_page_says_a_table_that_plays_on_below_zero(lang, says):
    said = _summary(_tokyo(ends_at_or_below=False), lang)
    assert says in said, said
    assert says not in _summary(_tokyo(), lang)


def test_the_rules_page_says_the_uma_and_oka_of_the_table():
    said = _summary(_tokyo(uma=[15, 5, -5, -15], return_points=30000, leftover_sticks="top"), "en")
    assert "No uma or oka" not in said and "go to nobody" not in said, said
    assert "Final score: (total − 30,000) ÷ 1,000, uma +15/+5/-5/-15, oka +20 to the top" in said, said
    assert "Riichi sticks still on the table when the match ends go to the top player" in said, said
