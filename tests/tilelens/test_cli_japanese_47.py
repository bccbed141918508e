"""The command line in Japanese: ``TILELENS_LANG=ja`` (or a Japanese POSIX locale) makes `tilelens` say its
errors and its `score`, `waits` and `games` text in Japanese; `--json` stays the same in both languages."""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main

README_HAND = ["島村卯月", "shibuya-rin", "honda-mio", "十時愛梨", "神崎蘭子", "高垣楓", "安部菜々", "北条加蓮", "鷺沢文香"]
CINDERELLA = ["score", "--game", "cinderella-neo", "--win", "tsumo", "--riichi", *README_HAND]
RIICHI = ["score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m", "--riichi"]
NOGI_WAITS = ["waits", "--game", "nogizaka", "らりん", "らりん", "らりん", "まりか", "まりか", "まりか", "みなみ", "みなみ"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_language_from_the_environment():
    from scorer.result import cli_lang

    assert cli_lang({}) == "en"
    assert cli_lang({"TILELENS_LANG": "ja"}) == "ja"
    assert cli_lang({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert cli_lang({"TILELENS_LANG": "en", "LANG": "ja_JP.UTF-8"}) == "en"
    assert cli_lang({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"  # LC_ALL is said first (POSIX)
    assert cli_lang({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}) == "ja"
    assert cli_lang({"LC_ALL": "", "LANG": "ja_JP.UTF-8"}) == "ja"  # an empty variable is no choice
    assert cli_lang({"TILELENS_LANG": "fr", "LANG": "ja_JP.UTF-8"}) == "ja"  # a language it has not: the locale's


def test_unknown_tile_error_is_said_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "shimamura-uzki", *README_HAND[1:])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("tilelens score: 「") and "に「shimamura-uzki」という牌はありません" in err and "もしかして" in err
    assert "unknown tile" not in err


def test_argparse_errors_and_the_yaku_error_are_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "score", *README_HAND)
    assert code == 2 and "--game を指定してください" in err  # argparse's words too (tests/tilelens/test_argparse_ja_52.py)
    code, _, err = run(capsys, "games", "--yaku")  # English only until session 53
    assert code == 2 and "--yaku にはゲーム (GAME) を指定してください" in err and "needs a GAME" not in err


def test_cinderella_girls_win_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, *CINDERELLA)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "シンデレラガールズ: 60万"
    assert "歴代シンデレラガール: 十時愛梨 神崎蘭子" in out  # the group and its tiles by their Japanese names
    assert "  プレイヤー1が20万払う" in lines and "  プレイヤー3が20万払う" in lines
    assert lines[-1] == "ライブスタート！ 60万を受け取ります"  # its own cry (session 54)
    assert "Cinderella Girls" not in out and "pays" not in out and "winner" not in out


def test_a_hand_that_does_not_win_says_why_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    argv = [a for a in CINDERELLA if a != "--riichi"]
    code, out, _ = run(capsys, *argv, "--json")
    reason_ja = json.loads(out)["reason_ja"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.splitlines()[0] == f"上がりではありません: {reason_ja}"  # the verdict first (session 49)
    assert "not a win" not in out


def test_riichi_hand_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, *RIICHI)
    assert code == 0
    assert out.splitlines()[0] == "東京麻雀: 四萬でロン (自風 南、場風 東)"  # the tile as people say it (53)
    assert "  立直" in out and "役牌 白" in out and " 1翻" in out and "2翻 40符: 2,600点" in out
    assert "Riichi" not in out and "han" not in out and "pays" not in out
    assert "符の内訳: 副底 20、門前加符 10" in out and "放銃者が2,600点払う" in out
    assert "場のリーチ棒 1,000点も受け取り、合計 3,600点" in out


def test_riichi_hand_that_does_not_win_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    argv = ["score", "--game", "tokyo-mahjong", "123m456p789s34s55p", "2s", "--win-tile", "2s", "--discards", "5s"]
    _, out, _ = run(capsys, *argv, "--json")
    reason_ja = json.loads(out)["reason_ja"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and f"上がりではありません: {reason_ja}" in out and "平和" in out and "furiten" not in out


def test_a_japanese_locale_alone_switches(cli_env, capsys):
    cli_env(LANG="ja_JP.UTF-8")
    _, out, _ = run(capsys, *CINDERELLA)
    assert out.startswith("シンデレラガールズ: 60万") and "払う" in out


def test_tilelens_lang_en_wins_over_a_japanese_locale(cli_env, capsys):
    cli_env(TILELENS_LANG="en", LANG="ja_JP.UTF-8")
    _, out, _ = run(capsys, *CINDERELLA)
    assert out.startswith("シンデレラガールズ (Cinderella Girls): 60 x10,000 fans") and "the winner receives 60 x10,000 fans" in out
    _, _, err = run(capsys, "score", "--game", "cinderella-neo", "shimamura-uzki", *README_HAND[1:])
    assert "unknown tile 'shimamura-uzki'" in err


@pytest.mark.parametrize("argv", [
    CINDERELLA, [a for a in CINDERELLA if a != "--riichi"], RIICHI, NOGI_WAITS,
    ["waits", "--game", "tokyo-mahjong", "2345678m123p567s", "--riichi"], ["games"], ["games", "nogizaka"],
    ["games", "nogizaka", "--yaku"], ["games", "tokyo-mahjong", "--yaku"],
], ids=["win", "no-win", "riichi", "waits", "riichi-waits", "games", "game", "yaku", "riichi-yaku"])
def test_json_is_the_same_in_both_languages(cli_env, capsys, monkeypatch, argv):
    cli_env(TILELENS_LANG="en")
    _, english, _ = run(capsys, *argv, "--json")
    monkeypatch.setenv("TILELENS_LANG", "ja")
    _, japanese, _ = run(capsys, *argv, "--json")
    assert japanese == english and json.loads(japanese)


def test_waits_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, *NOGI_WAITS)
    assert code == 0
    assert "みなみ" in out and "基本セット 60点" in out and "残り4枚" in out and "left" not in out
    assert "オールマイティで上がるとチョンボ" in out or "チョンボ" in out
    _, out, _ = run(capsys, "waits", "--game", "nogizaka", *["rarin", "marika", "minami", "kotoko"] * 2)
    assert out.startswith("待ちはありません: 上がりまであと") and "枚" in out


def test_riichi_waits_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "waits", "--game", "tokyo-mahjong", "2345678m123p567s", "--riichi")
    assert code == 0 and out.startswith("待ち 3種類:") and "二萬 (残り3枚)" in out
    assert "ロン:" in out and "ツモ:" in out and "1翻 40符: 立直 1" in out and "Riichi" not in out


def test_games_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    _, out, _ = run(capsys, "games")
    assert "乃木坂ドンジャラ" in out and "81枚" in out and "17種類" in out and "tiles" not in out
    assert out.splitlines()[1].index("乃木坂ドンジャラ") < out.splitlines()[1].index("Nogizaka")
    _, out, _ = run(capsys, "games", "tokyo-mahjong", "--yaku")
    assert "門前のみ" in out and "翻" in out and "han" not in out and "(Riichi)" not in out
    _, out, _ = run(capsys, "games", "nogizaka", "--yaku")
    assert "60点  基本セット" in out and "(Basic set)" not in out


def test_language_and_payment_helpers_examples():
    import doctest

    from scorer import result

    assert doctest.testmod(result).failed == 0
    assert result.payment_note_ja(
        "includes one part of the remainder; rock-paper-scissors decides who pays it").startswith("端数")
