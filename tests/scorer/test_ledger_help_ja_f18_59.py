"""Session 59 (F18): under TILELENS_LANG=ja `tilelens ledger --help` (and each action's: list, show, csv, totals,
merge) and `tilelens enroll --help` said every option, the description and the long epilog in English, while
score/waits/games/read/check/eval/label said theirs in Japanese (F2, F8, F9). Under ja each option's help is
Japanese, as are the description, argparse's headings, `ledger`'s list of actions and the epilog's own sentences
(what each action does, what is refused, the exit statuses, --json the same in both languages; the rest in the
English help, which it points to), in the words the ledger page and the ledger's Japanese messages use (成績表,
対局, 夜, ほかのパソコン, リーチ棒, ウマ・オカ), by the same ``scorer.cli.say_help_in_japanese``; under en the help
stays English."""
from __future__ import annotations

import re

import pytest

from help_ja_helpers import (JAPANESE, actions_listed, assert_fits_and_names_whole, help_of, help_options, help_said,
                             lang)  # noqa: F401 - a fixture
from tilelens.cli import main

COMMON = {"-h": "ヘルプ", "--shipped-rules": "箱"}
DB = {"--db": "成績表"}
# Each command's options (and positionals), with a word its Japanese help must say; None: no help in English either.
LEDGER_ACTIONS = {"list": "一覧", "show": "局", "csv": "CSV", "totals": "合計", "merge": "ほかのパソコン"}
LEDGER = {
    "list": {**DB, "--json": "JSON"},
    "show": {"ID": "対局", **DB, "--json": "JSON"},
    "csv": {"ID": "対局", "--all": "すべて", "--standings": "順位", **DB, "--out": "書き出す", "--force": "上書き"},
    "totals": {"ID": "合計", "--since": "以降", "--until": "以前", "--evening": "夜", **DB, "--csv": "CSV",
               "--out": "書き出す", "--force": "上書き", "--json": "JSON"},
    "merge": {"OTHER": "ほかのパソコン", "--db": "成績表", "--dry-run": "何も変えず"},
}
ENROLL = {"-h": "ヘルプ", "--name": "牌セット", "--data": "写真", "--base": "分類器", "--game": "ゲーム",
          "--minutes": "学習", "--epochs": "エポック", "--crop-size": None, "--width": "幅", "--lr": "学習率",
          "--models": "モデル", "--work": "フォルダ", "--resume": "続き", "--val": "正解率", "--hold-out": "割合",
          "--no-detector-crops": "検出器", "--orient-minutes": "向きのモデル", "--orient-threshold": "向き",
          "--orient-only": "向きのモデル", "--replace": "上書き", "--seed": None}
HELPS = {  # command: (argv before --help, options)
    "ledger": (["ledger"], {**COMMON, **DB}),
    **{f"ledger {action}": (["ledger", action], {**COMMON, **options}) for action, options in LEDGER.items()},
    "enroll": (["enroll"], ENROLL),
}
# English that the Japanese help no longer says (argparse's own words, and a line of each command's English help).
ENGLISH = ("show this help message", "positional arguments", "usage:", "options:", "Exit status", "exit status",
           "play the box's table", "the ledger file", "each match on one line", "the match's id",
           "every match, one file each", "the matches to add up", "the other laptop's ledger file",
           "tile set name", "labelled photos", "training time", "the same in every language", "Delete this match")


def _epilog(out: str) -> str:
    return out.split("\nオプション:\n")[1].split("\n\n", 1)[1]


@pytest.mark.parametrize("command", HELPS)
def test_under_ja_each_option_is_said_in_japanese(capsys, lang, command):
    lang("ja")
    argv, wanted = HELPS[command]
    out = help_of(capsys, argv)
    blocks = help_options(out, "位置引数:", "オプション:", LEDGER_ACTIONS)
    assert set(blocks) == set(wanted), sorted(set(blocks) ^ set(wanted))
    for option, word in wanted.items():
        said = re.sub(r"\s+", "", help_said(blocks[option]))  # a line may break inside a Japanese word
        if word is None:  # no help in English either
            assert said == "", (option, blocks[option])
            continue
        assert word in said and JAPANESE.search(said.replace(word, "") or word), (option, blocks[option])
    assert out.startswith(f"使い方: tilelens {command} ") and "\nオプション:\n" in out, out[:200]
    for english in ENGLISH:
        assert english not in out, (english, out)
    assert "コンピューター" not in out  # the ledger's messages say パソコン, as its page does


