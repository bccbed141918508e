"""The Donjara rule tables of a game file, read into frozen dataclasses.

Everything a Donjara edition decides is here as data: how tiles form groups (``[groups.*]``), the yaku
table (``[[yaku]]``: names, points, shape), the payouts (``[payout]``), when a win is allowed (``[win]``)
and the chombo cases (``[chombo]``). The engine (``scorer.engine``) reads these and never asks which game
it is scoring. Tables the Donjara engine does not know (a riichi game's) are never read here.

>>> from scorer.catalog import load_game
>>> rules = donjara_rules(load_game("yokai-watch"))
>>> [(y.name_en, y.points) for y in rules.yaku]
[('Basic set', 100)]
>>> rules.payout.rounding, rules.payout.round_to
(<Rounding.UP: 'up'>, 10)
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from scorer.catalog import (Game, Unit, field_error, item_place, kind_words, norm_name, ordinal, placed, please_ja,
                            said_value, unknown_key)
from scorer.result import GameFileError, choose_ja, quoted_ja


class UnitMode(StrEnum):
    """How a unit group uses its unit: all its members, or ``size`` of them."""

    FULL = "full"
    PART = "part"


class Rounding(StrEnum):
    """How a tsumo split that does not divide evenly is settled."""

    REMAINDER = "remainder"  # even share each; the remainder shown apart (settled by rock-paper-scissors)
    UP = "up"  # each share rounded up to ``round_to`` (the smallest chip)


class ChomboCase(StrEnum):
    """Mistakes a game may punish with a penalty instead of a payout."""

    FALSE_WIN = "false-win"  # declaring a win with a hand that does not win
    RON_ON_OWN_DISCARD = "ron-on-own-discard"  # ron on a tile you discarded earlier this hand
    WIN_ON_ALMIGHTY = "win-on-almighty"  # the winning tile is an Almighty


@dataclass(frozen=True)
class GroupKind:
    """How tiles form one kind of group: by equal attributes (``same``) or by official unit."""

    id: str
    name_ja: str
    name_en: str
    same: tuple[str, ...] = ()
    unit: UnitMode | None = None
    units: tuple[str, ...] = ()  # unit names allowed (empty: any)
    unit_sizes: tuple[int, int] | None = None  # (min, max) unit size for a part-unit group
    max_almighty: int | None = None  # per group; None: no limit

    def takes(self, unit: Unit, size: int) -> bool:
        """True if a ``size``-tile group of this (unit) kind can be made of ``unit``: one it names (any, where it
        names none); ``full``, every member of a unit of exactly ``size`` with a tile each; ``part``, ``size`` of
        the members of a unit whose size lies in ``unit_sizes``. ``scorer.groups`` matches units by it."""
        if self.units and unit.name not in self.units:
            return False
        if self.unit is UnitMode.FULL:
            return unit.size == size and not unit.absent
        lo, hi = self.unit_sizes or (size, 10**6)
        return lo <= unit.size <= hi and len(unit.members) >= size


@dataclass(frozen=True)
class Slot:
    """One group a yaku needs: its size and the group kinds that may fill it."""

    size: int
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class Yaku:
    """A yaku: names, points and shape (slots plus constraints across groups)."""

    id: str
    name_ja: str
    name_en: str
    points: int
    slots: tuple[Slot, ...]
    uniform: tuple[str, ...] = ()  # each group's tiles share these attributes
    same: tuple[str, ...] = ()  # all groups share these attributes (implies uniform)
    distinct: tuple[str, ...] = ()  # groups differ pairwise in these attributes (implies uniform)
    min_kind: Mapping[str, int] | None = field(default=None, hash=False)  # at least n groups of a kind
    label_attr: str | None = None  # a name that varies by an attribute: "アンサンブルセット (キュート)"
    local: bool = False  # a local yaku: off unless enabled
    default: bool = False  # a house-table default that the UI marks as such
    description: str = ""
    description_ja: str = ""  # the same line in Japanese (the Rules page's Japanese screen)

    @property
    def group_attrs(self) -> tuple[str, ...]:
        """Attributes each group must be uniform in."""
        return tuple(dict.fromkeys(self.uniform + self.same + self.distinct))


@dataclass(frozen=True)
class Payout:
    """Payout rules: the tsumo split and its rounding, favourite doubling, riichi chip."""

    rounding: Rounding = Rounding.REMAINDER
    round_to: int = 1
    favourite_multiplier: int = 1  # 1: the game has no favourite rule
    riichi_chip: int = 0
    currency_ja: str = "点"
    currency_en: str = "points"


@dataclass(frozen=True)
class WinRules:
    """When a win is allowed."""

    riichi_required: bool = True
    dealt_tenpai_exempt: bool = False  # a hand one tile from winning as dealt needs no riichi
    ron_on_almighty: bool = True
    players_default: int = 4
    players_min: int = 2
    players_max: int = 4


@dataclass(frozen=True)
class Scout:
    """Claiming a discard to complete a group (Cinderella Girls' Scout): the group is then fixed."""

    allowed: bool = False
    min_size: int = 3  # never a 2-tile group
    # group kind -> (min, max) tiles of a group a Scout completes; empty: any kind of the game
    groups: Mapping[str, tuple[int, int]] = field(default_factory=dict, hash=False)
    almighty_claimable: bool = True  # False: the claimed tile is never an Almighty

    def completes(self, kind: str, size: int) -> bool:
        """True if a Scout may complete a ``size``-tile group of ``kind``."""
        if not self.groups:
            return True
        lo, hi = self.groups.get(kind, (1, 0))
        return lo <= size <= hi


@dataclass(frozen=True)
class Chombo:
    """Chombo: the cases the game punishes and the penalty."""

    penalty: int = 0
    cases: tuple[ChomboCase, ...] = ()


@dataclass(frozen=True)
class DonjaraRules:
    """All the Donjara rule tables of one game."""

    groups: Mapping[str, GroupKind]
    yaku: tuple[Yaku, ...]
    payout: Payout
    win: WinRules
    chombo: Chombo
    house_defaults: tuple[str, ...] = ()  # parts of the file that are house-table defaults
    scout: Scout = Scout()

    @property
    def stand_in_yaku(self) -> bool:
        """Whether the yaku table is a stand-in, not the box's score sheet: a yaku of it marked ``default = true``
        (Yokai Watch's basic set, until the real sheet is entered; the app's Rules page marks it "house")."""
        return any(y.default for y in self.yaku)


def donjara_rules(game: Game) -> DonjaraRules:
    """The parsed rule tables of ``game``, cached on the Game object itself (``Game.derived``)."""
    return game.derived("_donjara_rules", parse_rules)


def has_stand_in_yaku(game: Game) -> bool:
    """Whether ``game``'s yaku table is a stand-in (``DonjaraRules.stand_in_yaku``), said under a result in the app
    (``app.components.result``). False for a riichi game, and where the rules cannot be read (the page says that)."""
    if game.engine != "donjara":
        return False
    try:
        return donjara_rules(game).stand_in_yaku
    except GameFileError:
        return False


def players_span(game: Game, unread: tuple[int, int, int] = (2, 4, 4), rules: Any = None) -> tuple[int, int, int]:
    """(fewest, most, usual) players of ``game``, as `tilelens score --players` and `tilelens check --players` take
    them: a Donjara game's ``[win] players_min``, ``players_max`` and ``players``; riichi 2 up to the seats its table
    has (``[riichi] players`` of ``rules``, the riichi rules a hand is scored by, ``riichi.score(rules=...)``; the
    game's own where not given), that many usually. At most 4 (a table's seats). Rules that cannot be read:
    ``unread`` (the command says why).

    >>> from scorer.catalog import load_game
    >>> players_span(load_game("nogizaka")), players_span(load_game("cinderella-neo"))
    ((4, 4, 4), (2, 4, 4))
    """
    from scorer.result import TilelensInputError

    try:
        if rules is not None or game.engine == "riichi":
            from scorer.riichi_rules import rules_for

            seats = min((rules or rules_for(game)).players, 4)
            return 2, seats, seats
        win = donjara_rules(game).win
    except (TilelensInputError, OSError, ValueError, TypeError):
        return unread
    low, high = max(win.players_min, 2), min(win.players_max, 4)
    return low, high, min(max(win.players_default, low), high)


def played_by(game: Game, low: int, high: int, got: Any = None) -> tuple[str, str]:
    """How many play ``game`` (``low`` to ``high``), by its name, in English and Japanese: the one sentence that
    refuses another count, where a hand is scored (the Donjara engine, ``scorer.engine._options``, and the riichi one,
    ``riichi_hand._check_players``; ``got``: the count given, said after it, quoted where it is no number) and where
    an event is checked (a manifest's ``players = N`` and `tilelens check --players N`:
    ``tilelens.event.layout.players_refused_as``).

    >>> from scorer.catalog import load_game
    >>> played_by(load_game("nogizaka"), 4, 4)
    ('Nogizaka Donjara is played by 4 players', '「乃木坂ドンジャラ」は 4人で遊びます')
    >>> played_by(load_game("cinderella-neo"), 2, 4, got=5)[0]
    'Donjara NEO: THE iDOLM@STER Cinderella Girls is played by 2-4 players, got 5'
    >>> played_by(load_game("tokyo-mahjong"), 2, 4, got="four")[1]
    '「東京麻雀」は 2〜4人で遊びます。人数を 2〜4人にしてください (いま 「four」)'
    """
    from scorer.result import game_name_en, game_name_ja

    span = f"{low}" if low == high else f"{low}-{high}"
    span_ja = span.replace("-", "〜")
    en = f"{game_name_en(game.id, game)} is played by {span} players"
    ja = f"{game_name_ja(game.id, game)}は {span_ja}人で遊びます"
    if got is None:
        return en, ja
    if isinstance(got, int) and not isinstance(got, bool):
        return f"{en}, got {got}", f"{ja}。人数を {span_ja}人にしてください (いま {got}人)"
    return f"{en}, got {got!r}", f"{ja}。人数を {span_ja}人にしてください (いま {quoted_ja(got)})"


def local_yaku_id(rules: DonjaraRules, word: str) -> str | None:
    """The id of the local yaku ``word`` names, as a player types it: its id, its Japanese or its English name
    (full-width letters, spaces and case aside); None where it names no local yaku (``--local 乃木團`` was refused,
    the yaku's id alone taken).

    >>> from scorer.catalog import load_game
    >>> rules = donjara_rules(load_game("cinderella-neo"))
    >>> local_yaku_id(rules, "SPライブセットA"), local_yaku_id(rules, "sp live set a"), local_yaku_id(rules, "基本")
    ('sp-live-set-a', 'sp-live-set-a', None)
    """
    said = norm_name(word)
    for y in rules.yaku:
        if y.local and said in {norm_name(y.id), norm_name(y.name_ja), norm_name(y.name_en)}:
            return y.id
    return None


# The most points, chips or any count a rule file may give (a yaku of 10**30 points is a typo, and no
# ledger keeps it: SQLite's integers end at 2**63).
MAX_AMOUNT = 10**9


class _Fields:
    """Typed reads from one TOML table that raise ``GameFileError`` naming file, field and value. ``place``: which
    entry of an array of tables the table is (or is in), said after each message (``scorer.catalog.item_place``);
    ``known``: the table's keys, for a required key missing where a near spelling of it is written."""

    def __init__(self, source: str, table: Any, where: str, place: tuple[str, str] | None = None,
                 known: frozenset[str] = frozenset()):
        self.source, self.where, self.place, self.known = source, where, place, known
        if not isinstance(table, dict):
            if isinstance(table, list) and where.isidentifier():  # [[groups]] written for [groups.set]
                head = f"[{where}.NAME]" if where == "groups" else f"[{where}]"
                raise self.fail("", f"must be a table, written {head} (not [[{where}]], which makes a list of "
                                    "tables)", table, f"表にしてください。{head} と書きます ([[{where}]] は表のリストになります)")
            raise self.fail("", "must be a table", table, "表にしてください")
        self.table = table
        self.read: set[str] = set()

    def done(self) -> None:
        """Every key of the table has been read: one that was not is a typo (``round_too``), named."""
        try:
            unknown_key(self.source, self.table, self.read, self.where)
        except GameFileError as exc:
            raise placed(exc, self.place) from None

    def fail(self, key: str, problem: str, value: Any = ..., ja: str = "") -> GameFileError:
        """The error naming file, field and value; ``ja``: the problem in Japanese (else made from the English)."""
        name = f"{self.where}.{key}" if key else self.where
        return placed(field_error(self.source, name, problem, value, ja), self.place)

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        self.read.add(key)
        if key not in self.table:
            if default is ...:
                near = difflib.get_close_matches(key, [k for k in self.table if isinstance(k, str)
                                                       and k not in self.known], n=1, cutoff=0.75)
                if near:  # ``point = 90``: "points: is missing" said nothing of the key written
                    raise self.fail(key, f"is missing (found {near[0]!r}: did you mean {key!r}?)",
                                    ja=f"ありません (必要な項目です)。{quoted_ja(near[0])}と書いてありますが、{quoted_ja(key)}のことですか?")
                raise self.fail(key, "is missing")
            return default
        value = self.table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            en, ja = kind_words(kind)
            raise self.fail(key, f"must be {en}", value, please_ja(ja) if ja else "")
        if kind is int and abs(value) > MAX_AMOUNT:  # 10**30 points: no chip count, nor one a ledger keeps
            raise self.fail(key, f"must be at most {MAX_AMOUNT}", value, f"{MAX_AMOUNT} 以下にしてください")
        return value

    def name(self, key: str, strict: bool = True) -> str:
        """A required name (an id, ``name_ja``, ``name_en``): one written "" or only spaces is refused as one left
        out is (a yaku's Japanese line was ``  60点  : …``), where ``strict`` (``scorer.catalog.STRICT_CHECKS``: a
        stored file with one is read as it was)."""
        value = self.get(key, str)
        if strict and not value.strip():
            raise self.fail(key, "is empty: write the name, it is required", value,
                            "空です。名前を書いてください (必要な項目です)")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        values = self.get(key, list, [])
        if not all(isinstance(v, str) for v in values):
            raise self.fail(key, "must be a list of strings", values, "文字列のリスト ([...]) にしてください")
        return tuple(values)

    def enum(self, key: str, kind: type[StrEnum], default: Any) -> Any:
        value = self.get(key, str, None)
        if value is None:
            return default
        try:
            return kind(value)
        except ValueError:
            raise self.fail(key, f"must be one of {', '.join(kind)}", value,
                            choose_ja(list(kind))) from None

    def attributes(self, key: str, game: Game) -> tuple[str, ...]:
        """A list of the game's attribute names (or ``id``): one it lacks could never match, so it is named."""
        names = self.strings(key)
        for attr in names:
            if attr != "id" and attr not in game.attributes:
                raise self.fail(key, f"names an attribute the game lacks (has {list(game.attributes)})", attr,
                                f"このゲームにない属性です (あるのは {list(game.attributes)})")
        return names

    def positive(self, key: str, default: Any = ..., minimum: int = 1) -> Any:
        value = self.get(key, int, default)
        if value is not None and value < minimum:
            raise self.fail(key, f"must be at least {minimum}", value)
        return value


def _ja(source: str, name: str, problem: str, value: Any = ...) -> str:
    """A field's problem in Japanese, said as ``scorer.result.game_file_ja`` says the others ("" without one)."""
    if not problem:
        return ""
    got = "" if value is ... else f" (いま {said_value(value, 'ja')})"
    return f"{source}: 項目 {name}: {problem}{got}"


def parse_rules(game: Game, strict: bool = False) -> DonjaraRules:
    """Validate and build the Donjara rule tables of ``game``; ``strict``: the checks of a file written or named on
    purpose too (``scorer.catalog.STRICT_CHECKS``: a yaku's name written empty)."""
    src = game.source or game.id
    if game.engine != "donjara":
        raise GameFileError(f"{src}: game {game.id} uses the {game.engine} engine, not donjara",
                            f"{src}: {game.id} は {game.engine} のゲームです。ドンジャラの採点はできません")
    rules = game.rules
    groups = _parse_groups(src, rules.get("groups"), game)
    raw_yaku = rules.get("yaku", [])
    if not isinstance(raw_yaku, list):
        raise GameFileError(f"{src}: field yaku: must be a list of [[yaku]] tables (got {said_value(raw_yaku)})",
                            _ja(src, "yaku", "[[yaku]] の表のリストにしてください", raw_yaku))
    yaku = tuple(_parse_yaku(src, i, entry, groups, game, strict) for i, entry in enumerate(raw_yaku))
    if not yaku:
        raise GameFileError(f"{src}: field yaku: the game needs at least one [[yaku]]",
                            _ja(src, "yaku", "役 ([[yaku]]) が1つは必要です"))
    first: dict[str, int] = {}  # each id's first [[yaku]]: the second of one id says both places
    for i, y in enumerate(yaku):
        if y.id in first:
            was = first[y.id]
            raise placed(field_error(src, f"yaku[{i}].id", f"is the id of the {ordinal(was + 1)} [[yaku]] too: each "
                                     "yaku needs an id of its own", y.id,
                                     f"{was + 1}番目の [[yaku]] と同じ id です。役ごとに違う id にしてください"),
                         item_place("yaku", i, raw_yaku[i]))
        first[y.id] = i
    defaults = house_defaults(src, rules.get("house", {}))
    payout = _parse_payout(src, rules.get("payout", {}))
    chombo = _parse_chombo(src, rules.get("chombo", {}))
    _check_whole_chips(src, yaku, payout, chombo)
    return DonjaraRules(groups=MappingProxyType(groups), yaku=yaku, payout=payout,
                        win=_parse_win(src, rules.get("win", {})), chombo=chombo,
                        house_defaults=defaults, scout=_parse_scout(src, rules.get("scout", {}), groups))


# The parts of a game file that ``[house] defaults`` may mark as the house's (the app names each: i18n ``part_*``).
HOUSE_PARTS = ("tiles", "groups", "yaku", "payout", "win", "chombo", "table")


def house_defaults(src: str, raw: Any) -> tuple[str, ...]:
    """``[house] defaults`` of a game file's ``house`` table (``raw``): a list of ``HOUSE_PARTS``, else a
    ``GameFileError`` naming the field (``"units"`` was taken, said nowhere). The riichi engine does not read
    ``[house]``: the app checks a riichi file's with this."""
    house = _Fields(src, raw, "house")
    parts = house.strings("defaults")
    house.done()
    for part in parts:
        if part not in HOUSE_PARTS:
            raise house.fail("defaults", f"is not a part of a game file (the parts: {', '.join(HOUSE_PARTS)})",
                             part, f"ゲームファイルの項目ではありません (使えるのは {'、'.join(HOUSE_PARTS)})")
    return parts


def _parse_groups(src: str, raw: Any, game: Game) -> dict[str, GroupKind]:
    top = _Fields(src, raw if raw is not None else {}, "groups")
    if not top.table:
        raise top.fail("", "the game needs at least one [groups.NAME] table", ja="組 ([groups.NAME]) が1つは必要です")
    unit_names = {u.name for u in game.units}
    kinds = {}
    for name, table in top.table.items():
        f = _Fields(src, table, f"groups.{name}")
        same = f.attributes("same", game)
        unit = f.enum("unit", UnitMode, None)
        if bool(same) == bool(unit):
            raise f.fail("", "needs exactly one of `same` (attributes) or `unit` (full|part)",
                         ja="`same` (属性) か `unit` (full|part) のどちらか 1つだけを書いてください")
        units = f.strings("units")
        for u in units:
            if u not in unit_names:
                raise f.fail("units", "names a unit that is not in the catalog", u, "牌の一覧 ([[units]]) にないユニットです")
        sizes = f.get("unit_sizes", list, None)
        if sizes is not None and (len(sizes) != 2 or not all(isinstance(s, int) and not isinstance(s, bool)
                                                              for s in sizes) or not 1 <= sizes[0] <= sizes[1]):
            # [11, 9] was taken: no unit's size lies in it, so a yaku of the group could never be had
            raise f.fail("unit_sizes", "must be [min, max], whole numbers with 1 <= min <= max", sizes,
                         "[最小, 最大] にしてください (1 以上の整数で、最小 <= 最大)")
        for attr in same:  # a plain tile without it would match every other such tile (None == None)
            lacking = [t.id for t in game.tiles if not t.almighty and attr != "id" and attr not in t.attrs]
            if lacking:
                raise f.fail("same", f"needs attribute {attr!r} of every tile; {', '.join(lacking[:5])} "
                                     f"{'has' if len(lacking) == 1 else 'have'} none",
                             ja=f"どの牌にも属性{quoted_ja(attr)}が必要です。{'、'.join(lacking[:5])} にはありません")
        said_ja, said_en = _group_words(game, same, unit)  # a name left out: said by the group's shape, not its key
        kinds[name] = GroupKind(
            id=name, name_ja=f.get("name_ja", str, "").strip() or said_ja,
            name_en=f.get("name_en", str, "").strip() or said_en, same=same,
            unit=unit, units=units, unit_sizes=tuple(sizes) if sizes else None,
            max_almighty=f.positive("max_almighty", None, minimum=0))
        f.done()
    return kinds


# The keys of a ``[[yaku]]`` table and of one of its ``groups``: a required key missing where a near spelling of it is
# written is said as that (``point = 90``)
_YAKU_KEYS = frozenset({"id", "name_ja", "name_en", "points", "groups", "uniform", "same", "distinct", "min_kind",
                        "label_attr", "local", "default", "description", "description_ja"})
_SLOT_KEYS = frozenset({"kinds", "size", "count"})


def _group_words(game: Game, same: tuple[str, ...], unit: UnitMode | None) -> tuple[str, str]:
    """What a group kind whose file leaves out its name is called, in Japanese and English, by its shape: the file's
    key for it (``[groups.set]``) was said on a Japanese screen (「オールマイティは1つの set に1枚までです」).

    >>> from scorer.catalog import load_game
    >>> game = load_game("nogizaka")
    >>> _group_words(game, ("id",), None), _group_words(game, ("colour",), None), _group_words(game, (), UnitMode.FULL)
    (('同じ牌の組', 'set of one tile'), ('色が同じ組', 'group of one colour'), ('ユニット全員の組', 'whole unit'))
    """
    from scorer.attribute_names import attribute_name

    if unit is UnitMode.FULL:
        return "ユニット全員の組", "whole unit"
    if unit is UnitMode.PART:
        return "ユニットの組", "unit group"
    if tuple(same) == ("id",):
        return "同じ牌の組", "set of one tile"
    attrs = [a for a in same if a != "id"]
    return (f"{'・'.join(attribute_name(a, 'ja', game) for a in attrs)}が同じ組",
            f"group of one {' and '.join(attribute_name(a, 'en', game) for a in attrs)}")


def _parse_yaku(src: str, i: int, raw: Any, groups: Mapping[str, GroupKind], game: Game,
                strict: bool = False) -> Yaku:
    place = item_place("yaku", i, raw)
    f = _Fields(src, raw, f"yaku[{i}]", place, _YAKU_KEYS)
    slots: list[Slot] = []
    entries: list[tuple[int, int, tuple[str, ...]]] = []  # (j, size, kinds) of each groups entry, for the check below
    for j, entry in enumerate(f.get("groups", list)):
        g = _Fields(src, entry, f"yaku[{i}].groups[{j}]", place, _SLOT_KEYS)
        kinds = g.strings("kinds")
        if not kinds:
            raise g.fail("kinds", "must name at least one group kind", ja="組の種類を1つは書いてください")
        for k in kinds:
            if k not in groups:
                raise g.fail("kinds", f"names an undefined group kind (defined: {', '.join(groups)})", k,
                             f"定義されていない組の種類です (定義済み: {'、'.join(groups)})")
        size, count = g.positive("size"), g.positive("count", 1)
        if size * count > game.hand_size:  # said before a list of millions of slots is built
            raise g.fail("count", f"makes {size * count} tiles, more than the hand's {game.hand_size}", count,
                         f"合わせて {size * count}枚になり、手牌の {game.hand_size}枚より多くなります")
        g.done()
        slots += [Slot(size, kinds)] * count
        entries.append((j, size, kinds))
    size = sum(s.size for s in slots)
    if size != game.hand_size:
        raise f.fail("groups", f"add up to {size} tiles, the hand has {game.hand_size}",
                     ja=f"合わせて {size}枚になりますが、手牌は {game.hand_size}枚です")
    min_kind = f.get("min_kind", dict, {})
    for k, n in min_kind.items():
        if k not in groups or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise f.fail(f"min_kind.{k}", "must map a group kind to a count of 1 or more", n,
                         "組の種類ごとに 1 以上の数を書いてください")
        can = sum(k in s.kinds for s in slots)  # more than the yaku's groups of the kind: it could never be had
        if n > can:
            raise f.fail(f"min_kind.{k}", f"must be at most {can}, the yaku's groups that may be a {k}", n,
                         f"この役で {k} になれる組は {can}組なので {can} 以下にしてください")
    yaku = Yaku(
        id=f.name("id", strict), name_ja=f.name("name_ja", strict), name_en=f.name("name_en", strict),
        points=f.positive("points"), slots=tuple(sorted(slots, key=lambda s: -s.size)),
        uniform=f.attributes("uniform", game), same=f.attributes("same", game),
        distinct=f.attributes("distinct", game),
        min_kind=MappingProxyType(dict(min_kind)) if min_kind else None, label_attr=_label_attr(f, game),
        local=f.get("local", bool, False), default=f.get("default", bool, False),
        description=f.get("description", str, ""), description_ja=f.get("description_ja", str, ""))
    f.done()
    _check_makeable(src, i, yaku, entries, groups, game)
    return yaku


def _check_makeable(src: str, i: int, yaku: Yaku, entries: list[tuple[int, int, tuple[str, ...]]],
                    groups: Mapping[str, GroupKind], game: Game) -> None:
    """Each group ``yaku`` needs can be made of the game's tiles, by one of the kinds it names, else a
    ``GameFileError`` naming it: a fourth member added to ひよこ組 left the Hiyoko set (a whole unit of 3) a yaku no
    hand could have, said nowhere. A local yaku of an open unit kind (any unit) is the box's, kept although the roster
    has no unit of its size (Cinderella Girls' SP Live Set C: a 6-member unit)."""
    def excused(kinds: tuple[str, ...]) -> bool:
        return yaku.local and all(groups[k].unit is not None and not groups[k].units for k in kinds)

    for j, size, kinds in entries:
        if excused(kinds) or any(_can_make(game, groups[k], size) for k in kinds):
            continue
        why = [_why_not(game, groups[k], size) for k in kinds]
        # said in words, the yaku by its name: the file's keys (``yaku[1].groups[0]``, ``unit``, ``size``) in the
        # sentences were English on a Japanese screen; the field is said last, as code, for whoever edits the file
        raise GameFileError(
            f"{src}: the yaku “{yaku.name_en or yaku.name_ja}” could never be had: the game's tiles make no "
            f"{' or '.join(_kind_en(groups[k]) for k in kinds)} of {size} tiles, which it needs "
            f"({'; '.join(en for en, _ in why)}). Change the group's size, or the game's tiles and units "
            f"(field `yaku[{i}].groups[{j}]`)",
            f"{src}: 役「{yaku.name_ja}」は、どんな手でも成立しません。この役に要る{size}枚の"
            f"{'か'.join(_kind_ja(groups[k]) for k in kinds)}を、このゲームの牌では作れないからです。"
            f"{''.join(ja + '。' for _, ja in why)}組の枚数か、牌・ユニットを直してください (項目 `yaku[{i}].groups[{j}]`)")
    for k, n in (yaku.min_kind or {}).items():
        can = sum(k in s.kinds and _can_make(game, groups[k], s.size) for s in yaku.slots)
        if n > can and not excused((k,)):
            raise GameFileError(
                f"{src}: the yaku “{yaku.name_en or yaku.name_ja}” could never be had: it needs at least {n} of its groups "
                f"to be a {_kind_en(groups[k])}, and only {can} of them can be one made of the game's tiles. Lower that "
                f"number, or change the groups (field `yaku[{i}].min_kind.{k}`)",
                f"{src}: 役「{yaku.name_ja}」は、どんな手でも成立しません。この役には{_kind_ja(groups[k])}の組が "
                f"{n}組以上要りますが、このゲームの牌で{_kind_ja(groups[k])}にできるのは、この役の組のうち{can}組だけ"
                f"だからです。その数を減らすか、組を直してください (項目 `yaku[{i}].min_kind.{k}`)")


def _kind_ja(gk: GroupKind) -> str:
    """A group kind as a Japanese sentence names it: its Japanese name (「ユニット」), its id only where it has none."""
    return gk.name_ja or gk.id


def _kind_en(gk: GroupKind) -> str:
    """A group kind as an English sentence names it: its English name ("status set"), its id only where it has none."""
    return gk.name_en or gk.id


def _pool_most(game: Game, gk: GroupKind) -> int:
    """The most plain tiles of the set that share ``gk``'s attributes (what ``scorer.groups`` makes a group of)."""
    pools: dict[tuple, int] = {}
    for t in game.tiles:
        if not t.almighty:
            key = tuple(t.id if a == "id" else t.attrs.get(a) for a in gk.same)
            pools[key] = pools.get(key, 0) + t.copies
    return max(pools.values(), default=0)


def _can_make(game: Game, gk: GroupKind, size: int) -> bool:
    """True if some ``size``-tile group of kind ``gk`` can be made of the game's tiles (Almighty tiles stand only
    for tiles of the set, so a set needs as many plain tiles sharing its attributes)."""
    if gk.same:
        return _pool_most(game, gk) >= size
    return any(gk.takes(u, size) for u in game.units)


def _why_not(game: Game, gk: GroupKind, size: int) -> tuple[str, str]:
    """Why no ``size``-tile group of kind ``gk`` can be made (``_can_make`` is False), in English and Japanese words:
    the kind by its name, its attributes by theirs (「メンバー」, not ``member``), a unit by its name in the language."""
    from scorer.attribute_names import attribute_name

    kind_en, kind_ja = _kind_en(gk), _kind_ja(gk)
    if gk.same:
        most = _pool_most(game, gk)
        if tuple(gk.same) == ("id",):
            return (f"a {kind_en} is copies of one tile, and no tile has more than {most} copies",
                    f"{kind_ja}は同じ牌を集めた組ですが、1つの牌は多くて {most}枚です")
        en = " and ".join(attribute_name(a, "en", game) for a in gk.same)
        ja = "・".join(attribute_name(a, "ja", game) for a in gk.same)
        return (f"a {kind_en} is made of tiles with the same {en}, and at most {most} tiles have the same {en}",
                f"{kind_ja}は{ja}が同じ牌でできる組ですが、{ja}が同じ牌は多くて {most}枚です")
    named = [u for u in game.units if u.name in gk.units]
    if gk.unit is UnitMode.FULL:
        en = f"a {kind_en} is every member of a unit of exactly {size}"
        ja = f"{kind_ja}はちょうど {size}人のユニットのメンバー全員でできる組"
    else:
        lo, hi = gk.unit_sizes or (0, 0)
        said = f"{lo}" if lo == hi else f"{lo} to {hi}"
        span = f" of {said} members" if gk.unit_sizes else ""
        span_ja = f"{said.replace(' to ', '〜')}人の" if gk.unit_sizes else ""
        en = f"a {kind_en} is {size} members of one unit{span}"
        ja = f"{kind_ja}は{span_ja}ユニット1つのメンバー {size}人でできる組"
    if named:
        has = ", ".join(f"{u.name_en or u.name} has {u.size}" + (f" ({len(u.absent)} without a tile)" if u.absent else "")
                        for u in named[:5])
        has_ja = "、".join(f"{u.name}は{u.size}人" + (f" (うち{len(u.absent)}人は牌なし)" if u.absent else "")
                           for u in named[:5])
        return f"{en}, and {has}", f"{ja}ですが、{has_ja}です"
    return f"{en}, and no unit has {size} members with a tile each", f"{ja}ですが、牌のある {size}人のユニットがありません"


def _label_attr(f: _Fields, game: Game) -> str | None:
    """A yaku's ``label_attr``: an attribute of the game (a typo left the name without its value, said nowhere)."""
    attr = f.get("label_attr", str, None)
    if attr is not None and attr not in game.attributes:
        raise f.fail("label_attr", f"names an attribute the game lacks (has {list(game.attributes)})", attr,
                     f"このゲームにない属性です (あるのは {list(game.attributes)})")
    return attr


def _parse_payout(src: str, raw: Any) -> Payout:
    f = _Fields(src, raw, "payout")
    payout = Payout(rounding=f.enum("rounding", Rounding, Rounding.REMAINDER), round_to=f.positive("round_to", 1),
                    favourite_multiplier=f.positive("favourite_multiplier", 1),
                    riichi_chip=f.positive("riichi_chip", 0, minimum=0),
                    currency_ja=f.get("currency_ja", str, "点"), currency_en=f.get("currency_en", str, "points"))
    f.done()
    return payout


def _check_whole_chips(src: str, yaku: tuple[Yaku, ...], payout: Payout, chombo: Chombo) -> None:
    """Every yaku, the riichi chip and the chombo penalty are a whole number of the smallest chip (``round_to``):
    a ron of a yaku worth 105 in 10s could never be paid, and a tsumo split lost the 5."""
    step = payout.round_to
    amounts = [*((f"yaku[{i}].points", y.points) for i, y in enumerate(yaku)),
               ("payout.riichi_chip", payout.riichi_chip), ("chombo.penalty", chombo.penalty)]
    places = {f"yaku[{i}].points": item_place("yaku", i, {"id": y.id}) for i, y in enumerate(yaku)}
    for name, amount in amounts:
        if amount % step:
            raise placed(GameFileError(
                f"{src}: field {name}: must be a multiple of the smallest chip, {step} ([payout] "
                f"round_to), as every payment is made in chips (got {amount})",
                _ja(src, name, f"支払いはチップで行うので、一番小さいチップ {step} "
                               f"([payout] round_to) の倍数にしてください", amount)), places.get(name))


def _parse_win(src: str, raw: Any) -> WinRules:
    f = _Fields(src, raw, "win")
    rules = WinRules(riichi_required=f.get("riichi_required", bool, True),
                     dealt_tenpai_exempt=f.get("dealt_tenpai_exempt", bool, False),
                     ron_on_almighty=f.get("ron_on_almighty", bool, True),
                     players_default=f.positive("players", 4, minimum=2),
                     players_min=f.positive("players_min", 2, minimum=2),
                     players_max=f.positive("players_max", 4, minimum=2))
    low, high = rules.players_min, rules.players_max
    if low > high:
        raise f.fail("players_min", f"must be at most players_max, {high}", low,
                     f"players_max ({high}) 以下にしてください")
    if not low <= rules.players_default <= high:
        raise f.fail("players", f"must lie in players_min..players_max, {low}..{high}", rules.players_default,
                     f"players_min ({low}) から players_max ({high}) の間にしてください")
    f.done()
    return rules


def _parse_scout(src: str, raw: Any, groups: Mapping[str, GroupKind]) -> Scout:
    f = _Fields(src, raw, "scout")
    sizes = {}
    for kind, span in f.get("groups", dict, {}).items():
        if kind not in groups:
            raise f.fail(f"groups.{kind}", f"names an undefined group kind (defined: {', '.join(groups)})", kind,
                         f"定義されていない組の種類です (定義済み: {'、'.join(groups)})")
        if not (isinstance(span, list) and len(span) == 2 and all(isinstance(n, int) for n in span)):
            raise f.fail(f"groups.{kind}", "must be [min, max] tiles", span, "[最小, 最大] の枚数にしてください")
        sizes[kind] = (span[0], span[1])
    scout = Scout(allowed=f.get("allowed", bool, False), min_size=f.positive("min_size", 3),
                  groups=MappingProxyType(sizes), almighty_claimable=f.get("almighty_claimable", bool, True))
    f.done()
    return scout


def _parse_chombo(src: str, raw: Any) -> Chombo:
    f = _Fields(src, raw, "chombo")
    cases = f.strings("cases")
    for case in cases:
        if case not in set(ChomboCase):
            raise f.fail("cases", f"must be among {', '.join(ChomboCase)}", case,
                         choose_ja(list(ChomboCase)))
    chombo = Chombo(penalty=f.positive("penalty", 0, minimum=0), cases=tuple(ChomboCase(c) for c in cases))
    f.done()
    return chombo


# What of a yaku's description is an amount (``quoted_amounts``): a figure with the game's unit after it, chips counted
# in its chip, or a figure of 10 or more in a clause that says a payment ("ron: 60", 「ツモ: ほかの人から20ずつ」);
# not a count of tiles or members ("all 9 from the 19-member unit", 「アイドル10人」, 「ツモのみ: 12人のメンバーで」: a
# figure a count word follows, ``_COUNT``)
_CLAUSE = re.compile(r"(?:[^;；、。()（）,]|,(?=\d))+")  # "1,000" is one figure; ", " ends a clause
_PAY_WORDS = re.compile(r"\b(?:ron|tsumo|pays?|paid|payouts?|worth)\b|ロン|ツモ|払", re.IGNORECASE)
_FIGURE = re.compile(r"\d[\d,]*\d|\d")
_COUNT = re.compile(r"[\s-]*(?:[人名枚種組色]|(?:members?|tiles?|kinds?|players?|people|idols?)\b)", re.IGNORECASE)
_CHIPS = re.compile(r"(\d+)\s*chips?\b|チップ\s*(\d+)\s*枚|(\d+)\s*枚のチップ", re.IGNORECASE)


def quoted_amounts(game: Game, text: str | None) -> list[int]:
    """The amounts a Donjara yaku's description ``text`` quotes, in the game's unit, in the order written (chips
    counted in the game's chip, ``[payout] riichi_chip`` else ``round_to``, where that is more than 1).

    >>> from scorer.catalog import load_game
    >>> quoted_amounts(load_game("nogizaka"), "three sets (ron: 60; tsumo: 20 from each, 2 chips)")
    [60, 20, 20]
    >>> quoted_amounts(load_game("cinderella-neo"), "all 9 from the 19-member unit WONDERFUL M@GIC!!")
    []
    """
    if not text:
        return []
    payout = donjara_rules(game).payout
    chip = payout.riichi_chip or payout.round_to
    found: list[tuple[int, int]] = []  # (where, amount)
    taken: set[int] = set()
    if chip > 1:
        for m in _CHIPS.finditer(text):
            found.append((m.start(), int(next(g for g in m.groups() if g)) * chip))
            taken.update(range(*m.span()))
    units = tuple(u for u in (payout.currency_en, payout.currency_ja, "points", "point", "pts", "点") if u)
    for clause in _CLAUSE.finditer(text):
        pays = _PAY_WORDS.search(clause.group()) is not None
        for m in _FIGURE.finditer(clause.group()):
            at = clause.start() + m.start()
            if at in taken:
                continue
            n, after = int(m.group().replace(",", "")), clause.start() + m.end()
            if text[after:].lstrip().startswith(units) or (pays and n >= 10 and not _COUNT.match(text, after)):
                found.append((at, n))
    return [n for _, n in sorted(found)]


def paid_amounts(game: Game, yaku: Yaku) -> set[int]:
    """What the table pays for a Donjara ``yaku``: its points (a ron), each share of a tsumo at every number of
    players the game seats, and both with the favourite idol's multiplier (``[payout] favourite_multiplier``)."""
    from scorer.payout import payments  # it reads the tables defined here

    rules = donjara_rules(game)
    out: set[int] = set()
    for value in {yaku.points, yaku.points * rules.payout.favourite_multiplier}:
        out.add(value)
        for players in range(rules.win.players_min, rules.win.players_max + 1):
            out.update(p.amount for p in payments(rules.payout, value, "tsumo", players))
    return out


def stale_amounts(game: Game, yaku: Yaku, text: str | None) -> list[int]:
    """The amounts a Donjara ``yaku``'s description ``text`` quotes (``quoted_amounts``), where none of them is one
    the table pays for it (``paid_amounts``): a description out of step with the table (an edit's points changed under
    words that restate the old ones); [] where it quotes none, or one the table pays."""
    quoted = list(dict.fromkeys(quoted_amounts(game, text)))
    return [] if not quoted or set(quoted) & paid_amounts(game, yaku) else quoted
