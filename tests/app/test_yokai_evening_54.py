"""Session 54, a Yokai Watch family evening on the score pages and the ledger page: a new match's player count
wins over the last hand's, the riichi players stay when the winner changes, a new hand starts with no winner (and,
for a ron, no discarder) chosen and the Add button waits for them, the manual page's winning tile is no Almighty,
names typed with spaces between them, and the one-Almighty-per-set rule said."""
from __future__ import annotations

import pytest
from app_helpers import YOKAI_WIN, go_to, read_as, read_as_win, texts, tsumo, type_hand, yokai_match

from tilelens.ledger import Ledger


def _start(at, names: str):
    """The ledger page (Japanese screen): a match of ``names`` started."""
    at.text_input(key="ledger_names").set_value(names)
    at.button(key="FormSubmitter:ledger_new-対局を始める").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _ledger(home) -> Ledger:
    return Ledger(home / "ledger.sqlite")


# 1. a match of three started after a hand of a match of four: the next photo is scored for three
def test_a_new_match_of_three_scores_the_next_photo_for_three(home, page):
    at = _start(page("ledger", "yokai-watch", lang="ja"), "パパ、たろう、はなこ、じろう")
    go_to(at, "score_photo")
    read_as(at, "yokai-watch", YOKAI_WIN, seed=1)
    at.selectbox(key="photo_winner").set_value(0).run()
    at.button(key="photo_add_ledger").click().run()
    ledger = _ledger(home)
    first, = [m.id for m in ledger.matches()]
    assert len(ledger.hands(first)) == 1
    go_to(at, "ledger")
    _start(at, "パパ、たろう、はなこ")
    go_to(at, "score_photo")
    assert at.segmented_control(key="photo_players").value == 3  # the open match's three, the old photo shown
    read_as(at, "yokai-watch", YOKAI_WIN, seed=2)
    assert at.segmented_control(key="photo_players").value == 3
    assert not [w.value for w in at.warning if "人数" in w.value]
    at.selectbox(key="photo_winner").set_value(0).run()
    said = texts(at)
    assert "たろうがパパに50点払う" in said and "プレイヤー1" not in said, said
    assert not at.button(key="photo_add_ledger").disabled
    at.button(key="photo_add_ledger").click().run()
    second = max(m.id for m in ledger.matches())
    (hand,) = ledger.hands(second)
    assert dict(hand.payments) == {1: 50, 2: 50}


# 2. the winner changed after the riichi players were chosen: the others stay chosen
def test_changing_the_winner_keeps_the_other_riichi_players(home, page):
    ledger, match = yokai_match(home)
    at = read_as_win(page("score_photo", "yokai-watch", lang="ja"), 3)
    at.selectbox(key="photo_winner").set_value(0).run()
    at.multiselect(key="photo_riichi_seats_0").set_value([0, 3]).run()
    assert at.session_state["photo_pot"] == 10  # Di's chip (Ann's own is the Riichi box's)
    at.selectbox(key="photo_winner").set_value(2).run()
    assert at.multiselect(key="photo_riichi_seats_2").value == [2, 3]  # Cy's riichi (ticked), Di's kept
    assert at.session_state["photo_pot"] == 10
    at.button(key="photo_add_ledger").click().run()
    (hand,) = ledger.hands(match)
    assert hand.winner == 2 and sorted(hand.riichi) == [2, 3]


# 3. a new hand: no winner chosen, payments not yet by name, the button waits with a word saying why
@pytest.mark.parametrize("lang, wait", [("ja", "記録するには「上がった人」を選んでください。"),
                                        ("en", "To add it to the ledger, choose “Winner”.")])
