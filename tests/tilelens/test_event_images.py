"""Crops and thumbnails of the report: the hand's strip, boxes coloured by the worst finding."""
from __future__ import annotations

import numpy as np

from tilelens.event.images import CROP_HEIGHT, THUMB_WIDTH, crop_tile, thumbnail, to_pil
from tilelens.event.model import Severity, TileRef


def strip_photo() -> tuple[np.ndarray, tuple[TileRef, ...]]:
    image = np.full((640, 640, 3), 40, np.uint8)  # BGR
    tiles = tuple(TileRef("1", i, "rarin", (200 + 30 * i, 300, 226 + 30 * i, 336), 0.9) for i in range(8))
    for t in tiles:
        x1, y1, x2, y2 = map(int, t.xyxy)
        image[y1:y2, x1:x2] = (0, 0, 255)  # red tiles in BGR
    return image, tiles


def test_thumbnail_shows_the_hand_strip_not_the_whole_table():
    image, tiles = strip_photo()
    thumb = thumbnail(to_pil(image), {}, tiles)
    assert thumb.width == THUMB_WIDTH and thumb.height < THUMB_WIDTH / 2
    # the tiles fill most of the width: the empty table around them was cut away
    red = (np.asarray(thumb)[..., 0] > 200) & (np.asarray(thumb)[..., 2] < 80)
    cols = np.flatnonzero(red.any(axis=0))
    assert cols[-1] - cols[0] > 0.6 * thumb.width


def test_flagged_tile_is_boxed_in_its_severity_colour():
    image, tiles = strip_photo()
    thumb = np.asarray(thumbnail(to_pil(image), {3: Severity.REVIEW}, tiles))
    orange = np.all(np.abs(thumb.astype(int) - (154, 87, 0)) < 10, axis=-1)
    ys, xs = np.nonzero(orange)
    assert len(xs) > 0
    scale = thumb.shape[1] / (tiles[-1].xyxy[2] - tiles[0].xyxy[0] + 2 * 36)
    assert abs(xs.mean() / scale - (tiles[3].xyxy[0] + 13 - tiles[0].xyxy[0] + 36)) < 5


def test_crop_is_the_tile_at_a_fixed_height_and_rgb():
    image, tiles = strip_photo()
    crop = crop_tile(to_pil(image), tiles[2])
    assert crop.height == CROP_HEIGHT
    r, g, b = np.asarray(crop)[CROP_HEIGHT // 2, crop.width // 2]
    assert (r, g, b) == (255, 0, 0)  # BGR red read as RGB red
