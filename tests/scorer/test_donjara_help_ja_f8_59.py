"""Session 59 (F8): a riichi game's `score --help` and `waits --help` were Japanese under TILELENS_LANG=ja, a Donjara
game's (and `tilelens score --help` with no game, and `games --help`) English: a Japanese reader saw one game's help
in Japanese and another's in English. Under ja each Donjara option's help is Japanese, as are the description,
argparse's headings and the epilog's own sentences (the same ``scorer.cli.say_help_in_japanese``); under en the help
stays English."""
from __future__ import annotations

import re

import pytest

from help_ja_helpers import (JAPANESE, assert_fits_and_names_whole, help_blocks, help_of, help_said,
                             lang)  # noqa: F401 - a fixture
from scorer.cli import games_main, score_main, waits_main
from tilelens.cli import main

# Every option each Donjara help lists, with a word its Japanese help must say.
COMMON = {"-h": "ヘルプ", "--shipped-rules": "箱", "--json": "JSON"}
SCORE_OPTIONS = {
    **COMMON, "--game": "ゲーム", "--win": "ツモ", "--players": "人数", "--riichi": "リーチ", "--favourite": "担当アイドル",
    "--no-favourite-doubling": "ハウスルール", "--dealt-tenpai": "配牌", "--winning-tile": "上がり牌",
    "--own-discard": "捨て", "--declared": "宣言", "--pot": "チップ", "--local": "ローカル役", "--scouted": "スカウト",
    "--remainder-payer": "じゃんけん",
}
WAITS_OPTIONS = {**COMMON, "--game": "ゲーム", "--local": "ローカル役", "--scouted": "スカウト"}
GAMES_OPTIONS = {**COMMON, "--yaku": "役"}
HELPS = {  # command: (handler, argv before --help, options)
    "score": (score_main, ["--game", "nogizaka"], SCORE_OPTIONS),
    "score (no game)": (score_main, [], SCORE_OPTIONS),
    "waits": (waits_main, ["--game", "cinderella-neo"], WAITS_OPTIONS),
    "games": (games_main, [], GAMES_OPTIONS),
}


@pytest.mark.parametrize("command", HELPS)
def test_under_ja_each_donjara_option_is_said_in_japanese(capsys, lang, command):
    lang("ja")
    handler, argv, wanted = HELPS[command]
    out = help_of(capsys, argv, handler)
    blocks = help_blocks(out, "オプション:")
    assert set(blocks) == set(wanted), sorted(set(blocks) ^ set(wanted))
    for option, word in wanted.items():
        said = re.sub(r"\s+", "", help_said(blocks[option]))  # a line may break inside a Japanese word
        assert word in said and JAPANESE.search(said.replace(word, "") or word), (option, blocks[option])
    name = command.split()[0]
    assert out.startswith(f"使い方: tilelens {name} ") and "\n位置引数:\n" in out and "\nオプション:\n" in out
    description = out.split("\n位置引数:\n")[0].split("\n\n", 1)[1]
    assert JAPANESE.search(description), description
    for english in ("show this help message", "positional arguments", "usage:", "options:", "Exit status",
                    "print one JSON", "play the box's table", "one of cinderella-neo"):
        assert english not in out, english


@pytest.mark.parametrize("command", ["score", "waits"])
def test_under_ja_the_tiles_and_the_epilog_are_japanese(capsys, lang, command):
    lang("ja")
    handler, argv, _ = HELPS[command]
    out = help_of(capsys, argv, handler)
    epilog = " ".join(out.split("\nオプション:\n")[1].split("\n\n", 1)[1].split())
    assert "終了ステータス" in epilog and "--json は" in epilog and "Exit status" not in epilog
    if command == "score":
        assert "牌" in help_said(help_blocks(out, "位置引数:")["TILE"])
        assert "tilelens score --game tokyo-mahjong --help" in epilog  # a riichi game's own options
        assert "TILELENS_LANG=en tilelens score --help" in epilog  # each key's meaning: the English help
        assert "unused_options" in epilog and "the game's id" not in epilog
    else:
        assert "all_waits_chombo" in out and "オールマイティ" in out


def test_the_games_positional_is_said_in_japanese(capsys, lang):
    lang("ja")
    said = help_said(help_blocks(help_of(capsys, [], games_main), "位置引数:")["game"])
    assert "ゲーム" in said and "牌" in said, said


@pytest.mark.parametrize("argv", [["score", "--game", "yokai-watch", "--help"], ["waits", "--help"],
                                  ["games", "--help"], ["help", "score"]])
def test_the_router_says_it_in_japanese_too(capsys, lang, argv):
    lang("ja")
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert out.startswith("使い方: tilelens ") and "このヘルプを表示して終了します" in out, out[:300]


@pytest.mark.parametrize("command", HELPS)
def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang, command):
    lang("ja")
    handler, argv, _ = HELPS[command]
    assert_fits_and_names_whole(help_of(capsys, argv, handler))


@pytest.mark.parametrize("command", HELPS)
def test_under_en_the_help_stays_english(capsys, lang, command):
    lang("en")
    handler, argv, wanted = HELPS[command]
    out = help_of(capsys, argv, handler)
    assert out.startswith("usage: tilelens ") and "\noptions:\n" in out
    blocks = help_blocks(out, "options:")
    assert set(blocks) == set(wanted)
    for option, block in blocks.items():
        assert not JAPANESE.search(block), (option, block)
    assert JAPANESE.search(out) is None
    if command.startswith("score"):
        assert "the winner's favourite idol (doubles the payout)" in out and '"game"                 the game\'s id' in out
        assert "Exit status: 0 when the hand is scored" in out
    if command == "waits":
        assert "List every tile that completes a hand one tile short." in out and "Exit status: 0" in out
    if command == "games":
        assert "list the game's yaku table instead of its tiles" in out
