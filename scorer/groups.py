"""Candidate groups: every way some tiles of a hand form one group of a given kind and size.

A hand is a tuple of ``TileKind`` (positions 0..n-1); a group is a bit mask over those positions, so a
winning decomposition is an exact cover of the hand by groups (see ``scorer.search``). The per-game
index (``GameIndex``) keeps what does not depend on the hand: the tile pools of each attribute key and
the units indexed by member, so that unit candidates come only from units a tile of the hand belongs to.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from scorer.attribute_names import value_name
from scorer.catalog import Game, TileKind, Unit
from scorer.rules import DonjaraRules, GroupKind, UnitMode, donjara_rules

Hand = tuple[TileKind, ...]


@dataclass(frozen=True)
class Group:
    """One group of a decomposition: positions in the hand, and what each Almighty stands for.

    ``stands`` maps an Almighty's position to a tile id (a unit member, a Nogizaka member) or to the
    attributes it is declared with (a Cinderella status set: ``{"type": "cute", "status": "Vo"}``).
    ``attrs`` holds, for each game attribute, the value all the group's tiles share (or None).
    ``label`` says what the group is of in English (a set its tile's English name, or its id where the game gives
    none; attribute values as the file writes them; a unit its ``name_en``, else its name) and ``label_ja`` in
    Japanese (the tile's Japanese name, the values' Japanese names, a unit's name with its reading).
    """

    kind: str
    mask: int
    positions: tuple[int, ...]
    label: str
    stands: tuple[tuple[int, Any], ...] = ()
    attrs: Mapping[str, str | None] = field(default_factory=dict, hash=False, compare=False)
    label_ja: str = field(default="", hash=False, compare=False)


class GameIndex:
    """Hand-independent lookups for one game's group kinds."""

    def __init__(self, game: Game, rules: DonjaraRules):
        self.game, self.rules = game, rules
        self.plain = tuple(t for t in game.tiles if not t.almighty)
        self.order = {t.id: i for i, t in enumerate(game.tiles)}  # the game's tile order (a hint's swaps in it)
        self.pools: dict[str, dict[tuple, tuple[TileKind, ...]]] = {}
        for gk in rules.groups.values():
            if gk.same:
                pool: dict[tuple, list[TileKind]] = defaultdict(list)
                for t in self.plain:
                    pool[key_of(gk, t)].append(t)
                self.pools[gk.id] = {k: tuple(v) for k, v in pool.items()}
        self.pool_sizes = {(gk_id, key): sum(t.copies for t in pool)
                           for gk_id, pools in self.pools.items() for key, pool in pools.items()}
        self.units_by_member: dict[str, list[Unit]] = defaultdict(list)
        self.member_sets = {u.name: frozenset(u.members) for u in game.units}
        for unit in game.units:
            for m in unit.members:
                self.units_by_member[m].append(unit)
        self._fits: dict[tuple[str, tuple, str], bool] = {}
        self.keys = {(gk.id, t.id): key_of(gk, t) for gk in rules.groups.values() if gk.same for t in self.plain}
        self._allowed: dict[tuple[str, int], frozenset[str]] = {}
        self._unit_attrs: dict[str, dict[str, str | None]] = {}
        self._searched: tuple[Hand, dict] | None = None  # ``search_cache``'s one entry

    def in_order(self, hand: Hand) -> Hand:
        """``hand`` sorted in the game's tile order (tiles it lacks last, by id): what is found in it, and said of
        it, never hangs on the order its tiles were typed or read in."""
        return tuple(sorted(hand, key=lambda t: (self.order.get(t.id, len(self.order)), t.id)))

    def allowed_units(self, gk: GroupKind, size: int) -> frozenset[str]:
        """Names of the units that can make a ``size``-tile group of kind ``gk`` (cached)."""
        key = (gk.id, size)
        if key not in self._allowed:
            self._allowed[key] = frozenset(u.name for u in self.game.units if self.unit_allowed(gk, u, size))
        return self._allowed[key]

    def unit_attrs(self, unit: Unit) -> dict[str, str | None]:
        """For each of the game's attributes, the value all of ``unit``'s members share, or None (cached; the dict
        is shared: read it, never change it)."""
        if unit.name not in self._unit_attrs:
            self._unit_attrs[unit.name] = _shared_attrs(self.game.attributes,
                                                        [self.game.tile(m).attrs for m in unit.members])
        return self._unit_attrs[unit.name]

    def search_cache(self, hand: Hand) -> dict:
        """The cache of one hand's search (``scorer.distance``'s partial groups): the last one's where ``hand`` is the
        hand searched last (the same tiles in the same order), else a new one, kept in its place. One entry: a near-win
        hint searches one hand for its nearest yaku, then for the swaps that make it; the pair is replaced whole, so a
        search of another hand at once (another page's) gets a cache of its own."""
        last = self._searched
        if last is not None and last[0] == hand:
            return last[1]
        cache: dict = {}
        self._searched = (hand, cache)
        return cache

    @staticmethod
    def of(game: Game) -> GameIndex:
        """The index of ``game``, cached on the Game object."""
        ix = game.__dict__.get("_group_index")
        if ix is None:
            ix = GameIndex(game, donjara_rules(game))
            object.__setattr__(game, "_group_index", ix)
        return ix

    def pool_copies(self, gk: GroupKind, key: tuple) -> int:
        """How many plain tiles of the whole set carry ``key``."""
        return self.pool_sizes.get((gk.id, key), 0)

    def fits(self, gk: GroupKind, key: tuple, almighty: TileKind) -> bool:
        """True if ``almighty`` may stand for some plain tile with ``key``."""
        k = (gk.id, key, almighty.id)
        if k not in self._fits:
            self._fits[k] = any(almighty.can_stand_for(t) for t in self.pools[gk.id].get(key, ()))
        return self._fits[k]

    def unit_allowed(self, gk: GroupKind, unit: Unit, size: int) -> bool:
        """True if ``unit`` can make a ``size``-tile group of kind ``gk`` (``GroupKind.takes``: the rule the game
        file's check of each yaku uses too)."""
        return gk.takes(unit, size)


def key_of(gk: GroupKind, tile: TileKind) -> tuple:
    """The attribute values a tile must share with its group (``id`` is the tile kind itself)."""
    return tuple(tile.id if a == "id" else tile.attrs.get(a) for a in gk.same)


def _mask(positions: tuple[int, ...]) -> int:
    m = 0
    for p in positions:
        m |= 1 << p
    return m


def _shared_attrs(attr_names: tuple[str, ...], represented: list[Mapping[str, str]]) -> dict[str, str | None]:
    out = {}
    for a in attr_names:
        values = {r.get(a) for r in represented}
        out[a] = values.pop() if len(values) == 1 else None
    return out


def candidates(ix: GameIndex, gk: GroupKind, size: int, hand: Hand, required: int | None = None,
               units: HandUnits | None = None) -> list[Group]:
    """Every group of kind ``gk`` and ``size`` in ``hand`` (only those holding ``required``, if given).

    ``units`` (the hand's ``HandUnits``) saves recomputing them for each unit kind and size; where its ``twins`` is
    set, the unit groups are also those a no-win reason asks for (``HandUnits``).
    """
    if gk.same:
        return list(_match_groups(ix, gk, size, hand, required))
    return list(_unit_groups(ix, gk, size, hand, required, units))


def _match_groups(ix: GameIndex, gk: GroupKind, size: int, hand: Hand, required: int | None) -> Iterator[Group]:
    by_key: dict[tuple, list[int]] = defaultdict(list)
    almighty = []
    for p, t in enumerate(hand):
        (almighty.append(p) if t.almighty else by_key[ix.keys[gk.id, t.id]].append(p))
    max_a = size - 1 if gk.max_almighty is None else min(gk.max_almighty, size - 1)
    for key, plain in by_key.items():
        if len(plain) + min(max_a, len(almighty)) < size or ix.pool_copies(gk, key) < size:
            continue
        pool = ix.pools[gk.id][key]
        fit = [p for p in almighty if ix.fits(gk, key, hand[p])]
        if required is not None and required not in plain and required not in fit:
            continue
        key_attrs = dict(zip(gk.same, key))
        stands_as: Any = pool[0].id if len(pool) == 1 else key_attrs
        rep_alm = pool[0].attrs if len(pool) == 1 else key_attrs
        label, label_ja = _match_labels(ix.game, gk, key, pool)
        for a in range(min(max_a, len(fit)) + 1):
            if size - a > len(plain):
                continue
            for real in combinations(plain, size - a):
                for alm in combinations(fit, a):
                    pos = real + alm
                    if required is not None and required not in pos:
                        continue
                    rep = [hand[p].attrs for p in real] + [rep_alm] * a
                    yield Group(gk.id, _mask(pos), pos, label, tuple((p, stands_as) for p in alm),
                                _shared_attrs(ix.game.attributes, rep), label_ja)


def _match_labels(game: Game, gk: GroupKind, key: tuple, pool: tuple[TileKind, ...]) -> tuple[str, str]:
    """What a group of tiles sharing ``key`` is of, in English and in Japanese: one tile kind by its names (its id
    where the game gives no English one), else the shared values (English: as the file writes them, which a script
    reading ``label`` matches; Japanese: by their names, ``scorer.attribute_names``)."""
    if len(pool) == 1:
        return pool[0].name_en or pool[0].id, pool[0].name_ja or pool[0].name_en or pool[0].id
    words = [(a, str(v)) for a, v in zip(gk.same, key)]
    return " ".join(v for _, v in words), " ".join(value_name(a, v, "ja", game) or v for a, v in words)


def unit_label_ja(unit: Unit) -> str:
    """A unit in Japanese: its official name (Cinderella Girls' units are written in letters in Japanese too) with
    the reading the game file gives such a name (``new generations（ニュージェネレーションズ）``)."""
    return f"{unit.name}（{unit.reading}）" if unit.reading and unit.name.isascii() else unit.name


class HandUnits:
    """The units that hold at least one plain tile of a hand, with how many of their members it holds.

    Computed once per hand and shared by every unit group kind and size. ``twins``: an Almighty in a unit may also
    stand for a member whose own tile (one of one in the set) is in the hand, outside that group: not a group the
    hand scores, but what a no-win reason asks (``scorer.engine._held_twins``, through ``Candidates(twins=True)``).
    """

    def __init__(self, ix: GameIndex, hand: Hand, base: HandUnits | None = None, twins: bool = False):
        self.twins = twins
        if base is not None and len(hand) == len(base.hand) + 1:
            self._extend(ix, hand, base)
            return
        self.hand = hand
        self.pos_of: dict[str, int] = {}
        self.almighty: list[int] = []
        for p, t in enumerate(hand):
            if t.almighty:
                self.almighty.append(p)
            else:
                self.pos_of.setdefault(t.id, p)  # one copy per member: a unit never holds a member twice
        held = set(self.pos_of)
        self.units = {u.name: u for kind_id in self.pos_of for u in ix.units_by_member.get(kind_id, ())}
        self.present = {name: len(ix.member_sets[name] & held) for name in self.units}

    def _extend(self, ix: GameIndex, hand: Hand, base: HandUnits) -> None:
        # The base hand plus one tile (a waits query): update the counts instead of recounting.
        self.hand, new, p = hand, hand[-1], len(hand) - 1
        self.pos_of, self.almighty = dict(base.pos_of), list(base.almighty)
        self.units, self.present = base.units, base.present
        if new.almighty:
            self.almighty.append(p)
        elif new.id not in self.pos_of:
            self.pos_of[new.id] = p
            self.units, self.present = dict(base.units), dict(base.present)
            for u in ix.units_by_member.get(new.id, ()):
                self.units[u.name] = u
                self.present[u.name] = self.present.get(u.name, 0) + 1


def _unit_groups(ix: GameIndex, gk: GroupKind, size: int, hand: Hand, required: int | None,
                 info: HandUnits | None = None) -> Iterator[Group]:
    info = info or HandUnits(ix, hand)
    pos_of, almighty = info.pos_of, info.almighty
    if required is not None and not hand[required].almighty and pos_of.get(hand[required].id) != required:
        return
    allowed = ix.allowed_units(gk, size)
    max_a = len(almighty) if gk.max_almighty is None else min(gk.max_almighty, len(almighty))
    # With a required plain tile only its units can hold it; an Almighty may join any unit.
    must = ix.member_sets if required is None or hand[required].almighty else None
    for name, present in info.present.items():
        if name not in allowed or (must is None and hand[required].id not in ix.member_sets[name]):
            continue
        # Cheap reject: the members absent from the hand must be fillable by its Almighty tiles.
        absent = size - present if gk.unit is UnitMode.FULL else size - min(size, present)
        if absent <= max_a:
            yield from _unit_candidates(ix, gk, info.units[name], size, hand, pos_of, almighty, required,
                                        info.twins)
    if gk.unit is UnitMode.FULL and size <= max_a and (required is None or hand[required].almighty):
        # A whole unit none of whose members the hand holds, made of Almighty tiles alone: two of
        # different types standing for a two-member unit of those types (miroir: a Passion and a Cool).
        for unit in ix.game.units:
            if unit.name not in info.present and unit.name in allowed and len(unit.members) == size:
                yield from _unit_candidates(ix, gk, unit, size, hand, pos_of, almighty, required)


def _unit_candidates(ix: GameIndex, gk: GroupKind, unit: Unit, size: int, hand: Hand, pos_of: dict[str, int],
                     almighty: list[int], required: int | None, twins: bool = False) -> Iterator[Group]:
    present = [pos_of[m] for m in unit.members if m in pos_of]
    missing = [m for m in unit.members if m not in pos_of]
    # ``twins``: held members one of one in the set, an Almighty's too where their own tile is not in the group
    held = [m for m in unit.members if m in pos_of and ix.game.tile(m).copies == 1] if twins else []
    max_a = len(almighty) if gk.max_almighty is None else min(gk.max_almighty, len(almighty))
    full = gk.unit is UnitMode.FULL
    lo = (max(0, size - max_a) if twins else len(present)) if full else max(1, size - max_a)
    for k in range(min(len(present), size), lo - 1, -1):
        n_alm = size - k
        if n_alm > max_a:
            continue
        for real in combinations(present, k):
            others = [m for m in held if pos_of[m] not in real]
            if full and n_alm != len(missing) + len(others):
                continue
            for alm in combinations(almighty, n_alm):
                pos = real + alm
                if required is not None and required not in pos:
                    continue
                match = match_almighty([hand[p] for p in alm], [ix.game.tile(m) for m in (*missing, *others)])
                if match is None:
                    continue
                stands = tuple(zip(alm, (m.id for m in match)))
                rep = [hand[p].attrs for p in real] + [m.attrs for m in match]
                yield Group(gk.id, _mask(pos), pos, unit.name_en or unit.name, stands,
                            _shared_attrs(ix.game.attributes, rep), unit_label_ja(unit))


def match_almighty(almighty: list[TileKind], targets: list[TileKind]) -> list[TileKind] | None:
    """Distinct targets, one per Almighty, that each may stand for (backtracking); None if none.

    >>> from scorer.catalog import load_game
    >>> g = load_game("cinderella-neo")
    >>> [t.id for t in match_almighty([g.tile("almighty-cool")], [g.tile("shimamura-uzuki"), g.tile("shibuya-rin")])]
    ['shibuya-rin']
    """
    if not almighty:  # nothing to place (a group of plain tiles only)
        return []
    chosen: list[TileKind] = []

    def place(i: int) -> bool:
        if i == len(almighty):
            return True
        for t in targets:
            if all(t is not c for c in chosen) and almighty[i].can_stand_for(t):
                chosen.append(t)
                if place(i + 1):
                    return True
                chosen.pop()
        return False

    return list(chosen) if place(0) else None
