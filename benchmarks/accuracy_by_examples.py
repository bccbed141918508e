"""How well an enrolled tile set reads each kind, by how many labelled tiles of it the enrolment saw: the
classifier alone at the true boxes of a labelled set, summed per bucket of training examples.

    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-heldout heldout
    .venv/bin/python benchmarks/accuracy_by_examples.py --tileset hk20 --train /tmp/hk-20/data.yaml \
        --data /tmp/hk-heldout/data.yaml [--models DIR]

Prints one line: the tile set's accuracy, then per bucket (0, 1-2, 3-5, 6-10, 11-20, 21 or more labelled
tiles) right / tiles and how many kinds fall in it. It is what set ``vision.enroll.THIN``.
"""
from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from cli_args import description
from vision.classifier import Classifier
from vision.cropset import labelled_counts, labelled_photos, yolo_images, yolo_names
from vision.recognizer import default_models_dir

BUCKETS = ((0, 0), (1, 2), (3, 5), (6, 10), (11, 20), (21, None))


def main() -> None:
    p = argparse.ArgumentParser(description=description(__doc__))
    p.add_argument("--tileset", required=True)
    p.add_argument("--train", type=Path, required=True, help="the data.yaml the tile set was enrolled from")
    p.add_argument("--data", type=Path, required=True, help="labelled photos to measure on (data.yaml)")
    p.add_argument("--models", type=Path)
    a = p.parse_args()
    clf = Classifier.load((a.models or default_models_dir()) / "tilesets" / a.tileset / "classifier.onnx")
    seen = dict(zip(yolo_names(a.train), labelled_counts(a.train).tolist()))
    names = yolo_names(a.data)
    right, total = Counter(), Counter()
    for _, image, cls, xyxy in labelled_photos(yolo_images(a.data), names, progress=False):
        for guess, c in zip(clf.classify(image, xyxy), cls):
            total[names[c]] += 1
            right[names[c]] += guess.kind == names[c]
    parts = [f"{a.tileset}: {sum(right.values())}/{sum(total.values())} = "
             f"{sum(right.values()) / max(sum(total.values()), 1):.4f}"]
    for lo, hi in BUCKETS:
        kinds = [k for k in total if lo <= seen.get(k, 0) and (hi is None or seen.get(k, 0) <= hi)]
        label = f"{lo}+" if hi is None else (f"{lo}" if lo == hi else f"{lo}-{hi}")
        if kinds:
            parts.append(f"{label}: {sum(right[k] for k in kinds)}/{sum(total[k] for k in kinds)} ({len(kinds)} kinds)")
    print(" | ".join(parts))


if __name__ == "__main__":
    main()
