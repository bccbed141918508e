"""Random hands for tests, benchmarks and synthetic photos: any hand, or a winning one.

A winning Donjara hand is built from a yaku's shape (a random group for each slot, drawn from the
catalog), then checked with ``score``; an Almighty may replace one of its tiles. A winning riichi hand
is four runs or triplets and a pair (one in twenty: seven pairs), a complete shape whatever its yaku.

>>> import random
>>> from scorer.engine import score
>>> hand = random_winning_hand("nogizaka", random.Random(3))
>>> len(hand), score("nogizaka", hand, riichi=True).winning
(9, True)
"""
from __future__ import annotations

import random
from collections import Counter

from scorer.catalog import Game, TileKind
from scorer.engine import as_game, score
from scorer.groups import GameIndex
from scorer.likely import shape_wins
from scorer.riichi_tiles import mpsz
from scorer.rules import GroupKind, UnitMode, donjara_rules
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


def _random_group(ix: GameIndex, gk: GroupKind, size: int, rng: random.Random) -> list[TileKind] | None:
    if gk.same:
        pools = [p for p in ix.pools[gk.id].values() if sum(t.copies for t in p) >= size]
        if not pools:
            return None
        wall = [t for t in rng.choice(pools) for _ in range(t.copies)]
        return rng.sample(wall, size)
    units = [u for u in ix.game.units if ix.unit_allowed(gk, u, size)]
    if not units:
        return None
    unit = rng.choice(units)
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
