"""A hand photo turned a quarter with no EXIF orientation (a messaging app strips it): the detector, which
learnt tiles standing upright, finds almost none of the tiles lying on their sides, so no row is there to
turn level; ``Recognizer.read`` then reads the photo turned a quarter each way too
(``Recognizer._read_quarter_turned``). Measured by ``benchmarks/sideways_no_exif.py``."""
from __future__ import annotations

import cv2
import pytest

from vision.recognizer import Recognizer
from vision.synth import render_hand

# photo 0 of `benchmarks/make_synth_hands.py tokyo-mahjong OUT --count 1 --seed 8 --imgsz 1600 --span 0.3 0.5`:
# turned a quarter clockwise, read 0 tiles before the quarter-turned reads
HAND = ["3s", "8m", "5z", "5p", "3s", "2z", "2m", "8s", "2s", "7p", "2p", "5s", "6m", "5z"]


@pytest.fixture(scope="module")
def photo():
    return render_hand("tokyo-mahjong", HAND, seed=80000, layout="rack", imgsz=1600, span=(0.3, 0.5)).image


def test_a_hand_photo_turned_a_quarter_without_exif_is_read(photo):
    rec = Recognizer.load(game="tokyo-mahjong")
    sideways = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
    reading = rec.read(sideways)
    assert [t.kind for t in reading.tiles] == HAND  # every tile, in its owner's order
    assert reading.image_wh == (sideways.shape[1], sideways.shape[0])
    h, w = sideways.shape[:2]
    assert all(0 <= t.xyxy[0] < t.xyxy[2] <= w and 0 <= t.xyxy[1] < t.xyxy[3] <= h for t in reading.tiles)
