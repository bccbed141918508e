"""Bad riichi input: one clear TilelensInputError line naming the problem, never a traceback."""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.result import TilelensInputError, UnknownTileError
from scorer.riichi import score, tiles_from_win, waits
from scorer.riichi_tiles import InputProblem, RiichiInputError, parse_meld, parse_mpsz, parse_tiles, tile_ids

GAME = load_game("tokyo-mahjong")
HAND = "123m456p789s234s55p"

BAD = [
    ("five-copies-of-a-tile", dict(hand="11111m456p789s234s"), InputProblem.COPIES, "too many 1 Man (1m): 5 across"),
    ("five-copies-across-hand-and-indicator", dict(hand="1111m456p789s23s55p", dora_indicators="1m"),
     InputProblem.COPIES, "too many 1 Man (1m): 5 across"),
    ("two-red-fives-of-a-suit", dict(hand="123m406p789s234s00p"), InputProblem.COPIES, "too many Red 5 Pin (0p): 3"),
    ("four-plain-fives-with-red-fives-on", dict(hand="123m555p789s234s5p5m", win_tile="5m"), InputProblem.COPIES,
     "too many plain 5 Pin (5p): 4"),
    ("wrong-count-13", dict(hand="123m456p789s234s5p"), InputProblem.COUNT, "a hand has 14 tiles here (13 now"),
    ("wrong-count-with-melds", dict(hand=HAND, melds=["pon:777z"]), InputProblem.COUNT,
     "beside the melds, the concealed hand has 11 tiles here (14 now"),
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
    assert not result.winning and result.reason == "the tiles make no winning shape (1 tile from a win)"
    assert result.extra["tiles_from_win"] == 1


def test_waits_and_tiles_from_win_check_counts_too() -> None:
    with pytest.raises(RiichiInputError, match=r"a hand has 13 tiles here \(14 now"):
        waits(GAME, HAND)
    with pytest.raises(RiichiInputError, match=r"a hand has 13 or 14 tiles here \(9 now"):
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
    with pytest.raises(RiichiInputError, match=r"hand: unknown tile 'eats'; write tiles as in 123m456p789s11z"):
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
    assert "7z chun/red (C)" in str(info.value) and "7z=中" in info.value.message_ja


# Honours as Japanese players write them (東 南 西 北 白 發/発 中), one character a tile, written together or
# apart, with or without mpsz around them; numbers with 萬/万 筒 索 (kanji numerals 一..九, or digits), and
# 赤 before a five for the red five, as the catalog's names (一萬, 赤五筒) are written.
JAPANESE_WRITTEN = [
    ("honours-together", "東東東南南", "11122z"),
    ("after-mpsz", "123m456p789s東東東南南", "123m456p789s11122z"),
    ("apart", "東 東 東", "111z"),
    ("dragons", "白發中", "567z"),
    ("hatsu-variant", "白発中", "567z"),
    ("west-north-between-groups", "123m西北456p", "123m34z456p"),
    ("kanji-numerals-manzu", "一二三萬", "123m"),
    ("man-variant", "七八九万", "789m"),
    ("digits-with-kanji-suit", "123萬456筒789索", "123m456p789s"),
    ("pinzu-souzu", "四五六筒 七八九索", "456p789s"),
    ("catalog-names-apart", "一萬 二萬 三萬", "123m"),
    ("red-five", "赤五萬赤五筒赤五索", "0m0p0s"),
    ("red-then-plain", "赤五筒五筒", "05p"),
    ("mixed-with-letters", "123m EE 中中", "123m1177z"),
]


@pytest.mark.parametrize("text,same_as", [c[1:] for c in JAPANESE_WRITTEN], ids=[c[0] for c in JAPANESE_WRITTEN])
@pytest.mark.parametrize("game", [None, GAME], ids=["no-game", "game"])
def test_japanese_honours_and_numbers_are_read(text, same_as, game) -> None:
    assert parse_tiles(text, game) == parse_mpsz(same_as)
    assert parse_mpsz(text) == parse_mpsz(same_as)


def test_full_width_digits_with_kanji_suit() -> None:
    assert parse_tiles("１２３万４５６筒", GAME) == parse_mpsz("123m456p")


def test_japanese_honours_in_every_field() -> None:
    """'東東東' was 'unknown tile' (only one name a word was looked up); every field reads it now."""
    by_ja = score(GAME, "234m456p789s東東", win_tile="東", melds=["pon:白白白"], dora_indicators=["北"],
                  seat="east")
    by_z = score(GAME, "234m456p789s11z", win_tile="1z", melds=["pon:555z"], dora_indicators=["4z"], seat="east")
    assert by_ja.winning and (by_ja.points, by_ja.extra["dora"]) == (by_z.points, by_z.extra["dora"])
    assert parse_tiles(["東東東", "南南"], GAME) == parse_mpsz("11122z")
    assert parse_meld("ポン:中中中").codes == (33, 33, 33)


@pytest.mark.parametrize("text,fragment,fragment_ja", [
    ("一二三", "must end with a suit letter m, p, s or z (or 萬/万, 筒, 索)", "萬"),
    ("123m萬", "suit '萬' has no numbers before it", "数字がありません"),
    ("赤三萬", "赤 (red) goes straight before 五 or 5", "赤は"),
    ("123東", "must end with a suit", "数字の後には"),
], ids=["numerals-without-suit", "suit-without-numbers", "red-not-before-five", "honour-after-digits"])
def test_bad_japanese_notation_says_what_is_wrong(text, fragment, fragment_ja) -> None:
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text, GAME)
    assert info.value.problem is InputProblem.NOTATION
    assert fragment in str(info.value) and fragment_ja in info.value.message_ja


