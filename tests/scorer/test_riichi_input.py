"""Bad riichi input: one clear TilelensInputError line naming the problem, never a traceback."""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.result import TilelensInputError, UnknownTileError
from scorer.riichi import score, tiles_from_win, waits
from scorer.riichi_tiles import InputProblem, RiichiInputError, parse_meld, parse_mpsz

GAME = load_game("tokyo-mahjong")
HAND = "123m456p789s234s55p"

BAD = [
    ("five-copies-of-a-tile", dict(hand="11111m456p789s234s"), InputProblem.COPIES, "1m appears 5 times"),
    ("five-copies-across-hand-and-indicator", dict(hand="1111m456p789s23s55p", dora_indicators="1m"),
     InputProblem.COPIES, "1m appears 5 times"),
    ("two-red-fives-of-a-suit", dict(hand="123m406p789s234s00p"), InputProblem.COPIES, "red five 0p"),
    ("four-plain-fives-with-red-fives-on", dict(hand="123m555p789s234s5p5m", win_tile="5m"), InputProblem.COPIES,
     "plain 5p appears 4 times"),
    ("wrong-count-13", dict(hand="123m456p789s234s5p"), InputProblem.COUNT, "13 tile(s); expected 14"),
    ("wrong-count-with-melds", dict(hand=HAND, melds=["pon:777z"]), InputProblem.COUNT, "+ 1 meld(s) x 3 = 17"),
    ("pon-not-identical", dict(hand="123m456p789s55p", melds=["pon:223s"]), InputProblem.MELD,
     "a pon is three identical tiles"),
    ("chi-not-consecutive", dict(hand="123m456p789s55p", melds=["chi:135s"]), InputProblem.MELD,
     "a chi is three consecutive"),
    ("chi-of-honours", dict(hand="123m456p789s55p", melds=["chi:123z"]), InputProblem.MELD, "honours cannot"),
    ("chi-across-suits", dict(hand="123m456p789s55p", melds=["chi:89m1p"]), InputProblem.MELD,
     "consecutive numbers of one suit"),
    ("kan-needs-four", dict(hand="123m456p789s55p", melds=["kan:111s"]), InputProblem.MELD, "a kan has 4 tiles"),
    ("meld-without-kind", dict(hand="123m456p789s55p", melds=["555z"]), InputProblem.MELD, "KIND:TILES"),
    ("meld-unknown-kind", dict(hand="123m456p789s55p", melds=["pong2:555z"]), InputProblem.MELD, "unknown kind"),
    ("win-tile-not-in-hand", dict(hand=HAND, win_tile="9p"), InputProblem.WIN_TILE, "9p is not in the hand"),
    ("win-tile-two-tiles", dict(hand=HAND, win_tile="23s"), InputProblem.WIN_TILE, "exactly one tile"),
    ("honour-8z", dict(hand="123m456p789s234s58z"), InputProblem.NOTATION, "honours are 1z-7z"),
    ("digits-without-suit", dict(hand="123m456p789s234s55"), InputProblem.NOTATION, "must end with a suit"),
    ("bad-character", dict(hand="123m456p789s234s55q"), InputProblem.NOTATION, "unexpected character 'q'"),
    ("bad-seat", dict(hand=HAND, seat="up"), InputProblem.OPTION, "seat 'up' is not a wind"),
    ("bad-win-kind", dict(hand=HAND, win="draw"), InputProblem.OPTION, "must be tsumo or ron"),
    ("riichi-on-open-hand", dict(hand="123m456p789s55p", melds=["chi:234s"], riichi=True), InputProblem.OPTION,
     "riichi needs a closed hand"),
    ("rinshan-on-ron", dict(hand=HAND, rinshan=True), InputProblem.OPTION, "rinshan is a tsumo"),
    ("tenhou-not-dealer", dict(hand=HAND, win="tsumo", tenhou=True, seat="west"), InputProblem.OPTION,
     "tenhou is for the dealer"),
    ("negative-honba", dict(hand=HAND, honba=-1), InputProblem.OPTION, "honba must be a whole number"),
    ("discarder-is-winner", dict(hand=HAND, seat="west", discarder="west"), InputProblem.OPTION,
     "winner's own seat"),
    ("unknown-option", dict(hand=HAND, favourite_tile="1m"), InputProblem.OPTION, "unknown riichi option"),
]


@pytest.mark.parametrize("kwargs,problem,fragment", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_input_is_one_clear_line(kwargs, problem, fragment) -> None:
    kwargs = dict(kwargs)
    hand = kwargs.pop("hand")
    with pytest.raises(RiichiInputError) as info:
        score(GAME, hand, **kwargs)
    assert info.value.problem is problem
    message = str(info.value)
    assert fragment in message and "\n" not in message
    assert isinstance(info.value, TilelensInputError)


def test_unknown_tile_token_names_near_matches() -> None:
    with pytest.raises(UnknownTileError, match="unknown tile 'x5m'"):
        score(GAME, ["x5m"] + ["1m"] * 13)


def test_hand_that_is_not_winning_is_a_result_not_an_error() -> None:
    result = score(GAME, "123m456p789s235s55p", win_tile="5s")
    assert not result.winning and result.reason == "not a winning hand: 1 tile(s) from a win"
    assert result.extra["tiles_from_win"] == 1


def test_waits_and_tiles_from_win_check_counts_too() -> None:
    with pytest.raises(RiichiInputError, match="expected 13"):
        waits(GAME, HAND)
    with pytest.raises(RiichiInputError, match="expected 13 or 14"):
        tiles_from_win(GAME, "123m456p789s")


def test_parsers_directly() -> None:
    assert parse_mpsz("0m 0p 0s") == [34, 35, 36]
    assert parse_meld(("pon", "055p")).codes == (35, 13, 13)
    with pytest.raises(RiichiInputError, match="suit letter 'm' has no digits"):
        parse_mpsz("m")
