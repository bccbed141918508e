"""A riichi hand that would be seven pairs but for a four of a kind says why it is not (session 52)."""
from scorer import load_game
from scorer.engine import score


def not_won(hand: str):
    result = score(load_game("tokyo-mahjong"), hand, riichi=True)
    assert not result.winning
    return result


def test_four_of_a_kind_as_two_pairs_is_said_in_both_languages():
    result = not_won("1111m2233p4455s66z")
    assert "four of a kind can't be two pairs in seven pairs" in result.reason, result.reason
    assert "七対子" in result.reason_ja and "4枚" in result.reason_ja, result.reason_ja


def test_a_hand_short_of_seven_pairs_otherwise_is_not_told_of_four_of_a_kind():
    result = not_won("1112m2233p4455s66z")
    assert "four of a kind" not in result.reason and "4枚" not in result.reason_ja, result.reason
