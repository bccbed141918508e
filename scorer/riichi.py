"""Riichi scoring for Tokyo Mahjong: our code reads the hand and the table, the ``mahjong`` package
(2.1.0) scores it.

Public API (``scorer.score`` / ``scorer.waits`` / ``scorer.tiles_from_win`` call these when
``game.engine == "riichi"``; ``game`` may be a ``Game``, or ``None`` for the Tokyo Mahjong defaults):

``score(game, hand, *, win_tile=None, win="ron", riichi=False, melds=(), dora_indicators=(),
ura_dora_indicators=(), seat="south", round_wind="east", discards=(), discarder=None, honba=0,
riichi_sticks=None, ippatsu=False, double_riichi=False, open_riichi=False, haitei=False, houtei=False,
rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, players=4, rules=None, pao=None, nuki=0)
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
- ``pao``: the seat liable for a pao (責任払い) yakuman: it fed the last dragon of the winner's daisangen (the last
  wind of a daisuushii; the fourth kan of a suukantsu under ``[riichi] pao_suukantsu``), a set the winner called.
  It pays that yakuman alone on a tsumo, half of it beside the discarder on a ron by another player
  (``scorer.riichi_pay.pao_payments``); ``None`` or ``""``: nobody. Refused, naming why, on a hand it cannot apply
  to. Such a hand, pao given or not, says which in ``extra["pao_yaku"]`` (``"daisangen"``...); one paid so says
  the liable seat in ``extra["pao"]`` and the share in a note (``extra["notes"]``, id ``"pao"``).
- ``nuki``: norths set aside as nukidora (kita) at a table of three whose rules play it (``[riichi] nukidora =
  true``; refused at four players, where the rules have none, and beyond four norths in all): each a dora, counted as
  the package's ``num_nuki_dora``, said apart in ``extra["dora"]["nuki"]`` (listed "Nukidora N", 抜きドラ; the key only
  where some were set aside). A sanma set (``[riichi] players = 3``, or a tile list without 2m-8m) makes 9m dora
  from the indicator 1m and refuses a chi (``chi_at_three``); a tile its list leaves out is refused.
- ``discarder``: the seat that dealt in on a ron (payer label), ``honba``: counters on the table,
  ``riichi_sticks``: 1,000-point sticks on the table when the hand ends, the winner's own included (a
  riichi puts its stick there, as the ledger does). Not given: 1 with ``riichi``, ``double_riichi`` or
  ``open_riichi`` (the winner's own), else 0; under riichi fewer than 1 is refused. ``tilelens score
  --riichi`` counts the same.

The result's ``points`` is the sum of ``payments`` (honba included, riichi sticks not);
``pot`` is the riichi sticks the winner also takes (``riichi_sticks`` x the game's stick, 1,000);
``extra`` holds ``han``, ``fu``, ``fu_details`` (a closed ron's base 30 as two items, base 20 and the closed ron
bonus 10, 副底 + 門前加符), ``limit`` (``mangan``...; 13 han or more of ordinary yaku and dora ``kazoe yakuman``, 26
or more under ``kazoe_limit = "none"`` ``kazoe double yakuman``, paid as two) and ``limit_ja``, ``dora`` counts (not
among ``yaku``: dora are no yaku; ``scorer.riichi_rules.listed_yaku`` lists them after the yaku, as a score sheet
does),
``total_received`` (points + pot) and ``notes``: what was given and left out, each ``{"id", "text", "text_ja"}``
(renhou or dora beside a yakuman; a renhou the game's ``[riichi] renhou`` leaves out or makes a mangan; yakuman
beside the dearest one under ``combined_yakuman = false``; a tenhou or chiihou scored on another tile than the one
given: they have no winning tile, so the highest reading is kept; [] when nothing), and the share of a pao paid
(id ``"pao"``). ``riichi`` with
``double_riichi`` scores double riichi (the app sends both: its double-riichi box is offered under its riichi
box); ``tilelens`` refuses the two together.

``waits(game, hand, **same options) -> list[RiichiWait]`` for a 13-tile hand, ``tiles_from_win(game, tiles,
melds=()) -> int`` (0 = complete, 1 = tenpai) and ``exhaustive_draw(tenpai_seats, ...)``.

>>> r = score(None, "234m456p678s22z555z", win_tile="8s", seat="south")
>>> r.winning, [y.name_en for y in r.yaku], r.extra["han"], r.extra["fu"], r.points
(True, ['Yakuhai: white dragon'], 1, 40, 1300)
>>> r = score(None, "234m456p678s22z555z", win_tile="8s", riichi=True)
>>> r.points, r.pot, r.extra["total_received"]
(2600, 1000, 3600)
>>> from scorer.riichi_rules import RiichiRules
>>> r = score(None, "22334455667788m", win_tile="7m", win="tsumo", riichi=True, dora_indicators=["1m", "1m", "4m"],
...           ura_dora_indicators=["1m", "1m", "6m"], ippatsu=True, rules=RiichiRules(kazoe_limit="none"))
>>> r.extra["han"], r.extra["limit"], r.extra["limit_ja"], r.points
(26, 'kazoe double yakuman', '数えダブル役満', 64000)
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorer.result import ScoreResult, quoted_ja
from scorer.riichi_hand import (Situation, check_hand_copies, evaluate, find_win_tile, flat_dict, shanten,
                                situation, win_kind)
from scorer.riichi_pay import YAKUMAN_BASE, DrawResult, pao_payments, seat_wind
from scorer.riichi_pay import exhaustive_draw as _exhaustive_draw
from scorer.riichi_rules import PAO_YAKU, YAKU_NAMES, YAKUMAN_HAN, rules_for
from scorer.riichi_tiles import (KIND34, InputProblem, MeldKind, RiichiInputError, Wind, check_tile_count, parse_melds,
                                 parse_tiles)
from scorer.riichi_waits import RiichiWait
from scorer.riichi_waits import waits as _waits

__all__ = ["RiichiWait", "Situation", "exhaustive_draw", "flat_dict", "pao_note", "score", "tiles_from_win",
           "waits"]


def score(game: Any, hand: Any, *, win_tile: Any = None, win: Any = None, **options: Any) -> ScoreResult:
    """Score a 14-tile riichi hand (see the module docstring for every option)."""
    pao = options.pop("pao", None)
    sit = situation(game, hand, concealed_size=14, **options)
    if win_tile is None:
        index = len(sit.concealed) - 1
    else:
        codes = parse_tiles(win_tile, game, "winning tile")
        if len(codes) != 1:
            raise RiichiInputError(InputProblem.WIN_TILE, f"winning tile {win_tile!r} must be exactly one tile",
                                   f"上がり牌{quoted_ja(win_tile)}は1枚にしてください")
        index = find_win_tile(sit.concealed, codes[0])
    tsumo = win_kind(win, sit.rules)
    if tsumo and sit.discarder is not None:  # as `tilelens score` refuses it: else dropped without a word
        raise RiichiInputError(InputProblem.OPTION, f"discarder {sit.discarder} with a tsumo: a discarder deals in "
                               f"on a ron; on a tsumo every other player pays",
                               f"ツモなのに放銃者 ({sit.discarder.name_ja}) があります。放銃はロンのときだけで、"
                               f"ツモはほかの全員が払います")
    liable = None if pao is None or pao == "" else _pao_seat(pao, sit)
    return with_pao(sit, evaluate(sit, index, tsumo), tsumo, liable)


def waits(game: Any, hand: Any, **options: Any) -> list[RiichiWait]:
    """``scorer.riichi_waits.waits``: every tile that completes a 13-tile hand, with its ron and tsumo.

    >>> [w.tile for w in waits(None, "123m456p789s1z555z")]
    ['1z']
    """
    return _waits(game, hand, **options)


# What each pao yakuman's deciding set is, as its note and its refusal say it: (English, Japanese).
_PAO_FED = {"daisangen": ("the last dragon", "最後の三元牌"), "daisuushii": ("the last wind", "最後の風牌"),
            "suukantsu": ("the fourth kan", "4つ目のカン")}
_PAO_SETS = {"daisangen": ("dragon sets", "三元牌の組"), "daisuushii": ("wind sets", "風牌の組"),
             "suukantsu": ("kans", "カン")}
_CALLED = (MeldKind.PON, MeldKind.KAN, MeldKind.KAKAN)  # a set another player's discard made (a kakan's pon)


def _pao_seat(pao: Any, sit: Situation) -> Wind:
    """The liable seat given as ``pao``, checked: a wind at the table, not the winner's."""
    try:
        seat = seat_wind(pao, "pao")
    except RiichiInputError:
        raise RiichiInputError(InputProblem.OPTION, f"pao {pao!r} is not a seat (expected east, south, west or north: "
                               f"the seat that fed the last dragon or wind)",
                               f"包 (責任払い) の席{quoted_ja(pao)}は席の風ではありません (東・南・西・北のどれかにしてください)"
                               ) from None
    if seat.index >= sit.players:
        raise RiichiInputError(InputProblem.OPTION, f"pao seat {seat} is not at a {sit.players}-player table",
                               f"包 (責任払い) の席 {seat.name_ja}は {sit.players}人の卓にありません")
    if seat is sit.seat:
        raise RiichiInputError(InputProblem.OPTION, f"pao {seat} is the winner's own seat: the liable player is the "
                               f"one whose discard the winner called",
                               f"包 (責任払い) の席 {seat.name_ja}は上がった人の席です。包になるのは、上がった人が鳴いた"
                               f"牌を捨てた人です")
    return seat


