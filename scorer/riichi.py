"""Riichi scoring for Tokyo Mahjong: our code reads the hand and the table, the ``mahjong`` package
(2.1.0) scores it.

Public API (``scorer.score`` / ``scorer.waits`` / ``scorer.tiles_from_win`` call these when
``game.engine == "riichi"``; ``game`` may be a ``Game``, or ``None`` for the Tokyo Mahjong defaults):

``score(game, hand, *, win_tile=None, win="ron", riichi=False, melds=(), dora_indicators=(),
ura_dora_indicators=(), seat="south", round_wind="east", discards=(), discarder=None, honba=0,
riichi_sticks=0, ippatsu=False, double_riichi=False, open_riichi=False, haitei=False, houtei=False,
rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, players=4, rules=None)
-> ScoreResult``

- ``hand``: every concealed tile, the winning tile included: an mpsz string (``123m406p789s1122z``;
  ``0`` = red five) or a sequence of tile ids / Japanese names / ``TileKind``. Concealed tiles + 3 per
  meld must be 14 (a kan counts 3).
- ``win_tile``: one tile of ``hand`` (default: the last tile written). ``win``: ``"tsumo"`` or ``"ron"``.
- ``melds``: ``["pon:555z", "chi:234m", "kan:1111p", "ankan:9999s", "kakan:2222z"]`` or one string.
- ``seat`` / ``round_wind`` (alias ``round``): ``east`` .. ``north``; east is the dealer.
- ``discards``: the winner's own discards; a ron on a hand whose winning tiles include one of them is
  refused (furiten): ``winning=False`` with the reason, ``value`` still set. Tsumo still scores.
- ``discarder``: the seat that dealt in on a ron (payer label), ``honba``: counters on the table,
  ``riichi_sticks``: 1,000-point sticks on the table when the hand ends, the winner's own included.

The result's ``points`` is the sum of ``payments`` (honba included, riichi sticks not);
``pot`` is the riichi sticks the winner also takes; ``extra`` holds ``han``, ``fu``, ``fu_details``,
``limit`` (``mangan``...), ``dora`` counts and ``total_received`` (points + pot).

``waits(game, hand, **same options) -> list[RiichiWait]`` for a 13-tile hand, ``tiles_from_win(game,
tiles, melds=()) -> int`` (0 = complete, 1 = tenpai) and ``exhaustive_draw(tenpai_seats, ...)``.

>>> r = score(None, "234m456p678s22z555z", win_tile="8s", seat="south")
>>> r.winning, [y.name_en for y in r.yaku], r.extra["han"], r.extra["fu"], r.points
(True, ['Yakuhai: white dragon'], 1, 40, 1300)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld
from mahjong.shanten import Shanten

from scorer.result import ScoreResult, WinKind, YakuHit
from scorer.riichi_pay import DrawResult, _check_counter, table_seats, win_payments
from scorer.riichi_pay import exhaustive_draw as _exhaustive_draw
from scorer.riichi_rules import (DORA_IDS, FU_REASONS, LIMIT_NAMES, SITUATION_ERRORS, YAKU_NAMES, RiichiRules,
                                 rules_for)
from scorer.riichi_tiles import (GAME_ID, KIND34, RED_CODES, TILE_IDS, InputProblem, MeldKind, MeldSpec,
                                 RiichiInputError, Wind, check_tile_count, parse_melds, parse_tiles, tile_ids)

__all__ = ["RiichiWait", "Situation", "exhaustive_draw", "flat_dict", "score", "tiles_from_win", "waits"]

_FIVES = (4, 13, 22)
_RED136 = (16, 52, 88)
# Which copy (0-3) of a kind the n-th plain tile takes: copy 0 of a five is the red one.
_COPY_ORDER = tuple((1, 2, 3, 0) if k in _FIVES else (0, 1, 2, 3) for k in range(34))
_PACKAGE_MELD = {MeldKind.CHI: (Meld.CHI, True), MeldKind.PON: (Meld.PON, True), MeldKind.KAN: (Meld.KAN, True),
                 MeldKind.ANKAN: (Meld.KAN, False), MeldKind.KAKAN: (Meld.SHOUMINKAN, True)}
_FLAGS = ("riichi", "double_riichi", "ippatsu", "open_riichi", "haitei", "houtei", "rinshan", "chankan",
          "tenhou", "chiihou", "renhou")


@dataclass(frozen=True)
class Situation:
    """A parsed, validated hand and table state (everything but the winning tile and how it came)."""

    game_id: str
    concealed: tuple[int, ...]
    melds: tuple[MeldSpec, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    discards: tuple[int, ...]
    seat: Wind
    round_wind: Wind
    discarder: Wind | None
    honba: int
    riichi_sticks: int
    players: int
    flags: frozenset[str]
    rules: RiichiRules

    @property
    def open_melds(self) -> tuple[MeldSpec, ...]:
        """Melds that open the hand (all but closed kans)."""
        return tuple(m for m in self.melds if m.kind.opened)


def situation(game: Any, hand: Any, *, concealed_size: int, **options: Any) -> Situation:
    """Parse and validate ``hand`` and the options of ``score`` (all but ``win_tile`` and ``win``)."""
    rules = options.pop("rules", None) or rules_for(game)
    if "round" in options:
        options.setdefault("round_wind", options.pop("round"))
    flags = frozenset(f for f in _FLAGS if options.pop(f, False))
    melds = tuple(parse_melds(options.pop("melds", ())))
    concealed = tuple(parse_tiles(hand, game, "hand"))
    check_tile_count(concealed, melds, (concealed_size,), "hand")
    dora = tuple(parse_tiles(options.pop("dora_indicators", ()), game, "dora indicators"))
    ura = tuple(parse_tiles(options.pop("ura_dora_indicators", ()), game, "ura dora indicators"))
    discards = tuple(parse_tiles(options.pop("discards", ()), game, "discards"))
    seat = Wind.parse(options.pop("seat", None) or rules.default_seat, "seat")
    round_wind = Wind.parse(options.pop("round_wind", None) or rules.default_round, "round wind")
    discarder = options.pop("discarder", None)
    discarder = Wind.parse(discarder, "discarder") if discarder is not None else None
    players = options.pop("players", None) or rules.players
    if players not in (2, 3, 4):
        raise RiichiInputError(InputProblem.OPTION, f"players must be 2, 3 or 4 (got {players!r})")
    for name, wind in (("seat", seat), ("discarder", discarder)):
        if wind is not None and wind not in table_seats(players):
            raise RiichiInputError(InputProblem.OPTION, f"{name} {wind} is not at a {players}-player table")
    if discarder is not None and discarder is seat:
        raise RiichiInputError(InputProblem.OPTION, f"discarder {discarder} is the winner's own seat")
    honba = _check_counter("honba", options.pop("honba", 0) or 0)
    sticks = _check_counter("riichi_sticks", options.pop("riichi_sticks", 0) or 0)
    leftover = [k for k, v in options.items() if v not in (None, False, (), [], "", 0)]
    if leftover:
        raise RiichiInputError(InputProblem.OPTION, f"unknown riichi option(s): {', '.join(sorted(leftover))}")
    _check_copies((concealed, *(m.codes for m in melds), dora, ura, discards), rules.red_fives)
    return Situation(getattr(game, "id", None) or GAME_ID, concealed, melds, dora, ura, discards, seat,
                     round_wind, discarder, honba, sticks, players, flags, rules)


def _check_copies(groups: Sequence[Sequence[int]], red_fives: bool) -> None:
    counts = [0] * 37
    for group in groups:
        for code in group:
            counts[code] += 1
    kinds = counts[:34]
    for five, red in zip(_FIVES, RED_CODES):
        kinds[five] += counts[red]
    # The common case (a legal hand) costs three comparisons; the loops below only name the culprit.
    if max(kinds) <= 4 and max(counts[34:]) <= 1 and not (red_fives and max(counts[k] for k in _FIVES) > 3):
        return
    for code in RED_CODES:
        if counts[code] > 1:
            raise RiichiInputError(InputProblem.COPIES, f"red five {TILE_IDS[code]} appears {counts[code]} "
                                   f"times across the hand, melds, indicators and discards; the set has one")
    for k, total in enumerate(kinds):
        if total > 4:
            raise RiichiInputError(InputProblem.COPIES, f"tile {TILE_IDS[k]} appears {total} times across the "
                                   f"hand, melds, indicators and discards; the set has 4")
    for five, red in zip(_FIVES, RED_CODES):
        if counts[five] > 3:
            raise RiichiInputError(InputProblem.COPIES, f"plain {TILE_IDS[five]} appears {counts[five]} times; "
                                   f"the set has 3 (the fourth is the red five {TILE_IDS[red]})")


def _to_136(codes: Sequence[int], ptr: list[int]) -> list[int]:
    out = []
    for code in codes:
        if code >= 34:
            out.append(_RED136[code - 34])
        else:
            i = ptr[code]
            ptr[code] = i + 1
            out.append(4 * code + _COPY_ORDER[code][i])
    return out


def _win_index(concealed: Sequence[int], win_code: int) -> int:
    """Index of the winning tile in the hand: the same tile, else a five of the other colour."""
    for i in range(len(concealed) - 1, -1, -1):
        if concealed[i] == win_code:
            return i
    for i in range(len(concealed) - 1, -1, -1):
        if KIND34[concealed[i]] == KIND34[win_code]:
            return i
    raise RiichiInputError(InputProblem.WIN_TILE, f"winning tile {TILE_IDS[win_code]} is not in the hand "
                           f"{''.join(tile_ids(concealed))} (the hand holds every concealed tile, the winning one too)")


def evaluate(sit: Situation, win_index: int, tsumo: bool) -> ScoreResult:
    """Score a parsed 14-tile situation with ``sit.concealed[win_index]`` as the winning tile."""
    ptr = [0] * 34
    tiles = _to_136(sit.concealed, ptr)
    melds = []
    for m in sit.melds:
        meld_type, opened = _PACKAGE_MELD[m.kind]
        meld_tiles = _to_136(m.codes, ptr)
        tiles.extend(meld_tiles)
        melds.append(Meld(meld_type, meld_tiles, opened))
    flags = sit.flags
    config = HandConfig(
        is_tsumo=tsumo, is_riichi="riichi" in flags or "double_riichi" in flags, is_ippatsu="ippatsu" in flags,
        is_rinshan="rinshan" in flags, is_chankan="chankan" in flags, is_haitei="haitei" in flags,
        is_houtei="houtei" in flags, is_daburu_riichi="double_riichi" in flags, is_tenhou="tenhou" in flags,
        is_renhou="renhou" in flags, is_chiihou="chiihou" in flags, is_open_riichi="open_riichi" in flags,
        player_wind=sit.seat.tile34, round_wind=sit.round_wind.tile34, options=_options(sit.rules))
    response = HandCalculator.estimate_hand_value(
        tiles, tiles[win_index], melds=melds, dora_indicators=_to_136(sit.dora, [0] * 34), config=config,
        ura_dora_indicators=_to_136(sit.ura, [0] * 34))
    win_code = sit.concealed[win_index]
    base = {"win": str(WinKind.TSUMO if tsumo else WinKind.RON), "win_tile": TILE_IDS[win_code],
            "seat": str(sit.seat), "round_wind": str(sit.round_wind), "dealer": sit.seat is Wind.EAST,
            "honba": sit.honba, "riichi_sticks": sit.riichi_sticks}
    if response.error:
        return _not_winning(sit, response.error, base)
    return _winning(sit, response, tsumo, win_code, base)


_OPTIONS_CACHE: dict[RiichiRules, Any] = {}


def _options(rules: RiichiRules) -> Any:
    # The package only reads its OptionalRules, so one per rule set is shared by every call.
    found = _OPTIONS_CACHE.get(rules)
    if found is None:
        found = _OPTIONS_CACHE[rules] = rules.package_options()
    return found


def _winning(sit: Situation, response: Any, tsumo: bool, win_code: int, base: dict[str, Any]) -> ScoreResult:
    is_open = response.is_open_hand
    yaku, dora = [], {"dora": 0, "aka_dora": 0, "ura_dora": 0}
    for y in response.yaku:
        han = y.han_open if is_open else y.han_closed
        if y.yaku_id in DORA_IDS:
            dora[DORA_IDS[y.yaku_id]] = han
        else:
            ja, en = YAKU_NAMES.get(y.yaku_id, (y.name, y.name))
            yaku.append(YakuHit(name=ja, name_en=en, han=han))
    cost = response.cost
    payments = win_payments(cost["main"], cost["additional"], tsumo=tsumo, winner=sit.seat,
                            discarder=sit.discarder, honba=sit.honba, rules=sit.rules, players=sit.players)
    points = sum(p.amount for p in payments)
    level = cost["yaku_level"]
    limit_ja, limit_en = LIMIT_NAMES.get(level, (level, level)) if level else (None, None)
    pot = sit.rules.riichi_stick * sit.riichi_sticks
    extra = {**base, "han": response.han, "fu": response.fu, "limit": limit_en, "limit_ja": limit_ja,
             "fu_details": [{"fu": d["fu"], "reason": d["reason"], "label": FU_REASONS.get(d["reason"], d["reason"])}
                            for d in response.fu_details or ()],
             "dora": dora, "open": is_open, "total_received": points + pot,
             "dealer_keeps_seat": sit.seat is Wind.EAST, "next_honba": sit.honba + 1 if sit.seat is Wind.EAST else 0}
    furiten = None if tsumo else _furiten_tile(sit, win_code)
    if furiten is not None:
        extra["furiten"] = TILE_IDS[furiten]
        reason = (f"furiten: {TILE_IDS[furiten]} completes this hand and is among your own discards, "
                  f"so no ron (the hand is worth {points:,}; a tsumo still scores)")
        return ScoreResult(game=sit.game_id, winning=False, yaku=tuple(yaku), reason=reason, value=points,
                           extra=extra)
    return ScoreResult(game=sit.game_id, winning=True, yaku=tuple(yaku), points=points, payments=payments,
                       value=points, extra=extra, pot=pot)


def _not_winning(sit: Situation, error: str, base: dict[str, Any]) -> ScoreResult:
    if error in SITUATION_ERRORS:
        raise RiichiInputError(InputProblem.OPTION, SITUATION_ERRORS[error])
    if error == HandCalculator.ERR_NO_YAKU:
        reason = "no yaku: the hand is complete but scores no yaku (dora are not yaku)"
    elif error == HandCalculator.ERR_HAND_NOT_WINNING:
        away = _shanten(sit.concealed, bool(sit.melds)) + 1
        reason = f"not a winning hand: {away} tile(s) from a win"
        base = {**base, "tiles_from_win": away}
    else:
        reason = f"the scorer refused the hand: {error}"
    return ScoreResult(game=sit.game_id, winning=False, reason=reason, extra={**base, "han": 0, "fu": 0})


def _furiten_tile(sit: Situation, win_code: int) -> int | None:
    """A discard of the player's own that completes the hand minus its winning tile, if any."""
    if not sit.discards:
        return None
    hand34 = [0] * 34
    for code in sit.concealed:
        hand34[KIND34[code]] += 1
    hand34[KIND34[win_code]] -= 1
    for code in dict.fromkeys(sit.discards):
        k = KIND34[code]
        if hand34[k] >= 4:
            continue
        hand34[k] += 1
        complete = Agari.is_agari(hand34)
        hand34[k] -= 1
        if complete:
            return code
    return None


