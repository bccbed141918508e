"""Scorer wording: the unused-option lines are words of the table like the rest, a Japanese number is written
against its counter ("8枚", never "8 枚") in every scorer message, a refused win's worth keeps the game's unit in
English too (Cinderella Girls' "x10,000 fans"), an English chombo line says "chombo" once, and a Japanese list
of yaku or fu is separated by 、 (not an English comma)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorer
from scorer import cli as donjara_cli
from scorer.engine import score
from scorer.result import game_file_ja
from tilelens.cli import main

CINDERELLA_WIN = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako",
                  "igarashi-kyouko", "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2 + ["almighty-god"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. the unused-option lines come from the words table --------------------------------------------------

UNUSED = [{"option": "--local", "why": "nogizaka has no local yaku", "why_ja": "「乃木坂ドンジャラ」にはローカル役がありません"}]


def test_unused_option_words_are_in_the_result_words_table():
    for lang in ("en", "ja"):
        assert "unused" in donjara_cli.RESULT_WORDS[lang], lang


@pytest.mark.parametrize("lang,line", [
    ("en", "(--local changes nothing: nogizaka has no local yaku)"),
    ("ja", "(--local は使われません: 「乃木坂ドンジャラ」にはローカル役がありません)")])
def test_unused_option_lines_are_said_as_before(lang, line):
    assert donjara_cli.format_unused(UNUSED, lang) == [line]
    assert donjara_cli.format_unused([], lang) == []


# --- 2. no space between a number and its counter in Japanese ----------------------------------------------

COUNTERS = "枚|人|回|本場|本|つ|組|種類|種|個|件|点|翻|符|行目|文字目"
SPACED = re.compile(rf"(?:\d|\}}) +(?:{COUNTERS})")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_no_scorer_source_line_spaces_a_number_from_its_counter():
    """Every Japanese message of the scorer (a literal, or a placeholder before a counter)."""
    found = []
    for path in sorted(Path(scorer.__file__).parent.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if JAPANESE.search(line) and SPACED.search(line):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("argv,said", [
    (["score", "--game", "nogizaka", "rarin", "rarin"], "9枚にしてください (いま 2枚)"),
    (["score", "--game", "nogizaka", "--players", "5", *NOGI_WIN], "4人で遊びます。人数を 4人にしてください (いま 5人)"),
    (["score", "--game", "nogizaka", "--pot", "15", *NOGI_WIN], "リーチのチップは1枚10点です"),
    (["waits", "--game", "nogizaka", *NOGI_WIN, "rarin"], "8枚にしてください (いま 10枚)"),
    (["score", "--game", "tokyo-mahjong", "123m456p789s11z23m"], "手牌は14枚にしてください (いま 13枚。カンは3枚と数えます)"),
    (["score", "--game", "tokyo-mahjong", "--melds", "pon:2222z", "123m456p789s11z"], "ポンは 3枚です (4枚あります)"),
    (["score", "--game", "tokyo-mahjong", "--riichi", "--win-tile", "4s", "--dora", "1p", "--ura", "1m", "2m", "--",
      "234m456p678s234s55p"], "裏ドラ表示牌が 2枚ありますが、ドラ表示牌は 1枚です。裏ドラ表示牌はドラ表示牌1枚につき1枚です"),
])
def test_japanese_input_errors_write_the_counter_against_the_number(cli_env, capsys, argv, said):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, *argv)
    assert code == 2 and said in err, err


def test_a_toml_error_says_its_line_and_column_without_spaces():
    said = game_file_ja("house.toml: not valid TOML: Expected '=' after a key in a key/value pair (at line 2, column 6)")
    assert said == "house.toml: TOML の書き方が正しくありません (2行目 6文字目): キーのあとに = がありません"


# --- 3. a refused win's worth keeps the game's unit in English ---------------------------------------------

def test_cinderella_worth_without_riichi_says_its_unit_in_english(cli_env, capsys):
    """It said "(worth 12 with one)": 12 of what? The game's data names its unit "x10,000 fans" (万)."""
    r = score("cinderella-neo", CINDERELLA_WIN)
    assert not r.winning and r.reason == "a win needs a riichi (Standby) first (worth 120,000 fans with one)"
    assert "(リーチすれば12万の手)" in r.reason_ja  # the Japanese already had its 万
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", *CINDERELLA_WIN)
    assert code == 0 and "not a win: a win needs a riichi (Standby) first (worth 120,000 fans with one)" in out


