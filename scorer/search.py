"""Find the best yaku of a hand: an exact cover of the hand's positions by candidate groups.

Each yaku is a list of slots (group size + allowed kinds). The search always covers the uncovered
position with the fewest candidates next (a fixed order, so each decomposition is met once whatever
the order of the slots), and it stops at the first yaku (in points order) that covers the hand:
only the best yaku counts.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from scorer.groups import GameIndex, Group, Hand, HandUnits, candidates
from scorer.rules import Slot, Yaku


class Candidates:
    """Candidate groups of one hand, built lazily per (kind, size) and shared by every yaku.

    With ``base`` (the candidates of the hand without its last tile) only groups holding the new
    tile at ``required`` are generated: that is what makes a waits query cheap.
    """

    def __init__(self, ix: GameIndex, hand: Hand, base: Candidates | None = None, required: int | None = None,
                 fixed: tuple[int, ...] = (), twins: bool = False):
        self.ix, self.hand, self.base, self.required = ix, hand, base, required
        # an Almighty in a unit may stand for a held member too (``scorer.groups.HandUnits``): a no-win reason's
        # search, never a score's
        self.twins = twins
        # Scouted groups (bit masks): each is one of a decomposition's groups exactly (``_keeps_fixed``).
        self.fixed = base.fixed if base is not None else fixed
        self._cache: dict[tuple[str, int], list[Group]] = {}
        self._units: HandUnits | None = None

    def hand_units(self) -> HandUnits:
        """The hand's ``HandUnits`` (computed once)."""
        if self._units is None:
            self._units = HandUnits(self.ix, self.hand, self.base.hand_units() if self.base else None,
                                    twins=self.twins)
        return self._units

    def get(self, kind: str, size: int) -> list[Group]:
        """Groups of ``kind`` and ``size``."""
        key = (kind, size)
        found = self._cache.get(key)
        if found is None:
            gk = self.ix.rules.groups[kind]
            units = None if gk.same else self.hand_units()
            found = candidates(self.ix, gk, size, self.hand, self.required, units)
            if self.base is not None:
                kept = self.base.get(kind, size)
                new = self.hand[self.required] if self.required is not None else None
                # An Almighty in a unit stood for a member the hand lacked: once that member is drawn it no
                # longer may (as the hand scores, a unit never holds a member twice). An Almighty in a set
                # of one picture (Nogizaka, Yokai Watch) may stand for a tile the hand holds too, as it
                # scores: らりん x3 + two Almighty waits on a 4th らりん, (らりん らりん A) twice.
                if new is not None and not new.almighty and not gk.same:
                    kept = [g for g in kept if all(target != new.id for _, target in g.stands)]
                found = kept + found
            self._cache[key] = found
        return found


def enabled_yaku(yaku: Iterable[Yaku], local: bool | Iterable[str] = False) -> tuple[Yaku, ...]:
    """The yaku in play, best first: local yaku only when enabled (``True`` or a list of ids)."""
    wanted = set() if isinstance(local, bool) else set(local)
    chosen = [y for y in yaku if not y.local or local is True or y.id in wanted]
    return tuple(sorted(chosen, key=lambda y: -y.points))


def best_yaku(yaku: tuple[Yaku, ...], cands: Candidates) -> tuple[Yaku, tuple[Group, ...]] | None:
    """The first (best) yaku whose shape covers the hand, with its groups; None if none does."""
    for y in yaku:
        cover = find_cover(y, cands, len(cands.hand))
        if cover is not None:
            return y, cover
    return None


def find_cover(yaku: Yaku, cands: Candidates, n: int) -> tuple[Group, ...] | None:
    """Groups filling ``yaku``'s slots that cover all ``n`` positions exactly, or None."""
    specs: list[Slot] = list(dict.fromkeys(yaku.slots))
    counts = [yaku.slots.count(s) for s in specs]
    need = yaku.group_attrs
    whole = (1 << n) - 1
    by_bit: list[dict[int, list[Group]]] = []
    for spec, count in zip(specs, counts):
        groups = [g for k in spec.kinds for g in cands.get(k, spec.size)
                  if all(g.attrs.get(a) is not None for a in need)
                  and all(_keeps_fixed(g.mask, f, whole) for f in cands.fixed)]
        if len(groups) < count:
            return None
        index: dict[int, list[Group]] = defaultdict(list)
        for g in groups:
            for p in g.positions:
                index[p].append(g)
        by_bit.append(index)
    # Cover the position with the fewest candidate groups first (fail fast), in a fixed order so
    # that each decomposition is still met once.
    order = sorted(range(n), key=lambda p: sum(len(index.get(p, ())) for index in by_bit))
    # Without constraints across groups a sub-problem's answer depends only on what is left, so
    # its failures can be remembered.
    memo: set[tuple[int, tuple[int, ...]]] | None = \
        None if (yaku.same or yaku.distinct or yaku.min_kind) else set()
    chosen: list[Group] = []

    def cover(rem: int) -> bool:
        if rem == 0:
            return _leaf_ok(yaku, chosen)
        state = (rem, tuple(counts))
        if memo is not None and state in memo:
            return False
        low = next(p for p in order if rem >> p & 1)
        for si, index in enumerate(by_bit):
            if not counts[si]:
                continue
            for g in index.get(low, ()):
                if g.mask & rem != g.mask or not _fits_with(yaku, chosen, g):
                    continue
                counts[si] -= 1
                chosen.append(g)
                if cover(rem & ~g.mask):
                    return True
                chosen.pop()
                counts[si] += 1
        if memo is not None:
            memo.add(state)
        return False

    return tuple(sorted(chosen, key=lambda g: g.positions)) if cover((1 << n) - 1) else None


def _keeps_fixed(mask: int, fixed: int, whole: int) -> bool:
    """True if a group (``mask``) keeps a scouted group (``fixed``) as it was declared: it leaves its tiles
    alone or is exactly that group (RULES.md 000: "A hand with scouted groups has them fixed"), never splits
    it nor merges it with other tiles into a larger group. Only a group of the whole hand (``whole``: a yaku
    of all 9 tiles, such as an Ensemble Set) may hold it, as one of its sets."""
    return mask & fixed == 0 or mask == fixed or mask == whole


def _fits_with(yaku: Yaku, chosen: list[Group], g: Group) -> bool:
    if chosen:
        first = chosen[0]
        if any(g.attrs.get(a) != first.attrs.get(a) for a in yaku.same):
            return False
        if any(g.attrs.get(a) == c.attrs.get(a) for a in yaku.distinct for c in chosen):
            return False
    return True


def _leaf_ok(yaku: Yaku, chosen: list[Group]) -> bool:
    if not yaku.min_kind:
        return True
    have = Counter(g.kind for g in chosen)
    return all(have[k] >= n for k, n in yaku.min_kind.items())


def yaku_label(yaku: Yaku, groups: tuple[Group, ...], lang: str = "ja", game: Any = None) -> str:
    """The yaku's name, with the attribute value it varies by, in the same language (``アンサンブルセット
    (キュート)``, ``Ensemble set (Cute)``): the value as the ``game``'s own file names it (``[attribute_values]``),
    else as the shipped table does (``attribute_names.value_name``)."""
    from scorer.attribute_names import value_name

    name = yaku.name_ja if lang == "ja" else yaku.name_en
    if yaku.label_attr and groups:
        values = {g.attrs.get(yaku.label_attr) for g in groups}
        if len(values) == 1 and None not in values:
            value = values.pop()
            said = value_name(yaku.label_attr, value, lang, game)
            name += f" ({said if said != value else value.capitalize()})"
    return name
