"""Riichi waits: every tile that completes a 13-tile hand, with what a ron and a tsumo on it score."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mahjong.agari import Agari

from scorer.result import ScoreResult, YakuHit
from scorer.riichi_hand import chankan_seen, evaluate, flat_dict, situation
from scorer.riichi_rules import STANDARD_COPIES, copies_at_table, kind_copies, set_copies
from scorer.riichi_tiles import FIVES, KIND34, RED_CODES, TILE_IDS

# What can only come with one way of winning: each way's score leaves the other's out (a hand one tile short
# given chankan lists its ron values robbing a kan, its tsumo values as tsumo).
_TSUMO_ONLY = frozenset({"haitei", "rinshan", "tenhou", "chiihou"})
_RON_ONLY = frozenset({"houtei", "chankan", "renhou"})
# ``RiichiWait.note`` in Japanese.
_NOTES_JA = {"no yaku": "役なし", "no yaku on ron: tsumo only": "ロンでは役なし: ツモのみ",
             "furiten: tsumo only": "フリテン: ツモのみ"}
# A wait whose every copy is in view (hand, melds, indicators, own discards): none is left to win on.
DEAD_NOTE, DEAD_NOTE_JA = "none left (all 4 in view)", "残りなし (4枚とも見えています)"


@dataclass(frozen=True)
class RiichiWait:
    """One tile that completes a 13-tile hand, with what a ron and a tsumo on it would score.

    ``tile``, ``name_ja``, ``name_en``, ``points``, ``remaining``, ``note``, ``note_ja`` and ``yaku`` mirror the Donjara
    ``Wait`` so that callers can list waits of any game alike. ``dead``: no copy is left to win on (``remaining``
    0: every copy in view); its ``ron`` and ``tsumo`` say what the tile would have been worth, which ``score``
    refuses (too many copies), and its ``note`` starts with ``DEAD_NOTE``.
    """

    tile: str
    name_ja: str
    name_en: str
    remaining: int
    ron: ScoreResult
    tsumo: ScoreResult

    @property
    def has_yaku_ron(self) -> bool:
        """False when a ron on this tile would have no yaku (furiten aside)."""
        return bool(self.ron.yaku)

    @property
    def has_yaku_tsumo(self) -> bool:
        """False when even a tsumo on this tile has no yaku (an open hand without one)."""
        return bool(self.tsumo.yaku)

    @property
    def points(self) -> int:
        """What a ron on this tile is worth, or a tsumo when a ron has no yaku (0 when neither has one)."""
        return self.ron.value if self.has_yaku_ron else self.tsumo.value

    @property
    def dead(self) -> bool:
        """No copy left to win on: every copy is in view (a hand of only dead waits is still tenpai at a draw)."""
        return self.remaining == 0

    @property
    def note(self) -> str:
        """Why a win on this tile is limited, if it is: ``DEAD_NOTE`` first for a dead wait."""
        limited = self._limited()
        if self.dead:
            return f"{DEAD_NOTE}; {limited}" if limited else DEAD_NOTE
        return limited

    def _limited(self) -> str:
        if not self.has_yaku_tsumo:
            return "no yaku"
        if not self.has_yaku_ron:
            return "no yaku on ron: tsumo only"
        if "furiten" in self.ron.extra:
            return "furiten: tsumo only"
        return ""

    @property
    def note_ja(self) -> str:
        """``note`` in Japanese (as the Donjara ``Wait`` has it)."""
        limited = _NOTES_JA.get(self._limited(), self._limited())
        if self.dead:
            return f"{DEAD_NOTE_JA}; {limited}" if limited else DEAD_NOTE_JA
        return limited

    @property
    def yaku(self) -> YakuHit:
        """The yaku of the win that ``points`` counts, as one line with the total han."""
        result = self.ron if self.has_yaku_ron else self.tsumo
        return YakuHit(name=" ".join(y.name for y in result.yaku), name_en=", ".join(y.name_en for y in result.yaku),
                       han=result.extra.get("han", 0))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"tile": self.tile, "name_ja": self.name_ja, "name_en": self.name_en, "points": self.points,
                "remaining": self.remaining, "note": self.note, "note_ja": self.note_ja, "has_yaku_ron": self.has_yaku_ron,
                "has_yaku_tsumo": self.has_yaku_tsumo, "dead": self.dead, "ron": flat_dict(self.ron),
                "tsumo": flat_dict(self.tsumo)}


def waits(game: Any, hand: Any, **options: Any) -> list[RiichiWait]:
    """Every tile that completes a 13-tile hand (concealed + 3 per meld), with ron and tsumo values.

    Tiles whose every copy (the game's set's, four in a standard set) is in the hand and melds are left out (they
    cannot be drawn: no wait, as for an exhaustive draw's tenpai). A tile whose every copy is in view, some among
    the indicators or own discards, is listed ``dead`` (``remaining`` 0), after the waits still to be won on: the
    hand is tenpai, though no copy is left to win on (``score`` refuses a win on it). A five is scored as a plain
    five while a plain one is left out of view (hand, melds, indicators, own discards), else as the red five (with
    its dora), if that one is. A situation of one way of winning
    counts on that way only (chankan, houtei, renhou on the ron; haitei, rinshan, tenhou, chiihou on the tsumo),
    chankan not on a tile the hand holds or shows besides (no kan's fourth copy to rob).

    >>> [w.tile for w in waits(None, "123m456p789s1z555z")]
    ['1z']
    """
    sit = situation(game, hand, concealed_size=13, **options)
    as_ron, as_tsumo = replace(sit, flags=sit.flags - _TSUMO_ONLY), replace(sit, flags=sit.flags - _RON_ONLY)
    hand34 = [0] * 34
    for code in sit.concealed:
        hand34[KIND34[code]] += 1
    held = [0] * 37
    in_view = [0] * 37  # held, or turned over as an indicator, or among the own discards
    seen = [0] * 34
    for code in (*sit.concealed, *(c for m in sit.melds for c in m.codes)):
        held[code] += 1
    for code in (*sit.concealed, *(c for m in sit.melds for c in m.codes), *sit.dora, *sit.ura, *sit.discards):
        in_view[code] += 1
        seen[KIND34[code]] += 1
    in_set = set_copies(game)
    copies = kind_copies(in_set)
    found = []
    for k in range(34):
        code = _drawable(k, held, sit.rules.red_fives, in_view, in_set)
        if code is None or hand34[k] >= 4:
            continue
        hand34[k] += 1
        complete = Agari.is_agari(hand34)
        hand34[k] -= 1
        if not complete:
            continue
        ron = replace(as_ron, concealed=(*sit.concealed, code))
        if "chankan" in ron.flags and chankan_seen(ron, code):  # a tile held (or seen) is no kan's to rob
            ron = replace(ron, flags=ron.flags - {"chankan"})
        index = len(ron.concealed) - 1
        name_ja, name_en = _tile_names(game, TILE_IDS[code])
        tsumo = replace(as_tsumo, concealed=ron.concealed)
        found.append(RiichiWait(TILE_IDS[code], name_ja, name_en, max(0, copies[k] - seen[k]),
                                evaluate(ron, index, tsumo=False), evaluate(tsumo, index, tsumo=True)))
    found.sort(key=lambda w: w.dead)  # the dead waits last, each part in tile order
    return found


def _tile_names(game: Any, tile_id: str) -> tuple[str, str]:
    try:
        kind = game.tile(tile_id)
    except (AttributeError, LookupError, ValueError):  # no catalog given
        return tile_id, tile_id
    return kind.name_ja, kind.name_en


def _drawable(k: int, held: list[int], red_fives: bool, in_view: list[int] | None = None,
              in_set: Mapping[str, int] = STANDARD_COPIES) -> int | None:
    """The code of a copy of kind ``k`` not already held, or None (copies: the set's, ``in_set``). A five is the
    plain one while a plain copy is left out of view (``in_view``: held, indicators, own discards), else the red
    five if one is: with every plain five in view the only one left to win on is a red five (and its dora)."""
    copies = copies_at_table(TILE_IDS[k], red_fives, in_set)
    if k not in FIVES:
        return k if held[k] < copies else None
    red = RED_CODES[FIVES.index(k)]
    reds = in_set[TILE_IDS[red]]
    plain_copies = copies if red_fives else copies - held[red]  # a red five held there is a plain five's copy
    if red_fives and in_view is not None and held[k] < plain_copies <= in_view[k] and in_view[red] < reds:
        return red
    if held[k] < plain_copies:
        return k
    return red if red_fives and held[red] < reds else None  # without red fives a red one is a plain five's copy
