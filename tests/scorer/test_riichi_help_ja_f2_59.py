"""Session 59 (F2): `tilelens score --game tokyo-mahjong --help` (and `waits`) under TILELENS_LANG=ja said every
option in English, the new ``--nuki`` among them. Under ja each riichi option's help is Japanese, as are the
description, argparse's headings and the epilog's own sentences; under en the help stays English."""
from __future__ import annotations

import re

import pytest

from scorer.cli import columns
from scorer.riichi_cli import score_main, waits_main
from tilelens.cli import main

GAME = ["--game", "tokyo-mahjong"]
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
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


@pytest.fixture
def lang(monkeypatch):
    def choose(code: str) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
        monkeypatch.setenv("COLUMNS", "100")
    return choose


def _help(capsys, handler, argv) -> str:
    with pytest.raises(SystemExit) as done:
        handler([*argv, "--help"])
    assert done.value.code in (0, None)
    return capsys.readouterr().out


def _blocks(out: str) -> dict[str, str]:
    """Each option's lines of the help (its own line and the indented ones after it), by its first name."""
    body = out[re.search(r"^(options|オプション):$", out, re.M).start():].split("\n\n", 1)[0]
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=  -)", body):
        name = re.match(r"\s*(-[-\w]+)", block)
        if name:
            found[name.group(1)] = block
    return found


@pytest.mark.parametrize("handler, name", [(score_main, "score"), (waits_main, "waits")])
def test_under_ja_each_riichi_option_is_said_in_japanese(capsys, lang, handler, name):
    lang("ja")
    out = _help(capsys, handler, GAME)
    blocks = _blocks(out)
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
    blocks = _blocks(_help(capsys, waits_main, GAME))
    assert "ツモの値" in blocks["--haitei"] and "ロンの値" in blocks["--houtei"], blocks["--haitei"]


def test_the_router_says_it_in_japanese_too(capsys, lang):
    lang("ja")
    with pytest.raises(SystemExit):
        main(["score", *GAME, "--help"])
    out = capsys.readouterr().out
    assert "抜きドラ" in _blocks(out)["--nuki"] and "三人" in _blocks(out)["--nuki"]


def test_japanese_lines_fit_the_terminal_and_keep_option_names_whole(capsys, lang):
    lang("ja")
    out = _help(capsys, score_main, GAME)
    too_wide = [line for line in out.splitlines() if columns(line) > 100 and not line.startswith("  \"")]
    assert not too_wide, too_wide
    names = set(re.findall(r"--[a-z][-a-z]+", out))
    assert "--ura-dora-indicators" in names and "--double-riichi" in names
    assert not [n for n in names if n.endswith("-")], names  # none cut at a hyphen


@pytest.mark.parametrize("handler", [score_main, waits_main])
def test_under_en_the_help_stays_english(capsys, lang, handler):
    lang("en")
    out = _help(capsys, handler, GAME)
    assert out.startswith("usage: tilelens ") and "\noptions:\n" in out and "Exit status" in out
    for option, block in _blocks(out).items():
        assert not JAPANESE.search(block), (option, block)
    assert "norths set aside as nukidora (kita)" in out
