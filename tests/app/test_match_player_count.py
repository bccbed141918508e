"""A match is scored at its own number of players: an organiser's edit of the house table mid-match (players,
players_min and players_max set to 3) left a 4-player match unable to record a tsumo ("2 payments for 3
paying players"). Hands not tied to a match are still held to the table in use."""
import pytest

from app_helpers import add_to_ledger, open_page, texts

from app import settings

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


def _three_player_table() -> None:
    text = settings.game_text("nogizaka")
    for key in ("players", "players_min", "players_max"):
        assert f"\n{key} = 4" in text
        text = text.replace(f"\n{key} = 4", f"\n{key} = 3", 1)
    settings.save_house_table("nogizaka", text)


def _hand(at):
    for tile in NOGI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_match_under_way_is_scored_and_recorded_at_its_own_player_count(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(settings.app_game("nogizaka"), ["A", "B", "C", "D"])
    _three_player_table()
    at = _hand(open_page("score_manual", "nogizaka"))
    players = at.segmented_control(key="manual_players")
    assert "4" in players.options and players.value == 4
    assert "A win!" in at.success[0].value
    at.selectbox(key="manual_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="manual_add_ledger").disabled
    add_to_ledger(at, "manual")
    assert not at.exception and not at.error, [e.value for e in at.error]
    (hand,) = ledger.hands(match)
    assert dict(hand.payments) == {1: 20, 2: 20, 3: 20}


def test_a_hand_scored_for_another_player_count_than_the_match_says_what_to_fix(home):
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    at = open_page("score_manual", "yokai-watch")
    for tile in ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3:
        at.button(key=f"manual_add_{tile}").click().run()
    at.segmented_control(key="manual_players").set_value(3).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="manual_add_ledger").disabled
    assert "scored for 3 players" in texts(at) and "set Players to 4" in texts(at)
    assert ledger.hands(match) == []


def test_a_hand_not_tied_to_a_match_is_still_held_to_the_table_in_use(home):
    from scorer import HandError, score

    _three_player_table()
    at = _hand(open_page("score_manual", "nogizaka"))
    assert at.segmented_control(key="manual_players").options == ["3"]
    with pytest.raises(HandError, match="played by 3 players, got 4"):
        score(settings.app_game("nogizaka"), NOGI_WIN, riichi=True, players=4)
