"""Session 59 (F2): a counted (kazoe) limit is named where the limit is named (``scorer.riichi_hand._winning``,
``scorer.riichi_rules.LIMIT_NAMES``), so the low-level result (``evaluate``) and the low-level waits
(``scorer.riichi_waits.waits``) say "kazoe double yakuman" (数えダブル役満) themselves, not only once
``scorer.riichi.score`` / ``waits`` laid the word on top of them."""
from __future__ import annotations

import pytest

from scorer import riichi
from scorer.riichi_hand import evaluate, situation
from scorer.riichi_rules import LIMIT_NAMES, RiichiRules
from scorer.riichi_waits import waits as low_waits

NO_LIMIT = RiichiRules(kazoe_limit="none")
# chinitsu, ryanpeikou, tanyao, pinfu, riichi, ippatsu, tsumo: 14 han; the dora and ura dora take it to 26
FLUSH = "22334455667788m"
DORA = dict(dora_indicators=["1m", "1m", "4m"], ura_dora_indicators=["1m", "1m", "6m"])


def _evaluated(hand, win_index, tsumo, **options):
    sit = situation(None, hand, concealed_size=14, **options)
    return evaluate(sit, win_index, tsumo)


def test_the_low_level_result_of_26_han_of_yaku_says_kazoe_double_yakuman():
    result = _evaluated(FLUSH, 11, True, riichi=True, ippatsu=True, rules=NO_LIMIT, seat="east", **DORA)
    assert result.extra["han"] == 26 and not any(y.han >= 13 for y in result.yaku)
    assert (result.extra["limit"], result.extra["limit_ja"]) == ("kazoe double yakuman", "数えダブル役満")
    assert result.points == 96000


def test_the_low_level_waits_say_kazoe_double_yakuman():
    listed = low_waits(None, "2233445566778m", riichi=True, ippatsu=True, rules=NO_LIMIT, **DORA)
    tsumo = next(w.tsumo for w in listed if w.tile == "8m")
    assert tsumo.extra["han"] >= 26, tsumo.extra
    assert (tsumo.extra["limit"], tsumo.extra["limit_ja"]) == ("kazoe double yakuman", "数えダブル役満")


@pytest.mark.parametrize("hand, win_index, options, limit, limit_ja", [
    ("19m19p19s1234567z1m", 13, dict(rules=NO_LIMIT), "double yakuman", "ダブル役満"),  # kokushi 13-sided: of yaku
    ("22334455667788m", 11, dict(riichi=True, rules=NO_LIMIT, dora_indicators=["1m"]), "kazoe yakuman", "数え役満"),
    ("22334455667788m", 11, dict(riichi=True, ippatsu=True, **DORA), "kazoe yakuman", "数え役満"),  # the shipped cap: one yakuman however many han
])
def test_a_yakuman_of_yaku_and_a_single_counted_one_keep_their_names(hand, win_index, options, limit, limit_ja):
    result = _evaluated(hand, win_index, False, **options)
    assert (result.extra["limit"], result.extra["limit_ja"]) == (limit, limit_ja), result.extra


def test_every_counted_multiple_has_its_names_and_the_top_level_adds_nothing():
    for times, ja in ((2, "ダブル"), (3, "トリプル"), (4, "四倍"), (5, "五倍"), (6, "六倍")):
        plain_ja, plain_en = LIMIT_NAMES[f"{times}x yakuman"]
        assert LIMIT_NAMES[f"kazoe {times}x yakuman"] == (f"数え{plain_ja}", f"kazoe {plain_en}")
        assert plain_ja == f"{ja}役満"
    assert not hasattr(riichi, "counted_said")
