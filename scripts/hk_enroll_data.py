"""Write a data.yaml that names one part of the real Hong Kong photos (the enrolment part by default).

    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-enroll                 # then
    .venv/bin/tilelens enroll --name hk-mahjong --data /tmp/hk-enroll/data.yaml ...
    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-heldout heldout       # the held-out part, for eval
    .venv/bin/python scripts/hk_enroll_data.py /tmp/hk-20 --photos 20        # 20 enrolment photos, drawn at random

``--photos N`` keeps N photos of the part, drawn with ``--seed`` (default 0): how a tile set learns from
only a few labelled photos is measured this way (the model card's "How many photos" table).

By default the labels found wrong upstream are corrected (datasets/hk-mahjong-real/label-corrections.csv):
the photos are copied to OUT/images/PART and their corrected labels written to OUT/labels/PART.
``--upstream`` lists the shared photos by path instead, with their labels as published.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
from pathlib import Path

from vision.hk_split import HK_NAMES, CorrectionsError, corrected_labels, hk_corrections, hk_images, hk_root
from vision.synth.dataset import NO_PATH


def sample(photos: list[Path], count: int | None, seed: int = 0) -> list[Path]:
    """``count`` of ``photos`` drawn at random with ``seed`` (all of them for None), in their own order.

    >>> [p.name for p in sample([Path(x) for x in "abcde"], 3, seed=1)]
    ['a', 'b', 'e']
    """
    if count is None:
        return list(photos)
    if not 1 <= count <= len(photos):
        raise ValueError(f"--photos must be 1 to {len(photos)} (the part holds {len(photos)} photos), not {count}")
    keep = set(random.Random(seed).sample(range(len(photos)), count))
    return [p for i, p in enumerate(photos) if i in keep]


def write(out: Path, part: str = "enroll", corrected: bool = True, count: int | None = None, seed: int = 0) -> Path:
    """``out/data.yaml`` for one part of the split (or ``count`` of its photos, drawn with ``seed``); returns its
    path. ``corrected``: copies with the corrections applied; else ``out/<part>.txt`` lists the shared
    photos as they are."""
    photos = sample(hk_images(part), count, seed)
    out.mkdir(parents=True, exist_ok=True)
    if corrected:
        fixes = hk_corrections()
        images, labels = out / "images" / part, out / "labels" / part
        images.mkdir(parents=True, exist_ok=True)
        labels.mkdir(parents=True, exist_ok=True)
        for p in photos:
            shutil.copyfile(p, images / p.name)
            text = (hk_root() / "labels" / f"{p.stem}.txt").read_text(encoding="utf-8")
            (labels / f"{p.stem}.txt").write_text(corrected_labels(p.name, text, fixes), encoding="utf-8")
        source = f"images/{part}"
    else:
        (out / f"{part}.txt").write_text("".join(f"{p}\n" for p in photos), encoding="utf-8")
        source = f"{part}.txt"
    names = ", ".join(HK_NAMES)
    # absent: the set has no red fives, which a Hong Kong set taught on it then never says it "never learnt"
    text = (f"{NO_PATH}train: {source}\nval: {source}\nnc: {len(HK_NAMES)}\nnames: [{names}]\n"  # no path:
            "absent: [0m, 0p, 0s]\n")
    (out / "data.yaml").write_text(text, encoding="utf-8")
    return out / "data.yaml"


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path, nargs="?", default=Path("/tmp/hk-enroll"))
    p.add_argument("part", nargs="?", default="enroll", choices=["enroll", "heldout"])
    p.add_argument("--upstream", action="store_true", help="the labels as published, no corrections")
    p.add_argument("--photos", type=int, help="only N photos of the part, drawn at random")
    p.add_argument("--seed", type=int, default=0, help="the draw of --photos (default 0)")
    a = p.parse_args()
    try:
        print(write(a.out, a.part, corrected=not a.upstream, count=a.photos, seed=a.seed), hk_root())
    except (CorrectionsError, ValueError) as exc:
        sys.exit(f"error: {exc}")
