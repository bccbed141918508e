"""The "Enter a hand" page for a riichi game, checked against ``scorer.score`` (what `tilelens score` prints):
what a player at the table enters and what the page must then say."""
from app_helpers import texts, tsumo, type_hand as typed

from scorer import score


def test_a_kan_of_fives_tapped_on_the_meld_buttons_holds_the_red_five(home, page):
    # the buttons wrote "kan 5555m", four plain fives, which the set has not: every kan of fives was refused
    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_meld_kind").set_value("kan").run()
    at.button(key="manual_meld_5m").click().run()
    assert at.text_input(key="manual_melds").value == "kan 0555m"
    assert not at.error, [e.value for e in at.error]
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), "234m678s22z555z"))
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    at.segmented_control(key="manual_meld_kind").set_value("ankan").run()
    at.button(key="manual_meld_5p").click().run()
    assert at.text_input(key="manual_melds").value == "ankan 0555p"
    want = score("tokyo-mahjong", "234m678s22z555z", melds=["ankan:0555p"], win="tsumo", riichi=True)
    assert not at.error and f"{want.points:,}" in at.success[0].value


def test_an_added_kan_can_be_tapped_on_the_meld_buttons(home, page):
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z"))
    at.segmented_control(key="manual_meld_kind").set_value("kakan").run()
    at.button(key="manual_meld_7z").click().run()
    assert at.text_input(key="manual_melds").value == "kakan 7777z"
    assert not at.checkbox(key="manual_riichi").value
    want = score("tokyo-mahjong", "234m456p678s22z", melds=["kakan:7777z"], win="tsumo")
    assert f"{want.points:,}" in at.success[0].value and "added kan" in texts(at)


def test_the_melds_of_a_hand_set_aside_for_another_game_come_back_with_it(home, page):
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z"))
    at.checkbox(key="manual_riichi").uncheck()
    at.text_input(key="manual_melds").set_value("pon 555z").run()
    at.button(key="manual_dora_add_1z").click().run()
    assert at.success
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert not at.exception
    assert at.text_input(key="manual_melds").value == "pon 555z"
    assert at.session_state["manual_dora"] == ["1z"]
    want = score("tokyo-mahjong", "234m456p678s22z", melds=["pon:555z"], dora_indicators=["1z"], win="tsumo")
    assert at.success and f"{want.points:,}" in at.success[0].value


def test_the_riichi_sticks_the_winner_takes_are_said_as_the_command_says_them(home, page):
    # the page said 8,000 and nothing of the riichi stick(s) on the table; `tilelens score` adds "riichi
    # sticks on the table: 1,000; the winner receives 9,000", and sticks left from a draw could not be entered
    hand = "123m406p789s11z222z"
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), hand))
    at.checkbox(key="manual_riichi").check().run()  # a new riichi-mahjong hand starts without riichi
    want = score("tokyo-mahjong", hand, win="tsumo", riichi=True)
    assert want.pot == 1000 and "8,000" in at.success[0].value
    assert "Riichi sticks on the table: 1,000 points; you receive 9,000 points in all" in texts(at)
    at.number_input(key="manual_sticks").set_value(2).run()  # two more from an earlier draw
    want = score("tokyo-mahjong", hand, win="tsumo", riichi=True, riichi_sticks=3)
    assert f"{want.extra['total_received']:,}" == "11,000"
    assert "Riichi sticks on the table: 3,000 points; you receive 11,000 points in all" in texts(at)
    at.checkbox(key="manual_riichi").uncheck().run()  # no riichi of one's own: the two left on the table
    want = score("tokyo-mahjong", hand, win="tsumo", riichi_sticks=2)
    assert f"on the table: {want.pot:,} points; you receive {want.extra['total_received']:,} points" in texts(at)
    at = tsumo(typed(page("score_manual", "tokyo-mahjong", lang="ja"), hand))
    at.checkbox(key="manual_riichi").check().run()
    assert "場のリーチ棒 1,000点も受け取り、合計 9,000点" in texts(at)


