"""tilelens vision: the pixels. Detector and classifier run with onnxruntime; torch and ultralytics are
imported only by the training modules.

The public surface is loaded lazily on first use, so ``import vision`` stays cheap (no OpenCV, no
onnxruntime until a name needs it, never torch)::

    from vision import read_hand
    reading = read_hand("hand.jpg", game="cinderella-neo")
    [t.kind for t in reading.tiles]
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# public name -> module that defines it
_EXPORTS = {
    "Detections": "vision.detections",
    "load_image": "vision.image_io",
    "ImageError": "vision.image_io",
    "Detector": "vision.detector",
    "Classifier": "vision.classifier",
    "Recognizer": "vision.recognizer",
    "read_hand": "vision.recognizer",
    "HandReading": "vision.recognizer",
    "ReadTile": "vision.recognizer",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:  # for type checkers and IDEs only; at run time names load on demand
    from vision.classifier import Classifier
    from vision.detections import Detections
    from vision.detector import Detector
    from vision.image_io import ImageError, load_image
    from vision.recognizer import HandReading, ReadTile, Recognizer, read_hand


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vision' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
