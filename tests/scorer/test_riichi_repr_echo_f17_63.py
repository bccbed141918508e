"""Session 63 (F17): a riichi option refused in Japanese echoed what was given by Python's repr (上がり牌 '1m2m' は
..., (いま 'yes')) where the other riichi messages quote it as a Japanese message does (「1m2m」は ...,
``scorer.result.quoted_ja``), falling back to the repr only for a text the quotes would hide (empty, a control
character, a quote of its own) or a value that is no text. The English messages are unchanged.
"""
from __future__ import annotations

import pytest

from scorer.riichi import score
from scorer.riichi_tiles import RiichiInputError

WIN = "123m456p789s11z555z"  # a 14-tile riichi hand (yakuhai haku)


def _refused(**options) -> RiichiInputError:
    with pytest.raises(RiichiInputError) as info:
        score(None, WIN, **options)
    return info.value


@pytest.mark.parametrize("options, en, ja", [
    ({"win_tile": "1m2m"}, "winning tile '1m2m' must be exactly one tile", "上がり牌「1m2m」は1枚にしてください"),
    ({"pao": "left"}, "pao 'left' is not a seat", "包 (責任払い) の席「left」は席の風ではありません"),
    ({"riichi": "yes"}, "riichi must be True or False, got 'yes'",
     "リーチ (riichi) は True か False にしてください (いま 「yes」)"),
    ({"players": "four"}, "Tokyo Mahjong is played by 2-4 players, got 'four'", "人数を 2〜4人にしてください (いま 「four」)"),
    ({"win": "draw"}, "win 'draw' must be tsumo or ron", "上がり方はツモ (tsumo) かロン (ron) にしてください (いま 「draw」)"),
])
def test_a_refused_riichi_option_is_quoted_in_japanese(options, en, ja):
    said = _refused(**options)
    assert en in str(said), str(said)
    assert ja in said.message_ja, said.message_ja
    assert "'" not in said.message_ja, said.message_ja


@pytest.mark.parametrize("options, ja", [
    ({"riichi": 2}, "(いま 2)"),  # no text: as it is
    ({"riichi": ""}, "(いま '')"),  # the quotes would hide it
    ({"win": "a\nb"}, "(いま 'a\\nb')"),  # a line break: escaped
    ({"pao": "「東」"}, "の席'「東」'は"),  # a quote of its own
])
def test_a_value_the_quotes_would_hide_is_said_as_its_repr(options, ja):
    said = _refused(**options)
    assert ja in said.message_ja, said.message_ja
