"""Session 58 (Y1): `tilelens score` and `tilelens waits` say a yakuman as a yakuman, as the app does. They said
kokushi's 13-sided wait as "26 han" on its yaku line and "26 han (double yakuman): 64,000 points" (「国士無双十三面
待ち 26翻」, 「26翻 (ダブル役満)」), and each wait "26 han double yakuman: Kokushi Musou 13-sided wait 26": a yakuman
of yaku now says 役満 / ダブル役満 ("yakuman" / "double yakuman") for each yaku and its limit alone for the hand. A
counted yakuman (数え役満: ordinary yaku and dora to 13 han) keeps its han, which made it; ``--json`` keeps the
numbers (it is for tools)."""
from __future__ import annotations

import json

import pytest

from scorer import load_game, score
from scorer.riichi_cli import format_result, format_waits, score_main, waits_main
from scorer.riichi import tiles_from_win, waits

GAME = load_game("tokyo-mahjong")
KOKUSHI = "19m19p19s1234567z1m"


def _yaku_lines(text: str) -> list[str]:
    return [line for line in text.splitlines()[1:] if line.startswith("  ") and not line.startswith("   ")]


@pytest.mark.parametrize("lang, yaku_line, value_line, han", [
    ("en", "Kokushi Musou 13-sided wait", "  double yakuman: 64,000 points", "han"),
    ("ja", "国士無双十三面待ち", "  ダブル役満: 64,000点", "翻"),
])
def test_score_says_a_double_yakuman_by_its_limit(lang, yaku_line, value_line, han):
    text = format_result(score(GAME, KOKUSHI, win="ron"), GAME, lang=lang)
    line = next(line for line in text.splitlines() if yaku_line in line)
    assert line.rstrip().endswith("double yakuman" if lang == "en" else "ダブル役満"), line
    assert value_line in text.splitlines(), text
    assert "26" not in text and han not in text, text


@pytest.mark.parametrize("lang, yaku_word, value_line", [
    ("en", "yakuman", "  yakuman: 32,000 points"), ("ja", "役満", "  役満: 32,000点"),
])
def test_score_says_a_yakuman_with_dora_by_its_limit(lang, yaku_word, value_line):
    # daisangen beside 2 dora (not counted): "大三元 役満", "役満: 32,000点"; the dora are a note, no han line
    text = format_result(score(GAME, "555666777z123m99p", dora_indicators=["8p"]), GAME, lang=lang)
    line = next(line for line in text.splitlines() if "大三元" in line)
    assert line.rstrip().endswith(yaku_word) and "13" not in line, line
    assert value_line in text.splitlines(), text
    assert "13 han" not in text and "13翻" not in text, text


def test_score_says_each_yakuman_of_a_4x_yakuman():
    text = format_result(score(GAME, "555666777z111z22z", win_tile="2z"), GAME)
    lines = _yaku_lines(text)
    assert lines[0].rstrip().endswith(" yakuman") and lines[1].rstrip().endswith(" yakuman"), text
    assert lines[2].rstrip().endswith(" double yakuman"), text  # suu ankou tanki
    assert "  4x yakuman: 128,000 points" in text.splitlines() and " han" not in text, text


@pytest.mark.parametrize("lang, value_line", [
    ("en", "  13 han 20 fu (kazoe yakuman): "), ("ja", "  13翻 20符 (数え役満): "),
])
def test_a_counted_yakuman_keeps_its_han(lang, value_line):
    result = score(GAME, "22334m556677m88m4m", win_tile="4m", win="tsumo", riichi=True)
    text = format_result(result, GAME, lang=lang)
    assert any(line.startswith(value_line) for line in text.splitlines()), text
    assert "6 han" in text if lang == "en" else "6翻" in text  # chinitsu's han said on its line


@pytest.mark.parametrize("lang, said", [
    ("en", "64,000 (double yakuman: Kokushi Musou 13-sided wait double yakuman)"),
    ("ja", "64,000点 (ダブル役満: 国士無双十三面待ち ダブル役満)"),
])
def test_waits_say_a_yakuman_by_its_limit(lang, said):
    hand = "19m19p19s1234567z"
    text = format_waits(waits(GAME, hand), tiles_from_win(GAME, hand, []), GAME, lang)
    assert f"    {'ron:  ' if lang == 'en' else 'ロン:'} {said}" in text.splitlines(), text
    assert "26" not in text, text


def test_waits_keep_a_counted_yakumans_han():
    # 2233m556677m88m4m less its 4m: riichi (with it, tsumo) and the rest count to 13 han, a counted yakuman
    hand = "22334m556677m88m"
    text = format_waits(waits(GAME, hand, riichi=True), tiles_from_win(GAME, hand, []), GAME)
    assert "13 han 20 fu kazoe yakuman: " in text, text


def test_the_commands_say_it_and_json_keeps_the_numbers(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert score_main(["--game", "tokyo-mahjong", KOKUSHI]) == 0
    out = capsys.readouterr().out
    assert "  ダブル役満: 64,000点" in out.splitlines() and "26翻" not in out, out
    assert waits_main(["--game", "tokyo-mahjong", "19m19p19s1234567z"]) == 0
    out = capsys.readouterr().out
    assert "ダブル役満: 国士無双十三面待ち ダブル役満" in out and "26翻" not in out, out
    assert score_main(["--game", "tokyo-mahjong", KOKUSHI, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [y["han"] for y in data["yaku"]] == [26] and data["han"] == 26 and data["limit"] == "double yakuman"
