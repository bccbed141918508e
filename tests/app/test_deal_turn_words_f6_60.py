"""Session 60 (F6, walk W1): a Nogizaka fan club's words on the ledger page.

1. 局 said two things on a Donjara page: 「10局目 · 8局中6局終了」 (the 10th hand, 6 of 8 dealer turns), and at the end
   「終了 (8局中8局)」 while `tilelens ledger list` said 「11局」 (hands). A Donjara 局 is a hand (seed 001: 「1ゲーム
   (1局)」), so the count of dealer turns says 親番 (「全員が親を2回担当したらゲーム終了」); riichi mahjong keeps 局,
   where a 局 is a dealer turn (東1局 ... 南4局: 8局).
2. A hand nobody won is said in its game's document's word: Nogizaka's says 流局 (「(→流局)」, its file's ``[table]
   calls``), on the page, its button and `ledger show`; a Donjara game whose document does not keeps 誰も上がらず."""
import pytest
import streamlit as st
from app_helpers import texts

from app.components.i18n import game_t
from scorer import load_game
from tilelens.ledger import Ledger
from tilelens.ledger_cli import show_text

PLAYERS = ["A", "B", "C", "D"]


def _status(at) -> str:
    return next(m.value for m in at.markdown if "親:" in m.value or "Dealer:" in m.value or "終了" in m.value
                or "Ended" in m.value)


@pytest.mark.parametrize("lang, said, not_said", [("ja", "親番 8回中2回終了", "8局中"),
                                                  ("en", "2 of 8 dealer turns done", "deals done")])
def test_a_donjara_page_counts_dealer_turns_not_hands(home, page, lang, said, not_said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    for _ in range(2):
        ledger.add_draw(m)  # no riichi: the deal passes on
    line = _status(page("ledger", "nogizaka", lang=lang))
    assert said in line and not_said not in line, line
    assert ("3局目" if lang == "ja" else "Hand 3") in line, line


@pytest.mark.parametrize("lang, said", [("ja", "終了 (親番 8回すべて)"), ("en", "Ended with all 8 dealer turns played")])
def test_a_donjara_match_played_out_says_every_dealer_turn_was_played(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    for _ in range(8):
        ledger.add_draw(m)
    assert ledger.state(m).ended
    body = texts(page("ledger", "nogizaka", lang=lang))
    assert said in body and "8局中" not in body, body


def test_a_donjara_match_ended_early_says_how_many_dealer_turns():
    st.session_state["lang"] = "ja"
    assert game_t("deals_ended", load_game("nogizaka"), done=3, total=8) == "終了 (親番 8回中3回)"
    st.session_state["lang"] = "en"
    assert game_t("deals_ended", load_game("nogizaka"), done=3, total=8) == "Ended with 3 of 8 dealer turns finished"


def test_riichi_mahjong_keeps_its_kyoku():
    """In riichi mahjong a 局 is a dealer turn (東南戦: 8局): its count stays as it was."""
    riichi = load_game("tokyo-mahjong")
    st.session_state["lang"] = "ja"
    assert game_t("deals", riichi, done=1, total=8) == "8局中1局終了"
    assert game_t("deals_ended", riichi, done=8, total=8) == "終了 (8局中8局)"
    assert game_t("deals_all", riichi, done=8, total=8) == "終了 (8局中8局)"


# --- 2. a hand nobody won, in its document's word ----------------------------------------------------------------

@pytest.mark.parametrize("game, lang, result", [("nogizaka", "ja", "流局"), ("nogizaka", "en", "Nobody won"),
                                                ("yokai-watch", "ja", "誰も上がらず"), ("cinderella-neo", "ja", "誰も上がらず")])
def test_a_hand_nobody_won_is_said_in_its_documents_word(home, page, game, lang, result):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.add_draw(ledger.new_match(game, PLAYERS), note="流局")
    at = page("ledger", game, lang=lang)
    table = at.dataframe[0].value
    assert list(table.iloc[:, 1]) == [result] and list(table.iloc[:, 2]) == [""], table.iloc[:, :3]


@pytest.mark.parametrize("lang, button", [("ja", "流局を記録"), ("en", "Record a hand nobody won")])
def test_the_nogizaka_draw_button_says_the_same_word(home, page, lang, button):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("nogizaka", PLAYERS)
    at = page("ledger", "nogizaka", lang=lang)
    assert button in [e.label for e in at.expander], [e.label for e in at.expander]


def test_the_nogizaka_rules_words_for_a_draw():
    nogizaka, yokai = load_game("nogizaka"), load_game("yokai-watch")
    st.session_state["lang"] = "ja"
    assert game_t("sum_draw_riichi", nogizaka) == "流局では、親がリーチしていれば続きます。"
    assert game_t("sum_draw_riichi", yokai) == "誰も上がらなかったときは、親がリーチしていれば続きます。"
    assert "「流局を記録」" in game_t("no_third_ron", nogizaka) and "三家和" not in game_t("no_third_ron", nogizaka)
    assert "「誰も上がらなかった局を記録」" in game_t("no_third_ron", yokai)


@pytest.mark.parametrize("game, lang, said", [("nogizaka", "ja", "1局目: 流局"), ("nogizaka", "en", "Hand 1: nobody won"),
                                              ("yokai-watch", "ja", "1局目: 誰も上がらず")])
def test_ledger_show_says_the_same_word(tmp_path, game, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(game, PLAYERS)
    ledger.add_draw(m, note="流局")
    state, hands = ledger.table(m)
    line = next(x for x in show_text(ledger.match(m), hands, state, lang).splitlines() if x.startswith("  #1 "))
    assert line.strip().endswith(said) and "メモ" not in line, line
