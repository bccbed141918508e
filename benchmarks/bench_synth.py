"""Synthetic photo throughput: `python benchmarks/bench_synth.py [--count N] [--game G] [--imgsz S]`.

Prints photos/s for (1) rendering only, one process (wall and CPU time per photo), and (2) `make_dataset`
with 2 workers writing images, labels and crops to a temporary folder (the figure the issue asks for:
>= 15 photos/s at 640 px). The cores are shared, so the load average is printed with the figure. The first
scenes of a process fill the face and texture caches, so a warm-up is excluded from (1).
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from cli_args import description
from vision.synth import make_dataset
from vision.synth.dataset import render_scene


def main() -> None:
    """Print the two throughput figures."""
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--game", default="tokyo-mahjong")
    p.add_argument("--imgsz", type=int, default=640)
    args = p.parse_args()
    for i in range(20):
        render_scene(args.game, 99, i, args.imgsz)
    n = max(10, args.count // 4)
    t, c = time.perf_counter(), time.process_time()
    for i in range(n):
        render_scene(args.game, 0, i, args.imgsz)
    single = n / (time.perf_counter() - t)
    cpu = (time.process_time() - c) / n
    print(f"render only, 1 process: {single:.1f} photos/s wall, {cpu * 1000:.0f} ms CPU per photo "
          f"({n} photos, {args.game}, {args.imgsz} px)")
    with tempfile.TemporaryDirectory() as tmp:
        load = os.getloadavg()[0]
        t = time.perf_counter()
        make_dataset(args.game, args.count, Path(tmp) / "ds", seed=1, imgsz=args.imgsz, workers=2, progress=False)
        rate = args.count / (time.perf_counter() - t)
    print(f"make_dataset, 2 workers (images+labels+crops written): {rate:.1f} photos/s wall "
          f"({args.count} photos, {args.game}, {args.imgsz} px; load average {load:.1f} -> "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
