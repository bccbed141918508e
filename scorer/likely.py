"""The likeliest winning reading of a photographed hand.

People photograph a hand to score it, and the hand they photograph is nearly always a winning one. A
tile misread in it nearly always breaks the win: one wrong name leaves a run or a unit incomplete. So
when the tiles as read do not win, :func:`likeliest_win` looks among each tile's alternatives (the
classifier's next guesses, with their probabilities) for the fewest and likeliest changes that make
the hand win, for a person to accept or not. It never changes a hand by itself.

A hand "wins" here when its shape does (``tiles_from_win`` is 0): a riichi hand without a yaku still
counts, since its yaku may come from what the photo does not show (riichi declared, the last tile).

>>> choices = [[("1m", 0.9)], [("2m", 0.95)], [("2m", 0.55), ("3m", 0.40)], [("4p", 0.9)], [("5p", 0.9)],
...            [("6p", 0.9)], [("7s", 0.9)], [("8s", 0.9)], [("9s", 0.9)], [("1z", 0.9)], [("1z", 0.9)],
...            [("1z", 0.9)], [("5z", 0.9)], [("5z", 0.9), ("6z", 0.05)]]
>>> found = likeliest_win("tokyo-mahjong", choices)
>>> [(c.index, c.read, c.becomes, c.probability) for c in found.changes]
[(2, '2m', '3m', 0.4)]
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from scorer.catalog import Game
from scorer.engine import as_game, tiles_from_win
from scorer.result import TilelensInputError

Choices = Sequence[Sequence[tuple[str, float]]]

MAX_CHANGES = 2  # tiles changed at most: a photo with three misread tiles is better fixed by hand
# A winning reading is offered only if the classifier found it at most this many times less likely than
# the tiles as read. Chosen on validation photos (seed 8, models/JOURNAL.md, "Winning reading"): the right suggestions on winning
# hands came at odds up to 13 bar three, while the photos of hands one tile from a win, where every
# offer misleads, got one at odds 9 in 600 photos and the rest at 34 or more.
MAX_ODDS = 20.0
# A change is offered only if the classifier gave it at least MIN_CHANGE_P, and a tile it read at SURE_READ or
# more is never changed (a box too many is still dropped by the detector's doubt, which these do not judge).
# Measured on 800 rendered photos read as the Score page reads them (200 a game of cinderella-neo,
# nogizaka, yokai-watch and tokyo-mahjong: winning hands clean, blurred, noisy and dark, and near-wins): at
# MAX_ODDS alone the box's offer was the truth in 25 of 68 offers (37%); by the least likely change in an
# offer, p < 0.05: 0 right, 4 wrong; 0.05-0.1: 3/14; 0.1-0.2: 8/21; >= 0.2: 14/9. With the floor: 25 offers,
# 14 right (56%), none on the 149 photos read right that do not win (1 before) nor on the 51 misread near-wins
# (4 before). A tile read at 0.9 or more is misread 0.3-2.9% of the time; the one offer that changed one was wrong.
MIN_CHANGE_P = 0.2
SURE_READ = 0.9


@dataclass(frozen=True)
class Change:
    """Tile ``index`` (in hand order), read as ``read``, becomes ``becomes``, which the classifier gave
    ``probability``; ``becomes`` None drops the box (not a tile), ``probability`` then being the
    detector's doubt of it (1 - its confidence)."""

    index: int
    read: str
    becomes: str | None
    probability: float


@dataclass(frozen=True)
class WinningReading:
    """A winning hand (``tiles``) and the changes that make it from the hand as read (none: it wins as
    read). ``odds``: how many times likelier the classifier found the tiles as read than these."""

    tiles: tuple[str, ...]
    changes: tuple[Change, ...]
    odds: float = 1.0


