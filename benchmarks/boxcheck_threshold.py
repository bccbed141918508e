"""What the box check would drop at each threshold: of the detector's kept boxes on labelled photos, the
real tiles lost (a box matching a labelled tile with IoU >= 0.5, as in ``tilelens eval``) and the extras
dropped (boxes matching none), also at lower detector thresholds; lost tiles by how much of them shows.

    .venv/bin/python benchmarks/boxcheck_threshold.py --data datasets/generated/verify-s2/tokyo-mahjong \
        --data datasets/generated/verify-s2/nogizaka                      # their val photos
    .venv/bin/python benchmarks/boxcheck_threshold.py --data hk-heldout --check other/boxcheck.onnx

The shipped threshold (models/boxcheck.json, ``notes.none_threshold``) was chosen with this script on the
validation photos of the seed-2 sets the check trained on (models/MODEL_CARD.md), never on a test set.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from tqdm import tqdm

from cli_args import description
from vision.boxcheck import BoxCheck
from vision.detections import box_iou
from vision.detector import Detector
from vision.eval_data import load_eval_set
from vision.image_io import load_image
from vision.recognizer import default_models_dir

THRESHOLDS = (0.3, 0.5, 0.7, 0.9)
DETECTOR_CONFS = (0.25, 0.2, 0.15)


def box_rows(items, detector: Detector, check: BoxCheck) -> np.ndarray:
    """Per kept box (down to the lowest detector threshold): detector confidence, p(none), matched (0/1),
    class, and the visible share of the matched tile (-1 when unknown or unmatched)."""
    rows = []
    for it in tqdm(items, desc="boxes", unit="photo", leave=False):
        image = load_image(it.image_path)
        det = detector.detect(image, conf=min(DETECTOR_CONFS))
        if not len(det):
            continue
        p_none = check.none_prob(image, det.xyxy)
        truth = it.truth.xyxy
        iou = box_iou(det.xyxy, truth) if len(truth) else np.zeros((len(det), 1))
        best, match = iou.max(1), iou.argmax(1)
        for j in range(len(det)):
            hit = best[j] >= 0.5
            visible = it.visible[match[j]] if hit and it.visible else -1.0
            rows.append((det.confidence[j], p_none[j], float(hit), det.class_id[j], visible))
    return np.array(rows, np.float64).reshape(-1, 5)


def split_items(data: str, split: str):
    """The labelled photos of one split; a synthetic set folder (whose truth, read from ``scenes.jsonl``,
    knows how much of each tile shows) is cut to the photos under ``images/<split>/``."""
    items = load_eval_set(data, split)
    if items and items[0].visible is not None and split:
        items = [it for it in items if split in it.image_path.parts]
    return items


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--data", action="append", required=True, help="labelled set(s), as `tilelens eval --data`")
    p.add_argument("--split", default="val", help="split of a data.yaml or a synthetic set ('' for every photo)")
    p.add_argument("--check", type=Path, default=default_models_dir() / "boxcheck.onnx")
    p.add_argument("--detector", type=Path)
    a = p.parse_args()
    check = BoxCheck.load(a.check)
    detector = Detector.load(a.detector)
    rows = np.concatenate([box_rows(split_items(d, a.split), detector, check) for d in a.data])
    print(f"box check {a.check} (shipped threshold {check.threshold}) on {', '.join(a.data)}")
    for conf in DETECTOR_CONFS:
        r = rows[rows[:, 0] >= conf]
        hit = r[:, 2] == 1
        print(f"detector conf >= {conf}: {len(r)} boxes, {int(hit.sum())} on tiles, {int((~hit).sum())} extras")
        for th in THRESHOLDS:
            drop = r[:, 1] >= th
            lost = r[drop & hit]
            vis = lost[lost[:, 4] >= 0, 4]
            by_vis = (f" (under 40% visible: {int((vis < 0.4).sum())})" if len(vis) else "")
            print(f"  p(none) >= {th}: loses {len(lost)} tiles{by_vis}, drops {int((drop & ~hit).sum())} extras; "
                  f"keeps {int((~drop & hit).sum())} tiles, {int((~drop & ~hit).sum())} extras")


if __name__ == "__main__":
    main()
