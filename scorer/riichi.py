"""Riichi scoring for Tokyo Mahjong: our code reads the hand and the table, the ``mahjong`` package
(2.1.0) scores it.

Public API (``scorer.score`` / ``scorer.waits`` / ``scorer.tiles_from_win`` call these when
``game.engine == "riichi"``; ``game`` may be a ``Game``, or ``None`` for the Tokyo Mahjong defaults):

``score(game, hand, *, win_tile=None, win="ron", riichi=False, melds=(), dora_indicators=(),
ura_dora_indicators=(), seat="south", round_wind="east", discards=(), discarder=None, honba=0,
riichi_sticks=None, ippatsu=False, double_riichi=False, open_riichi=False, haitei=False, houtei=False,
rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, players=4, rules=None)
-> ScoreResult``; the defaults of ``win``, ``seat``, ``round_wind`` and ``players`` and every amount come
from the game's ``[riichi]`` table (``RiichiRules``). The switches (``riichi``, ``ippatsu``, ``double_riichi`` ...)
are True or False (1 or 0): another value (the text ``"false"``) is a ``RiichiInputError`` naming it.

- ``hand``: every concealed tile, the winning tile included: an mpsz string (``123m406p789s1122z``;
  ``0`` = red five) or a sequence of tile ids / Japanese names / ``TileKind``. Concealed tiles + 3 per
  meld must be 14 (a kan counts 3).
- ``win_tile``: one tile of ``hand`` (default: the last tile written); a plain five names the hand's red five
  where it holds no plain one, a red five the hand does not hold is refused. ``win``: ``"tsumo"`` or ``"ron"``.
- ``melds``: ``["pon:555z", "chi:234m", "kan:1111p", "ankan:9999s", "kakan:2222z"]`` or one string.
- ``seat`` / ``round_wind`` (alias ``round``): ``east`` .. ``north``; east is the dealer.
- ``discards``: the winner's own discards; a ron on a hand whose winning tiles include one of them is
  refused (furiten): ``winning=False`` with the reason, ``value`` still set. Tsumo still scores.
- ``discarder``: the seat that dealt in on a ron (payer label), ``honba``: counters on the table,
  ``riichi_sticks``: 1,000-point sticks on the table when the hand ends, the winner's own included (a
  riichi puts its stick there, as the ledger does). Not given: 1 with ``riichi``, ``double_riichi`` or
  ``open_riichi`` (the winner's own), else 0; under riichi fewer than 1 is refused. ``tilelens score
  --riichi`` counts the same.

The result's ``points`` is the sum of ``payments`` (honba included, riichi sticks not);
``pot`` is the riichi sticks the winner also takes (``riichi_sticks`` x the game's stick, 1,000);
``extra`` holds ``han``, ``fu``, ``fu_details`` (a closed ron's base 30 as two items, base 20 and the closed ron
bonus 10, 副底 + 門前加符), ``limit`` (``mangan``...), ``dora`` counts (not among ``yaku``: dora are no yaku;
``scorer.riichi_rules.listed_yaku`` lists them after the yaku, as a score sheet does),
``total_received`` (points + pot) and ``notes``: what was given and left out, each ``{"id", "text", "text_ja"}``
(renhou or dora beside a yakuman; [] when nothing). ``riichi`` with ``double_riichi`` scores double riichi (the
app sends both: its double-riichi box is offered under its riichi box); ``tilelens`` refuses the two together.

``waits(game, hand, **same options) -> list[RiichiWait]`` for a 13-tile hand, ``tiles_from_win(game,
tiles, melds=()) -> int`` (0 = complete, 1 = tenpai) and ``exhaustive_draw(tenpai_seats, ...)``.

>>> r = score(None, "234m456p678s22z555z", win_tile="8s", seat="south")
>>> r.winning, [y.name_en for y in r.yaku], r.extra["han"], r.extra["fu"], r.points
(True, ['Yakuhai: white dragon'], 1, 40, 1300)
>>> r = score(None, "234m456p678s22z555z", win_tile="8s", riichi=True)
>>> r.points, r.pot, r.extra["total_received"]
(2600, 1000, 3600)
"""
from __future__ import annotations

from typing import Any

from scorer.result import ScoreResult
from scorer.riichi_hand import (Situation, check_copies, evaluate, find_win_tile, flat_dict, shanten,
                                situation, win_kind)
from scorer.riichi_pay import DrawResult
from scorer.riichi_pay import exhaustive_draw as _exhaustive_draw
from scorer.riichi_rules import rules_for
from scorer.riichi_tiles import InputProblem, RiichiInputError, check_tile_count, parse_melds, parse_tiles
from scorer.riichi_waits import RiichiWait, waits

__all__ = ["RiichiWait", "Situation", "exhaustive_draw", "flat_dict", "score", "tiles_from_win", "waits"]


def score(game: Any, hand: Any, *, win_tile: Any = None, win: Any = None, **options: Any) -> ScoreResult:
    """Score a 14-tile riichi hand (see the module docstring for every option)."""
    sit = situation(game, hand, concealed_size=14, **options)
    if win_tile is None:
        index = len(sit.concealed) - 1
    else:
        codes = parse_tiles(win_tile, game, "winning tile")
        if len(codes) != 1:
            raise RiichiInputError(InputProblem.WIN_TILE, f"winning tile {win_tile!r} must be exactly one tile",
                                   f"上がり牌 {win_tile!r} は1枚にしてください")
        index = find_win_tile(sit.concealed, codes[0])
    tsumo = win_kind(win, sit.rules)
    if tsumo and sit.discarder is not None:  # as `tilelens score` refuses it: else dropped without a word
        raise RiichiInputError(InputProblem.OPTION, f"discarder {sit.discarder} with a tsumo: a discarder deals in "
                               f"on a ron; on a tsumo every other player pays",
                               f"ツモなのに放銃者 ({sit.discarder.name_ja}) があります。放銃はロンのときだけで、"
                               f"ツモは他の全員が払います")
    return evaluate(sit, index, tsumo)


def tiles_from_win(game: Any, tiles: Any, melds: Any = (), **other: Any) -> int:
    """How many tiles a 13- or 14-tile hand is from a win: shanten + 1, so 0 = complete, 1 = tenpai. Of the
    options ``melds`` only counts (another is a ``RiichiInputError`` naming it).

    >>> tiles_from_win(None, "123m456p789s1z555z"), tiles_from_win(None, "123m456p789s11z555z")
    (1, 0)
    """
    if other:
        names = ", ".join(sorted(other))
        raise RiichiInputError(InputProblem.OPTION, f"unknown option(s) of tiles_from_win: {names} (it takes melds)",
                               f"tiles_from_win が対応していない設定です: {names} (使えるのは melds だけです)")
    codes = parse_tiles(tiles, game, "hand")
    meld_specs = parse_melds(melds)
    check_tile_count(codes, meld_specs, (13, 14))
    check_copies((codes, *(m.codes for m in meld_specs)), rules_for(game).red_fives)
    return shanten(codes, bool(meld_specs)) + 1


def exhaustive_draw(tenpai_seats: Any, *, game: Any = None, players: int | None = None, honba: int = 0,
                    riichi_sticks: int = 0, nagashi: Any = ()) -> DrawResult:
    """Settle an exhaustive draw with ``game``'s rules (3,000 noten payments by default; each ``nagashi`` seat
    paid a mangan tsumo instead, ``scorer.riichi_pay.exhaustive_draw``)."""
    return _exhaustive_draw(tenpai_seats, players=players, honba=honba, riichi_sticks=riichi_sticks,
                            rules=rules_for(game), nagashi=nagashi)