def shape_wins(game: Game | str, tiles: Sequence[str], melds: Sequence[str] = (),
               local_yaku: bool | tuple[str, ...] = False) -> bool:
    """True when ``tiles`` form a winning shape of ``game`` (riichi: beside its ``melds``; Donjara: with
    the ``local_yaku`` in play); False for a hand the set cannot hold.

    >>> shape_wins("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split(), melds=["pon:555z"])
    True
    """
    game = as_game(game)
    try:
        if game.engine == "riichi":
            from scorer import riichi

            return riichi.tiles_from_win(game, list(tiles), list(melds)) == 0
        return tiles_from_win(game, list(tiles), local_yaku=local_yaku) == 0
    except TilelensInputError:  # too many of a tile, wrong count: not a hand that wins
        return False


def _cost(p_read: float, p_other: float) -> float:
    return math.log(max(p_read, 1e-9)) - math.log(max(p_other, 1e-9))


def likeliest_win(game: Game | str, choices: Choices, *, size: int | None = None,
                  detections: Sequence[float] = (), max_changes: int = MAX_CHANGES, max_odds: float = MAX_ODDS,
                  min_p: float = MIN_CHANGE_P, sure: float = SURE_READ,
                  wins: Callable[[list[str]], bool] | None = None) -> WinningReading | None:
    """The likeliest winning hand within ``max_changes`` changes and ``max_odds``, or None.

    ``choices[i]`` are tile i's kinds with their probabilities, the kind read first (a tile a person has
    set gives just that kind, at 1.0). A tile read at ``sure`` or more keeps its kind, and a kind given
    less than ``min_p`` is no change to offer. Changes are tried cheapest first, a change costing
    ``log p(read) - log p(becomes)``, and the first hand that wins is the answer, if its changes together
    cost at most ``log max_odds``. ``size``: the tiles a winning hand holds (default: the game's hand
    size); with one box too many, one of them is dropped, at a cost of ``log d - log(1 - d)`` for a box
    the detector gave confidence d (``detections``; 0.5 where not given), as one of the changes.
    ``wins`` tests a hand (default: :func:`shape_wins`; the app passes one that knows the table's melds).
    """
    game = as_game(game)
    size = game.hand_size if size is None else size
    wins = wins or (lambda tiles: shape_wins(game, tiles))
    read = [str(c[0][0]) for c in choices]
    if not read or len(read) not in (size, size + 1):
        return None
    extra = len(read) == size + 1
    if not extra and wins(read):
        return WinningReading(tuple(read), ())
    budget = math.log(max_odds)
    by_tile: dict[int, list[tuple[float, Change]]] = {}  # each tile's possible changes, with their costs
    for i, tile_choices in enumerate(choices):
        p_read = float(tile_choices[0][1])
        if p_read >= sure:
            continue  # read surely: a change to it would mislead far more often than not
        for kind, p in tile_choices[1:]:
            cost = _cost(p_read, p)
            if kind != read[i] and float(p) >= min_p and cost <= budget:
                by_tile.setdefault(i, []).append((cost, Change(i, read[i], str(kind), float(p))))
    drops = []
    if extra:
        for i in range(len(read)):
            d = float(detections[i]) if i < len(detections) else 0.5
            drops.append((_cost(d, 1 - d), Change(i, read[i], None, 1 - d)))
    trials = []
    renames = range(max_changes) if extra else range(1, max_changes + 1)  # a drop is one of the changes
    for n in renames:
        for tiles in combinations(sorted(by_tile), n):
            for combo in product(*(by_tile[i] for i in tiles), *([drops] if extra else [])):
                cost = sum(c for c, _ in combo)
                if cost > budget or (extra and combo[-1][1].index in tiles):
                    continue  # too unlikely, or a dropped tile also renamed
                trials.append((cost, tuple(change for _, change in combo)))
    trials.sort(key=lambda trial: (trial[0], len(trial[1])))
    for cost, changes in trials:
        hand: list[str | None] = list(read)
        for change in changes:
            hand[change.index] = change.becomes
        tiles = [t for t in hand if t is not None]
        if wins(tiles):
            return WinningReading(tuple(tiles), tuple(sorted(changes, key=lambda c: c.index)), math.exp(cost))
    return None
