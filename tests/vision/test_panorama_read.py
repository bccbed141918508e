"""A small hand in a long photo (a panorama, or a very wide or tall photo where the hand is a small strip):
fit whole into the detector's 640 px input its tiles shrink to 8-11 px and the detector finds few or none;
``Recognizer.read`` then reads the photo from the boxes found in overlapping windows along it
(``Recognizer._read_windows``, ``vision.detector.detect_in_windows``). Measured by
``benchmarks/panorama_reads.py``."""
from __future__ import annotations

import numpy as np
import pytest

from vision.detector import detect_in_windows, long_windows
from vision.detections import Detections
from vision.recognizer import Recognizer
from vision.synth import render_hand

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]


def in_canvas(image: np.ndarray, ratio: int, at: int, way: str = "wide") -> np.ndarray:
    """``image`` pasted ``at`` pixels along a canvas ``ratio`` times as long, of the photo's edge colour."""
    h, w = image.shape[:2]
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    canvas = np.empty((h, ratio * w, 3) if way == "wide" else (ratio * h, w, 3), np.uint8)
    canvas[:] = np.median(border, axis=0).astype(np.uint8)
    if way == "wide":
        canvas[:, at:at + w] = image
    else:
        canvas[at:at + h] = image
    return canvas


@pytest.fixture(scope="module")
def rec():
    return Recognizer.load(game="tokyo-mahjong")


@pytest.fixture(scope="module")
def panorama():
    """A rack spanning a fifth of a 1600 x 400 photo: read whole, 0 tiles are found."""
    image = render_hand("tokyo-mahjong", HAND, seed=3, layout="rack", imgsz=400).image
    return in_canvas(image, 4, 632)


def test_a_small_hand_in_a_panorama_is_read_in_windows(rec, panorama):
    reading = rec.read(panorama)
    kinds = [t.kind for t in reading.tiles]
    assert len(kinds) == len(HAND) and sum(a == b for a, b in zip(kinds, HAND)) >= 12, kinds
    assert reading.image_wh == (1600, 400)
    xs = [(t.xyxy[0] + t.xyxy[2]) / 2 for t in reading.tiles]
    assert all(632 < x < 1032 for x in xs) and xs == sorted(xs)  # where the hand is, in its own order


def test_an_ordinary_or_fully_read_photo_is_not_read_in_windows(rec, panorama, monkeypatch):
    calls = []
    windowed = Recognizer._read_windows
    monkeypatch.setattr(Recognizer, "_read_windows",
                        lambda self, img, reading: calls.append(img.shape) or windowed(self, img, reading))
    ordinary = render_hand("tokyo-mahjong", HAND, seed=3, layout="rack", imgsz=640, span=(0.3, 0.4)).image
    rec.read(ordinary)  # a square photo: never windowed, however it reads
    full = in_canvas(render_hand("tokyo-mahjong", HAND, seed=1, layout="rack", imgsz=400).image, 4, 408)
    assert len(rec.read(full).tiles) >= rec.min_tiles  # read whole already: not windowed
    assert calls == []
    rec.read(panorama)  # the spy sees the one that is
    assert calls == [panorama.shape]


def test_windows_run_along_the_long_side_and_keep_a_tile_seen_twice_once():
    assert long_windows(640, 640) == [] and long_windows(1000, 600) == []
    assert long_windows(400, 1200) == [(0, 0, 400, 800), (0, 400, 400, 1200)]

    class OneTile:
        """Finds the tile at x 700-740 of a 1600 x 400 photo in each window that holds it whole (those
        starting at 0 and 400), a pixel further off and less sure in the second; and a tile the first
        window's right edge cuts."""

        starts = iter([0, 400, 800])

        def detect(self, image, zoom=False):
            assert zoom
            x0 = next(self.starts)
            boxes = [[700 - x0 + x0 // 400, 100, 740 - x0, 160]] if x0 < 700 else []
            if x0 == 0:
                boxes.append([780, 100, 800, 160])
            return Detections(np.array(boxes, np.float32).reshape(-1, 4), [0.9 - x0 / 4000] * len(boxes),
                              [0] * len(boxes))

    found = detect_in_windows(OneTile(), np.zeros((400, 1600, 3), np.uint8))
    assert found.xyxy.tolist() == [[700, 100, 740, 160]] and found.confidence.tolist() == [pytest.approx(0.9)]
