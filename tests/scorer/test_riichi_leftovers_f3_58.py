"""Session 58 (F3): a riichi result's leftovers. The pao note is a sentence naming the liable seat as a player says
it ("West fed the last dragon", 「西家が最後の三元牌を鳴かせた」), not "west fed"; a hand of ordinary yaku and dora
counted past 26 han under ``kazoe_limit = "none"`` is said as the counted one it is ("kazoe double yakuman",
「数えダブル役満」), paid one yakuman per 13 han as SCHEMA.md says, where it was said as a double yakuman of yaku."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import riichi
from scorer.riichi_cli import format_result, waits_main
from scorer.riichi_rules import RiichiRules, fu_mean_nothing

DAISANGEN = dict(melds=["pon:555z", "pon:666z", "pon:777z", "chi:123p"], win_tile="2z")
NO_LIMIT = RiichiRules(kazoe_limit="none")
# chinitsu, ryanpeikou, tanyao, pinfu, riichi, ippatsu, tsumo: 14 han; the dora and ura dora take it past 26
FLUSH = "22334455667788m"
DORA = dict(dora_indicators=["1m", "1m", "4m"], ura_dora_indicators=["1m", "1m", "6m"])


def _pao_note(**options):
    result = riichi.score(None, "22z", seat="south", pao="west", **DAISANGEN, **options)
    return next(n for n in result.extra["notes"] if n["id"] == "pao")


@pytest.mark.parametrize("options, english, japanese", [
    (dict(win="tsumo"), "West fed the last dragon of this Daisangen, so West pays its yakuman alone (32,000)",
     "西家が最後の三元牌を鳴かせたので、ツモの大三元の役満分 (32,000点) を西家が1人で払います"),
    (dict(win="ron", discarder="north"), "West fed the last dragon of this Daisangen, so West pays half",
     "西家が最後の三元牌を鳴かせたので、大三元の役満の半分 (16,000点) を西家が払い"),
    (dict(win="ron", discarder="west"), "West fed the last dragon of this Daisangen and dealt in too, so West pays "
     "it all", "西家が最後の三元牌を鳴かせ、放銃もしたので"),
])
def test_the_pao_note_is_a_sentence_naming_the_seat_as_players_say_it(options, english, japanese):
    note = _pao_note(**options)
    assert english in note["text"], note["text"]
    assert note["text"][:1].isupper() and note["text"].endswith(".") and " west " not in note["text"]
    assert japanese in note["text_ja"], note["text_ja"]
    assert note["text_ja"].endswith("。") and "西が" not in note["text_ja"]


def test_a_ron_whose_discarder_is_not_said_names_the_seat_in_its_bracket_too():
    note = _pao_note(win="ron")
    assert "(had West dealt in, West pays it all)" in note["text"], note["text"]
    assert "(西家が放銃したなら西家が全額を払います)" in note["text_ja"], note["text_ja"]


def _counted(**options):
    return riichi.score(None, FLUSH, win_tile="7m", riichi=True, ippatsu=True, rules=NO_LIMIT, **DORA, **options)


def test_26_han_of_yaku_and_dora_is_a_counted_double_yakuman_paid_as_two():
    result = _counted(win="tsumo", seat="east")
    assert result.extra["han"] == 26 and not any(y.han >= 13 for y in result.yaku)
    assert (result.extra["limit"], result.extra["limit_ja"]) == ("kazoe double yakuman", "数えダブル役満")
    assert result.points == 96000  # one yakuman per 13 han: a dealer's double yakuman, 32,000 from each
    assert not fu_mean_nothing(result.extra)  # its fu made it, as a kazoe yakuman's: said
    text = format_result(result, None)
    assert "26 han 20 fu (kazoe double yakuman)" in text, text
    assert "26翻 20符 (数えダブル役満)" in format_result(result, None, lang="ja")


def test_29_han_still_pays_a_double_yakuman_and_below_26_a_kazoe_yakuman():
    ron = riichi.score(None, FLUSH, win_tile="7m", riichi=True, ippatsu=True, rules=NO_LIMIT, win="ron",
                       dora_indicators=["1m", "1m", "4m", "6m"], ura_dora_indicators=["1m", "1m", "4m", "6m"])
    assert ron.extra["han"] >= 29 and ron.points == 64000 and ron.extra["limit"] == "kazoe double yakuman"
    fewer = riichi.score(None, FLUSH, win_tile="7m", riichi=True, rules=NO_LIMIT, win="ron",
                         dora_indicators=["1m"])
    assert 13 <= fewer.extra["han"] < 26 and fewer.extra["limit"] == "kazoe yakuman" and fewer.points == 32000


def test_a_double_yakuman_of_yaku_is_still_said_so_under_no_limit():
    result = riichi.score(None, "19m19p19s1234567z1m", win="ron", rules=NO_LIMIT)  # kokushi 13-sided
    assert result.extra["limit"] == "double yakuman" and result.points == 64000


def test_the_waits_say_a_counted_double_yakuman_too(tmp_path, capsys):
    listed = riichi.waits(None, "2233445566778m", riichi=True, ippatsu=True, rules=NO_LIMIT, **DORA)
    tsumo = next(w.tsumo for w in listed if w.tile == "8m")
    assert tsumo.extra["han"] >= 26 and tsumo.extra["limit"] == "kazoe double yakuman", tsumo.extra
    assert tsumo.extra["limit_ja"] == "数えダブル役満"
    game = tmp_path / "counted.toml"  # the shipped file, kazoe_limit = "none"
    text = (Path(riichi.__file__).parent / "games" / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert text.count('kazoe_limit = "yakuman"') == 1
    game.write_text(text.replace('kazoe_limit = "yakuman"', 'kazoe_limit = "none"'), encoding="utf-8")
    waits_main(["--game", str(game), "2233445566778m", "--riichi", "--ippatsu", "--dora", "1m", "1m", "4m",
                "--ura-dora", "1m", "1m", "6m"])
    out = capsys.readouterr().out
    assert "kazoe double yakuman" in out and " double yakuman:" not in out.replace("kazoe double yakuman", ""), out
