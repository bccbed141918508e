"""tilelens vision: the pixels. Detector and classifier run with onnxruntime; torch and ultralytics are
imported only by the training modules.

The public surface is loaded lazily on first use, so ``import vision`` stays cheap (no OpenCV, no
onnxruntime until a name needs it, never torch)::

    from vision import read_hand, winning_of
    reading = read_hand("hand.jpg", game="cinderella-neo")
    [t.kind for t in reading.tiles]
    reading.scorable().score(riichi=True)  # the hand as `tilelens read --kinds` gives it, scored
    winning_of(reading)  # where it does not win as read: the likeliest reading that wins, as `tilelens read` says

A ``Recognizer`` (and ``read_hand``) may be shared across threads; a read blocks, so async code runs it in an
executor (``Recognizer.read``).
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
    "RecognizerError": "vision.recognizer",
    "NoReaderError": "vision.recognizer",
    "ScorableHand": "vision.scorable",
    "winning_of": "vision.scorable",
}

# A plain constant, here so that the app can read it without loading the models' code.
# A tile named with less confidence than this asks a person to check it: the app marks it red, and
# `tilelens eval` counts the photos read wrong with no tile marked. 0.8, not 0.6, chosen on the seed-8
# validation hands (150 a game): riichi photos wrong with nothing marked 5 -> 0, Cinderella Girls 2 -> 1,
# for 0.26 / 0.06 right tiles marked per photo instead of 0.10 / 0.03 (models/JOURNAL.md, "Errors a
# player would see"). The event check lists tiles to confirm under the same threshold (`--min-confidence`).
CHECK_BELOW = 0.8
# Longest side a photo is read at (``Recognizer.read``, the app, ``tilelens eval``): the detector
# letterboxes to 640 px and the classifier crops to 64, so a phone's 4032 px only costs time (a JPEG is
# decoded straight at a reduced scale); boxes are mapped back to the photo's own pixels.
READ_SIDE = 1600
# A photo whose longest side is shorter than this holds less than the detector looks at (it letterboxes to 544 px)
# and less than any photo the reader was measured on (640 px and up): a chat app's or a screenshot's copy, not the
# camera's. The photo page and the event check say so, whatever they found.
SMALL_PHOTO_SIDE = 544
# A box found with less confidence than this may be no tile at all: the app marks it red with a ?, and
# `tilelens read` marks it unsure.
LOW_DETECTION = 0.25
# Tiles whose boxes are shorter than this (median, in the pixels read) are read less reliably: on the
# seed-8 validation riichi photos at 640 and 1280 px (benchmarks/tile_size_errors.py), photos with such
# tiles were read exactly 0.76 of the time (44 of 58), those with larger tiles 0.91 (355 of 392). A riichi
# numeral is then 6-8 px tall. The app and `tilelens read` say so.
SMALL_TILE_PX = 50

# A face read from less than the classifier was shown (washed out by glare: ``vision.glare``; half hidden by a rack's
# lip: ``vision.hidden``) has its kind confidence held to this, under CHECK_BELOW: the app draws it red, `read` marks
# it ? (``held_low``).
HELD_LOW = 0.5


def held_low(confidence: dict[str, float], why: str, share: float) -> dict[str, float]:
    """A face's ``confidence`` (``ReadTile.confidence``) marked for a person to check: its ``kind`` held to
    ``HELD_LOW`` at most, and ``why`` (``"glare"``, ``"hidden"``) the ``share`` that says how much of it was lost.

    >>> held_low({"detection": 0.9, "kind": 0.97}, "glare", 0.8)
    {'detection': 0.9, 'kind': 0.5, 'glare': 0.8}
    """
    return {**confidence, "kind": min(float(confidence.get("kind", 1.0)), HELD_LOW), why: round(float(share), 3)}


__all__ = sorted(_EXPORTS) + ["CHECK_BELOW", "LOW_DETECTION", "READ_SIDE", "SMALL_PHOTO_SIDE", "SMALL_TILE_PX"]

if TYPE_CHECKING:  # for type checkers and IDEs only; at run time names load on demand
    from vision.classifier import Classifier
    from vision.detections import Detections
    from vision.detector import Detector
    from vision.image_io import ImageError, load_image
    from vision.recognizer import HandReading, NoReaderError, ReadTile, Recognizer, RecognizerError, read_hand
    from vision.scorable import ScorableHand, winning_of


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vision' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
