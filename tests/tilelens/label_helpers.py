"""Small datasets built on the fly for the labelling tests (a few tiny photos, a few boxes)."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
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


class FixedReader:
    """Proposes the same three tiles on every photo: a 1m, a tile back, and a kind the game lacks."""

    def __init__(self):
        self.calls = 0

    def read(self, image, source=None):
        self.calls += 1
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[
            SimpleNamespace(xyxy=(0.1 * w, 0.2 * h, 0.3 * w, 0.8 * h), kind="1m", is_back=False),
            SimpleNamespace(xyxy=(0.4 * w, 0.2 * h, 0.6 * w, 0.8 * h), kind="back", is_back=True),
            SimpleNamespace(xyxy=(0.7 * w, 0.2 * h, 1.2 * w, 0.8 * h), kind="dragon", is_back=False),
            SimpleNamespace(xyxy=(0.7 * w, 0.2 * h, 1.2 * w, 0.8 * h), kind="7z", is_back=False)])


class OneTileReader:
    """Proposes one tile of ``kind`` in the middle of every photo."""

    def __init__(self, kind: str):
        self.kind = kind

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind=self.kind,
                                                      is_back=False)], other_game=False)


SET_KINDS = ("1m", "1p", "5p")


def two_sets(models: Path, kinds: tuple[str, ...] = SET_KINDS) -> Path:
    """Two taught sets of one tile list ``kinds``, ``mine`` and ``other``, in the models folder ``models`` (a
    ``TILELENS_MODELS`` folder, or the home folder where the app looks); returns ``models``."""
    for name in ("mine", "other"):
        (models / "tilesets" / name).mkdir(parents=True)
        (models / "tilesets" / name / "tileset.json").write_text(json.dumps({"name": name, "kinds": list(kinds)}))
    return models


@pytest.fixture
def sets_of_one_list(tmp_path, monkeypatch) -> Path:
    """:func:`two_sets` in a models folder of the test's own (``TILELENS_MODELS``)."""
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    return two_sets(tmp_path / "models")


def plain_photos(root: Path, n: int) -> Path:
    """The folder ``root``, made, holding ``n`` photos ``p0.jpg``, ``p1.jpg``... (160x120, each its own colour)."""
    root.mkdir(parents=True)
    for i in range(n):
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / f"p{i}.jpg")
    return root


def prelabelled_photos(root: Path, n: int, game: str | None = None, tileset: str | None = None,
                       kind: str = "1m") -> Path:
    """:func:`plain_photos` pre-labelled with ``game``'s model or the set ``tileset``, a ``kind`` proposed in each
    (``OneTileReader``); returns ``root``."""
    from tilelens.labelling.prelabel import prelabel_folder

    plain_photos(root, n)
    prelabel_folder(root, game, tileset, reader=OneTileReader(kind), progress=False)
    return root


def as_roboflow(root: Path) -> None:
    """Lay the dataset ``make_dataset`` wrote out as a Roboflow export does: each split a folder of its own,
    ``train/images`` and ``valid/images``, its labels beside them (``train/labels``), named so in data.yaml."""
    import shutil

    import yaml

    for ours, theirs in (("train", "train"), ("val", "valid")):
        for kind in ("images", "labels"):
            if (root / kind / ours).is_dir():
                (root / theirs).mkdir(exist_ok=True)
                shutil.move(root / kind / ours, root / theirs / kind)
    for kind in ("images", "labels"):
        (root / kind).rmdir()
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    data.update(train="train/images", val="valid/images")
    (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def roboflow_export(root: Path, names: tuple[str, ...] = ("1m", "2m", "3m"), extra: str = "") -> str:
    """A YOLO export as Roboflow's download unpacks it, unedited: ``train/``, ``valid/`` and ``test/`` each of
    ``images/`` and ``labels/`` (one 60x90 photo with one box each: ``train/images/t.jpg``, ``valid/images/v.jpg``,
    ``test/images/x.jpg``), and a ``data.yaml`` beside them with no ``path:`` whose splits are named from one
    folder up (``train: ../train/images``), which Ultralytics trains on (``check_det_dataset`` takes such an
    entry without its ``../`` where it does not exist). ``extra``: lines added to the file (``game: ...``).
    Returns the text of ``data.yaml``."""
    for folder, stem in (("train", "t"), ("valid", "v"), ("test", "x")):
        (root / folder / "images").mkdir(parents=True)
        (root / folder / "labels").mkdir()
        Image.new("RGB", (60, 90), (90, 140, 90)).save(root / folder / "images" / f"{stem}.jpg")
        (root / folder / "labels" / f"{stem}.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    text = ("train: ../train/images\nval: ../valid/images\ntest: ../test/images\n\n"
            f"nc: {len(names)}\nnames: [{', '.join(repr(n) for n in names)}]\n\n"
            "roboflow:\n  workspace: someone\n  project: mahjong-tiles\n  version: 1\n  license: CC BY 4.0\n"
            "  url: https://universe.roboflow.com/someone/mahjong-tiles/dataset/1\n" + extra)
    (root / "data.yaml").write_text(text, encoding="utf-8")
    return text


def run(capsys, *argv):
    """``tilelens ARGV`` as a person types it: its exit status (argparse's too), stdout and stderr."""
    from tilelens.cli import main as tilelens

    try:
        code = tilelens([str(a) for a in argv])
    except SystemExit as usage:
        code = usage.code
    out, err = capsys.readouterr()
    return code, out, err


def coco_of_one_photo(folder: Path) -> None:
    """``folder/coco.json`` labelling one photo outside the dataset, ``folder/far.jpg``, with a 1m."""
    folder.mkdir()
    Image.new("RGB", (100, 100), (200, 20, 20)).save(folder / "far.jpg")
    coco = {"images": [{"id": 1, "file_name": "far.jpg", "width": 100, "height": 100}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (folder / "coco.json").write_text(json.dumps(coco))
