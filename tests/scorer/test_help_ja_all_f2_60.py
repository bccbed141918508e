"""Session 60 (F2): under TILELENS_LANG=ja every command's --help, and each action's, is Japanese: its description,
argparse's headings (使い方, 位置引数, オプション), each option's help, a command's list of actions and the epilog's own
sentences (exit statuses, what is refused; --json's keys by name, their meaning in the English help), by the same
``scorer.cli.say_help_in_japanese``; under en the help stays English. Session 59 made read, check, eval, label and
its actions (F9), ledger and its actions, and enroll (F18) so, each in a test file of its own that said the same
checks twice; `synth`, `contact-sheet`, `train` (its list of kinds, and each kind's options) and `app` still said
theirs in English. One table of every command now, one test of each check over it."""
from __future__ import annotations

import re

import pytest

from help_ja_helpers import (JAPANESE, actions_listed, assert_fits_and_names_whole, english_left, help_of,
                             help_options, help_said, lang)  # noqa: F401 - a fixture
from tilelens.cli import main

COMMON = {"-h": "ヘルプ", "--shipped-rules": "箱"}
# Each command's options (and positionals), with a word its Japanese help must say.
READ = {**COMMON, "IMAGE": "写真", "--game": "ゲーム", "--tileset": "牌セット", "--json": "JSON", "--kinds": "写真ごと",
        "--models": "モデル", "--detector": "検出器", "--turn": "反時計回り", "--no-set-limit": "セット"}
CHECK = {**COMMON, "EVENT_DIR": "卓", "--game": "ゲーム", "--tileset": "牌セット", "--out": "レポート", "--jobs": "ワーカープロセス",
         "--players": "人数", "--min-confidence": "信頼度", "--no-near-copies": "写真", "--fresh": "もう一度",
         "--quiet": "標準エラー", "--csv": "CSV"}  # --csv: session 60's F4
EVAL = {"-h": "ヘルプ", "--data": "写真", "--game": "分類器", "--tileset": "牌セット", "--split": "分割",
        "--detector": "検出器", "--no-boxcheck": "枠", "--no-set-limit": "セット", "--compare": "パッケージ", "--limit": "写真",
        "--errors": "正しく", "--errors-dir": "描き", "--json": "JSON"}
LABEL_ACTIONS = {"init": "下書き", "check": "問題", "stats": "数", "accept": "OK", "kinds": "種類", "audit": "ラベル",
                 "teach": "覚えさせ", "export": "書き出", "import": "読み込"}
LABEL = {
    "init": {"dir": "フォルダ", "--game": "ゲーム", "--tileset": "牌セット", "--val-fraction": "割合",
             "--overwrite": "ラベルファイル"},
    "check": {"dir": "フォルダ", "--game": "ゲーム", "--json": "JSON"},
    "stats": {"dir": "フォルダ", "--game": "ゲーム", "--json": "JSON"},
    "accept": {"dir": "フォルダ", "PHOTO": "写真", "--all": "すべて", "--undo": "取り消"},
    "kinds": {"dir": "フォルダ", "--add": "追加", "--name": "名前", "--absent": "セットに", "--present": "セットに"},
    "audit": {"dir": "フォルダ", "--game": "分類器", "--tileset": "牌セット", "--min-prob": "確率", "--min-detection": "信頼度",
              "--pictures": "描き", "--cross": "見直", "--minutes": "分", "--epochs": "エポック", "--work": "フォルダ",
              "--json": "JSON"},
    "teach": {"dir": "フォルダ", "--name": "牌セット", "--base": "分類器", "--minutes": "学習", "--epochs": "エポック",
              "--replace": "上書き"},
    "export": {"dir": "フォルダ", "out": "ファイル", "--to": "形式", "--image-prefix": "写真のパス", "--as-annotations": "注釈",
               "--force": "上書き", "--accepted-only": "OK"},
    "import": {"file": "ファイル", "dir": "フォルダ", "--from": "形式", "--images": "写真", "--game": "ゲーム",
               "--annotations-only": "注釈", "--overwrite": "置き換え", "--take-theirs": "ファイルの枠"},
}
DB = {"--db": "成績表"}
LEDGER_ACTIONS = {"list": "一覧", "show": "局", "csv": "CSV", "totals": "合計", "merge": "ほかのパソコン", "end": "終了"}
LEDGER = {
    "list": {**DB, "--json": "JSON"},
    "show": {"ID": "対局", **DB, "--json": "JSON"},
    "csv": {"ID": "対局", "--all": "すべて", "--standings": "順位", **DB, "--out": "書き出す", "--force": "上書き"},
    "totals": {"ID": "合計", "--game": "ゲーム", "--since": "以降", "--until": "以前", "--evening": "夜", **DB, "--csv": "CSV",
               "--out": "書き出す", "--force": "上書き", "--json": "JSON"},
    "merge": {"OTHER": "ほかのパソコン", "--db": "成績表", "--dry-run": "何も変えず"},
    "end": {"ID": "対局", **DB},
}
ENROLL = {"-h": "ヘルプ", "--name": "牌セット", "--data": "写真", "--base": "分類器", "--game": "ゲーム",
          "--minutes": "学習", "--epochs": "エポック", "--crop-size": "切り抜き", "--width": "幅", "--lr": "学習率",
          "--models": "モデル", "--work": "フォルダ", "--resume": "続き", "--val": "正解率", "--hold-out": "割合",
          "--no-detector-crops": "検出器", "--orient-minutes": "向きのモデル", "--orient-threshold": "向き",
          "--orient-only": "向きのモデル", "--replace": "上書き", "--seed": "シード"}
