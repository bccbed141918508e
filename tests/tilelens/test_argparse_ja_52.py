"""argparse's own errors (an option missing, two that do not go together, a value not among the choices, ...) in
Japanese where the command line speaks Japanese (``TILELENS_LANG=ja`` or a Japanese locale): they stayed English
while every other error was Japanese. Option names stay as they are typed; English stays as it was."""
from __future__ import annotations

import pytest

from scorer.cli import argparse_ja
from tilelens.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, japanese, option_names", [
    (["read", "h1.jpg"], "のどちらかを指定してください", ["--game", "--tileset"]),
    (["read", "h1.jpg", "--game", "nogizaka", "--kinds", "--json"], "一緒には使えません", ["--json", "--kinds"]),
    (["read", "h1.jpg", "--game", "nogizaka", "--turn", "5"], "選べません", ["--turn", "0・1・2・3"]),
    (["read"], "を指定してください", ["IMAGE"]),
    (["score", "1m"], "を指定してください", ["--game"]),
    (["waits", "1m"], "を指定してください", ["--game"]),
    (["score", "--game", "nogizaka", "--win", "x", "1"], "選べません", ["--win", "tsumo・ron"]),
    (["score", "--game", "nogizaka", "--players", "x", "1"], "整数ではありません", ["--players", "「x」"]),
    (["score", "--game", "nogizaka", "--bogus", "1"], "使えない引数です", ["--bogus"]),
    (["score", "--game"], "値を1つ指定してください", ["--game"]),
    (["score", "--game", "tokyo-mahjong", "--honba", "x", "1m"], "整数ではありません", ["--honba", "「x」"]),
    (["score", "--game", "tokyo-mahjong", "--bogus", "1m"], "使えない引数です", ["--bogus"]),
])
@pytest.mark.parametrize("env", [{"TILELENS_LANG": "ja"}, {"LANG": "ja_JP.UTF-8"}])
def test_argument_errors_in_japanese(cli_env, capsys, argv, japanese, option_names, env):
    cli_env(**env)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"tilelens {argv[0]}: ") and japanese in err, err
    for name in option_names:
        assert name in err
    assert "--help を見てください" in err  # the help to read, as the English line points to it
    for english in ("required", "not allowed", "invalid", "expected", "unrecognized", "see tilelens"):
        assert english not in err, err


def test_english_stays_as_it_was(cli_env, capsys):
    cli_env()
    _, _, err = run(capsys, "score", "1m")
    assert err == "tilelens score: the following arguments are required: --game (see tilelens score --help)\n"
    _, _, err = run(capsys, "read", "h1.jpg", "--game", "nogizaka", "--turn", "5")
    assert err == ("tilelens read: argument --turn: invalid choice: 5 (choose from 0, 1, 2, 3) "
                   "(see tilelens read --help)\n")


@pytest.mark.parametrize("english, japanese", [
    ("the following arguments are required: --game, IMAGE", "--game と IMAGE を指定してください"),
    ("one of the arguments --game --tileset is required", "--game か --tileset のどちらかを指定してください"),
    ("argument --json: not allowed with argument --kinds", "--json と --kinds は一緒には使えません"),
    ("argument --turn: invalid choice: 5 (choose from 0, 1, 2, 3)", "--turn: 「5」は選べません (選べるのは 0・1・2・3)"),
    ("argument --game: expected one argument", "--game: 値を1つ指定してください"),
    ("argument --hand: expected at least one argument", "--hand: 値を1つ以上指定してください"),
    ("argument --x: expected at most one argument", "--x: 値は1つまでです"),
    ("argument --x: expected 2 arguments", "--x: 値を2つ指定してください"),
    ("unrecognized arguments: --bogus x", "使えない引数です: --bogus x"),
    ("argument --seed: invalid int value: 'x'", "--seed: 「x」は整数ではありません"),
    ("argument --conf: invalid float value: 'x'", "--conf: 「x」は数ではありません"),
    ("argument --at: invalid stamp value: 'x'", "--at: 「x」は使えない値です"),
    ("ambiguous option: --wi could match --win, --winner", "--wi はどのオプションか決まりません (候補: --win, --winner)"),
    ("argument --riichi: ignored explicit argument 'x'", "--riichi は値を取りません (「x」)"),
])
def test_argparse_messages(english, japanese):
    assert argparse_ja(english) == japanese


def test_a_message_of_a_commands_own_is_not_guessed():
    assert argparse_ja("argument --count: must be a whole number 1 or more (got 0)") == ""
    assert argparse_ja("--yaku needs a GAME") == ""


@pytest.mark.parametrize("argv, line", [
    (["synth", "--game", "nogizaka"], "tilelens synth: エラー: --out を指定してください"),
    (["synth", "--game", "nogizaka", "--out", "x", "--hand", "a", "--layout", "q"],
     "tilelens synth: エラー: --layout: 「q」は選べません (選べるのは rack・flat・scattered・melds・grid)"),
    (["eval"], "tilelens eval: エラー: --data を指定してください"),
    (["train", "detector", "--bogus"], "tilelens train detector: エラー: 使えない引数です: --bogus"),
])
def test_commands_with_usage_lines_say_the_error_line_in_japanese(cli_env, capsys, argv, line):
    """synth, eval and train say an argument error after their usage lines: that line too."""
    cli_env(TILELENS_LANG="ja")
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith(("usage: ", "使い方: ")) and err.endswith(f"\n{line}\n"), err
    cli_env(TILELENS_LANG="en")
    with pytest.raises(SystemExit):
        main(argv)
    command = " ".join(argv[:2] if argv[0] == "train" else argv[:1])
    assert capsys.readouterr().err.splitlines()[-1].startswith(f"tilelens {command}: error: ")  # as it was
