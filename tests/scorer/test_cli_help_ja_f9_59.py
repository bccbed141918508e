"""Session 59 (F9): under TILELENS_LANG=ja `tilelens score/waits/games --help` were Japanese (F2, F8) but `read`,
`check`, `label` (and each of its actions) and `eval` said every option in English. Under ja each option's help is
Japanese, as are the description, argparse's headings, `label`'s list of actions and the epilog's own sentences
(exit statuses, what is refused; the --json keys by name, their meaning in the English help), by the same
``scorer.cli.say_help_in_japanese``; under en the help stays English."""
from __future__ import annotations

import re

import pytest

from help_ja_helpers import (JAPANESE, actions_listed, assert_fits_and_names_whole, help_of, help_options, help_said,
                             lang)  # noqa: F401 - a fixture
from tilelens.cli import main

COMMON = {"-h": "ヘルプ", "--shipped-rules": "箱"}
# Each command's options (and positionals), with a word its Japanese help must say; None: no help in English either.
READ = {**COMMON, "IMAGE": "写真", "--game": "ゲーム", "--tileset": "牌セット", "--json": "JSON", "--kinds": "写真ごと",
        "--models": "モデル", "--detector": "検出器", "--turn": "反時計回り", "--no-set-limit": "セット"}
CHECK = {**COMMON, "EVENT_DIR": "卓", "--game": "ゲーム", "--out": "レポート", "--jobs": "ワーカープロセス",
         "--players": "人数", "--min-confidence": "信頼度", "--no-near-copies": "写真", "--fresh": "もう一度",
         "--quiet": "標準エラー"}
EVAL = {"-h": "ヘルプ", "--data": "写真", "--game": "分類器", "--tileset": "牌セット", "--split": "分割",
        "--detector": "検出器", "--no-boxcheck": "枠", "--no-set-limit": "セット", "--compare": None, "--limit": "写真",
        "--errors": "正しく", "--errors-dir": "描き", "--json": "JSON"}
LABEL_ACTIONS = {"init": "下書き", "check": "問題", "stats": "数", "accept": "OK", "kinds": "種類", "audit": "ラベル",
                 "teach": "覚えさせ", "export": "書き出", "import": "読み込"}
LABEL = {
    "init": {"dir": None, "--game": "ゲーム", "--tileset": "牌セット", "--val-fraction": "割合",
             "--overwrite": "ラベルファイル"},
    "check": {"dir": None, "--game": "ゲーム", "--json": "JSON"},
    "stats": {"dir": None, "--game": "ゲーム", "--json": "JSON"},
    "accept": {"dir": None, "PHOTO": "写真", "--all": "すべて", "--undo": "取り消"},
    "kinds": {"dir": None, "--add": "追加", "--name": "名前", "--absent": "セットに", "--present": "セットに"},
    "audit": {"dir": None, "--game": "分類器", "--tileset": "牌セット", "--min-prob": "確率", "--min-detection": "信頼度",
              "--pictures": "描き", "--cross": "見直", "--minutes": "分", "--epochs": "エポック", "--work": "フォルダ",
              "--json": "JSON"},
    "teach": {"dir": None, "--name": "牌セット", "--base": "分類器", "--minutes": "学習", "--epochs": "エポック",
              "--replace": "上書き"},
    "export": {"dir": None, "out": "ファイル", "--to": None, "--image-prefix": "写真のパス", "--as-annotations": "注釈",
               "--force": "上書き", "--accepted-only": "OK"},
    "import": {"file": "ファイル", "dir": None, "--from": None, "--images": "写真", "--game": "ゲーム",
               "--annotations-only": "注釈", "--overwrite": "置き換え"},
}
HELPS = {  # command: (argv before --help, options, whether its epilog says the exit statuses)
    "read": (["read"], READ, True),
    "check": (["check"], CHECK, True),
    "eval": (["eval"], EVAL, True),
    "label": (["label"], COMMON, False),
    **{f"label {action}": (["label", action], {**COMMON, **options}, action in {"check", "stats", "audit"})
       for action, options in LABEL.items()},
}
# English that the Japanese help no longer says (argparse's own words, and a line of each command's English help).
ENGLISH = ("show this help message", "positional arguments", "usage:", "options:", "Exit status",
           "play the box's table", "photo files", "folder of table folders", "pre-label a folder", "the game whose tiles", "print one JSON",
           "game whose classifier", "every photo of the folder", "the JSON file to write", "the file to import")


