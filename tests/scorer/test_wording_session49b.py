"""Scorer wording in English: a Donjara amount is said in the game's English unit (``currency_en``: "20 points",
"12 x10,000 fans", as the app says it), not 点/万; riichi counts are singular or plural ("1 wait", "2 waits",
"1 tile", "13 tiles"), never "wait(s)"; both games lead a hand that does not win with "not a win:"
(上がりではありません: in Japanese) and a riichi hand of no winning shape says so once, not "not winning: not a
winning hand"; a riichi payment says its points. The Japanese text and ``--json`` stay as they were."""
from __future__ import annotations

import json

import pytest

from scorer import cli as donjara_cli
from scorer import riichi_cli
from scorer.riichi import score as riichi_score
from scorer.riichi_tiles import RiichiInputError
from tilelens.cli import main

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2 + ["almighty-god"]
NOGI_WAIT = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2
CINDERELLA_WIN = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako",
                  "igarashi-kyouko", "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
CHUUREN = "1112345678999m"  # nine waits
TANKI_EAST = "123m456p789s234s1z"  # one wait, east


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. a Donjara amount in English is in the game's English unit ---------------------------------------------

def test_english_donjara_score_says_points_not_ten(capsys):
    """It said "player 3 pays 20点" and "the winner receives 60点 + 10点 of riichi chips" in English."""
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI_WIN)
    assert code == 0 and "基本セット (Basic set): 60 points\n" in out, out
    assert "  player 3 pays 20 points\n" in out and "  the winner receives 60 points + 10 points of riichi chips" in out
    assert "点" not in out.replace("基本セット", "")


def test_english_cinderella_score_says_its_fans_unit_not_man(capsys):
    """It said "player 1 pays 4万" and "the winner receives 12万" in English."""
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", *CINDERELLA_WIN)
    assert code == 0 and out.startswith("ノーマルライブユニット (Normal Live Unit): 12 x10,000 fans\n"), out
    assert "  player 1 pays 4 x10,000 fans\n" in out and "  the winner receives 12 x10,000 fans" in out
    assert "万" not in out


def test_english_yokai_score_and_waits_say_points(capsys):
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", *YOKAI_WIN)
    assert code == 0 and "  player 1 pays 40 points\n" in out and "点" not in out.replace("基本セット", ""), out


def test_english_donjara_waits_say_the_unit_and_the_yaku_in_english(capsys):
    """It said "kotoko  琴子  基本セット 60点  [4 left]": a Japanese unit and a yaku an English reader cannot read."""
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", *NOGI_WAIT)
    first = out.splitlines()[0]
    assert code == 0 and first.startswith("kotoko ") and first.endswith(" 基本セット (Basic set) 60 points  [4 left]"), out
    assert "点" not in out.replace("基本セット", "")


@pytest.mark.parametrize("game,line", [
    ("cinderella-neo", "  60 x10,000 fans  シンデレラガールズ (Cinderella Girls): "),
    ("nogizaka", "  60 points  基本セット (Basic set): "),
])
def test_english_yaku_table_says_the_unit_in_english(capsys, game, line):
    code, out, _ = run(capsys, "games", game, "--yaku")
    assert code == 0 and out.startswith(line) and "万" not in out and "点" not in out.replace("基本セット", ""), out


def test_japanese_donjara_text_keeps_its_units(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI_WIN)
    assert code == 0 and "基本セット: 60点" in out and "が20点払う" in out, out
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", *CINDERELLA_WIN)
    assert code == 0 and "が4万払う" in out and "12万を受け取ります" in out, out
    code, out, _ = run(capsys, "games", "cinderella-neo", "--yaku")
    assert out.startswith("  60万  シンデレラガールズ"), out
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", *NOGI_WAIT)
    assert "基本セット 60点  [残り4枚]" in out, out


def test_donjara_json_carries_no_unit_and_keeps_its_numbers(capsys):
    """The JSON has numbers, no unit field: the English unit changes nothing there."""
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", *CINDERELLA_WIN)
    data = json.loads(out)
    assert code == 0 and data["points"] == 12 and [p["amount"] for p in data["payments"]] == [4, 4, 4]
    assert "currency" not in out and "fans" not in out and "万" not in out


