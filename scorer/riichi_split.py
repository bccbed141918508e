"""Which split of a riichi hand into sets and a pair the score stands on.

The ``mahjong`` package tries every split of a winning hand (``HandDivider``) and scores the dearest,
but its ``HandResponse`` does not say which split that was. ``winning_split`` finds it again: a hand of one
split (nearly every hand) is that split, with no fu breakdown computed again; else the package's splits,
kept to those whose fu breakdown (``FuCalculator``, with the same winning tile and table state) holds the
items the package reported, and seven pairs only when chiitoitsu was scored. A triplet always adds fu, so
two splits that differ in triplets never share a breakdown; when more than one split is left, the first
is shown.

Each group is a dict in the shape the Donjara engine gives (``kind``, ``kind_ja``, ``kind_en``,
``label``, ``tiles``, ``almighty``), so the CLI and the app show both the same way; a meld's ``label``
(``pon``) also comes as players say it in Japanese (``label_ja``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mahjong.constants import CHUN, HAKU, HATSU
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.meld import Meld
from mahjong.tile import TilesConverter
from mahjong.utils import is_chi, is_kan, is_pair

from scorer.riichi_tiles import KIND34, RED_CODES, TILE_IDS, MeldSpec

# (kind, Japanese, English) of each group shape.
_SHAPES = {"sequence": ("順子", "sequence"), "triplet": ("刻子", "triplet"), "quad": ("槓子", "quad"),
           "pair": ("雀頭", "pair"), "kokushi": ("国士無双", "thirteen orphans")}
# A meld's kind as the notation writes it (``pon:555m``), as players say it in Japanese.
_MELD_JA = {"chi": "チー", "pon": "ポン", "kan": "明槓", "ankan": "暗槓", "kakan": "加槓"}
# A five's kind (34-format) -> the code of its red five.
_RED_FIVE = {KIND34[c]: c for c in RED_CODES}


def winning_split(concealed: Sequence[int], melds: Sequence[MeldSpec], package_melds: Sequence[Meld],
                  tiles_136: Sequence[int], win_136: int, config: Any, response: Any) -> tuple[dict[str, Any], ...]:
    """The groups of the split the package scored, tiles named by our ids (red fives kept)."""
    splits = HandDivider.divide_hand(TilesConverter.to_34_array(tiles_136), list(package_melds))
    if not splits:  # kokushi musou: no sets at all
        return (_group("kokushi", "", list(concealed) + [c for m in melds for c in m.codes]),)
    if len(splits) == 1:  # nearly every hand: the package had no other split to choose, nothing to find again
        return _describe(splits[0], concealed, melds)
    yaku_ids = {y.yaku_id for y in response.yaku}
    seven_pairs = config.yaku.chiitoitsu.yaku_id in yaku_ids
    splits = [s for s in splits if (len(s) == 7) == seven_pairs] or splits
    want = sorted((d["fu"], d["reason"]) for d in response.fu_details or ())
    valued = [HAKU, HATSU, CHUN, config.player_wind, config.round_wind]

    def fu_items(split: list[list[int]], win_group: list[int]) -> list[tuple[int, str]]:
        details = FuCalculator.calculate_fu(split, win_136, win_group, config, valued, package_melds)[0]
        return sorted((d["fu"], d["reason"]) for d in details)

    same_fu = [s for s in splits if any(fu_items(s, g) == want for g in _win_groups(s, win_136 // 4, melds))]
    return _describe((same_fu or splits)[0], concealed, melds)


def _win_groups(split: Sequence[Sequence[int]], win_34: int, melds: Sequence[MeldSpec]) -> list[list[int]]:
    """The concealed groups that the winning tile can have completed (open melds cannot)."""
    left = Counter(tuple(sorted(KIND34[c] for c in m.codes)) for m in melds)
    groups = []
    for g in split:
        key = tuple(sorted(g))
        if left[key]:
            left[key] -= 1
        elif win_34 in g and list(g) not in groups:
            groups.append(list(g))
    return groups


def _describe(split: Sequence[Sequence[int]], concealed: Sequence[int],
              melds: Sequence[MeldSpec]) -> tuple[dict[str, Any], ...]:
    """Name each group's tiles by the hand's own codes, melds first as declared, then the concealed sets."""
    out = []
    left = [0] * len(TILE_IDS)  # copies of each code (red fives apart) not yet put in a group
    for c in concealed:
        left[c] += 1
    rest = list(split)
    for m in melds:
        key = sorted(KIND34[c] for c in m.codes)
        for i, g in enumerate(rest):
            if sorted(g) == key:
                del rest[i]
                break
        out.append(_group(_shape(key), str(m.kind), m.codes))
    rest.sort(key=lambda g: (not is_pair(g), g[0]))
    for g in rest:
        codes = []
        for k in g:
            code = k if left[k] else _RED_FIVE[k]  # the plain tile while the hand has one left, then the red five
            left[code] -= 1
            codes.append(code)
        out.append(_group(_shape(g), "", codes))
    return tuple(out)


def _shape(group: Sequence[int]) -> str:
    if len(group) == 4 and is_kan(group):
        return "quad"
    if is_pair(group):
        return "pair"
    return "sequence" if is_chi(group) else "triplet"


def _group(kind: str, label: str, codes: Sequence[int]) -> dict[str, Any]:
    ja, en = _SHAPES[kind]
    return {"kind": kind, "kind_ja": ja, "kind_en": en, "label": label, "label_ja": _MELD_JA.get(label, label),
            "tiles": [TILE_IDS[c] for c in codes], "almighty": []}