@pytest.mark.parametrize("command", HELPS)
def test_under_ja_each_option_is_said_in_japanese(capsys, lang, command):
    lang("ja")
    argv, wanted, _ = HELPS[command]
    out = help_of(capsys, argv)
    blocks = help_options(out, "位置引数:", "オプション:")
    blocks.pop("{" + ",".join(LABEL_ACTIONS) + "}", None)  # label's actions: their own test
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


@pytest.mark.parametrize("command", [c for c in HELPS if not c.startswith("label ")])
def test_under_ja_the_description_is_japanese(capsys, lang, command):
    lang("ja")
    out = help_of(capsys, HELPS[command][0])
    description = re.split(r"\n(位置引数|オプション):\n", out)[0].split("\n\n", 1)[1]
    assert JAPANESE.search(description) and not re.search("[a-z]{4,} [a-z]{4,}", description), description


def test_under_ja_labels_actions_are_said_in_japanese(capsys, lang):
    lang("ja")
    lines = actions_listed(help_of(capsys, ["label"]))
    assert set(lines) == set(LABEL_ACTIONS), lines
    for action, word in LABEL_ACTIONS.items():
        said = re.sub(r"\s+", "", lines[action])
        assert word in said and JAPANESE.search(said.replace(word, "")), (action, lines[action])


@pytest.mark.parametrize("command", [c for c, (_, _, exits) in HELPS.items() if exits])
def test_under_ja_the_epilog_says_the_exit_statuses_in_japanese(capsys, lang, command):
    lang("ja")
    argv, _, _ = HELPS[command]
    out = help_of(capsys, argv)
    epilog = " ".join(out.split("\nオプション:\n")[1].split("\n\n", 1)[1].split())
    assert "終了ステータス" in epilog and " 2" in epilog and "130" in epilog, epilog
    if command != "check":  # the --json keys by name; each one's meaning: the English help
        assert "--json" in epilog and f"TILELENS_LANG=en tilelens {command} --help" in epilog, epilog


def test_under_ja_check_says_the_folders_and_what_it_refuses(capsys, lang):
    lang("ja")
    out = help_of(capsys, ["check"])
    assert '  1 = "IMG_0101.jpg"\n' in out and "seat1-dealer.jpg" in out  # table.toml as written
    epilog = re.sub(r"\s+", "", out.split("\nオプション:\n")[1].split("\n\n", 1)[1])
    for said in ("終了ステータス", "問題あり", "要確認", "table-03.zip", "メモリ不足", "使えません", "--out",
                 "このコンピューター", "--fresh"):
        assert said in epilog, said
    assert "パソコン" not in out  # the command line says コンピューター


def test_under_ja_read_says_its_exit_statuses(capsys, lang):
    lang("ja")
    epilog = re.sub(r"\s+", "", help_of(capsys, ["read"]).split("\nオプション:\n")[1].split("\n\n", 1)[1])
    assert "すべての写真を読めた" in epilog and "130" in epilog and "Ctrl-C" in epilog, epilog


@pytest.mark.parametrize("command", HELPS)
def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang, command):
    lang("ja")
    assert_fits_and_names_whole(help_of(capsys, HELPS[command][0]))


@pytest.mark.parametrize("command", HELPS)
def test_under_en_the_help_stays_english(capsys, lang, command):
    lang("en")
    argv, wanted, exits = HELPS[command]
    out = help_of(capsys, argv)
    assert out.startswith(f"usage: tilelens {command} ") and "\noptions:\n" in out
    blocks = help_options(out, "positional arguments:", "options:")
    blocks.pop("{" + ",".join(LABEL_ACTIONS) + "}", None)
    assert set(blocks) == set(wanted)
    assert JAPANESE.search(out) is None
    assert ("Exit status" in out) == exits
    if command == "check":
        assert "A table whose photos are unchanged keeps the report this computer's check wrote" in out
    if command == "label":
        assert "    init                pre-label a folder of photos with the recognizer\n" in out


@pytest.mark.parametrize("argv", [["label", "init"], ["eval"]])
def test_an_argument_error_under_ja_says_its_usage_as_the_help_does(cli_env, capsys, argv):
    cli_env(TILELENS_LANG="ja")
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith(f"使い方: tilelens {' '.join(argv)} ") and "エラー: " in err, err
