"""``Detections``: one detection result as parallel numpy arrays (the supervision shape).

``xyxy`` is in original-image pixels. Adapters at the edge build it from a model's raw output
(``from_onnx``) or from YOLO label lines (``from_yolo_labels``); everything downstream filters it with
boolean masks (``det[det.confidence > 0.5]``) instead of looping over boxes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np


class DetectionsError(ValueError):
    """Arrays that do not form a valid ``Detections`` (a programming error, not a user's)."""


@dataclass(frozen=True, eq=False)
class Detections:
    """Boxes ``xyxy (n, 4)`` float32, ``confidence (n,)`` float32, ``class_id (n,)`` int64, and any
    per-box extras in ``data`` (each an array of length n)."""

    xyxy: np.ndarray
    confidence: np.ndarray
    class_id: np.ndarray
    data: dict[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        xyxy = np.asarray(self.xyxy, dtype=np.float32).reshape(-1, 4) if np.size(self.xyxy) == 0 \
            else np.asarray(self.xyxy, dtype=np.float32)
        if xyxy.ndim != 2 or xyxy.shape[1] != 4:
            raise DetectionsError(f"xyxy must have shape (n, 4), got {xyxy.shape}")
        n = len(xyxy)
        conf = np.asarray(self.confidence, dtype=np.float32).reshape(-1)
        cls = np.asarray(self.class_id, dtype=np.int64).reshape(-1)
        for name, arr in (("confidence", conf), ("class_id", cls)):
            if len(arr) != n:
                raise DetectionsError(f"{name} has {len(arr)} entries for {n} boxes")
        if n and not np.all(np.isfinite(xyxy)):
            raise DetectionsError("xyxy holds NaN or infinite coordinates")
        if n and np.any(xyxy[:, 2:] < xyxy[:, :2]):
            raise DetectionsError("xyxy boxes must have x2 >= x1 and y2 >= y1")
        data = {k: np.asarray(v) for k, v in self.data.items()}
        for k, v in data.items():
            if len(v) != n:
                raise DetectionsError(f"data[{k!r}] has {len(v)} entries for {n} boxes")
        # frozen: assign the normalised arrays through object.__setattr__
        object.__setattr__(self, "xyxy", xyxy)
        object.__setattr__(self, "confidence", conf)
        object.__setattr__(self, "class_id", cls)
        object.__setattr__(self, "data", data)

    def __len__(self) -> int:
        return len(self.xyxy)

    def __getitem__(self, index: np.ndarray | slice | int | list[int]) -> Detections:
        """Filter with a boolean mask, an index array, a slice or one index (kept as a length-1 result)."""
        if isinstance(index, (int, np.integer)):
            index = [int(index)]
        if isinstance(index, np.ndarray) and index.dtype == bool and len(index) != len(self):
            raise DetectionsError(f"mask has {len(index)} entries for {len(self)} boxes")
        return Detections(self.xyxy[index], self.confidence[index], self.class_id[index],
                          {k: v[index] for k, v in self.data.items()})

    @classmethod
    def empty(cls) -> Detections:
        """No boxes."""
        return cls(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int64))

    @property
    def area(self) -> np.ndarray:
        """Box areas in square pixels."""
        wh = self.xyxy[:, 2:] - self.xyxy[:, :2]
        return wh[:, 0] * wh[:, 1]

    def scaled(self, sx: float, sy: float) -> Detections:
        """The same boxes with x multiplied by ``sx`` and y by ``sy`` (a reading of a shrunk photo in the
        photo's own pixels).

        >>> Detections([[10, 20, 30, 40]], [0.9], [0]).scaled(2, 0.5).xyxy.tolist()
        [[20.0, 10.0, 60.0, 20.0]]
        """
        if sx == 1 and sy == 1:
            return self
        return Detections(self.xyxy * np.array([sx, sy, sx, sy], np.float32), self.confidence, self.class_id,
                          self.data)

    def shifted(self, dx: float, dy: float) -> Detections:
        """The same boxes moved by ``(dx, dy)`` (boxes found in a part of a photo, in the whole photo's
        pixels).

        >>> Detections([[10, 20, 30, 40]], [0.9], [0]).shifted(5, -10).xyxy.tolist()
        [[15.0, 10.0, 35.0, 30.0]]
        """
        if dx == 0 and dy == 0:
            return self
        return Detections(self.xyxy + np.array([dx, dy, dx, dy], np.float32), self.confidence, self.class_id,
                          self.data)

    def sorted_left_to_right(self) -> Detections:
        """The same boxes ordered by the x of their centres (how a hand is read)."""
        return self[np.argsort((self.xyxy[:, 0] + self.xyxy[:, 2]) / 2, kind="stable")]

    @classmethod
    def from_onnx(cls, boxes_xyxy: np.ndarray, scores: np.ndarray, class_id: np.ndarray) -> Detections:
        """Adapter for a post-processed ONNX output (boxes already in original-image pixels)."""
        return cls(boxes_xyxy, scores, class_id)

    @classmethod
    def from_yolo_labels(cls, text: str, resolution_wh: tuple[int, int]) -> Detections:
        """Parse YOLO label lines ``cls xc yc w h`` (normalised) into pixel boxes; confidence is 1.

        >>> d = Detections.from_yolo_labels("0 0.5 0.5 0.2 0.4", (100, 50))
        >>> d.xyxy.tolist(), d.class_id.tolist()
        ([[40.0, 15.0, 60.0, 35.0]], [0])
        """
        rows = [line.split() for line in text.splitlines() if line.strip()]
        if any(len(r) < 5 for r in rows):
            bad = next(r for r in rows if len(r) < 5)
            raise DetectionsError(f"YOLO label line needs 'cls xc yc w h', got {' '.join(bad)!r}")
        if not rows:
            return cls.empty()
        values = []
        for r in rows:
            try:
                values.append([float(v) for v in r[:5]])
            except ValueError:
                raise DetectionsError(f"YOLO label line needs numbers 'cls xc yc w h', got {' '.join(r)!r}") from None
        arr = np.array(values, dtype=np.float64)
        w, h = resolution_wh
        xc, yc, bw, bh = arr[:, 1] * w, arr[:, 2] * h, arr[:, 3] * w, arr[:, 4] * h
        xyxy = np.stack([xc - bw / 2, yc - bh / 2, xc + bw / 2, yc + bh / 2], axis=1)
        return cls(xyxy, np.ones(len(arr), np.float32), arr[:, 0].astype(np.int64))

    @classmethod
    def from_yolo_file(cls, label_path: Path, resolution_wh: tuple[int, int]) -> Detections:
        """Read one YOLO label file (a missing file means no boxes)."""
        label_path = Path(label_path)
        return cls.from_yolo_labels(label_path.read_text() if label_path.exists() else "", resolution_wh)


def concat(parts: list[Detections]) -> Detections:
    """One ``Detections`` of ``parts`` in order, with the ``data`` keys they all carry."""
    if not parts:
        return Detections.empty()
    keys = set.intersection(*(set(p.data) for p in parts))
    return Detections(np.concatenate([p.xyxy for p in parts]), np.concatenate([p.confidence for p in parts]),
                      np.concatenate([p.class_id for p in parts]),
                      {k: np.concatenate([p.data[k] for p in parts]) for k in sorted(keys)})


def yolo_line(class_id: int, xyxy, width: float = 1.0, height: float = 1.0) -> str:
    """One YOLO label line ``cls xc yc w h`` (normalised, 6 decimals) for a box ``xyxy`` in an image of
    ``width`` x ``height`` pixels (leave both at 1 for a box already normalised); the reverse of
    ``Detections.from_yolo_labels``."""
    x1, y1, x2, y2 = (float(v) for v in xyxy)
    return (f"{int(class_id)} {(x1 + x2) / 2 / width:.6f} {(y1 + y2) / 2 / height:.6f} "
            f"{(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")


def median_height(xyxy) -> float:
    """The median height of boxes ``xyxy`` (n, 4), 0 with none: how large the tiles of a photo are."""
    xyxy = np.asarray(xyxy, np.float32).reshape(-1, 4)
    return float(np.median(xyxy[:, 3] - xyxy[:, 1])) if len(xyxy) else 0.0


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise IoU of boxes ``a (n, 4)`` and ``b (m, 4)`` in xyxy -> ``(n, m)``.

    >>> box_iou(np.array([[0, 0, 2, 2]]), np.array([[1, 0, 3, 2], [0, 0, 2, 2]])).round(3).tolist()
    [[0.333, 1.0]]
    """
    inter, area_a, area_b = _overlaps(a, b)
    union = area_a[:, None] + area_b[None, :] - inter
    return np.where(union > 0, inter / np.maximum(union, 1e-12), 0.0)


def _overlaps(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairwise intersection areas ``(n, m)`` of boxes ``a`` and ``b``, and each one's own area."""
    a = np.asarray(a, dtype=np.float64).reshape(-1, 4)
    b = np.asarray(b, dtype=np.float64).reshape(-1, 4)
    tl = np.maximum(a[:, None, :2], b[None, :, :2])
    br = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(br - tl, 0, None), axis=2)
    return inter, np.prod(a[:, 2:] - a[:, :2], axis=1), np.prod(b[:, 2:] - b[:, :2], axis=1)


