"""The Japanese command line's words after walkthrough W3: the router's list of commands in Japanese, a language
option said to be the environment's (TILELENS_LANG=jp taken for ja), the house table's note as a whole sentence,
argparse's lists of arguments as Japanese lists, time budgets that must be finite, limits with separators, and
`tilelens games GAME` by the tiles' Japanese names in columns a terminal lines up."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import catalog
from scorer.cli import argparse_ja, columns
from scorer.result import cli_lang
from tilelens.cli import main

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


# --- 16: the router's usage in Japanese ---------------------------------------------------------------------------

def test_an_unknown_command_lists_the_commands_in_japanese(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "bogus")
    assert code == 2 and out == ""
    assert err.startswith("tilelens: 「bogus」というコマンドはありません\n\n使い方: tilelens コマンド"), err
    assert "  score          手牌の点数を計算します" in err and "  ledger         成績表の" in err, err
    assert "usage:" not in err and "score a hand" not in err and "house tables" not in err, err
    assert "箱のままの表で遊ぶには--shipped-rulesを付けます" in "".join(err.split())


def test_the_usage_asked_for_is_in_the_language_chosen(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and out.startswith("使い方: ") and "コマンド:" in out
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys)
    assert code == 0 and out.startswith("usage: tilelens COMMAND") and "commands:" in out


def test_every_command_has_its_japanese_line():
    from tilelens.cli import COMMANDS, COMMANDS_JA, _usage

    assert set(COMMANDS_JA) == set(COMMANDS)
    usage = _usage("ja")
    for name in COMMANDS:
        assert f"  {name:<14} {COMMANDS_JA[name]}" in usage


# --- 18: the language is chosen by the environment -----------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("ja", "「--lang」というコマンドはありません (言語は TILELENS_LANG=ja で選びます)"),
                                        ("en", "unknown command '--lang' (choose the language with TILELENS_LANG=ja)")])
def test_a_language_option_says_how_the_language_is_chosen(cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "--lang", "ja", "score")
    assert code == 2 and err.splitlines()[0] == f"tilelens: {said}", err


@pytest.mark.parametrize("value", ["jp", "JP", "ja_JP", "ja_JP.UTF-8", "ja"])
def test_tilelens_lang_jp_and_ja_jp_are_japanese(cli_env, capsys, value):
    cli_env(TILELENS_LANG=value)
    assert cli_lang() == "ja"
    code, _, err = run(capsys, "scor")
    assert code == 2 and err.splitlines() == [
        "tilelens: 「scor」というコマンドはありません (もしかして: score)", "", *err.splitlines()[2:]]
    assert "対応していません" not in err and "not supported" not in err


# --- 10: the house table's note --------------------------------------------------------------------------------------

def test_the_house_table_note_ends_in_a_whole_sentence(home, cli_env, capsys):
    folder = home / "games" / "nogizaka"
    folder.mkdir(parents=True)
    path = folder / "0123abcd.toml"
    path.write_text(NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n"), encoding="utf-8")
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "score", "--game", "nogizaka", *HAND, "--riichi")
    assert code == 0
    note = next(line for line in err.splitlines() if "ハウスルールを使います" in line)
    assert note.endswith("箱のままのルールで遊ぶには --shipped-rules を付けます"), note


# --- 17: argparse's lists of arguments --------------------------------------------------------------------------------

@pytest.mark.parametrize("english, japanese", [
    ("the following arguments are required: --to, out", "--to と out を指定してください"),
    ("the following arguments are required: --name, --data, --game", "--name、--data と --game を指定してください"),
    ("the following arguments are required: dir", "dir を指定してください"),
    ("the following arguments are required: {list,show,csv,totals}", "{list,show,csv,totals} を指定してください"),
    ("one of the arguments --game --tileset is required", "--game か --tileset のどちらかを指定してください"),
    ("one of the arguments ID --all is required", "ID か --all のどちらかを指定してください"),
    ("one of the arguments --a --b --c is required", "--a、--b、--c のどれかを指定してください"),
])
def test_argument_lists_are_said_as_japanese_lists(english, japanese):
    assert argparse_ja(english) == japanese


def test_label_export_without_to_and_out_says_both_with_to(cli_env, capsys, tmp_path):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "label", "export", str(tmp_path))
    assert code == 2 and err.splitlines()[-1] == "tilelens label export: エラー: --to と out を指定してください", err


# --- 19: a time budget is finite; a limit with separators -----------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("ja", "--minutes: 有限の数にしてください (いま inf)"),
                                        ("en", "argument --minutes: must be a finite number, got inf")])
def test_an_infinite_time_budget_is_said_to_be_no_finite_number(cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "train", "classifier", "--minutes", "inf")
    assert code == 2 and said in err.splitlines()[-1], err
    assert "より大きく" not in err and "more than 0" not in err


@pytest.mark.parametrize("lang, said", [("ja", "--count: 1,000,000 以下にしてください (いま 2000000)"),
                                        ("en", "argument --count: must be at most 1,000,000, got 2000000")])
def test_the_most_photos_is_said_with_separators(cli_env, capsys, tmp_path, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "synth", "--game", "nogizaka", "--out", str(tmp_path / "x"), "--count", "2000000")
    assert code == 2 and said in err.splitlines()[-1], err


# --- 12: a game's tiles in Japanese ---------------------------------------------------------------------------------

def test_games_says_a_member_by_her_japanese_name(home, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", "nogizaka")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("misa-senpai "))
    assert "メンバー=みさ先輩" in line and "メンバー=misa-senpai" not in line, line
    cli_env(TILELENS_LANG="en")
    _, out, _ = run(capsys, "games", "nogizaka")
    assert "member=misa-senpai" in out  # English says the id, as the file writes it


def test_games_lines_up_the_attributes_by_display_width(home, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", "cinderella-neo")
    assert code == 0
    starts = {columns(line[:line.index("タイプ=")]) for line in out.splitlines() if "タイプ=" in line}
    assert len(starts) == 1, starts  # 島村卯月 and 水本ゆかり were a column apart


def test_a_near_train_kind_is_asked_with_a_full_width_question_mark(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "train", "detektor")
    assert code == 2 and err.rstrip().endswith("(detector のことですか?)"), err


@pytest.mark.parametrize("argv", [["score", "--game", "nogizaka", "--lang", "ja", "rarin"],
                                  ["label", "init", "ds", "--lang=ja"]])
@pytest.mark.parametrize("lang, said", [("ja", "(言語は TILELENS_LANG=ja で選びます)"),
                                        ("en", "(choose the language with TILELENS_LANG=ja)")])
def test_a_commands_language_option_says_how_the_language_is_chosen(cli_env, capsys, tmp_path, monkeypatch, argv,
                                                                     lang, said):
    monkeypatch.chdir(tmp_path)
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, *argv)
    assert code == 2 and said in err.splitlines()[-1] and "--lang" in err.splitlines()[-1], err