@pytest.mark.parametrize("command", HELPS)
def test_under_ja_the_description_is_japanese(capsys, lang, command):
    lang("ja")
    out = help_of(capsys, HELPS[command][0])
    description = re.split(r"\n(位置引数|オプション):\n", out)[0].split("\n\n", 1)[1]
    assert JAPANESE.search(description) and not re.search("[a-z]{4,} [a-z]{4,}", description), description


def test_under_ja_ledgers_actions_are_said_in_japanese(capsys, lang):
    lang("ja")
    lines = actions_listed(help_of(capsys, ["ledger"]))
    assert set(lines) == set(LEDGER_ACTIONS), lines
    for action, word in LEDGER_ACTIONS.items():
        said = re.sub(r"\s+", "", lines[action])
        assert word in said and JAPANESE.search(said.replace(word, "")), (action, lines[action])


def test_under_ja_the_ledger_epilog_says_each_action_and_what_a_user_must_know(capsys, lang):
    lang("ja")
    out = help_of(capsys, ["ledger"])
    epilog = _epilog(out)
    # the command lines as typed, as the English help lists them
    assert "  tilelens ledger list [--db PATH] [--json]\n" in epilog
    assert "  tilelens ledger merge OTHER [--db PATH] [--dry-run]\n" in epilog
    assert "  tilelens ledger totals [ID ...] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--db PATH] [--json]\n" in epilog
    flat = re.sub(r"\s+", "", epilog)
    for said in ("終了ステータス", "2", "--json", "言語によらず同じ", "成績表", "対局", "夜", "朝5時", "合計",
                 "ほかのパソコン", "リーチ棒", "ウマ・オカ", "--force", "--dry-run", "断", "「この対局を削除」",
                 "TILELENS_LANG=entilelensledger--help", "tilelens-match-ID.csv", "merge:", "totals:", "csv:"):
        assert said in flat, said
    sentences = "\n".join(line for line in epilog.splitlines() if not line.startswith("  tilelens ledger "))
    assert "コンピューター" not in out and not re.search("[a-z]{4,} [a-z]{4,} [a-z]{4,}", sentences), sentences


def test_under_ja_enroll_has_no_epilog_as_in_english(capsys, lang):
    lang("ja")
    out = help_of(capsys, ["enroll"])
    assert out.rstrip("\n").split("\n")[-1].startswith("  --seed SEED"), out[-300:]


def test_help_ledger_under_ja_is_the_same_japanese_help(capsys, lang):
    lang("ja")
    with pytest.raises(SystemExit):
        main(["help", "ledger"])
    assert capsys.readouterr().out == help_of(capsys, ["ledger"])


@pytest.mark.parametrize("command", HELPS)
def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang, command):
    lang("ja")
    assert_fits_and_names_whole(help_of(capsys, HELPS[command][0]))


@pytest.mark.parametrize("command", HELPS)
def test_under_en_the_help_stays_english(capsys, lang, command):
    lang("en")
    argv, wanted = HELPS[command]
    out = help_of(capsys, argv)
    assert out.startswith(f"usage: tilelens {command} ") and "\noptions:\n" in out
    assert set(help_options(out, "positional arguments:", "options:", LEDGER_ACTIONS)) == set(wanted)
    assert JAPANESE.search(out) is None
    if command == "ledger":
        assert "    list                each match on one line: id, game, players, hands played, started," in out
        assert "To drop the wrong record, choose it in the ledger page's match picker" in " ".join(out.split())
    if command == "enroll":
        assert "  --name NAME           tile set name (lower case, digits, - and _)\n" in out


@pytest.mark.parametrize("argv", [["ledger", "show"], ["ledger", "csv"], ["enroll"]])
def test_an_argument_error_under_ja_says_its_usage_as_the_help_does(cli_env, capsys, argv):
    cli_env(TILELENS_LANG="ja")
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith(f"使い方: tilelens {' '.join(argv)} ") and "エラー: " in err, err