SYNTH = {**COMMON, "--game": "ゲーム", "--out": "フォルダ", "--count": "枚数", "--hand": "牌", "--melds": "鳴き",
         "--seed": "シード", "--imgsz": "ピクセル", "--layout": "並べ方", "--style": "絵柄", "--val-fraction": "割合",
         "--workers": "ワーカープロセス", "--box": "枠", "--force": "上書き"}
CONTACT_SHEET = {"-h": "ヘルプ", "--out": "書き出す", "--game": "ゲーム", "--seed": "シード", "--rows": "行",
                 "--cols": "1行", "--thumb": "縮小", "--force": "上書き"}
TRAIN = {
    "detector": {"--data": "クラス", "--epochs": "エポック", "--imgsz": "画像", "--batch": "バッチ", "--model": "モデル",
                 "--init": "重み", "--out": "フォルダ", "--onnx": "書き出す", "--resume": "続け", "--hours": "時間",
                 "--minutes": "分", "--threads": "スレッド", "--set": "設定", "--smoke": "テスト"},
    "classifier": {"--game": "ゲーム", "--data": "写真", "--out": "フォルダ", "--models": "モデル",
                   "--epochs": "エポック", "--minutes": "学習時間", "--per-kind": "種類ごと", "--val-per-kind": "検証",
                   "--cache": "取っておく", "--crop-size": "切り抜き", "--width": "チャンネル", "--init": "重み",
                   "--lr": "学習率", "--add-data": "写真", "--resume": "続け", "--smoke": "テスト"},
    "boxcheck": {"--data": "写真", "--positives": "正例", "--val": "測る", "--detector": "検出器", "--out": "フォルダ",
                 "--onnx": "置き場所", "--minutes": "学習時間", "--crop-size": "切り抜き", "--margin": "割合",
                 "--threshold": "しきい値", "--resume": "続け"},
    "orient": {"--data": "写真", "--val": "測る", "--out": "フォルダ", "--onnx": "置き場所", "--minutes": "学習時間",
               "--margin": "割合", "--threshold": "しきい値", "--resume": "続け", "--smoke": "テスト"},
    "quantize": {"--data": "較正", "--onnx": "検出器", "--out": "書き出す", "--count": "枚数", "--seed": "シード",
                 "--force": "上書き"},
    "all": {"--out": "作業フォルダ", "--hours": "時間", "--dry-run": "計画"},
}
HELPS = {  # command: (argv before --help, options, whether its epilog says the exit statuses)
    "read": (["read"], READ, True),
    "check": (["check"], CHECK, True),
    "eval": (["eval"], EVAL, True),
    "label": (["label"], COMMON, True),
    **{f"label {action}": (["label", action], {**COMMON, **options}, action in {"check", "stats", "audit"})
       for action, options in LABEL.items()},
    "ledger": (["ledger"], {**COMMON, **DB}, False),  # its epilog's exit statuses: its own test
    **{f"ledger {action}": (["ledger", action], {**COMMON, **options}, False) for action, options in LEDGER.items()},
    "enroll": (["enroll"], ENROLL, True),
    "synth": (["synth"], SYNTH, True),
    "contact-sheet": (["contact-sheet"], CONTACT_SHEET, False),
    **{f"train {kind}": (["train", kind], {"-h": "ヘルプ", **options},
                              kind in {"detector", "classifier", "all"}) for kind, options in TRAIN.items()},
}
# The helps that argparse does not lay out: `train`'s list of kinds, and `app`'s (its options go to Streamlit).
OWN_HELPS = {"train": ["train"], "app": ["app"]}
EVERY = {**{command: argv for command, (argv, _, _) in HELPS.items()}, **OWN_HELPS}
# English that the Japanese help no longer says (argparse's own words, and a line of each command's English help).
ENGLISH = ("show this help message", "positional arguments", "usage:", "options:", "Exit status", "exit status",
           "play the box's table", "photo files", "folder of table folders", "pre-label a folder", "the game whose tiles",
           "print one JSON", "game whose classifier", "every photo of the folder", "the JSON file to write",
           "the file to import", "the ledger file", "each match on one line", "the match's id",
           "every match, one file each", "the matches to add up", "the other laptop's ledger file", "tile set name",
           "labelled photos", "training time", "the same in every language", "Delete this match",
           "Render synthetic photos", "tiles of one photo", "rows of synthetic scenes", "PNG file to write",
           "Train the tile detector", "Train a tile classifier", "Retrain every model", "a second look",
           "Quantize the detector", "Which way up", "run folder", "the YOLO tile detector", "every model from scratch",
           "-h after the kind", "Open the app on", "keep it to this computer", "Needs the app extra")
