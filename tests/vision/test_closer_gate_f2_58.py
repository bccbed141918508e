"""Session 58 (F2): the closer look at a big photo (``vision.closer``). A first look that found a hand's worth of tiny
boxes (W2's Hong Kong small hand 17: fifteen boxes 4 px across, twelve read as white dragons) is looked at closer,
whatever their count; a normal photo's tiles are not; a photo with nothing a tile could be (blank, a bare table) is not
read closer at all (about half a second of a 12 MP photo for nothing)."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import READ_SIDE, closer
from vision.detections import Detections

HK = Path(__file__).parent / "data" / "detector"


class Counting:
    """A detector that finds nothing and counts how often it was asked."""

    conf, iou, imgsz = 0.25, 0.6, 544

    def __init__(self):
        self.calls = 0

    def detect(self, image, zoom=False):
        self.calls += 1
        return Detections.empty()


def table(width: int = 2400, height: int = 1800, seed: int = 1) -> np.ndarray:
    """A bare table: green felt under a room's uneven light, with grain, and the table's wooden edge at the bottom."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    light = 1.0 + 0.25 * (xx / width - 0.5) + 0.1 * (yy / height - 0.5)
    grain = 6 * rng.standard_normal((height, width, 3), np.float32)
    img = np.array((60, 140, 50), np.float32) * light[..., None] + grain
    img[int(height * 0.85):] = np.array((60, 110, 170), np.float32) * light[int(height * 0.85):, :, None]
    return np.clip(img, 0, 255).astype(np.uint8)


def with_small_hand(img: np.ndarray) -> np.ndarray:
    """``img`` with a row of 14 small tiles (20 x 28 px faces, a stroke on each) on it."""
    out = img.copy()
    for i in range(14):
        x = 1000 + 22 * i
        out[800:828, x:x + 20] = 235
        out[806:822, x + 8:x + 12] = (40, 40, 160)
    return out


def test_tiny_boxes_are_looked_at_closer_whatever_their_count():
    assert closer.worth_a_closer_look(15, 4.4, READ_SIDE, 13)  # hk small 17: 15 boxes 4.4 px across read at 1600
    assert closer.worth_a_closer_look(17, 5.7, READ_SIDE, 13)  # hk-3 far off (below)
    assert closer.worth_a_closer_look(0, 0.0, READ_SIDE, 13)  # none found: as before
    assert closer.worth_a_closer_look(7, 11.5, READ_SIDE, 13)  # a few small ones: as before


def test_a_normal_photos_tiles_are_not_looked_at_closer():
    assert not closer.worth_a_closer_look(14, 13.5, READ_SIDE, 13)  # a whole-table shot: tiles 60 px tall of 4032
    assert not closer.worth_a_closer_look(14, 51.0, READ_SIDE, 13)  # an ordinary 12 MP photo of a hand
    assert not closer.worth_a_closer_look(7, 60.0, READ_SIDE, 13)  # a few large tiles: the detector saw them well


@pytest.mark.parametrize("photo", ["blank", "table"])
def test_a_photo_with_nothing_a_tile_could_be_is_not_read_closer(photo):
    img = np.full((1800, 2400, 3), 205, np.uint8) if photo == "blank" else table()
    detector = Counting()
    assert not len(closer.detect_closer(detector, img))
    assert detector.calls == 0  # was 2 x WINDOWS looks: half a second of a 12 MP photo
    assert closer.plain(cv2.resize(img, (1600, 1200), interpolation=cv2.INTER_AREA))


def test_a_small_hand_on_the_table_is_still_read_closer():
    img = with_small_hand(table())
    detector = Counting()
    closer.detect_closer(detector, img)
    assert detector.calls >= closer.WINDOWS
    assert not closer.plain(cv2.resize(img, (1600, 1200), interpolation=cv2.INTER_AREA))


def far_off(name: str, tile_h: float, seed: int = 5) -> np.ndarray:
    """A real Hong Kong photo of ``tests/vision/data/detector`` shrunk so its tiles stand ``tile_h`` px tall, on a
    4032 x 3024 photo of its felt: a hand far off on a big table."""
    img = cv2.imread(str(HK / "images" / f"{name}.jpg"))
    labels = (HK / "labels" / f"{name}.txt").read_text().splitlines()
    heights = [float(line.split()[4]) * img.shape[0] for line in labels]
    hand = cv2.resize(img, None, fx=tile_h / float(np.median(heights)), fy=tile_h / float(np.median(heights)),
                      interpolation=cv2.INTER_AREA)
    felt = np.median(np.concatenate([img[:8].reshape(-1, 3), img[-8:].reshape(-1, 3)]), axis=0)
    yy, xx = np.mgrid[0:3024, 0:4032].astype(np.float32)
    light = 1.0 + 0.2 * (xx / 4032 - 0.5) + 0.1 * (yy / 3024 - 0.5)
    rng = np.random.default_rng(seed)
    photo = np.clip(felt[None, None] * light[..., None] + rng.normal(0, 6, (3024, 4032, 3)), 0, 255).astype(np.uint8)
    h, w = hand.shape[:2]
    photo[1400:1400 + h, 1800:1800 + w] = hand
    return photo


def test_a_hand_read_as_tiny_boxes_is_read_closer():
    from collections import Counter

    from vision.hk_split import HK_NAMES
    from vision.recognizer import Recognizer

    rec = Recognizer.load(tileset="hk-mahjong")
    ok, data = cv2.imencode(".jpg", far_off("hk-3", 22), [cv2.IMWRITE_JPEG_QUALITY, 92])
    reading = rec.read(data.tobytes())
    want = Counter(HK_NAMES[int(line.split()[0])] for line in (HK / "labels" / "hk-3.txt").read_text().splitlines())
    got = Counter(t.kind for t in reading.tiles if not t.is_back)
    assert sum((got & want).values()) >= 14  # read shrunk: 17 boxes 5.7 px across, 6 of its 15 kinds right
