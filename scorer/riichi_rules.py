"""The riichi table rules of a game (its ``[riichi]`` TOML table) and the names we show for the package's
yaku, limits and fu.

The ``mahjong`` package decides han, fu and the limit; the values here are what it takes as settings
(red fives, open tanyao, kiriage, ...) and what our code owns (stick, honba and noten amounts, seats).

>>> rules = rules_for(None)
>>> rules.riichi_stick, rules.honba_ron, rules.noten_total, rules.red_fives, rules.open_tanyao
(1000, 300, 3000, True, True)
"""
from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

from scorer.catalog import Game, spelt_value, unknown_key, written_bare
from scorer.result import WIN_KIND_JA, GameFileError, YakuHit, echoed, game_file_ja, type_words
from scorer.riichi_tiles import FIVES, RED_CODES, TILE_IDS
from scorer.rules import MAX_AMOUNT


class KazoeLimit(StrEnum):
    """How far 13+ han of ordinary yaku (kazoe) may count."""

    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"
    NONE = "none"


class RenhouValue(StrEnum):
    """What renhou (人和: a non-dealer's ron before their first draw, no call made) is worth: a local yaku, not in
    the game's own list (RULES.md 002) nor at WRC or EMA tables, so a house option (``[riichi] renhou``)."""

    FIVE_HAN = "5han"  # 5 han added to the hand's other yaku (as before)
    MANGAN = "mangan"  # a mangan, or the hand's own value without it where that is more
    YAKUMAN = "yakuman"  # a yakuman (the package's renhou_as_yakuman)
    NONE = "none"  # no yaku: the hand is scored without it


_KAZOE_TO_PACKAGE = {KazoeLimit.YAKUMAN: HandConstants.KAZOE_LIMITED,
                     KazoeLimit.SANBAIMAN: HandConstants.KAZOE_SANBAIMAN,
                     KazoeLimit.NONE: HandConstants.KAZOE_NO_LIMIT}