def pao_yaku(sit: Situation, result: ScoreResult) -> tuple[str | None, str]:
    """Which pao yakuman ``result`` holds whose deciding set could have been fed (``PAO_YAKU``: one of the sets
    called), under ``sit.rules``; ``(None, why)`` else, ``why`` the refusal's key (``_pao_refused``)."""
    rules = sit.rules
    names = {y.name for y in result.yaku}
    held = [kind for yaku_id, kind in PAO_YAKU.items() if YAKU_NAMES[yaku_id][0] in names]
    if not held:
        return None, "none"
    if not rules.pao:
        return None, "off"
    kind = held[0]
    if kind == "suukantsu" and not rules.pao_suukantsu:
        return None, "suukantsu_off"
    kinds = {"daisangen": range(31, 34), "daisuushii": range(27, 31)}.get(kind)
    called = [m for m in sit.melds if (m.kind is MeldKind.KAN if kinds is None else
                                       m.kind in _CALLED and KIND34[m.codes[0]] in kinds)]
    return (kind, "") if called else (None, "closed:" + kind)


def _pao_refused(why: str, rules: Any) -> RiichiInputError:
    """``pao`` given for a hand it cannot apply to (``pao_yaku``'s ``why``), one line naming why."""
    if why == "off":
        en, ja = ("pao (liability payment) is off in this game's rules ([riichi] pao = false): leave pao out",
                  "このゲームのルールには包 (責任払い) がありません ([riichi] pao = false)。包の指定を外してください")
    elif why == "suukantsu_off":
        en, ja = ("pao for suukantsu is off in this game's rules ([riichi] pao_suukantsu = false): leave pao out",
                  "このゲームのルールでは四槓子に包 (責任払い) はありません ([riichi] pao_suukantsu = false)。"
                  "包の指定を外してください")
    elif why.startswith("closed:"):
        kind = why.removeprefix("closed:")
        (sets, sets_ja), (fed, fed_ja) = _PAO_SETS[kind], _PAO_FED[kind]
        en = (f"pao (liability payment) needs {fed} called from another player's discard, but this {kind}'s {sets} "
              f"are all concealed: leave pao out, or give the called set among the melds (pon or kan)")
        ja = (f"包 (責任払い) は{fed_ja}をほかの人の捨て牌から鳴いたときだけですが、この手の{sets_ja}はどれも門前です。"
              f"包の指定を外すか、鳴いた組を鳴き (ポン・カン) に入れてください")
    else:
        also, also_ja = (", or suukantsu", "・四槓子") if rules.pao_suukantsu else ("", "")
        en = (f"pao (liability payment) is for daisangen or daisuushii{also} whose deciding set was called: this "
              f"hand is none of them, so leave pao out")
        ja = f"包 (責任払い) は決め手の組を鳴いた大三元・大四喜{also_ja}だけです。この手は違うので、包の指定を外してください"
    return RiichiInputError(InputProblem.OPTION, en, ja)


