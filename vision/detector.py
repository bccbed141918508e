"""The tile detector at run time: an exported YOLO model run with onnxruntime (no torch).

``Detector.load()`` opens the shipped ``detector.onnx`` (in ``$TILELENS_MODELS`` or ``models/``);
``.detect(image)`` letterboxes the photo to the model's square input, decodes the raw head output
(``(1, 4 + classes, anchors)``, boxes as centre/size in input pixels), keeps confident boxes, suppresses
overlaps across classes (a tile is a face or a back, never both) and maps the boxes back to original-image
pixels. ``detect_in_windows`` finds them in overlapping windows along a long photo instead (a small hand in
a panorama).
"""
from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.paths import refuse_loop
from scorer.result import TilelensInputError
from vision.detections import Detections, concat, nms
from vision.detector_data import class_names, not_detector_names
from vision.image_io import Letterbox, letterbox, load_image
from vision.onnx_session import open_session


MODELS_NOUN = ("models folder", "モデルのフォルダ")  # what a --models that is a loop of links reaches not (``refuse_loop``)


def package_models_dir() -> Path:
    """The ``models/`` beside the code: the repository's, or the one installed with the package."""
    return Path(__file__).resolve().parents[1] / "models"


def default_models_dir() -> Path:
    """Where shipped models live: ``$TILELENS_MODELS`` or :func:`package_models_dir`."""
    env = os.environ.get("TILELENS_MODELS")
    return Path(env).expanduser() if env else package_models_dir()  # ~ as the shell would


def _package_models(models: str | Path | None) -> bool:
    """Whether ``models`` (None: the default) is :func:`package_models_dir`, the models beside the code: no
    ``$TILELENS_MODELS``, and no other folder named (``--models``)."""
    if os.environ.get("TILELENS_MODELS"):
        return False
    try:
        return models is None or Path(models).expanduser().resolve() == package_models_dir().resolve()
    except (OSError, RuntimeError):  # a loop of links (Python 3.11: RuntimeError), said as one, not a traceback
        refuse_loop(Path(models).expanduser(), MODELS_NOUN)
        raise


def installed_models(models: str | Path | None = None) -> bool:
    """Whether ``models`` (default :func:`default_models_dir`) is an installed package's models folder (no
    ``pyproject.toml`` beside it, as a repository checkout has; no ``$TILELENS_MODELS``): shipped data, not
    a user's to write (root's on a system install, replaced on an upgrade)."""
    return _package_models(models) and not (package_models_dir().parent / "pyproject.toml").is_file()


def user_tilesets_dir() -> Path:
    """Where the tile sets a user enrols are kept when the models are an installed package's, or a checkout's with
    ``TILELENS_HOME`` set: ``$TILELENS_HOME/tilesets`` (``tilelens.home.home_dir``: the user's data, kept over an
    upgrade, and each home's own where clubs share one checkout)."""
    from tilelens.home import home_dir

    return home_dir() / "tilesets"


def tileset_dirs(models: str | Path | None = None) -> list[Path]:
    """The folders enrolled tile sets are looked up in, in order; a new set is written to the first.
    ``models/tilesets`` of ``models`` (default :func:`default_models_dir`: ``$TILELENS_MODELS`` or the
    repository's ``models/``); with an installed package's models, or a checkout's where ``TILELENS_HOME`` is set
    (``tilelens.home.home_set``: not the default ``~/.tilelens``), the user's :func:`user_tilesets_dir` first, then
    the models' own (the shipped sets, and in a checkout those taught there before: still found and read). With
    ``$TILELENS_MODELS`` or another models folder named, that folder's only, as before."""
    from tilelens.home import home_set

    folder = Path(models).expanduser() if models is not None else default_models_dir()
    if installed_models(folder) or (home_set() and _package_models(folder)):
        user = user_tilesets_dir()
        if user.resolve() != (folder / "tilesets").resolve():  # a home that is the models folder: one place
            return [user, folder / "tilesets"]
    return [folder / "tilesets"]


def find_tileset(name: str, models: str | Path | None = None) -> Path | None:
    """The folder of the enrolled tile set ``name`` (the first of :func:`tileset_dirs` holding its
    ``tileset.json``: the user's before a shipped one of that name), None when there is none."""
    for parent in tileset_dirs(models):
        if (parent / name / "tileset.json").is_file():
            return parent / name
    return None


