"""Time per table of ``tilelens check``: synthetic tables (one rendered photo per seat, dealt from a shuffled
set) read by the committed models, with 1 and 2 worker processes, then a resumed run (nothing read again).

    YOLO_OFFLINE=1 .venv/bin/python benchmarks/bench_event.py --game nogizaka --tables 6

Prints seconds per table (wall clock of the whole check divided by the tables, pool start-up and model
loading included) and the mean time one worker spent on a table (reading 4 photos, checking, writing).
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import cv2

from cli_args import description
from scorer import load_game
from tilelens.event import CheckOptions, check_event
from vision.synth import render_hand


def deal(game_id: str, rng: random.Random, players: int = 4) -> list[list[str]]:
    """One shuffled deal: dealer first."""
    game = load_game(game_id)
    wall = [k.id for k in game.tiles for _ in range(k.copies)]
    rng.shuffle(wall)
    sizes = [game.deal_sizes[0]] + [game.deal_sizes[1]] * (players - 1)
    hands, at = [], 0
    for n in sizes:
        hands.append(wall[at:at + n])
        at += n
    return hands


def make_event(root: Path, game_id: str, tables: int, imgsz: int, seed: int, layout: str) -> None:
    """``tables`` table folders of rendered seat photos (JPEG, like a phone's)."""
    rng = random.Random(seed)
    for t in range(tables):
        folder = root / f"table-{t + 1:02d}"
        folder.mkdir(parents=True)
        for seat, hand in enumerate(deal(game_id, rng), start=1):
            scene = render_hand(game_id, hand, seed=seed * 1000 + t * 10 + seat, layout=layout, imgsz=imgsz)
            name = "seat1-dealer.jpg" if seat == 1 else f"seat{seat}.jpg"
            cv2.imwrite(str(folder / name), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])


def timed(event: Path, out: Path, game: str, jobs: int) -> tuple[float, list[float], dict]:
    start = time.perf_counter()
    result = check_event(event, out, CheckOptions(game=game), jobs=jobs, progress=False)
    wall = time.perf_counter() - start
    kinds = Counter(f["kind"] for t in result.event["tables"] for f in t["findings"])
    return wall, [t["seconds"] for t in result.event["tables"]], {**result.event["verdicts"], **kinds}


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--game", default="nogizaka")
    p.add_argument("--tables", type=int, default=6)
    p.add_argument("--imgsz", type=int, default=960, help="rendered photo size (pixels)")
    p.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--layout", default="flat", help="how the tiles lie in the rendered photos")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-event-") as tmp:
        event = Path(tmp) / "event"
        t0 = time.perf_counter()
        make_event(event, args.game, args.tables, args.imgsz, args.seed, args.layout)
        print(f"rendered {args.tables} tables x 4 seats ({args.layout}) at {args.imgsz}px in {time.perf_counter() - t0:.1f} s")
        for jobs in args.jobs:
            out = Path(tmp) / f"report-{jobs}"
            wall, per_table, verdicts = timed(event, out, args.game, jobs)
            print(f"jobs={jobs}: {wall / args.tables:.2f} s per table (wall {wall:.1f} s for {args.tables}); "
                  f"one worker spends {statistics.mean(per_table):.2f} s on a table; verdicts and findings {verdicts}")
        wall, _, _ = timed(event, out, args.game, args.jobs[-1])
        print(f"resumed run (all unchanged): {wall / args.tables * 1000:.0f} ms per table")


if __name__ == "__main__":
    main()
