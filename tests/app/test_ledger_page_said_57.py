"""Session 57 (K3, from A1's and R4's walks) on the ledger page: a draw or chombo recorded from the page is said in
words (a screen reader hears more than the cards changing), the final standings are a heading, the return points
are refused in the app's words."""
from __future__ import annotations

import os

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def ledger():
    return Ledger(os.environ["TILELENS_LEDGER"])


@pytest.mark.parametrize("lang, button, said", [
    ("en", "Record a chombo", "Recorded hand 1: Cy chombo, 8,000 points"),
    ("ja", "チョンボを記録", "1局目を記録しました: Cy チョンボ")])
def test_a_chombo_recorded_is_said(home, page, lang, button, said):
    m = ledger().new_match(GAME, PLAYERS)
    at = page("ledger", GAME, lang=lang)
    at.selectbox(key=f"ledger_chombo_offender_{m}_0").set_value(2)
    at.button(key=f"FormSubmitter:ledger_chombo_{m}_0-{button}").click().run()
    assert not at.exception
    assert any(said in s.value for s in at.success), [s.value for s in at.success]
    at.run()  # said once: not again on the next run
    assert not any(said in s.value for s in at.success)


@pytest.mark.parametrize("lang, said", [("en", "Recorded hand 1: Draw"), ("ja", "1局目を記録しました: 流局")])
def test_a_draw_recorded_is_said(home, page, lang, said):
    m = ledger().new_match(GAME, PLAYERS)
    at = page("ledger", GAME, lang=lang)
    form = [b for b in at.button if b.key.startswith(f"FormSubmitter:ledger_draw_{m}_0-")]
    form[0].click().run()
    assert not at.exception
    assert any(said in s.value for s in at.success), [s.value for s in at.success]


@pytest.mark.parametrize("lang, heading, first, tied", [
    ("en", "#### Final standings", "- 1st Ann: 1,500 points", "- 1st Cy: 1,500 points\n- 3rd Di"),
    ("ja", "#### 最終順位", "- 1位 Ann: 1,500点", "- 1位 Cy: 1,500点\n- 3位 Di")])
def test_the_final_standings_are_a_heading_and_a_list_without_numbers_in_it(home, page, lang, heading, first, tied):
    """A screen reader heard "Final standings" as bold text, and each bullet as a numbered list of its own ("1. Ann")."""
    led = ledger()
    m = led.new_match("nogizaka", PLAYERS)
    led.add_win(m, 0, "ron", {1: 500})
    led.add_win(m, 2, "ron", {1: 500})  # Bo: 0, nothing left; Ann and Cy level at 1,500
    at = page("ledger", "nogizaka", lang=lang)
    body = [md.value for md in at.markdown if heading in md.value]
    assert body and first in body[0] and tied in body[0], [md.value for md in at.markdown]
    assert "**" not in body[0] and "- 1. " not in body[0]


@pytest.mark.parametrize("lang, start, said", [
    ("en", "Start the match", "Return points are in points, such as 30,000"),
    ("ja", "対局を始める", "返し点は 30,000 のように点数で")])
def test_return_points_below_the_start_are_refused_in_the_apps_words(home, page, lang, start, said):
    """Typed in thousands as the uma (30): Streamlit's own English range message, beside a box in Japanese."""
    at = page("ledger", GAME, lang=lang)
    box = at.number_input(key=f"ledger_return_{GAME}")
    assert box.min is None or box.min < 1000  # no range of Streamlit's own words
    at.text_input(key="ledger_names").input("Ann, Bo, Cy, Di")
    box.set_value(30)
    at.button(key=f"FormSubmitter:ledger_new-{start}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(said in e.value and "25,000" in e.value for e in at.error), [e.value for e in at.error]
    assert ledger().matches() == []


@pytest.mark.parametrize("lang, kept", [
    ("en", ("uma", "return points", "riichi sticks left at the end", "going below 0", "nagashi mangan")),
    ("ja", ("ウマ", "返し", "終了時に残ったリーチ棒", "トビ", "流し満貫"))])
def test_a_riichi_tables_change_says_the_match_keeps_its_options(home, page, lang, kept):
    from app import settings
    led = ledger()
    m = led.new_match(settings.app_game(GAME), PLAYERS)
    led.add_win(m, 0, "ron", {1: 1000})
    text = settings.shipped_path(GAME).read_text(encoding="utf-8")
    assert text.count("honba_ron = 300") == 1
    settings.save_house_table(GAME, text.replace("honba_ron = 300", "honba_ron = 500"))
    at = page("ledger", GAME, lang=lang)
    (note,) = [i.value for i in at.info if ("table in use" if lang == "en" else "いまの表") in i.value]
    assert all(word in note for word in kept), note


def test_a_donjara_tables_change_names_no_riichi_option():
    from app.components.i18n import STRINGS
    for said in STRINGS["table_changed"]:
        assert "uma" not in said.lower() and "ウマ" not in said


def test_the_rules_page_says_dealt_twice(home, page):
    at = page("rules", GAME)
    assert "everyone has dealt twice" in texts(at) and "dealt 2 times" not in texts(at), texts(at)


@pytest.mark.parametrize("lang, heading", [("en", "#### Table rules\n"), ("ja", "#### 卓のルール\n")])
def test_the_rules_pages_table_rules_are_a_heading(home, page, lang, heading):
    at = page("rules", GAME, lang=lang)
    assert [m.value for m in at.markdown if m.value.startswith(heading)], [m.value[:40] for m in at.markdown]


@pytest.mark.parametrize("lang, head", [("en", "Columns: "), ("ja", "列: ")])
def test_tonights_match_columns_are_said_with_their_players(home, page, lang, head):
    """A match's column said only "#2" (its time and players in a tooltip a screen reader does not reach)."""
    led = ledger()
    one = led.new_match(GAME, PLAYERS)
    led.add_win(one, 0, "ron", {1: 1000})
    two = led.new_match(GAME, ["Ann", "Bo", "Cy", "Eve"])
    led.add_win(two, 3, "ron", {0: 2000})
    at = page("ledger", GAME, lang=lang)
    (said,) = [c.value for c in at.caption if c.value.startswith(head)]
    assert f"#{one}" in said and f"#{two}" in said and "Eve" in said and "Di" in said, said
