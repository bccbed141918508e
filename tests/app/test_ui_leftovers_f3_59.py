"""Session 59 (F3): small words the app had left.

1. The Rules page's "where an added game is kept" and a link to outside tilelens's folder said コンピューター (and
   "this computer") where the rest of the app says パソコン ("the laptop").
2. A Donjara note of chips passed to the winner nearer the one who discarded said the amount bare ("20 points of
   riichi chips", 「リーチのチップ 20点」) where every other chips mention counts them ("20 points (2 chips)",
   「20点 (2枚)」: ``tilelens.ledger.sticks_said``): the app's ledger page, `tilelens ledger show` and the CSV.
3. The tile picker of a photo's tile said only "Remove this tile": a box on a reflection or a shadow is not a tile,
   and the picker says it is the way to drop one. Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di."""
from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from app import settings
from app.components.rules_view import RULES_STRINGS
from tilelens.ledger import Ledger, hand_notes, rules_for
from tilelens.ledger_cli import show_text

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


# ---- 1. パソコン, the laptop -------------------------------------------------------------------------------------------
def test_the_rules_page_says_where_an_added_game_is_kept_on_this_pasokon():
    ja, en = RULES_STRINGS["add_where"]
    assert "コンピュータ" not in ja and "このパソコンの tilelens のデータフォルダ" in ja, ja
    assert "computer" not in en and "on this laptop" in en, en
    assert "{folder}" in ja and "{folder}" in en


def test_a_link_outside_the_folder_is_said_on_the_pasokon_running_tilelens():
    en, ja = settings.LINK_ELSEWHERE
    assert "コンピュータ" not in ja and ja.startswith(" tilelens を動かしているパソコンの"), ja
    assert "computer" not in en and "the laptop running it" in en, en


# ---- 2. chips passed on, counted -------------------------------------------------------------------------------------
@pytest.fixture
def passed(tmp_path):
    """A Nogizaka match of several rons: Cy's chip on the table, Ann (riichi) rons Di's discard, Bo rons it too:
    Bo's entry says the two chips (one Ann's own) went to Ann, nearer Di."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS, replace(rules_for("nogizaka"), several_ron=True))
    ledger.add_draw(m, riichi=(2,))
    ledger.add_win(m, 0, "ron", {3: 60}, riichi=(0,))
    ledger.add_win(m, 1, "ron", {3: 60}, same_discard=True)
    return ledger, m


def test_chips_passed_on_are_counted_in_both_languages(passed):
    ledger, m = passed
    state, hands = ledger.table(m)
    en = hand_notes(PLAYERS, hands, state, "en", engine="donjara", chip=10)[2]
    ja = hand_notes(PLAYERS, hands, state, "ja", engine="donjara", chip=10)[2]
    assert en == "20 points (2 chips) of riichi chips (10 of them Ann's own) passed to Ann (nearer the discarder)", en
    assert ja == "リーチのチップ 20点 (2枚) (うち 10点はAnnが出したもの)は捨てた人に近いAnnへ", ja


def test_ledger_show_and_the_csv_count_the_chips_passed_on(passed):
    ledger, m = passed
    state, hands = ledger.table(m)
    match = ledger.match(m)
    assert "リーチのチップ 20点 (2枚) (うち" in show_text(match, hands, state, "ja")
    assert "20 points (2 chips) of riichi chips" in show_text(match, hands, state, "en")
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert rows[3]["note"].startswith("20 points (2 chips) of riichi chips"), rows[3]


def test_a_riichi_games_stick_passed_on_keeps_its_words(tmp_path):
    """Riichi mahjong's English note says its sticks in points, as its other notes do (pinned in session 51)."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {3: 2000}, riichi=(0,))
    ledger.add_win(m, 1, "ron", {3: 1000}, same_discard=True)
    state, hands = ledger.table(m)
    en = hand_notes(PLAYERS, hands, state, "en", chip=1000)[1]
    assert "1,000 points of riichi sticks (1,000 of them Ann's own) passed to Ann" in en, en


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_page_counts_the_chips_passed_on(home, lang):
    from app_helpers import open_page, texts

    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS, replace(rules_for("nogizaka"), several_ron=True))
    ledger.add_draw(m, riichi=(2,))
    ledger.add_win(m, 0, "ron", {3: 60}, riichi=(0,))
    ledger.add_win(m, 1, "ron", {3: 60}, same_discard=True)
    at = open_page("ledger", "nogizaka", lang)
    shown = texts(at) + "\n".join(str(df.value.to_csv()) for df in at.dataframe)
    said = "20 points (2 chips) of riichi chips" if lang == "en" else "リーチのチップ 20点 (2枚)"
    assert said in shown, shown


# ---- 3. the picker: not a tile ---------------------------------------------------------------------------------------
def _picker(crop: bool, lang: str):
    import numpy as np
    import streamlit as st

    from app.components.tiles import tile_picker
    from scorer import load_game

    st.session_state["lang"] = lang
    st.session_state.setdefault("p_tiles", ["1m", "2m", "3m"])
    st.session_state.setdefault("p_edit", 1)
    tile_picker(load_game("tokyo-mahjong"), "p", ("4m",),
                (lambda i: np.full((40, 30, 3), 200, dtype=np.uint8)) if crop else None)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_photos_tile_can_be_removed_as_not_a_tile(lang):
    at = AppTest.from_function(_picker, args=(True, lang), default_timeout=30).run()
    assert not at.exception, [e.value for e in at.exception]
    help_ = at.button(key="p_remove").help
    said = "(a reflection, a shadow)" if lang == "en" else "光の反射・影など牌ではないもの"
    assert said in help_, help_
    at.button(key="p_remove").click().run()
    assert at.session_state["p_tiles"] == ["1m", "3m"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_without_a_box_is_removed_in_plain_words(lang):
    """A typed or tapped tile (the manual page, or one added to a photo by hand) is a tile: "Remove this tile"."""
    at = AppTest.from_function(_picker, args=(False, lang), default_timeout=30).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="p_remove").label == ("Remove this tile" if lang == "en" else "この牌を外す")
