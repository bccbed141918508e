"""How often a photo is read exactly, by how tall its tiles are in the photo (the median box the reader
found, in pixels): the evidence behind the photo page's small-tiles hint (``app.components.photo.SMALL_TILE_PX``).

    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/win8 --seed 8 --count 150 --winning
    .venv/bin/python benchmarks/make_synth_hands.py tokyo-mahjong /tmp/win8-1280 --seed 8 --count 150 --winning --imgsz 1280
    .venv/bin/python benchmarks/tile_size_errors.py --game tokyo-mahjong /tmp/win8 /tmp/win8-1280

Each folder is one of ``make_synth_hands.py`` (its ``hands.jsonl`` holds every hand in full). A photo is
read exactly when the kinds read face up are the hand's, as a multiset.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cli_args import description, game_arg  # noqa: E402
from vision import load_image  # noqa: E402
from vision.detections import median_height  # noqa: E402
from vision.recognizer import Recognizer  # noqa: E402

BINS = (0, 40, 50, 60, 80, 120)


def main() -> int:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--game", required=True, type=game_arg)
    p.add_argument("data", type=Path, nargs="+", help="folders made by make_synth_hands.py")
    a = p.parse_args()
    recognizer = Recognizer.load(game=a.game)
    rows = []
    for folder in a.data:
        if not (folder / "hands.jsonl").is_file():
            p.error(f"{folder}: no hands.jsonl (make it with benchmarks/make_synth_hands.py)")
        hands = [json.loads(line) for line in (folder / "hands.jsonl").read_text().splitlines() if line.strip()]
        for entry in tqdm(hands, desc=folder.name, unit="photo"):
            reading = recognizer.read(load_image(folder / "images" / entry["image"]))
            faces = [t for t in reading.tiles if not t.is_back]
            height = median_height([t.xyxy for t in faces])
            rows.append((height, Counter(t.kind for t in faces) == Counter(entry["hand"])))
    heights, exact = np.array([h for h, _ in rows]), np.array([e for _, e in rows])
    print(f"{a.game}: {len(rows)} photos")
    for lo, hi in zip(BINS, (*BINS[1:], np.inf)):
        m = (heights >= lo) & (heights < hi)
        if m.any():
            print(f"  tiles {lo:>3}-{hi:<4g} px tall: {int(m.sum()):>4} photos, {int(exact[m].sum()):>4} read exactly "
                  f"({exact[m].mean():.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