def _shanten(codes: Sequence[int], has_melds: bool) -> int:
    hand34 = [0] * 34
    for code in codes:
        hand34[KIND34[code]] += 1
    return Shanten.calculate_shanten(hand34, use_chiitoitsu=not has_melds, use_kokushi=not has_melds)


def _win_kind(win: Any, rules: RiichiRules) -> bool:
    """True for tsumo."""
    text = str(win or rules.default_win).strip().lower()
    if text not in (WinKind.TSUMO, WinKind.RON):
        raise RiichiInputError(InputProblem.OPTION, f"win {win!r} must be tsumo or ron")
    return text == WinKind.TSUMO


def score(game: Any, hand: Any, *, win_tile: Any = None, win: Any = None, **options: Any) -> ScoreResult:
    """Score a 14-tile riichi hand (see the module docstring for every option)."""
    sit = situation(game, hand, concealed_size=14, **options)
    if win_tile is None:
        index = len(sit.concealed) - 1
    else:
        codes = parse_tiles(win_tile, game, "winning tile")
        if len(codes) != 1:
            raise RiichiInputError(InputProblem.WIN_TILE, f"winning tile {win_tile!r} must be exactly one tile")
        index = _win_index(sit.concealed, codes[0])
    return evaluate(sit, index, _win_kind(win, sit.rules))