def test_a_new_photo_has_no_winner_until_one_is_chosen(home, page, lang, wait):
    ledger, match = yokai_match(home)
    at = read_as_win(page("score_photo", "yokai-watch", lang=lang), 3)
    assert at.selectbox(key="photo_winner").value is None
    assert at.button(key="photo_add_ledger").disabled
    said = texts(at)
    assert wait in said, said
    assert "Ann" not in said.replace("Ann, Bo, Cy, Di", "").replace("Ann、Bo、Cy、Di", ""), said  # nobody paid yet
    at.selectbox(key="photo_winner").set_value(1).run()
    assert not at.button(key="photo_add_ledger").disabled and wait not in texts(at)
    at.button(key="photo_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [1]
    read_as_win(at, 4)  # the next photo: nobody chosen again
    assert at.selectbox(key="photo_winner").value is None and at.button(key="photo_add_ledger").disabled


def test_a_ron_starts_with_no_discarder_on_the_next_photo(home, page):
    ledger, match = yokai_match(home)
    at = read_as_win(page("score_photo", "yokai-watch", lang="ja"), 3)
    at.segmented_control(key="photo_win").set_value("ron").run()
    at.selectbox(key="photo_winner").set_value(1).run()
    assert at.selectbox(key="photo_discarder").value is None  # no discarder guessed either
    assert at.button(key="photo_add_ledger").disabled
    assert "記録するには「捨てた人」を選んでください。" in texts(at)
    at.selectbox(key="photo_discarder").set_value(3).run()
    at.button(key="photo_add_ledger").click().run()
    assert [(h.winner, dict(h.payments)) for h in ledger.hands(match)] == [(1, {3: 100})]
    read_as_win(at, 4)  # the next photo: a new hand, at the game's tsumo (session 60), a ron once chosen
    assert at.segmented_control(key="photo_win").value == "tsumo"
    at.segmented_control(key="photo_win").set_value("ron").run()  # neither the winner nor the discarder is guessed
    assert at.selectbox(key="photo_winner").value is None and at.selectbox(key="photo_discarder").value is None
    assert "記録するには「上がった人」と「捨てた人」を選んでください。" in texts(at)
    assert at.button(key="photo_add_ledger").disabled


def test_a_typed_riichi_hand_has_no_winner_until_one_is_chosen(home, page):
    ledger = _ledger(home)
    match = ledger.new_match("tokyo-mahjong", ["パパ", "たろう", "はなこ", "じろう"])
    at = tsumo(type_hand(page("score_manual", "tokyo-mahjong", lang="ja"), "234m456p678s22z555z"))
    assert at.selectbox(key="manual_winner").value is None
    assert at.button(key="manual_add_ledger").disabled
    assert "記録するには「上がった人」を選んでください。" in texts(at)
    assert at.checkbox(key="manual_dealer").value is False  # not the dealer's hand for want of a choice
    at.selectbox(key="manual_winner").set_value(0).run()  # パパ deals: the seat follows the winner chosen
    assert at.checkbox(key="manual_dealer").value is True
    assert not at.button(key="manual_add_ledger").disabled
    at.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [0]


def test_a_typed_donjara_hand_has_no_winner_until_one_is_chosen(home, page):
    ledger, match = yokai_match(home)
    at = type_hand(page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    assert at.selectbox(key="manual_winner").value is None
    assert at.button(key="manual_add_ledger").disabled
    assert "pays Ann" not in texts(at)
    at.selectbox(key="manual_winner").set_value(3).run()
    assert "Ann pays Di 40 points" in texts(at)
    at.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [3]


def test_a_hand_typed_over_the_one_just_added_has_no_winner_yet(home, page):
    ledger, match = yokai_match(home)
    at = type_hand(page("score_manual", "yokai-watch"), " ".join(YOKAI_WIN))
    at.selectbox(key="manual_winner").set_value(2).run()
    at.button(key="manual_add_ledger").click().run()
    assert at.selectbox(key="manual_winner").value == 2  # the hand just added keeps its winner
    type_hand(at, " ".join(["yokai-04"] * 3 + YOKAI_WIN[3:]))  # the next hand, typed over it
    assert at.selectbox(key="manual_winner").value is None and at.button(key="manual_add_ledger").disabled
    at.selectbox(key="manual_winner").set_value(1).run()
    at.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [2, 1]


# 4. the manual page's winning tile: the last tile tapped that is no Almighty, as the photo page and the CLI
def test_the_manual_winning_tile_is_the_last_one_that_is_no_almighty(home, page):
    at = page("score_manual", "yokai-watch", lang="ja")
    for tile in ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]:
        at.button(key=f"manual_add_{tile}").click().run()
    assert at.pills(key="manual_wintile").value == "yokai-03"
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.success and "ロンできません" not in texts(at)


# 5. names typed with spaces between them, as with commas; a name holding a space is kept whole between commas
@pytest.mark.parametrize("typed, players", [
    ("パパ たろう はなこ じろう", ("パパ", "たろう", "はなこ", "じろう")),
    ("パパ\u3000たろう\u3000\u3000はなこ ", ("パパ", "たろう", "はなこ")),
    ("山田 花子、鈴木\u3000一郎", ("山田 花子", "鈴木\u3000一郎")),
    ("Anna Lee, Bo", ("Anna Lee", "Bo"))])
def test_names_separated_by_spaces_start_a_match(home, page, typed, players):
    at = _start(page("ledger", "yokai-watch", lang="ja"), typed)
    assert not at.error, [e.value for e in at.error]
    (match,) = _ledger(home).matches()
    assert match.players == players


def test_the_names_box_says_spaces_separate_too(home, page):
    at = page("ledger", "yokai-watch", lang="ja")
    label = at.text_input(key="ledger_names").label
    assert "スペース" in label, label
    at = page("ledger", "yokai-watch", lang="en")
    assert "spaces" in at.text_input(key="ledger_names").label


# 6. one Almighty per set (Yokai Watch): said beside a hand that does not win with two, and on the Rules page
@pytest.mark.parametrize("lang, why, said", [("ja", "オールマイティは1つのセットに1枚までです",
                                              "オールマイティは1つのセットに1枚までです"),
                                             ("en", "at most 1 Almighty in one set", "At most one Almighty in a set")])
def test_the_one_almighty_per_set_rule_is_said(home, page, lang, why, said):
    at = page("score_manual", "yokai-watch", lang=lang)
    type_hand(at, " ".join(["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-20", "almighty", "almighty"]))
    assert not at.success
    assert why in texts(at), texts(at)  # the scorer's reason says it (scorer.engine._no_win)
    at = page("rules", "yokai-watch", lang=lang)
    rules = [m.value for m in at.markdown if m.value.startswith("#### " + ("卓のルール" if lang == "ja" else "Table rules"))]
    assert rules and said in rules[0], rules


def test_no_almighty_note_where_the_game_has_no_limit_or_the_hand_one(home, page):
    at = type_hand(page("score_manual", "yokai-watch"), " ".join(["yokai-01"] * 3 + ["yokai-02"] * 3 +
                                                                 ["yokai-20", "yokai-21", "almighty"]))
    assert not at.success and "Almighty in one" not in texts(at)
    at = page("rules", "cinderella-neo")  # its Almighty fills any group
    assert "Almighty in a" not in texts(at)
