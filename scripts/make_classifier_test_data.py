"""Write the committed classifier test sample: crops of held-out Hong Kong photos as one PNG mosaic.

    .venv/bin/python scripts/make_classifier_test_data.py [--out DIR]

Two crops per kind (where the held-out part has two), cut exactly as ``read`` cuts them
(``vision.classifier.crop_boxes`` with the tile set's crop size and margin), from photos of the
``heldout`` part only, labelled as corrected (``datasets/hk-mahjong-real/label-corrections.csv``). Output (``--out``, by default
tests/vision/data/classifier, where the committed sample lies): hk-heldout-crops.png + .json (labels, sources).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.classifier import crop_boxes
from vision.cropset import parse_yolo_labels, read_image
from vision.detector_data import label_path_of
from vision.hk_split import HK_NAMES, corrected_labels, hk_corrections, hk_images

OUT = Path(__file__).resolve().parents[1] / "tests" / "vision" / "data" / "classifier"
SIZE, MARGIN, PER_KIND, COLS = 48, 0.15, 2, 12


def main() -> None:
    """Parse the arguments (``--help`` writes nothing) and write the mosaic and its labels to ``--out``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT,
                   help="folder for hk-heldout-crops.png and .json (default: the committed sample's, %(default)s)")
    write(p.parse_args().out)


def write(out: Path) -> None:
    """The crops as one PNG mosaic and a JSON file of their labels and sources, in ``out``."""
    picked: dict[str, list] = {k: [] for k in HK_NAMES}
    fixes = hk_corrections()
    for i, path in enumerate(hk_images("heldout")):
        if i % 3:  # every third photo: crops from many different photos
            continue
        image = read_image(path)
        text = corrected_labels(path.name, label_path_of(path).read_text(), fixes)
        cls, xyxy = parse_yolo_labels(text, image.shape[1], image.shape[0])
        for c, box in zip(cls, xyxy):
            kind = HK_NAMES[c]
            if len(picked[kind]) < PER_KIND:
                picked[kind].append((crop_boxes(image, box[None], SIZE, MARGIN)[0], path.name))
    crops = [(k, crop, src) for k in HK_NAMES for crop, src in picked[k]]
    rows = -(-len(crops) // COLS)
    mosaic = np.zeros((rows * SIZE, COLS * SIZE, 3), np.uint8)
    for j, (_, crop, _) in enumerate(crops):
        r, c = divmod(j, COLS)
        mosaic[r * SIZE:(r + 1) * SIZE, c * SIZE:(c + 1) * SIZE] = crop
    out.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / "hk-heldout-crops.png"), mosaic)
    meta = {"size": SIZE, "margin": MARGIN, "cols": COLS, "labels": [k for k, _, _ in crops],
            "sources": [s for _, _, s in crops]}
    (out / "hk-heldout-crops.json").write_text(json.dumps(meta, indent=0) + "\n", encoding="utf-8")
    print(f"{len(crops)} crops of {len({k for k, _, _ in crops})} kinds -> {out}")


if __name__ == "__main__":
    main()