# A line of each English help, as it was.
ENGLISH_AS_IT_WAS = {
    "check": "A table whose photos are unchanged keeps the report this computer's check wrote",
    "label": "    init                pre-label a folder of photos with the recognizer\n",
    "ledger": "    list                each match on one line: id, game, players, hands played, started,",
    "enroll": "  --name NAME           tile set name (lower case, digits, - and _)\n",
    "synth": "  --out OUT             dataset folder, or the photo file with --hand\n",
    "contact-sheet": "  --out OUT      PNG file to write\n",
    "train detector": "  --data DATA        Ultralytics data.yaml (classes 0 tile, 1 back)\n",
    "train classifier": "  --per-kind PER_KIND   rendered crops per tile kind (--game; default 60)\n",
    "train boxcheck": "  --val VAL             labelled photos to measure on\n",
    "train orient": "  --val VAL             labelled hand photos to measure on\n",
    "train quantize": "  --out OUT      where to write the int8 detector\n",
    "train all": "  --dry-run      print the plan and stop\n",
    "train": "  detector    the YOLO tile detector, from the model YAML (synthetic scenes + real photos)\n",
    "app": "  tilelens app --server.address 127.0.0.1     keep it to this computer\n",
}


def _help(capsys, argv: list[str]) -> str:
    """What ``tilelens ARGV --help`` prints: argparse's help (it exits 0), or a command's own (it returns 0)."""
    try:
        code = main([*argv, "--help"])
    except SystemExit as done:
        code = done.code
    assert code in (0, None)
    return capsys.readouterr().out


def _epilog(out: str) -> str:
    return out.split("\nオプション:\n")[1].split("\n\n", 1)[1]


# ---------------------------------------------------------------- every command

@pytest.mark.parametrize("command", EVERY)
def test_under_ja_no_english_sentence_is_left(capsys, lang, command):
    lang("ja")
    out = _help(capsys, EVERY[command])
    assert out.startswith(f"使い方: tilelens {command} "), out[:200]
    for english in ENGLISH:
        assert english not in out, (english, out)
    assert not english_left(out), (english_left(out), out)


@pytest.mark.parametrize("command", HELPS)
def test_under_ja_each_option_is_said_in_japanese(capsys, lang, command):
    lang("ja")
    argv, wanted, _ = HELPS[command]
    out = help_of(capsys, argv)
    blocks = help_options(out, "位置引数:", "オプション:")
    blocks.pop("{" + ",".join(LABEL_ACTIONS) + "}", None)  # the actions: their own test
    blocks.pop("{" + ",".join(LEDGER_ACTIONS) + "}", None)
    assert set(blocks) == set(wanted), sorted(set(blocks) ^ set(wanted))
    for option, word in wanted.items():
        said = re.sub(r"\s+", "", help_said(blocks[option]))  # a line may break inside a Japanese word
        if word is None:  # no help in English either
            assert said == "", (option, blocks[option])
            continue
        assert word in said and JAPANESE.search(said.replace(word, "") or word), (option, blocks[option])
    assert "\nオプション:\n" in out, out[:200]
    if command.startswith(("ledger", "enroll")):
        assert "コンピューター" not in out  # the ledger's messages say パソコン, as its page does


