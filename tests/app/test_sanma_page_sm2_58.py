"""Session 58 (SM2): a riichi table of three (``[riichi] players = 3``, sanma) on the ledger, Rules and score pages.

The ledger's "How the hand ended" box at a match of three offered four winds, four riichi and triple ron, and the
Rules page listed them ("Three rons on one discard are an abortive draw"), none possible with three players (the
ledger now refuses them there: ``tilelens.ledger.abortive_kinds``). The box offers only nine terminals and four kans
there, its help says only those, and the Rules page of a game that seats three lists only those and says nothing of
three rons. The score pages' Players box offered 2, 3 and 4 at a table that seats three (the ledger refuses four
names there): it offers 2 and 3, 3 chosen."""
from __future__ import annotations

import pytest
import streamlit as st
from app_helpers import open_page, texts, tsumo, type_hand

from app import settings
from app.components.options import players_range
from app.components.rules_view import table_summary
from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
THREE = ["Ann", "Bo", "Cy"]
WIN = "123m456p789s11z 234m"  # any riichi hand the manual page takes


def _sanma_text() -> str:
    text = (GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    return text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1)


@pytest.fixture
def sanma(tmp_path):
    path = tmp_path / "sanma.toml"
    path.write_text(_sanma_text(), encoding="utf-8")
    return load_game(str(path))


@pytest.fixture
def house(home):
    """The club's house table of Tokyo Mahjong: three seats."""
    settings.save_house_table(GAME, _sanma_text())
    return home


def _draw_end(at):
    (box,) = [s for s in at.selectbox if (s.key or "").startswith("ledger_draw_end_")]
    return box


# --- 7. the abortive draws at a table of three -------------------------------------------------------------------

@pytest.mark.parametrize("lang, offered, not_said", [
    ("en", ["Exhaustive draw (the wall ran out)", "Abortive draw: nine terminals", "Abortive draw: four kans"],
     ("four winds", "four riichi", "triple ron")),
    ("ja", ["荒牌流局 (山がなくなった)", "途中流局: 九種九牌", "途中流局: 四槓散了"], ("四風連打", "四家リーチ", "三家和"))])
def test_the_draw_box_at_three_offers_only_the_abortive_draws_three_can_make(house, lang, offered, not_said):
    Ledger(house / "ledger.sqlite").new_match(load_game(str(settings.edited_path(GAME))), THREE)
    at = open_page("ledger", GAME, lang)
    box = _draw_end(at)
    assert list(box.options) == offered, box.options
    assert all(word not in box.help for word in not_said), box.help
    assert (("nine terminals" in box.help and "four kans" in box.help) if lang == "en" else
            ("九種九牌" in box.help and "四槓散了" in box.help)), box.help


def test_four_kans_at_three_is_recorded_from_the_box(house):
    ledger = Ledger(house / "ledger.sqlite")
    m = ledger.new_match(load_game(str(settings.edited_path(GAME))), THREE)
    at = open_page("ledger", GAME)
    _draw_end(at).set_value("four-kans")
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_draw_")]
    button.click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert [h.abortive for h in ledger.hands(m)] == ["four-kans"]


def test_a_match_of_four_still_offers_every_kind(home):
    Ledger(home / "ledger.sqlite").new_match(GAME, [*THREE, "Di"])
    box = _draw_end(open_page("ledger", GAME))
    assert len(box.options) == 6 and "Abortive draw: four winds" in box.options, box.options
    assert "four winds" in box.help and "triple ron" in box.help, box.help


def _summary(game, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(game))


def _abortive_line(text: str, start: str) -> str:
    (line,) = [x for x in text.splitlines() if x.lstrip("- ").startswith(start)]
    return line


@pytest.mark.parametrize("lang, start, said, not_said", [
    ("en", "An abortive draw", "An abortive draw (nine terminals or four kans) ends a hand",
     ("four winds", "four riichi", "triple ron", "Three rons")),
    ("ja", "途中流局", "途中流局 (九種九牌・四槓散了) では", ("四風連打", "四家リーチ", "三家和", "3人がロン"))])
