"""Random hands for tests, benchmarks and synthetic photos: any hand, or a winning one; and one example hand of
each Donjara yaku (``example_hand``: the Rules page draws it).

A winning Donjara hand is built from a yaku's shape (a random group for each slot, drawn from the
catalog), then checked with ``score``; an Almighty may replace one of its tiles. A winning riichi hand
is four runs or triplets and a pair (one in twenty: seven pairs), a complete shape whatever its yaku.
A yaku's example is built the same way from that yaku's shape, its groups of sets and units apart.

>>> import random
>>> from scorer.engine import score
>>> hand = random_winning_hand("nogizaka", random.Random(3))
>>> len(hand), score("nogizaka", hand, riichi=True).winning
(9, True)
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from scorer.catalog import Game, TileKind
from scorer.engine import as_game, score
from scorer.groups import GameIndex
from scorer.likely import shape_wins
from scorer.result import TilelensInputError, quoted_ja
from scorer.riichi_tiles import mpsz
from scorer.rules import GroupKind, UnitMode, Yaku, donjara_rules
from scorer.search import enabled_yaku


def random_hand(game: Game | str, rng: random.Random, size: int | None = None) -> list[str]:
    """``size`` tiles (default: a full hand) drawn from the whole set, as ids."""
    game = as_game(game)
    wall = [t.id for t in game.tiles for _ in range(t.copies)]
    return rng.sample(wall, game.hand_size if size is None else size)


def random_winning_hand(game: Game | str, rng: random.Random, almighty_rate: float = 0.3,
                        local_yaku: bool = False, tries: int = 200) -> list[str]:
    """A winning hand (ids, shuffled); with ``almighty_rate`` an Almighty replaces one tile (Donjara).
    A riichi hand is a complete shape (``tiles_from_win`` 0), not always one with a yaku."""
    game = as_game(game)
    if game.engine == "riichi":
        return _riichi_winning_hand(game, rng)
    ix = GameIndex.of(game)
    yaku = enabled_yaku(donjara_rules(game).yaku, local_yaku)
    for _ in range(tries):
        y = rng.choice(yaku)
        tiles: list[TileKind] = []
        for slot in y.slots:
            group = _random_group(ix, ix.rules.groups[rng.choice(slot.kinds)], slot.size, rng)
            if group is None:
                break
            tiles += group
        else:
            if _fits_set(game, tiles) and score(game, tiles, riichi=True, local_yaku=local_yaku).winning:
                hand = [t.id for t in tiles]
                if rng.random() < almighty_rate:
                    hand = _with_almighty(game, hand, rng, local_yaku)
                rng.shuffle(hand)
                return hand
    raise RuntimeError(f"no winning hand found for {game.id} in {tries} tries")


def random_near_win(game: Game | str, rng: random.Random) -> list[str]:
    """A hand one tile from a win: a winning hand with one tile swapped for another of the set, so that
    it no longer wins (the hand a player holds before the winning draw)."""
    game = as_game(game)
    wall = [t.id for t in game.tiles for _ in range(t.copies)]
    while True:
        hand = random_winning_hand(game, rng)
        i = rng.randrange(len(hand))
        near = hand[:i] + [rng.choice(wall)] + hand[i + 1:]
        if _fits_set(game, [game.tile(t) for t in near]) and not shape_wins(game, near):
            return near


def _riichi_winning_hand(game: Game, rng: random.Random) -> list[str]:
    """Four runs or triplets and a pair, or seven pairs, within the set's copies (a five may be red)."""
    suits, honours = "mps", [f"{n}z" for n in range(1, 8)]
    plain = [f"{n}{s}" for s in suits for n in range(1, 10)] + honours
    while True:
        if rng.random() < 0.05:
            held = [k for k in rng.sample(plain, 7) for _ in range(2)]
        else:
            held = [k for k in rng.sample(plain, 1) for _ in range(2)]
            for _ in range(4):
                if rng.random() < 0.6:
                    suit, start = rng.choice(suits), rng.randint(1, 7)
                    held += [f"{start + i}{suit}" for i in range(3)]
                else:
                    held += [rng.choice(plain)] * 3
        counts = Counter(held)
        if max(counts.values()) > 4:
            continue
        hand = []
        for kind, n in counts.items():
            red = f"0{kind[1]}" if kind[0] == "5" and kind[1] in suits else None
            reds = 1 if red and (n == 4 or rng.random() < 0.3) else 0
            hand += [red] * reds + [kind] * (n - reds)
        if _fits_set(game, [game.tile(t) for t in hand]):
            rng.shuffle(hand)
            return hand


