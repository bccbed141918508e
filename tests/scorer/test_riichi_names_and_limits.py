"""Riichi's "too many" messages name the tile as players know it (as Donjara's do); a limit hand shows no fu."""
import pytest

from scorer import load_game
from scorer.riichi import score
from scorer.riichi_cli import format_result
from scorer.riichi_tiles import InputProblem, RiichiInputError

GAME = load_game("tokyo-mahjong")


@pytest.mark.parametrize("hand, english, japanese", [
    ("11111m456p789s234s", "too many 1 Man (1m): 5 ", "一萬が"),
    ("123m406p789s234s00p", "too many Red 5 Pin (0p): 3 ", "赤五筒が"),
    ("123m555p789s234s5p5m", "too many plain 5 Pin (5p): 4;", "普通の 五筒が"),
])
def test_too_many_copies_names_the_tile_in_english_with_its_code_and_in_japanese(hand, english, japanese):
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, hand, win_tile="5m" if hand.endswith("5m") else None)
    assert refused.value.problem is InputProblem.COPIES
    assert english in str(refused.value), str(refused.value)
    assert japanese in refused.value.message_ja, refused.value.message_ja


def test_a_yakuman_is_printed_without_fu():
    result = score(GAME, "19m19p19s1234567z1m", win="ron")
    assert result.extra["fu"] == 0 and result.extra.get("limit")
    text = format_result(result, GAME)
    assert "0 fu" not in text and "fu:" not in text, text
    assert "  double yakuman: 64,000 points" in text.splitlines()  # English alone on an English screen (session 50)


def test_an_ordinary_hand_still_prints_its_fu():
    result = score(GAME, "234m456p678s22z555z", win="ron")
    assert " fu" in format_result(result, GAME)
