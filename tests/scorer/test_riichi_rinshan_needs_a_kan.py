"""Rinshan kaihou is a win on a kan's replacement tile: without a kan among the melds it cannot be."""
import pytest

from scorer.riichi import score
from scorer.riichi_tiles import InputProblem, RiichiInputError


def test_rinshan_without_a_kan_is_refused_in_both_languages() -> None:
    # it was scored as one han more (a slip: the kan left out of the melds, or the box ticked for another hand)
    with pytest.raises(RiichiInputError) as info:
        score(None, "234m406p678s345s22p", win="tsumo", riichi=True, rinshan=True)
    assert info.value.problem is InputProblem.OPTION
    assert "rinshan needs a kan" in str(info.value) and "カン" in info.value.message_ja


@pytest.mark.parametrize("kan", ["ankan:1111m", "kan:1111m", "kakan:1111m"])
def test_rinshan_after_a_kan_still_scores(kan) -> None:
    result = score(None, "234p567s678p55m", win="tsumo", melds=[kan], rinshan=True)
    assert result.winning and "Rinshan Kaihou (win on a kan replacement)" in [y.name_en for y in result.yaku]


def test_rinshan_on_a_ron_is_still_said_to_be_a_tsumo() -> None:
    with pytest.raises(RiichiInputError, match="rinshan is a tsumo"):
        score(None, "234m406p678s345s22p", win="ron", rinshan=True)


@pytest.mark.parametrize("first,seat,win", [("tenhou", "east", "tsumo"), ("chiihou", "south", "tsumo"),
                                            ("renhou", "south", "ron")])
@pytest.mark.parametrize("declared", ["riichi", "double_riichi"])
def test_a_win_on_the_first_turn_under_riichi_is_refused(first, seat, win, declared) -> None:
    # it was scored, the winner's riichi stick in the pot, though no riichi comes before the first turn's win
    with pytest.raises(RiichiInputError) as info:
        score(None, "123m456p789s234s11z", win=win, seat=seat, **{first: True, declared: True})
    assert info.value.problem is InputProblem.OPTION and first in str(info.value) and "リーチ" in info.value.message_ja
    assert score(None, "123m456p789s234s11z", win=win, seat=seat, **{first: True}).winning