def test_the_rules_page_of_a_table_of_three_lists_only_those(sanma, lang, start, said, not_said):
    text = _summary(sanma, lang)
    assert said in _abortive_line(text, start), text
    assert all(s not in text for s in not_said[2:]), text  # no three rons on one discard either
    assert all(s not in _abortive_line(text, start) for s in not_said[:2]), text


def test_the_rules_page_of_a_table_of_four_lists_all_five():
    text = _summary(load_game(GAME), "en")
    line = _abortive_line(text, "An abortive draw")
    assert "four winds" in line and "four riichi" in line and "triple ron" in line and "Three rons" in text, text


def test_the_rules_page_says_it_at_the_club_table(house):
    line = _abortive_line(texts(open_page("rules", GAME)), "An abortive draw")
    assert "(nine terminals or four kans)" in line, line


# --- 10. the Players box at a table of three ---------------------------------------------------------------------

def test_a_table_of_three_seats_two_or_three(sanma):
    assert players_range(sanma) == (2, 3, 3)
    assert players_range(load_game(GAME)) == (2, 4, 4)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_manual_pages_players_box_offers_two_and_three_three_chosen(house, lang):
    at = type_hand(open_page("score_manual", GAME, lang), WIN)
    assert not at.exception, [e.value for e in at.exception]
    box = at.segmented_control(key="manual_players")
    assert [str(o) for o in box.options] == ["2", "3"] and box.value == 3, (box.options, box.value)


def test_a_match_of_four_started_before_the_table_seated_three_keeps_its_four(home):
    """Four names started at the table of four, the table then made one of three: that match's hands are still
    scored for its four (as a Donjara match keeps its count), a hand of no match for three."""
    Ledger(home / "ledger.sqlite").new_match(GAME, [*THREE, "Di"])
    settings.save_house_table(GAME, _sanma_text())
    box = type_hand(open_page("score_manual", GAME), WIN).segmented_control(key="manual_players")
    assert [str(o) for o in box.options] == ["2", "3", "4"] and box.value == 4, (box.options, box.value)


# --- nukidora (SM1's ``score(..., nuki=N)``, ``[riichi] nukidora = true``) on the score pages ------------------------

def _nukidora_text() -> str:
    text = _sanma_text()
    assert text.count("\n[riichi]\n") == 1
    return text.replace("\n[riichi]\n", "\n[riichi]\nnukidora = true\n", 1)


def _nuki_boxes(at):
    return [n for n in at.number_input if n.key == "manual_nuki"]


@pytest.mark.parametrize("lang, label", [("en", "Nukidora (north tiles set aside)"), ("ja", "抜きドラ (抜いた北の枚数)")])
def test_a_table_of_three_with_nukidora_asks_for_the_norths_set_aside(home, lang, label):
    settings.save_house_table(GAME, _nukidora_text())
    at = tsumo(type_hand(open_page("score_manual", GAME, lang), WIN))
    (box,) = _nuki_boxes(at)
    assert box.label == label and box.value == 0 and box.help, (box.label, box.help)
    before = texts(at)
    assert "800" in before, before  # a closed tsumo, 1 han 30 fu at three
    box.set_value(2).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    after = texts(at)
    assert "3,000" in after and ("Nukidora (2 han)" in after if lang == "en" else "抜きドラ" in after), after


@pytest.mark.parametrize("table", ["sanma", "shipped", "two"])
def test_no_nukidora_box_where_the_table_plays_none(home, table):
    if table == "sanma":  # three seats, nukidora off (the default)
        settings.save_house_table(GAME, _sanma_text())
    at = type_hand(open_page("score_manual", GAME), WIN)
    if table == "two":  # a table of three, scored for two: no north seat either, the box stays
        settings.save_house_table(GAME, _nukidora_text())
        at.run()
        at.segmented_control(key="manual_players").set_value(2).run()
        assert len(_nuki_boxes(at)) == 1
        return
    assert not _nuki_boxes(at), [n.key for n in at.number_input]
