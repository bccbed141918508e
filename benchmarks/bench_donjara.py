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

from cli_args import description
from scorer import load_game, score, tiles_from_win, waits
from scorer.deal import random_hand, random_winning_hand


def _rate(label: str, hands: list[list[str]], game) -> str:
    # Wall clock and this process's CPU time: on a shared machine the CPU figure is the stable one.
    wall, cpu = time.perf_counter(), time.process_time()
    for hand in tqdm(hands, desc=label, leave=False):
        score(game, hand, riichi=True)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return f"{len(hands) / wall:8.0f} hands/s wall, {len(hands) / cpu:8.0f} hands/s CPU"


def _timed(label: str, hands: list[list[str]], func) -> str:
    walls, cpus = [], []
    for hand in tqdm(hands, desc=label, leave=False):
        wall, cpu = time.perf_counter(), time.process_time()
        func(hand)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return (f"{statistics.mean(walls) * 1e3:6.1f} ms mean wall ({max(walls) * 1e3:.1f} max), "
            f"{statistics.mean(cpus) * 1e3:6.1f} ms mean CPU ({max(cpus) * 1e3:.1f} max)")


def main() -> None:
    """Print hands/s for score, and ms per waits / tiles_from_win query."""
    p = argparse.ArgumentParser(description=description(__doc__))
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
    print(f"score, winning hands:     {_rate('winning', winning, game)}")
    print(f"score, random hands:      {_rate('random', losing, game)}")
    print(f"score, mixed:             {_rate('mixed', mixed, game)}")
    tenpai = [h[:-1] for h in winning[: args.queries]]
    print(f"waits, one tile short:    {_timed('waits', tenpai, lambda h: waits(game, h))}")
    print(f"waits, random 8 tiles:    {_timed('waits', [h[:-1] for h in losing[: args.queries]], lambda h: waits(game, h))}")
    print(f"tiles_from_win, random:   {_timed('distance', losing[: args.queries], lambda h: tiles_from_win(game, h))}")


if __name__ == "__main__":
    main()