# --- 2. riichi counts: singular or plural, never "(s)" ---------------------------------------------------------

def test_riichi_waits_count_is_singular_or_plural(capsys):
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z23m")
    assert code == 0 and out.startswith("2 waits:\n"), out
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", CHUUREN, "--dora", "9m")
    assert out.startswith("9 waits, 1 with none left:\n"), out
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", TANKI_EAST, "--discards", "1z", "1z", "--dora", "1z")
    assert out.startswith("1 wait, none left to win on: every copy is in view"), out


def test_riichi_one_wait_with_copies_left_says_wait():
    from scorer.riichi import waits

    found = waits("tokyo-mahjong", "123m456p789s11z55m")  # a pair wait on 1z or 5m: two
    assert riichi_cli.format_waits(found[:1], 1).startswith("1 wait:\n")


def test_riichi_far_hand_says_tiles_not_tile_s(capsys):
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z29m")
    assert code == 0 and out == "no waits: the hand is 2 tiles from a win\n", out


@pytest.mark.parametrize("hand,melds,said", [
    ("123m456p789s234s5p", [], "a hand has 14 tiles here (13 now; a kan counts 3)"),
    ("123m456p789s11z5555z", [], "a hand has 14 tiles here (15 now; a kan counts 3)"),
    ("123m456p789s11z5z", ["pon:777z"], "beside the melds, the concealed hand has 11 tiles here (12 now; "),
    ("123m456p789s1z", ["pon:777z", "pon:666z"], "beside the melds, the concealed hand has 8 tiles here (10 now; "),
])
def test_riichi_count_error_is_singular_or_plural(hand, melds, said):
    with pytest.raises(RiichiInputError) as info:
        riichi_score("tokyo-mahjong", hand, melds=melds)
    assert said in str(info.value) and "(s)" not in str(info.value), str(info.value)


# --- 3. one lead word for a hand that does not win, and no stutter ----------------------------------------------

def test_both_games_lead_a_non_win_with_the_same_words():
    for lang in ("en", "ja"):
        assert riichi_cli.WORDS[lang]["no_win"] == donjara_cli.RESULT_WORDS[lang]["no_win"], lang
    assert riichi_cli.WORDS["en"]["no_win"] == "not a win: {reason}"


def test_riichi_hand_of_no_winning_shape_says_so_once(cli_env, capsys):
    """It said "not winning: not a winning hand: 2 tile(s) from a win" and
    "上がりではありません: 上がりの形ではありません: 上がりまであと2枚"."""
    r = riichi_score("tokyo-mahjong", "123m456p789s11z258m")
    assert r.reason == "the tiles make no winning shape (2 tiles from a win)"
    assert r.reason_ja == "上がりの形になっていません (上がりまであと2枚)"
    r = riichi_score("tokyo-mahjong", "123m456p789s235s55p", win_tile="5s")
    assert r.reason == "the tiles make no winning shape (1 tile from a win)" and r.extra["tiles_from_win"] == 1
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "123m456p789s11z258m")
    assert code == 0 and out.splitlines()[1] == "not a win: the tiles make no winning shape (2 tiles from a win)", out
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "123m456p789s11z258m")
    assert out.splitlines()[1] == "上がりではありません: 上がりの形になっていません (上がりまであと2枚)", out


def test_riichi_furiten_leads_with_not_a_win(capsys):
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "123m456p789s34s55p", "2s", "--win-tile", "2s",
                       "--discards", "5s")
    assert code == 0 and "not a win: furiten" in out and "not winning" not in out, out


# --- 4. a riichi payment says its points -----------------------------------------------------------------------

def test_riichi_payments_and_sticks_say_points_in_english(capsys):
    """"discarder pays 1,300" and "riichi sticks on the table: 1,000; the winner receives 2,300": 1,300 of what,
    where the line above says "1,300 points" (the Japanese says 点 on each)."""
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "--riichi", "123m456p789s11z234m")
    assert code == 0 and "  discarder pays 1,300 points\n" in out, out
    assert "  riichi sticks on the table: 1,000 points; the winner receives 2,300 points" in out
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "--riichi", "--honba", "2", "123m456p789s11z234m")
    assert "  discarder pays 1,900 points (incl. 600 for 2 honba)\n" in out, out