@dataclass(frozen=True)
class RiichiRules:
    """Table rules of a riichi game. Defaults are the Tokyo Mahjong rules (RULES.md section 002)."""

    players: int = 4
    starting_points: int = 25000
    riichi_stick: int = 1000
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    noten_total: int = 3000
    red_fives: bool = True
    open_tanyao: bool = True
    kiriage: bool = False
    double_yakuman: bool = True
    kazoe_limit: KazoeLimit = KazoeLimit.YAKUMAN
    default_seat: str = "south"
    default_round: str = "east"
    default_win: str = "ron"
    # pao (責任払い): who fed the last dragon of a called daisangen (the last wind of a daisuushii) pays that yakuman
    # alone on a tsumo, half beside the discarder on another's ron (``scorer.riichi_pay.pao_payments``); RULES.md is
    # silent, so a house option, on as at WRC, EMA and JPML tables. ``pao_suukantsu``: the fourth kan's feeder too.
    pao: bool = True
    pao_suukantsu: bool = False
    # Session 57 (a riichi club referee's asks), each default as before. ``combined_yakuman``: yakuman add up (false:
    # only the dearest of a hand's yakuman counts, as at WRC and EMA tables); ``renhou`` (``RenhouValue``);
    # ``double_wind_pair_fu``: a pair of the wind that is both seat and round wind, 4 fu or 2; ``nagashi``: nagashi
    # mangan paid at an exhaustive draw (false: none, its seats refused).
    combined_yakuman: bool = True
    renhou: RenhouValue = RenhouValue.FIVE_HAN
    double_wind_pair_fu: int = 4
    nagashi: bool = True
    # Session 58 (a sanma club night), at a table of three. ``nukidora``: a north set aside (kita, 北抜き) is a dora
    # (``score(..., nuki=N)``); off, as before, so that a table saved without it scores as it did (and a north is then
    # a plain honour). ``tsumo_loss``: a tsumo is paid by the seats at the table alone, the empty seat's share lost
    # (ツモ損, Tenhou's and Mahjong Soul's); false: that share split between the payers, each part rounded up to 100
    # (北家折半: a non-dealer's mangan 3,000/5,000). ``chi_at_three``: a sanma table forbids chi (riichi.wiki
    # "Sanma"); true allows it.
    nukidora: bool = False
    tsumo_loss: bool = True
    chi_at_three: bool = False

    def __post_init__(self) -> None:
        for key, choices in _CHOICES.items():  # a value of a few: said with them, as the file writes them
            if not _is_choice(getattr(self, key), choices):
                raise _choice_error(key, getattr(self, key))
        object.__setattr__(self, "kazoe_limit", KazoeLimit(self.kazoe_limit))
        object.__setattr__(self, "renhou", RenhouValue(self.renhou))
        if self.starting_points < 1:  # else refused by the ledger as "[table] start_points", a key not written
            raise GameFileError(f"riichi.starting_points: must be 1 or more (got {self.starting_points})",
                                f"riichi.starting_points: 1 以上にしてください (いま {self.starting_points})")
        for key in ("starting_points", "riichi_stick", "honba_ron", "honba_tsumo_each", "noten_total"):
            if getattr(self, key) < 0:
                raise GameFileError(f"riichi.{key}: must be 0 or more (got {getattr(self, key)})",
                                    f"riichi.{key}: 0 以上にしてください (いま {getattr(self, key)})")
            if getattr(self, key) > MAX_AMOUNT:  # a Donjara file's cap (honba_ron = 9e18: no ledger keeps it)
                raise GameFileError(f"riichi.{key}: must be at most {MAX_AMOUNT} (got {getattr(self, key)})",
                                    f"riichi.{key}: {MAX_AMOUNT} 以下にしてください (いま {getattr(self, key)})")
        # a noten_total that does not share evenly (1,000 at four: 333 x 3) is not refused here: a table saved before
        # that check came plays as it did; a file written or named on purpose is refused it
        # (``scorer.catalog.check_rules``, strict)
        seats = _SEAT_CHOICES[:self.players]
        if self.default_seat not in seats:  # else every score without a seat was refused, naming no key
            said = "、".join(f'"{s}" ({_CHOICES_JA[s]})' for s in seats)
            raise GameFileError(f"riichi.default_seat: \"{self.default_seat}\" is no seat at a table of "
                                f"{self.players} (riichi.players = {self.players}: no {self.default_seat} seat): write "
                                f"{', '.join(json.dumps(s) for s in seats[:-1])} or {json.dumps(seats[-1])}",
                                f"riichi.default_seat: {self.players}人の卓 (riichi.players = {self.players}) に"
                                f"{_CHOICES_JA[self.default_seat]}家はありません: {said} のどれかにしてください "
                                f"(いま \"{self.default_seat}\")")
        if self.nukidora and self.players != 3:  # else saved without a word, the Rules page silent (it says nukidora
            # at a table of three), and counted only in a hand scored for three (``--players 3 --nuki 1``)
            raise GameFileError(f"riichi.nukidora: nukidora (a north set aside as a dora) is a three-player rule, and "
                                f"this table seats {self.players} (riichi.players = {self.players}): write "
                                f"riichi.players = 3 with it, or nukidora = false",
                                f"riichi.nukidora: 抜きドラ (北を抜いてドラにする) は三人麻雀のルールですが、この卓は"
                                f"{self.players}人です (riichi.players = {self.players}): riichi.players = 3 と一緒に書くか、"
                                f"nukidora = false にしてください")

    def package_options(self, three_player: bool | None = None) -> OptionalRules:
        """The package's ``OptionalRules`` for these rules. ``three_player``: a sanma set (2m-8m out: the dora
        indicator 1m makes 9m dora; ``scorer.riichi_hand.sanma_set``), by default a table of three. The package's
        ``is_three_player`` changes its ron honba and tsumo total too, which our code does not read
        (``scorer.riichi_pay`` pays the honba of ``honba_ron`` and each seat's share)."""
        return OptionalRules(has_open_tanyao=self.open_tanyao, has_aka_dora=self.red_fives,
                             has_double_yakuman=self.double_yakuman, kiriage=self.kiriage,
                             kazoe_limit=_KAZOE_TO_PACKAGE[self.kazoe_limit],
                             renhou_as_yakuman=self.renhou is RenhouValue.YAKUMAN,
                             is_three_player=self.players == 3 if three_player is None else three_player)

    @classmethod
    def from_table(cls, table: Mapping[str, Any], source: str = "<game>") -> RiichiRules:
        """Rules from a ``[riichi]`` table; ``GameFileError`` naming the key for a bad or unknown key."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        if not isinstance(table, Mapping):  # `riichi = 3` at the top of the file
            raise GameFileError(f"{source}: field riichi: must be a table ([riichi]) (got {toml_said(table)})",
                                f"{source}: 項目 riichi: 表 ([riichi]) にしてください (いま {toml_said(table)})")
        for key in table:  # a key of the ledger's [table] written here: pointed there, as [table] nagashi is here
            if key in TABLE_KEYS_NOT_RIICHI:
                raise GameFileError(f"{source}: field riichi.{key}: {key} is not set in [riichi]: write it in [table] "
                                    "(the table between hands, which the ledger reads)",
                                    f"{source}: 項目 riichi.{key}: [riichi] には {key} を書けません: [table] (局と局の"
                                    "あいだの卓の決まり。台帳が読みます) に書いてください")
        unknown_key(source, table, set(known), "riichi")
        for key, value in table.items():
            default = known[key].default
            expected = type(default) if not isinstance(default, StrEnum) else str
            if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                if key in _CHOICES:  # renhou = 5: "must be str" said nothing of what to write
                    error = _choice_error(key, value)
                    raise GameFileError(f"{source}: field {error}", f"{source}: 項目 {error.message_ja}") from None
                said = f"{source}: field riichi.{key}: must be {type_words(expected)} (got {toml_said(value)})"
                hint, said_ja = written_bare(value, expected), game_file_ja(said)  # honba_ron = "300": as elsewhere
                raise GameFileError(f"{said}{hint[0]}", f"{said_ja}{hint[1]}" if said_ja else "") if hint \
                    else GameFileError(said)
            values[key] = value
        try:
            return cls(**values)
        except GameFileError as exc:  # a value out of range: said as every field of the file is
            raise GameFileError(f"{source}: field {exc}",
                                f"{source}: 項目 {exc.message_ja}" if exc.message_ja else "") from None


def check_noten_total(total: int, players: int, field: str = "riichi.noten_total") -> None:
    """``GameFileError`` where ``total``, what the noten players pay in all at an exhaustive draw (RULES.md 002: "pay
    3,000 in total, shared by the tenpai players"), does not share evenly at every draw at a table of ``players``: each
    noten player pays each tenpai player ``total // (noten * tenpai)`` (``scorer.payout.noten_transfers``), so 1,000
    at four was 333 from each of three noten players, 999 paid. A multiple of 12 at four (3 and 4 ways; a table of
    three, scored for three, shares it 2 ways), of 2 at three. ``field``: the key as the message names it (the ledger's
    ``[table] noten_total``, which overrides this one, is checked here too: ``tilelens.ledger.check_table``). The
    message ends with the nearest totals that share evenly ("write 996 or 1008").

    >>> check_noten_total(3000, 4), check_noten_total(1000, 3)
    (None, None)
    """
    ways = [(noten, players - noten) for noten in range(players - 1, 0, -1)]
    step = math.lcm(*(noten * tenpai for noten, tenpai in ways))
    if total % step == 0:
        return
    noten, tenpai = next((n, t) for n, t in ways if total % (n * t))
    share = total // (noten * tenpai)
    paid = share * noten * tenpai
    each = f"{share} to each of {tenpai} tenpai players" if tenpai > 1 else f"{share} to the tenpai player"
    below, above = total // step * step, (total // step + 1) * step  # the nearest that share evenly (0: none paid)
    near, near_ja = (f"{below} or {above}", f"{below} か {above}") if below > 0 else (f"{above}", f"{above}")
    raise GameFileError(f"{field}: must be a multiple of {step} at a table of {players}, to be shared "
                        f"evenly at every exhaustive draw: with {noten} noten player{'s' if noten > 1 else ''}, each "
                        f"would pay {each}, {paid} in all (got {total}): write {near}",
                        f"{field}: {players}人の卓では {step} の倍数にしてください。どの流局でも均等に分けて"
                        f"払えるようにするためです。ノーテンの{noten}人がテンパイの{tenpai}人に {share}点ずつ払うと、"
                        f"合わせて {paid}点にしかなりません (いま {total})。近いのは {near_ja} です")


# The keys of a riichi game's ``[riichi]`` whose value is one of a few (``RiichiRules.__post_init__``), as a file
# writes each: a value of another type or out of them is refused with them (``renhou = 5`` said "must be str").
_SEAT_CHOICES = ("east", "south", "west", "north")  # in seat order: a table of three has the first three
_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4), "kazoe_limit": tuple(KazoeLimit), "renhou": tuple(RenhouValue),
    "double_wind_pair_fu": (4, 2), "default_seat": _SEAT_CHOICES,
    "default_round": ("east", "south", "west", "north"), "default_win": ("tsumo", "ron")}
# What a choice means to a Japanese player, beside the word the file writes.
_CHOICES_JA = {"east": "東", "south": "南", "west": "西", "north": "北", **WIN_KIND_JA}


def _is_choice(value: Any, choices: tuple[Any, ...]) -> bool:
    """Whether ``value`` is one of ``choices`` and of their kind (``true`` is no 1, nor ``4.0`` a 4)."""
    kind = str if isinstance(choices[0], str) else int
    return isinstance(value, kind) and not isinstance(value, bool) and value in choices


def _choice_error(key: str, value: Any) -> GameFileError:
    """``riichi.KEY: must be ...`` (without the file: ``from_table`` adds it), the choices and the value as the file
    writes them (``"mangan"``, ``true``): "4 or 2", "2, 3 or 4", "one of "5han", "mangan", ..."."""
    choices = _CHOICES[key]
    said = [_choice_said(c) for c in choices]
    if len(said) == 2:
        en = f"{said[0]} or {said[1]}"
    elif isinstance(choices[0], str):
        en = f"one of {', '.join(said)}"
    else:
        en = f"{', '.join(said[:-1])} or {said[-1]}"
    ja_items = [f"{s} ({_CHOICES_JA[c]})" if c in _CHOICES_JA else s for s, c in zip(said, choices)]
    ja = f"{ja_items[0]} か {ja_items[1]}" if len(ja_items) == 2 else f"{'・'.join(ja_items)} のどれか"
    # players = "4": the number it is, written bare, where that is one of the choices
    numbers = isinstance(choices[0], int) and _is_choice(spelt_value(value, int), choices)
    en_hint, ja_hint = (numbers and written_bare(value, int)) or ("", "")
    return GameFileError(f"riichi.{key}: must be {en} (got {toml_said(value)}){en_hint}",
                         f"riichi.{key}: {ja}{' ' if ja[-1:].isascii() else ''}にしてください (いま {toml_said(value)})"
                         f"{ja_hint}")


def toml_said(value: Any) -> str:
    """A value a message echoes, in the words of the game file (TOML) where Python's differ: ``true``, ``[20, 10]``
    (Python said ``True``, and a list read back as ``(20,)``); a text as every game file's message echoes one,
    ``'mangan'`` (``scorer.result.echoed``).

    >>> toml_said(True), toml_said("mangan"), toml_said((20, -20)), toml_said(4.5), toml_said({"a": [True]})
    ('true', "'mangan'", '[20, -20]', '4.5', '{ a = [true] }')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        items = [toml_said(v) for v in value[:8]]
        return f"[{', '.join(items)}{', ...' if len(value) > 8 else ''}]"
    if isinstance(value, Mapping):
        items = [f"{k} = {toml_said(v)}" for k, v in list(value.items())[:8]]
        return f"{{ {', '.join(items)}{', ...' if len(value) > 8 else ''} }}"
    return echoed(value)


def _choice_said(choice: Any) -> str:
    """One of a key's choices as the file writes it: a text in double quotes (``"mangan"``), a number bare."""
    return json.dumps(str(choice)) if isinstance(choice, str) else str(choice)


# The keys of the ledger's ``[table]`` (``tilelens.ledger.TABLE_KEYS``) that ``[riichi]`` has no key of its own for:
# one written in ``[riichi]`` is pointed to ``[table]`` (``uma = [...]`` said "unknown key" and every key of
# ``[riichi]``); ``start_points`` and ``riichi_chip`` are not among them: their ``[riichi]`` keys are nearest.
TABLE_KEYS_NOT_RIICHI = frozenset({"uma", "return_points", "leftover_sticks", "ends_at_or_below", "chombo",
                                   "keep_on_dealer_win", "keep_on_draw", "honba", "several_ron", "multiple_ron",
                                   "laps", "calls", "unit"})


_RULES_CACHE: dict[Any, RiichiRules] = {}


def rules_for(game: Any) -> RiichiRules:
    """The rules of ``game`` (a ``Game`` with a ``riichi`` table in ``rules``); defaults without one. Cached
    on the (frozen) Game object itself, as ``scorer.rules.donjara_rules`` is: a game file edited in place is
    another Game (``load_game``), so its rules are read again; without a game, the defaults once."""
    if isinstance(game, Game):
        return game.derived("_riichi_rules", _parse_rules)
    if game is not None:  # a stand-in with the Game's ``rules`` and ``source``: read each time
        return _parse_rules(game)
    found = _RULES_CACHE.get(None)
    if found is None:
        found = _RULES_CACHE[None] = _parse_rules(game)
    return found


# A standard set's copies of each tile: four of a kind, a plain five's fourth being its red one (0m/0p/0s)
STANDARD_COPIES = {tile_id: 1 if tile_id[0] == "0" else 3 if tile_id[0] == "5" and tile_id[1] != "z" else 4
                   for tile_id in TILE_IDS}


def copies_at_table(tile_id: str, red_fives: bool, in_set: Mapping[str, int] = STANDARD_COPIES) -> int:
    """The copies of ``tile_id`` a table plays: the set's (``in_set``: tile id -> copies, a game's ``set_copies``; a
    standard set's by default) and, at a table without red fives (``red_fives``, the rules'), a plain five's red one
    besides: the scorer reads a red five there as a plain one (four 5m). The one rule of the copy check
    (``riichi_hand.check_copies``), the waits' draws (``riichi_waits``) and the app's pickers (``played_copies``).

    >>> [copies_at_table(tile, True) for tile in ("5m", "0m", "5z")], copies_at_table("5m", False)
    ([3, 1, 4], 4)
    """
    copies = in_set[tile_id]
    if not red_fives and tile_id[0] == "5" and tile_id[1:] in ("m", "p", "s"):
        copies += in_set.get(f"0{tile_id[1:]}", 0)
    return copies


def red_beside(tile_id: str, red_fives: bool, in_set: Mapping[str, int] = STANDARD_COPIES) -> str | None:
    """The red five a table plays beside the plain five ``tile_id`` (0m beside 5m) where its set has one (``in_set``,
    ``set_copies``: red 5p alone, no plain one, too); None for any other tile and at a table without red fives
    (``red_fives``, the rules': a red five is read there as a plain one). The app's meld builder and palette take it.

    >>> red_beside("5m", True), red_beside("5m", False), red_beside("5z", True), red_beside("0m", True)
    ('0m', None, None, None)
    """
    if not red_fives or len(tile_id) != 2 or tile_id[0] != "5" or tile_id[1] not in "mps":
        return None
    red = f"0{tile_id[1]}"
    return red if in_set.get(red, 0) else None


class FivesTold(StrEnum):
    """How a tile's copies at a table are told to a player who adds one beyond them (``fives_told``)."""

    COPIES = "copies"  # its copies alone: no red five beside it (any tile but a plain five, a set without red fives)
    FOURTH_RED = "fourth_red"  # a standard set's plain five: three, the fourth is the red five
    PLAIN_AND_RED = "plain_and_red"  # a house set's plain and red fives, each counted (two plain 5p and two red)
    RED_ONLY = "red_only"  # a house set's red fives alone: no plain copy


def fives_told(plain: int, reds: int) -> FivesTold:
    """How a tile of ``plain`` copies at a table, beside ``reds`` copies of its red five (``red_beside``; 0: none), is
    told when one too many is added: the one rule of the scorer's copy check (``riichi_hand.check_copies``) and the
    app's palette and meld builder (``app.components.tiles.refuse_no_copy``).

    >>> [str(fives_told(*counts)) for counts in ((3, 1), (2, 2), (0, 2), (4, 0))]
    ['fourth_red', 'plain_and_red', 'red_only', 'copies']
    """
    if not reds:
        return FivesTold.COPIES
    if not plain:
        return FivesTold.RED_ONLY
    return FivesTold.FOURTH_RED if (plain, reds) == (3, 1) else FivesTold.PLAIN_AND_RED


def kind_copies(in_set: Mapping[str, int] = STANDARD_COPIES) -> list[int]:
    """The copies of each of the 34 kinds (tile codes 0-33) in the set ``in_set``, a five's red ones counted with its
    plain ones: all the copies a player can hold of a kind, whatever the table's red fives.

    >>> kind_copies() == [4] * 34, kind_copies({**STANDARD_COPIES, "5p": 2, "0p": 2})[13]
    (True, 4)
    """
    kinds = [in_set[tile_id] for tile_id in TILE_IDS[:34]]
    for five, red in zip(FIVES, RED_CODES):
        kinds[five] += in_set[TILE_IDS[red]]
    return kinds


def kinds_over_most(game: Any) -> list[tuple[str, int]]:
    """The kinds ``game``'s set holds more copies of than riichi plays (``scorer.riichi_hand.MOST_OF_A_KIND``), each
    as its plain tile id with the set's copies of it (a red five counted with its plain one: ``kind_copies``), in
    tile order; [] for a standard set. A physical set may hold extras; a hand is refused a fifth of a kind whatever
    the set holds, so the Rules page warns of such a set when it is added or saved.

    >>> kinds_over_most(None)
    []
    """
    from scorer.riichi_hand import MOST_OF_A_KIND  # (it imports this module)

    return [(TILE_IDS[k], n) for k, n in enumerate(kind_copies(set_copies(game))) if n > MOST_OF_A_KIND]


def set_copies(game: Any) -> Mapping[str, int]:
    """Tile id -> copies in ``game``'s set (its ``inventory()``: a house set of two red 5p and two plain ones, one
    without red fives), 0 for a tile its list leaves out; ``STANDARD_COPIES`` for no game, a game without a tile
    list, or a set of the standard copies. What ``copies_at_table`` is given wherever the scorer counts copies.
    Kept on a ``Game`` (``Game.derived``).

    >>> from scorer.catalog import load_game
    >>> set_copies(None) is STANDARD_COPIES, set_copies(load_game("tokyo-mahjong")) is STANDARD_COPIES
    (True, True)
    """
    if isinstance(game, Game):
        return game.derived("_riichi_copies", _set_copies)
    return _set_copies(game)


def _set_copies(game: Any) -> Mapping[str, int]:
    kinds = getattr(game, "tiles", None)
    if not kinds:
        return STANDARD_COPIES
    listed = {getattr(kind, "id", None): getattr(kind, "copies", 1) for kind in kinds}
    copies = {tile_id: listed.get(tile_id, 0) for tile_id in TILE_IDS}
    return STANDARD_COPIES if copies == STANDARD_COPIES else copies


# The Donjara engine's tables (``scorer.rules``): a riichi game's file holding one is refused, naming it, as the
# riichi engine would ignore it (``[chombo] penalty = 8000`` was saved, and a chombo still cost nothing).
DONJARA_TABLES = ("groups", "yaku", "payout", "win", "chombo", "scout")


def _parse_rules(game: Any) -> RiichiRules:
    tables = getattr(game, "rules", None) or {}
    source = getattr(game, "source", "<game>") or "<game>"
    if getattr(game, "engine", "riichi") == "riichi":
        for name in DONJARA_TABLES:
            if name in tables:
                raise GameFileError(
                    f"{source}: field {name}: the riichi engine does not read [{name}] (a Donjara table); "
                    "remove it: this game's rules are in [riichi], the table's customs in [table]",
                    f"{source}: 項目 {name}: リーチ麻雀の採点は [{name}] (ドンジャラの表) を読みません。"
                    "消してください: このゲームのルールは [riichi] に、卓の決まりは [table] に書きます")
    return RiichiRules.from_table(tables.get("riichi", {}), source)


# The package's yaku id -> (Japanese, English). Dora (120-122) are listed apart from yaku in our results.
YAKU_NAMES: dict[int, tuple[str, str]] = {
    0: ("門前清自摸和", "Menzen Tsumo (closed self-draw)"),
    1: ("立直", "Riichi"),
    2: ("オープンリーチ", "Open Riichi"),
    3: ("一発", "Ippatsu"),
    4: ("槍槓", "Chankan (robbing a kan)"),
    5: ("嶺上開花", "Rinshan Kaihou (win on a kan replacement)"),
    6: ("海底摸月", "Haitei Raoyue (last tile drawn)"),
    7: ("河底撈魚", "Houtei Raoyui (last tile discarded)"),
    8: ("ダブルリーチ", "Double Riichi"),
    9: ("ダブルオープンリーチ", "Double Open Riichi"),
    10: ("流し満貫", "Nagashi Mangan"),
    11: ("人和", "Renhou"),
    12: ("平和", "Pinfu (all sequences)"),
    13: ("断幺九", "Tanyao (all simples)"),
    14: ("一盃口", "Iipeikou (twin sequences)"),
    15: ("役牌 白", "Yakuhai: white dragon"),
    16: ("役牌 發", "Yakuhai: green dragon"),
    17: ("役牌 中", "Yakuhai: red dragon"),
    18: ("自風 東", "Yakuhai: seat wind east"),
    19: ("自風 南", "Yakuhai: seat wind south"),
    20: ("自風 西", "Yakuhai: seat wind west"),
    21: ("自風 北", "Yakuhai: seat wind north"),
    22: ("場風 東", "Yakuhai: round wind east"),
    23: ("場風 南", "Yakuhai: round wind south"),
    24: ("場風 西", "Yakuhai: round wind west"),
    25: ("場風 北", "Yakuhai: round wind north"),
    26: ("三色同順", "Sanshoku Doujun (mixed triple sequence)"),
    27: ("一気通貫", "Ittsu (pure straight)"),
    28: ("混全帯幺九", "Chanta (outside hand)"),
    29: ("混老頭", "Honroutou (all terminals and honours)"),
    30: ("対々和", "Toitoi (all triplets)"),
    31: ("三暗刻", "San Ankou (three concealed triplets)"),
    32: ("三槓子", "San Kantsu (three kans)"),
    33: ("三色同刻", "Sanshoku Doukou (triple triplets)"),
    34: ("七対子", "Chiitoitsu (seven pairs)"),
    35: ("小三元", "Shousangen (little three dragons)"),
    36: ("混一色", "Honitsu (half flush)"),
    37: ("純全帯幺九", "Junchan (terminals in each set)"),
    38: ("二盃口", "Ryanpeikou (two twin sequences)"),
    39: ("清一色", "Chinitsu (full flush)"),
    100: ("国士無双", "Kokushi Musou (thirteen orphans)"),
    101: ("九蓮宝燈", "Chuuren Poutou (nine gates)"),
    102: ("四暗刻", "Suu Ankou (four concealed triplets)"),
    103: ("大三元", "Daisangen (big three dragons)"),
    104: ("小四喜", "Shousuushii (little four winds)"),
    105: ("緑一色", "Ryuuiisou (all green)"),
    106: ("四槓子", "Suu Kantsu (four kans)"),
    107: ("字一色", "Tsuuiisou (all honours)"),
    108: ("清老頭", "Chinroutou (all terminals)"),
    109: ("大車輪", "Daisharin"),
    110: ("大七星", "Daichisei"),
    111: ("大四喜", "Daisuushii (big four winds)"),
    112: ("国士無双十三面待ち", "Kokushi Musou 13-sided wait"),
    113: ("四暗刻単騎", "Suu Ankou Tanki (single wait)"),
    114: ("純正九蓮宝燈", "Junsei Chuuren Poutou (true nine gates)"),
    115: ("天和", "Tenhou (blessing of heaven)"),
    116: ("地和", "Chiihou (blessing of earth)"),
    117: ("人和", "Renhou (yakuman)"),
    118: ("差し込み", "Sashikomi"),
    119: ("八連荘", "Paarenchan"),
}
DORA_IDS = {120: "dora", 121: "aka_dora", 122: "ura_dora"}
# A result's dora counts (``extra["dora"]``) as lines of its yaku list (``listed_yaku``): (Japanese, English).
DORA_NAMES = {"dora": ("ドラ", "Dora"), "aka_dora": ("赤ドラ", "Red five"), "ura_dora": ("裏ドラ", "Ura dora"),
              "nuki": ("抜きドラ", "Nukidora")}  # norths set aside at three (kita; ``score(..., nuki=N)``)

# Yaku the package knows that this scorer never awards: nagashi mangan is a draw's payment, not a hand;
# paarenchan counts a dealer's repeats, which no hand shows; daisharin, daichisei and sashikomi are
# optional rules the game files do not turn on. Renhou is one of 11 (5 han, or a mangan) and 117 (yakuman), as
# ``[riichi] renhou`` says, or neither (``renhou_ids``).
NOT_AWARDED = frozenset({10, 109, 110, 118, 119})
# Local yaku: not in the game's own list (RULES.md 002) nor at WRC or EMA tables; scored all the same, renhou as
# ``[riichi] renhou`` says, open riichi where given (``tilelens score --open-riichi``: the score pages offer none).
LOCAL_YAKU = frozenset({2, 9, 11, 117})
# Open riichi and double open riichi: scored by ``tilelens score --open-riichi`` alone.
OPEN_RIICHI_IDS = frozenset({2, 9})
RENHOU_IDS = frozenset({11, 117})
YAKUMAN_HAN = 13
# The yakuman a liability payment (pao, 責任払い) may follow: the package's yaku id -> our name for it
# (``RiichiRules.pao``; suukantsu only under ``pao_suukantsu``).
PAO_YAKU = {103: "daisangen", 111: "daisuushii", 106: "suukantsu"}


@dataclass(frozen=True)
class YakuValue:
    """What a yaku is worth under a game's rules: han closed and open (0: closed hands only; open is
    always 0 for a yaku that needs a closed hand), or yakuman (1, or 2 for a double yakuman); ``limit``: what it is
    paid as, whatever its han (renhou under ``renhou = "mangan"``: ``"mangan"``); ``local``: a local yaku
    (``LOCAL_YAKU``)."""

    yaku_id: int
    name_ja: str
    name_en: str
    han_closed: int
    han_open: int
    yakuman: int = 0
    limit: str = ""
    local: bool = False


def renhou_ids(rules: RiichiRules) -> frozenset[int]:
    """The package's renhou yaku a hand can score under ``rules``: 11 (5 han, or a mangan), 117 (yakuman), none."""
    return {RenhouValue.YAKUMAN: frozenset({117}), RenhouValue.NONE: frozenset()}.get(rules.renhou, frozenset({11}))


def yaku_values(rules: RiichiRules) -> list[YakuValue]:
    """The yaku a hand can score under ``rules``, in the package's order, with their han from the package
    (open tanyao and double yakuman as the rules set them). Dora are not yaku and are not listed.

    >>> [(v.name_en, v.han_closed, v.han_open) for v in yaku_values(rules_for(None)) if v.yaku_id in (1, 13, 36)]
    [('Riichi', 1, 0), ('Tanyao (all simples)', 1, 1), ('Honitsu (half flush)', 3, 2)]
    """
    from mahjong.hand_calculating.yaku_config import YakuConfig

    found = {y.yaku_id: y for y in vars(YakuConfig()).values() if getattr(y, "yaku_id", None) in YAKU_NAMES}
    values = []
    renhou = renhou_ids(rules)
    for yaku_id in sorted(found):
        if yaku_id in NOT_AWARDED or (yaku_id in RENHOU_IDS and yaku_id not in renhou):
            continue
        yaku = found[yaku_id]
        closed, opened = yaku.han_closed, yaku.han_open
        if yaku_id == 13 and not rules.open_tanyao:
            opened = 0
        ja, en = YAKU_NAMES[yaku_id]
        local = yaku_id in LOCAL_YAKU
        if yaku.is_yakuman:
            times = max(1, max(closed, opened) // YAKUMAN_HAN) if rules.double_yakuman else 1
            values.append(YakuValue(yaku_id, ja, en, YAKUMAN_HAN * times if closed else 0,
                                    YAKUMAN_HAN * times if opened else 0, times, local=local))
        else:
            limit = "mangan" if yaku_id == 11 and rules.renhou is RenhouValue.MANGAN else ""
            values.append(YakuValue(yaku_id, ja, en, closed, opened, limit=limit, local=local))
    return values

# The package's yaku_level -> (Japanese, English); "" (below mangan) has no limit name. A "kazoe" level is one of
# ordinary yaku and dora counted to 13 han or more (``scorer.riichi_hand._winning`` names it so where the package
# names it as a yakuman of yaku: plain "yakuman", and "2x yakuman" for 26 han under ``kazoe_limit = "none"``).
LIMIT_NAMES: dict[str, tuple[str, str]] = {
    "mangan": ("満貫", "mangan"), "kiriage mangan": ("切り上げ満貫", "kiriage mangan"),
    "haneman": ("跳満", "haneman"), "baiman": ("倍満", "baiman"), "sanbaiman": ("三倍満", "sanbaiman"),
    "kazoe sanbaiman": ("数え三倍満", "kazoe sanbaiman"), "yakuman": ("役満", "yakuman"),
    "kazoe yakuman": ("数え役満", "kazoe yakuman"), "2x yakuman": ("ダブル役満", "double yakuman"),
    "3x yakuman": ("トリプル役満", "triple yakuman"), "4x yakuman": ("四倍役満", "4x yakuman"),
    "5x yakuman": ("五倍役満", "5x yakuman"), "6x yakuman": ("六倍役満", "6x yakuman"),
    "kazoe 2x yakuman": ("数えダブル役満", "kazoe double yakuman"),
    "kazoe 3x yakuman": ("数えトリプル役満", "kazoe triple yakuman"),
    "kazoe 4x yakuman": ("数え四倍役満", "kazoe 4x yakuman"), "kazoe 5x yakuman": ("数え五倍役満", "kazoe 5x yakuman"),
    "kazoe 6x yakuman": ("数え六倍役満", "kazoe 6x yakuman"),
    "nagashi mangan": ("流し満貫", "nagashi mangan"),
}

@dataclass(frozen=True)
class LimitYakuHit(YakuHit):
    """A yaku of a result that is paid as a limit whatever its han: renhou under ``renhou = "mangan"`` (``han`` 5, as
    a mangan counts; ``limit`` ``"mangan"``, ``limit_ja`` 「満貫」), said as its limit ("Renhou (mangan)"), not "5 han"
    (the Rules page's yaku table says it so: ``YakuValue.limit``)."""

    limit: str = ""
    limit_ja: str = ""


def yakuman_times(hit: Any) -> int:
    """How many yakuman a riichi yaku line (``scorer.YakuHit``) is: 1 for a yakuman, 2 for a double one, said so
    ("yakuman", 「ダブル役満」) rather than by its han, the scorer's count of it; 0 for any other yaku, for a Donjara
    yaku (its ``points``) and for the dora lines (``listed_yaku``: 13 dora are 13 han, a counted yakuman's part).
    The app's yaku lines (``app.components.result.yakuman_said``) and `tilelens score` say it alike.

    >>> from scorer.result import YakuHit
    >>> yakuman_times(YakuHit("大三元", "Daisangen", han=13)), yakuman_times(YakuHit("国士無双十三面待ち", "K", han=26))
    (1, 2)
    >>> yakuman_times(YakuHit("清一色", "Chinitsu", han=6)), yakuman_times(YakuHit("ドラ", "Dora", han=13))
    (0, 0)
    """
    han = getattr(hit, "han", None) or 0
    if han < YAKUMAN_HAN or getattr(hit, "points", None) is not None or \
            (getattr(hit, "name", None), getattr(hit, "name_en", None)) in DORA_NAMES.values():
        return 0
    return han // YAKUMAN_HAN


def han_mean_nothing(extra: dict[str, Any]) -> bool:
    """Whether a riichi result's han go unsaid (``extra``: ``ScoreResult.extra``): a hand paid as a limit by a yaku
    that is one (``extra["limit_by"]``: renhou under ``renhou = "mangan"``), which its other yaku and dora do not
    change: said "mangan", not "5 han (mangan)".

    >>> han_mean_nothing({"han": 5, "limit": "mangan", "limit_by": "renhou"}), han_mean_nothing({"han": 5})
    (True, False)
    """
    return bool(extra.get("limit_by"))


def fu_mean_nothing(extra: dict[str, Any]) -> bool:
    """Whether a riichi result's fu go unsaid (``extra``: ``ScoreResult.extra``): a yakuman by its yaku (not one
    counted to 13 han: its fu made it) pays its limit whatever its fu, and a limit hand of 0 fu has none.

    >>> fu_mean_nothing({"limit": "2x yakuman", "fu": 50}), fu_mean_nothing({"limit": "kazoe yakuman", "fu": 40})
    (True, False)
    """
    limit = extra.get("limit") or ""
    return (limit.endswith("yakuman") and not limit.startswith("kazoe")) or bool(limit and not extra.get("fu"))


def listed_yaku(result: Any) -> tuple[Any, ...]:
    """A result's yaku as a score sheet lists them: its yaku, then a line for each kind of dora that counted
    (dora, red fives, ura dora; none at 0), so the han listed add up to the hand's. The result's own ``yaku``
    leave the dora out (dora are no yaku: a hand with dora alone does not win); a Donjara result's are its own.

    >>> class R: yaku, extra = (YakuHit("立直", "Riichi", han=1),), {"dora": {"dora": 2, "aka_dora": 0, "ura_dora": 1}}
    >>> [(y.name_en, y.han) for y in listed_yaku(R)]
    [('Riichi', 1), ('Dora', 2), ('Ura dora', 1)]
    """
    dora = (getattr(result, "extra", None) or {}).get("dora") or {}
    if not any(dora.values()):
        return tuple(result.yaku)
    return (*result.yaku, *(YakuHit(name=ja, name_en=en, han=dora[key])
                            for key, (ja, en) in DORA_NAMES.items() if dora.get(key)))


# The package's fu reasons -> what a player reads (Japanese, English).
FU_REASONS: dict[str, tuple[str, str]] = {
    "base": ("副底", "base"),
    # a closed hand's ron: the package's base 30 is said as a player counts it, 副底 20 + 門前加符 10 (``_fu_items``)
    "closed_ron": ("門前加符", "closed ron bonus"),
    "penchan": ("辺張待ち", "edge wait"), "kanchan": ("嵌張待ち", "closed wait"),
    "valued_pair": ("役牌の雀頭", "pair of value tiles"),
    "double_valued_pair": ("連風牌の雀頭", "pair of seat and round wind"),
    "pair_wait": ("単騎待ち", "single wait on the pair"), "tsumo": ("ツモ符", "self-draw"),
    "hand_without_fu": ("喰い平和形", "open hand without fu"),
    "closed_pon": ("中張牌の暗刻", "concealed triplet of simples"), "open_pon": ("中張牌の明刻", "open triplet of simples"),
    "closed_terminal_pon": ("幺九牌の暗刻", "concealed triplet of terminals/honours"),
    "open_terminal_pon": ("幺九牌の明刻", "open triplet of terminals/honours"),
    "closed_kan": ("中張牌の暗カン", "closed kan of simples"), "open_kan": ("中張牌の明カン", "open kan of simples"),
    "closed_terminal_kan": ("幺九牌の暗カン", "closed kan of terminals/honours"),
    "open_terminal_kan": ("幺九牌の明カン", "open kan of terminals/honours"),
}

# The package's error codes for impossible situations -> one line for the user.
SITUATION_ERRORS: dict[str, str] = {
    "open_hand_riichi_not_allowed": "riichi needs a closed hand (a closed kan keeps it closed)",
    "open_hand_daburi_not_allowed": "double riichi needs a closed hand",
    "ippatsu_without_riichi_not_allowed": "ippatsu needs riichi",
    "chankan_with_tsumo_not_allowed": "chankan is a ron (robbing another player's kan)",
    "rinshan_without_tsumo_not_allowed": "rinshan is a tsumo (the kan replacement tile)",
    "haitei_without_tsumo_not_allowed": "haitei is a tsumo on the last tile (houtei is the ron)",
    "houtei_with_tsumo_not_allowed": "houtei is a ron on the last discard (haitei is the tsumo)",
    "haitei_with_rinshan_not_allowed": "haitei and rinshan cannot both apply",
    "houtei_with_chankan_not_allowed": "houtei and chankan cannot both apply",
    "tenhou_not_as_dealer_not_allowed": "tenhou is for the dealer (seat east)",
    "tenhou_without_tsumo_not_allowed": "tenhou is a tsumo",
    "tenhou_with_meld_not_allowed": "tenhou needs a hand without melds",
    "chiihou_as_dealer_not_allowed": "chiihou is for a non-dealer (tenhou is the dealer's)",
    "chiihou_without_tsumo_not_allowed": "chiihou is a tsumo",
    "chiihou_with_meld_not_allowed": "chiihou needs a hand without melds",
    "renhou_as_dealer_not_allowed": "renhou is for a non-dealer",
    "renhou_with_tsumo_not_allowed": "renhou is a ron",
    "renhou_with_meld_not_allowed": "renhou needs a hand without melds",
}
# The same, as a Japanese screen says them.
SITUATION_ERRORS_JA: dict[str, str] = {
    "open_hand_riichi_not_allowed": "リーチは門前 (鳴きなし) の手だけです (暗カンは門前のまま)",
    "open_hand_daburi_not_allowed": "ダブルリーチは門前 (鳴きなし) の手だけです",
    "ippatsu_without_riichi_not_allowed": "一発にはリーチが必要です",
    "chankan_with_tsumo_not_allowed": "槍槓はロンです (ほかの人の加カンの牌で上がります)",
    "rinshan_without_tsumo_not_allowed": "嶺上開花はツモです (カンの補充牌で上がります)",
    "haitei_without_tsumo_not_allowed": "海底摸月は最後の牌のツモです (ロンなら河底撈魚)",
    "houtei_with_tsumo_not_allowed": "河底撈魚は最後の捨て牌のロンです (ツモなら海底摸月)",
    "haitei_with_rinshan_not_allowed": "海底摸月と嶺上開花は一緒にはつきません",
    "houtei_with_chankan_not_allowed": "河底撈魚と槍槓は一緒にはつきません",
    "tenhou_not_as_dealer_not_allowed": "天和は親 (東) だけです",
    "tenhou_without_tsumo_not_allowed": "天和はツモです",
    "tenhou_with_meld_not_allowed": "天和は鳴きのない手だけです",
    "chiihou_as_dealer_not_allowed": "地和は子だけです (親は天和)",
    "chiihou_without_tsumo_not_allowed": "地和はツモです",
    "chiihou_with_meld_not_allowed": "地和は鳴きのない手だけです",
    "renhou_as_dealer_not_allowed": "人和は子だけです",
    "renhou_with_tsumo_not_allowed": "人和はロンです",
    "renhou_with_meld_not_allowed": "人和は鳴きのない手だけです",
}
