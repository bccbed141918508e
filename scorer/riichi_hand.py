"""A riichi hand and its table state, parsed and validated, scored by the ``mahjong`` package.

``situation(...)`` reads the options of ``scorer.riichi.score`` into a frozen ``Situation``;
``evaluate(situation, win_index, tsumo)`` turns it into the package's 136-format tiles, melds and
``HandConfig``, calls ``HandCalculator.estimate_hand_value`` once (again without renhou where the game's
``[riichi] renhou`` makes it a mangan or none; once a tile of the hand for tenhou and chiihou, which have no winning
tile) and builds our ``ScoreResult`` (yaku names, limit, fu breakdown, the split into sets, payments between seats,
furiten), with the house options the package lacks applied (``combined_yakuman``, ``double_wind_pair_fu``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import chain, compress
from typing import Any

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter
from mahjong.utils import build_dora_count_map, count_dora_for_hand

from scorer.catalog import Game
from scorer.result import ScoreResult, WinKind, YakuHit, game_name_en, game_name_ja, quoted_ja
from scorer.riichi_pay import _check_counter, honba_after, seat_wind, table_seats, win_payments
from scorer.riichi_rules import (DORA_IDS, FU_REASONS, LIMIT_NAMES, PAO_YAKU, RENHOU_IDS, SITUATION_ERRORS,
                                 SITUATION_ERRORS_JA, STANDARD_COPIES, YAKU_NAMES, FivesTold, LimitYakuHit,
                                 RenhouValue, RiichiRules, copies_at_table, fives_told, kind_copies, rules_for,
                                 set_copies)
from scorer.riichi_split import winning_split
from scorer.riichi_tiles import (FIVES, GAME_ID, KIND34, MAX_INDICATORS, RED_CODES, TILE_IDS, FieldName, InputProblem,
                                 MeldKind, MeldSpec, RiichiInputError, Wind, _field_en, _field_ja, check_tile_count,
                                 meld_named, parse_melds, parse_tiles, tile_ids)

_RED136 = (16, 52, 88)
# Which copy (0-3) of a kind the n-th plain tile takes, round again past the last: copy 0 of a five is the red one,
# never a plain five's (a house set's fourth plain 5m is no red five; its two red 5p are both copy 0).
_COPY_ORDER = tuple((1, 2, 3) if k in FIVES else (0, 1, 2, 3) for k in range(34))
_PACKAGE_MELD = {MeldKind.CHI: (Meld.CHI, True), MeldKind.PON: (Meld.PON, True), MeldKind.KAN: (Meld.KAN, True),
                 MeldKind.ANKAN: (Meld.KAN, False), MeldKind.KAKAN: (Meld.SHOUMINKAN, True)}
_KANS = (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN)
_FLAGS = ("riichi", "double_riichi", "ippatsu", "open_riichi", "haitei", "houtei", "rinshan", "chankan",
          "tenhou", "chiihou", "renhou")
# What each flag tells the package's ``HandConfig`` (double and open riichi are a riichi too).
_CONFIG_FLAGS = {"riichi": ("is_riichi",), "double_riichi": ("is_riichi", "is_daburu_riichi"),
                 "open_riichi": ("is_riichi", "is_open_riichi"), "ippatsu": ("is_ippatsu",), "haitei": ("is_haitei",),
                 "houtei": ("is_houtei",), "rinshan": ("is_rinshan",), "chankan": ("is_chankan",),
                 "tenhou": ("is_tenhou",), "chiihou": ("is_chiihou",), "renhou": ("is_renhou",)}
# The flags that some other flag cannot go with (``_refuse_*``): the first-turn wins, and ippatsu.
_REFUSED_BESIDE = frozenset({"tenhou", "chiihou", "renhou", "ippatsu"})


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
    nuki: int = 0  # norths set aside as nukidora (kita) at a table of three
    sanma: bool = False  # a three-player set (``sanma_set``): the dora indicator 1m makes 9m dora


def situation(game: Any, hand: Any, *, concealed_size: int, melds: Any = (), dora_indicators: Any = (),
              ura_dora_indicators: Any = (), discards: Any = (), seat: Any = None, round_wind: Any = None,
              discarder: Any = None, honba: int = 0, riichi_sticks: int | None = None, players: int | None = None,
              rules: RiichiRules | None = None, riichi: bool = False, double_riichi: bool = False,
              ippatsu: bool = False, open_riichi: bool = False, haitei: bool = False, houtei: bool = False,
              rinshan: bool = False, chankan: bool = False, tenhou: bool = False, chiihou: bool = False,
              renhou: bool = False, nuki: int = 0, **other: Any) -> Situation:
    """Parse and validate ``hand`` and the options of ``score`` (all but ``win_tile`` and ``win``)."""
    rules = rules or rules_for(game)
    if other:
        round_wind = round_wind or other.pop("round", None)
        leftover = sorted(k for k, v in other.items() if v not in (None, False, (), [], "", 0))
        if leftover:
            known = ", ".join(riichi_options(scoring=concealed_size == 14))
            raise RiichiInputError(InputProblem.OPTION, f"unknown riichi option(s): {', '.join(leftover)} "
                                   f"(the options are {known})",
                                   f"対応していない採点の設定です: {', '.join(leftover)} (使える設定は {known})")
    said = (riichi, double_riichi, ippatsu, open_riichi, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou)
    for name, value in zip(_FLAGS, said):
        _check_switch(name, value)
    flags = frozenset(compress(_FLAGS, said))
    if flags & _REFUSED_BESIDE:  # each refusal below needs one of these flags: an ordinary win skips them
        _refuse_riichi_before_first_turn(flags)
        _refuse_last_tile_on_first_turn(flags)
        _refuse_ippatsu_with_rinshan(flags)
        _refuse_renhou_with_chankan(flags)
    meld_specs = tuple(parse_melds(melds))
    concealed = tuple(parse_tiles(hand, game, "hand"))
    check_tile_count(concealed, meld_specs, (concealed_size,))
    dora = tuple(parse_tiles(dora_indicators, game, "dora indicators")) if dora_indicators else ()
    ura = tuple(parse_tiles(ura_dora_indicators, game, "ura dora indicators")) if ura_dora_indicators else ()
    _check_indicator_count(dora, "dora indicators", "ドラ表示牌")
    _check_indicator_count(ura, "ura dora indicators", "裏ドラ表示牌")
    if ura and not (riichi or double_riichi or open_riichi):
        _refuse_ura_without_riichi(ura)
    _check_ura_count(ura, dora)
    own_discards = tuple(parse_tiles(discards, game, "discards")) if discards else ()
    seat = seat_wind(seat or rules.default_seat, "seat")
    round_wind = Wind.parse(round_wind or rules.default_round, "round wind")
    discarder = seat_wind(discarder, "discarder") if discarder is not None else None
    players = rules.players if players is None else players
    _check_players(game, rules, players)
    _check_table(players, seat, discarder)
    honba = _check_counter("honba", honba or 0)
    sticks = _riichi_sticks(riichi_sticks, declared=riichi or double_riichi or open_riichi)
    _check_in_set(game, (("hand", concealed), *((meld_named(m), m.codes) for m in meld_specs),
                         ("dora indicators", dora), ("ura dora indicators", ura), ("discards", own_discards)))
    sanma = sanma_set(game, rules)
    if sanma and not rules.chi_at_three:
        _refuse_chi(meld_specs)
    in_set = set_copies(game)
    seen = (concealed, *(m.codes for m in meld_specs), dora, ura, own_discards)
    nuki = _check_nuki(nuki, players, rules, seen, in_set["4z"])
    check_copies(seen, rules.red_fives, in_set)
    return Situation(getattr(game, "id", None) or GAME_ID, concealed, meld_specs, dora, ura, own_discards, seat,
                     round_wind, discarder, honba, sticks, players, flags, rules, nuki, sanma)


# The kinds a sanma set leaves out: 2m-8m (the red 0m with its 5m).
_SANMA_OUT = frozenset(range(1, 8))


def missing_kinds(game: Any) -> frozenset[int]:
    """The tile codes ``game``'s tile list leaves out (a club's 108-tile set: 2m-8m and 0m), none for a game without
    a list (``None``: Tokyo Mahjong's 136). Kept on a ``Game`` (``Game.derived``)."""
    if isinstance(game, Game):
        return game.derived("_riichi_missing", _missing_kinds)
    return _missing_kinds(game) if getattr(game, "tiles", None) else frozenset()


def _missing_kinds(game: Any) -> frozenset[int]:
    ids = {getattr(kind, "id", None) for kind in getattr(game, "tiles", None) or ()}
    return frozenset(code for code, tile_id in enumerate(TILE_IDS) if ids and tile_id not in ids)


def sanma_set(game: Any, rules: RiichiRules) -> bool:
    """Whether ``game`` plays a three-player (sanma) set, 2m-8m out (riichi.wiki "Sanma"): a table of three
    (``[riichi] players = 3``), or a tile list without 2m-8m whatever its players. Its dora indicator 1m makes 9m
    dora (the package's ``is_three_player``) and it has no chi (``[riichi] chi_at_three``). A four-player game scored
    for three players (``players=3``) is a four-player set with a seat empty: none of this."""
    return rules.players == 3 or _SANMA_OUT <= missing_kinds(game)


def _check_in_set(game: Any, groups: Sequence[tuple[FieldName, Sequence[int]]]) -> None:
    """Refuse a tile the game's tile list leaves out (a 108-tile set's 2m), naming the tile, where it was given and
    the table, as a Donjara game refuses a tile it does not know."""
    missing = missing_kinds(game)
    if not missing:
        return
    for field_name, codes in groups:
        for code in codes:
            if code in missing:
                name, name_ja = _tile_names(code)
                out = " ".join(TILE_IDS[c] for c in sorted(missing, key=_tile_order))
                game_id = getattr(game, "id", "")
                title, title_ja = game_name_en(game_id, game), game_name_ja(game_id, game)
                raise RiichiInputError(InputProblem.COPIES, f"{_field_en(field_name)}: {name} is not in the set of "
                                       f"{title} ({game_id}), which plays without {out}: correct the tiles, or "
                                       f"score the hand at a table that has it",
                                       f"{_field_ja(field_name)}: {name_ja} ({TILE_IDS[code]}) は{title_ja}の牌にありません "
                                       f"(この卓は {out} を使いません)。牌を直すか、その牌のある卓で採点してください")


def _tile_order(code: int) -> int:
    """A tile's place in a list of tiles: a red five beside its plain five (0m after 5m)."""
    return KIND34[code] * 2 + (code in RED_CODES)


def _refuse_chi(melds: Sequence[MeldSpec]) -> None:
    """A sanma table has no chi (riichi.wiki "Sanma": with three players chi is not allowed); the package scored one."""
    chi = next((m for m in melds if m.kind is MeldKind.CHI), None)
    if chi is not None:
        meld, meld_ja = meld_named(chi)
        raise RiichiInputError(InputProblem.MELD, f"{meld}: there is no chi at a three-player (sanma) table, only "
                               f"pon and kan (a house table that allows chi at three writes [riichi] chi_at_three = "
                               f"true)",
                               f"{meld_ja}: 三人麻雀の卓ではチーはできません。鳴けるのはポンとカンだけです (チーを認める卓は "
                               f"[riichi] chi_at_three = true と書きます)")


def _check_nuki(nuki: Any, players: int, rules: RiichiRules, groups: Sequence[Sequence[int]], norths: int = 4) -> int:
    """Norths set aside as nukidora (kita): a three-player rule the game's ``[riichi] nukidora`` turns on, the set's
    ``norths`` (four in a standard set) at most with the norths in view. Refused "Nukidora N: ..." (the score pages'
    name for it; 抜きドラ N枚), with advice that works where it is given (at a table of four, the key a table of three
    writes: "score it for 3 players" met "this game's rules have no nukidora" there; a table of three is never scored
    for four)."""
    nuki = _check_counter("nuki", 0 if nuki is None else nuki)
    if not nuki:
        return 0
    # a table of three writes nukidora = true; one of four cannot (``RiichiRules``): it is written with players = 3
    where, where_ja = (("[riichi] nukidora = true", "[riichi] nukidora = true") if rules.players == 3 else
                       ("[riichi] players = 3 and nukidora = true", "[riichi] に players = 3 と nukidora = true"))
    if players >= 4:  # a table of four (a table of three is scored for 2 or 3: ``_check_players``)
        advice = f"leave the nukidora out; a table of three that plays it writes {where}"
        advice_ja = f"抜きドラを外してください。抜きドラのある三人麻雀の卓は {where_ja} を書きます"
        raise RiichiInputError(InputProblem.OPTION, f"Nukidora {nuki}: nukidora (a north set aside as a dora) is a "
                               f"three-player rule, and this hand is scored for {players} players ({advice})",
                               f"抜きドラ {nuki}枚: 抜きドラ (北を抜いてドラにする) は三人麻雀のルールですが、この手は"
                               f"{players}人で採点しています ({advice_ja})")
    if not rules.nukidora:
        raise RiichiInputError(InputProblem.OPTION, f"Nukidora {nuki}: this game's rules have no nukidora ([riichi] "
                               f"nukidora = false): a north set aside counts nothing here (leave the nukidora out; a "
                               f"house table that plays it writes {where})",
                               f"抜きドラ {nuki}枚: このゲームのルールには抜きドラがありません ([riichi] nukidora = false)。"
                               f"抜きドラを外してください (抜きドラのある卓は {where_ja} と書きます)")
    north = Wind.NORTH.tile34
    seen = sum(1 for codes in groups for code in codes if code == north)
    if nuki + seen > norths:
        name, name_ja = _tile_names(north)
        besides = f" and {seen} more in the hand, melds, indicators and discards" if seen else ""
        besides_ja = f"、手牌・鳴き・表示牌・捨て牌にも {seen}枚" if seen else ""
        raise RiichiInputError(InputProblem.COPIES, f"Nukidora {nuki}: {nuki} {name} set aside{besides}, but the set "
                               f"has {norths}", f"抜きドラ {nuki}枚: 抜いた{name_ja}が {nuki}枚{besides_ja}ありますが、"
                               f"セットには{norths}枚です")
    return nuki


# A riichi switch as a Japanese message names it, beside its key.
_FLAGS_JA = {"riichi": "リーチ", "double_riichi": "ダブルリーチ", "ippatsu": "一発", "open_riichi": "オープンリーチ",
             "haitei": "海底摸月", "houtei": "河底撈魚", "rinshan": "嶺上開花", "chankan": "槍槓", "tenhou": "天和",
             "chiihou": "地和", "renhou": "人和"}


def _check_switch(name: str, value: Any) -> None:
    """A switch (``riichi``, ``ippatsu`` ...) is True or False (1 or 0 too, as a Donjara game takes its own): any
    other value is refused naming it, as the text ``"false"`` (which is true) scored a riichi."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return
    raise RiichiInputError(InputProblem.OPTION, f"{name} must be True or False, got {value!r}",
                           f"{_FLAGS_JA.get(name, name)} ({name}) は True か False にしてください (いま {quoted_ja(value)})")


def riichi_options(scoring: bool = True) -> tuple[str, ...]:
    """The keyword options a riichi hand takes, in the order ``scorer.riichi.score`` lists them (``scoring``: a
    win's, ``win_tile`` and ``win`` first; else ``waits``'), for a message that names an unknown one.

    >>> riichi_options()[:4], "win" in riichi_options(scoring=False)
    (('win_tile', 'win', 'melds', 'dora_indicators'), False)
    """
    import inspect

    names = [p.name for p in inspect.signature(situation).parameters.values()
             if p.kind is p.KEYWORD_ONLY and p.name != "concealed_size"]
    # ``pao`` is taken by ``scorer.riichi.score`` before the situation is read: a win's alone
    return (("win_tile", "win") if scoring else ()) + tuple(names) + (("pao",) if scoring else ())


_FIRST_TURN_JA = {"tenhou": "天和", "chiihou": "地和", "renhou": "人和"}


def _refuse_riichi_before_first_turn(flags: frozenset[str]) -> None:
    """Tenhou, chiihou and renhou are wins before the winner's first discard, so before any riichi: given with
    one, the package scored them and the riichi's stick went into the pot (a riichi box left ticked)."""
    first = next((f for f in ("tenhou", "chiihou", "renhou") if f in flags), None)
    declared = next((f for f in ("riichi", "double_riichi", "open_riichi") if f in flags), None)
    if first and declared:
        said = declared.replace("_", " ")
        raise RiichiInputError(InputProblem.OPTION, f"{first} is a win before your first discard, so no riichi "
                               f"can come before it: leave {said} out (or {first})",
                               f"{_FIRST_TURN_JA[first]}は最初の打牌の前の上がりなので、リーチはしていません: "
                               f"リーチを外してください (または{_FIRST_TURN_JA[first]}を外してください)")


_LAST_TILE_JA = {"haitei": "海底摸月", "houtei": "河底撈魚"}


def _refuse_last_tile_on_first_turn(flags: frozenset[str]) -> None:
    """Tenhou and chiihou are a win on one's first draw, renhou one on a discard before it: never on the wall's
    last tile (haitei) or its last discard (houtei). Given both, tenhou scored with haitei dropped unsaid, and
    renhou took houtei's han too."""
    first = next((f for f in ("tenhou", "chiihou", "renhou") if f in flags), None)
    last = next((f for f in ("haitei", "houtei") if f in flags), None)
    if first and last:
        raise RiichiInputError(InputProblem.OPTION, f"{first} is a win on the first turn and {last} one on the "
                               f"wall's last tile: both cannot apply, leave {last} out (or {first})",
                               f"{_FIRST_TURN_JA[first]}は1巡目の上がり、{_LAST_TILE_JA[last]}は最後の牌での上がりなので、"
                               f"一緒にはつきません。{_LAST_TILE_JA[last]}を外してください (または{_FIRST_TURN_JA[first]}を外してください)")


def _refuse_ippatsu_with_rinshan(flags: frozenset[str]) -> None:
    """A kan ends ippatsu, the winner's own closed kan too, so a win on a kan's replacement tile has none: given
    both, the package scored a han more."""
    if "ippatsu" in flags and "rinshan" in flags:
        raise RiichiInputError(InputProblem.OPTION, "ippatsu ends with any kan, your own closed kan too, so a win on "
                               "the kan's replacement tile (rinshan) has no ippatsu: leave ippatsu out (or rinshan)",
                               "一発はカンで消えます (自分の暗カンでも): 嶺上開花の上がりに一発はつきません。"
                               "一発を外してください (または嶺上開花を外してください)")


def _refuse_renhou_with_chankan(flags: frozenset[str]) -> None:
    """Renhou is a ron before the winner's first draw with no call made; a kan robbed (chankan) was declared, a
    call, before it (an added kan even needs a pon before it): given both, the package scored both."""
    if "renhou" in flags and "chankan" in flags:
        raise RiichiInputError(InputProblem.OPTION, "renhou is a ron before your first draw with no call made, and "
                               "chankan robs a kan, a call made before it: both cannot apply, leave chankan out (or "
                               "renhou)",
                               "人和は誰も鳴いていない最初のツモの前のロン、槍槓はその前にカン (鳴き) があっての上がりなので、"
                               "一緒にはつきません。槍槓を外してください (または人和を外してください)")


def _check_ura_count(ura: Sequence[int], dora: Sequence[int]) -> None:
    """One ura-dora indicator lies under each dora indicator: more were counted as ura dora all the same. With no
    dora indicator given their count is not known (left out as they scored nothing): the limit of five holds."""
    if dora and len(ura) > len(dora):
        count = f"{len(dora)} dora indicator" + ("" if len(dora) == 1 else "s")
        raise RiichiInputError(InputProblem.OPTION, f"ura-dora indicators: {len(ura)} given, but {count}: one "
                               f"ura-dora indicator lies under each dora indicator (give the dora indicators too, or "
                               f"fewer ura-dora indicators)",
                               f"裏ドラ表示牌が {len(ura)}枚ありますが、ドラ表示牌は {len(dora)}枚です。裏ドラ表示牌は"
                               f"ドラ表示牌1枚につき1枚です (ドラ表示牌も入れるか、裏ドラ表示牌を減らしてください)")


def _check_indicator_count(indicators: Sequence[int], name: str, name_ja: str) -> None:
    """At most one indicator and one more for each of four kans are turned over: a sixth was counted as dora."""
    if len(indicators) > MAX_INDICATORS:
        raise RiichiInputError(InputProblem.OPTION, f"{name}: {len(indicators)} given, but at most {MAX_INDICATORS} "
                               f"are turned over (the first and one for each of four kans)",
                               f"{name_ja}が {len(indicators)}枚あります。表示牌は最初の1枚とカン4回分の"
                               f" {MAX_INDICATORS}枚までです")


def _refuse_ura_without_riichi(ura: Sequence[int]) -> None:
    """Ura dora count only under riichi: given without one they were scored as none, said nowhere (a slip, riichi
    left out or ura given for the wrong hand, read as a cheaper win)."""
    shown = " ".join(TILE_IDS[c] for c in ura)
    raise RiichiInputError(InputProblem.OPTION, f"ura-dora indicators count only with riichi: {shown} given, but no "
                           f"riichi (declare riichi, or leave the ura-dora indicators out)",
                           f"裏ドラ表示牌はリーチしたときだけ数えます: {shown} が指定されていますがリーチしていません "
                           f"(リーチするか、裏ドラ表示牌を外してください)")


def _riichi_sticks(given: Any, *, declared: bool) -> int:
    """The riichi sticks on the table when the hand ends, the winner's own included: a riichi winner's stick
    was put there with the riichi (the ledger's pot), so ``None`` is 1 under riichi, else 0, and under riichi
    fewer than 1 is refused."""
    if given is None:
        return 1 if declared else 0
    sticks = _check_counter("riichi_sticks", given)
    if declared and sticks < 1:
        raise RiichiInputError(InputProblem.OPTION, f"riichi_sticks {sticks}: a riichi winner's own stick is on "
                               f"the table, so at least 1",
                               f"リーチ棒 {sticks}本: リーチした上がりでは自分のリーチ棒が場にあるので1本以上にしてください")
    return sticks


def _check_table(players: int, seat: Wind, discarder: Wind | None) -> None:
    if players < 4:
        for name, name_ja, wind in (("seat", "自風", seat), ("discarder", "放銃者", discarder)):
            if wind is not None and wind not in table_seats(players):
                raise RiichiInputError(InputProblem.OPTION, f"{name} {wind} is not at a {players}-player table",
                                       f"{name_ja} {wind.name_ja}は {players}人の卓にありません")
    if discarder is not None and discarder is seat:
        raise RiichiInputError(InputProblem.OPTION, f"discarder {discarder} is the winner's own seat",
                               f"放銃者 {discarder.name_ja}が上がった人と同じ席です")


def _check_players(game: Any, rules: RiichiRules, players: Any) -> None:
    """Refuse a count the table is not played by: 2 up to the seats it has (``[riichi] players``; a table of three,
    sanma, has no north to charge), the one rule of ``scorer.rules.players_span`` that `tilelens check --players`
    follows (of ``rules``, those the hand is scored by), said in its sentence (``played_by``: the game's name and its
    span) as the Donjara engine says it; a count that is no number too (quoted). A number that is no ``int`` (3.0,
    numpy's 3, True) in the Donjara engine's words (``engine._checked_types``): "played by 2-4 players, got 3.0" said
    no fault."""
    from numbers import Number

    from scorer.rules import played_by, players_span

    low, high, _ = players_span(game, rules=rules)
    whole = isinstance(players, int) and not isinstance(players, bool)
    if whole and low <= players <= high:
        return
    if isinstance(players, Number) and not whole:
        from scorer.engine import _checked_types
        from scorer.result import HandError

        try:
            _checked_types({"players": players})
        except HandError as exc:  # "players must be a whole number, got 3.0"
            raise RiichiInputError(InputProblem.OPTION, str(exc), exc.message_ja) from None
    from scorer.catalog import load_game

    en, ja = played_by(game if getattr(game, "id", None) else load_game(GAME_ID), low, high, got=players)
    raise RiichiInputError(InputProblem.OPTION, en, ja)


def check_hand_copies(game: Any, hand: Any, melds: Any = (), dora_indicators: Any = (), ura_dora_indicators: Any = (),
                      discards: Any = ()) -> None:
    """``check_copies`` of a hand of any size (one still being entered) with its melds, indicators and own
    discards, each parsed as ``situation`` parses it: ``RiichiInputError`` for a tile or meld that is none, for a
    tile the game's set leaves out (a 108-tile set's 2m), or for more copies of a tile than the set has."""
    meld_specs = parse_melds(melds)
    named = [("hand", parse_tiles(hand, game, "hand")), *((meld_named(m), m.codes) for m in meld_specs)]
    for tiles, field_name in ((dora_indicators, "dora indicators"), (ura_dora_indicators, "ura dora indicators"),
                              (discards, "discards")):
        if tiles:
            named.append((field_name, parse_tiles(tiles, game, field_name)))
    _check_in_set(game, named)
    check_copies([codes for _, codes in named], rules_for(game).red_fives, set_copies(game))


def check_copies(groups: Sequence[Sequence[int]], red_fives: bool, in_set: Mapping[str, int] = STANDARD_COPIES) -> None:
    """Raise ``RiichiInputError`` when the tiles seen hold more copies than the set has (``in_set``: the game's,
    ``set_copies``; a standard set's by default)."""
    counts = [0] * 37
    for code in chain.from_iterable(groups):
        counts[code] += 1
    kinds = counts[:34]
    for five, red in zip(FIVES, RED_CODES):
        kinds[five] += counts[red]
    limits, kind_limits = _STANDARD_LIMITS[red_fives] if in_set is STANDARD_COPIES else _limits(in_set, red_fives)
    # The common case (a legal hand) costs a few comparisons; the loops below only name the culprit.
    if all(n <= most for n, most in zip(counts, limits)) and all(n <= most for n, most in zip(kinds, kind_limits)):
        return
    for code in RED_CODES:
        if counts[code] > limits[code]:
            name, name_ja = _tile_names(code)
            has = "one" if limits[code] == 1 else limits[code]
            raise RiichiInputError(InputProblem.COPIES, f"too many {name}: {counts[code]} across the hand, melds, "
                                   f"indicators and discards; the set has {has}",
                                   f"{name_ja}が手牌・鳴き・ドラ表示牌・捨て牌で {counts[code]}枚あります。"
                                   f"セットには{limits[code]}枚です")
    for k, total in enumerate(kinds):
        if total > kind_limits[k]:
            name, name_ja = _tile_names(k)
            has, has_ja = f"the set has {kind_limits[k]}", f"セットには{kind_limits[k]}枚です"
            if kind_limits[k] == MOST_OF_A_KIND < kind_copies(in_set)[k]:  # a house set of more: scored as four
                has, has_ja = (f"riichi mahjong plays {MOST_OF_A_KIND} of a tile at most",
                               f"リーチ麻雀で使えるのは同じ牌{MOST_OF_A_KIND}枚までです")
            raise RiichiInputError(InputProblem.COPIES, f"too many {name}: {total} across the hand, melds, "
                                   f"indicators and discards; {has}",
                                   f"{name_ja}が手牌・鳴き・ドラ表示牌・捨て牌で {total}枚あります。{has_ja}")
    for five, red in zip(FIVES, RED_CODES):  # a red five played: its plain five's copies are the rest (3 of 4)
        plain, reds = limits[five], limits[red]
        if counts[five] > plain:
            (name, name_ja), (red_name, red_ja) = _tile_names(five), _tile_names(red)
            if fives_told(plain, reds) is FivesTold.FOURTH_RED:
                besides, besides_ja = f"the fourth is the red five, {red_name}", f"4枚目は{red_ja}"
            else:
                besides = f"and {reds} red five{'' if reds == 1 else 's'}, {red_name}"
                besides_ja = f"ほかに{red_ja}が{reds}枚"
            raise RiichiInputError(InputProblem.COPIES, f"too many plain {name}: {counts[five]}; the set has {plain} "
                                   f"({besides})",
                                   f"普通の {name_ja}が {counts[five]}枚あります。セットには{plain}枚です ({besides_ja})")


# The most copies of a kind a hand may hold: the ``mahjong`` package scores four of a kind at most (a house set of
# eight Easts gave two pons of East "no winning shape", unsaid).
MOST_OF_A_KIND = 4


def _limits(in_set: Mapping[str, int], red_fives: bool) -> tuple[list[int], list[int]]:
    """The copies at the table of each tile code (``copies_at_table``) and of each of the 34 kinds (``kind_copies``,
    ``MOST_OF_A_KIND`` at most)."""
    return ([copies_at_table(tile_id, red_fives, in_set) for tile_id in TILE_IDS],
            [min(n, MOST_OF_A_KIND) for n in kind_copies(in_set)])


_STANDARD_LIMITS = {red_fives: _limits(STANDARD_COPIES, red_fives) for red_fives in (True, False)}


def _tile_names(code: int) -> tuple[str, str]:
    """A tile as players know it, as Donjara's messages name one: the game's English name with the code in
    brackets (``"5 Sou (5s)"``), and its Japanese name (``"五索"``)."""
    tile_id = TILE_IDS[code]
    try:
        from scorer.catalog import load_game

        kind = load_game(GAME_ID).tile(tile_id)
    except Exception:  # noqa: BLE001 - a message never fails for want of a name: the code says the tile
        return tile_id, tile_id
    name = f"{kind.name_en} ({tile_id})" if kind.name_en and kind.name_en != tile_id else tile_id
    return name, kind.name_ja or tile_id


def _to_136(codes: Sequence[int], ptr: list[int]) -> list[int]:
    out = []
    for code in codes:
        if code >= 34:
            out.append(_RED136[code - 34])
        else:
            i = ptr[code]
            ptr[code] = i + 1
            order = _COPY_ORDER[code]
            out.append(4 * code + order[i % len(order)])
    return out


def find_win_tile(concealed: Sequence[int], win_code: int) -> int:
    """Index of the winning tile in the hand: the same tile, else, for a plain five named, the red five of the
    hand (``5p`` names the kind). A red five named on a hand holding only the plain one is refused: the
    hand holds the winning tile, and the red five is a dora the hand would drop without a word."""
    for i in range(len(concealed) - 1, -1, -1):
        if concealed[i] == win_code:
            return i
    for i in range(len(concealed) - 1, -1, -1):
        if KIND34[concealed[i]] == KIND34[win_code]:
            if win_code in RED_CODES:
                red, plain = TILE_IDS[win_code], TILE_IDS[KIND34[win_code]]
                raise RiichiInputError(
                    InputProblem.WIN_TILE, f"winning tile {red} is the red five, but the hand holds only the plain "
                    f"{plain}: write {red} in the hand too (it holds the winning tile), or the winning tile as {plain}",
                    f"上がり牌 {red} は赤ドラですが、手牌には普通の {plain} しかありません。手牌にも {red} と書くか "
                    f"(手牌には上がり牌も含めます)、上がり牌を {plain} にしてください")
            return i
    raise RiichiInputError(InputProblem.WIN_TILE, f"winning tile {TILE_IDS[win_code]} is not in the hand "
                           f"{''.join(tile_ids(concealed))} (the hand holds every concealed tile, the winning one too)",
                           f"上がり牌 {TILE_IDS[win_code]} が手牌 {''.join(tile_ids(concealed))} にありません "
                           f"(手牌には上がり牌も含めて門前の牌を全部書きます)")


# Tenhou and chiihou: the hand is complete as dealt (or on the first draw), so no tile of it is the winning one.
_FIRST_DRAW = frozenset({"tenhou", "chiihou"})


def evaluate(sit: Situation, win_index: int, tsumo: bool) -> ScoreResult:
    """Score a parsed 14-tile situation with ``sit.concealed[win_index]`` as the winning tile. Tenhou and chiihou
    have no winning tile: each tile of the hand is tried as the last one and the dearest reading kept (WRC: the
    highest-scoring interpretation; junsei chuuren, suuankou tanki or a 13-sided kokushi where one reading makes it),
    ``win_index``'s on a tie; one that is not ``win_index``'s says so in a note (id ``"first_turn_reading"``)."""
    given = _evaluate_at(sit, win_index, tsumo)
    if not (tsumo and sit.flags & _FIRST_DRAW and given.winning):
        return given
    best, best_code, tried = given, sit.concealed[win_index], {sit.concealed[win_index]}
    for index, code in enumerate(sit.concealed):
        if code not in tried:
            tried.add(code)
            found = _evaluate_at(sit, index, tsumo)
            if found.winning and found.value > best.value:
                best, best_code = found, code
    if best is given:
        return given
    first = "tenhou" if "tenhou" in sit.flags else "chiihou"
    # the tiles by their names, as a Japanese player reads them (五萬, not 5m) and in English with the id ("5 Man (5m)")
    (tile, tile_ja), (other, other_ja) = _tile_names(best_code), _tile_names(sit.concealed[win_index])
    note = {"id": "first_turn_reading",
            "text": f"{first} has no winning tile (the hand is complete as dealt or on the first draw): scored at its "
                    f"highest reading, with {tile} as the last tile ({best.value:,}; with {other}, {given.value:,})",
            "text_ja": f"{_FIRST_TURN_JA[first]}には上がり牌がありません (配牌か最初のツモで完成しています): いちばん高い読み方 "
                       f"({tile_ja}を最後の牌とした形、{best.value:,}点。{other_ja}なら {given.value:,}点) "
                       f"で採点しました"}
    return replace(best, extra={**best.extra, "notes": [*best.extra.get("notes", ()), note]})


def _held(sit: Situation, kind: int) -> int:
    """How many tiles of ``kind`` (34-format) the hand holds, concealed and in its melds."""
    return sum(1 for code in chain(sit.concealed, *(m.codes for m in sit.melds)) if KIND34[code] == kind)


def _config(sit: Situation, tsumo: bool, flags: frozenset[str]) -> HandConfig:
    """The package's ``HandConfig`` of ``sit`` with ``flags``. A pair of the wind that is both seat and round wind
    is 4 fu in the package; under ``double_wind_pair_fu = 2`` the round wind is left out where the hand holds two of
    that wind: its pair is then counted as a seat wind's (2 fu), and no yaku is lost, two tiles making no triplet."""
    round_wind = sit.round_wind.tile34
    if sit.rules.double_wind_pair_fu == 2 and sit.seat is sit.round_wind and _held(sit, round_wind) == 2:
        round_wind = None
    return HandConfig(is_tsumo=tsumo, player_wind=sit.seat.tile34, round_wind=round_wind, num_nuki_dora=sit.nuki,
                      options=_options(sit.rules, sit.sanma),
                      **{said: True for f in flags for said in _CONFIG_FLAGS[f]})


@dataclass(frozen=True)
class _Scored:
    """A package response as the game's house options changed it (``_evaluate_at``): what ``_winning`` reads."""

    yaku: tuple[Any, ...]
    han: int
    fu: int
    cost: Any
    fu_details: tuple[dict[str, Any], ...]
    is_open_hand: bool


def _scored(response: Any, **changes: Any) -> _Scored:
    fields_ = {"yaku": tuple(response.yaku), "han": response.han, "fu": response.fu, "cost": response.cost,
               "fu_details": tuple(response.fu_details or ()), "is_open_hand": response.is_open_hand}
    return _Scored(**{**fields_, **changes})


def _evaluate_at(sit: Situation, win_index: int, tsumo: bool) -> ScoreResult:
    """``evaluate`` of one reading: ``sit.concealed[win_index]`` the winning tile."""
    if tsumo and "rinshan" in sit.flags and not any(m.kind in _KANS for m in sit.melds) and not sit.nuki:
        # the package scored it, a han more, though no kan was declared (a kan left out of the melds); a north set
        # aside (kita) draws a replacement tile too, and a win on it is rinshan (riichi.wiki "Sanma")
        raise RiichiInputError(InputProblem.OPTION, "rinshan needs a kan among the melds (the win is on a kan's "
                               "replacement tile): give the kan, e.g. ankan:1111m, or leave rinshan out",
                               "嶺上開花にはカンが要ります (カンの補充牌での上がりです): 鳴きにカンを入れるか、"
                               "嶺上開花を外してください")
    if not tsumo and "chankan" in sit.flags:
        _check_chankan_tile(sit, sit.concealed[win_index])
    ptr = [0] * 34
    tiles = _to_136(sit.concealed, ptr)
    melds = []
    for m in sit.melds:
        meld_type, opened = _PACKAGE_MELD[m.kind]
        meld_tiles = _to_136(m.codes, ptr)
        tiles.extend(meld_tiles)
        melds.append(Meld(meld_type, meld_tiles, opened))
    config = _config(sit, tsumo, sit.flags)

    def estimate(config: HandConfig) -> Any:
        return HandCalculator.estimate_hand_value(
            tiles, tiles[win_index], melds=melds, dora_indicators=_to_136(sit.dora, [0] * 34), config=config,
            ura_dora_indicators=_to_136(sit.ura, [0] * 34))

    response = estimate(config)
    win_code = sit.concealed[win_index]
    base = {"win": str(WinKind.TSUMO if tsumo else WinKind.RON), "win_tile": TILE_IDS[win_code],
            "seat": str(sit.seat), "round_wind": str(sit.round_wind), "dealer": sit.seat is Wind.EAST,
            "honba": sit.honba, "riichi_sticks": sit.riichi_sticks}
    if response.error:
        return _not_winning(sit, response.error, base)
    notes: list[dict[str, str]] = []
    split_of = response  # the response whose split the result shows (the package's, before our rules change it)
    renhou = sit.rules.renhou if "renhou" in sit.flags and not tsumo else None
    if renhou is RenhouValue.NONE or (renhou is RenhouValue.MANGAN and not any(y.is_yakuman for y in response.yaku)):
        plain = estimate(_config(sit, tsumo, sit.flags - {"renhou"}))  # the hand without renhou
        if renhou is RenhouValue.NONE:
            if plain.error:
                return _not_winning(sit, plain.error, base, renhou_off=True)
            response = split_of = plain
            notes.append(_RENHOU_OFF)
        else:
            response, split_of, note = _renhou_mangan(response, plain, config)
            notes += [note] if note else []
    split = winning_split(sit.concealed, sit.melds, melds, tiles[win_index], config, split_of)
    if not sit.rules.combined_yakuman:
        response, note = _one_yakuman(response, config)
        notes += [note] if note else []
    if config.round_wind is None and sit.round_wind is sit.seat:  # double_wind_pair_fu = 2: said as the pair it is
        details = [dict(d, reason="double_valued_pair") if d["reason"] == "valued_pair" else d
                   for d in response.fu_details or ()]
        response = _scored(response, fu_details=tuple(details))
    # the dora given are said only beside a yakuman (``_notes``): counted again only then
    dora_given = _dora_given(sit, tiles, config) if any(y.is_yakuman for y in response.yaku) else 0
    return _winning(sit, response, tsumo, win_code, base, split, dora_given, notes)


_RENHOU_OFF = {"id": "renhou_off",
               "text": "renhou not counted: it is no yaku in this game's rules ([riichi] renhou = \"none\")",
               "text_ja": "人和は数えません: このゲームのルールでは役ではありません ([riichi] renhou = \"none\")"}


def _renhou_mangan(with_renhou: Any, plain: Any, config: HandConfig) -> tuple[Any, Any, dict[str, str] | None]:
    """Renhou as a mangan (``renhou = "mangan"``): the hand paid as a mangan, or at its own value without renhou
    (its yaku and dora, ``plain``) where that is more. ``(response, split_of, note)``: what ``_winning`` reads, the
    response whose split is shown, and a note of what was left out (None for nothing)."""
    mangan = ScoresCalculator.calculate_scores(5, 30, config)
    if not plain.error and plain.cost["total"] > mangan["total"]:
        note = {"id": "renhou_below_hand",
                "text": f"renhou not counted: it is a mangan here, and the hand is worth more without it "
                        f"({plain.han} han)",
                "text_ja": f"人和は数えません: ここでは満貫で、人和なしの手 ({plain.han}翻) のほうが高いため"}
        return plain, plain, note
    renhou = next(y for y in with_renhou.yaku if y.yaku_id == 11)
    others = with_renhou.han - renhou.han_closed  # the other yaku and dora, not added to a mangan
    dora = sum(y.han_closed for y in with_renhou.yaku if y.yaku_id in DORA_IDS)
    scored = _scored(with_renhou, yaku=(renhou,), han=5, fu=0, cost=mangan, fu_details=())
    if others <= 0:
        return scored, with_renhou, None
    if not plain.error and plain.cost["total"] == mangan["total"]:  # a mangan without renhou too: nothing is lost
        note = {"id": "renhou_mangan",
                "text": "renhou is a mangan here, and the hand is worth a mangan with or without it",
                "text_ja": "人和はここでは満貫です。人和があってもなくても、この手は満貫です"}
        return scored, with_renhou, note
    # what is left out: the other yaku's han and the dora (a limit hand's dora count for nothing, as a yakuman's)
    left = f"the hand's other {others} han" + (f" ({dora} dora among them)" if dora else "")
    left_ja = f"ほかの{others}翻" + (f" (うちドラ{dora}) " if dora else "")
    why, why_ja = (("without renhou the hand has no yaku", "人和なしでは役がありません") if plain.error else
                   ("without renhou it is worth less than a mangan", "人和なしでは満貫に届きません"))
    note = {"id": "renhou_mangan", "text": f"renhou is a mangan here: {left} are not added ({why})",
            "text_ja": f"人和はここでは満貫です: {left_ja}は加えません ({why_ja})"}
    return scored, with_renhou, note


def _one_yakuman(response: Any, config: HandConfig) -> tuple[Any, dict[str, str] | None]:
    """``combined_yakuman = false``: of a hand's several yakuman only the dearest counts (a double yakuman as two
    where ``double_yakuman`` is on; on a tie the pao yakuman, then the first listed), the others named in a note.
    A hand of one yakuman (or none) is left as it is."""
    yakuman = [y for y in response.yaku if y.is_yakuman]
    if len(yakuman) < 2:
        return response, None

    def han(y: Any) -> int:
        return y.han_open if response.is_open_hand else y.han_closed

    kept = max(yakuman, key=lambda y: (han(y), y.yaku_id in PAO_YAKU))
    left = [y for y in yakuman if y is not kept]
    cost = ScoresCalculator.calculate_scores(han(kept), response.fu, config, is_yakuman=True)
    names_en = ", ".join(YAKU_NAMES.get(y.yaku_id, (y.name, y.name))[1].split(" (")[0] for y in left)
    names_ja = "・".join(YAKU_NAMES.get(y.yaku_id, (y.name, y.name))[0] for y in left)
    note = {"id": "yakuman_not_combined",
            "text": f"{names_en} not counted: only one yakuman counts in this game's rules "
                    f"([riichi] combined_yakuman = false)",
            "text_ja": f"{names_ja}は数えません: このゲームのルールでは役満は1つだけ数えます "
                       f"([riichi] combined_yakuman = false)"}
    yaku = tuple(y for y in response.yaku if not y.is_yakuman or y is kept)
    return _scored(response, yaku=yaku, han=han(kept), cost=cost), note


def _dora_given(sit: Situation, tiles: Sequence[int], config: HandConfig) -> int:
    """The dora the hand holds as the package counts them (indicators, red fives, ura dora under riichi), whether
    or not they count: beside a yakuman they do not (``_notes``)."""
    three = config.options.is_three_player
    tiles34 = TilesConverter.to_34_array(tiles)
    north = Wind.NORTH.tile34
    dora = build_dora_count_map(_to_136(sit.dora, [0] * 34), three)
    count = count_dora_for_hand(tiles34, dora) + sit.nuki * (1 + dora.get(north, 0))  # a north set aside: 1 and more
    if config.is_riichi or config.is_daburu_riichi:
        ura = build_dora_count_map(_to_136(sit.ura, [0] * 34), three)
        count += count_dora_for_hand(tiles34, ura) + sit.nuki * ura.get(north, 0)
    return count + (sum(t in _RED136 for t in tiles) if config.options.has_aka_dora else 0)


def chankan_seen(sit: Situation, win_code: int) -> int:
    """How many copies of the winning tile's kind are in view besides the winning tile itself (hand, melds,
    indicators, own discards): a kan robbed (chankan) holds the other three, so any such copy rules it out."""
    kind = KIND34[win_code]
    seen = chain(sit.concealed, *(m.codes for m in sit.melds), sit.dora, sit.ura, sit.discards)
    return sum(1 for code in seen if KIND34[code] == kind) - 1


def _check_chankan_tile(sit: Situation, win_code: int) -> None:
    """Chankan robs the fourth copy of a tile whose other three are the kan's: one more in view cannot be (the
    package scored the han all the same)."""
    more = chankan_seen(sit, win_code)
    if more > 0:
        tile = TILE_IDS[KIND34[win_code]]
        raise RiichiInputError(InputProblem.OPTION, f"chankan robs the fourth {tile} of another player's kan (the "
                               f"other three are in the kan), but the hand, melds, indicators and discards given hold "
                               f"{more} more {tile}: leave chankan out, or correct the tiles",
                               f"槍槓はほかの人のカンの4枚目の {tile} での上がりです (残り3枚はそのカンの中) が、"
                               f"手牌・鳴き・表示牌・捨て牌にほかに {tile} が {more}枚あります: "
                               f"槍槓を外すか、牌を直してください")


_OPTIONS_CACHE: dict[tuple[RiichiRules, bool], Any] = {}


def _options(rules: RiichiRules, sanma: bool = False) -> Any:
    # The package only reads its OptionalRules, so one per rule set (and set of tiles) is shared by every call.
    found = _OPTIONS_CACHE.get((rules, sanma))
    if found is None:
        found = _OPTIONS_CACHE[(rules, sanma)] = rules.package_options(three_player=sanma)
    return found


@lru_cache(maxsize=None)
def _yaku_hit(yaku_id: int, name: str, han: int) -> YakuHit:
    """A yaku as a result lists it, in both languages (the package's name where we have none). ``YakuHit`` is
    frozen, so one per yaku and han serves every result: a few dozen in all."""
    ja, en = YAKU_NAMES.get(yaku_id, (name, name))
    return YakuHit(name=ja, name_en=en, han=han)


def _winning(sit: Situation, response: Any, tsumo: bool, win_code: int, base: dict[str, Any],
             split: tuple[dict[str, Any], ...], dora_given: int = 0, notes: Sequence[dict[str, str]] = ()
             ) -> ScoreResult:
    is_open = response.is_open_hand
    yaku, dora = [], {"dora": 0, "aka_dora": 0, "ura_dora": 0}
    limit_by: dict[str, str] = {}
    for y in response.yaku:
        han = y.han_open if is_open else y.han_closed
        if y.yaku_id in DORA_IDS:
            dora[DORA_IDS[y.yaku_id]] = han
        elif y.yaku_id == 11 and sit.rules.renhou is RenhouValue.MANGAN:  # renhou as the mangan (``_renhou_mangan``)
            yaku.append(_RENHOU_MANGAN)
            limit_by = {"limit_by": "renhou"}
        else:
            yaku.append(_yaku_hit(y.yaku_id, y.name, han))
    if sit.nuki:  # the package counts the norths set aside among the dora: a line of their own (抜きドラ)
        dora["nuki"] = sit.nuki if dora["dora"] >= sit.nuki else 0  # none beside a yakuman, as any dora
        dora["dora"] -= dora["nuki"]
    cost = response.cost
    payments = win_payments(cost["main"], cost["additional"], tsumo=tsumo, winner=sit.seat,
                            discarder=sit.discarder, honba=sit.honba, rules=sit.rules, players=sit.players)
    points = sum(p.amount for p in payments)
    level = cost["yaku_level"]
    if level.endswith("yakuman") and not level.startswith("kazoe") and not any(y.is_yakuman for y in response.yaku):
        # the package names 13+ han of ordinary yaku as it names yakuman yaku: plain "yakuman", and under
        # ``kazoe_limit = "none"`` "2x yakuman" for 26 han (paid so, SCHEMA.md): said counted (数え役満, 数えダブル役満)
        level = f"kazoe {level}"
    limit_ja, limit_en = LIMIT_NAMES.get(level, (level, level)) if level else (None, None)
    pot = sit.rules.riichi_stick * sit.riichi_sticks
    extra = {**base, "han": response.han, "fu": response.fu, "limit": limit_en, "limit_ja": limit_ja,
             "fu_details": _fu_items(response.fu_details or (), tsumo, closed_ron=not (tsumo or is_open)),
             "dora": dora, "open": is_open, "total_received": points + pot,
             "dealer_keeps_seat": sit.seat is Wind.EAST,
             "next_honba": honba_after(sit.honba, dealer_kept=sit.seat is Wind.EAST),
             "notes": [*notes, *_notes(sit, response, tsumo, dora_given)], **limit_by}
    furiten = None if tsumo else _furiten_tile(sit, win_code)
    if furiten is not None:
        # no win: nothing received, and what the next hand is (seat, honba) follows no win, as of any hand not winning
        extra = {**{k: v for k, v in extra.items() if k not in ("dealer_keeps_seat", "next_honba")},
                 "total_received": 0, "furiten": TILE_IDS[furiten]}
        # one sentence after "not a win: " (not "not a win: furiten: ..."); "furiten" first, as a script may match it
        reason = (f"furiten on {TILE_IDS[furiten]}, which completes this hand and is among your own discards, "
                  f"so no ron (the hand is worth {points:,}; a tsumo still scores)")
        reason_ja = (f"この手を完成させる {TILE_IDS[furiten]} が自分の捨て牌にあるフリテンなので、ロンできません "
                     f"(手の価値は {points:,}点。ツモなら上がれます)")
        return ScoreResult(game=sit.game_id, winning=False, yaku=tuple(yaku), reason=reason, value=points,
                           decomposition=split, extra=extra, reason_ja=reason_ja)
    return ScoreResult(game=sit.game_id, winning=True, yaku=tuple(yaku), points=points, payments=payments,
                       value=points, decomposition=split, extra=extra, pot=pot)


# Renhou paid as a mangan (``renhou = "mangan"``): its han are a mangan's 5, said as "mangan" (``han_mean_nothing``).
_RENHOU_MANGAN = LimitYakuHit(name=YAKU_NAMES[11][0], name_en=YAKU_NAMES[11][1], han=5, limit=LIMIT_NAMES["mangan"][1],
                              limit_ja=LIMIT_NAMES["mangan"][0])


# What renhou is worth here, as the note of one left out beside a yakuman says it (``[riichi] renhou``).
_RENHOU_SAID = {RenhouValue.FIVE_HAN: ("5 han", "5翻"), RenhouValue.MANGAN: ("a mangan", "満貫")}


def _notes(sit: Situation, response: Any, tsumo: bool, dora_given: int = 0) -> list[dict[str, str]]:
    """What the win leaves out that was given, each ``{"id", "text", "text_ja"}`` (``extra["notes"]``; [] when
    nothing): renhou (5 han or a mangan here) and the dora (``dora_given``) beside a yakuman, where only the
    yakuman counts (the package drops them; a kazoe yakuman counts its dora). A renhou left out by the game's rules
    (none, or a mangan below the hand) is noted where it is scored (``_evaluate_at``)."""
    notes = []
    worth = _RENHOU_SAID.get(sit.rules.renhou)
    if ("renhou" in sit.flags and not tsumo and worth and any(y.is_yakuman for y in response.yaku)
            and not any(y.yaku_id in RENHOU_IDS for y in response.yaku)):
        notes.append({"id": "renhou_beside_yakuman",
                      "text": f"renhou not counted: beside a yakuman only the yakuman counts (renhou is {worth[0]} "
                              f"here)",
                      "text_ja": f"人和は数えません: 役満があるときは役満だけを数えます (人和はここでは{worth[1]})"})
    if dora_given and any(y.is_yakuman for y in response.yaku):
        notes.append({"id": "dora_beside_yakuman",
                      "text": f"{dora_given} dora not counted: beside a yakuman only the yakuman counts",
                      "text_ja": f"ドラ{dora_given}は数えません: 役満があるときは役満だけを数えます"})
    return notes


def _not_winning(sit: Situation, error: str, base: dict[str, Any], renhou_off: bool = False) -> ScoreResult:
    """A hand that does not win, and why (``renhou_off``: renhou was given, and is no yaku in the game's rules)."""
    if error in SITUATION_ERRORS:
        raise RiichiInputError(InputProblem.OPTION, SITUATION_ERRORS[error], SITUATION_ERRORS_JA.get(error, ""))
    if error == HandCalculator.ERR_NO_YAKU and renhou_off:
        reason = ("no yaku, though the hand is complete: renhou is no yaku in this game's rules ([riichi] renhou = "
                  "\"none\"), and dora are not yaku")
        reason_ja = ("形は完成していますが役がありません: このゲームのルールでは人和は役ではありません ([riichi] renhou = "
                     "\"none\")。ドラも役ではありません")
    elif error == HandCalculator.ERR_NO_YAKU:
        # one sentence after "not a win: " (not "not a win: no yaku: ..."); "no yaku" first, as before
        reason = "no yaku, though the hand is complete (dora are not yaku)"
        reason_ja = "形は完成していますが役がありません (ドラは役ではありません)"
    elif error == HandCalculator.ERR_HAND_NOT_WINNING:
        away = shanten(sit.concealed, bool(sit.melds)) + 1
        # said once after "not a win:" (not "not a win: not a winning hand")
        reason = f"the tiles make no winning shape ({away} tile{'' if away == 1 else 's'} from a win)"
        reason_ja = f"上がりの形になっていません (上がりまであと{away}枚)"
        if _pairs_but_for_a_four(sit):  # 1111m counted as two pairs: say why seven pairs does not take it
            reason += "; four of a kind can't be two pairs in seven pairs"
            reason_ja += "。同じ牌4枚は七対子の2組の対子になりません"
        base = {**base, "tiles_from_win": away}
    else:
        reason = f"the scorer refused the hand: {error}"
        reason_ja = f"採点できない手です: {error}"
    return ScoreResult(game=sit.game_id, winning=False, reason=reason, extra={**base, "han": 0, "fu": 0},
                       reason_ja=reason_ja)


def _pairs_but_for_a_four(sit: Situation) -> bool:
    """Whether the concealed hand (no melds) would be seven pairs but that a four of a kind is taken as two pairs:
    every kind held an even number of times, 14 tiles, one kind four times."""
    if sit.melds or len(sit.concealed) != 14:
        return False
    counts: dict[int, int] = {}
    for code in sit.concealed:
        counts[KIND34[code]] = counts.get(KIND34[code], 0) + 1
    return all(n % 2 == 0 for n in counts.values()) and 4 in counts.values()


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


def shanten(codes: Sequence[int], has_melds: bool) -> int:
    """The package's shanten of concealed tiles (seven pairs and kokushi only without melds)."""
    hand34 = [0] * 34
    for code in codes:
        hand34[KIND34[code]] += 1
    return Shanten.calculate_shanten(hand34, use_chiitoitsu=not has_melds, use_kokushi=not has_melds)


def win_kind(win: Any, rules: RiichiRules) -> bool:
    """True for tsumo."""
    text = str(win or rules.default_win).strip().lower()
    if text not in (WinKind.TSUMO, WinKind.RON):
        raise RiichiInputError(InputProblem.OPTION, f"win {win!r} must be tsumo or ron",
                               f"上がり方はツモ (tsumo) かロン (ron) にしてください (いま {quoted_ja(win)})")
    return text == WinKind.TSUMO


def flat_dict(result: ScoreResult) -> dict[str, Any]:
    """``result.to_dict()`` with the riichi fields of ``extra`` at top level (the ``--json`` shape)."""
    d = result.to_dict()
    extra = d.pop("extra")
    return {**d, **extra}


# A closed ron's base, as a player counts it by hand: 副底 20 and 門前加符 10 (the package says "base 30").
_CLOSED_RON_BASE = 30
_CLOSED_RON_PARTS = tuple({"fu": fu, "reason": reason, "label": FU_REASONS[reason][1],
                           "label_ja": FU_REASONS[reason][0]} for fu, reason in ((20, "base"), (10, "closed_ron")))


def _fu_items(details: Sequence[dict], tsumo: bool, *, closed_ron: bool) -> list[dict[str, Any]]:
    """The package's fu breakdown as a result says it (``_fu_item`` each); a closed ron's base 30 is said as
    two items, base 20 and the closed ron bonus 10 (seven pairs keep their 25)."""
    items = [_fu_item(d, tsumo) for d in details]
    if closed_ron:
        for i, item in enumerate(items):
            if item["reason"] == "base" and item["fu"] == _CLOSED_RON_BASE:
                items[i:i + 1] = [dict(part) for part in _CLOSED_RON_PARTS]
                break
    return items


def _fu_item(detail: dict, tsumo: bool = False) -> dict[str, Any]:
    """One line of the package's fu breakdown, with what a player reads in each language. The 2 fu the package
    gives an open tsumo with no other fu as an open hand's "without fu" are its self-draw's (20 + 2 -> 30)."""
    reason = "tsumo" if tsumo and detail["reason"] == "hand_without_fu" else detail["reason"]
    ja, en = FU_REASONS.get(reason, (reason, reason))
    return {"fu": detail["fu"], "reason": reason, "label": en, "label_ja": ja}
