"""A TALL panorama whose hand stands on end (the row vertical, its tiles lying on their sides): the photo was
turned level by a whole-photo look, never windowed, and the tiles, shrunk to a few pixels there, were lost.
Now a tall photo still read short of the game's largest hand after the windowed read along it is also
read turned a quarter each way, in windows along the turned photo (``Recognizer._read_windows``), as a
wide panorama is. Measured by ``benchmarks/panorama_reads.py --turn``."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.recognizer import HandReading, ReadTile, Recognizer
from vision.synth import render_hand

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]


@pytest.fixture(scope="module")
def rec():
    return Recognizer.load(game="tokyo-mahjong")


@pytest.fixture(scope="module")
def wide():
    """A rack of 14 riichi tiles (320 px photo) pasted into a 1280 x 320 canvas of its edge colour: read
    whole in this canvas turned on end, none of its tiles were found."""
    image = render_hand("tokyo-mahjong", HAND, seed=3, layout="rack", imgsz=320).image
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    canvas = np.empty((320, 1280, 3), np.uint8)
    canvas[:] = np.median(border, axis=0).astype(np.uint8)
    canvas[:, 500:820] = image
    return canvas


@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_a_hand_on_end_in_a_tall_panorama_is_read_in_windows(rec, wide, turn):
    tall = cv2.rotate(wide, turn)  # 320 x 1280: the row runs down the photo
    reading = rec.read(tall)
    kinds = [t.kind for t in reading.tiles]
    assert sorted(kinds) == sorted(HAND), kinds  # 0 tiles before
    assert kinds == HAND  # in its owner's order, whichever way it was turned
    assert reading.image_wh == (320, 1280)
    ys = [(t.xyxy[1] + t.xyxy[3]) / 2 for t in reading.tiles]
    top = 500 if turn == cv2.ROTATE_90_CLOCKWISE else 1280 - 820
    assert all(top < y < top + 320 for y in ys)  # boxes where the hand is, in the photo as taken


def reads_tiles(n: int, sure: float = 0.9):
    """A stand-in for ``Recognizer._read``: ``n`` tiles in a row, whatever the photo."""
    def read(self, img, sideways, found=None):
        tiles = [ReadTile((20.0 * i, 10.0, 20.0 * i + 18, 40.0), "1m", confidence={"detection": sure, "kind": 0.99})
                 for i in range(n)]
        return HandReading(tiles, (int(img.shape[1]), int(img.shape[0])), self.game)
    return read


class Windows:
    """A stand-in detector: one sure box in every window; records the shape of each photo windowed."""

    def __init__(self):
        self.shapes = []

    def detect(self, image, zoom=False):
        from vision.detections import Detections

        self.shapes.append(image.shape[:2])
        return Detections(np.array([[5.0, 5.0, 25.0, 35.0]]), np.array([0.9]), np.array([0]))


@pytest.mark.parametrize("shape, windows", [
    ((1600, 400, 3), [(800, 400)] * 3 + [(400, 800)] * 6),  # tall, still short after its 3 windows: 3 more
    # along the photo turned each way
    ((400, 1600, 3), [(400, 800)] * 3),  # wide: its windows run along its hand already
])
def test_a_tall_photo_still_short_is_windowed_turned_each_way(monkeypatch, shape, windows):
    monkeypatch.setattr(Recognizer, "_read", reads_tiles(3))
    det = Windows()
    Recognizer(det, None, game="tokyo-mahjong", min_tiles=13, largest_hand=14).read(np.zeros(shape, np.uint8))
    assert det.shapes == windows


def test_a_tall_photo_read_whole_by_its_own_windows_is_not_turned(monkeypatch):
    """A tall panorama whose hand stands upright, read 13 of 14 whole and in full by the windows along it: no
    more looks."""
    calls = []
    monkeypatch.setattr(Recognizer, "_read", lambda self, img, sideways, found=None: reads_tiles(
        14 if found is not None else 13)(self, img, sideways, found))
    monkeypatch.setattr(Recognizer, "_read_back",
                        lambda self, *a, **k: calls.append(a) or reads_tiles(0)(self, a[1], 0))
    det = Windows()
    reading = Recognizer(det, None, game="tokyo-mahjong", min_tiles=13, largest_hand=14).read(
        np.zeros((1600, 400, 3), np.uint8))
    assert len(reading.tiles) == 14 and det.shapes == [(800, 400)] * 3 and calls == []
