"""A hand one tile over, and a scouted tile named: a riichi hand of 15 (a kan counting 3) given to `tilelens score` is
told to score its 14 tiles, as a Donjara hand of 10 is; a whole hand given to `tilelens waits` (Donjara 9, riichi 14) is
told that waits take the hand before its draw and which `tilelens score` line scores it; and a scouted tile missing
from the hand is named in English by its English name, as the other English messages name tiles."""
from __future__ import annotations

import shlex

import pytest

from scorer import HandError, score
from tilelens.cli import main

NOGI = ["らりん"] * 3 + ["まりか"] * 3 + ["みなみ"] * 3
NOGI_QUOTED = " ".join(f"'{w}'" for w in NOGI)  # as the shell quotes words beyond ASCII (shlex.join)
RIICHI = "123m456p789s11z555z"  # 14 tiles


def said(capsys, cli_env, lang, *argv):
    """Exit status and the one error line, less the command's name."""
    cli_env(TILELENS_LANG=lang)
    code = main(list(argv))
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return code, err.strip().split(": ", 1)[1]


# --- a scouted tile not in the hand, named as English messages name tiles ---------------------------------------------

def test_a_scouted_tile_not_in_the_hand_is_named_by_its_english_name():
    with pytest.raises(HandError) as info:
        score("cinderella-neo", ["shibuya-rin", "shimamura-uzuki", "honda-mio", "kohinata-miho", "sakurai-momoka",
                                 "seki-hiromi", "kawashima-mizuki", "nitta-minami", "takagaki-kaede"], riichi=True,
              scouted=[["hino-akane", "honda-mio", "shibuya-rin"]])
    assert str(info.value) == ("the scouted tile Akane Hino (hino-akane) is not in the hand (or is in two scouted "
                               "groups)")
    assert info.value.message_ja == "スカウトした 日野茜が手牌にありません (または2つのスカウトした組に入っています)"


# --- a hand one tile over: what each command tells it -----------------------------------------------------------------

# the command's words and the error line each language gives
ONE_OVER = [
    pytest.param(["score", "--game", "tokyo-mahjong", RIICHI + "9p"], {
        "en": "wrong tile count: a hand has 14 tiles here (15 now; a kan counts 3); a hand one tile over: score its 14 "
              "tiles without the one discarded (--win-tile names the tile won on)",  # riichi's own option
        "ja": "牌の枚数が違います: 手牌は14枚にしてください (いま 15枚。カンは3枚と数えます)。1枚多い手です: 捨てた牌を除いた14枚で"
              "採点してください (上がり牌は --win-tile で指定できます)"}, id="score-riichi"),
    pytest.param(["waits", "--game", "nogizaka", *NOGI], {
        "en": "wrong tile count: a hand has 8 tiles here (9 now); a hand one tile over: waits take the hand before its "
              f"draw, and `tilelens score --game nogizaka {NOGI_QUOTED}` scores a whole hand",
        "ja": "牌の枚数が違います: 手牌は8枚にしてください (いま 9枚)。1枚多い手です: 待ちはツモる前の手で見ます。"
              f"揃った手の点数は `tilelens score --game nogizaka {NOGI_QUOTED}` で見られます"}, id="waits-donjara"),
    pytest.param(["waits", "--game", "tokyo-mahjong", RIICHI], {
        "en": "wrong tile count: a hand has 13 tiles here (14 now; a kan counts 3); a hand one tile over: waits take "
              "the hand before its draw, and `tilelens score --game tokyo-mahjong 123m456p789s11z555z` scores a "
              "whole hand",
        "ja": "牌の枚数が違います: 手牌は13枚にしてください (いま 14枚。カンは3枚と数えます)。1枚多い手です: 待ちはツモる前の手で"
              "見ます。揃った手の点数は `tilelens score --game tokyo-mahjong 123m456p789s11z555z` で見られます"},
                 id="waits-riichi"),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv, lines", ONE_OVER)
def test_a_hand_one_tile_over_is_told_what_to_do(capsys, cli_env, argv, lines, lang):
    """`tilelens score` of a riichi hand of 15 says to score its 14 tiles; `tilelens waits` of a whole hand says that
    waits take the hand before its draw, and which `tilelens score` line scores it."""
    assert said(capsys, cli_env, lang, *argv) == (2, lines[lang])


# --- tilelens score: a riichi hand one tile over ----------------------------------------------------------------------

def test_a_riichi_hand_one_over_with_its_melds_counted_3_each_gets_the_hint(capsys, cli_env):
    code, line = said(capsys, cli_env, "en", "score", "--game", "tokyo-mahjong", "123m456p789s11z9p",
                      "--melds", "kan:5555z")
    assert code == 2 and line.startswith("wrong tile count: beside the melds, the concealed hand has 11 tiles here "
                                         "(12 now; a kan counts 3); a hand one tile over: score its 14 tiles "), line


def test_a_riichi_hand_one_over_with_four_of_a_kind_is_told_the_kan_alone(capsys, cli_env):
    code, line = said(capsys, cli_env, "en", "score", "--game", "tokyo-mahjong", "123m456p789s11z5555z")
    assert code == 2 and "--melds ankan:5555z" in line and "one tile over" not in line, line


def test_a_riichi_hand_two_tiles_over_gets_the_count_alone(capsys, cli_env):
    assert said(capsys, cli_env, "en", "score", "--game", "tokyo-mahjong", RIICHI + "9p9p") == (
        2, "wrong tile count: a hand has 14 tiles here (16 now; a kan counts 3)")


# --- tilelens waits: a whole hand -------------------------------------------------------------------------------------

def test_donjara_waits_of_a_whole_hand_keep_the_options_that_read_it(capsys, cli_env):
    hand = ["shibuya-rin", "shimamura-uzuki", "honda-mio"] * 3
    code, line = said(capsys, cli_env, "en", "waits", "--game", "cinderella-neo", "--scouted",
                      "shibuya-rin,shimamura-uzuki,honda-mio", *hand)
    assert code == 2 and ("`tilelens score --game cinderella-neo " + " ".join(hand)
                          + " --scouted shibuya-rin,shimamura-uzuki,honda-mio` scores a whole hand") in line, line


@pytest.mark.parametrize("argv", [["--game", "nogizaka", *NOGI],
                                  ["--game", "tokyo-mahjong", "123m456p789s11z", "--melds", "pon:555z"]])
def test_the_score_line_waits_name_runs(capsys, cli_env, argv):
    _, line = said(capsys, cli_env, "en", "waits", *argv)
    named = shlex.split(line.split("`")[1])
    assert named[:2] == ["tilelens", "score"] and main(named[1:]) == 0, line
    assert capsys.readouterr().out


def test_riichi_waits_of_a_whole_hand_keep_its_melds_in_the_score_line(capsys, cli_env):
    code, line = said(capsys, cli_env, "en", "waits", "--game", "tokyo-mahjong", "123m456p789s11z", "--melds",
                      "pon:555z")
    assert code == 2 and "`tilelens score --game tokyo-mahjong 123m456p789s11z --melds pon:555z`" in line, line


def test_riichi_waits_one_over_with_four_of_a_kind_are_told_the_kan_alone(capsys, cli_env):
    code, line = said(capsys, cli_env, "en", "waits", "--game", "tokyo-mahjong", "234m456p678s2z5555z")
    assert code == 2 and "--melds ankan:5555z" in line and "tilelens score" not in line, line
