"""Small datasets built on the fly for the labelling tests (a few tiny photos, a few boxes)."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, Split, write_yolo

NAMES = ("1m", "2m", "5p", "7z")
PHOTOS = {  # path -> (size, boxes)
    "images/train/a.jpg": ((200, 100), (Box("1m", (0.10, 0.20, 0.30, 0.80)),
                                        Box("7z", (0.50, 0.10, 0.70, 0.90)))),
    "images/train/b.png": ((120, 160), (Box("2m", (0.05, 0.05, 0.45, 0.40)),)),
    "images/val/c.jpg": ((160, 160), (Box("1m", (0.20, 0.20, 0.40, 0.60)),
                                      Box("5p", (0.60, 0.20, 0.80, 0.60)),
                                      Box("1m", (0.41, 0.20, 0.59, 0.60)))),
}


def make_dataset(root: Path, photos: dict = PHOTOS, names: tuple[str, ...] = NAMES,
                 game: str | None = "tokyo-mahjong") -> Dataset:
    """Write tiny photos and their YOLO labels under ``root``; return the dataset written."""
    images = []
    for rel, (size, boxes) in photos.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", size, (90, 140, 90)).save(path)
        split = Split.VAL if "/val/" in rel else Split.TRAIN
        images.append(LabelledImage(rel, size, boxes, split))
    dataset = Dataset(names, tuple(images), game)
    write_yolo(dataset, root)
    return dataset


def same_boxes(a: Dataset, b: Dataset, tol: float = 1e-5) -> bool:
    """Same photos (by path) with the same kinds and corners within ``tol``, in order."""
    boxes_a = {im.path: im.boxes for im in a.images}
    boxes_b = {im.path: im.boxes for im in b.images}
    if boxes_a.keys() != boxes_b.keys():
        return False
    return all(len(boxes_a[p]) == len(boxes_b[p]) and
               all(x.close_to(y, tol) for x, y in zip(boxes_a[p], boxes_b[p])) for p in boxes_a)
