"""The scoring commands as a Japanese user types them (a walkthrough's findings).

- ``--win ロン`` / ``--win ツモ`` (and つも, ろん, ﾂﾓ, ＲＯＮ) are taken for both engines, as ``--seat 東`` and
  ``--melds ポン:555z`` are and as the help writes them: one word table (``scorer.cli.WIN_KIND_TYPED``).
- argparse's Python quoting is not passed through on a Japanese screen: a value in 「」, choices listed with ・.
- ``games tokyo-mahjong --yaku`` (ja) pads its columns to the widest label (ダブル役満 is 10 columns wide).
- an unknown option (``score --hlep``) is named first, with a near one, before a missing ``--game``.
- 山, not 壁; ほかの, not 他の.
- ``waits``' TILE has a help line.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from help_ja_helpers import help_blocks, help_of, help_said
from scorer.cli import argparse_ja, columns
from tilelens.cli import main

REPO = Path(__file__).resolve().parents[2]
DONJARA = ["--game", "nogizaka", "sayurin", "sayurin", "sayurin", "marika", "marika", "marika",
           "minami", "minami", "minami"]
RIICHI = ["--game", "tokyo-mahjong", "123m456p789s11222z"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("hand", [DONJARA, RIICHI], ids=["donjara", "riichi"])
@pytest.mark.parametrize("word, win", [("ツモ", "tsumo"), ("ロン", "ron"), ("つも", "tsumo"), ("ろん", "ron"),
                                       ("ﾂﾓ", "tsumo"), ("ﾛﾝ", "ron"), ("ＴＳＵＭＯ", "tsumo"), ("Ron", "ron")])
def test_win_taken_in_japanese(cli_env, capsys, hand, word, win):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "score", *hand, "--win", word, "--json")
    assert code == 0 and err == "", err
    assert json.loads(out)["win"] == win


def test_one_win_word_table():
    import scorer.riichi_cli as riichi_cli
    from scorer.cli import WIN_KIND_TYPED, win_word

    assert win_word("ロン") == "ron" and win_word("ﾂﾓ") == "tsumo" and win_word("x") == "x"
    assert riichi_cli.win_word is win_word and set(WIN_KIND_TYPED.values()) == {"tsumo", "ron"}


def test_a_win_not_known_is_still_refused(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "score", *RIICHI, "--win", "ポン")
    assert code == 2 and "--win: 「ポン」は選べません (選べるのは tsumo・ron)" in err, err
    cli_env(TILELENS_LANG="en")
    _, _, err = run(capsys, "score", *DONJARA, "--win", "pon")
    assert "argument --win: invalid choice: 'pon' (choose from 'tsumo', 'ron')" in err, err


@pytest.mark.parametrize("english, japanese", [
    ("argument --layout: invalid choice: 'stack' (choose from 'rack', 'flat', 'scattered')",
     "--layout: 「stack」は選べません (選べるのは rack・flat・scattered)"),
    ("argument --turn: invalid choice: 5 (choose from 0, 1, 2, 3)", "--turn: 「5」は選べません (選べるのは 0・1・2・3)"),
    ("argument --pot: invalid int value: 'abc'", "--pot: 「abc」は整数ではありません"),
    ("argument --conf: invalid float value: 'x'", "--conf: 「x」は数ではありません"),
    ("argument --at: invalid stamp value: 'x'", "--at: 「x」は使えない値です"),
    ("argument --riichi: ignored explicit argument 'x'", "--riichi は値を取りません (「x」)"),
    ("argument --limit: not a whole number: 'x'", "--limit: 「x」は整数ではありません"),
    ("argument --minutes: not a number: 'x'", "--minutes: 「x」は数ではありません"),
    ("argument --pot: invalid int value: \"it's\"", "--pot: 「it's」は整数ではありません"),
    ("argument ID: a match id is 1 or more, got '-2'", "ID: 対局の ID は 1 以上です (いま 「-2」)"),
])
def test_argparse_values_in_japanese_quotes(english, japanese):
    assert argparse_ja(english) == japanese


def test_the_pot_said_in_japanese_and_english(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    _, _, err = run(capsys, "score", "--game", "nogizaka", "--pot", "abc", "sayurin")
    assert err.startswith("tilelens score: --pot: 「abc」は整数ではありません ("), err
    assert "'" not in err
    cli_env(TILELENS_LANG="en")
    _, _, err = run(capsys, "score", "--game", "nogizaka", "--pot", "abc", "sayurin")
    assert err.startswith("tilelens score: argument --pot: invalid int value: 'abc' (see"), err


def test_riichi_yaku_columns_fit_the_widest_label(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", "tokyo-mahjong", "--yaku")
    rows = [line for line in out.splitlines() if line.startswith(("門前", "ダブル役満", "役満", "-"))
            or re.match(r"\d+翻", line)]
    assert code == 0 and any(line.startswith("ダブル役満 ダブル役満 ") for line in rows), out
    # each row's yaku name starts at the same column
    starts = set()
    for line in rows:
        first, second, rest = re.match(r"(\S+)\s+(\S+)\s+(.+)$", line).groups()
        starts.add(columns(line[:line.rindex(rest)]))
    assert len(starts) == 1, starts


@pytest.mark.parametrize("language, said", [
    ("ja", "tilelens score: 使えない引数です: --hlep (もしかして: --help)"),
    ("en", "tilelens score: unrecognized arguments: --hlep (did you mean: --help?)"),
])
def test_an_unknown_option_is_named_before_a_missing_game(cli_env, capsys, language, said):
    cli_env(TILELENS_LANG=language)
    code, out, err = run(capsys, "score", "--hlep")
    assert code == 2 and out == "" and err.startswith(said + " ("), err
    code, _, err = run(capsys, "waits", "--gme", "nogizaka", "sayurin")
    assert code == 2 and "--gme" in err and "--game" in err and "--game を指定" not in err, err


def test_a_missing_game_alone_is_still_said(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    _, _, err = run(capsys, "score", "sayurin")
    assert err.startswith("tilelens score: --game を指定してください"), err


def test_a_near_option_on_a_riichi_game(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "score", *RIICHI, "--sea", "east", "--riichii")
    assert code == 2 and "使えない引数です: --riichii (もしかして: --riichi)" in err, err


RETIRED = {"壁の最後": "山の最後", "他の": "ほかの"}


@pytest.mark.parametrize("name", ["scorer/riichi_cli.py", "scorer/riichi_rules.py", "scorer/riichi_hand.py",
                                  "scorer/riichi.py"])
def test_yama_and_hokano(name):
    text = (REPO / name).read_text(encoding="utf-8")
    assert not [old for old in RETIRED if old in text]


def test_haitei_help_says_yama():
    from scorer.riichi_cli import _SITUATION_FLAGS_JA

    assert "山の最後の牌でツモ" in _SITUATION_FLAGS_JA["haitei"]
    assert "ほかの人" in _SITUATION_FLAGS_JA["chankan"]


@pytest.mark.parametrize("language, word", [("ja", "牌"), ("en", "tile")])
def test_waits_tile_has_a_help_line(cli_env, capsys, language, word):
    cli_env(TILELENS_LANG=language, COLUMNS="100")
    said = help_said(help_blocks(help_of(capsys, ["waits", "--game", "nogizaka"]), "位置引数:" if language == "ja"
                                 else "positional arguments:")["TILE"])
    assert word in said, said
