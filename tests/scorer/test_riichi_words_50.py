"""Session 50: a riichi limit hand's name, said in one language. `tilelens score --game tokyo-mahjong` printed a
yakuman as "13 han (役満 yakuman)" on an English screen: the English line now names the limit in English alone
("13 han (yakuman)"), the Japanese one in Japanese alone ("13翻 (役満)"). Session 58: a yakuman of yaku is said
as the limit alone ("yakuman: 32,000 points", 「役満: 32,000点」), a counted one with its han."""
from __future__ import annotations

import re

import pytest

from scorer import load_game, score
from scorer.riichi_cli import format_result, score_main

GAME = load_game("tokyo-mahjong")
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("hand, options, en, ja", [
    ("11122345678999m", {"win_tile": "9m", "win": "tsumo"}, "yakuman: 32,000 points", "役満: 32,000点"),  # chuuren
    ("222m333p444s555p66s", {"win_tile": "6s", "win": "ron"}, "double yakuman: 64,000 points", "ダブル役満: 64,000点"),
    ("22334m556677m88m4m", {"win_tile": "4m", "win": "tsumo", "riichi": True}, "13 han 20 fu (kazoe yakuman)",
     "13翻 20符 (数え役満)"),
    ("123m456p789s234s55p", {"win_tile": "2s", "win": "tsumo", "riichi": True, "dora_indicators": ["4p"]},
     "6 han 20 fu (haneman)", "6翻 20符 (跳満)"),
])
def test_a_limit_hand_is_named_in_the_screens_language_alone(hand, options, en, ja):
    result = score(GAME, hand, **options)
    english, japanese = format_result(result, GAME), format_result(result, GAME, lang="ja")
    value_line = next(line for line in english.splitlines() if " points" in line)
    assert en in value_line and not JA.search(value_line), value_line
    assert ja in japanese and not any(f"{word})" in japanese for word in ("yakuman", "haneman")), japanese


def test_the_command_line_says_a_yakuman_in_english(capsys):
    assert score_main(["--game", "tokyo-mahjong", "11122345678999m", "--win-tile", "9m", "--win", "tsumo"]) == 0
    out = capsys.readouterr().out
    assert "  yakuman: 32,000 points" in out and "役満 yakuman" not in out, out