def test_the_riichi_sticks_left_on_the_open_matchs_table_are_taken_as_given(home, page):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(match, tenpai=(0,), riichi=(0,))  # E's stick stays on the table
    assert ledger.state(match).pot == 1000
    at = typed(page("score_manual", "tokyo-mahjong"), "123m406p789s11z222z")
    assert at.number_input(key="manual_sticks").value == 1
    assert "Riichi sticks on the table: 1,000" in texts(at)  # a new hand starts without riichi: E's stick only
    at.checkbox(key="manual_riichi").check().run()
    assert at.number_input(key="manual_sticks").value == 1
    assert "Riichi sticks on the table: 2,000" in texts(at)  # and the winner's own


def test_a_win_on_the_first_turn_is_scored_as_the_command_scores_it(home, page):
    # tenhou, chiihou and renhou could be given to `tilelens score` only
    hand = "123m456p789s234s11z"
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), hand))
    at.checkbox(key="manual_riichi").uncheck().run()  # no riichi before the first draw
    at.checkbox(key="manual_dealer").check().run()
    assert at.checkbox(key="manual_first_turn").label.startswith("Tenhou")
    at.checkbox(key="manual_first_turn").check().run()
    want = score("tokyo-mahjong", hand, win="tsumo", seat="east", tenhou=True)
    assert at.success and f"{want.points:,}" in at.success[0].value and "Tenhou" in texts(at)
    at.checkbox(key="manual_dealer").uncheck().run()
    assert at.checkbox(key="manual_first_turn").label.startswith("Chiihou")
    want = score("tokyo-mahjong", hand, win="tsumo", seat="south", chiihou=True)
    assert at.success and f"{want.points:,}" in at.success[0].value and "Chiihou" in texts(at)
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.checkbox(key="manual_first_turn").label.startswith("Renhou")
    want = score("tokyo-mahjong", hand, win="ron", seat="south", renhou=True)
    assert at.success and f"{want.points:,}" in at.success[0].value and "Renhou" in texts(at)
    at = tsumo(typed(page("score_manual", "tokyo-mahjong", lang="ja"), hand))
    assert at.checkbox(key="manual_first_turn").label.startswith("地和")


def test_a_ron_on_a_tile_among_your_own_discards_is_refused_as_furiten(home, page):
    # the page had no place for one's own discards: a furiten ron was scored as a win
    hand = "234m456p678s345s22p"
    at = typed(page("score_manual", "tokyo-mahjong"), hand)
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.button(key="manual_discards_add_2p").click().run()
    want = score("tokyo-mahjong", hand, win="ron", riichi=True, discards=["2p"])
    assert not want.winning and not at.success and "furiten" in at.warning[0].value
    at = typed(page("score_manual", "tokyo-mahjong", lang="ja"), "234m456p678s345s2p")  # one short: the waits
    at.button(key="manual_discards_add_2p").click().run()
    assert "フリテン" in texts(at)


def test_a_pon_holding_the_red_five_can_be_tapped_on_the_meld_buttons(home, page):
    # the buttons offered plain fives only: a called red five had to be typed (0m) to count as a dora
    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22p")
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_meld_kind").set_value("pon").run()
    at.button(key="manual_meld_0s").click().run()
    assert at.text_input(key="manual_melds").value == "pon 055s"
    want = score("tokyo-mahjong", "234m456p678s22p", melds=["pon:055s"], win="tsumo")
    assert want.winning and want.extra["dora"]["aka_dora"] == 1
    assert at.success and f"{want.points:,}" in at.success[0].value and not at.error
    at.segmented_control(key="manual_meld_kind").set_value("chi").run()
    assert "manual_meld_0s" not in [b.key for b in at.button]  # a chi's red five is typed: 406s, 340s, 067s
