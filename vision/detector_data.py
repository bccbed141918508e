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

import numpy as np
import yaml

from vision.detections import yolo_line

DETECTOR_NAMES = {0: "tile", 1: "back"}


def class_names(names: object) -> list[str] | None:
    """A data.yaml's or a model's ``names`` (a list, or a mapping by class id) as a list in class order; None where
    they are no such thing."""
    if isinstance(names, dict):
        try:
            return [str(names[k]) for k in sorted(names, key=int)]
        except (TypeError, ValueError):
            return None
    return [str(n) for n in names] if isinstance(names, list) else None


def not_detector_names(names: list[str]) -> tuple[str, str] | None:
    """Where ``names`` are not the detector's classes (``DETECTOR_NAMES``; ``0 tile`` alone too: a set with no backs),
    the classes they are, in words (English, Japanese); None where they are.

    >>> not_detector_names(["tile", "back"]) is None, not_detector_names(["tile"]) is None
    (True, True)
    >>> not_detector_names(["rarin", "maimai", "marika", "minami", "miona", "ashu", "kotoko"])[0]
    '7 classes (rarin, maimai, marika, minami, miona, and 2 more)'
    """
    if names and names == list(DETECTOR_NAMES.values())[:len(names)]:
        return None
    shown = names[:5]
    more = len(names) - len(shown)
    return (f"{len(names)} classes ({', '.join(shown)}{f', and {more} more' if more else ''})",
            f"{len(names)}種類 ({'、'.join(shown)}{f'、ほか {more}種類' if more else ''})")


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
    """The Ultralytics label file of an image (``.../images/x.jpg`` -> ``.../labels/x.txt``); as Ultralytics
    does, beside the photo when no folder on its path is called ``images`` (``photos/x.jpg`` ->
    ``photos/x.txt``).

    >>> label_path_of(Path("d/images/train/a.jpg")).as_posix(), label_path_of(Path("d/photos/a.jpg")).as_posix()
    ('d/labels/train/a.txt', 'd/photos/a.txt')
    """
    parts = list(image_path.parts)
    if "images" not in parts:
        return image_path.with_suffix(".txt")
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
    train, val = list(train), list(val)
    photos: dict[str, tuple[Path, ...]] = {}
    for src in train + val:  # each source links its photos under images/<name>/
        if photos.setdefault(src.name, src.images) != src.images:
            raise ValueError(f"two sources share the name {src.name}: their photos would overwrite each other")
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


def synth_source(set_dir: Path, split: str, repeat: int = 1, name: str | None = None) -> Source:
    """A synthetic set from ``vision.synth.make_dataset`` (labels already ``0 tile`` / ``1 back``), named
    ``name`` or ``<set folder>-<split>``."""
    set_dir = Path(set_dir)
    images = tuple(sorted((set_dir / "images" / split).glob("*.jpg")))
    return Source(name or f"{set_dir.name}-{split}", images, lambda c: c, repeat)


def cut_band(image: np.ndarray, classes: np.ndarray, boxes: np.ndarray, rng: random.Random,
             min_visible: float = 0.5) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A full-width horizontal band around one row of tiles: (band image, classes, boxes in the band).

    The band is centred on a randomly chosen tile (one small enough for the band to be at least three
    times wider than high, where the image has one), with a margin of up to 35% of that tile's height
    above and below. A tile keeps its label when at least ``min_visible`` of its height lies in the band
    (its box clipped to the band); the rest are dropped.
    """
    h, w = image.shape[:2]
    if len(boxes) == 0:
        raise ValueError("cut_band needs at least one labelled tile to centre the band on")
    heights = np.maximum(boxes[:, 3] - boxes[:, 1], 2.0)
    small = np.flatnonzero(w / (1.35 * heights) >= 3.0)
    b = boxes[small[rng.randrange(len(small))]] if len(small) else boxes[rng.randrange(len(boxes))]
    th = max(b[3] - b[1], 2.0)
    y0 = int(max(0, np.floor(b[1] - rng.uniform(0, 0.35) * th)))
    y1 = int(min(h, np.ceil(b[3] + rng.uniform(0, 0.35) * th)))
    cy0, cy1 = np.clip(boxes[:, 1], y0, y1), np.clip(boxes[:, 3], y0, y1)
    keep = (cy1 - cy0) / np.maximum(boxes[:, 3] - boxes[:, 1], 1e-6) >= min_visible
    nb = np.stack([boxes[keep, 0], cy0[keep] - y0, boxes[keep, 2], cy1[keep] - y0], axis=1).reshape(-1, 4)
    return image[y0:y1], classes[keep], nb


def join_bands(bands: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bands side by side, each scaled to the first one's height: one long strip of tiles."""
    height = bands[0][0].shape[0]
    images, classes, boxes, x = [], [], [], 0.0
    for img, cls, bx in bands:
        f = height / img.shape[0]
        width = max(1, int(round(img.shape[1] * f)))
        images.append(_resize(img, width, height))
        fx = width / img.shape[1]
        boxes.append(np.stack([bx[:, 0] * fx + x, bx[:, 1] * f, bx[:, 2] * fx + x, bx[:, 3] * f], axis=1)
                     .reshape(-1, 4))
        classes.append(cls)
        x += width
    return np.hstack(images), np.concatenate(classes), np.concatenate(boxes)


