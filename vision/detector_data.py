"""Build the detector's training data (Ultralytics layout) from labelled sources.

The detector knows two classes, ``0 tile`` and ``1 back``: every source's labels are collapsed to these.
Images are linked, not copied, and repeated sources are oversampled through a list file (Ultralytics
accepts a ``.txt`` of image paths, duplicates included), so a mix of a few hundred real photos with
thousands of synthetic scenes stays balanced without writing extra files.
"""
from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

DETECTOR_NAMES = {0: "tile", 1: "back"}


@dataclass(frozen=True)
class Source:
    """One labelled image set: image paths, a class mapping into {0, 1} and how often to repeat it."""

    name: str
    images: tuple[Path, ...]
    to_detector_class: Callable[[int], int]
    repeat: int = 1


def collapse_label_text(text: str, to_detector_class: Callable[[int], int]) -> str:
    """Rewrite YOLO label lines (``cls xc yc w h``) with the class mapped into the detector's classes.

    >>> collapse_label_text("12 0.5 0.5 0.1 0.1\\n", lambda c: 0)
    '0 0.5 0.5 0.1 0.1\\n'
    """
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        out.append(" ".join([str(to_detector_class(int(float(parts[0]))))] + parts[1:5]))
    return "\n".join(out) + ("\n" if out else "")


def label_path_of(image_path: Path) -> Path:
    """The Ultralytics label file of an image (``.../images/x.jpg`` -> ``.../labels/x.txt``)."""
    parts = list(image_path.parts)
    idx = len(parts) - 1 - parts[::-1].index("images")
    parts[idx] = "labels"
    return Path(*parts).with_suffix(".txt")


def _link(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.is_symlink() or dst.exists():
        dst.unlink()
    os.symlink(src.resolve(), dst)


def write_source(source: Source, out_dir: Path) -> list[Path]:
    """Link a source's images under ``out_dir/images/<name>/`` with collapsed labels; return the links."""
    links = []
    for img in source.images:
        dst = out_dir / "images" / source.name / img.name
        _link(img, dst)
        label_src = label_path_of(img)
        text = label_src.read_text() if label_src.exists() else ""
        lab = out_dir / "labels" / source.name / (img.stem + ".txt")
        lab.parent.mkdir(parents=True, exist_ok=True)
        lab.write_text(collapse_label_text(text, source.to_detector_class))
        links.append(dst)
    return links


def build_dataset(train: Iterable[Source], val: Iterable[Source], out_dir: Path, seed: int = 0) -> Path:
    """Write a detector dataset (links, collapsed labels, list files, data.yaml); return the yaml path."""
    out_dir = Path(out_dir).resolve()
    rng = random.Random(seed)
    lists: dict[str, list[Path]] = {"train": [], "val": []}
    for split, sources in (("train", train), ("val", val)):
        for src in sources:
            links = write_source(src, out_dir)
            lists[split] += links * src.repeat
        rng.shuffle(lists[split])
        (out_dir / f"{split}.txt").write_text("".join(f"{p}\n" for p in lists[split]))
    data = {"path": str(out_dir), "train": "train.txt", "val": "val.txt", "names": DETECTOR_NAMES}
    yaml_path = out_dir / "data.yaml"
    yaml_path.write_text(yaml.safe_dump(data, sort_keys=False))
    return yaml_path


def hk_source(part: str, repeat: int = 1, limit: int | None = None) -> Source:
    """The real Hong Kong photos of one split part, every one of the 42 classes collapsed to ``tile``."""
    from vision.hk_split import hk_images

    images = hk_images(part)[:limit] if limit else hk_images(part)
    return Source(f"hk-{part}", tuple(images), lambda c: 0, repeat)


def synth_source(set_dir: Path, split: str, repeat: int = 1) -> Source:
    """A synthetic set from ``vision.synth.make_dataset`` (labels already ``0 tile`` / ``1 back``)."""
    set_dir = Path(set_dir)
    images = tuple(sorted((set_dir / "images" / split).glob("*.jpg")))
    return Source(f"{set_dir.name}-{split}", images, lambda c: c, repeat)


def build_main_set(synth_root: Path, out_dir: Path, hk_repeat: int = 4) -> Path:
    """The detector's training set: every synthetic set under ``synth_root`` (train split; their val
    splits validate) plus the enrol part of the real Hong Kong photos repeated ``hk_repeat`` times.
    The held-out real photos are never used."""
    sets = sorted(p.parent for p in Path(synth_root).glob("*/data.yaml"))
    if not sets:
        raise FileNotFoundError(f"no synthetic sets (*/data.yaml) under {synth_root}")
    train = [synth_source(d, "train") for d in sets] + [hk_source("enroll", repeat=hk_repeat)]
    val = [synth_source(d, "val") for d in sets]
    return build_dataset(train, val, out_dir)


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Build the detector training set (synthetic + real enrol part).")
    ap.add_argument("--synth", type=Path, default=Path("datasets/generated/synth-det"))
    ap.add_argument("--out", type=Path, default=Path("datasets/generated/det-main"))
    ap.add_argument("--hk-repeat", type=int, default=4)
    a = ap.parse_args()
    print(build_main_set(a.synth, a.out, a.hk_repeat))
