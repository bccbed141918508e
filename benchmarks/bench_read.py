"""Latency of reading one photo, warm: the detector alone and, when a classifier can be loaded, the whole
read (detector + classifier), on a 640 px real photo with 25 tiles and a 640 px synthetic rack, level,
turned 30 degrees (a row slanted 10 degrees or more is read twice, `vision.level`) and turned a quarter
(a hand photographed sideways is also read whole in the photo turned back), and the orientation step
alone (`vision.orient`: which way up the hand stands, asked of every reading), when an orientation model
is shipped.

    .venv/bin/python benchmarks/bench_read.py [--runs 30] [--tileset hk-mahjong] [--game tokyo-mahjong]

Prints p50/p95 in milliseconds. The machine is shared: run it when nothing else is busy (see `uptime`).
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

from cli_args import description

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "vision" / "data" / "detector" / "images" / "hk-1.jpg"


def timed(fn, runs: int) -> tuple[float, float]:
    fn()  # warm-up
    ms = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t0) * 1000)
    return float(np.percentile(ms, 50)), float(np.percentile(ms, 95))


def photos(game: str) -> dict[str, object]:
    """The photos timed, by name. The rack is rendered from a seed whose camera leaves its row level (seed
    15: 1.7 degrees off, where a read looks once; seed 3, used before 2026-12-03, slants it 16 degrees,
    which vision.level reads twice); each name gives the row's angle, measured on the rendered boxes."""
    import cv2

    from vision.image_io import load_image
    from vision.level import level_photo, row_angle, to_turned
    from vision.synth import render_hand

    ids = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]
    scene = render_hand(game if game == "tokyo-mahjong" else "tokyo-mahjong", ids, seed=15, layout="rack")
    boxes = np.array([t.xyxy for t in scene.tiles], np.float64)
    slanted, matrix = level_photo(scene.image, 30.0)
    slant = row_angle(to_turned(boxes, matrix))
    slanted = cv2.resize(slanted, (640, 640), interpolation=cv2.INTER_AREA)
    return {"real hk-1.jpg (640x640, 25 tiles, from file)": REAL,
            "real hk-1.jpg (decoded array)": load_image(REAL),
            f"synthetic rack (640x640, 14 tiles, row {row_angle(boxes):+.0f} deg)": scene.image,
            f"the rack turned 30 degrees (row {slant:+.0f} deg: read twice)": slanted,
            "the rack turned a quarter (also read turned whole)": cv2.rotate(scene.image, cv2.ROTATE_90_CLOCKWISE)}


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--runs", type=int, default=30)
    p.add_argument("--game", default="tokyo-mahjong")
    p.add_argument("--tileset", default=None)
    a = p.parse_args()
    from vision.detector import Detector

    det = Detector.load()
    print(f"cpu count {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}, detector {det.path.name}, "
          f"imgsz {det.imgsz}")
    rec = None
    try:
        from vision import Recognizer

        rec = Recognizer.load(game=None if a.tileset else a.game, tileset=a.tileset)
    except Exception as exc:  # the classifier is someone else's module: report, do not fail the bench
        print(f"whole read not measured: {type(exc).__name__}: {exc}")
    for name, img in photos(a.game).items():
        p50, p95 = timed(lambda: det.detect(img), a.runs)
        print(f"detector     {name:<48} n={len(det.detect(img)):>2}  p50 {p50:6.1f} ms  p95 {p95:6.1f} ms")
        if rec is not None:
            p50, p95 = timed(lambda: rec.read(img), a.runs)
            print(f"whole read   {name:<48}       p50 {p50:6.1f} ms  p95 {p95:6.1f} ms")
            if rec.orient is not None:  # the step every reading takes: which way up the hand stands
                from vision.image_io import load_image

                arr = load_image(img)
                faces = np.array([t.xyxy for t in rec.read(arr).tiles if not t.is_back], np.float64).reshape(-1, 4)
                p50, p95 = timed(lambda: rec.orient.p_upside_down(arr, faces), a.runs)
                print(f"orientation  {name:<48} n={len(faces):>2}  p50 {p50:6.1f} ms  p95 {p95:6.1f} ms")


if __name__ == "__main__":
    main()
