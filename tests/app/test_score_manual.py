"""The "Enter a hand" page: palette in, scored result, waits, corrections, ledger button."""
import re

import pytest
from app_helpers import add_to_ledger, texts, tsumo, typed_ron_without_riichi

from tilelens.ledger import Ledger, note_said

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]


def add(at, tiles, prefix="manual"):
    for tile in tiles:
        at.button(key=f"{prefix}_add_{tile}").click().run()
    return at


def test_palette_hand_scores_with_payments(home, page):
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    assert not at.exception
    assert "120" in at.success[0].value
    # Tsumo in a 4-player game: 120 split and rounded up to the 10 chip, 40 from each of three.
    assert texts(at).count("pays 40 points") == 3
    assert "almighty as" in texts(at).lower()


def test_without_riichi_the_win_is_refused_with_its_value(home, page):
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.checkbox(key="manual_riichi").uncheck().run()
    assert not at.success
    assert "riichi" in at.warning[0].value and "Would be worth 120" in texts(at)


def test_one_tile_short_shows_waits_with_values(home, page):
    at = add(page("score_manual", "nogizaka"), ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2)
    body = texts(at)
    assert "Waits" in body and "Kotoko" in body and "60 points" in body


def test_correcting_a_tile_rescores_at_once(home, page):
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.button(key="manual_tile_8").click().run()  # the Almighty: open its picker
    at.button(key="manual_pick_yokai-09").click().run()
    assert not at.exception
    assert at.session_state["manual_tiles"][8] == "yokai-09"
    assert not at.success and "Not a win" in at.warning[0].value


def test_removing_a_tile_turns_the_result_into_waits(home, page):
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.button(key="manual_tile_0").click().run()
    at.button(key="manual_remove").click().run()
    assert len(at.session_state["manual_tiles"]) == 8
    assert "Waits" in texts(at)


def test_tokyo_mahjong_hand_scores_han_and_fu(home, page):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]
    at = add(page("score_manual", "tokyo-mahjong"), tiles)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()
    assert not at.exception
    assert "Yakuhai: white dragon" in texts(at)
    assert "1,300" in at.success[0].value
    # the split it was scored as, one row of tile pictures per group
    captions = [c.value for c in at.caption]
    assert captions.count("sequence") == 3 and captions.count("triplet") == 1 and captions.count("pair") == 1


def test_melds_are_named_as_players_say_them(home, page):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z"]  # and the pon below
    for lang, pon, fu in (("en", "triplet pon", "open triplet of terminals/honours 4"), ("ja", "刻子 ポン", "幺九牌の明刻 4")):
        at = add(page("score_manual", "tokyo-mahjong", lang=lang), tiles)
        at.checkbox(key="manual_riichi").uncheck()  # an open hand
        at.text_input(key="manual_melds").set_value("pon 555z").run()
        assert not at.exception
        assert pon in [c.value for c in at.caption]
        assert any(fu in c.value for c in at.caption)  # the fu breakdown, in the same language


def test_bad_meld_text_is_one_clear_message(home, page):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z"]
    at = add(page("score_manual", "tokyo-mahjong"), tiles)
    at.text_input(key="manual_melds").set_value("pon 123z").run()
    assert not at.exception
    # as typed, not in the scorer's notation 'pon:123z' (session 52)
    assert [e.value for e in at.error] == ["Not counted as a meld: 'pon 123z': a pon is three identical tiles"]
    assert "A hand has 14 tiles (11 now)" in texts(at)  # not scored as a hand short of its meld's three tiles


@pytest.mark.parametrize("melds, said", [
    ("pon 123z", "「pon 123z」: ポンは同じ牌 3枚です"),
    ("pong 555z", "「pong 555z」: 「pong」という鳴きはありません"),
    ("pon 555", "「pon 555」: 「555」は牌の書き方"),
    ("chi 135m", "チーは同じ種類の連続した3つの数です"),
    ("pon 2222z", "ポンは 3枚です (4枚あります)"),
])
def test_a_bad_meld_is_said_in_japanese_on_a_japanese_screen(home, page, melds, said):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z"]
    at = add(page("score_manual", "tokyo-mahjong", lang="ja"), tiles)
    at.text_input(key="manual_melds").set_value(melds).run()
    (error,) = at.error
    assert said in error.value and not re.search(r"\b(a pon|unknown kind|is not|consecutive)\b", error.value)


def test_a_typed_hand_that_is_no_tile_notation_is_said_in_japanese(home, page):
    at = page("score_manual", "tokyo-mahjong", lang="ja")
    at.text_input(key="manual_typed").set_value("123m456p789s1z2z3z4z5")
    at.button(key="FormSubmitter:manual_typed_form-この手牌にする").click().run()
    assert any("数字の後には m・p・s・z のどれかを書いてください" in e.value for e in at.error), [e.value for e in at.error]
    assert not any("suit letter" in e.value for e in at.error)


def test_japanese_is_the_default_language(home, page):
    at = page("score_manual", "yokai-watch", lang="ja")
    assert at.title[0].value == "手入力で採点"
    at = page("score_manual", "yokai-watch", lang="en")
    assert at.title[0].value == "Enter a hand"