def test_a_character_that_is_no_tile_is_named() -> None:
    """Tile kanji with a character that is no tile: the character is named (not 'unknown tile' for the word)."""
    for game in (None, GAME):
        with pytest.raises(RiichiInputError, match="unexpected character '十'") as info:
            parse_tiles("123m東十", game)
        assert "「十」は使えない文字です" in info.value.message_ja
    with pytest.raises(UnknownTileError, match="unknown tile '京'"):
        parse_tiles("京", GAME)  # no tile character at all: a name the game does not know


# Red fives as mjai writes them (5mr 5pr 5sr) are the project's 0m 0p 0s: 'r' is no honour letter.
RED_WRITTEN = [
    ("mjai-each", "5mr 5pr 5sr", "0m0p0s"),
    ("in-a-hand", "123m5pr67p789s", "123m067p789s"),
    ("capitals", "5MR", "0m"),
    ("then-honour-letters", "5mrEE", "0m11z"),
]


@pytest.mark.parametrize("text,same_as", [c[1:] for c in RED_WRITTEN], ids=[c[0] for c in RED_WRITTEN])
def test_mjai_red_fives_are_read(text, same_as) -> None:
    assert parse_tiles(text) == parse_mpsz(same_as)
    assert parse_tiles(text.split(), GAME) == parse_mpsz(same_as)


def test_mjai_red_five_as_winning_tile_and_dora() -> None:
    by_r = score(GAME, "234m5pr67p234s22255z", win_tile="5pr", dora_indicators=["4p"])
    by_0 = score(GAME, "234m067p234s22255z", win_tile="0p", dora_indicators=["4p"])
    assert by_r.winning and by_r.extra["dora"] == by_0.extra["dora"] == {"dora": 1, "aka_dora": 1, "ura_dora": 0}
    assert by_r.points == by_0.points


@pytest.mark.parametrize("text", ["55mr", "3pr", "5zr", "45sr"])
def test_r_not_after_a_lone_five_says_how_to_write_red_fives(text) -> None:
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text)
    assert info.value.problem is InputProblem.NOTATION
    assert "write red fives as 0m 0p 0s" in str(info.value) and "0m・0p・0s" in info.value.message_ja


def test_the_app_reads_japanese_honours_typed_together() -> None:
    pytest.importorskip("streamlit")
    from app.components.tiles import parse_hand_text

    assert parse_hand_text(GAME, "１２３万456p789s東東東、南南") == \
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z", "2z"]


# "red" beside a lone five (5m red, 5mred, red 5p) may be the red five (mjai's 5mr, 赤五) or the five and the
# red dragon (chun): refused, naming both ways to write it, as 55pp is.
RED_BESIDE_A_FIVE = [
    ("word-after", "123m456p789s11z5m red", "5m", "0m"),
    ("run-together", "123m456p789s11z5mred", "5m", "0m"),
    ("capitals", "5P RED", "5p", "0p"),
    ("word-before", "red 5s 123m", "5s", "0s"),
    ("before-run-together", "red5s", "5s", "0s"),
    ("full-width", "５ｍ　ｒｅｄ", "5m", "0m"),
    ("kanji-suit", "五萬 red", "5m", "0m"),
]


@pytest.mark.parametrize("text,five,red", [c[1:] for c in RED_BESIDE_A_FIVE], ids=[c[0] for c in RED_BESIDE_A_FIVE])
def test_red_beside_a_lone_five_is_refused_as_ambiguous(text, five, red) -> None:
    parsers = [parse_tiles, lambda t: parse_tiles(t, GAME)]
    if " " in text.strip() or "\u3000" in text:  # as words, as the command line gives --dora 5m red
        parsers.append(lambda t: parse_tiles(t.split(), GAME))
    for parse in parsers:
        with pytest.raises(RiichiInputError) as info:
            parse(text)
        message = str(info.value)
        assert info.value.problem is InputProblem.NOTATION and "\n" not in message
        assert f"'red' beside {five} is ambiguous" in message
        assert f"write the red five as {red} (or {five}r), the red dragon as 7z (or chun)" in message
        assert f"赤ドラは {red} (または {five}r)、中は 7z (または chun)" in info.value.message_ja


