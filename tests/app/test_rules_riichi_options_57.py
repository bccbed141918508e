"""Session 57 (a riichi club referee's walk, W4): the Rules page's Table rules of a riichi game say each scoring option
of ``[riichi]`` as the scorer applies it (yakuman adding up, counted yakuman, kiriage, renhou, the double wind's pair,
nagashi mangan, three players), a saved option too; its yaku table marks the local yaku (renhou, open riichi) and
says renhou's worth as the table sets it; the ledger's draw form offers no Nagashi box where the game pays none."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.rules_view import table_summary, yaku_table
from scorer import load_game
from scorer.catalog import GAMES_DIR
from tilelens.ledger import Ledger


def _summary(game, lang: str) -> str:
    st.session_state["lang"] = lang
    return "\n".join(table_summary(game))


def _with(text: str, extra: str) -> str:
    """The game file's text with ``extra`` (``key = value``) in its [riichi] table: a key it writes is rewritten."""
    key = extra.split("=")[0].strip()
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.split("=")[0].strip() == key), None)
    if at is not None:
        lines[at] = extra
        return "\n".join(lines)
    return text.replace("\n[riichi]\n", "\n[riichi]\n" + extra + "\n", 1)


def _edited(tmp_path, extra: str):
    path = tmp_path / "tokyo-mahjong.toml"
    path.write_text(_with((GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8"), extra), encoding="utf-8")
    return load_game(str(path))


def test_shipped_table_says_each_scoring_option_in_both_languages():
    game = load_game("tokyo-mahjong")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    for said in ("Yakuman add up", "Counted yakuman (kazoe): 13 han or more", "No kiriage mangan",
                 "Renhou (a non-dealer's ron before their first draw, no call made; a local yaku) is 5 han",
                 "seat and round wind is 4 fu", "Nagashi mangan: at an exhaustive draw",
                 "At three players (no north seat) a tsumo is paid by the other two alone",
                 "two noten players pay 1,500 points each"):
        assert said in en, (said, en)
    for said in ("役満は複合します", "数え役満あり", "切り上げ満貫なし", "人和", "5翻", "連風牌", "4符です", "流し満貫あり",
                 "3人 (北家なし) では、ツモは残りの2人だけが払います", "1,500点ずつ"):
        assert said in ja, (said, ja)


def test_the_double_yakuman_off_sentence_says_what_the_scorer_does(tmp_path):
    """It said "every yakuman is worth one yakuman" while two yakuman still added up to 64,000."""
    game = _edited(tmp_path, "double_yakuman = false")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert "every yakuman is worth one yakuman" not in en
    assert "No double yakuman: a 13-sided kokushi" in en and "Yakuman add up" in en
    assert "ダブル役満なし" in ja and "役満は複合します" in ja


@pytest.mark.parametrize("extra,en_said,ja_said", [
    ("combined_yakuman = false", "Yakuman do not add up: a hand with several yakuman is paid for its dearest one "
                                 "alone (a double yakuman as two)", "役満は複合しません"),
    ("kiriage = true", "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as a mangan", "切り上げ満貫あり"),
    ('kazoe_limit = "sanbaiman"', "No counted yakuman", "数え役満なし"),
    ('kazoe_limit = "none"', "26 han: a double yakuman", "26翻でダブル役満"),
    ('renhou = "mangan"', "is a mangan: the hand's own value without it where that is more", "人和なしの手"),
    ('renhou = "yakuman"', "no call made; a local yaku) is a yakuman", "は役満です"),
    ('renhou = "none"', "No renhou", "人和なし"),
    ("double_wind_pair_fu = 2", "seat and round wind is 2 fu", "2符です"),
    ("nagashi = false", "No nagashi mangan", "流し満貫なし"),
])
def test_a_saved_option_is_said(tmp_path, extra, en_said, ja_said):
    game = _edited(tmp_path, extra)
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert en_said in en, en
    assert ja_said in ja, ja


def test_donjara_table_says_none_of_it():
    said = _summary(load_game("nogizaka"), "en")
    assert "renhou" not in said.lower() and "kiriage" not in said.lower() and "nagashi" not in said.lower()


def _rows(game, lang="en"):
    st.session_state["lang"] = lang
    table, _ = yaku_table(game)
    return [list(map(str, row)) for row in table.itertuples(index=False)]


def test_local_yaku_are_marked_in_the_yaku_table():
    rows = _rows(load_game("tokyo-mahjong"))
    marked = {row[0].split("  \n")[0] for row in rows if "(local)" in row[0]}
    assert marked == {"Open Riichi (local)", "Double Open Riichi (local)", "Renhou (local)"}, marked
    assert any(row[0].startswith("Renhou") and row[1] == "5 han" for row in rows)
    ja = {row[0] for row in _rows(load_game("tokyo-mahjong"), "ja") if "(ローカル)" in row[0]}
    assert len(ja) == 3


@pytest.mark.parametrize("rule,cell", [("mangan", "mangan"), ("yakuman", "yakuman"), ("none", None)])
def test_renhou_row_follows_the_table(tmp_path, rule, cell):
    rows = [row for row in _rows(_edited(tmp_path, f'renhou = "{rule}"')) if row[0].startswith("Renhou")]
    assert [row[1] for row in rows] == ([cell] if cell else [])


def test_the_draw_form_has_no_nagashi_box_where_the_game_pays_none(home, page):
    from app import settings

    game = settings.save_house_table("tokyo-mahjong", _with(settings.game_text("tokyo-mahjong"), "nagashi = false"))
    # the match keeps its rules from its start: started under the house table, as the ledger page starts one
    Ledger(home / "ledger.sqlite").new_match(game, ["Ann", "Bo", "Cy", "Di"])
    at = page("ledger", "tokyo-mahjong")
    assert not at.exception
    assert any((b.key or "").startswith("FormSubmitter:ledger_draw") for b in at.button)  # the form is drawn
    assert not [b for b in at.multiselect if (b.key or "").startswith("ledger_draw_nagashi_")]


def test_the_draw_form_offers_nagashi_by_default(home, page):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    at = page("ledger", "tokyo-mahjong")
    assert [b for b in at.multiselect if (b.key or "").startswith("ledger_draw_nagashi_")]


def test_tenhou_on_the_score_page_is_worth_the_same_whatever_winning_tile_is_chosen(home, page):
    """Tenhou has no winning tile: 11123456789995m was 144,000 won on 5m and 96,000 on 9m (the winning-tile box)."""
    from app_helpers import texts, type_hand

    at = type_hand(page("score_manual", "tokyo-mahjong"), "11123456789995m")
    at.checkbox(key="manual_riichi").uncheck().run()
    at.checkbox(key="manual_dealer").check().run()
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.checkbox(key="manual_first_turn").check().run()
    for tile in ("5m", "9m"):
        at.pills(key="manual_wintile").set_value(tile).run()
        assert not at.exception and at.success and "144,000" in at.success[0].value, (tile, texts(at))
    assert "tenhou has no winning tile" in texts(at)  # won on 9m: said why it is scored on 5m
