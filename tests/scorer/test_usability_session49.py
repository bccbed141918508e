"""Scorer usability found by walking through the commands: a hand that does not win leads with the verdict (it
read as scored until its last line), Donjara's --win says its default, the no-yaku reason reads as one sentence,
a Donjara amount of 1 is "1 point", an empty or non-regular --game is said as what it is, riichi counters beyond
any table are refused, and the English unknown-tile error names the game by its English name."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer import cli as donjara_cli
from scorer.engine import score
from scorer.riichi import score as riichi_score
from scorer.result import UnknownTileError
from tilelens.cli import main

NOGI_NO_RIICHI = ["らりん"] * 3 + ["まりか"] * 3 + ["みなみ"] * 3
NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2 + ["almighty-god"]
NOGI_NO_YAKU = ["rarin"] * 3 + ["miona", "miona", "marika"] + ["kotoko", "kotoko", "minami"]
RIICHI_NO_YAKU = ["123m456p789s11z234m", "--win", "ron", "--win-tile", "4m"]
RIICHI_WIN = ["123m456p789s11z234m", "--riichi"]
HOUSE = Path(__file__).parent / "data" / "house-fruits.toml"
FRUIT_SALAD = ["apple", "apple", "lemon", "lemon", "banana", "banana"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. a hand that does not win says so first ------------------------------------------------------------

@pytest.mark.parametrize("lang,verdict,heading,yaku", [
    ("en", "not a win: a win needs a riichi first (worth 60 with one)", "the hand, were it a win (not paid):",
     "  基本セット (Basic set): 60 points"),
    ("ja", "上がりではありません: 上がるには先にリーチが必要です (リーチすれば60の手)", "上がりだったときの手 (支払いなし):",
     "  基本セット: 60点"),
])
def test_a_donjara_hand_without_riichi_leads_with_not_a_win(cli_env, capsys, lang, verdict, heading, yaku):
    """It printed "基本セット (Basic set): 60 points" and the groups first, the refusal last: read top-down, scored."""
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, "score", "--game", "nogizaka", *NOGI_NO_RIICHI)
    lines = out.splitlines()
    assert code == 0 and lines[0] == verdict and lines[1:3] == [heading, yaku], out
    assert len(lines) == 6  # the verdict, the heading of what it would be, the yaku, the three groups: nothing lost


def test_a_donjara_chombo_leads_with_the_chombo(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--winning-tile", "almighty-god", *NOGI_WIN)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("CHOMBO: ") and \
        lines[1] == "the hand as declared (not paid):" and lines[2].lstrip().startswith("基本セット"), out


def test_the_json_of_a_refused_win_is_as_it_was(capsys):
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--json", *NOGI_NO_RIICHI)
    d = json.loads(out)
    assert code == 0 and not d["winning"] and d["value"] == 60 and d["yaku"][0]["name"] == "基本セット"
    assert d["reason"] == "a win needs a riichi first (worth 60 with one)"


@pytest.mark.parametrize("lang,head,verdict", [
    ("en", "Tokyo Mahjong (riichi): ron on 4 Man (seat south, round east)", "not a win: furiten on "),
    ("ja", "東京麻雀: 四萬でロン (自風 南、場風 東)", "上がりではありません: "),
])
def test_a_riichi_hand_with_yaku_that_does_not_win_says_so_after_its_head(cli_env, capsys, lang, head, verdict):
    """A furiten ron printed "1 han 40 fu: 1,300 points" and its sets before "not a win"."""
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m",
                       "--win", "ron", "--discards", "1m")
    lines = out.splitlines()
    assert code == 0 and lines[0] == head and lines[1].startswith(verdict), out
    assert any("1,300" in line for line in lines[2:])  # what it is worth still said, below


# --- 2. Donjara --win says its default --------------------------------------------------------------------

def test_donjara_win_help_says_the_default_is_tsumo(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--game", "nogizaka", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "self-draw or a claimed discard (default: tsumo)" in out, out
    # and the default is unchanged: a hand given without --win is scored as a tsumo
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--json", *NOGI_WIN)
    assert json.loads(out)["win"] == "tsumo"


# --- 3. the no-yaku reason is one sentence ----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv", [["--game", "nogizaka", "--riichi", *NOGI_NO_YAKU],
                                  ["--game", "tokyo-mahjong", *RIICHI_NO_YAKU]], ids=["donjara", "riichi"])
def test_the_no_yaku_line_has_one_colon(cli_env, capsys, lang, argv):
    """"not a win: no yaku: the tiles do not form any yaku; ..." / "上がりではありません: 役なし: ..."."""
    cli_env(TILELENS_LANG=lang)
    code, out, _ = run(capsys, "score", *argv)
    verdict = next(line for line in out.splitlines() if line.startswith(("not a win", "上がりではありません")))
    assert code == 0 and verdict.count(":") == 1, verdict


def test_the_no_yaku_reasons_still_start_with_no_yaku():
    """What a script may match on (``reason.startswith("no yaku")``) stays."""
    assert score("nogizaka", NOGI_NO_YAKU, riichi=True).reason.startswith("no yaku ")
    r = riichi_score("tokyo-mahjong", "123m456p789s11z234m", win="ron", win_tile="4m")
    assert not r.winning and r.reason.startswith("no yaku,") and ":" not in r.reason and ":" not in r.reason_ja


# --- 4. one point ------------------------------------------------------------------------------------------

def test_an_amount_of_one_point_is_singular(tmp_path, capsys):
    house = tmp_path / "house.toml"
    house.write_text(HOUSE.read_text(encoding="utf-8").replace("points = 10\n", "points = 1\n", 1), encoding="utf-8")
    code, out, _ = run(capsys, "score", "--game", str(house), "--win", "ron", *FRUIT_SALAD)
    assert code == 0 and "Fruit salad" in out and "1 points" not in out, out
    assert "フルーツサラダ (Fruit salad): 1 point\n" in out and out.endswith("the winner receives 1 point\n"), out
    assert "pays 1 point" in out


def test_the_unit_after_other_amounts_is_as_before():
    game = load_game("nogizaka")
    assert (donjara_cli._currency(game, "en", 1), donjara_cli._currency(game, "en", 20)) == (" point", " points")
    assert donjara_cli._currency(game, "ja", 1) == "点"
    assert donjara_cli._currency(load_game("cinderella-neo"), "en", 1) == " x10,000 fans"


# --- 5. --game '' and --game /dev/null ---------------------------------------------------------------------

def test_an_empty_game_is_no_game_given(cli_env, capsys):
    for value in ("", "  "):
        with pytest.raises(GameFileError, match=r"^no game given") as refused:
            load_game(value)
        assert "folder" not in str(refused.value) and refused.value.message_ja.startswith("ゲームが指定されていません")
    code, _, err = run(capsys, "score", "--game", "", "rarin")
    assert code == 2 and err.startswith("tilelens score: no game given") and "folder" not in err, err
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "score", "--game", "", "rarin")
    assert code == 2 and err.startswith("tilelens score: ゲームが指定されていません"), err


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_device_is_not_said_to_be_missing(capsys):
    with pytest.raises(GameFileError) as refused:
        load_game("/dev/null")
    said = str(refused.value)
    assert "does not exist" not in said and "not a regular file" in said, said
    assert refused.value.message_ja == "ゲームファイル「/dev/null」は通常のファイルではありません: ゲームの .toml ファイルを指定してください"
    code, _, err = run(capsys, "score", "--game", "/dev/null", "rarin")
    assert code == 2 and "not a regular file" in err


def test_a_missing_file_is_still_said_missing(tmp_path):
    with pytest.raises(GameFileError, match="does not exist"):
        load_game(tmp_path / "nowhere.toml")


# --- 6. counters beyond any table --------------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--honba", "--riichi-sticks"])
@pytest.mark.parametrize("lang,said", [("en", "is more than any table has: write 0 to 99"),
                                       ("ja", "は多すぎます")])
def test_riichi_counters_beyond_any_table_are_refused(cli_env, capsys, option, lang, said):
    """--honba 99999999999999999999 printed a payment of 30,000,000,000,000,000,001,000 points."""
    cli_env(TILELENS_LANG=lang)
    for value in ("100", "99999999999999999999"):
        code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", *RIICHI_WIN, option, value)
        assert code == 2 and out == "" and err.count("\n") == 1 and said in err and f"{option} {value}" in err, err
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", *RIICHI_WIN, option, "99")
    assert code == 0 and out


def test_waits_refuses_them_too(capsys):
    code, _, err = run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z23m", "--honba", "100")
    assert code == 2 and "--honba 100 is more than any table has" in err, err


# --- 7. the English unknown-tile error names the game ------------------------------------------------------

@pytest.mark.parametrize("game,argv,tile,name", [
    ("yokai-watch", ["yokai-1x"], "yokai-1x", "Yokai Watch Donjara (yokai-watch"),
    ("nogizaka", ["rarim"], "rarim", "Nogizaka Donjara (nogizaka; did you mean: rarin?)"),
    ("tokyo-mahjong", ["123m456p789s11z234m", "--dora", "rarin"], "rarin", "Tokyo Mahjong (tokyo-mahjong)"),
])
def test_unknown_tile_names_the_game_in_english(capsys, game, argv, tile, name):
    """It said "unknown tile 'yokai-1x' for game yokai-watch" where the Japanese says 「妖怪ウォッチ ドンジャラ」."""
    code, _, err = run(capsys, "score", "--game", game, *argv)
    assert code == 2 and f"unknown tile {tile!r} for {name}" in err and "for game " not in err, err


def test_a_house_game_is_named_by_its_own_english_name():
    with pytest.raises(UnknownTileError) as refused:
        load_game(HOUSE).tile("durian")
    assert str(refused.value).startswith("unknown tile 'durian' for Fruit Donjara (house-fruits)"), str(refused.value)
    assert "「フルーツドンジャラ」" in refused.value.message_ja  # was " house-fruits ": its file was not found by id
