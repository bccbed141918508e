"""argparse's error line in Japanese for ``tilelens enroll``, ``tilelens ledger`` and ``tilelens label`` (as for the
other commands, tests/tilelens/test_argparse_ja_52.py): the usage lines stay English, option names and values as
typed; English stays as argparse says it. And ``ledger csv --all`` of one match says "1 file"."""
from __future__ import annotations

import pytest

from scorer.cli import argparse_ja
from tilelens.cli import main
from tilelens.ledger import Ledger


def said(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main([str(a) for a in argv])
    err = capsys.readouterr().err
    assert exc.value.code == 2, err
    return err


@pytest.mark.parametrize("argv, line, english", [
    (["enroll"], "tilelens enroll: エラー: --name と --data を指定してください",
     "tilelens enroll: error: the following arguments are required: --name, --data"),
    (["enroll", "--name", "x", "--data", "y", "--lr", "0"], "tilelens enroll: エラー: --lr: 0 より大きくしてください (いま 0)",
     "tilelens enroll: error: argument --lr: must be more than 0, got 0"),
    (["enroll", "--name", "x", "--data", "y", "--seed", "q"], "tilelens enroll: エラー: --seed: 「q」は整数ではありません",
     "tilelens enroll: error: argument --seed: invalid int value: 'q'"),
    (["ledger"], "tilelens ledger: エラー: 何をするかを最初に指定してください: list、show、csv、totals、merge、end のどれか (例: "
     "tilelens ledger list)",
     "tilelens ledger: error: say what to do first: list, show, csv, totals, merge or end (e.g. tilelens ledger list)"),
    (["ledger", "bogus"], "tilelens ledger: エラー: 「bogus」は tilelens ledger のサブコマンドではありません: 最初に list、show、csv、totals、merge、end のどれかを指定し、その後に引数とオプションを書いてください (例: `tilelens ledger list`)",
     "tilelens ledger: error: 'bogus' is not something tilelens ledger does: say one of list, show, csv, totals, merge or end first, then its arguments and options (e.g. `tilelens ledger list`)"),
    (["ledger", "show", "x"],
     "tilelens ledger show: エラー: ID: 対局の ID は数で指定してください (tilelens ledger list に出ています。いま 「x」)",
     "tilelens ledger show: error: argument ID: a match id is a number (tilelens ledger list shows them), got 'x'"),
    (["ledger", "show", "0"], "tilelens ledger show: エラー: ID: 対局の ID は 1 以上です (いま 「0」)",
     "tilelens ledger show: error: argument ID: a match id is 1 or more, got '0'"),
    (["ledger", "csv", "3", "--all"], "tilelens ledger csv: エラー: --all と ID は一緒には使えません",
     "tilelens ledger csv: error: argument --all: not allowed with argument ID"),
    (["ledger", "csv"], "tilelens ledger csv: エラー: ID か --all のどちらかを指定してください",
     "tilelens ledger csv: error: one of the arguments ID --all is required"),
    (["ledger", "list", "--zz"], "tilelens ledger: エラー: 使えない引数です: --zz",
     "tilelens ledger: error: unrecognized arguments: --zz"),
    (["label", "init"], "tilelens label init: エラー: dir を指定してください",
     "tilelens label init: error: the following arguments are required: dir"),
    (["label", "init", ".", "--bogus"], "tilelens label init: エラー: 使えない引数です: --bogus",
     "tilelens label init: error: unrecognized arguments: --bogus"),
    (["label", "audit", ".", "--min-prob", "2"],
     "tilelens label audit: エラー: --min-prob: 0 より大きく 1 以下にしてください (いま 2)",
     "tilelens label audit: error: argument --min-prob: must be more than 0 and at most 1, got 2"),
    (["label", "export", ".", "--to", "x", "y"],
     "tilelens label export: エラー: --to: 「x」は選べません (選べるのは coco・labelstudio)",
     "tilelens label export: error: argument --to: invalid choice: 'x' (choose from 'coco', 'labelstudio')"),
    (["label", "kinds", ".", "--add"], "tilelens label kinds: エラー: --add: 値を1つ以上指定してください",
     "tilelens label kinds: error: argument --add: expected at least one argument"),
    (["label", "teach", "."], "tilelens label teach: エラー: --name を指定してください",
     "tilelens label teach: error: the following arguments are required: --name"),
])
def test_usage_lines_then_the_error_line_in_the_language_chosen(cli_env, capsys, argv, line, english):
    cli_env(TILELENS_LANG="ja")
    ja = said(capsys, argv)
    assert ja.startswith((f"usage: {line.split(':')[0]} ", f"使い方: {line.split(':')[0]} ")) and ja.endswith(f"\n{line}\n"), ja
    cli_env(TILELENS_LANG="en")
    en = said(capsys, argv)
    assert en.endswith(f"\n{english}\n"), en
    # the usage lines: English in both, but where the command's --help is Japanese (label's): 使い方
    assert ja.startswith("使い方: ") or ja.split("\n")[:-2] == en.split("\n")[:-2]


@pytest.mark.parametrize("argv, ja, en", [
    ([], "tilelens label: エラー: 何をするかを最初に指定してください", "tilelens label: error: say what to do first"),
    (["bogus"], "tilelens label: エラー: 「bogus」は tilelens label のサブコマンドではありません",
     "tilelens label: error: 'bogus' is not something tilelens label does"),
])
def test_label_without_a_subcommand_says_error_in_the_language_chosen(cli_env, capsys, argv, ja, en):
    cli_env(TILELENS_LANG="ja")
    assert f"\n{ja}" in said(capsys, ["label", *argv])
    cli_env(TILELENS_LANG="en")
    assert f"\n{en}" in said(capsys, ["label", *argv])


def test_match_id_messages():
    assert argparse_ja("argument ID: a match id is 1 or more, got '-2'") == "ID: 対局の ID は 1 以上です (いま 「-2」)"


def test_csv_all_of_one_match_says_one_file(cli_env, capsys, tmp_path):
    cli_env()
    path = tmp_path / "l.sqlite"
    Ledger(path).new_match("yokai-watch", ["Ann", "Bo"])
    out_dir = tmp_path / "out"
    assert main(["ledger", "csv", "--all", "--db", str(path), "--out", str(out_dir)]) == 0
    assert capsys.readouterr().out == f"wrote 1 file to {out_dir}\n"
    assert main(["ledger", "csv", "--all", "--force", "--db", str(path), "--out", str(out_dir)]) == 0
    assert capsys.readouterr().out == f"wrote 1 file to {out_dir}\n"
    Ledger(path).new_match("yokai-watch", ["Cy", "Di"])
    assert main(["ledger", "csv", "--all", "--force", "--db", str(path), "--out", str(out_dir)]) == 0
    assert capsys.readouterr().out == f"wrote 2 files to {out_dir}\n"
    cli_env(TILELENS_LANG="ja")
    assert main(["ledger", "csv", "--all", "--force", "--db", str(path), "--out", str(out_dir)]) == 0
    assert capsys.readouterr().out == f"{out_dir} に 2件書き出しました\n"
