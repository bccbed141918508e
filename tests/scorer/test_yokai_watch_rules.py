"""Yokai Watch Donjara (RULES.md section 003): sets, Almighty, rounded tsumo split, riichi exception."""
import pytest

from scorer import score
from scorer.rules import donjara_rules
from scorer.catalog import load_game

GAME = "yokai-watch"
WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]


@pytest.mark.parametrize("hand, wins", [
    (["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3, True),
    (WIN, True),
    (["yokai-01", "yokai-01", "almighty", "yokai-02", "yokai-02", "almighty", "yokai-03", "yokai-03", "almighty"],
     True),
    (["yokai-01", "almighty", "almighty"] + ["yokai-02"] * 3 + ["yokai-03"] * 3, False),
    (["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "yokai-04"], False),
], ids=["three-sets-of-a-picture", "almighty-stands-for-any-tile", "almighty-in-every-set",
        "at-most-one-almighty-per-set", "mixed-pictures-are-no-set"])
def test_basic_set_is_three_sets_of_one_picture(hand, wins):
    result = score(GAME, hand, riichi=True)
    assert result.winning is wins
    if wins:
        assert result.yaku[0].points == 100


@pytest.mark.parametrize("players, share, total", [(4, 40, 120), (3, 50, 100), (2, 100, 100)])
def test_tsumo_share_is_rounded_up_to_the_10_chip(players, share, total):
    result = score(GAME, WIN, riichi=True, win="tsumo", players=players)
    assert [p.amount for p in result.payments] == [share] * (players - 1) and result.points == total
    # no remainder is left to settle by rock-paper-scissors: the result said one (30 each + 10) beside 40 each
    assert "remainder" not in result.extra and "even_share" not in result.extra


def test_ron_the_discarder_pays_it_all():
    assert [p.amount for p in score(GAME, WIN, riichi=True, win="ron").payments] == [100]


def test_riichi_chip_goes_to_the_winner_with_carried_chips():
    assert score(GAME, WIN, riichi=True, pot=10).pot == 20


def test_win_needs_riichi_unless_one_tile_from_winning_as_dealt():
    refused = score(GAME, WIN)
    assert not refused.winning and refused.value == 120 and "riichi" in refused.reason
    exempt = score(GAME, WIN, dealt_tenpai=True)
    assert exempt.winning and exempt.pot == 0


def test_no_ron_on_a_discarded_almighty_but_tsumo_is_fine():
    ron = score(GAME, WIN, riichi=True, win="ron", winning_tile="almighty")
    assert not ron.winning and ron.chombo is None and "Almighty" in ron.reason
    tsumo = score(GAME, WIN, riichi=True, win="tsumo", winning_tile="almighty")
    assert tsumo.winning and tsumo.points == 120
    # it quoted the ron's 100; now the tsumo's with the ron beside it (session 50)
    assert "worth 120 by tsumo at 4 players" in ron.reason and "ツモなら4人で120" in ron.reason_ja


def test_default_catalog_and_yaku_are_marked_as_house_defaults():
    rules = donjara_rules(load_game(GAME))
    assert set(rules.house_defaults) == {"tiles", "yaku"} and rules.yaku[0].default
