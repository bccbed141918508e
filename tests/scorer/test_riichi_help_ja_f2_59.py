"""Session 59 (F2): `tilelens score --game tokyo-mahjong --help` (and `waits`) under TILELENS_LANG=ja said every
option in English, the new ``--nuki`` among them. Under ja each riichi option's help is Japanese, as are the
description, argparse's headings and the epilog's own sentences; under en the help stays English."""
from __future__ import annotations

import pytest

from help_ja_helpers import JAPANESE, assert_fits_and_names_whole, help_blocks, help_of, lang  # noqa: F401 - a fixture
from scorer.riichi_cli import score_main, waits_main
from tilelens.cli import main

GAME = ["--game", "tokyo-mahjong"]
OPTIONS = "(options|オプション):"  # the heading of the options' lines, in either language
# Every option the riichi help lists, with a word its Japanese help must say.
SCORE_OPTIONS = {
    "--shipped-rules": "箱", "--game": "リーチ", "--win-tile": "上がり牌", "--win": "ツモ", "--melds": "鳴き",
    "--dora-indicators": "ドラ表示牌", "--ura-dora-indicators": "裏ドラ表示牌", "--seat": "自風", "--round": "場風",
    "--discards": "捨て牌", "--honba": "本場", "--riichi-sticks": "リーチ棒", "--players": "人数", "--nuki": "抜きドラ",
    "--discarder": "放銃者", "--pao": "包", "--riichi": "リーチ", "--double-riichi": "ダブルリーチ",
    "--ippatsu": "一発", "--open-riichi": "オープンリーチ", "--haitei": "海底摸月", "--houtei": "河底撈魚",
    "--rinshan": "嶺上開花", "--chankan": "槍槓", "--tenhou": "天和", "--chiihou": "地和", "--renhou": "人和",
    "--json": "JSON", "-h": "ヘルプ",
}
WAITS_HIDDEN = ("--win-tile", "--win", "--discarder", "--pao")  # a win's own options: not in waits' help


@pytest.mark.parametrize("handler, name", [(score_main, "score"), (waits_main, "waits")])
def test_under_ja_each_riichi_option_is_said_in_japanese(capsys, lang, handler, name):
    lang("ja")
    out = help_of(capsys, GAME, handler)
    blocks = help_blocks(out, OPTIONS)
    wanted = {k: v for k, v in SCORE_OPTIONS.items() if name == "score" or k not in WAITS_HIDDEN}
    assert set(blocks) == set(wanted), sorted(set(blocks) ^ set(wanted))
    for option, word in wanted.items():
        said = blocks[option].split(None, 1)[1] if len(blocks[option].split(None, 1)) > 1 else ""
        assert word in said and JAPANESE.search(said.replace(word, "") or word), (option, blocks[option])
    assert out.startswith(f"使い方: tilelens {name} ") and "\n位置引数:\n" in out and "\nオプション:\n" in out
    assert "手牌" in out.split("\nオプション:\n")[0]  # HAND's help and the description
    assert "終了ステータス" in out and "Exit status" not in out
    for english in ("show this help message", "counters on the table", "the winning tile", "norths set aside",
                    "positional arguments", "usage:"):
        assert english not in out, english


def test_under_ja_the_situation_flags_say_their_value_in_waits(capsys, lang):
    lang("ja")
    blocks = help_blocks(help_of(capsys, GAME, waits_main), OPTIONS)
    assert "ツモの値" in blocks["--haitei"] and "ロンの値" in blocks["--houtei"], blocks["--haitei"]


def test_the_router_says_it_in_japanese_too(capsys, lang):
    lang("ja")
    with pytest.raises(SystemExit):
        main(["score", *GAME, "--help"])
    out = capsys.readouterr().out
    assert "抜きドラ" in help_blocks(out, OPTIONS)["--nuki"] and "三人" in help_blocks(out, OPTIONS)["--nuki"]


def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang):
    lang("ja")
    names = assert_fits_and_names_whole(help_of(capsys, GAME, score_main), wide_ok="  \"")
    assert "--ura-dora-indicators" in names and "--double-riichi" in names


@pytest.mark.parametrize("handler", [score_main, waits_main])
def test_under_en_the_help_stays_english(capsys, lang, handler):
    lang("en")
    out = help_of(capsys, GAME, handler)
    assert out.startswith("usage: tilelens ") and "\noptions:\n" in out and "Exit status" in out
    for option, block in help_blocks(out, OPTIONS).items():
        assert not JAPANESE.search(block), (option, block)
    assert "norths set aside as nukidora (kita)" in out