def stretch_to_square(strip: np.ndarray, classes: np.ndarray, boxes: np.ndarray, rng: random.Random,
                      size: int = 640) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Resize a strip to ``size`` x ``size`` (tiles squashed by its aspect ratio); half the time the
    result is then turned a quarter clockwise (never mirrored)."""
    h, w = strip.shape[:2]
    out = _resize(strip, size, size)
    sx, sy = size / w, size / h
    nb = np.clip(np.stack([boxes[:, 0] * sx, boxes[:, 1] * sy, boxes[:, 2] * sx, boxes[:, 3] * sy], axis=1)
                 .reshape(-1, 4), 0, size)
    if rng.random() < 0.5:  # a quarter turn clockwise: (x, y) -> (size - y, x)
        out = np.ascontiguousarray(np.rot90(out, k=-1))
        nb = np.stack([size - nb[:, 3], nb[:, 0], size - nb[:, 1], nb[:, 2]], axis=1)
    return out, classes, nb


def _resize(image: np.ndarray, width: int, height: int) -> np.ndarray:
    """``image`` resized to ``width`` x ``height`` (area averaging when shrinking)."""
    import cv2

    return cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA if image.shape[1] > width
                      else cv2.INTER_LINEAR)


def yolo_label_text(classes: np.ndarray, boxes: np.ndarray, width: int, height: int) -> str:
    """Label lines ``cls xc yc w h`` (normalised) for pixel boxes ``xyxy``; boxes under 2 px are skipped."""
    lines = []
    for c, (x1, y1, x2, y2) in zip(classes, boxes):
        if x2 - x1 < 2 or y2 - y1 < 2:
            continue
        lines.append(yolo_line(c, (x1, y1, x2, y2), width, height))
    return "\n".join(lines) + ("\n" if lines else "")


MIN_BAND_ASPECT = 2.5  # a band less wide than this (big tiles only) gives no squashed row


def _row_band(path: Path, to_cls: Callable[[int], int], rng: random.Random
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``cut_band`` of one labelled image, classes mapped; None when the image cannot be read, has no
    labels, or its band is too short to squash (big tiles only, under ``MIN_BAND_ASPECT``). Read as the
    reader reads it (``vision.image_io.load_image``, as ``cropset.read_image``): upright as its labels are
    (OpenCV turned no AVIF by its EXIF, and read no HEIC)."""
    from vision.cropset import parse_yolo_labels
    from vision.image_io import ImageError, load_image

    try:
        image = load_image(path)
    except ImageError:
        return None
    label = label_path_of(path)
    text = label.read_text() if label.exists() else ""
    classes, boxes = parse_yolo_labels(text, image.shape[1], image.shape[0])
    if len(boxes) == 0:
        return None
    band = cut_band(image, np.array([to_cls(int(c)) for c in classes]), boxes, rng)
    return band if band[0].shape[1] / max(1, band[0].shape[0]) >= MIN_BAND_ASPECT else None


