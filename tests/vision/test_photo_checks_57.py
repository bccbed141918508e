"""Session 57 (walkthrough W2, hard photos): the photo checks the photo page says (``vision.photo_checks``): blur that
the whole photo's variance of the Laplacian misses (motion blur on the tiles), no blur called of a sharp photo of a
small hand on a plain table, darkness, a tile at the photo's edge, many tiles unsure, a hand leaning upside down."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import photo_checks as pc

FELT = (60, 110, 40)  # BGR


def hand(tile_h: int = 80, n: int = 14, wh: tuple[int, int] = (1280, 720), stroke: int = 3, seed: int = 0):
    """A hand of white tiles with dark strokes (a character's) on felt, and its boxes."""
    rng = np.random.default_rng(seed)
    w, h = wh
    img = np.empty((h, w, 3), np.uint8)
    img[:] = FELT
    tw = int(tile_h * 0.75)
    x0, y0 = (w - n * (tw + 4)) // 2, (h - tile_h) // 2
    boxes = []
    for i in range(n):
        x = x0 + i * (tw + 4)
        cv2.rectangle(img, (x, y0), (x + tw, y0 + tile_h), (235, 235, 235), -1)
        m = max(2, tile_h // 10)
        for _ in range(6):
            p = rng.integers([x + m, y0 + m], [x + tw - m, y0 + tile_h - m], size=(2, 2))
            cv2.line(img, tuple(map(int, p[0])), tuple(map(int, p[1])), (30, 30, 30), stroke)
        boxes.append((float(x), float(y0), float(x + tw), float(y0 + tile_h)))
    return img, boxes


def motion(img: np.ndarray, length: int) -> np.ndarray:
    """A sideways motion blur ``length`` pixels long."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0 / length
    return cv2.filter2D(img, -1, kernel)


def test_motion_blur_on_the_tiles_is_blurry_though_the_whole_photos_variance_is_high():
    sharp, boxes = hand()
    blurred = motion(sharp, 20)  # a quarter of a tile's height
    assert pc.laplacian_variance(blurred) >= pc.BLUR_VARIANCE  # the whole photo's check alone missed it
    assert pc.box_sharpness(blurred, boxes) < pc.BOX_SHARPNESS <= pc.box_sharpness(sharp, boxes)
    assert pc.blurry(blurred, boxes) and not pc.blurry(sharp, boxes)


def test_tiles_too_small_to_judge_are_no_measure_of_blur():
    img, boxes = hand(tile_h=20, wh=(400, 100), stroke=1)
    assert pc.box_sharpness(img, boxes) is None and not pc.blurry(img, boxes)


def small_hand_photo() -> bytes:
    """A phone's 4032 x 3024 JPEG of a hand far off (tiles 20 px tall) on a plain felt: W2's small hand."""
    rng = np.random.default_rng(1)
    h, w = 3024, 4032
    # a room's light, brighter towards a corner (about 25% either way), and the felt's grain
    light = 1.0 + 0.25 * ((np.arange(w, dtype=np.float32)[None] / w - 0.5) * 1.2 +
                          (np.arange(h, dtype=np.float32)[:, None] / h - 0.5) * 0.8)
    felt = (light[..., None] * np.array(FELT, np.float32)).astype(np.int16)
    big = np.clip(felt + rng.integers(-8, 9, (h, w, 1), dtype=np.int16), 0, 255).astype(np.uint8)
    small, _ = hand(tile_h=20, wh=(400, 100), stroke=1)
    big[1462:1562, 1816:2216] = small
    return cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def _small_hand_in_a_big_photo() -> np.ndarray:
    from vision import READ_SIDE
    from vision.image_io import load_image_sized

    return load_image_sized(small_hand_photo(), "small.jpg", max_side=READ_SIDE)[0]  # as read: 1600 x 1200


def test_a_sharp_small_hand_on_a_plain_table_is_not_blurry_and_a_photo_blurred_everywhere_is():
    big = _small_hand_in_a_big_photo()
    assert pc.laplacian_variance(big) < pc.BLUR_VARIANCE  # the old check called it blurry: mostly plain table
    assert not pc.blurry(big)  # no tiles read
    assert pc.blurry(cv2.GaussianBlur(big, (0, 0), 8))


@pytest.mark.parametrize("gain, dark", [(1.0, False), (0.5, False), (0.3, True), (0.2, True)])
def test_a_photo_is_dark_by_its_tiles_white_or_with_no_tiles_by_its_brightest(gain, dark):
    img, boxes = hand()
    shaded = (img.astype(np.float32) * gain).astype(np.uint8)
    assert pc.dark(shaded, boxes) is dark
    assert pc.dark(shaded) is dark


def test_a_dark_table_under_bright_tiles_is_not_dark():
    img, boxes = hand()
    img[np.all(img == FELT, axis=2)] = (10, 12, 8)  # black cloth
    assert not pc.dark(img, boxes)


@pytest.mark.parametrize("box, edge", [((0, 100, 60, 180), True), ((1275, 100, 1280, 180), True),
                                       ((600, 713, 660, 720), True), ((600, 5, 660, 80), True),
                                       ((20, 20, 80, 100), False), ((600, 300, 660, 380), False)])
def test_a_box_within_a_hundredth_of_the_side_of_the_edge_may_be_cut_off(box, edge):
    assert bool(pc.at_edge([(600, 300, 660, 380), box], (1280, 720))) is edge
    assert pc.at_edge([box], (1280, 720)) == ((0,) if edge else ())


@pytest.mark.parametrize("unsure, tiles, many", [(5, 14, True), (4, 14, False), (3, 9, False), (4, 9, True),
                                                 (2, 2, False), (0, 0, False)])
def test_more_than_a_third_of_the_tiles_unsure_are_many(unsure, tiles, many):
    assert pc.many_unsure(unsure, tiles) is many


@pytest.mark.parametrize("vote, faces, threshold, leans", [(0.25, 14, 0.4, True), (0.19, 14, 0.4, False),
                                                           (2.2, 14, 1.7, True), (0.52, 14, 1.7, False),
                                                           (0.3, 4, 0.4, False), (-1.0, 14, 0.4, False)])
def test_a_vote_of_half_the_threshold_or_more_leans_upside_down(vote, faces, threshold, leans):
    assert pc.leans_upside_down(vote, faces, threshold) is leans
