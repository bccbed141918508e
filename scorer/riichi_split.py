"""Which split of a riichi hand into sets and a pair the score stands on.

The ``mahjong`` package tries every split of a winning hand (``HandDivider``) and scores the dearest,
but its ``HandResponse`` does not say which split that was. ``winning_split`` finds it again: a hand of one
split (nearly every hand) is that split, with no fu breakdown computed again; else the package's splits,
kept to those whose fu breakdown (``FuCalculator``, with the same winning tile and table state) holds the
items the package reported, and seven pairs only when chiitoitsu was scored. A triplet always adds fu, so
two splits that differ in triplets never share a breakdown; when more than one split is left, the first
is shown.

The splits are the package's own division, looked up (``package_splits``) rather than made a second time.

Each group is a dict in the shape the Donjara engine gives (``kind``, ``kind_ja``, ``kind_en``,
``label``, ``tiles``, ``almighty``), so the CLI and the app show both the same way; a meld's ``label``
(``pon``) also comes as players say it in Japanese (``label_ja``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Any

from mahjong.constants import CHUN, HAKU, HATSU
from mahjong.hand_calculating.divider import HandDivider, _Block, _BlockType
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.meld import Meld

from scorer.riichi_tiles import KIND34, RED_CODES, TILE_IDS, MeldSpec

# (kind, Japanese, English) of each group shape.
_SHAPES = {"sequence": ("順子", "sequence"), "triplet": ("刻子", "triplet"), "quad": ("槓子", "quad"),
           "pair": ("雀頭", "pair"), "kokushi": ("国士無双", "thirteen orphans")}
# The shape of each of the package's blocks.
_BLOCK_SHAPE = {_BlockType.SEQUENCE: "sequence", _BlockType.TRIPLET: "triplet", _BlockType.QUAD: "quad",
                _BlockType.PAIR: "pair"}
# A meld's kind as the notation writes it (``pon:555m``), as players say it in Japanese.
_MELD_JA = {"chi": "チー", "pon": "ポン", "kan": "カン", "ankan": "暗カン", "kakan": "加カン"}  # as the app says them
# A five's kind (34-format) -> the code of its red five.
_RED_FIVE = {KIND34[c]: c for c in RED_CODES}
_RED_CODES = frozenset(RED_CODES)
_PAIR = _BlockType.PAIR
# The tile ids of each block the package can make, by its first tile and shape: plain tiles (a hand holding a
# red five has its groups named tile by tile, ``_describe``).
_BLOCK_IDS = {(k, ty): tuple(TILE_IDS[t] for t in _Block(k, ty).tiles_34)
              for k in range(34) for ty in _BlockType if ty is not _BlockType.SEQUENCE or (k < 27 and k % 9 < 7)}

Split = tuple[_Block, ...]


def package_splits(concealed: Sequence[int], meld_blocks: tuple[_Block, ...]) -> tuple[Split, ...]:
    """Every split of the hand, in the package's order, as the package's blocks (first tile and shape).

    ``HandDivider.divide_hand`` gives the same splits as tile lists, but dividing again: it checks and counts
    the tiles and turns every block into a list. Its division proper, ``HandDivider._divide_hand_impl``
    (mahjong 2.1.0, pinned in constraints.txt), is cached on the concealed tiles' counts and the melds' blocks,
    and ``estimate_hand_value`` has just called it with that key: asked here, it is a look-up (or, were it
    dropped meanwhile, the same division made again). The tiles were checked already (``check_copies``: at
    most 4 of a kind). tests/scorer/test_riichi_speed_51.py pins that these are ``divide_hand``'s splits.
    """
    counts = [0] * 34
    for code in concealed:
        counts[KIND34[code]] += 1
    return HandDivider._divide_hand_impl(tuple(counts), meld_blocks)


def winning_split(concealed: Sequence[int], melds: Sequence[MeldSpec], package_melds: Sequence[Meld],
                  win_136: int, config: Any, response: Any) -> tuple[dict[str, Any], ...]:
    """The groups of the split the package scored, tiles named by our ids (red fives kept)."""
    meld_blocks = tuple(_Block.from_meld(m) for m in package_melds)
    splits = package_splits(concealed, meld_blocks)
    if not splits:  # kokushi musou: no sets at all
        return (_group("kokushi", "", [TILE_IDS[c] for c in chain(concealed, *(m.codes for m in melds))]),)
    if len(splits) == 1:  # nearly every hand: the package had no other split to choose, nothing to find again
        return _describe(splits[0], meld_blocks, concealed, melds)
    return _describe(_dearest(splits, melds, package_melds, win_136, config, response), meld_blocks, concealed,
                     melds)


def _dearest(splits: Sequence[Split], melds: Sequence[MeldSpec], package_melds: Sequence[Meld], win_136: int,
             config: Any, response: Any) -> Split:
    """Of several splits, the one the package scored: seven pairs only when chiitoitsu was, then the first
    whose fu breakdown holds the items the package reported."""
    yaku_ids = {y.yaku_id for y in response.yaku}
    seven_pairs = config.yaku.chiitoitsu.yaku_id in yaku_ids
    splits = [s for s in splits if (len(s) == 7) == seven_pairs] or list(splits)
    want = sorted((d["fu"], d["reason"]) for d in response.fu_details or ())
    valued = [HAKU, HATSU, CHUN, config.player_wind, config.round_wind]

    def fu_items(split: list[list[int]], win_group: list[int]) -> list[tuple[int, str]]:
        details = FuCalculator.calculate_fu(split, win_136, win_group, config, valued, package_melds)[0]
        return sorted((d["fu"], d["reason"]) for d in details)

    def same_fu(split: Split) -> bool:
        tiles = [b.tiles_34 for b in split]  # the package's fu breakdown reads each block as a tile list
        return any(fu_items(tiles, g) == want for g in _win_groups(tiles, win_136 // 4, melds))

    return next((s for s in splits if same_fu(s)), splits[0])


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


def _describe(split: Split, meld_blocks: Sequence[_Block], concealed: Sequence[int],
              melds: Sequence[MeldSpec]) -> tuple[dict[str, Any], ...]:
    """Name each group's tiles by the hand's own codes, melds first as declared, then the concealed sets: the
    pair first, then the sets in the package's order (by first tile)."""
    out = []
    rest = list(split)
    for m, block in zip(melds, meld_blocks):
        rest.remove(block)  # every split holds each meld's block
        out.append(_group(_BLOCK_SHAPE[block.ty], str(m.kind), [TILE_IDS[c] for c in m.codes]))
    rest = [b for b in rest if b.ty is _PAIR] + [b for b in rest if b.ty is not _PAIR]
    if _RED_CODES.isdisjoint(concealed):  # nearly every hand: each tile is named by its kind
        out.extend(_group(_BLOCK_SHAPE[b.ty], "", list(_BLOCK_IDS[b.tile_34, b.ty])) for b in rest)
        return tuple(out)
    left = [0] * len(TILE_IDS)  # copies of each code (red fives apart) not yet put in a group
    for c in concealed:
        left[c] += 1
    for block in rest:
        ids = []
        for k in block.tiles_34:
            code = k if left[k] else _RED_FIVE[k]  # the plain tile while the hand has one left, then the red five
            left[code] -= 1
            ids.append(TILE_IDS[code])
        out.append(_group(_BLOCK_SHAPE[block.ty], "", ids))
    return tuple(out)


def _group(kind: str, label: str, tiles: list[str]) -> dict[str, Any]:
    ja, en = _SHAPES[kind]
    return {"kind": kind, "kind_ja": ja, "kind_en": en, "label": label, "label_ja": _MELD_JA.get(label, label),
            "tiles": tiles, "almighty": []}