def stretched_source(sources: Iterable[Source], count: int, out_dir: Path, seed: int = 0,
                     size: int = 640, progress: bool = True) -> Source:
    """Write ``count`` band-stretched images drawn at random from ``sources`` (one to three bands of
    ``cut_band`` joined side by side, then ``stretch_to_square``) under
    ``out_dir/stretched/{images,labels}/`` (labels already collapsed to the detector's classes); return
    them as a source. The same seed writes the same images.

    Some photos reach the detector squashed this way: a wide shot of a hand resized to a square by a
    labelling tool, so each tile is several times taller than it is wide (or, turned, wider than tall).
    The real Hong Kong photos hold such shots, and a detector that never saw one misses whole rows.
    """
    import cv2

    from vision.synth.dataset import write_image  # any folder name: cv2.imwrite crashed on one that is no UTF-8

    rng = random.Random(seed)
    pool = [(img, src.to_detector_class) for src in sources for _ in range(src.repeat) for img in src.images]
    if not pool:
        raise ValueError("stretched_source needs at least one source image")
    img_dir, lab_dir = Path(out_dir) / "stretched" / "images", Path(out_dir) / "stretched" / "labels"
    img_dir.mkdir(parents=True, exist_ok=True)
    lab_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    attempts = 0
    while len(written) < count and attempts < count * 5:
        attempts += 1
        band = _row_band(*pool[rng.randrange(len(pool))], rng)
        if band is None:
            continue
        bands = [band]
        # up to two more bands joined on: real squashed shots are up to 20 times wider than high
        for _ in range(rng.choices((0, 1, 2), weights=(0.4, 0.35, 0.25))[0]):
            band = _row_band(*pool[rng.randrange(len(pool))], rng)
            if band is not None:
                bands.append(band)
        out, cls, nb = stretch_to_square(*join_bands(bands), rng, size)
        name = f"stretch-{len(written):05d}"
        write_image(img_dir / f"{name}.jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (lab_dir / f"{name}.txt").write_text(yolo_label_text(cls, nb, size, size))
        written.append(img_dir / f"{name}.jpg")
        if progress and len(written) % 200 == 0:
            print(f"stretched {len(written)}/{count}", flush=True)
    return Source("stretched", tuple(written), lambda c: c, 1)


def labelled_source(data_yaml: Path, name: str | None = None) -> Source:
    """Photos labelled by tile id (``benchmarks/make_synth_hands.py``, a labelled photo set): the
    data.yaml's training photos (``vision.cropset.yolo_images``), a class named ``back`` kept as a back,
    every other as ``tile``."""
    from vision.cropset import yolo_images, yolo_names

    data_yaml = Path(data_yaml)
    if not data_yaml.is_file():
        raise FileNotFoundError(f"data file not found: {data_yaml}")
    names = yolo_names(data_yaml)
    backs = {i for i, n in enumerate(names) if n == "back"}
    images = tuple(yolo_images(data_yaml))
    if not images:
        raise FileNotFoundError(f"{data_yaml}: its training split names no photos")
    folder = data_yaml.parent
    return Source(name or f"{folder.parent.name}-{folder.name}", images, lambda c: 1 if c in backs else 0)


def build_main_set(synth_root: Path, out_dir: Path, hk_repeat: int = 4, stretched: int = 0,
                   extra: Iterable[Source] = ()) -> Path:
    """The detector's training set: every synthetic set under ``synth_root`` (train split; their val
    splits validate) plus the enrol part of the real Hong Kong photos repeated ``hk_repeat`` times.
    The held-out real photos are never used. ``stretched`` adds that many band-stretched images cut
    from the training sources (``stretched_source``); ``extra`` sources join the training split after."""
    sets = sorted(p.parent for p in Path(synth_root).glob("*/data.yaml"))
    if not sets:
        raise FileNotFoundError(f"no synthetic sets (*/data.yaml) under {synth_root}")
    train = [synth_source(d, "train") for d in sets] + [hk_source("enroll", repeat=hk_repeat)]
    if stretched:
        train.append(stretched_source(train, stretched, out_dir))
    val = [synth_source(d, "val") for d in sets]
    return build_dataset(train + list(extra), val, out_dir)


if __name__ == "__main__":
    from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split

    ap = UsageLinesParser(description="Build the detector training set (synthetic + real enrol part).",
                          formatter_class=HelpFormatter)
    ap.add_argument("--synth", type=Path, default=Path("datasets/generated/synth-det"))
    ap.add_argument("--out", type=Path, default=Path("datasets/generated/det-main"))
    ap.add_argument("--hk-repeat", type=int, default=4)
    ap.add_argument("--stretched", type=int, default=0, help="band-stretched images to add (see stretched_source)")
    ap.add_argument("--add-synth", type=Path, action="append", default=[], metavar="DIR",
                    help="another `tilelens synth` set whose photos (both splits) join the training split")
    ap.add_argument("--add-labelled", type=Path, action="append", default=[], metavar="DATA_YAML",
                    help="photos labelled by tile id (e.g. benchmarks/make_synth_hands.py) to train on too")
    a = ap.parse_args()
    from vision.cropset import CropDataError

    try:
        extra = [synth_source(d, split, name=f"{d.parent.name}-{d.name}-{split}")
                 for d in a.add_synth for split in ("train", "val")]
        extra += [labelled_source(y) for y in a.add_labelled]
        print(build_main_set(a.synth, a.out, a.hk_repeat, a.stretched, extra))
    except (FileNotFoundError, ValueError, CropDataError) as exc:
        raise SystemExit(f"error: {exc}") from None
