"""Bad riichi input: one clear TilelensInputError line naming the problem, never a traceback."""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.result import TilelensInputError, UnknownTileError
from scorer.riichi import score, tiles_from_win, waits
from scorer.riichi_tiles import InputProblem, RiichiInputError, parse_meld, parse_mpsz, parse_tiles

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


# Honours by letter (E S W N for the winds, P F C for haku, hatsu, chun, as mjai/tenhou-style tools write
# them) or by word (east .. north, haku hatsu chun, white green red), any case, anywhere 1z-7z is taken.
HONOURS_WRITTEN = [
    ("letters-as-words", "123m EEE SS PFC", "123m11122z567z"),
    ("letters-run-together", "ESWNPFC", "1234567z"),
    ("letters-after-a-group", "123m456p789sEEESS", "123m456p789s11122z"),
    ("letters-after-z", "11zEE", "1111z"),
    ("lower-case", "eswn pfc", "1234567z"),
    ("winds-by-word", "East south WEST north", "1234z"),
    ("dragons-by-word", "haku hatsu chun white green red", "567567z"),
    ("letters-then-digits", "PP123m", "55z123m"),
]


@pytest.mark.parametrize("text,same_as", [c[1:] for c in HONOURS_WRITTEN], ids=[c[0] for c in HONOURS_WRITTEN])
def test_honours_written_as_letters_or_words_are_read(text, same_as) -> None:
    assert parse_tiles(text) == parse_mpsz(same_as)


def test_honours_by_letter_in_every_field() -> None:
    """Hand, winning tile, dora indicators and melds all read honour letters (they were 'unexpected
    character' or 'unknown tile')."""
    by_letter = score(GAME, "234m456p789s EE", win_tile="East", melds=["pon:PPP"], dora_indicators=["N"],
                      seat="east")
    by_z = score(GAME, "234m456p789s11z", win_tile="1z", melds=["pon:555z"], dora_indicators=["4z"], seat="east")
    assert by_letter.winning and (by_letter.points, by_letter.extra["dora"]) == (by_z.points, by_z.extra["dora"])
    assert by_letter.extra["dora"]["dora"] == 2  # north indicates east: the pair of easts


@pytest.mark.parametrize("text,letter,as_z", [("55pp", "p", "5z"), ("123sSS", "s", "2z"), ("5sP", "p", "5z")])
def test_p_or_s_straight_after_a_suit_letter_is_refused_as_ambiguous(text, letter, as_z) -> None:
    """'55pp' may be 55p + haku or a slip for 555p: refused, saying how to write the honour."""
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text)
    assert info.value.problem is InputProblem.NOTATION
    assert f"{letter!r} straight after a suit letter is ambiguous" in str(info.value)
    assert f"or write it as {as_z}" in str(info.value) and as_z in info.value.message_ja


def test_a_word_that_is_no_tile_says_how_to_write_honours() -> None:
    with pytest.raises(RiichiInputError, match=r"'eats' is not a tile \(write honours as"):
        parse_mpsz("123m eats")


@pytest.mark.parametrize("field", ["hand", "dora_indicators", "win_tile"])
def test_an_honour_past_7z_names_which_honour_is_which(field) -> None:
    kwargs = {"hand": "123m456p789s234s55p"}
    if field == "hand":
        kwargs["hand"] = "123m456p789s234s8z"
    else:
        kwargs[field] = "8z" if field == "win_tile" else ["8z"]
    with pytest.raises(RiichiInputError) as info:
        score(GAME, **kwargs)
    assert info.value.problem is InputProblem.NOTATION
    assert "honours are 1z-7z: 1z east (E), 2z south (S)" in str(info.value)
    assert "7z chun/red (C)" in str(info.value) and "7z 中" in info.value.message_ja