@pytest.mark.parametrize("command", [c for c in HELPS if not c.startswith("label ")])
def test_under_ja_the_description_is_japanese(capsys, lang, command):
    lang("ja")
    out = help_of(capsys, HELPS[command][0])
    description = re.split(r"\n(位置引数|オプション):\n", out)[0].split("\n\n", 1)[1]
    said = re.sub(r"`[^`]*`", "", description)  # a command as typed (`tilelens read|eval --detector OUT`)
    assert JAPANESE.search(said) and not re.search("[a-z]{4,} [a-z]{4,}", said), description


@pytest.mark.parametrize("command", [c for c, (_, _, exits) in HELPS.items() if exits])
def test_under_ja_the_epilog_says_the_exit_statuses_in_japanese(capsys, lang, command):
    lang("ja")
    epilog = " ".join(_epilog(help_of(capsys, HELPS[command][0])).split())
    assert "終了ステータス" in epilog and " 2" in epilog and "130" in epilog, epilog
    if "--json" in HELPS[command][1]:  # the --json keys by name; each one's meaning: the English help
        assert "--json" in epilog and f"TILELENS_LANG=en tilelens {command} --help" in epilog, epilog


@pytest.mark.parametrize("command", EVERY)
def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang, command):
    lang("ja")
    assert_fits_and_names_whole(_help(capsys, EVERY[command]))


@pytest.mark.parametrize("command", [c for c in EVERY if c != "ledger"])
def test_japanese_lines_fit_80_columns(capsys, lang, command):
    """At 80 columns too (`ledger`'s epilog lists its command lines as typed, some wider: its own test)."""
    lang("ja", 80)
    assert_fits_and_names_whole(_help(capsys, EVERY[command]), width=80)


def test_the_ledgers_japanese_lines_fit_80_columns_but_its_command_lines(capsys, lang):
    lang("ja", 80)
    assert_fits_and_names_whole(help_of(capsys, ["ledger"]), wide_ok="  tilelens ledger ", width=80)


@pytest.mark.parametrize("command", EVERY)
def test_under_en_the_help_stays_english(capsys, lang, command):
    lang("en")
    out = _help(capsys, EVERY[command])
    assert out.startswith(f"usage: tilelens {command} ")
    assert JAPANESE.search(out) is None
    if command in ENGLISH_AS_IT_WAS:
        assert ENGLISH_AS_IT_WAS[command] in out, out
    if command == "ledger":
        assert "To drop the wrong record, choose it in the ledger page's match picker" in " ".join(out.split())
    if command in OWN_HELPS:
        return
    argv, wanted, exits = HELPS[command]
    assert "\noptions:\n" in out
    blocks = help_options(out, "positional arguments:", "options:")
    blocks.pop("{" + ",".join(LABEL_ACTIONS) + "}", None)
    blocks.pop("{" + ",".join(LEDGER_ACTIONS) + "}", None)
    assert set(blocks) == set(wanted)
    if command != "ledger":  # the ledger's epilog says its exit statuses (its Japanese one: its own test)
        assert ("Exit status" in out) == exits


@pytest.mark.parametrize("argv", [["label", "init"], ["eval"], ["ledger", "show"], ["ledger", "csv"], ["enroll"],
                                  ["synth"], ["contact-sheet"], ["train", "detector", "--bogus"],
                                  ["train", "classifier", "--bogus"], ["train", "boxcheck", "--bogus"],
                                  ["train", "orient", "--bogus"], ["train", "quantize"], ["train", "all", "--bogus"]])
def test_an_argument_error_under_ja_says_its_usage_as_the_help_does(cli_env, capsys, argv):
    cli_env(TILELENS_LANG="ja")
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    command = " ".join(a for a in argv if not a.startswith("-"))
    assert exc.value.code == 2 and err.startswith(f"使い方: tilelens {command} ") and "エラー: " in err, err


# ---------------------------------------------------------------- a command's own

