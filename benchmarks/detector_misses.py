"""Where the detector misses: recall by the tile's short side, by kind of shot (ordinary photo, or a
wide shot squashed to a square) and by whether the photo's frame cuts the tile, and how many of its boxes
match no tile. On a synthetic set (one with
``scenes.jsonl``) also recall by how much of the tile shows and by layout, and unmatched boxes by layout.

    .venv/bin/python benchmarks/detector_misses.py                       # real HK held-out part
    .venv/bin/python benchmarks/detector_misses.py --data hk-enroll --detector /tmp/other.onnx
    .venv/bin/python benchmarks/detector_misses.py --data datasets/generated/synth-test-s101

A photo counts as squashed when the median width / height of its truth boxes is below 0.4 or above 2.5
(an upright tile is about 0.75, a lying one about 1.33). Matching is one IoU >= 0.5 with any kept box,
the same rule as recall in ``tilelens eval``.
"""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

import numpy as np
from tqdm import tqdm

from cli_args import description
from vision.detections import box_iou
from vision.detector import Detector
from vision.eval_data import load_eval_set
from vision.image_io import load_image


def shot_kind(truth: np.ndarray) -> str:
    """``squashed`` or ``ordinary`` from the median aspect of a photo's truth boxes."""
    if len(truth) == 0:
        return "ordinary"
    aspect = float(np.median((truth[:, 2] - truth[:, 0]) / np.maximum(truth[:, 3] - truth[:, 1], 1e-6)))
    return "squashed" if aspect < 0.4 or aspect > 2.5 else "ordinary"


VISIBLE_EDGES = (0.4, 0.6, 0.8, 0.95)


def visible_bucket(v: float) -> str:
    """``<0.4`` ... ``>=0.95``: the first edge of ``VISIBLE_EDGES`` that ``v`` is under."""
    for edge in VISIBLE_EDGES:
        if v < edge:
            return f"<{edge}"
    return f">={VISIBLE_EDGES[-1]}"


def _print_recall(title: str, table: dict) -> None:
    print(f"{title:<32} tiles  missed  recall")
    for key in sorted(table, key=lambda k: (isinstance(k, str), k)):
        n, ok = table[key]
        print(f"{str(key):<32} {n:>5}  {n - ok:>6}  {ok / max(n, 1):.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--data", default="hk-heldout", help="as for `tilelens eval --data`")
    p.add_argument("--detector", type=Path, default=None, help="ONNX (default: the shipped one, in $TILELENS_MODELS or models/)")
    a = p.parse_args()
    det = Detector.load(a.detector)
    items = load_eval_set(a.data)
    by_shot: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # photos, tiles, found
    by_size: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    by_visible: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # tiles, found
    by_layout: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_frame: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    unmatched_by_layout: dict[str, int] = defaultdict(int)
    kept = unmatched = 0
    for item in tqdm(items, desc="detect", unit="img", leave=False):
        truth = item.truth.xyxy
        image = load_image(item.image_path)
        found = det.detect(image).xyxy
        kept += len(found)
        if len(found) and len(truth):
            iou = box_iou(truth, found)
            hit = iou.max(axis=1) >= 0.5
            stray = int((iou.max(axis=0) < 0.5).sum())
        else:
            hit = np.zeros(len(truth), bool)
            stray = len(found)
        unmatched += stray
        if item.layout is not None:
            unmatched_by_layout[item.layout] += stray
            by_layout[item.layout][0] += len(truth)
            by_layout[item.layout][1] += int(hit.sum())
        for v, ok in zip(item.visible or (), hit):
            by_visible[visible_bucket(v)][0] += 1
            by_visible[visible_bucket(v)][1] += int(ok)
        row = by_shot[shot_kind(truth)]
        row[0], row[1], row[2] = row[0] + 1, row[1] + len(truth), row[2] + int(hit.sum())
        h, w = image.shape[:2]
        for box, ok in zip(truth, hit):
            bucket = int(min(box[2] - box[0], box[3] - box[1]) // 10 * 10)
            by_size[bucket][0] += 1
            by_size[bucket][1] += int(ok)
            cut = box[0] <= 1 or box[1] <= 1 or box[2] >= w - 1 or box[3] >= h - 1
            by_frame["cut by the frame" if cut else "inside the frame"][0] += 1
            by_frame["cut by the frame" if cut else "inside the frame"][1] += int(ok)
    tiles = sum(r[1] for r in by_shot.values())
    found_all = sum(r[2] for r in by_shot.values())
    print(f"data: {a.data}, detector: {a.detector or 'models/detector.onnx'}")
    print(f"recall {found_all / max(tiles, 1):.4f} ({found_all}/{tiles}); kept boxes {kept}, "
          f"matching no tile {unmatched}")
    print("shot       photos  tiles  found  recall")
    for kind, (photos, n, ok) in sorted(by_shot.items()):
        print(f"{kind:<10} {photos:>6} {n:>6} {ok:>6}  {ok / max(n, 1):.3f}")
    _print_recall("short side (px, original image)", {f"{b:>4}-{b + 9}": v for b, v in sorted(by_size.items())})
    _print_recall("the photo's frame", by_frame)
    if by_visible:
        _print_recall("visible part of the tile", by_visible)
    if by_layout:
        _print_recall("layout", by_layout)
        print("unmatched boxes by layout: " + ", ".join(f"{k} {v}" for k, v in sorted(unmatched_by_layout.items())))


if __name__ == "__main__":
    main()
