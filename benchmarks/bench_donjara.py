"""Speed of the Donjara engine: hands scored per second and the time of one waits query.

    .venv/bin/python benchmarks/bench_donjara.py [--game cinderella-neo] [--hands 2000] [--seed 0]

Scores a mix of random winning hands (an Almighty in about a third of them) and random non-winning
hands, then times ``waits`` on hands one tile short and ``tiles_from_win`` on random hands. Prints
figures; it asserts nothing (timings never live in the test suite).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from tqdm import tqdm

from scorer import load_game, score, tiles_from_win, waits
from scorer.deal import random_hand, random_winning_hand


def _rate(label: str, hands: list[list[str]], game) -> float:
    start = time.perf_counter()
    for hand in tqdm(hands, desc=label, leave=False):
        score(game, hand, riichi=True)
    elapsed = time.perf_counter() - start
    return len(hands) / elapsed


def main() -> None:
    """Print hands/s for score, and ms per waits / tiles_from_win query."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="cinderella-neo")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--queries", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    game = load_game(args.game)
    rng = random.Random(args.seed)
    winning = [random_winning_hand(game, rng) for _ in tqdm(range(args.hands // 2), desc="dealing", leave=False)]
    losing = [random_hand(game, rng) for _ in range(args.hands - len(winning))]
    with_almighty = sum(any(game.tile(t).almighty for t in h) for h in winning + losing)
    score(game, winning[0], riichi=True)  # warm the per-game caches
    mixed = winning + losing
    rng.shuffle(mixed)
    print(f"game {game.id}: {len(winning)} winning + {len(losing)} random hands, {with_almighty} with an Almighty")
    print(f"score, winning hands:     {_rate('winning', winning, game):8.0f} hands/s")
    print(f"score, random hands:      {_rate('random', losing, game):8.0f} hands/s")
    print(f"score, mixed:             {_rate('mixed', mixed, game):8.0f} hands/s")
    shorts = [h[:-1] for h in (winning + losing)[: args.queries]]
    times = []
    for hand in tqdm(shorts, desc="waits", leave=False):
        start = time.perf_counter()
        waits(game, hand)
        times.append(time.perf_counter() - start)
    print(f"waits (8 tiles):          {statistics.mean(times) * 1e3:8.1f} ms mean, {max(times) * 1e3:.1f} ms max")
    times = []
    for hand in tqdm(losing[: args.queries], desc="tiles_from_win", leave=False):
        start = time.perf_counter()
        tiles_from_win(game, hand)
        times.append(time.perf_counter() - start)
    print(f"tiles_from_win (9 tiles): {statistics.mean(times) * 1e3:8.1f} ms mean, {max(times) * 1e3:.1f} ms max")


if __name__ == "__main__":
    main()