def test_under_ja_labels_actions_are_said_in_japanese(capsys, lang):
    lang("ja")
    lines = actions_listed(help_of(capsys, ["label"]))
    assert set(lines) == set(LABEL_ACTIONS), lines
    for action, word in LABEL_ACTIONS.items():
        said = re.sub(r"\s+", "", lines[action])
        assert word in said and JAPANESE.search(said.replace(word, "")), (action, lines[action])


def test_under_ja_ledgers_actions_are_said_in_japanese(capsys, lang):
    lang("ja")
    lines = actions_listed(help_of(capsys, ["ledger"]))
    assert set(lines) == set(LEDGER_ACTIONS), lines
    for action, word in LEDGER_ACTIONS.items():
        said = re.sub(r"\s+", "", lines[action])
        assert word in said and JAPANESE.search(said.replace(word, "")), (action, lines[action])


def test_under_ja_check_says_the_folders_and_what_it_refuses(capsys, lang):
    lang("ja")
    out = help_of(capsys, ["check"])
    assert '  1 = "IMG_0101.jpg"\n' in out and "seat1-dealer.jpg" in out  # table.toml as written
    epilog = re.sub(r"\s+", "", _epilog(out))
    for said in ("終了ステータス", "問題あり", "要確認", "table-03.zip", "メモリ不足", "使えません", "--out",
                 "このパソコン", "--fresh"):
        assert said in epilog, said
    assert "コンピューター" not in out  # the command line says パソコン, as the ledger and the app do


def test_under_ja_read_says_its_exit_statuses(capsys, lang):
    lang("ja")
    epilog = re.sub(r"\s+", "", _epilog(help_of(capsys, ["read"])))
    assert "すべての写真を読めた" in epilog and "130" in epilog and "Ctrl-C" in epilog, epilog


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


def test_help_ledger_under_ja_is_the_same_japanese_help(capsys, lang):
    lang("ja")
    with pytest.raises(SystemExit):
        main(["help", "ledger"])
    assert capsys.readouterr().out == help_of(capsys, ["ledger"])


@pytest.mark.parametrize("command, last", [("contact-sheet", "  --thumb THUMB"), ("train quantize", "  --seed SEED")])
def test_under_ja_a_help_with_no_epilog_has_none_as_in_english(capsys, lang, command, last):
    lang("ja")
    out = help_of(capsys, HELPS[command][0])
    assert out.rstrip("\n").split("\n\n")[-1].startswith("オプション:\n"), out[-300:]
    assert re.search(rf"^{re.escape(last)}", out.split("\nオプション:\n")[1], re.M), out[-300:]
    if command == "enroll":
        assert out.rstrip("\n").split("\n")[-1].startswith(last), out[-300:]


def test_under_ja_train_lists_each_kind_in_japanese(capsys, lang):
    """`tilelens train --help` (as its usage error does): each kind as typed, what it trains in the words of the
    router's line for `train` (検出器, 分類器, 枠の確認, 向きのモデル, 量子化)."""
    lang("ja")
    out = _help(capsys, ["train"])
    kinds = dict(re.findall(r"^  (\w+) +(.+)$", out, re.M))
    assert list(kinds) == ["detector", "classifier", "boxcheck", "orient", "quantize", "all"], out
    for kind, word in {"detector": "検出器", "classifier": "分類器", "boxcheck": "枠の確認", "orient": "向きのモデル",
                       "quantize": "量子化", "all": "すべてのモデル"}.items():
        assert word in kinds[kind], (kind, kinds[kind])
    assert "-h" in out.split("\n")[0]  # how to ask a kind's options


def test_a_train_usage_error_under_ja_says_the_japanese_list(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    assert main(["train", "frob"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("使い方: tilelens train ") and "  detector    YOLO の牌の検出器" in err, err
    assert err.splitlines()[-1].startswith("tilelens train: エラー: 「frob」は学習できるものではありません"), err


def test_under_ja_app_says_who_can_reach_it_and_how_to_keep_it_here(capsys, lang):
    lang("ja")
    out = _help(capsys, ["app"])
    flat = re.sub(r"\s+", "", out)
    for said in ("http://localhost:8501", "Ctrl-C", "パスワード", "成績表", "Wi-Fi", "streamlitrun", "このパソコン",
                 "127.0.0.1", "8502", "streamlit"):
        assert said in flat, said
    assert "  tilelens app --server.address 127.0.0.1 " in out and "  tilelens app --server.port 8502 " in out