def with_pao(sit: Situation, result: ScoreResult, tsumo: bool, pao: Wind | None) -> ScoreResult:
    """``result`` with its pao: ``extra["pao_yaku"]`` where the hand is one a liability payment may follow, and with
    ``pao`` (the liable seat) its payments made so (``scorer.riichi_pay.pao_payments``), the liable seat in
    ``extra["pao"]`` and a note saying the share (``pao_note``). A hand that does not win (no yaku) is left as it is."""
    if not result.yaku:
        return result
    kind, why = pao_yaku(sit, result)
    if kind is None:
        if pao is not None:
            raise _pao_refused(why, sit.rules)
        return result
    extra = {**result.extra, "pao_yaku": kind}
    if pao is None or not result.winning:
        return replace(result, extra=extra)
    units = _pao_fed(result, kind).han // YAKUMAN_HAN
    other = sum(y.han for y in result.yaku) // YAKUMAN_HAN - units
    payments = pao_payments(tsumo=tsumo, winner=sit.seat, discarder=sit.discarder, pao=pao, honba=sit.honba,
                            rules=sit.rules, players=sit.players, pao_yakuman=units, other_yakuman=other)
    points = sum(p.amount for p in payments)
    extra.update(pao=str(pao), total_received=points + result.pot)
    paid = replace(result, payments=payments, points=points, value=points, extra=extra)
    note = pao_note(paid, sit.discarder)
    return replace(paid, extra={**extra, "notes": [*extra.get("notes", ()), note]})


def _pao_fed(result: ScoreResult, kind: str) -> Any:
    """The yaku of ``result`` that a pao of ``kind`` (``PAO_YAKU``'s name) is for."""
    return next(y for y in result.yaku if y.name == YAKU_NAMES[next(i for i, k in PAO_YAKU.items() if k == kind)][0])


