"""Nogizaka Donjara (RULES.md section 001): sets, Almighty scope, payouts, riichi chip, chombo."""
import pytest

from scorer import HandError, score

GAME = "nogizaka"
WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


@pytest.mark.parametrize("hand, wins", [
    (WIN, True),
    (["らりん"] * 3 + ["みおな"] * 3 + ["琴子"] * 3, True),
    (["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-green"], True),
    (["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-pink"], False),
    (["rarin", "rarin", "almighty-god", "miona", "miona", "almighty-yellow", "kotoko", "kotoko", "almighty-god"],
     True),
    (["rarin", "almighty-lightblue", "almighty-god"] + ["miona"] * 3 + ["kotoko"] * 3, False),
    (["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "ashu"], False),
], ids=["three-sets-of-a-member", "japanese-names", "colour-almighty-of-its-colour",
        "colour-almighty-of-another-colour-does-not-fit", "god-almighty-in-every-set",
        "at-most-one-almighty-per-set", "two-members-in-a-set-is-no-set"])
def test_basic_set_is_three_sets_of_one_member(hand, wins):
    result = score(GAME, hand, riichi=True)
    assert result.winning is wins
    if wins:
        assert (result.yaku[0].name, result.yaku[0].points) == ("基本セット", 60)


def test_colour_almighty_stands_for_the_member_it_completes():
    result = score(GAME, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-green"], riichi=True)
    assert result.decomposition[2]["almighty"] == [{"tile": "almighty-green", "as": "kotoko"}]


def test_ron_60_from_the_discarder():
    result = score(GAME, WIN, riichi=True, win="ron")
    assert [(p.payer, p.amount) for p in result.payments] == [("discarder", 60)]


def test_tsumo_20_from_each_of_the_three_others():
    result = score(GAME, WIN, riichi=True, win="tsumo")
    assert [p.amount for p in result.payments] == [20, 20, 20] and result.points == 60


def test_riichi_chip_and_carried_chips_go_to_the_winner():
    result = score(GAME, WIN, riichi=True, pot=20)
    assert result.pot == 30 and result.points == 60


def test_win_needs_riichi():
    result = score(GAME, WIN)
    assert not result.winning and result.value == 60 and "riichi" in result.reason


def test_dealt_tenpai_is_no_exception_here():
    assert not score(GAME, WIN, dealt_tenpai=True).winning


def test_four_players_only():
    with pytest.raises(HandError, match="played by 4 players, got 3"):
        score(GAME, WIN, riichi=True, players=3)


def test_chombo_declaring_a_win_that_is_not_one():
    result = score(GAME, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "ashu"], riichi=True, declared=True)
    assert (result.chombo, result.penalty, result.winning) == ("false-win", 300, False)
    assert not result.payments


def test_a_non_win_not_declared_is_no_chombo():
    result = score(GAME, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "ashu"], riichi=True)
    assert result.chombo is None and result.penalty == 0


def test_chombo_ron_on_your_own_earlier_discard():
    result = score(GAME, WIN, riichi=True, win="ron", own_discard=True)
    assert (result.chombo, result.penalty) == ("ron-on-own-discard", 300) and not result.winning


def test_tsumo_on_your_own_earlier_discard_is_allowed():
    assert score(GAME, WIN, riichi=True, win="tsumo", own_discard=True).winning


def test_chombo_winning_on_an_almighty_tile():
    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
    result = score(GAME, hand, riichi=True, winning_tile="almighty-god")
    assert (result.chombo, result.penalty) == ("win-on-almighty", 300)
    assert score(GAME, hand, riichi=True, winning_tile="kotoko").winning


def test_winning_tile_must_be_in_the_hand():
    with pytest.raises(HandError, match="not in the hand"):
        score(GAME, WIN, riichi=True, winning_tile="ashu")


def test_more_copies_than_the_set_holds():
    with pytest.raises(HandError, match=r"too many Almighty \(Green\): 2 in the hand, "
                                        r"the Nogizaka Donjara \(fan-made\) set holds 1"):
        score(GAME, ["rarin"] * 3 + ["miona"] * 2 + ["almighty-green", "almighty-green", "kotoko", "kotoko"])


def test_no_scouting_in_this_game():
    with pytest.raises(HandError, match="no scouting"):
        score(GAME, WIN, riichi=True, scouted=[["rarin"] * 3])


@pytest.mark.parametrize("pot, said", [(3, "a multiple of 10"), (-20, "0 or more")])
def test_the_pot_is_whole_chips_in_points(pot, said):
    """``--pot 3`` read as 3 points beside the 10-point chip ("60 + 13 of riichi chips")."""
    with pytest.raises(HandError, match=said):
        score(GAME, WIN, riichi=True, pot=pot)
    assert score(GAME, WIN, riichi=True, pot=20).pot == 30


def test_a_game_without_riichi_chips_has_no_pot():
    from scorer import load_game

    with pytest.raises(HandError, match="cinderella-neo has no riichi chips"):
        score(load_game("cinderella-neo"), [], riichi=True, pot=5)