@dataclass(frozen=True)
class RiichiWait:
    """One tile that completes a 13-tile hand, with what a ron and a tsumo on it would score.

    ``tile``, ``name_ja``, ``name_en``, ``points``, ``remaining``, ``note`` and ``yaku`` mirror the Donjara
    ``Wait`` so that callers can list waits of any game alike.
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
    def note(self) -> str:
        """Why a win on this tile is limited, if it is."""
        if not self.has_yaku_tsumo:
            return "no yaku"
        if not self.has_yaku_ron:
            return "no yaku on ron: tsumo only"
        if "furiten" in self.ron.extra:
            return "furiten: tsumo only"
        return ""

    @property
    def yaku(self) -> YakuHit:
        """The yaku of the win that ``points`` counts, as one line with the total han."""
        result = self.ron if self.has_yaku_ron else self.tsumo
        return YakuHit(name=" ".join(y.name for y in result.yaku), name_en=", ".join(y.name_en for y in result.yaku),
                       han=result.extra.get("han", 0))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"tile": self.tile, "name_ja": self.name_ja, "name_en": self.name_en, "points": self.points,
                "remaining": self.remaining, "note": self.note, "has_yaku_ron": self.has_yaku_ron,
                "has_yaku_tsumo": self.has_yaku_tsumo, "ron": _flat(self.ron), "tsumo": _flat(self.tsumo)}


def _flat(result: ScoreResult) -> dict[str, Any]:
    """``result.to_dict()`` with the riichi fields of ``extra`` at top level (the ``--json`` shape)."""
    d = result.to_dict()
    extra = d.pop("extra")
    return {**d, **extra}


def waits(game: Any, hand: Any, **options: Any) -> list[RiichiWait]:
    """Every tile that completes a 13-tile hand (concealed + 3 per meld), with ron and tsumo values.

    Tiles whose four copies are all in the hand and melds are left out (they cannot be drawn). A five is
    scored as a plain five while a plain one is left, else as the red five.

    >>> [w.tile for w in waits(None, "123m456p789s1z555z")]
    ['1z']
    """
    sit = situation(game, hand, concealed_size=13, **options)
    hand34 = [0] * 34
    for code in sit.concealed:
        hand34[KIND34[code]] += 1
    held = [0] * 37
    seen = [0] * 34
    for code in (*sit.concealed, *(c for m in sit.melds for c in m.codes)):
        held[code] += 1
    for code in (*sit.concealed, *(c for m in sit.melds for c in m.codes), *sit.dora, *sit.ura, *sit.discards):
        seen[KIND34[code]] += 1
    found = []
    for k in range(34):
        code = _drawable(k, held, sit.rules.red_fives)
        if code is None or hand34[k] >= 4:
            continue
        hand34[k] += 1
        complete = Agari.is_agari(hand34)
        hand34[k] -= 1
        if not complete:
            continue
        with_tile = Situation(**{**sit.__dict__, "concealed": (*sit.concealed, code)})
        index = len(with_tile.concealed) - 1
        name_ja, name_en = _tile_names(game, TILE_IDS[code])
        found.append(RiichiWait(TILE_IDS[code], name_ja, name_en, max(0, 4 - seen[k]),
                                evaluate(with_tile, index, tsumo=False), evaluate(with_tile, index, tsumo=True)))
    return found


def _tile_names(game: Any, tile_id: str) -> tuple[str, str]:
    try:
        kind = game.tile(tile_id)
    except (AttributeError, LookupError, ValueError):  # no catalog given
        return tile_id, tile_id
    return kind.name_ja, kind.name_en


def _drawable(k: int, held: list[int], red_fives: bool) -> int | None:
    """The code of a copy of kind ``k`` not already held, or None."""
    if k not in _FIVES:
        return k if held[k] < 4 else None
    red = RED_CODES[_FIVES.index(k)]
    plain_copies = 3 if red_fives else 4 - held[red]
    if held[k] < plain_copies:
        return k
    return red if held[red] == 0 else None


def tiles_from_win(game: Any, tiles: Any, melds: Any = ()) -> int:
    """How many tiles a 13- or 14-tile hand is from a win: shanten + 1, so 0 = complete, 1 = tenpai.

    >>> tiles_from_win(None, "123m456p789s1z555z"), tiles_from_win(None, "123m456p789s11z555z")
    (1, 0)
    """
    codes = parse_tiles(tiles, game, "hand")
    meld_specs = parse_melds(melds)
    check_tile_count(codes, meld_specs, (13, 14), "hand")
    _check_copies((codes, *(m.codes for m in meld_specs)), rules_for(game).red_fives)
    return _shanten(codes, bool(meld_specs)) + 1


def exhaustive_draw(tenpai_seats: Any, *, game: Any = None, players: int | None = None, honba: int = 0,
                    riichi_sticks: int = 0) -> DrawResult:
    """Settle an exhaustive draw with ``game``'s rules (3,000 noten payments by default)."""
    return _exhaustive_draw(tenpai_seats, players=players, honba=honba, riichi_sticks=riichi_sticks,
                            rules=rules_for(game))


def flat_dict(result: ScoreResult) -> dict[str, Any]:
    """The ``--json`` shape of a riichi result: ``to_dict()`` with ``extra``'s fields at top level."""
    return _flat(result)

