"""The "Enter a hand" page: a yakuman without fu, every round wind, the sticks box cleared with the game,
meld buttons that check copies, a typed hand with too many copies said first."""
from app_helpers import texts, type_hand as typed


def test_a_yakuman_is_said_a_yakuman_not_its_han_and_no_fu(home, page):
    at = typed(page("score_manual", "tokyo-mahjong"), "19m19p19s1234567z1m")
    at.checkbox(key="manual_riichi").uncheck().run()
    assert at.success and "double yakuman" in texts(at) and "26 han" not in texts(at)
    assert "0 fu" not in texts(at), texts(at)


def test_every_round_wind_is_offered(home, page):
    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z")
    assert at.selectbox(key="manual_round").options == ["East", "South", "West", "North"]
    at.selectbox(key="manual_round").set_value("west").run()
    assert not at.exception and at.success


def test_the_sticks_box_stays_when_the_same_games_table_is_saved_again(home, page):
    # the same game's table edited on the Rules page (session 49): the hand still has its tiles, so it is kept,
    # scored by the new rules, and the table's honba and sticks stay with it (another game clears them: below)
    from app import settings

    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z")
    at.number_input(key="manual_sticks").set_value(2).run()
    at.number_input(key="manual_honba").set_value(3).run()
    settings.save_house_table("tokyo-mahjong", settings.game_text("tokyo-mahjong").replace(
        "honba_ron = 300", "honba_ron = 1500", 1))
    at.run()
    assert not at.exception and len(at.session_state["manual_tiles"]) == 14  # the hand kept
    assert at.number_input(key="manual_honba").value == 3
    assert at.number_input(key="manual_sticks").value == 2


def test_the_sticks_given_as_state_go_with_the_honba_and_round_when_the_game_changes(home, page):
    # a page whose hand is drawn again in the run that changed the game (a photo read again for the new game)
    # keeps what was given as state: honba and round were cleared there, the sticks were not
    at = page("score_manual", "tokyo-mahjong")
    for key, value in (("manual_honba", 3), ("manual_round", "south"), ("manual_sticks", 2)):
        at.session_state[key] = value
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    left = {k: at.session_state[k] for k in ("manual_honba", "manual_round", "manual_sticks") if k in at.session_state}
    assert left == {}, left


def test_a_closed_kan_beside_a_copy_in_the_hand_is_refused_at_the_tap(home, page):
    at = typed(page("score_manual", "tokyo-mahjong"), "234m456p678s22z")
    at.segmented_control(key="manual_meld_kind").set_value("ankan").run()
    at.button(key="manual_meld_3m").click().run()
    assert at.text_input(key="manual_melds").value == ""
    assert [x.value for x in at.toast] == ["The set has 4 of 3 Man, all already in the hand (or its melds): not added."]
    at.button(key="manual_meld_9m").click().run()  # no 9m in the hand: taken
    assert at.text_input(key="manual_melds").value == "ankan 9999m"


def test_a_typed_hand_with_too_many_copies_says_so_before_its_count(home, page):
    at = typed(page("score_manual", "tokyo-mahjong"), "11111m")
    errors = [e.value for e in at.error]
    assert errors and "too many 1 Man (1m)" in errors[0], errors
    at = typed(page("score_manual", "tokyo-mahjong", lang="ja"), "11111m")
    assert at.error and "一萬が" in at.error[0].value
    at = page("score_manual", "yokai-watch")
    at = typed(at, " ".join(["yokai-13"] * 4))
    assert at.error and "too many" in at.error[0].value


def test_the_open_matchs_round_is_offered_past_south_and_an_ended_match_stays_in_its_last_round():
    from types import SimpleNamespace

    from app.components.scoring import round_wind

    assert round_wind(SimpleNamespace(round_index=2)) == "west"  # a house playing on into a West round
    assert round_wind(SimpleNamespace(round_index=5)) == "south"  # a sixth lap: East again from the fifth
    assert round_wind(SimpleNamespace(round_index=2), laps=2) == "south"  # South 4 ended it: no West round comes
    assert round_wind(SimpleNamespace(round_index=2), laps=3) == "west"
