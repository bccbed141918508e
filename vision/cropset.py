"""Labelled tile crops for training the classifier, read from an Ultralytics dataset or a crop folder.

Each crop is stored with context: a square of side ``CONTEXT`` x the box's longer side, so training can
rotate, shift and rescale it and still cut a full crop like the one :func:`vision.classifier.crop_boxes`
cuts at run time. No torch here.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from scorer.result import TilelensInputError, cli_lang, said_in
from vision.classifier import crop_boxes
from vision.data_yaml import IMAGE_SUFFIXES, read_data_yaml, split_images
from vision.detections import Detections, DetectionsError
from vision.detector_data import label_path_of

CONTEXT = 2.0
# The progress bars' words, in the command line's language (``scorer.result.cli_lang``) where no language is given:
# of the crop readers, of crops rendered (``vision.scene_crops``) and of synthetic photos (``tilelens synth``); and
# their units, shown after the rate ("3.2枚/s").
BARS = {"en": {"cropping": "cropping", "reading": "reading crops", "rendering": "rendering {game} crops",
               "synth": "synth", "photo": "photo", "crop": "crop"},
        "ja": {"cropping": "切り抜き中", "reading": "切り抜きを読み込み中", "rendering": "{game} の切り抜きを描画中",
               "synth": "写真を合成中", "photo": "枚", "crop": "枚"}}
bar_said = partial(said_in, BARS)  # ``BARS[lang][key]`` filled in, by default in the command line's language
STORE = 96  # side of a stored crop, box plus context, for classifiers of crops up to 64 px


def store_size(crop_size: int) -> int:
    """Side in pixels of the stored crops a classifier of ``crop_size`` trains on: ``STORE`` up to 64 px
    (what every shipped 48 and 64 px model learnt from), above that 5/3 of the crop, a multiple of 8, so
    a tile keeps about the pixels that ``read`` will give it (160 for 96 px crops).

    >>> [store_size(s) for s in (48, 64, 96, 128)]
    [96, 96, 160, 216]
    """
    return STORE if crop_size <= 64 else -(-crop_size * 5 // 24) * 8


class CropDataError(TilelensInputError):
    """A training or enrolment folder that is not in a layout we read, or holds no labelled tiles;
    ``message_ja`` says it in Japanese where the app shows it."""


class Rows:
    """Rows ``index`` of the crops ``base`` (an array), each turned half round where ``turned`` says (none by
    default), read as the array of them is read (``rows[idx]``, slices, masks, ``rows[..., 0]``, ``np.asarray``),
    each read the reader's own copy: a subset of an enrolment's crops, or its face crops and the same turned
    (:meth:`both_ways`), that holds each crop once (an enrolment's 20,000 crops are 600 MB). Rows of rows are rows of
    the array underneath, their indices and turns composed."""

    def __init__(self, base, index: np.ndarray, turned: np.ndarray | None = None) -> None:
        index = np.asarray(index, np.intp)
        turned = np.zeros(len(index), bool) if turned is None else np.asarray(turned, bool)
        if isinstance(base, Rows):
            base, index, turned = base.base, base.index[index], base.turned[index] ^ turned
        self.base, self.index, self.turned = base, index, turned
        self.shape, self.dtype, self.ndim = (len(index), *base.shape[1:]), base.dtype, base.ndim

    @classmethod
    def both_ways(cls, upright) -> Rows:
        """The crops ``upright`` ``(n, S, S, 3)`` followed by the same turned half round, ``(2n, S, S, 3)``: a row past
        ``n`` is turned as it is read, so the crops are held once, not again turned and again stacked."""
        rows = np.arange(len(upright))
        return cls(upright, np.concatenate([rows, rows]), np.repeat([False, True], len(rows)))

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, key):
        if isinstance(key, tuple) or key is None or key is Ellipsis or np.ndim(key) > 1:
            return self._read(key)  # a key not of rows alone: read as numpy reads it
        rows = np.arange(len(self))[key]
        if rows.ndim == 0:  # one crop: a copy, as a batch of them is
            return self[rows[None]][0]
        out = self.base[self.index[rows]]
        turned = self.turned[rows]
        if turned.any():
            out[turned] = out[turned, ::-1, ::-1]
        return out

    def _read(self, key) -> np.ndarray:
        """``key`` (any an ndarray takes: rows and places within them, ``...``, ``None``, masks) as the array of the
        rows reads it: numpy indexes each axis's positions (held once, broadcast) with it, and the array underneath is
        read once at them, the rows mapped through ``index`` and a turned row's places turned too."""
        if not len(self):
            return np.zeros(self.shape, self.dtype)[key]
        at = [np.broadcast_to(np.arange(size).reshape([-1 if a == axis else 1 for a in range(self.ndim)]),
                              self.shape)[key] for axis, size in enumerate(self.shape)]
        turned = self.turned[at[0]]
        at[0] = self.index[at[0]]
        if turned.any():
            for axis in (1, 2):
                at[axis] = np.where(turned, self.shape[axis] - 1 - at[axis], at[axis])
        return self.base[tuple(at)]

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        whole = self[np.arange(len(self))]
        return whole if dtype is None else whole.astype(dtype)


@dataclass
class CropSet:
    """``images (n, S, S, 3)`` uint8 BGR crops with context, ``labels (n,)`` indices into ``classes``,
    ``groups (n,)`` the source photo of each crop (so splits never share a photo)."""

    images: np.ndarray
    labels: np.ndarray
    classes: list[str]
    groups: np.ndarray

    def __len__(self) -> int:
        return len(self.labels)

    def subset(self, mask: np.ndarray, view: bool = False) -> CropSet:
        """The crops where ``mask`` is true; a mask true everywhere gives the same crops, not a copy of them (an
        enrolment's 20,000 crops are 600 MB). With ``view``, :class:`Rows` of these crops, not a copy: for a set
        read a batch at a time and never written (an enrolment's crops learnt and kept out)."""
        mask = np.asarray(mask)
        if mask.dtype == bool and mask.shape == (len(self),) and mask.all():
            return CropSet(self.images, self.labels, self.classes, self.groups)
        images = Rows(self.images, np.arange(len(self))[mask]) if view else self.images[mask]
        return CropSet(images, self.labels[mask], self.classes, self.groups[mask])

    def faces(self) -> CropSet:
        """The crops whose class shows a face: backs and faces too hidden to read (``tile``,
        ``vision.eval_data.NAMELESS``) left out."""
        from vision.eval_data import NAMELESS

        return self.subset(np.array([c not in NAMELESS for c in self.classes], bool)[self.labels])

    def named(self) -> CropSet:
        """The face crops (:meth:`faces`) over the kinds a tile set reads: ``back`` and ``tile`` leave the
        class list too (they are the detector's classes, not kinds to name)."""
        from vision.eval_data import NAMELESS

        keep = [c for c in self.classes if c not in NAMELESS]
        faces = self.faces()
        table = np.array([keep.index(c) if c in keep else -1 for c in self.classes], np.int64)
        return CropSet(faces.images, table[faces.labels], keep, faces.groups)

    def counts(self) -> np.ndarray:
        """Crops per class."""
        return np.bincount(self.labels, minlength=len(self.classes))

    def remap(self, classes: list[str]) -> CropSet:
        """The same crops with labels indexing ``classes`` (a superset of this set's classes)."""
        missing = [c for c in self.classes if c not in classes]
        if missing:
            raise CropDataError(f"classes not in the target class list: {', '.join(missing)}",
                                f"目的の種類の一覧にない種類があります: {', '.join(missing)}")
        table = np.array([classes.index(c) for c in self.classes], np.int64)
        return CropSet(self.images, table[self.labels], list(classes), self.groups)

    def save(self, path: Path) -> None:
        """Write a compressed ``.npz`` cache."""
        np.savez_compressed(path, images=self.images, labels=self.labels,
                            classes=np.array(self.classes), groups=self.groups)

    @classmethod
    def load(cls, path: Path) -> CropSet:
        """Read a cache written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as z:
            return cls(z["images"], z["labels"].astype(np.int64), [str(c) for c in z["classes"]],
                       z["groups"])

    @classmethod
    def concat(cls, sets: list[CropSet]) -> CropSet:
        """One set of several with the same classes."""
        return cls(np.concatenate([s.images for s in sets]), np.concatenate([s.labels for s in sets]),
                   sets[0].classes, np.concatenate([s.groups for s in sets]))


def parse_yolo_labels(text: str, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """YOLO label lines ``cls xc yc w h`` (normalised) -> ``(class_ids (n,), xyxy (n, 4))`` in pixels
    (``Detections.from_yolo_labels`` as two arrays).

    >>> parse_yolo_labels("3 0.5 0.5 0.2 0.4", 100, 50)[1].tolist()
    [[40.0, 15.0, 60.0, 35.0]]
    """
    try:
        labels = Detections.from_yolo_labels(text, (width, height))
    except DetectionsError as exc:
        raise CropDataError(str(exc), f"ラベルファイルに読めない行があります ({exc})") from None
    return labels.class_id, labels.xyxy


def read_image(path: Path) -> np.ndarray:
    """A BGR image (EXIF orientation applied by ``vision.load_image``); ``CropDataError`` if unreadable."""
    try:
        from vision.image_io import load_image
    except ImportError:  # the shared loader is another module's; fall back to OpenCV alone
        load_image = None
    if load_image is not None:
        return load_image(path)
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise CropDataError(f"cannot read image {path}", f"写真を読めません: {path}")
    return image


def yolo_names(data_yaml: Path) -> list[str]:
    """Class names of an Ultralytics ``data.yaml`` (``names`` as a list or a dict)."""
    from vision.detector_data import class_names

    names = class_names(read_data_yaml(data_yaml, CropDataError).get("names"))
    if not names:
        raise CropDataError(f"{data_yaml}: field names must list the tile kinds",
                            f"{data_yaml}: names の欄に牌の種類を並べてください")
    return names


def detector_boxes(detector, image: np.ndarray, cls: np.ndarray, xyxy: np.ndarray,
                   min_iou: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """The detector's face boxes on a labelled photo, each labelled with the truth box it overlaps most
    (IoU >= ``min_iou``): crops cut the way ``read`` will cut them, off-centre boxes included."""
    from vision.detections import box_iou

    det = detector.detect(image)
    det = det[det.class_id == 0]
    if len(det) == 0 or len(xyxy) == 0:
        return np.zeros(0, np.int64), np.zeros((0, 4), np.float32)
    iou = box_iou(det.xyxy, xyxy)
    best = iou.argmax(1)
    keep = iou[np.arange(len(det)), best] >= min_iou
    return cls[best[keep]], det.xyxy[keep].astype(np.float32)


def labelled_photos(images: list[Path], names: list[str], progress: bool = True, desc: str | None = None,
                    lang: str | None = None) -> Iterator[tuple[Path, np.ndarray, np.ndarray, np.ndarray]]:
    """``(path, image, class ids, xyxy)`` for each of ``images`` that has a label file (Ultralytics layout);
    a class beyond ``names`` is a ``CropDataError`` naming the label file. The progress bar says ``desc``, by
    default "cropping" in ``lang`` (the command line's where not given)."""
    desc = desc or bar_said("cropping", lang)
    for path in progress_bar(images, asked=progress, desc=desc, unit=bar_said("photo", lang), lang=lang, bar=tqdm):
        lp = label_path_of(path)
        if not lp.is_file():
            continue
        image = read_image(path)
        try:
            cls, xyxy = parse_yolo_labels(lp.read_text(), image.shape[1], image.shape[0])
        except CropDataError as exc:  # which file holds the bad line: the eval names it too
            raise CropDataError(f"{lp}: {exc}", f"{lp}: {exc.message_ja or exc}") from None
        if len(cls) and cls.max() >= len(names):
            raise CropDataError(f"{lp}: class {int(cls.max())} is beyond the {len(names)} names of data.yaml",
                                f"{lp}: 牌の番号 {int(cls.max())} が data.yaml の {len(names)}種類を超えています")
        yield path, image, cls, xyxy


def from_yolo(images: list[Path], names: list[str], size: int = 96, progress: bool = True,
              detector=None) -> CropSet:
    """Crops of every labelled box of ``images`` (Ultralytics layout), with context, at ``size`` px; with
    a ``detector``, also crops of its boxes on the same photos (labelled by overlap with the truth). The crops are
    cut into one array (:class:`_Filling`), room made for the boxes the label files hold (twice as many, and two a
    photo more, with a detector), so the crops are never held twice (as each photo's gathered and then joined
    would be)."""
    boxes = _boxes_listed(images)
    crops = _Filling(size, boxes if detector is None else 2 * boxes + 2 * len(images))
    labels, groups = [], []
    for path, image, cls, xyxy in labelled_photos(images, names, progress):
        if detector is not None:
            det_cls, det_xyxy = detector_boxes(detector, image, cls, xyxy)
            cls, xyxy = np.concatenate([cls, det_cls]), np.concatenate([xyxy, det_xyxy])
        crops.add(crop_boxes(image, xyxy, size, margin=0.0, context=CONTEXT))
        labels.append(cls)
        groups += [path.name] * len(cls)
    if not groups:
        raise CropDataError("no labelled tiles found (no photo's label file has a box): draw the boxes of the tiles "
                            "on the photos, then accept them",
                            "ラベルの付いた牌が1枚もありません (写真に枠を付けてから OK にしてください)")
    return CropSet(crops.cut(), np.concatenate(labels), list(names), np.array(groups))


def _boxes_listed(images: list[Path]) -> int:
    """The boxes the label files of ``images`` hold (their lines not blank, as ``parse_yolo_labels`` reads them): the
    crops ``from_yolo`` cuts of their labels. One it cannot read counts none (the cutting says why)."""
    boxes = 0
    for path in images:
        try:
            boxes += sum(1 for line in label_path_of(path).read_text(encoding="utf-8", errors="replace").splitlines()
                         if line.strip())
        except OSError:
            pass
    return boxes


class _Filling:
    """Crops of side ``size`` filled into one uint8 array of room for ``room`` of them: room not filled is never
    written, so never held in memory (a box more than counted makes room for half as many more, copying those cut)."""

    def __init__(self, size: int, room: int) -> None:
        self.array, self.n = np.empty((max(room, 1), size, size, 3), np.uint8), 0

    def add(self, crops: np.ndarray) -> None:
        end = self.n + len(crops)
        if end > len(self.array):
            grown = np.empty((max(end, len(self.array) * 3 // 2), *self.array.shape[1:]), np.uint8)
            grown[:self.n] = self.array[:self.n]
            self.array = grown
        self.array[self.n:end] = crops
        self.n = end

    def cut(self) -> np.ndarray:
        """The crops cut, in the order added."""
        return self.array[:self.n]


def from_folder(root: Path, size: int = 96, progress: bool = True) -> CropSet:
    """Crops laid out as ``root/<tile id>/*.jpg`` (each image one tile, filling most of it)."""
    classes = sorted(d.name for d in root.iterdir() if d.is_dir() and not d.name.startswith("."))
    labels, groups = [], []
    files = [(i, f) for i, c in enumerate(classes) for f in sorted((root / c).iterdir())
             if f.suffix.lower() in IMAGE_SUFFIXES]
    crops = _Filling(size, len(files))  # one crop a file: cut into one array, as ``from_yolo``'s are
    for i, f in progress_bar(files, asked=progress, desc=bar_said("reading"), unit=bar_said("crop"), bar=tqdm):
        image = read_image(f)
        h, w = image.shape[:2]
        # The crop is the tile itself: its box is the whole image, less the margin a person leaves.
        box = np.array([[w * 0.04, h * 0.04, w * 0.96, h * 0.96]], np.float32)
        crops.add(crop_boxes(image, box, size, margin=0.0, context=CONTEXT))
        labels.append(i)
        groups.append(f.name)
    if not groups:
        raise CropDataError(f"{root}: no crops found (expected {root}/<tile id>/*.jpg)",
                            f"{root}: 切り抜きがありません ({root}/<牌の id>/*.jpg の形で置いてください)")
    return CropSet(crops.cut(), np.array(labels, np.int64), classes, np.array(groups))


def yolo_images(data_yaml: Path, split: str = "train") -> list[Path]:
    """The images of one split of an Ultralytics ``data.yaml`` (its ``train`` when it has no ``split``):
    ``vision.data_yaml.split_images``."""
    return split_images(read_data_yaml(data_yaml, CropDataError), data_yaml, split, "train", CropDataError)


def labelled_counts(root: Path) -> np.ndarray | None:
    """Labelled boxes of each kind of a photo dataset, in the order of its ``data.yaml`` names (the classes
    ``from_dir`` gives it), from the label files alone; None for a folder of crops, where every crop is
    one labelled tile."""
    root = Path(root)
    data_yaml = root if root.suffix in {".yaml", ".yml"} else root / "data.yaml"
    if not data_yaml.is_file():
        return None
    names = yolo_names(data_yaml)
    ids = [int(line.split()[0]) for path in yolo_images(data_yaml) if label_path_of(path).is_file()
           for line in label_path_of(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return np.bincount(np.array(ids, np.int64), minlength=len(names))


def from_dir(root: Path, size: int = 96, progress: bool = True, detector=None) -> CropSet:
    """Read either layout: an Ultralytics dataset (``data.yaml`` whose ``train`` names the photos, with
    ``labels/`` beside ``images/``; ``detector`` adds crops of its boxes) or crops in one folder per
    tile id."""
    root = Path(root)
    if root.is_file() and root.suffix in {".yaml", ".yml"}:
        return from_yolo(yolo_images(root), yolo_names(root), size, progress, detector)
    if root.is_file():  # a photo or an archive: there, but nothing we read labelled tiles from
        raise CropDataError(f"{root} is a file, not a data.yaml or a folder of labelled photos or crops",
                            f"{root} はファイルです: data.yaml か、ラベル付きの写真か切り抜きのフォルダを指定してください")
    if not root.exists() and root.suffix in {".yaml", ".yml"}:  # a data.yaml named, not a folder
        raise CropDataError(f"{root}: no such file", f"{root}: ファイルがありません")
    if not root.is_dir():
        raise CropDataError(f"data folder not found: {root}", f"データのフォルダがありません: {root}")
    if (root / "data.yaml").is_file():
        return from_yolo(yolo_images(root / "data.yaml"), yolo_names(root / "data.yaml"), size, progress,
                         detector)
    if (root / "images").is_dir() and (root / "labels").is_dir():  # not two tile kinds called so
        raise CropDataError(f"{root} holds images/ and labels/ but no data.yaml naming the tile kinds (names:): "
                            f"write one, or name it with --data",
                            f"{root} には images/ と labels/ がありますが、牌の種類名 (names:) を書いた data.yaml が"
                            f"ありません: 書くか、--data でその data.yaml を指定してください")
    return from_folder(root, size, progress)


def run_crops(cache: Path, sources: dict[str, list[Path]], resume: bool, cut: Callable[[], CropSet],
              error: type[TilelensInputError]) -> CropSet:
    """The crops a training run learns from: ``cut()``, cached in ``cache`` (``.npz``) with, beside it
    (``.json``), what they were cut from: ``sources``, each option and the files it names. With ``resume``,
    the cached ones; ``error`` when an option now names other files than those (the run would go on
    learning the crops of the files it was first given, whatever the option says)."""
    if resume and cache.is_file():
        record = cache.with_suffix(".json")
        try:
            cut_from = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            print(f"注意: {cache} に保存された切り抜きで再開します。以前の版が、どの写真から切り抜いたかを書かずに"
                  f"保存したので、この学習で指定したものと同じかは確かめていません" if cli_lang() == "ja" else
                  f"note: resuming on the crops cached in {cache}; an earlier version wrote them without saying "
                  f"which photos they were cut from, so what this run names is not checked against them",
                  file=sys.stderr)
            return CropSet.load(cache)
        differ = [(opt, files, cut_from.get(opt) or []) for opt, files in sources.items()
                  if sorted(_resolved(files)) != sorted(cut_from.get(opt) or [])]
        if differ:
            given = "; ".join(" ".join(f"{opt} {f}" for f in files) or f"no {opt}" for opt, files, _ in differ)
            own = "; ".join(" ".join(f"{opt} {f}" for f in was) or f"no {opt}" for opt, _, was in differ)
            raise error(f"{given}: not what the run in {cache.parent} cut its crops from ({own}); --resume "
                        f"continues it on those ({cache}): give the run's own, or train afresh without --resume "
                        f"(in another --out to keep this run)",
                        f"{given}: {cache.parent} の学習が切り抜いたもの ({own}) と違います。--resume はその切り抜き "
                        f"({cache}) で続けます: その学習のものを指定するか、--resume なしで最初から学習してください "
                        f"(この学習を残すなら別の --out で)")
        return CropSet.load(cache)
    data = cut()
    cache.parent.mkdir(parents=True, exist_ok=True)
    data.save(cache)
    cache.with_suffix(".json").write_text(json.dumps({opt: _resolved(files) for opt, files in sources.items()},
                                                     indent=1) + "\n", encoding="utf-8")
    return data


def _resolved(files: list[Path]) -> list[str]:
    return [str(Path(f).resolve()) for f in files]