def test_points_stay_unsaid_in_a_worth_as_in_japanese():
    r = score("nogizaka", NOGI_WIN)
    assert r.reason == "a win needs a riichi first (worth 60 with one)" and "(リーチすれば60の手)" in r.reason_ja


# --- 4. what else the text said wrong ----------------------------------------------------------------------

def test_english_chombo_line_says_chombo_once(cli_env, capsys):
    """It said "CHOMBO (win-on-almighty): chombo: winning on an Almighty tile is not allowed; penalty 300"."""
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--winning-tile", "almighty-god", *NOGI_WIN)
    assert code == 0 and "CHOMBO: winning on an Almighty tile is not allowed; penalty 300" in out
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--json", "--riichi", "--winning-tile", "almighty-god",
                       *NOGI_WIN)
    assert '"reason": "chombo: winning on an Almighty tile is not allowed; penalty 300 points"' in out  # its unit (50)


def test_japanese_riichi_lists_are_separated_by_the_japanese_comma(cli_env, capsys):
    """"符の内訳: 副底 30, 役牌の雀頭 2" and "ツモ: 2,000 (2翻 30符: 門前清自摸和 1, 一盃口 1)": an English comma
    in a Japanese list (and in the waits' 2,000 it reads as a thousands comma)."""
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "--riichi", "123m456p789s11z234m")
    assert code == 0 and "符の内訳: 副底 20、門前加符 10、役牌の雀頭 2" in out, out
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z23m")
    assert code == 0 and "ツモ: 2,000点 (2翻 30符: 門前清自摸和 1翻、一盃口 1翻)" in out, out
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z23m")
    assert "Menzen Tsumo (closed self-draw) 1, Iipeikou (twin sequences) 1" in out  # English keeps its comma


@pytest.mark.parametrize("argv,said", [
    (["score", "--game", "tokyo-mahjong", "--dora", "3m", "123m456p789s11z234m"],
     "手牌がありません: --game のすぐ後に手牌 (例: 123m456p789s1122z) を書いてください (--dora-indicators が 3m "
     "123m456p789s11z234m を取りました: 並びはその後の語をすべて取ります)"),
    (["score", "--game", "tokyo-mahjong", "123m456p789s11z234m", "--ura", "1m"],
     "裏ドラ表示牌はリーチしたときだけ数えます: --ura-dora-indicators 1m が --riichi・--double-riichi・--open-riichi "
     "なしで指定されています"),
    (["score", "--game", "tokyo-mahjong", "123m456p789s11z234m", "--riichi", "--riichi-sticks", "0"],
     "--riichi-sticks 0: リーチした上がりでは自分のリーチ棒が場にあるので1本以上にしてください"),
    (["score", "--game", "tokyo-mahjong", "123m456p789s11z234m", "--win", "tsumo", "--discarder", "west"],
     "--discarder west と --win tsumo: 放銃者はロンのときだけです。ツモではほかの全員が払います"),
])
def test_riichi_option_errors_are_said_in_japanese(cli_env, capsys, argv, said):
    """A Japanese command line said these four in English only ("no hand given: write HAND ...")."""
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, *argv)
    assert code == 2 and err == f"tilelens score: {said}\n", err


WONDERFUL = ["shimamura-uzuki", "shibuya-rin", "honda-mio", "akagi-miria", "anasutashia", "abe-nana", "kanzaki-ranko",
             "kohinata-miho", "jougasaki-mika"]


def test_a_yaku_whose_english_name_is_its_name_is_said_once(cli_env, capsys):
    """"WONDERFUL M@GIC!! (WONDERFUL M@GIC!!): 48万" and the same in `tilelens games --yaku`."""
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", *WONDERFUL)
    assert code == 0 and out.startswith("WONDERFUL M@GIC!!: 48 x10,000 fans\n"), out
    code, out, _ = run(capsys, "games", "cinderella-neo", "--yaku")
    assert code == 0 and "  48 x10,000 fans  WONDERFUL M@GIC!!: all 9 from" in out and "(WONDERFUL M@GIC!!)" not in out, out
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", *CINDERELLA_WIN)
    assert out.startswith("ノーマルライブユニット (Normal Live Unit): 12 x10,000 fans\n")  # a name in two languages: both
