"""How many tiles a hand is from a win ("tiles away"), by branch and bound over partial groups.

A winning hand W keeps some tiles of the hand H and draws the rest from outside it (tiles of the set
that H does not hold). The distance is ``hand_size - max |W ∩ H|``. For every slot of a yaku the
search picks a *partial* group: the tiles of H it keeps (a bit mask) and what it still needs from
outside (a tile of a given key, a given unit member, or a whole fresh group). The bound is the best
that the remaining slots could still keep; requirements are checked against the outside tiles at
the leaves (specific members first, then pools, then fresh groups).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from scorer.catalog import TileKind
from scorer.groups import GameIndex, Hand, key_of, match_almighty
from scorer.rules import GroupKind, Slot, UnitMode, Yaku
from scorer.search import Candidates, best_yaku


@dataclass(frozen=True)
class Need:
    """What a partial group still needs from outside the hand."""

    kind: str  # "pool" | "member" | "unit-any" | "fresh"
    group: str  # group kind id
    key: tuple = ()  # pool key, member id (as a 1-tuple) or unit name (1-tuple)
    count: int = 1
    almighty_budget: int = 0  # how many outside Almighty tiles may help


@dataclass(frozen=True)
class Partial:
    """A partial group: the hand positions it keeps and its needs."""

    kind: str
    mask: int
    kept: int
    needs: tuple[Need, ...]
    attrs: dict = field(default_factory=dict, hash=False, compare=False)  # None value: unknown (any)


def distance(ix: GameIndex, hand: Hand, yaku: tuple[Yaku, ...]) -> int:
    """Tiles that ``hand`` lacks to hold a winning hand of one of ``yaku`` (0: it wins)."""
    if _wins(ix, hand, yaku):
        return 0
    return ix.game.hand_size - max(_kept_most(ix, hand, yaku)[1], 0)


def nearest(ix: GameIndex, hand: Hand, yaku: tuple[Yaku, ...]) -> tuple[Yaku, int] | None:
    """The yaku fewest tiles from ``hand`` (the most valuable of those as near) and how many tiles ``hand`` lacks
    for it, as ``distance`` counts them; None for a hand that wins or no yaku at all. A no-win reason says it:
    「あと1枚でカルテットユニット (36万)」."""
    if not yaku or _wins(ix, hand, yaku):
        return None
    found, kept = _kept_most(ix, hand, yaku)
    return (found, ix.game.hand_size - kept) if found is not None else None


def swaps_to(ix: GameIndex, hand: Hand, y: Yaku,
             yaku: tuple[Yaku, ...]) -> tuple[Yaku, tuple[tuple[TileKind, TileKind], ...]] | None:
    """A way to win from a full ``hand`` near ``y`` (``nearest``'s): the tiles to swap, each a tile of the hand for one
    from outside it (a pair each: out, in), and the yaku the hand then wins with (of ``yaku``; ``y`` unless the
    swapped hand makes a better one). The hand the search keeps is scored, so a swap said always wins; None where
    it does not, or the hand is not full.

    >>> from scorer import load_game
    >>> from scorer.engine import donjara_rules
    >>> game = load_game("nogizaka")
    >>> ix, y = GameIndex.of(game), donjara_rules(game).yaku[0]
    >>> hand = tuple(game.tile(t) for t in ["rarin"] * 3 + ["marika"] * 3 + ["minami", "kotoko", "ashu"])
    >>> found, swaps = swaps_to(ix, hand, y, (y,))
    >>> [(a.id, b.id) for a, b in swaps]
    [('kotoko', 'minami'), ('ashu', 'minami')]
    """
    size = ix.game.hand_size
    if len(hand) != size:
        return None
    # in the game's tile order: the swaps said never hang on the order the tiles were typed or read in; then in
    # the reverse order, where the groups the search keeps first do not make a win as its bound thought
    ordered = ix.in_order(hand)
    # Almighty (wild) tiles kept where a swap of as many tiles keeps them: never "give up an Almighty" needlessly;
    # the search that does not care is the last resort, as the bound's guess may not win
    for keep_almighty in (True, False) if any(t.almighty for t in hand) else (False,):
        for hand in (ordered, ordered[::-1]):
            made = _swaps_in_order(ix, hand, y, yaku, keep_almighty)
            if made is not None:
                return made
    return None


def _swaps_in_order(ix: GameIndex, hand: Hand, y: Yaku, yaku: tuple[Yaku, ...],
                    keep_almighty: bool = False) -> tuple[Yaku, tuple[tuple[TileKind, TileKind], ...]] | None:
    order = ix.order
    in_hand = Counter(t.id for t in hand)
    outside = {t.id: t.copies - in_hand[t.id] for t in ix.game.tiles}
    chosen: list[Partial] = []
    keep = sum(1 << pos for pos, t in enumerate(hand) if t.almighty) if keep_almighty else 0
    _best_kept(ix, hand, y, outside, -1, ix.search_cache(hand), chosen, keep)
    drawn = _drawn(ix, y, chosen, outside) if chosen else None
    if drawn is None:
        return None
    kept = 0
    for p in chosen:
        kept |= p.mask
    dropped = sorted((t for pos, t in enumerate(hand) if not kept >> pos & 1), key=lambda t: order[t.id])
    taken = [ix.game.tile(k) for k in sorted(drawn, key=order.__getitem__) for _ in range(drawn[k])]
    if not dropped or len(dropped) != len(taken):
        return None
    found = best_yaku(yaku, Candidates(ix, tuple(t for pos, t in enumerate(hand) if kept >> pos & 1) + tuple(taken)))
    if found is None:
        return None
    return found[0], tuple(zip(dropped, taken))


def _wins(ix: GameIndex, hand: Hand, yaku: tuple[Yaku, ...]) -> bool:
    return len(hand) == ix.game.hand_size and best_yaku(yaku, Candidates(ix, hand)) is not None


def _kept_most(ix: GameIndex, hand: Hand, yaku: tuple[Yaku, ...]) -> tuple[Yaku | None, int]:
    """The yaku that keeps the most of ``hand`` (the most valuable of those alike) and how many tiles it keeps;
    ``(None, -1)`` where none of ``yaku`` can be held at all."""
    size = ix.game.hand_size
    # searched in the game's order (what it keeps is the same in any), as ``swaps_to`` searches it next: its
    # partial groups, found here for every yaku, are found once
    hand = ix.in_order(hand)
    in_hand = Counter(t.id for t in hand)
    outside = {t.id: t.copies - in_hand[t.id] for t in ix.game.tiles}
    cache = ix.search_cache(hand)
    cap = min(len(hand), size) - (len(hand) == size)  # a non-winning full hand keeps at most size-1
    best, found = -1, None
    for y in sorted(yaku, key=lambda y: -y.points):  # stable: the file's order among yaku of one value
        kept = _best_kept(ix, hand, y, outside, best, cache)
        if kept > best:  # only a yaku strictly nearer than a more valuable one takes its place
            best, found = kept, y
        if best >= cap:
            break
    return found, best


def _best_kept(ix: GameIndex, hand: Hand, y: Yaku, outside: dict[str, int], best: int,
               cache: dict, record: list[Partial] | None = None, keep: int = 0) -> int:
    """The most tiles of ``hand`` a win of ``y`` keeps (``best`` where none keeps more); ``record``, if given, is
    filled with the partial groups of that win. ``keep``: a mask of positions of ``hand`` to keep where a win that
    keeps as many tiles can (of those alike, the one keeping most of them)."""
    scale = len(hand) + 1 if keep else 1  # a tile kept outweighs every position of ``keep`` kept

    def worth(p: Partial) -> int:
        return p.kept * scale + (p.mask & keep).bit_count()

    slots = y.slots
    uniform = y.group_attrs
    lists = []
    for s in slots:
        found = _slot_partials(ix, hand, s, cache)
        lists.append([p for p in found if _uniform_ok(uniform, p)] if uniform else found)
    if keep:
        lists = [sorted(found, key=lambda p: -worth(p)) for found in lists]
    rest = [0] * (len(slots) + 1)
    for i in range(len(slots) - 1, -1, -1):
        rest[i] = rest[i + 1] + (worth(lists[i][0]) if lists[i] else 0)
    if rest[0] <= best * scale:
        return best
    chosen: list[Partial] = []
    result = best * scale

    def rec(i: int, used: int, kept: int, start: int) -> None:
        nonlocal result
        if i == len(slots):
            if kept > result and _leaf_ok(ix, y, chosen, outside):
                result = kept
                if record is not None:
                    record[:] = chosen
            return
        same_as_prev = i > 0 and slots[i] == slots[i - 1]
        for j in range(start if same_as_prev else 0, len(lists[i])):
            p = lists[i][j]
            if kept + worth(p) + rest[i + 1] <= result:
                break  # sorted by worth: nothing further can beat the best
            if p.mask & used or not _fits_with(y, chosen, p):
                continue
            chosen.append(p)
            rec(i + 1, used | p.mask, kept + worth(p), j)
            chosen.pop()

    rec(0, 0, 0, 0)
    return result // scale


def _slot_partials(ix: GameIndex, hand: Hand, s: Slot, cache: dict) -> list[Partial]:
    """The partial groups of ``hand`` that may fill slot ``s``, most kept first (a fresh group last of those that keep
    none). ``cache`` keeps each slot's list (by the slot) and each kind's groups of a size (by ``(kind, size)``): a
    kind's groups are found once for every slot they may fill (Normal Live Unit's unit of three and its unit or status
    set of three)."""
    if s not in cache:
        found = []
        for k in s.kinds:
            if (k, s.size) not in cache:
                cache[k, s.size] = list(_partials(ix, ix.rules.groups[k], s.size, hand))
            found += cache[k, s.size]
        found.append(Partial(s.kinds[0], 0, 0, (Need("fresh", ",".join(s.kinds), (), s.size),)))
        cache[s] = sorted(found, key=lambda p: -p.kept)
    return cache[s]


_ANY = "*"  # an attribute a partial group does not fix yet (a fresh group can still take any value)


def _uniform_ok(uniform: tuple[str, ...], p: Partial) -> bool:
    """True if ``p`` may be uniform in each of ``uniform`` (a yaku's ``group_attrs``): none of them is mixed yet."""
    return all(p.attrs.get(a, _ANY) is not None for a in uniform)


def _fits_with(y: Yaku, chosen: list[Partial], p: Partial) -> bool:
    for a in y.same:
        if len({c.attrs.get(a, _ANY) for c in (*chosen, p)} - {_ANY}) > 1:
            return False
    for a in y.distinct:
        values = [c.attrs.get(a, _ANY) for c in (*chosen, p)]
        values = [v for v in values if v != _ANY]
        if len(values) != len(set(values)):
            return False
    return True


def _partials(ix: GameIndex, gk: GroupKind, size: int, hand: Hand) -> Iterator[Partial]:
    if gk.same:
        yield from _match_partials(ix, gk, size, hand)
    else:
        yield from _unit_partials(ix, gk, size, hand)


def _mask(positions: tuple[int, ...]) -> int:
    return sum(1 << p for p in positions)


def _match_partials(ix: GameIndex, gk: GroupKind, size: int, hand: Hand) -> Iterator[Partial]:
    by_key: dict[tuple, list[int]] = defaultdict(list)
    almighty = []
    for p, t in enumerate(hand):
        (almighty.append(p) if t.almighty else by_key[key_of(gk, t)].append(p))
    max_a = size - 1 if gk.max_almighty is None else min(gk.max_almighty, size - 1)
    for key, plain in by_key.items():
        if ix.pool_copies(gk, key) < size:
            continue
        fit = [p for p in almighty if ix.fits(gk, key, hand[p])]
        attrs = dict(zip(gk.same, key))
        for a in range(min(max_a, len(fit)) + 1):
            for k in range(min(size - a, len(plain)), 0, -1):
                for real in combinations(plain, k):
                    for alm in combinations(fit, a):
                        need = size - k - a
                        needs = (Need("pool", gk.id, key, need, max_a - a),) if need else ()
                        yield Partial(gk.id, _mask(real + alm), k + a, needs, attrs)
    # An Almighty kept alone: the rest of its group comes from outside.
    for p in almighty:
        if max_a >= 1:
            yield Partial(gk.id, 1 << p, 1, (Need("fresh", gk.id, (hand[p].id,), size - 1, 0),), {})


def _unit_partials(ix: GameIndex, gk: GroupKind, size: int, hand: Hand) -> Iterator[Partial]:
    pos_of: dict[str, int] = {}
    almighty = []
    for p, t in enumerate(hand):
        if t.almighty:
            almighty.append(p)
        else:
            pos_of.setdefault(t.id, p)
    max_a = len(almighty) if gk.max_almighty is None else min(gk.max_almighty, len(almighty))
    budget = size if gk.max_almighty is None else gk.max_almighty
    allowed = ix.allowed_units(gk, size)
    seen: set[str] = set()
    for kind_id in pos_of:
        for unit in ix.units_by_member.get(kind_id, ()):
            if unit.name in seen or unit.name not in allowed:
                continue
            seen.add(unit.name)
            present = tuple(pos_of[m] for m in unit.members if m in pos_of)
            missing = [ix.game.tile(m) for m in unit.members if m not in pos_of]
            attrs = ix.unit_attrs(unit) if gk.unit is UnitMode.FULL else {}
            for real in combinations(present, min(len(present), size)):
                for n_alm in range(min(max_a, size - len(real)), -1, -1):
                    for alm in combinations(almighty, n_alm):
                        yield from _unit_partial(gk, unit.name, size, hand, real, alm, missing, budget, attrs)


def _unit_partial(gk: GroupKind, unit_name: str, size: int, hand: Hand, real: tuple[int, ...],
                  alm: tuple[int, ...], missing: list[TileKind], budget: int, attrs: dict) -> Iterator[Partial]:
    match = match_almighty([hand[p] for p in alm], missing)
    if match is None:
        return
    left = budget - len(alm)
    if gk.unit is UnitMode.FULL:
        rest = [m for m in missing if all(m is not x for x in match)]
        needs = tuple(Need("member", gk.id, (m.id,), 1, left) for m in rest)
    else:
        need = size - len(real) - len(alm)
        needs = (Need("unit-any", gk.id, (unit_name,), need, left),) if need else ()
    yield Partial(gk.id, _mask(real + alm), len(real) + len(alm), needs, attrs)


def _leaf_ok(ix: GameIndex, y: Yaku, chosen: list[Partial], outside: dict[str, int]) -> bool:
    return _drawn(ix, y, chosen, outside) is not None


def _drawn(ix: GameIndex, y: Yaku, chosen: list[Partial], outside: dict[str, int]) -> dict[str, int] | None:
    """The tiles (id: copies) the partial groups ``chosen`` take from ``outside`` to make a win of ``y``; None where
    it has not what they need."""
    if y.min_kind:
        have = Counter(p.kind for p in chosen if p.mask)
        fresh = sum(1 for p in chosen if not p.mask)
        if sum(max(0, n - have[k]) for k, n in y.min_kind.items()) > fresh:
            return None
    stock = dict(outside)
    needs = sorted((n for p in chosen for n in p.needs), key=lambda n: ["member", "pool", "unit-any", "fresh"].index(n.kind))
    if not all(_take(ix, n, stock) for n in needs):
        return None
    return {k: n - stock[k] for k, n in outside.items() if n > stock[k]}


def _take(ix: GameIndex, need: Need, stock: dict[str, int]) -> bool:
    """Take what ``need`` asks from the outside ``stock``; False if it is not there."""
    game = ix.game
    almighty = [t for t in game.tiles if t.almighty and stock[t.id] > 0]
    if need.kind == "member":
        member = game.tile(need.key[0])
        if stock[member.id] > 0:
            stock[member.id] -= 1
            return True
        return _take_almighty(stock, almighty, [member], 1, need.almighty_budget)
    if need.kind == "pool":
        gk = ix.rules.groups[need.group]
        return _take_from(stock, list(ix.pools[gk.id].get(need.key, ())), almighty, need)
    if need.kind == "unit-any":
        unit = next(u for u in game.units if u.name == need.key[0])
        return _take_from(stock, [game.tile(m) for m in unit.members], almighty, need, distinct=True)
    return _take_fresh(ix, need, stock)


def _take_from(stock: dict[str, int], pool: list[TileKind], almighty: list[TileKind], need: Need,
               distinct: bool = False) -> bool:
    left = need.count
    for t in pool:
        take = min(left, 1 if distinct else stock[t.id], stock[t.id])
        stock[t.id] -= take
        left -= take
        if not left:
            return True
    return _take_almighty(stock, almighty, pool, left, need.almighty_budget)


def _take_almighty(stock: dict[str, int], almighty: list[TileKind], targets: list[TileKind], count: int,
                   budget: int) -> bool:
    if count > budget:
        return False
    for a in almighty:
        if count and stock[a.id] > 0 and any(a.can_stand_for(t) for t in targets):
            stock[a.id] -= 1
            count -= 1
    return count == 0


def _take_fresh(ix: GameIndex, need: Need, stock: dict[str, int]) -> bool:
    """A whole group (or the rest of a lone Almighty's group) from outside: any key that has it."""
    lone = ix.game.tile(need.key[0]) if need.key else None
    for kind_id in need.group.split(","):
        gk = ix.rules.groups[kind_id]
        if not gk.same:
            if lone is None and _take_fresh_unit(ix, gk, need.count, stock):
                return True
            continue
        for pool in ix.pools[gk.id].values():
            if lone is not None and not any(lone.can_stand_for(t) for t in pool):
                continue
            if sum(stock[t.id] for t in pool) >= need.count:
                _take_from(stock, list(pool), [], Need("pool", gk.id, (), need.count, 0))
                return True
    return False


def _take_fresh_unit(ix: GameIndex, gk: GroupKind, size: int, stock: dict[str, int]) -> bool:
    for unit in ix.game.units:
        if ix.unit_allowed(gk, unit, size):
            free = [m for m in unit.members if stock[m] > 0]
            if len(free) >= size and (gk.unit is not UnitMode.FULL or len(free) == len(unit.members)):
                for m in free[:size]:
                    stock[m] -= 1
                return True
    return False


def swap_choices(ix: GameIndex, hand: Hand, out: TileKind, y: Yaku,
                 known: TileKind | None = None) -> tuple[TileKind, ...]:
    """The tiles from outside a full ``hand``, none an Almighty, in the game's order, each of which taken for ``out``
    makes a win of ``y``: the choices a one-tile swap (``swaps_to``'s, or one of a hand two off's with the other made)
    leaves ("Akari for Miria, or another member of WONDERFUL M@GIC!!"). Each is scored, so a choice said always wins;
    ``known``, the swap's own tile where a search scored it already, is taken as it is (the hint's time is scoring).

    >>> from scorer import load_game
    >>> from scorer.engine import donjara_rules
    >>> game = load_game("nogizaka")
    >>> ix, y = GameIndex.of(game), donjara_rules(game).yaku[-1]
    >>> hand = tuple(game.tile(t) for t in ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 2 + ["ashu"])
    >>> [t.id for t in swap_choices(ix, hand, game.tile("ashu"), y)]
    ['minami']
    """
    return _scored(ix, y, *_to_score(ix, hand, out, y, known))


def _to_score(ix: GameIndex, hand: Hand, out: TileKind, y: Yaku,
              known: TileKind | None) -> tuple[tuple[TileKind, ...], Hand, Candidates, str | None]:
    """The tiles ``swap_choices`` scores for ``out`` (those that may win, and ``known``: no other would), ``hand``
    without ``out``, its groups, and ``known``'s id (``_scored`` takes that tile as it is)."""
    in_hand = Counter(t.id for t in hand)
    rest = list(hand)
    rest.remove(out)
    # only the tiles that can join ``rest`` in a group of ``y`` are scored, each with the groups of ``rest`` found
    # once (as ``waits`` scores a hand one tile short: only the groups holding the new tile are new)
    base = Candidates(ix, tuple(rest))
    fill = _can_fill(ix, tuple(rest), y, base)
    won = known.id if known is not None else None
    return (tuple(t for t in ix.game.tiles if not t.almighty and t.id != out.id and t.copies > in_hand[t.id]
                  and (t.id == won or fill is None or t.id in fill)), tuple(rest), base, won)


def _scored(ix: GameIndex, y: Yaku, tiles: tuple[TileKind, ...], rest: Hand, base: Candidates,
            won: str | None) -> tuple[TileKind, ...]:
    """Those of ``tiles`` that make a win of ``y`` with ``rest`` (the tile of id ``won`` taken as it is)."""
    return tuple(t for t in tiles if t.id == won
                 or best_yaku((y,), Candidates(ix, (*rest, t), base, required=len(rest))) is not None)


def swapped(hand: Hand, swaps: tuple[tuple[TileKind, TileKind], ...]) -> Hand:
    """``hand`` with each of ``swaps`` (out, in) made: the hand a swap's offers are worked out in
    (``swap_offers``) and said in (``scorer.engine``'s hint), the other swaps made."""
    made = list(hand)
    for out, got in swaps:
        made.remove(out)
        made.append(got)
    return tuple(made)


def swap_offers(ix: GameIndex, hand: Hand, swaps: tuple[tuple[TileKind, TileKind], ...],
                y: Yaku) -> tuple[tuple[TileKind, ...], ...]:
    """The tiles a near-win hint offers for each of ``swaps`` (``swaps_to``'s or ``one_swap``'s: out, in, which make
    a win of ``y`` from a full ``hand``), so that every choice of one tile for each swap wins: a swap alone, its
    ``swap_choices``; of two or more, one swap's choices, worked out with the others made, and the others' own tiles
    alone (``(in,)``): choices for each swap, each worked out with the others made, would allow pairs that do not win
    (Kako for Nao and Shin for Yuki, where Kako for Nao wins with Shin for Momoka only). The swap with choices is the
    one with the most tiles that may win (``_can_fill``'s, cheap), or the next where only its own tile wins; none
    where none has others (the hint's time is scoring: one swap's tiles scored, seldom two).

    >>> from scorer import load_game
    >>> from scorer.engine import donjara_rules
    >>> game = load_game("nogizaka")
    >>> ix, y = GameIndex.of(game), donjara_rules(game).yaku[-1]
    >>> hand = tuple(game.tile(t) for t in ["rarin"] * 3 + ["marika"] * 3 + ["minami", "kotoko", "ashu"])
    >>> minami = game.tile("minami")
    >>> [[t.id for t in said] for said in swap_offers(ix, hand, ((hand[7], minami), (hand[8], minami)), y)]
    [['minami'], ['minami']]
    """
    if len(swaps) == 1:
        (out, got), = swaps
        return (swap_choices(ix, hand, out, y, got),)
    said = [(got,) for _, got in swaps]
    tries = [(i, _to_score(ix, swapped(hand, swaps[:i] + swaps[i + 1:]), out, y, got))
             for i, (out, got) in enumerate(swaps)]
    for i, (tiles, rest, base, won) in sorted(tries, key=lambda t: -len(t[1][0])):  # the most tiles first
        if len(tiles) < 2:  # its own tile at most
            break
        choices = _scored(ix, y, tiles, rest, base, won)
        if len(choices) > 1:
            said[i] = choices
            break
    return tuple(said)


def _can_fill(ix: GameIndex, rest: Hand, y: Yaku, base: Candidates) -> set[str] | None:
    """The plain tiles that could take the place of the tile missing from ``rest`` (a full hand less one, its groups
    ``base``) in a win of ``y``: every group of such a win but the new tile's is a group of ``rest``, so the tiles
    the other slots' groups leave over (one fewer than its slot's size) and the new tile make a group, of a pool
    (the tiles of their key) or of a unit (its other members). Only these can win (``swap_choices`` scores each of
    them); None (any tile) where the slots leave a tile of the hand out or take a lone tile."""
    if sum(s.size for s in y.slots) != len(rest) + 1 or any(s.size < 2 for s in y.slots):
        return None
    whole = (1 << len(rest)) - 1
    fill: set[str] = set()
    for spec in dict.fromkeys(y.slots):
        others = list(y.slots)
        others.remove(spec)
        groups = [[g.mask for k in s.kinds for g in base.get(k, s.size)] for s in others]
        left: set[int] = set()

        def pick(i: int, used: int, start: int) -> None:
            if i == len(others):
                left.add(whole & ~used)
                return
            same = i > 0 and others[i] == others[i - 1]  # a decomposition met once, whatever its groups' order
            for j in range(start if same else 0, len(groups[i])):
                if not groups[i][j] & used:
                    pick(i + 1, used | groups[i][j], j + 1)

        pick(0, 0, 0)
        for mask in left:
            tiles = [t for pos, t in enumerate(rest) if mask >> pos & 1]
            for k in spec.kinds:
                fill.update(_joins(ix, ix.rules.groups[k], spec.size, tiles))
    return fill


def _joins(ix: GameIndex, gk: GroupKind, size: int, tiles: list[TileKind]) -> set[str]:
    """The plain tiles that make a ``size``-tile group of kind ``gk`` with ``tiles`` (``size`` less one of them),
    or may (a superset: ``swap_choices`` scores each)."""
    plain = [t for t in tiles if not t.almighty]
    almighty = [t for t in tiles if t.almighty]
    if gk.max_almighty is not None and len(almighty) > gk.max_almighty:
        return set()
    if gk.same:
        keys = {ix.keys[(gk.id, t.id)] for t in plain}
        if len(keys) > 1:
            return set()
        pools = ix.pools[gk.id]
        return {t.id for key in (keys or pools) if all(ix.fits(gk, key, a) for a in almighty)
                for t in pools.get(key, ())}
    held = {t.id for t in plain}
    if len(held) != len(plain):  # a unit never holds a member twice
        return set()
    allowed = ix.allowed_units(gk, size)
    units = ix.units_by_member.get(plain[0].id, ()) if plain else ix.game.units
    out: set[str] = set()
    for unit in units:
        if unit.name in allowed and held <= ix.member_sets[unit.name]:
            missing = [ix.game.tile(m) for m in unit.members if m not in held]
            if match_almighty(almighty, missing) is not None:
                out.update(t.id for t in missing)
    return out


def one_swap(ix: GameIndex, hand: Hand, y: Yaku) -> tuple[Yaku, tuple[tuple[TileKind, TileKind], ...]] | None:
    """A swap of one tile that makes a win of ``y`` from a full ``hand`` one tile from it, found by trying each tile of
    the hand (plain ones first, Almighty kept where they can be, in the game's order): where ``swaps_to``'s search
    finds none (an Almighty in a part of a unit). As ``swaps_to`` answers; None where no one swap makes ``y``."""
    if len(hand) != ix.game.hand_size:
        return None
    order = ix.order
    for out in sorted(set(hand), key=lambda t: (t.almighty, order.get(t.id, len(order)), t.id)):
        choices = swap_choices(ix, hand, out, y)
        if choices:
            return y, ((out, choices[0]),)
    return None


@dataclass(frozen=True)
class NearMiss:
    """A full hand one or two tiles from a yaku, as its no-win reason says it ("2 tiles from Basic set (60 points)
    by swapping Kotoko for Minami and Ashu for Minami"): the yaku, how many tiles ``away``, the ``swaps`` that make
    it (out, in; none where none is found: the yaku alone is said) and, for each, the tiles that would do
    (``swap_offers``). Worked out once (``near_miss``): the engine words it, the result carries it (``as_extra``),
    and the app's tile picker offers first the tiles it names."""

    yaku: Yaku
    away: int
    swaps: tuple[tuple[TileKind, TileKind], ...] = ()
    offers: tuple[tuple[TileKind, ...], ...] = ()

    def named(self) -> tuple[tuple[TileKind, tuple[TileKind, ...]], ...]:
        """Each swap's tile out and the tiles named for it, in the order the words name them: the one said first
        (the swap's own, or the first plain one where the swap takes an Almighty), then the other plain ones."""
        out = []
        for (gone, got), offered in zip(self.swaps, self.offers):
            plain = [t for t in offered if not t.almighty]
            first = got if got in plain or not plain else plain[0]
            out.append((gone, (first, *(t for t in plain if t.id != first.id))))
        return tuple(out)

    def as_extra(self) -> dict:
        """JSON-ready, as a result's ``extra["near_miss"]``: ``{"yaku_id", "tiles_away", "swaps": [{"out": id,
        "in": [ids named for it, the one said first first]}]}``."""
        return {"yaku_id": self.yaku.id, "tiles_away": self.away,
                "swaps": [{"out": gone.id, "in": [t.id for t in named]} for gone, named in self.named()]}


def near_miss(ix: GameIndex, hand: Hand, yaku: tuple[Yaku, ...]) -> NearMiss | None:
    """How a full ``hand`` that does not win is one or two tiles from one of ``yaku`` (the most valuable of those as
    near, ``nearest``), with the swaps that make it (``swaps_to``: the swapped hand scored, so a swap said always
    wins; one tile off, where its guess misses, each tile of the hand tried, ``one_swap``) and the tiles that would
    do for each (``swap_offers``). None further off, for a hand that wins, and two off where no swap is found.

    >>> from scorer import load_game
    >>> from scorer.engine import donjara_rules
    >>> game = load_game("nogizaka")
    >>> hand = tuple(game.tile(t) for t in ["rarin"] * 3 + ["marika"] * 3 + ["minami", "minami", "ashu"])
    >>> near = near_miss(GameIndex.of(game), hand, donjara_rules(game).yaku)
    >>> near.away, [(out.id, [t.id for t in named]) for out, named in near.named()]
    (1, [('ashu', ['minami'])])
    """
    found = nearest(ix, hand, yaku)
    if found is None or found[1] not in (1, 2):
        return None
    y, away = found
    made = swaps_to(ix, hand, y, yaku)
    if made is None and away == 1:  # the search's guess missed it: each tile of the hand tried
        made = one_swap(ix, hand, y)
    if made is None:
        return None if away == 2 else NearMiss(y, away)
    y, swaps = made
    return NearMiss(y, away, swaps, swap_offers(ix, hand, swaps, y))