def test_add_to_ledger_appends_the_hand(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.pills(key="manual_wintile").set_value("yokai-03")  # won on a discarded yokai (not on the Almighty)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_discarder").set_value(0).run()
    add_to_ledger(at, "manual")
    assert "Added to the ledger" in texts(at)
    assert at.button(key="manual_add_ledger").disabled  # the same hand is not added twice
    (hand,) = ledger.hands(match)
    assert hand.winner == 2 and dict(hand.payments) == {0: 100} and hand.riichi == (2,)
    # the yaku by both names (``yaku_note``), said in the reader's language (it was written in Japanese)
    assert (note_said(hand.note, "en"), note_said(hand.note, "ja")) == ("Basic set", "基本セット")
    # The winner also paid its own riichi chip (10) and took it back from the pot.
    assert ledger.state(match).totals == (900, 1000, 1100, 1000)


def test_tokyo_double_ron_adds_a_second_winner_on_the_same_discard(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(match, 1, "ron", {3: 2000})  # S rons N's discard; the deal would move to S
    at = page("score_manual", "tokyo-mahjong")
    typed_ron_without_riichi(at)
    at.checkbox(key="manual_same_discard").check().run()
    # W also rons N's discard: the discarder is fixed to N, and W's wind is that of the discard's deal
    assert at.selectbox(key="manual_discarder_same").value == 3 and at.selectbox(key="manual_discarder_same").disabled
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_seat").set_value("west").run()
    assert not at.button(key="manual_add_ledger").disabled
    add_to_ledger(at, "manual")
    first, second = ledger.hands(match)
    assert second.winner == 2 and second.win_kind == "ron-same-discard" and list(second.payments) == [3]
    state = ledger.state(match)
    assert state.dealer == 1 and state.totals[3] == 25000 - 2000 - second.payments[3]


def test_the_same_discard_tick_is_not_carried_to_the_next_hand(home, page):
    """"Another winner on the same discard" stayed ticked after the second winner's hand was added: the next
    deal's ron typed over it was offered already ticked, and a tap recorded it as a third winner on that old
    discard, paid by its discarder."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(match, 1, "ron", {3: 2000})  # S rons N's discard
    at = page("score_manual", "tokyo-mahjong")
    typed_ron_without_riichi(at)
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_seat").set_value("west").run()
    add_to_ledger(at, "manual")
    assert [h.win_kind for h in ledger.hands(match)] == ["ron", "ron-same-discard"]
    at.text_input(key="manual_typed").set_value("123m456p789s22z777z")  # the next deal: W rons E's discard
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert not at.exception, [e.value for e in at.exception]
    # not offered: a discard with two winners takes no third at a riichi table (nor is the tick carried over)
    assert "manual_same_discard" not in [c.key for c in at.checkbox]
    at.selectbox(key="manual_seat").set_value("south").run()  # S deals now
    at.selectbox(key="manual_winner").set_value(2).run()  # nobody is chosen until the player does (session 54)
    at.selectbox(key="manual_discarder").set_value(0).run()
    add_to_ledger(at, "manual")
    assert not at.exception and [h.win_kind for h in ledger.hands(match)] == ["ron", "ron-same-discard", "ron"]
    assert list(ledger.hands(match)[-1].payments) == [0]


def test_double_ron_after_the_dealer_won_asks_for_honba_zero(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(match, 0, "ron", {3: 2900})  # the dealer rons N's discard: the deal stays, honba 1
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.number_input(key="manual_honba").value == 1  # the ledger's honba after the dealer's win
    assert not [i for i in at.info if "honba 0" in i.value]
    at.checkbox(key="manual_same_discard").check().run()
    assert at.number_input(key="manual_honba").value == 0  # another winner on the discard: priced with no honba
    at.number_input(key="manual_honba").set_value(0).run()
    assert not [i for i in at.info if "honba 0" in i.value]


def test_double_ron_is_not_offered_where_one_player_takes_the_discard(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 1, "ron", {3: 100})
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not [c for c in at.checkbox if c.key == "manual_same_discard"]


def test_typed_hand_mpsz_and_names(home, page):
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert at.session_state["manual_tiles"] == ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s",
                                                "2z", "2z", "5z", "5z", "5z"]
    at = page("score_manual", "nogizaka")
    at.text_input(key="manual_typed").set_value("らりん らりん rarin みおな miona miona 琴子 kotoko kotok")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    # the nearest by the name the screen shows (session 52: names shown can be typed)
    assert "unknown tile 'kotok'" in at.error[0].value and "Kotoko" in at.error[0].value
    assert at.session_state["manual_tiles"] == []


def test_tokyo_melds_and_dora_indicators_change_the_score(home, page):
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert "A hand has 14 tiles (11 now)" in texts(at)
    at.checkbox(key="manual_riichi").uncheck()
    at.text_input(key="manual_melds").set_value("pon 555z").run()
    assert "Yakuhai: white dragon" in texts(at)
    plain = at.success[0].value
    at.button(key="manual_dora_add_4z").click().run()  # indicator north: the dora is east... not in hand
    assert at.success[0].value == plain
    at.button(key="manual_dora_remove_0").click().run()
    at.button(key="manual_dora_add_7z").click().run()  # red -> white: 3 dora
    assert at.success[0].value != plain and "4 han" in texts(at)


def test_tokyo_ledger_button_needs_the_winners_seat_wind(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    tsumo(at)
    assert not at.checkbox(key="manual_riichi").value  # a new riichi-mahjong hand: no riichi (priced so below)
    at.selectbox(key="manual_winner").set_value(2).run()
    assert at.selectbox(key="manual_seat").value == "west"  # the seat follows the ledger's seating
    at.selectbox(key="manual_seat").set_value("south").run()  # W sits west; the options say south
    assert "sits West" in texts(at) and at.button(key="manual_add_ledger").disabled
    at.selectbox(key="manual_seat").set_value("west").run()
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(match)
    # Closed tsumo with white dragons, 2 han 30 fu by a non-dealer: the dealer (E) pays 1,000, the others 500.
    assert dict(hand.payments) == {0: 1000, 1: 500, 3: 500}
    assert ledger.state(match).totals == (24000, 24500, 27000, 24500)


def test_language_toggle_switches_every_label(home):
    from app_helpers import MAIN
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    assert at.title[0].value == "写真で採点"
    at.segmented_control(key="lang").set_value("en").run()
    assert at.title[0].value == "Score a photo" and at.selectbox(key="game_id").label == "Game"


def test_cinderella_favourite_idol_doubles_the_payout(home, page):
    from scorer import load_game

    game = load_game("cinderella-neo")
    hand = [k.id for k in game.tiles if k.attrs.get("type") == "cute" and k.attrs.get("status") == "Vo"][:9]
    at = page("score_manual", "cinderella-neo")
    at.text_input(key="manual_typed").set_value(" ".join(hand))
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    plain = at.success[0].value
    assert "42" in plain
    at.selectbox(key="manual_fav").set_value(hand[4]).run()
    assert "84" in at.success[0].value
    at.selectbox(key="manual_fav").set_value(next(k.id for k in game.tiles if k.id not in hand and not k.almighty)).run()
    assert at.success[0].value == plain


def test_tokyo_hand_one_short_lists_its_waits_with_values(home, page):
    from scorer import riichi

    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z55z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    body = texts(at)
    # The page's defaults but riichi declared: seat south, round east, no honba.
    waits = riichi.waits(None, "234m456p678s22z55z", riichi=True, seat="south", round_wind="east")
    assert [w.tile for w in waits] == ["2z", "5z"]
    assert "Waits" in body and "South wind" in body and "White dragon" in body
    white = next(w for w in waits if w.tile == "5z")
    assert f"Ron (discard) {white.ron.value:,} / Tsumo (self-draw) {white.tsumo.value:,}" in body


def test_a_refused_win_says_why_in_japanese_on_japanese_screens(home, page):
    at = add(page("score_manual", "yokai-watch", lang="ja"), YOKAI_WIN)
    at.checkbox(key="manual_riichi").uncheck().run()
    assert "先にリーチが必要" in at.warning[0].value and "riichi" not in at.warning[0].value


def test_pickers_left_empty_ask_in_the_screens_language(home, page):
    at = page("score_manual", "tokyo-mahjong", lang="ja")
    add(at, ["1m"])
    assert "自分の捨て牌 (フリテンの確認): なし" in texts(at)  # the discards picker, none chosen yet


def test_waits_say_what_to_know_in_japanese_on_japanese_screens(home, page):
    at = add(page("score_manual", "yokai-watch", lang="ja"), YOKAI_WIN[:8])
    assert "ツモのみ: 捨てられたオールマイティではロンできません" in texts(at) and "tsumo only" not in texts(at)


def test_a_honba_bonus_is_said_in_the_screens_language(home, page):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]
    at = tsumo(add(page("score_manual", "tokyo-mahjong", lang="ja"), tiles))
    at.number_input(key="manual_honba").set_value(1).run()
    assert "1本場分 100点を含む" in texts(at) and "honba" not in texts(at)


def test_melds_are_added_by_tapping_a_tile_and_taken_out_again(home, page):
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    assert at.checkbox(key="manual_riichi").value
    at.button(key="manual_meld_5z").click().run()  # pon, the kind chosen first
    assert at.text_input(key="manual_melds").value == "pon 555z"
    assert not at.checkbox(key="manual_riichi").value  # an open hand cannot declare riichi
    assert "Yakuhai: white dragon" in texts(at) and at.success
    assert at.button(key="manual_meld_remove_0").label == "Remove"
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    assert "manual_meld_8m" not in [b.key for b in at.button]  # a chi starts at 1-7 of a suit
    at.button(key="manual_meld_2s").click().run()
    assert at.text_input(key="manual_melds").value == "pon 555z, chi 234s"
    assert "Beside the melds, the concealed hand has 8 tiles (11 now)." in texts(at)
    at.button(key="manual_meld_remove_0").click().run()  # the pon goes, the chi stays
    assert at.text_input(key="manual_melds").value == "chi 234s"
    at.segmented_control(key="manual_meld_kind").set_value("ankan").run()
    at.text_input(key="manual_melds").set_value("").run()
    at.checkbox(key="manual_riichi").check().run()
    at.button(key="manual_meld_9m").click().run()
    assert at.text_input(key="manual_melds").value == "ankan 9999m"
    assert at.checkbox(key="manual_riichi").value  # a closed kan keeps the hand closed


def test_a_hand_typed_over_the_one_just_added_is_scored_at_the_tables_new_honba(home, page):
    """The honba box took the ledger's figure only when first drawn: a second dealer tsumo typed over the
    first was scored at honba 0 and each payer paid 100 too little."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    for typed in ("123m456p789s11z222z", "234m456p789s11z333z"):
        at.text_input(key="manual_typed").set_value(typed)
        at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
        tsumo(at)  # each a new hand: the table's ron until chosen
        at.checkbox(key="manual_riichi").uncheck().run()
        at.checkbox(key="manual_dealer").check().run()
        add_to_ledger(at, "manual")
    assert not at.exception
    first, second = ledger.hands(match)
    # the hand just added is shown at the honba it was added with (1) until something changes (session 49)
    assert ledger.state(match).honba == 2 and at.number_input(key="manual_honba").value == 1
    at.checkbox(key="manual_riichi").check().run()
    assert at.number_input(key="manual_honba").value == 2
    assert set(second.payments.values()) == {v + 100 for v in first.payments.values()}  # honba 1: 100 more each


def test_the_groups_and_filters_are_named_in_the_screens_language(home, page):
    """An English screen read "set 妖怪01" under a Yokai Watch group; a Japanese one "cool" on the filter."""
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    captions = " ".join(c.value for c in at.caption)
    assert "set Yokai 01" in captions and "妖怪01" not in captions
    ja = page("score_manual", "cinderella-neo", lang="ja")
    assert ja.get("button_group")[0].options == ["キュート", "クール", "パッション"]  # the tiles' order


def test_a_riichi_hand_typed_on_a_japanese_keyboard_is_read(home, page):
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("２３４ｍ４５６ｐ６７８ｓ、２２ｚ５５５ｚ")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert not at.error and not at.exception
    assert at.session_state["manual_tiles"] == ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z",
                                                 "5z", "5z", "5z"]


def test_another_games_honba_is_not_carried_over(home, page):
    """Adding a Yokai Watch hand to its ledger set the page's honba to that table's (0); the riichi page
    opened next kept it instead of its own table's."""
    ledger = Ledger(home / "ledger.sqlite")
    tokyo = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(tokyo, tenpai=(0,))  # honba 1 at the riichi table
    yokai = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(yokai)) == 1
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.text_input(key="manual_typed").set_value("123m456p789s11z222z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert at.number_input(key="manual_honba").value == 1


def test_the_winning_tile_is_the_last_tile_tapped_unless_one_is_chosen_for_this_hand(home, page):
    # a keyed box kept the first tile tapped while it stayed in the hand: this hand was scored as won on
    # 1m (toitoi, sanankou: 8,000) instead of the tanki on 5z (suu ankou: 64,000)
    from scorer import score

    tiles = ["1m"] * 3 + ["2p"] * 3 + ["3s"] * 3 + ["4s"] * 3 + ["5z", "5z"]
    at = add(page("score_manual", "tokyo-mahjong"), tiles)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()
    assert at.pills(key="manual_wintile").value == "5z"
    assert f"{score('tokyo-mahjong', tiles, win='ron', win_tile='5z', riichi=False).points:,}" in at.success[0].value
    at.pills(key="manual_wintile").set_value("2p").run()  # chosen for this hand: kept
    assert at.pills(key="manual_wintile").value == "2p"
    want = score("tokyo-mahjong", tiles, win="ron", win_tile="2p", riichi=False).points
    assert f"{want:,}" in at.success[0].value
    at.button(key="manual_tile_13").click().run()
    at.button(key="manual_pick_6z").click().run()  # another hand now: its last tile again
    assert at.pills(key="manual_wintile").value == "6z"


def test_a_donjara_ron_on_an_almighty_is_refused_as_the_rules_say(home, page):
    # the page sent no winning tile, so a ron on a discarded Almighty was scored as a win
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    at.pills(key="manual_wintile").set_value("almighty").run()  # the default is the last yokai (session 54)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert not at.success and "no ron on a discarded Almighty" in texts(at)
    at.pills(key="manual_wintile").set_value("yokai-03").run()
    assert at.success and "100 points" in at.success[0].value  # a ron on a yokai: the basic set's 100
    at = add(page("score_manual", "nogizaka"), ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3)
    assert at.success and "manual_wintile" not in [s.key for s in at.pills]  # no Almighty: no box


def test_an_almighty_standing_for_a_type_and_status_is_named_by_them(home, page):
    from scorer import load_game

    cg = load_game("cinderella-neo")

    def ids(kind, status):
        return [k.id for k in cg.tiles if k.attrs.get("type") == kind and k.attrs.get("status") == status]

    tiles = [*ids("cute", "Vo")[:2], "almighty-cute", *ids("cute", "Da")[:3], *ids("cute", "Vi")[:3]]
    # the Almighty named too (a hand may hold two: which stands for what)
    for lang, said in (("en", "Almighty (Cute) as Cute Vo"), ("ja", "オールマイティ(キュート) → キュート Vo")):
        body = texts(add(page("score_manual", "cinderella-neo", lang=lang), tiles))
        assert said in body and "{" not in body, lang


def test_melds_typed_full_width_or_named_in_japanese_are_read(home, page):
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z"]
    for text in ("ポン ５５５ｚ", "ＰＯＮ 555Z", "pon:555z"):
        at = add(page("score_manual", "tokyo-mahjong", lang="ja"), tiles)
        at.checkbox(key="manual_riichi").uncheck()
        at.text_input(key="manual_melds").set_value(text).run()
        assert not at.error and at.success and "刻子 ポン" in [c.value for c in at.caption], text


def test_the_seat_winds_offered_are_the_seats_at_the_table(home, page):
    at = page("score_manual", "tokyo-mahjong")
    at = add(at, ["1m"])
    assert at.selectbox(key="manual_seat").options == ["South", "West", "North"]
    at.segmented_control(key="manual_players").set_value(3).run()
    assert at.selectbox(key="manual_seat").options == ["South", "West"]
    at.segmented_control(key="manual_players").set_value(2).run()
    assert at.selectbox(key="manual_seat").options == ["South"]


def test_five_melds_are_said_to_be_one_too_many(home, page):
    at = add(page("score_manual", "tokyo-mahjong"), ["2z", "2z"])
    at.checkbox(key="manual_riichi").uncheck()
    at.text_input(key="manual_melds").set_value("pon 111m, pon 222m, pon 333m, pon 444m, pon 555m").run()
    assert [e.value for e in at.error] == ["A hand has at most four melds (5 now)"]
    assert "-1" not in texts(at)


def test_a_hand_with_too_many_copies_is_refused_in_japanese_on_a_japanese_screen(home, page):
    # typed: the palette takes no copy the set does not have
    at = page("score_manual", "tokyo-mahjong", lang="ja")
    at.text_input(key="manual_typed").set_value("5555s1112223334m")
    at.button(key="FormSubmitter:manual_typed_form-この手牌にする").click().run()
    assert [e.value for e in at.error] == ["採点できません: 普通の 五索が 4枚あります。セットには3枚です (4枚目は赤五索)"]
    at = page("score_manual", "yokai-watch", lang="ja")
    at.text_input(key="manual_typed").set_value(" ".join(["yokai-13"] * 4 + ["yokai-01"] * 5))
    at.button(key="FormSubmitter:manual_typed_form-この手牌にする").click().run()
    assert at.error and "妖怪13が 4枚あります。「妖怪ウォッチ ドンジャラ」のセットには 3枚しかありません" in at.error[0].value


def test_the_share_of_a_remainder_is_said_in_japanese_on_a_japanese_screen(home, page):
    from scorer import load_game

    cg = load_game("cinderella-neo")

    def ids(kind, status):
        return [k.id for k in cg.tiles if k.attrs.get("type") == kind and k.attrs.get("status") == status]

    at = add(page("score_manual", "cinderella-neo", lang="ja"), [*ids("cute", "Vo")[:3], *ids("cute", "Da")[:3],
                                                                  *ids("cool", "Vi")[:3]])
    at.segmented_control(key="manual_players").set_value(3).run()
    body = texts(at)
    assert "じゃんけん" in body and "rock-paper-scissors" not in body


def test_ippatsu_ura_dora_and_the_last_tile_are_scored_when_ticked(home, page):
    # a riichi win's ura dora and ippatsu could not be entered on the page (only with the command)
    from scorer import score

    tiles = "2m 3m 4m 4p 5p 6p 6s 7s 8s 3s 4s 5s 2p 2p".split()
    at = tsumo(add(page("score_manual", "tokyo-mahjong"), tiles))
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    plain = score("tokyo-mahjong", tiles, win="tsumo", riichi=True, win_tile="2p")
    assert f"{plain.points:,}" in at.success[0].value
    at.button(key="manual_ura_add_1p").click().run()  # 2p is ura dora: two more han
    at.checkbox(key="manual_ippatsu").check().run()
    at.checkbox(key="manual_last_tile").check().run()
    want = score("tokyo-mahjong", tiles, win="tsumo", riichi=True, win_tile="2p", ura_dora_indicators=["1p"],
                 ippatsu=True, haitei=True)
    assert want.points > plain.points and f"{want.points:,}" in at.success[0].value
    body = texts(at)
    assert "Ippatsu" in body and "Haitei" in body
    at.checkbox(key="manual_riichi").uncheck().run()  # no riichi: no ippatsu, no ura dora (not refused)
    assert not at.error and "Ippatsu" not in texts(at)


def test_waits_are_worth_what_the_win_will_be_under_the_options_chosen(home, page):
    # the list said the basic set's 100 (and a favourite's win undoubled) while the win paid 120 (or 24)
    short = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2
    at = add(page("score_manual", "yokai-watch"), short)
    listed = [m.value for m in at.markdown if m.value.startswith("**") and "—" in m.value]
    assert listed and all(" 120 " in v for v in listed if "Almighty" not in v), listed
    at = add(at, ["yokai-03"])
    assert "120" in at.success[0].value


def _cinderella_win():
    from scorer import load_game

    cg = load_game("cinderella-neo")

    def ids(kind, status):
        return [k.id for k in cg.tiles if k.attrs.get("type") == kind and k.attrs.get("status") == status]
    return [*ids("cute", "Vo")[:3], *ids("cute", "Da")[:3], *ids("cool", "Vi")[:3]]


CG_WIN = _cinderella_win()  # three units of a type and status each: a win whose tsumo leaves a remainder at three


def test_a_win_is_added_to_the_match_the_ledger_page_shows(home, page):
    """Wins went to the newest match of the game whatever match the ledger page showed (draws to the one
    shown), and leaving the page forgot the choice."""
    ledger = Ledger(home / "ledger.sqlite")
    older = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    newer = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = page("ledger", "yokai-watch")
    at.selectbox(key="ledger_match_yokai-watch").set_value(ledger.match(older)).run()
    at.switch_page("views/score_manual.py").run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at = add(at, YOKAI_WIN)
    at.pills(key="manual_wintile").set_value("yokai-03")
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert f"Adds to match #{older} · Ann, Bo, Cy, Di" in texts(at)
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_discarder").set_value(0).run()
    add_to_ledger(at, "manual")
    assert len(ledger.hands(older)) == 1 and ledger.hands(newer) == []
    at.switch_page("views/ledger.py").run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert at.selectbox(key="ledger_match_yokai-watch").value.id == older


def test_an_ended_match_offers_no_button_and_says_why_in_the_screens_language(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", ["Ann", "Bo"])
    ledger.add_win(match, 0, "ron", {1: 60})
    ledger.add_win(match, 0, "ron", {1: 48})  # Bo has nothing left
    at = add(page("score_manual", "cinderella-neo", lang="ja"), CG_WIN)
    assert not [b for b in at.button if b.key == "manual_add_ledger"]
    assert any("対局終了" in w.value for w in at.warning)


def test_the_remainder_goes_to_the_player_who_lost_rock_paper_scissors(home, page):
    """The ledger charged the remainder to the first other seat, whoever lost."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy"])
    at = add(page("score_manual", "cinderella-neo"), CG_WIN)
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(0).run()
    box = at.multiselect(key="manual_remainder_0")
    assert box.options == ["Bo", "Cy"] and box.max_selections == 1
    box.select(2).run()
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(match)
    assert hand.payments[2] > hand.payments[1], hand.payments  # Cy pays the larger share


def test_the_riichi_and_the_remainders_payer_of_a_hand_added_are_not_carried_to_the_next(home, page):
    """The riichi players and the loser of rock-paper-scissors chosen for one hand stayed chosen for the next
    hand of the same winner: a tap charged S a riichi chip again, and Cy the remainder again."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    at.checkbox(key="manual_dealer").check().run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    at.multiselect(key="manual_riichi_seats_0").set_value([0, 1]).run()  # E wins; S had declared riichi too
    add_to_ledger(at, "manual")
    assert [h.riichi for h in ledger.hands(match)] == [(0, 1)]
    at.text_input(key="manual_typed").set_value("123m456p789s22z777z")  # the next hand: E wins again
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.checkbox(key="manual_riichi").check().run()  # riichi is the hand's own: ticked again for this one
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.exception and at.multiselect(key="manual_riichi_seats_0").value == [0]  # the winner's riichi
    add_to_ledger(at, "manual")
    assert [h.riichi for h in ledger.hands(match)] == [(0, 1), (0,)]
    cinderella = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy"])
    at = add(page("score_manual", "cinderella-neo"), CG_WIN)
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    at.multiselect(key="manual_remainder_0").select(2).run()
    add_to_ledger(at, "manual")
    assert len(ledger.hands(cinderella)) == 1
    assert not at.exception and at.multiselect(key="manual_remainder_0").value == []  # the next hand's to choose


def test_another_winner_on_a_discard_that_ended_the_round_is_scored_in_that_round(home, page):
    """East 4: the first winner's ron moved the table to South 1, and the second winner on the same discard
    was scored (and added) with round wind South."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    for winner in (1, 2, 3):
        ledger.add_win(match, winner, "ron", {0: 1000})  # the deal passes to seat 3: East 4
    ledger.add_win(match, 1, "ron", {3: 1000})  # seat 1 rons the dealer's discard: South 1
    at = page("score_manual", "tokyo-mahjong")
    typed_ron_without_riichi(at)
    assert at.selectbox(key="manual_round").value == "south"  # the table now
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(0).run()  # seat 0 sat south in the East 4 deal
    at.selectbox(key="manual_seat").set_value("south").run()
    # the discard's round is offered (it was the table's, South, with a warning and Add disabled)
    assert at.selectbox(key="manual_round").value == "east" and not at.button(key="manual_add_ledger").disabled
    assert not any("East round" in w.value for w in at.warning)


def test_an_indicator_turned_over_twice_counts_twice(home, page):
    """A kan's indicator can be the same tile as the first one; the box took each tile once, so the hand
    was scored one dora (or more) short."""
    from scorer import score

    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    tsumo(at)
    at.checkbox(key="manual_riichi").uncheck()
    at.text_input(key="manual_melds").set_value("kan 5555z").run()
    at.button(key="manual_dora_add_1m").click().run()  # 2m is dora
    once = at.success[0].value
    box = at.button(key="manual_dora_add_1m")
    assert not box.disabled  # offered again once 1m is chosen
    box.click().run()
    assert at.success[0].value != once
    want = score("tokyo-mahjong", "234m456p678s22z", win_tile="2z", melds=["kan:5555z"], win="tsumo",
                 dora_indicators=["1m", "1m"], seat="south")
    assert want.extra["han"] == 3 and f"{want.points:,}" in at.success[0].value


def test_a_hand_priced_for_an_older_table_is_not_added(home, page):
    """Phone B scored S's tsumo while E dealt; phone A then recorded a draw (E noten: the deal went to S,
    honba 1), and B's tap still added the hand as it had been priced: S, the dealer by then, was paid as a
    non-dealer at honba 0."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    tsumo(at)
    at.checkbox(key="manual_riichi").uncheck().run()
    at.selectbox(key="manual_winner").set_value(1).run()  # S sits south, as the options say
    assert not at.button(key="manual_add_ledger").disabled
    ledger.add_draw(match)  # phone A
    add_to_ledger(at, "manual")
    assert not at.exception and [h.kind.value for h in ledger.hands(match)] == ["draw"]
    assert "has changed since this screen showed it" in at.error[0].value and "Added" not in texts(at)
    assert at.number_input(key="manual_honba").value == 1  # the options take the table as it is now


def test_a_double_tap_on_add_adds_the_hand_once(home):
    """Both taps of a double tap came from the button as drawn before the first (the page had not come back
    yet): the hand was added twice. Here the button's callback is called twice with what it was drawn with."""
    from streamlit.testing.v1 import AppTest

    def two_taps(match_id):
        import streamlit as st

        from app.components.scoring import _add_to_ledger

        entry = (match_id, 1, "ron", {0: 100}, [], "Basic set", False, 0, None, None)  # drawn with no hand in the match
        for _ in range(2):
            _add_to_ledger("manual", entry, (match_id, ("yokai-01",), 1, 100, 1))
        st.write(st.session_state.get("manual_ledger_error") or "no error")

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo"])
    at = AppTest.from_function(two_taps, args=(match,)).run()
    assert not at.exception and len(ledger.hands(match)) == 1
    assert at.markdown[0].value == "no error"  # the second tap says nothing: the page says "Added"


def _damage_last_hand(ledger, match):
    """The match's last hand stored wrong (a seat not at the table): the match lists, its table cannot be read."""
    import sqlite3

    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET winner = 7 WHERE match_id = ?", (match,))


def test_a_match_whose_hands_cannot_be_read_is_one_message_and_the_hand_is_still_scored(home, page):
    """The options' defaults read the open match's table: a hand stored wrong was a traceback on both score
    pages, where nothing could be scored any more."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 1, "ron", {3: 100})
    _damage_last_hand(ledger, match)
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    assert not at.exception
    assert [e.value for e in at.error] == [f"match #{match} in {ledger.path} cannot be read: "
                                           "seat 8 is not at this table (seats 1-4); it was left out"]
    assert "120" in at.success[0].value  # scored all the same
    assert not [b for b in at.button if b.key == "manual_add_ledger"]
    at = add(page("score_manual", "yokai-watch", lang="ja"), YOKAI_WIN)
    assert not at.exception and [e.value for e in at.error] == [
        f"{ledger.path} の対局 #{match} を読めません: 席 8 はこの卓にありません (席は 1〜4)。この対局は除きました"]


def test_a_busy_ledger_file_is_said_once_on_the_score_page(home, page, monkeypatch):
    """Another program holding the file (a database browser writing to it): each read of the ledger said
    it, the options' and the ledger button's, or one of them was a traceback."""
    import sqlite3

    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    monkeypatch.setattr(Ledger, "timeout_s", 0.05)
    at = page("score_manual", "yokai-watch")
    hold = sqlite3.connect(ledger.path)
    hold.execute("BEGIN EXCLUSIVE")  # not even a reader gets in
    try:
        at = add(at, YOKAI_WIN)
        assert not at.exception and len(at.error) == 1 and "is busy" in at.error[0].value
        assert "120" in at.success[0].value
    finally:
        hold.rollback()
        hold.close()
    at.run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.exception and not at.error and not at.button(key="manual_add_ledger").disabled


def _reloaded(page_name, game, address):
    """The app opened afresh (a reload: a new session) on a page whose address carries ``address``."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params.update(address)
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page(f"views/{page_name}.py").run()
    at.selectbox(key="game_id").set_value(game).run()
    return at


def test_after_a_reload_the_score_page_adds_to_the_match_in_its_address(home, page):
    """A reload starts a new session: the score pages added to the newest match until the ledger page was
    opened again, though the address named the match being played."""
    ledger = Ledger(home / "ledger.sqlite")
    older = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    newer = ledger.new_match("yokai-watch", ["Wu", "Xi", "Yo", "Zed"])
    tokyo = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = add(_reloaded("score_manual", "yokai-watch", {"match": str(older)}), YOKAI_WIN)
    assert not at.exception and f"Adds to match #{older} · Ann, Bo, Cy, Di" in texts(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(older)) == 1 and ledger.hands(newer) == []
    at.switch_page("views/ledger.py").run()  # the address loses ?match= on the way: the session keeps it
    at.query_params.clear()
    at.run()
    assert at.selectbox(key="ledger_match_yokai-watch").value.id == older
    for address in ({"match": str(tokyo)}, {"match": "999"}, {"match": "x"}):  # another game's, none, no number
        at = add(_reloaded("score_manual", "yokai-watch", address), YOKAI_WIN)
        assert not at.exception and f"Adds to match #{newer} · Wu" in texts(at), address


def test_the_score_page_keeps_its_match_in_its_address(home, page):
    """The address of a score page named no match: a reload of that page forgot the one chosen."""
    ledger = Ledger(home / "ledger.sqlite")
    older = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.new_match("yokai-watch", ["Wu", "Xi", "Yo", "Zed"])
    at = page("ledger", "yokai-watch")
    at.selectbox(key="ledger_match_yokai-watch").set_value(ledger.match(older)).run()
    at.switch_page("views/score_manual.py").run()
    at.query_params.clear()  # as a browser's address is on another page
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at = add(at, YOKAI_WIN)
    assert at.query_params["match"] == str(older)
    at = add(_reloaded("score_manual", "yokai-watch", at.query_params), YOKAI_WIN)
    assert f"Adds to match #{older} · Ann" in texts(at)


def test_a_hand_priced_before_an_undo_and_a_new_hand_by_another_phone_is_refused(home, page):
    """The entry carried only the number of hands its screen showed: after another phone undid the last hand
    and recorded another (the same count, another table: here another dealer's honba), this screen's hand
    was added, priced for the table as it was."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(match, tenpai=(0,))  # the dealer tenpai: dealer again, honba 1
    at = page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("123m456p789s11z222z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    tsumo(at)
    at.checkbox(key="manual_riichi").uncheck().run()
    at.checkbox(key="manual_dealer").check().run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="manual_add_ledger").disabled
    ledger.undo(match)  # another phone: that draw undone, and one with nobody tenpai recorded instead
    ledger.add_draw(match, tenpai=())
    before = ledger.hands(match)
    add_to_ledger(at, "manual")
    assert not at.exception
    assert [h.id for h in ledger.hands(match)] == [h.id for h in before]  # nothing added
    assert at.error and "undone" in at.error[0].value


def test_a_tap_beyond_the_copies_in_the_set_is_refused_in_one_line(home, page):
    # a 5th 1m was taken silently; it was only said once the hand had 13 tiles, as a scoring error
    at = add(page("score_manual", "tokyo-mahjong"), ["1m"] * 5)
    assert at.session_state["manual_tiles"] == ["1m"] * 4
    assert [x.value for x in at.toast] == ["The set has 4 of 1 Man, all already in the hand (or its melds): not added."]
    at = add(at, ["5p"] * 4)  # the fourth five is the red one
    assert at.session_state["manual_tiles"].count("5p") == 3 and "red five 0p" in at.toast[0].value
    at.text_input(key="manual_melds").set_value("pon 777z").run()
    at = add(at, ["7z"])  # the pon holds three: one is left
    at = add(at, ["7z"])
    assert at.session_state["manual_tiles"].count("7z") == 1 and "7z" not in str(at.exception)
    assert at.toast and "not added" in at.toast[0].value
    at = add(page("score_manual", "yokai-watch", lang="ja"), ["yokai-13"] * 4)  # three of each picture
    assert at.session_state["manual_tiles"] == ["yokai-13"] * 3
    assert len(at.toast) == 1 and "3枚しかなく" in at.toast[0].value and not at.exception


def test_a_tap_beyond_the_hands_size_is_refused_and_the_hand_kept(home, page):
    at = add(page("score_manual", "yokai-watch"), [*YOKAI_WIN, "yokai-05"])
    assert at.session_state["manual_tiles"] == YOKAI_WIN and at.success  # still scored, not "9 tiles (10 now)"
    assert [x.value for x in at.toast] == ["The hand already holds its 9 tiles: not added. "
                                           "Tap a tile of the hand to change or remove it."]
    tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z"]
    at = add(page("score_manual", "tokyo-mahjong"), tiles)
    at.text_input(key="manual_melds").set_value("kan 5555z").run()  # a kan takes three of the fourteen
    at = add(at, ["9m"])
    assert at.session_state["manual_tiles"] == tiles and "11 tiles" in at.toast[0].value


def _cinderella_hand():
    from scorer import load_game

    cg = load_game("cinderella-neo")

    def ids(kind, status):
        return [k.id for k in cg.tiles if k.attrs.get("type") == kind and k.attrs.get("status") == status]

    return [*ids("cute", "Vo")[:3], *ids("cute", "Da")[:3], *ids("cool", "Vi")[:3]]


def test_cinderella_scouted_groups_are_offered_and_a_refusal_is_one_line(home, page):
    # a hand with a Scout (a claimed discard) could not be scored as such: its group is fixed
    hand = _cinderella_hand()
    at = add(page("score_manual", "cinderella-neo"), hand)
    scout = at.multiselect(key="manual_scout_0")
    assert len(scout.options) == 9  # the hand's tiles, by name
    scout.set_value(hand[:2]).run()  # a group being chosen: not counted until it has three
    assert at.success and not at.error and "at least 3 tiles (2 chosen)" in texts(at)
    at.multiselect(key="manual_scout_0").set_value(hand[:3]).run()
    assert at.success and not at.error
    assert at.multiselect(key="manual_scout_1").value == []  # the next group's box, without those three
    assert len(at.multiselect(key="manual_scout_1").options) == 6
    at.multiselect(key="manual_scout_1").set_value([hand[3], hand[4], hand[6]]).run()  # no set, no unit
    assert not at.success and len(at.error) == 1 and "not a set or a unit" in at.error[0].value
    assert not at.exception
    at.button(key="manual_tile_6").click().run()  # a scouted tile taken out of the hand leaves its group
    at.button(key="manual_remove").click().run()
    assert at.multiselect(key="manual_scout_1").value == [hand[3], hand[4]] and not at.exception


def test_only_games_with_a_scout_offer_scouted_groups(home, page):
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    assert not [m for m in at.multiselect if m.key == "manual_scout_0"]
    at = add(page("score_manual", "cinderella-neo", lang="ja"), _cinderella_hand())
    at.multiselect(key="manual_scout_0").set_value(_cinderella_hand()[:2]).run()
    assert "3枚以上" in texts(at) and "at least" not in texts(at)


def test_the_waits_of_a_hand_one_short_keep_its_scouted_group(home, page):
    hand = _cinderella_hand()
    at = add(page("score_manual", "cinderella-neo"), hand[:8])
    at.multiselect(key="manual_scout_0").set_value([hand[3], hand[4], hand[6]]).run()  # no set, no unit
    assert "Waits" not in texts(at) and len(at.error) == 1 and "not a set or a unit" in at.error[0].value
    at.multiselect(key="manual_scout_0").set_value(hand[:3]).run()
    assert "Waits" in texts(at) and not at.error


def test_a_hand_left_for_another_game_is_said_and_back_again_on_return(home, page):
    # the hand was emptied without a word when the game was changed, and gone on changing back
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN[:5])
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert at.session_state["manual_tiles"] == [] and not at.exception
    assert any("5 tiles" in i.value and "Yokai" in i.value for i in at.info), [i.value for i in at.info]
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert at.session_state["manual_tiles"] == YOKAI_WIN[:5] and not at.exception


def test_a_refused_scouted_group_names_its_tiles_in_japanese_on_a_japanese_screen(home, page):
    """The refusal named the tiles by their ids ("スカウトした kohinata-miho sakurai-momoka kamiya-nao ...")."""
    from scorer import load_game

    hand = _cinderella_hand()
    at = add(page("score_manual", "cinderella-neo", lang="ja"), hand)
    at.multiselect(key="manual_scout_0").set_value(hand[:3]).run()
    at.multiselect(key="manual_scout_1").set_value([hand[3], hand[4], hand[6]]).run()  # no set, no unit
    (error,) = at.error
    names = " ".join(load_game("cinderella-neo").tile(i).name_ja for i in (hand[3], hand[4], hand[6]))
    assert f"スカウトした {names}は" in error.value, error.value
    assert not any(i in error.value for i in hand), error.value


def test_a_reload_on_a_match_of_another_game_scores_that_game_into_that_match(home, page):
    """A reload (a new session) on ``?match=`` of another game than the default one opened the score page
    on the default game, and a win went to that game's match: only the ledger page followed the address.
    As there, the address's game is chosen unless the person has picked a game in the session."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    ledger = Ledger(home / "ledger.sqlite")
    yokai = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    cinderella = ledger.new_match("cinderella-neo", ["Wu", "Xi", "Yo", "Zed"])
    assert at_default(page) == "cinderella-neo"
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["match"] = str(yokai)
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page("views/score_manual.py").run()
    assert not at.exception and at.selectbox(key="game_id").value == "yokai-watch"
    at = add(at, YOKAI_WIN)
    assert f"Adds to match #{yokai} · Ann, Bo, Cy, Di" in texts(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(yokai)) == 1 and ledger.hands(cinderella) == []
    at.selectbox(key="game_id").set_value("cinderella-neo").run()  # the person's own choice afterwards stays
    at = add(at, _cinderella_hand())
    assert not at.exception and at.selectbox(key="game_id").value == "cinderella-neo"
    assert f"Adds to match #{cinderella} · Wu" in texts(at)


def at_default(page):
    """The game a fresh session's picker starts on."""
    return page("score_manual").selectbox(key="game_id").value


@pytest.mark.parametrize("reloaded", ["ledger", "score_photo"])
def test_the_game_a_reloaded_address_chose_is_the_game_of_the_next_page(home, reloaded):
    """A reload on ``?match=`` of another game chose that game (on the ledger page; the photo page does now
    too), but the next page opened from the sidebar was drawn for the default game: a hand entered there was
    scored in that game and added to its match. (A game the person picked was kept.)"""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN, go_to

    ledger = Ledger(home / "ledger.sqlite")
    yokai = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    cinderella = ledger.new_match("cinderella-neo", ["Wu", "Xi", "Yo", "Zed"])
    at = AppTest.from_file(str(MAIN), default_timeout=60)  # a fresh session opened on the address
    if reloaded == "score_photo":  # the app's first page
        at.query_params["match"] = str(yokai)
    at.run()
    at.session_state["lang"] = "en"
    if reloaded == "ledger":  # a test's first run opens the app's first page: then the ledger page's address
        at = go_to(at, "ledger", {"match": str(yokai)})
    assert at.selectbox(key="game_id").value == "yokai-watch"
    at = go_to(at, "score_manual")
    assert at.selectbox(key="game_id").value == "yokai-watch"
    assert "manual_add_yokai-01" in {b.key for b in at.button}  # the page drawn for that game, as its picker says
    at = add(at, YOKAI_WIN)
    assert f"Adds to match #{yokai} · Ann, Bo, Cy, Di" in texts(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(yokai)) == 1 and ledger.hands(cinderella) == []


def _riichi_boxes(at):
    return [m for m in at.multiselect if (m.key or "").startswith("manual_riichi_seats_")]


def test_the_riichi_players_box_is_offered_only_where_who_declared_riichi_tells_something(home, page):
    """Cinderella Girls needs a riichi before every win and puts no chip down for one: the ledger box still asked
    "Players who declared riichi", and recorded the answer into the match for nothing (the ledger page shows no
    Riichi column there). Decided from the rules data: a house table putting a chip down asks again; Nogizaka and
    riichi mahjong ask."""
    from app import settings

    ledger = Ledger(home / "ledger.sqlite")
    cinderella = ledger.new_match("cinderella-neo", ["Ann", "Bo", "Cy", "Di"])
    for lang in ("en", "ja"):
        at = add(page("score_manual", "cinderella-neo", lang=lang), CG_WIN)
        assert not at.exception and at.button(key="manual_add_ledger") and _riichi_boxes(at) == []
    add_to_ledger(at, "manual")
    (hand,) = ledger.hands(cinderella)
    assert not at.exception and hand.winner == 0 and hand.riichi == ()
    nogizaka = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    at = add(page("score_manual", "nogizaka"), ["almighty-god"] + ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2)
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    (box,) = _riichi_boxes(at)
    assert box.label == "Players who declared riichi" and box.value == [0]
    add_to_ledger(at, "manual")
    assert [h.riichi for h in ledger.hands(nogizaka)] == [(0,)]
    at = page("score_manual", "tokyo-mahjong")
    ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert len(_riichi_boxes(at)) == 1
    chips = settings.save_house_table("cinderella-neo", settings.game_text("cinderella-neo").replace(
        "riichi_chip = 0 ", "riichi_chip = 5 "))
    house = ledger.new_match(chips, ["Pia", "Quo"])
    at = add(page("score_manual", "cinderella-neo"), CG_WIN)
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    (box,) = _riichi_boxes(at)
    assert box.value == [0]  # the winner's riichi put a chip down
    add_to_ledger(at, "manual")
    assert [h.riichi for h in ledger.hands(house)] == [(0,)]


def test_the_picker_refuses_a_tile_the_set_has_no_copy_left_of_as_the_palette_does(home, page):
    """A tile of the hand corrected to one whose copies the hand already holds all of was taken, and only
    the score's error said so afterwards; the palette refuses such a tap and says why."""
    at = add(page("score_manual", "yokai-watch"), YOKAI_WIN)
    assert at.session_state["manual_tiles"].count("yokai-01") == 3  # every copy of the set
    before = list(at.session_state["manual_tiles"])
    changed = next(i for i, tile in enumerate(before) if tile != "yokai-01")
    at.button(key=f"manual_tile_{changed}").click().run()
    assert at.button(key="manual_pick_yokai-01").disabled  # every copy in the hand: no tap offered
    assert "in hand: tiles 1, 2, 3" in [c.value for c in at.caption]
    assert at.session_state["manual_tiles"] == before
    assert not at.error  # no score error afterwards: the hand was never changed
    at.button(key="manual_pick_yokai-05").click().run()  # the picker is still open on that tile: a tile there is
    assert at.session_state["manual_tiles"][changed] == "yokai-05"
    # the same tile as it is stays possible (the hand holds no more of it after the change than before)
    at = add(page("score_manual", "tokyo-mahjong", lang="ja"), ["1m"] * 4)
    at.button(key="manual_tile_0").click().run()
    at.button(key="manual_pick_1m").click().run()
    assert at.session_state["manual_tiles"] == ["1m"] * 4 and not at.toast
    at.button(key="manual_tile_0").click().run()
    at.button(key="manual_pick_5p").click().run()
    assert at.session_state["manual_tiles"] == ["5p", "1m", "1m", "1m"]