def tileset_without_meta(name: str, models: str | Path | None = None) -> Path | None:
    """Where :func:`find_tileset` finds no set ``name``: the first folder of that name in :func:`tileset_dirs` (its
    ``tileset.json`` missing: deleted, moved, or a folder copied without it), said as such rather than as a set
    never enrolled; None where there is none, or ``name`` is no set's own name (".", a path, ``.enrolling``)."""
    if not name or name.startswith(".") or "/" in name or "\\" in name:
        return None
    for parent in tileset_dirs(models):
        if os.path.isdir(parent / name):
            return parent / name
    return None


def new_tileset_dir(name: str, models: str | Path | None = None) -> Path:
    """Where an enrolment writes the tile set ``name``: in the first of :func:`tileset_dirs`."""
    return tileset_dirs(models)[0] / name


def enrolled_tilesets(models: str | Path | None = None) -> dict[str, Path]:
    """Every enrolled tile set, name -> the folder read (the user's where a shipped set has that name
    too), by name."""
    found: dict[str, Path] = {}
    for parent in tileset_dirs(models):
        for meta in sorted(parent.glob("*/tileset.json")):
            found.setdefault(meta.parent.name, meta.parent)
    return dict(sorted(found.items()))


def tilesets_listed(models: str | Path | None = None, japanese: bool = False) -> str:
    """The enrolled tile sets in words, each followed by its folder where sets are kept in two places
    ("none" when there are none)."""
    sets, dirs = enrolled_tilesets(models), tileset_dirs(models)
    if not sets:
        return "なし" if japanese else "none"
    if len(dirs) == 1:
        return ", ".join(sets)
    return ", ".join(f"{name} ({folder.parent})" for name, folder in sets.items())


def default_model() -> Path:
    """The shipped detector: ``detector.onnx`` in :func:`default_models_dir`."""
    return default_models_dir() / "detector.onnx"


class ModelError(TilelensInputError):
    """A model file that is missing or cannot be run."""