def pao_note(result: ScoreResult, discarder: Any = None, name: str | None = None,
             discarder_name: str | None = None) -> dict[str, str]:
    """The note of the pao paid in ``result`` (``with_pao``'s: ``extra["pao"]``, id ``"pao"``), in both languages:
    who fed what, and the liable player's share (the honba said where there are some). ``discarder``: the seat that
    dealt in a ron (a wind, as the ``discarder`` option takes it), where known: the one who pays the other half,
    named (its seat, "North"; 北家), or, without it (the score pages choose it later, at the table), "the discarder"
    (放銃者), the note then saying too what the liable player pays if it dealt in. ``name``, ``discarder_name``: the
    liable player's and the discarder's names, where the payments name the players (the score pages at an open
    match: "Chie pays Ben 16,000 points"), said for their seats.

    >>> r = score(None, "22z", melds=["pon:555z", "pon:666z", "pon:777z", "chi:123p"], win="ron", pao="west")
    >>> pao_note(r, "north", "Chie", "Dan")["text_ja"]
    '包 (責任払い): Chieが最後の三元牌を鳴かせたので、大三元の役満の半分 (16,000点) をChieが払い、残りの半分をDanが払います。'
    """
    extra = result.extra or {}
    kind, pao = extra["pao_yaku"], seat_wind(extra["pao"], "pao")
    fed = _pao_fed(result, kind)
    tsumo = extra.get("win") == "tsumo"
    dealt_in = not tsumo and discarder is not None and seat_wind(discarder, "discarder") is pao
    whole = fed.han // YAKUMAN_HAN * YAKUMAN_BASE * (6 if extra.get("seat") == "east" else 4)  # as a ron pays it
    share = whole if tsumo else result.points if dealt_in else whole // 2
    honba = extra.get("honba") or 0
    what, what_ja = _PAO_FED[kind]
    # the seat as the players say it (the question's answer, "West"; 西家), not as an option is written ("west"); or
    # the player's name, as the payments say it
    seat, seat_ja = (name, name) if name else (str(pao).capitalize(), f"{pao.name_ja}家")
    if discarder is None:  # not chosen yet: said as the one who dealt in
        payer, payer_ja = "the discarder", "放銃者"
    else:
        wind = seat_wind(discarder, "discarder")
        payer, payer_ja = ((discarder_name, discarder_name) if discarder_name
                           else (str(wind).capitalize(), f"{wind.name_ja}家"))
    yaku, yaku_ja = fed.name_en.split(" (")[0], fed.name
    head, head_ja = (f"Pao (liability payment): {seat} fed {what} of this {yaku}",
                     f"包 (責任払い): {seat_ja}が{what_ja}を鳴かせ")
    if tsumo:
        text = f"{head}, so {seat} pays its yakuman alone ({share:,}){' and the honba' if honba else ''} on this tsumo"
        # a bracket not run into the particle: 「役満分 (32,000点) を」, as the ron's 「役満の半分 (16,000点) を」
        text_ja = (f"{head_ja}たので、ツモの{yaku_ja}の役満分 ({share:,}点) {'と本場' if honba else ''}を"
                   f"{seat_ja}が1人で払います")
    elif dealt_in:
        text = f"{head} and dealt in too, so {seat} pays it all, as any discarder does"
        text_ja = f"{head_ja}、放銃もしたので、通常のロンと同じく全額を払います"
    else:
        text = (f"{head}, so {seat} pays half of its yakuman ({share:,}) and {payer} the other half"
                f"{' and the honba' if honba else ''}")
        text_ja = (f"{head_ja}たので、{yaku_ja}の役満の半分 ({share:,}点) を{seat_ja}が払い、残りの半分"
                   f"{'と本場' if honba else ''}を{payer_ja}が払います")
        if discarder is None:
            text += f" (had {seat} dealt in, {seat} pays it all)"
            text_ja += f" ({seat_ja}が放銃したなら{seat_ja}が全額を払います)"
    return {"id": "pao", "text": f"{text}.", "text_ja": f"{text_ja}。"}


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
    check_hand_copies(game, tiles, melds)  # the set's own copies, a tile it leaves out named
    return shanten(codes, bool(meld_specs)) + 1


def exhaustive_draw(tenpai_seats: Any, *, game: Any = None, players: int | None = None, honba: int = 0,
                    riichi_sticks: int = 0, nagashi: Any = ()) -> DrawResult:
    """Settle an exhaustive draw with ``game``'s rules (3,000 noten payments by default; each ``nagashi`` seat
    paid a mangan tsumo instead, ``scorer.riichi_pay.exhaustive_draw``)."""
    return _exhaustive_draw(tenpai_seats, players=players, honba=honba, riichi_sticks=riichi_sticks,
                            rules=rules_for(game), nagashi=nagashi, game=game)

