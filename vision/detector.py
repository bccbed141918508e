"""The tile detector at run time: an exported YOLO model run with onnxruntime (no torch).

``Detector.load()`` opens the shipped ``detector.onnx`` (in ``$TILELENS_MODELS`` or ``models/``);
``.detect(image)`` letterboxes the photo to the model's square input, decodes the raw head output
(``(1, 4 + classes, anchors)``, boxes as centre/size in input pixels), keeps confident boxes, suppresses
overlaps across classes (a tile is a face or a back, never both) and maps the boxes back to original-image
pixels.
"""
from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scorer.result import TilelensInputError
from vision.detections import Detections, nms
from vision.image_io import Letterbox, letterbox, load_image
from vision.onnx_session import open_session


def default_models_dir() -> Path:
    """Where shipped models live: ``$TILELENS_MODELS`` or the repository's ``models/``."""
    env = os.environ.get("TILELENS_MODELS")
    return Path(env) if env else Path(__file__).resolve().parents[1] / "models"


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
        if not path.is_file():
            raise ModelError(f"detector model not found: {path}")
        session = open_session(path, intra_threads or 2,
                               lambda why: ModelError(f"{path}: cannot load the detector model ({why})"))
        shape = session.get_inputs()[0].shape
        imgsz = shape[2] if isinstance(shape[2], int) else 640
        meta = session.get_modelmeta().custom_metadata_map
        names = ast.literal_eval(meta["names"]) if "names" in meta else {0: "tile", 1: "back"}
        return cls(session, int(imgsz), {int(k): str(v) for k, v in names.items()}, path=path)

    def detect(self, image, conf: float | None = None, iou: float | None = None) -> Detections:
        """Find the tiles in a photo (path, bytes or BGR array); boxes in original-image pixels.

        ``data["class_name"]`` carries each box's class name.
        """
        img = load_image(image)
        blob, lb = input_blob(img, self.imgsz)
        raw = self.session.run(None, {self.session.get_inputs()[0].name: blob})[0][0]
        xyxy, score, cls = decode_yolo_output(raw, self.conf if conf is None else conf)
        keep = nms(xyxy, score, self.iou if iou is None else iou)[: self.max_det]
        boxes = lb.to_original(xyxy[keep])
        names = np.array([self.names.get(int(c), str(c)) for c in cls[keep]], dtype=object)
        det = Detections(boxes, score[keep], cls[keep], {"class_name": names})
        # boxes squashed to nothing by clipping at the image border are not tiles
        return det[(det.xyxy[:, 2] - det.xyxy[:, 0] > 1) & (det.xyxy[:, 3] - det.xyxy[:, 1] > 1)]