def random_open_hand(game: Game | str, rng: random.Random) -> tuple[list[str], list[str]]:
    """A winning riichi hand with one to three called melds: (concealed tile ids, shuffled; melds in the
    scorer's notation, e.g. ``["pon:555z", "chi:345s"]``). A called triplet is now and then a kan, open
    or closed. No red fives. The concealed tiles and melds win together (``shape_wins``).

    >>> concealed, melds = random_open_hand("tokyo-mahjong", random.Random(1))
    >>> len(concealed) + 3 * len(melds), shape_wins("tokyo-mahjong", concealed, melds)
    (14, True)
    """
    game = as_game(game)
    if game.engine != "riichi":
        raise ValueError(f"{game.id} has no called melds")
    suits, plain = "mps", [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    while True:
        groups = []
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.choice(suits), rng.randint(1, 7)
                groups.append(("chi", [f"{start + i}{suit}" for i in range(3)]))
            else:
                groups.append(("pon", [rng.choice(plain)] * 3))
        called = rng.choices([1, 2, 3], weights=[0.5, 0.35, 0.15])[0]
        melds, concealed = [], [rng.choice(plain)] * 2
        for i, (kind, tiles) in enumerate(groups):
            if i >= called:
                concealed += tiles
                continue
            if kind == "pon" and rng.random() < 0.3:
                kind, tiles = rng.choice(["kan", "ankan"]), tiles + tiles[:1]
            melds.append((kind, tiles))
        counts = Counter(concealed + [t for _, tiles in melds for t in tiles])
        if max(counts.values()) > 4:
            continue
        rng.shuffle(concealed)
        specs = [f"{kind}:{mpsz(tiles)}" for kind, tiles in melds]
        if shape_wins(game, concealed, specs):
            return concealed, specs


def _fits_set(game: Game, tiles: list[TileKind]) -> bool:
    return all(n <= game.tile(k).copies for k, n in Counter(t.id for t in tiles).items())


def _random_group(ix: GameIndex, gk: GroupKind, size: int, rng: random.Random,
                  used: set | None = None) -> list[TileKind] | None:
    """A random group of ``size`` tiles of kind ``gk`` (tiles alike, or members of a unit); None where the game has
    none. With ``used``: of a set or unit not in it where another is left, then added to it (a set as ``(gk.id,
    key)``, a unit by its name). The choice is among as many as without ``used`` until one is used: the same draws
    for the same ``rng`` (the synthetic datasets' seeds)."""
    if gk.same:
        pools = {key: p for key, p in ix.pools[gk.id].items() if sum(t.copies for t in p) >= size}
        keys = [key for key in pools if used is None or (gk.id, key) not in used] or list(pools)
        if not keys:
            return None
        key = rng.choice(keys)
        if used is not None:
            used.add((gk.id, key))
        wall = [t for t in pools[key] for _ in range(t.copies)]
        return rng.sample(wall, size)
    units = [u for u in ix.game.units if ix.unit_allowed(gk, u, size)]
    fresh = [u for u in units if used is None or u.name not in used] or units
    if not fresh:
        return None
    unit = rng.choice(fresh)
    if used is not None:
        used.add(unit.name)
    members = list(unit.members) if gk.unit is UnitMode.FULL else rng.sample(unit.members, size)
    return [ix.game.tile(m) for m in members]


def _with_almighty(game: Game, hand: list[str], rng: random.Random, local_yaku: bool) -> list[str]:
    almighty = [t for t in game.tiles if t.almighty]
    for i in rng.sample(range(len(hand)), len(hand)):
        for a in rng.sample(almighty, len(almighty)):
            if a.can_stand_for(game.tile(hand[i])):
                trial = hand[:i] + [a.id] + hand[i + 1:]
                if _fits_set(game, [game.tile(t) for t in trial]) and \
                        score(game, trial, riichi=True, local_yaku=local_yaku).winning:
                    return trial
    return hand


# ---- one example hand of each Donjara yaku (the Rules page draws it in the yaku's fold)
@dataclass(frozen=True)
class ExampleHand:
    """A hand of a game's own tiles that scores one yaku: its tile ids, and its groups as the scorer reads them
    (``ScoreResult.decomposition``, which the app's ``result.group_view`` draws)."""

    tiles: tuple[str, ...]
    groups: tuple[dict[str, Any], ...]


EXAMPLE_TRIES = 80  # hands tried for a yaku before it is drawn none (a house yaku the tiles make only as a better one)
GROUP_TRIES = 20  # groups tried for one of its slots, to fit the groups chosen before (same type, types apart)


def example_hand(game: Game | str, yaku: Yaku | str) -> ExampleHand | None:
    """One hand of ``game``'s own tiles (no Almighty) that scores the Donjara ``yaku`` (a ``Yaku`` of the game's
    rules, or its id): it is the hand's best yaku by ``score``, a riichi declared, a local yaku switched on alone.
    Its groups are each of another unit or set where the game has enough. None where none is found (a house yaku
    of a shape no hand of the box makes: the local SP Live Set C needs a 6-member unit), and for a riichi game.
    Built from the yaku's shape with a random draw seeded by the game's and the yaku's ids (the same hand every
    time), once per game: kept on the ``Game`` (``Game.derived``; an edited table is another ``Game``).

    >>> example = example_hand("nogizaka", "basic-set")
    >>> len(example.tiles), [group["kind"] for group in example.groups], example.tiles[:3]
    (9, ['set', 'set', 'set'], ('misa-senpai', 'misa-senpai', 'misa-senpai'))
    >>> example_hand("cinderella-neo", "sp-live-set-c") is None
    True
    """
    game = as_game(game)
    if game.engine == "riichi":
        return None
    if isinstance(yaku, str):
        yaku = _yaku_named(game, yaku)
    kept = game.derived("_yaku_examples", lambda _: {})
    if yaku not in kept:
        kept[yaku] = _example(game, yaku)
    return kept[yaku]


def _yaku_named(game: Game, yaku_id: str) -> Yaku:
    found = {y.id: y for y in donjara_rules(game).yaku}
    if yaku_id not in found:
        raise TilelensInputError(f"{game.id} has no yaku {yaku_id!r} (its yaku: {', '.join(found)})",
                                 f"{game.id} に役{quoted_ja(yaku_id)}はありません (役: {'、'.join(found)})")
    return found[yaku_id]


def _example(game: Game, yaku: Yaku) -> ExampleHand | None:
    ix = GameIndex.of(game)
    kinds = ix.rules.groups
    empty = any(all(_random_group(ix, kinds[kind], slot.size, random.Random(0)) is None for kind in slot.kinds)
                for slot in yaku.slots)  # a slot no group of the box fills
    if empty or sum(slot.size for slot in yaku.slots) != game.hand_size:
        return None
    order = {tile.id: i for i, tile in enumerate(game.tiles)}
    rng = random.Random(f"{game.id}/{yaku.id}")
    local = (yaku.id,) if yaku.local else False
    for _ in range(EXAMPLE_TRIES):
        chosen: list[list[TileKind]] = []
        used: set = set()
        for slot in yaku.slots:
            for _ in range(GROUP_TRIES):
                gk = kinds[rng.choice(slot.kinds)]
                tiles = _random_group(ix, gk, slot.size, rng, used)
                if tiles is not None and _example_fits(yaku, chosen, tiles):
                    chosen.append(sorted(tiles, key=lambda t: order[t.id]) if gk.same else tiles)  # a set in order
                    break
            else:
                break
        else:
            hand = [tile for group in chosen for tile in group]
            if not _fits_set(game, hand):
                continue
            ids = [tile.id for tile in hand]
            try:
                result = score(game, ids, riichi=True, local_yaku=local)
            except TilelensInputError:  # a hand a club's table refuses: no example, nothing said
                return None
            if result.winning and result.extra.get("yaku_id") == yaku.id:
                return ExampleHand(tuple(ids), tuple(result.decomposition))
    return None


def _example_fits(yaku: Yaku, chosen: list[list[TileKind]], tiles: list[TileKind]) -> bool:
    """Whether a group of ``tiles`` may join the groups ``chosen`` for ``yaku``: its tiles share each attribute the
    yaku asks a group to, the same value as the others' where it asks them alike, another where it asks them apart."""
    def shared(group: list[TileKind], attr: str) -> str | None:
        values = {tile.attrs.get(attr) for tile in group}
        return values.pop() if len(values) == 1 else None

    attrs = {a: shared(tiles, a) for a in yaku.group_attrs}
    if any(value is None for value in attrs.values()):
        return False
    return all(all(shared(c, a) == attrs[a] for a in yaku.same) and all(shared(c, a) != attrs[a] for a in yaku.distinct)
               for c in chosen)
