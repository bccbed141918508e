"""A long photo (a small hand in a panorama) read a tile short of the game's largest hand, 13 of a riichi
hand's 14 tiles, is read in windows too (``Recognizer._read_windows``), as one read short of its smallest
hand was: a tile the whole photo missed is found there. The windowed reading is kept only when it holds
more tiles the detector is sure of, so a dealt 13-tile hand read whole stays as it was read. An ordinary
photo, a full reading, and an enrolled tile set (no hand sizes) are never windowed."""
from __future__ import annotations

import random

import numpy as np
import pytest

from vision.recognizer import HandReading, ReadTile, Recognizer


def reads_tiles(n: int):
    """A stand-in for ``Recognizer._read``: ``n`` sure tiles in a row, whatever the photo."""
    def read(self, img, sideways, found=None):
        tiles = [ReadTile((20.0 * i, 10.0, 20.0 * i + 18, 40.0), "1m", confidence={"detection": 0.9, "kind": 0.99})
                 for i in range(n)]
        return HandReading(tiles, (int(img.shape[1]), int(img.shape[0])), self.game)
    return read


@pytest.fixture
def windowed(monkeypatch):
    """The shapes of the photos the windowed read is asked of (it keeps the reading it is given)."""
    calls = []
    monkeypatch.setattr(Recognizer, "_read_windows", lambda self, img, reading: calls.append(img.shape[:2]) or reading)
    return calls


def riichi() -> Recognizer:
    return Recognizer(None, None, game="tokyo-mahjong", min_tiles=13, largest_hand=14)  # no model is asked


@pytest.mark.parametrize("n, shape, asked", [
    (13, (400, 1600, 3), True),  # 13 of 14 in a 4:1 panorama: windowed (it was not)
    (12, (1600, 400, 3), True),  # short of the smallest hand: windowed, as before
    (14, (400, 1600, 3), False),  # a full hand
    (13, (640, 640, 3), False),  # an ordinary photo
    (13, (600, 1000, 3), False),  # less than 2:1
])
def test_a_long_photo_read_short_of_a_full_hand_is_windowed(monkeypatch, windowed, n, shape, asked):
    monkeypatch.setattr(Recognizer, "_read", reads_tiles(n))
    reading = riichi().read(np.zeros(shape, np.uint8))
    assert len(reading.tiles) == n and windowed == ([shape[:2]] if asked else [])


def test_a_tile_set_is_never_windowed(monkeypatch, windowed):
    monkeypatch.setattr(Recognizer, "_read", reads_tiles(3))
    Recognizer(None, None, tileset="hk-mahjong").read(np.zeros((400, 1600, 3), np.uint8))  # no hand sizes known
    assert windowed == []


def test_a_dealt_hand_read_whole_in_a_panorama_stays_as_read():
    """A 13-tile riichi hand (dealt to a seat that is not the dealer) in a 4:1 panorama, read whole: now
    windowed too, and its reading kept."""
    from vision.synth import render_hand

    rec = Recognizer.load(game="tokyo-mahjong")
    pool = [k for k, n in rec.copies.items() for _ in range(n)]
    hand = random.Random(8007).sample(pool, 13)
    image = render_hand("tokyo-mahjong", hand, seed=3, layout="rack", imgsz=400).image
    canvas = np.empty((400, 1600, 3), np.uint8)
    canvas[:] = np.median(np.concatenate([image[0], image[-1]]), axis=0).astype(np.uint8)
    canvas[:, 600:1000] = image
    calls = []
    windowed = rec._read_windows
    rec._read_windows = lambda img, reading: calls.append(reading) or windowed(img, reading)
    reading = rec.read(canvas)
    assert len(calls) == 1 and [t.kind for t in calls[0].tiles] == hand  # read whole exactly, then windowed
    assert [t.to_dict() for t in reading.tiles] == [t.to_dict() for t in calls[0].tiles]