def test_red_beside_a_five_in_dora_indicators_is_refused_too() -> None:
    """--dora 5m red on the command line reaches the parser as two words."""
    with pytest.raises(RiichiInputError, match="'red' beside 5m is ambiguous"):
        score(GAME, "234m456p789s11z555z", dora_indicators=["5m", "red"])


@pytest.mark.parametrize("text,same_as", [
    ("5m 7z", "5m7z"), ("5m chun", "5m7z"), ("5mr red", "0m7z"), ("0m red", "0m7z"), ("345p red", "345p7z"),
    ("123m red 5z", "123m75z"), ("white green red", "567z"), ("red 5mr", "7z0m"),
], ids=["five-then-7z", "five-then-chun", "mjai-red-then-red", "0m-then-red", "red-after-a-run",
        "red-not-beside-a-five", "dragon-words", "red-before-mjai-red"])
def test_red_not_beside_a_lone_plain_five_is_still_the_red_dragon(text, same_as) -> None:
    assert parse_tiles(text) == parse_mpsz(same_as)


def test_red_kanji_before_two_fives_reddens_the_first_only() -> None:
    """赤55萬 is the red five and a plain five (a suit has one red five): 赤 marks the tile straight after it."""
    assert tile_ids(parse_tiles("赤55萬", GAME)) == tile_ids(parse_tiles("赤五五萬")) == ["0m", "5m"]


def test_parse_mpsz_reads_full_width_digits_as_parse_tiles_does() -> None:
    """parse_mpsz('１２３ｍ５５ｐ') was 'unexpected character'; '5m ５p' was '５p is not a tile'."""
    assert parse_mpsz("１２３ｍ５５ｐ") == parse_mpsz("123m55p")
    assert parse_mpsz("5m ５p") == parse_mpsz("5m5p")


def test_a_digit_of_another_script_is_named_not_read_as_a_tile() -> None:
    with pytest.raises(RiichiInputError, match="unexpected character '٥'"):
        parse_mpsz("٥m")


def test_a_red_winning_tile_the_hand_holds_only_plain_is_refused() -> None:
    """--win-tile 0p on a hand holding only the plain 5p was scored on the plain five: the red five the
    player named (1 dora) was dropped without a word. The hand holds the winning tile, so the two disagree."""
    with pytest.raises(RiichiInputError) as info:
        score(GAME, "234m456p678s22z555z", win_tile="0p")
    assert info.value.problem is InputProblem.WIN_TILE and "\n" not in str(info.value)
    assert ("winning tile 0p is the red five, but the hand holds only the plain 5p: write 0p in the hand too "
            "(it holds the winning tile), or the winning tile as 5p") in str(info.value)
    assert "赤ドラ" in info.value.message_ja and "0p" in info.value.message_ja
    with pytest.raises(RiichiInputError, match="winning tile 0p is the red five"):
        score(GAME, "234m456p678s22z555z", win_tile="5pr")


def test_a_plain_winning_tile_may_name_the_red_five_of_the_hand() -> None:
    """The hand is what is held: '5p' names its red five when it holds no plain one (the kind, as said)."""
    red = score(GAME, "234m406p678s22z555z", win_tile="5p")
    assert red.extra["win_tile"] == "0p" and red.extra["dora"]["aka_dora"] == 1
    assert red.points == score(GAME, "234m406p678s22z555z", win_tile="0p").points


@pytest.mark.parametrize("text,five,red", [("234m456p678s22z5m r", "5m", "0m"), ("5p R", "5p", "0p"),
                                           ("5s r 123m", "5s", "0s")])
def test_r_after_a_space_past_a_lone_five_says_how_to_write_the_red_five(text, five, red) -> None:
    """``5m r`` (mjai's ``5mr`` typed with a space) said only "unexpected character 'r'" and how to write honours."""
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text)
    message, message_ja = str(info.value), info.value.message_ja
    assert info.value.problem is InputProblem.NOTATION
    assert "unexpected character 'r'" in message and "write honours as 1z-7z" in message
    assert f"a red five is written {red} or {five}r (no space before r)" in message
    assert f"赤ドラは {red} または {five}r (r の前に空白なし) と書いてください" in message_ja


@pytest.mark.parametrize("text", ["123m r", "55m r", "5z r", "r"])
def test_r_not_after_a_lone_five_keeps_its_message(text) -> None:
    with pytest.raises(RiichiInputError) as info:
        parse_tiles(text)
    assert "unexpected character 'r'; write honours as 1z-7z" in str(info.value)
    assert "red five" not in str(info.value) and "赤ドラ" not in info.value.message_ja