def decode_yolo_output(raw: np.ndarray, conf: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Split a raw YOLO head ``(4 + nc, anchors)`` into xyxy boxes, scores and classes above ``conf``.

    >>> raw = np.array([[10.0, 50.0], [10.0, 50.0], [4.0, 4.0], [2.0, 2.0], [0.9, 0.1], [0.05, 0.2]])
    >>> xyxy, score, cls = decode_yolo_output(raw, 0.5)
    >>> xyxy.tolist(), [round(float(s), 2) for s in score], cls.tolist()
    ([[8.0, 9.0, 12.0, 11.0]], [0.9], [0])
    """
    cls_scores = raw[4:]
    cls = cls_scores.argmax(axis=0)
    score = cls_scores[cls, np.arange(cls_scores.shape[1])]
    keep = score > conf
    cx, cy, w, h = raw[:4, keep]
    xyxy = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
    return xyxy.astype(np.float32), score[keep].astype(np.float32), cls[keep].astype(np.int64)


ZOOM_BELOW = 32.0  # px: tiles whose median short side in the detector's input is under this may be looked at closer
ZOOM_GAIN = 1.5  # ... when the part of the photo around them is read this many times larger or more


def zoom_region(xyxy: np.ndarray, width: int, height: int, imgsz: int) -> tuple[int, int, int, int] | None:
    """The part of a ``width`` x ``height`` photo to look at again, closer, when the detector found the
    tiles ``xyxy`` small in its ``imgsz`` input (a hand photographed from a distance, a few tiles on a big
    table): the bounds of every box with a margin of one tile's long side, when read alone they stand
    ``ZOOM_GAIN`` times larger or more and their median short side was under ``ZOOM_BELOW`` input pixels;
    else None. Tiles spread over the whole photo, or large already, are not zoomed.

    >>> row = np.array([[800 + 40 * i, 900, 838, 955] for i in range(14)], np.float64)
    >>> row[:, 2] = row[:, 0] + 38
    >>> zoom_region(row, 3000, 2000, 544)
    (745, 845, 1413, 1010)
    >>> zoom_region(row - [700, 800, 700, 800], 700, 300, 544) is None  # a row that fills its photo
    True
    """
    xyxy = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if len(xyxy) == 0:
        return None
    wh = xyxy[:, 2:] - xyxy[:, :2]
    scale = imgsz / max(width, height)
    if float(np.median(wh.min(axis=1))) * scale >= ZOOM_BELOW:
        return None
    margin = float(np.median(wh.max(axis=1)))
    x0, y0 = np.floor(np.maximum(xyxy[:, :2].min(axis=0) - margin, 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(xyxy[:, 2:].max(axis=0) + margin, [width, height])).astype(int)
    if x1 - x0 < 2 or y1 - y0 < 2 or max(width, height) / max(x1 - x0, y1 - y0) < ZOOM_GAIN:
        return None
    return int(x0), int(y0), int(x1), int(y1)


WINDOW_ASPECT = 2.0  # a photo whose long side is this many times its short side or more may be read in windows,
# each this many times the short side long (a small hand in a panorama: its tiles shrink to 8-11 px whole)


def long_windows(width: int, height: int, aspect: float = WINDOW_ASPECT) -> list[tuple[int, int, int, int]]:
    """Windows ``(x0, y0, x1, y1)`` along the long side of a ``width`` x ``height`` photo, each the whole
    short side across and ``aspect`` times it long, each overlapping the next by half or more (a tile cut by
    one window's edge lies whole in the next); ``[]`` for a photo less than ``aspect`` times as long as it
    is wide, or one window long.

    >>> long_windows(1600, 400)
    [(0, 0, 800, 400), (400, 0, 1200, 400), (800, 0, 1600, 400)]
    >>> long_windows(300, 1000)
    [(0, 0, 300, 600), (0, 200, 300, 800), (0, 400, 300, 1000)]
    >>> long_windows(1000, 600), long_windows(800, 400)
    ([], [])
    """
    long, short = max(width, height), min(width, height)
    size = int(round(aspect * short))
    if short < 1 or long <= size:
        return []
    n = int(np.ceil((long - size) / (size / 2))) + 1
    starts = np.linspace(0, long - size, n).round().astype(int)
    if width >= height:
        return [(int(s), 0, int(s) + size, height) for s in starts]
    return [(0, int(s), width, int(s) + size) for s in starts]


def detect_in_windows(detector, image: np.ndarray, iou: float | None = None,
                      windows: list[tuple[int, int, int, int]] | None = None) -> Detections:
    """The boxes ``detector`` finds (``detect(..., zoom=True)``: each window looked at closer where its tiles
    are small) in the :func:`long_windows` of ``image``, in its pixels: boxes an inner window edge cuts are
    left to the next window, which holds them whole, and a tile found in two windows is kept once
    (non-maximum suppression at the detector's ``iou``). What a small hand in a long photo is read from,
    when the photo read whole shows too few of its tiles. ``windows``: others than the long ones (``vision.closer``'s
    busiest windows of a big photo), ``(x0, y0, x1, y1)`` each."""
    h, w = image.shape[:2]
    iou = getattr(detector, "iou", 0.6) if iou is None else iou
    parts = []
    for x0, y0, x1, y1 in long_windows(w, h) if windows is None else windows:
        det = detector.detect(image[y0:y1, x0:x1], zoom=True)
        cut = np.zeros(len(det), bool)  # touching an edge of the window that is no edge of the photo
        if x0 > 0:
            cut |= det.xyxy[:, 0] <= 1
        if y0 > 0:
            cut |= det.xyxy[:, 1] <= 1
        if x1 < w:
            cut |= det.xyxy[:, 2] >= x1 - x0 - 1
        if y1 < h:
            cut |= det.xyxy[:, 3] >= y1 - y0 - 1
        parts.append(det[~cut].shifted(x0, y0))
    det = concat(parts)
    return det[nms(det.xyxy, det.confidence, iou)] if len(det) else det


def input_blob(image_bgr: np.ndarray, imgsz: int) -> tuple[np.ndarray, Letterbox]:
    """A BGR photo as the detector's input, float32 (1, 3, imgsz, imgsz) RGB 0..1, and its letterbox."""
    inp, lb = letterbox(image_bgr, imgsz)
    return np.ascontiguousarray(inp[:, :, ::-1].transpose(2, 0, 1))[None].astype(np.float32) / 255.0, lb


@dataclass
class Detector:
    """An ONNX YOLO detector; ``names`` maps class ids to names (``0 tile``, ``1 back``)."""

    session: object
    imgsz: int
    names: dict[int, str]
    conf: float = 0.25
    iou: float = 0.6
    max_det: int = 300
    path: Path | None = None  # the file it was loaded from

    @classmethod
    def load(cls, path: str | Path | None = None, intra_threads: int | None = None) -> Detector:
        """Open an exported detector (default ``detector.onnx`` in ``$TILELENS_MODELS`` or ``models/``) on
        ``intra_threads`` threads (default 2)."""
        path = Path(path) if path else default_model()
        if path.is_dir():  # "not found" of a folder that is there misleads
            raise ModelError(f"{path}: is a folder, not a detector model (an .onnx file)",
                             f"{path}: フォルダです。牌を見つけるモデル (.onnx のファイル) を指定してください")
        if not path.is_file():
            raise ModelError(f"detector model not found: {path}", f"牌を見つけるモデルが見つかりません: {path}")
        session = open_session(path, intra_threads or 2,
                               lambda why: ModelError(f"{path}: cannot load the detector model ({why})",
                                                      f"{path}: 牌を見つけるモデルを読み込めません ({why})"))
        shape = session.get_inputs()[0].shape
        imgsz = shape[2] if isinstance(shape[2], int) else 640
        meta = session.get_modelmeta().custom_metadata_map
        names = ast.literal_eval(meta["names"]) if "names" in meta else {0: "tile", 1: "back"}
        out = session.get_outputs()[0].shape
        if len(shape) != 4 or len(out) != 3 or (isinstance(out[1], int) and out[1] != 4 + len(names)):
            raise ModelError(f"{path}: not a tile detector (input {list(shape)}, output {list(out)}; a YOLO "
                             f"detector takes (1, 3, size, size) and gives (1, 4 + {len(names)} classes, boxes))",
                             f"{path}: 牌を見つけるモデルではありません (入力 {list(shape)}、出力 {list(out)})")
        if (other := not_detector_names(class_names(names) or [])) is not None:  # one trained on tile kinds
            raise ModelError(f"{path}: not a tile detector: {other[0]}, not 0 tile and 1 back (trained on photos "
                             f"labelled by kind?): give a detector trained on tile and back boxes (`tilelens train "
                             f"detector`), or leave it out for the shipped one",
                             f"{path}: 牌を見つけるモデルではありません: 種類が 0 tile と 1 back ではなく、{other[1]}です "
                             f"(種類ごとにラベルを付けた写真で学習したもの?): 牌と裏の枠で学習した検出器 (`tilelens train "
                             f"detector`) を指定するか、指定せずに同梱のものを使ってください")
        return cls(session, int(imgsz), {int(k): str(v) for k, v in names.items()}, path=path)

    def detect(self, image, conf: float | None = None, iou: float | None = None, zoom: bool = False) -> Detections:
        """Find the tiles in a photo (path, bytes or BGR array); boxes in original-image pixels.

        ``data["class_name"]`` carries each box's class name. ``zoom``: where the tiles it is sure of
        (``self.conf``) are small and close together in the photo (:func:`zoom_region`), that part of the
        photo is read again alone, larger, and its boxes are the answer (what the reader does).
        """
        img = load_image(image)
        det = self._detect(img, conf, iou)
        if zoom:
            region = zoom_region(det.xyxy[det.confidence >= self.conf], img.shape[1], img.shape[0], self.imgsz)
            if region is not None:
                x0, y0, x1, y1 = region
                det = self._detect(img[y0:y1, x0:x1], conf, iou).shifted(x0, y0)
        return det

    def _detect(self, img: np.ndarray, conf: float | None, iou: float | None) -> Detections:
        blob, lb = input_blob(img, self.imgsz)
        raw = self.session.run(None, {self.session.get_inputs()[0].name: blob})[0][0]
        xyxy, score, cls = decode_yolo_output(raw, self.conf if conf is None else conf)
        keep = nms(xyxy, score, self.iou if iou is None else iou)[: self.max_det]
        boxes = lb.to_original(xyxy[keep])
        names = np.array([self.names.get(int(c), str(c)) for c in cls[keep]], dtype=object)
        det = Detections(boxes, score[keep], cls[keep], {"class_name": names})
        # boxes squashed to nothing by clipping at the image border are not tiles
        return det[(det.xyxy[:, 2] - det.xyxy[:, 0] > 1) & (det.xyxy[:, 3] - det.xyxy[:, 1] > 1)]