def nms(xyxy: np.ndarray, scores: np.ndarray, iou_threshold: float = 0.5) -> np.ndarray:
    """Greedy non-maximum suppression; return the kept indices, best score first.

    >>> nms(np.array([[0, 0, 10, 10], [1, 0, 11, 10], [20, 0, 30, 10]]), np.array([0.9, 0.8, 0.7])).tolist()
    [0, 2]
    """
    order = np.argsort(-np.asarray(scores), kind="stable")
    xyxy = np.asarray(xyxy, dtype=np.float64)
    keep: list[int] = []
    while len(order):
        i = order[0]
        keep.append(int(i))
        if len(order) == 1:
            break
        ious = box_iou(xyxy[i:i + 1], xyxy[order[1:]])[0]
        order = order[1:][ious <= iou_threshold]
    return np.array(keep, dtype=np.int64)


def box_ios(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise intersection over the smaller box's area of boxes ``a (n, 4)`` and ``b (m, 4)`` -> ``(n, m)``:
    1 when one box lies wholly inside the other, whatever their sizes (IoU is small then).

    >>> box_ios(np.array([[0, 0, 10, 10]]), np.array([[5, 0, 10, 10], [5, 0, 15, 10]])).round(3).tolist()
    [[1.0, 0.5]]
    """
    inter, area_a, area_b = _overlaps(a, b)
    smaller = np.minimum(area_a[:, None], area_b[None, :])
    return np.where(smaller > 0, inter / np.maximum(smaller, 1e-12), 0.0)


def without_nested(xyxy: np.ndarray, scores: np.ndarray, inside: float,
                   suppressors: np.ndarray | None = None) -> np.ndarray:
    """Which boxes to keep (bool per box) when, of two boxes one of which lies at least ``inside`` within
    the other, the less sure one goes: greedy, surest first, like :func:`nms` with intersection over the
    smaller box in place of IoU. A tile's picture split in two (a flower's stalk taken for a tile's edge)
    gives a box inside the tile's; two tiles taken for one give a box around a tile's. ``suppressors``
    (bool per box, default all): the boxes that may take another's place; the rest are kept or dropped
    but never drop another (a ranking of every box down to a low threshold thus drops what the reader,
    which keeps only its sure boxes, drops).

    >>> without_nested(np.array([[0, 0, 10, 10], [5, 0, 10, 10], [12, 0, 22, 10]]), np.array([0.9, 0.4, 0.8]), 0.7).tolist()
    [True, False, True]
    >>> without_nested(np.array([[0, 0, 20, 10], [0, 0, 10, 10]]), np.array([0.5, 0.7]), 0.7).tolist()
    [False, True]
    >>> without_nested(np.array([[0, 0, 20, 10], [0, 0, 10, 10]]), np.array([0.5, 0.7]), 0.7, np.array([True, False])).tolist()
    [True, True]
    """
    xyxy = np.asarray(xyxy, dtype=np.float64).reshape(-1, 4)
    keep = np.zeros(len(xyxy), bool)
    can = np.ones(len(xyxy), bool) if suppressors is None else np.asarray(suppressors, bool)
    ios = box_ios(xyxy, xyxy)
    for i in np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable"):
        keep[i] = not (ios[i, keep & can] >= inside).any()
    return keep


TWICE_IOU = 0.3  # a face box overlapping a surer one of its kind by more than this (IoU) may be that tile again ...
ACROSS_IOU = 0.75  # ... and is when the surer boxes about it overlap it this much together (IoU summed). A box across
# the join of two tiles whose boxes touch covers a third of each (0.67); detector boxes of neighbours overlap a little,
# and on long face-up rows (session 67) such boxes summed 0.79-0.95, a true tile beside its twin 0.42-0.68


def once_each(xyxy: np.ndarray, kinds, scores: np.ndarray, iou: float = TWICE_IOU,
              across: float = ACROSS_IOU) -> np.ndarray:
    """Which boxes to keep (bool per box) when one tile was boxed twice: a box lying across the join of two
    tiles (NMS keeps it: it overlaps each by a third or more) named the kind of one of them. Greedy, surest first
    (``scores``), as :func:`nms`: a box goes when a kept box of its kind overlaps it by IoU over ``iou`` and
    the kept boxes about it overlap it by ``across`` or more together (IoU summed). A true tile beside its
    twin (a pon in a slanted row, whose upright boxes overlap by a third) overlaps less: it covers no other
    tile. A kind of None (a back: a wall's stacked backs overlap) is never dropped, nor a box of a kind no
    box beside it has.

    >>> row = np.array([[0, 0, 12, 14], [10, 0, 22, 14], [5, 0, 17, 14]])  # the last across the first two
    >>> once_each(row, ["5p", "6p", "5p"], np.array([0.9, 0.8, 0.4])).tolist()
    [True, True, False]
    >>> once_each(row, ["5p", "6p", "7p"], np.array([0.9, 0.8, 0.4])).tolist()
    [True, True, True]
    >>> once_each(row[[0, 2]], ["5p", "5p"], np.array([0.9, 0.4])).tolist()  # beside its twin, on no other tile
    [True, True]
    """
    xyxy = np.asarray(xyxy, dtype=np.float64).reshape(-1, 4)
    if len(xyxy) < 2:
        return np.ones(len(xyxy), bool)
    kinds = np.array([("" if k is None else str(k)) for k in kinds], dtype=object)
    overlap = box_iou(xyxy, xyxy)
    np.fill_diagonal(overlap, 0.0)
    twin = (overlap > iou) & (kinds[:, None] == kinds[None, :]) & (kinds[:, None] != "")
    keep = np.zeros(len(xyxy), bool)  # as without_nested: the boxes kept so far, surest first
    for i in np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable"):
        keep[i] = not (twin[i, keep].any() and overlap[i, keep].sum() >= across)
    return keep
