"""The ledger page after a club night's riichi walk (56, f3): an abortive draw recorded from the draw form and said
as such in the hands table and its fold; the sticks on the table said in points and sticks (a Donjara game's chips
as they were); the hands table gives each entry's hand and round (a double ron's two entries one hand); the draw
form says a riichi counts as tenpai; a stale page's refusal starts with a capital.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _form_button(at):
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_draw_")]
    return button


def _draw_end(at):
    (box,) = [s for s in at.selectbox if (s.key or "").startswith("ledger_draw_end_")]
    return box


@pytest.mark.parametrize("lang, said", [("en", "Abortive draw (four riichi)"), ("ja", "途中流局 (四家リーチ)")])
def test_an_abortive_draw_is_recorded_from_the_draw_form(home, page, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    at = page("ledger", GAME, lang=lang)
    (riichi,) = [b for b in at.multiselect if (b.key or "").startswith("ledger_draw_riichi_")]
    riichi.set_value([0, 1, 2, 3])
    _draw_end(at).set_value("four-riichi")
    _form_button(at).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    (hand,) = ledger.hands(m)
    assert hand.abortive == "four-riichi" and hand.tenpai == ()
    state = ledger.state(m)
    assert (state.dealer, state.honba, state.pot) == (0, 1, 4000)
    table = at.dataframe[0].value
    assert table.iloc[0, 1] == said, table.iloc[0].tolist()
    assert not str(table.iloc[0, 2]).strip()  # no "Draw" note beside it
    fold = "\n".join(md.value for md in at.markdown)
    assert f"1 · {said}" in fold, fold


def test_an_abortive_draw_with_tenpai_chosen_is_refused_on_the_page(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    at = page("ledger", GAME)
    (tenpai,) = [b for b in at.multiselect if (b.key or "").startswith("ledger_draw_tenpai_")]
    tenpai.set_value([1])
    _draw_end(at).set_value("nine-terminals")
    _form_button(at).click().run()
    assert not at.exception
    assert "leave Tenpai empty" in " ".join(e.value for e in at.error)
    assert ledger.hands(m) == []


def test_the_draw_form_offers_no_abortive_draw_to_a_donjara_game(home, page):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", PLAYERS)
    at = page("ledger", "nogizaka")
    assert not [s for s in at.selectbox if (s.key or "").startswith("ledger_draw_end_")]


@pytest.mark.parametrize("lang, said", [("en", "counts as tenpai"), ("ja", "テンパイとして数えます")])
def test_the_draw_form_says_a_riichi_counts_as_tenpai(home, page, lang, said):
    Ledger(home / "ledger.sqlite").new_match(GAME, PLAYERS)
    at = page("ledger", GAME, lang=lang)
    (tenpai,) = [b for b in at.multiselect if (b.key or "").startswith("ledger_draw_tenpai_")]
    assert said in (tenpai.help or ""), tenpai.help


@pytest.mark.parametrize("lang, said, left", [
    ("en", "Riichi sticks on the table: 2,000 points (2 sticks)", "Riichi sticks left on the table: 1,000 points (1 stick)"),
    ("ja", "場のリーチ棒:\u00a02,000点 (2本)", "場に残ったリーチ棒: 1,000点 (1本)")])
def test_the_sticks_on_the_table_are_said_in_points_and_sticks(home, page, lang, said, left):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, riichi=(0, 1))
    at = page("ledger", GAME, lang=lang)
    assert said in texts(at), texts(at)
    n = ledger.new_match(GAME, ["Ida", "Jo", "Kim", "Lu"])  # the newest: the one the page shows
    ledger.add_win(n, 1, "ron", {2: 24500})  # Kim at 500
    ledger.add_draw(n, riichi=(0,))  # Ida tenpai in riichi, Kim pays 1,000 noten: below 0, the end, the stick left
    assert ledger.state(n).ended and ledger.state(n).pot == 1000
    at = page("ledger", GAME, lang=lang)
    assert left in texts(at), texts(at)


def test_a_donjara_tables_chips_are_said_as_they_were(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(m, riichi=(0, 1))
    body = texts(page("ledger", "nogizaka"))
    assert "Riichi chips on the table: 20" in body and "stick" not in body, body


@pytest.mark.parametrize("lang, hand, round_col, rounds", [
    ("en", "Hand", "Round", ["East 1, honba 0", "East 1, honba 1", "East 1, honba 1", "East 2, honba 0"]),
    ("ja", "局の番号", "局", ["東1局 0本場", "東1局 1本場", "東1局 1本場", "東2局 0本場"])])
def test_the_hands_table_gives_each_entrys_hand_and_round(home, page, lang, hand, round_col, rounds):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,))
    ledger.add_win(m, 2, "ron", {1: 2300})
    ledger.add_win(m, 3, "ron", {1: 1000}, same_discard=True, honba=0)  # the same discard: the same hand
    ledger.add_win(m, 1, "tsumo", {0: 1000, 2: 500, 3: 500})
    at = page("ledger", GAME, lang=lang)
    assert not at.exception
    table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
    data = table.value
    assert list(data[hand]) == [1, 2, 2, 3] and list(data[round_col]) == rounds
    # the players' totals stay right after the result on a phone; the hand and round after them
    order = list(table.proto.column_order)
    assert order[2:6] == PLAYERS and order[6:] == [hand, round_col], order
    fold = "\n".join(md.value for md in at.markdown)
    assert ("3 · " in fold) and (("Hand 2 (East 1, honba 1)" if lang == "en" else "2局目 (東1局 1本場)") in fold), fold


def test_the_stale_page_refusal_starts_with_a_capital(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    at = page("ledger", GAME)
    ledger.add_draw(m)  # another phone's draw since this page was drawn
    _form_button(at).click().run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert errors and errors[0].startswith(f"Match #{m} has changed"), errors
