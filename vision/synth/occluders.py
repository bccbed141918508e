"""Things in front of the tiles: a hand or fingers reaching in from the edge of the photo, a pen."""
from __future__ import annotations

import cv2
import numpy as np

_SKIN = [(170, 190, 230), (140, 170, 215), (110, 140, 190), (80, 105, 150), (190, 205, 240)]  # BGR


def _capsule(img: np.ndarray, mask: np.ndarray, p0: np.ndarray, p1: np.ndarray, r: float, colour: tuple,
             mask_id: int) -> None:
    a, b = tuple(int(v) for v in p0), tuple(int(v) for v in p1)
    cv2.line(img, a, b, colour, int(2 * r), cv2.LINE_AA)
    cv2.line(mask, a, b, (mask_id, 0), int(2 * r), cv2.LINE_8)
    for p in (a, b):
        cv2.circle(img, p, int(r), colour, -1, cv2.LINE_AA)
        cv2.circle(mask, p, int(r), (mask_id, 0), -1, cv2.LINE_8)


def draw_occluders(img: np.ndarray, mask: np.ndarray, rng: np.random.Generator, tile_px: float, mask_id: int) -> None:
    """Draw one to three fingers (or a pen) entering from an image edge; the mask marks them."""
    h, w = img.shape[:2]
    edge = int(rng.integers(4))
    t = rng.uniform(0.15, 0.85)
    start = np.array([[t * w, -10], [w + 10, t * h], [t * w, h + 10], [-10, t * h]][edge], np.float64)
    inward = np.array([[0, 1], [-1, 0], [0, -1], [1, 0]][edge], np.float64)
    angle = rng.normal(0, 0.5)
    c, s = np.cos(angle), np.sin(angle)
    direction = np.array([c * inward[0] - s * inward[1], s * inward[0] + c * inward[1]])
    side = np.array([-direction[1], direction[0]])
    length = tile_px * rng.uniform(0.8, 2.2)
    if rng.random() < 0.2:  # a pen
        colour = tuple(float(v) for v in rng.uniform(0, 255, 3))
        _capsule(img, mask, start, start + direction * length * 1.5, max(2, tile_px * 0.08), colour, mask_id)
        return
    skin = np.array(_SKIN[int(rng.integers(len(_SKIN)))], np.float64) * rng.uniform(0.8, 1.1)
    r = max(3.0, tile_px * rng.uniform(0.14, 0.22))
    for i in range(int(rng.integers(1, 4))):
        p0 = start + side * (i - 1) * r * 2.1
        p1 = p0 + direction * length * rng.uniform(0.8, 1.1)
        shade = 0.9 + 0.1 * i
        _capsule(img, mask, p0, p1, r, tuple(float(v) for v in skin * shade), mask_id)
        nail = p1 - direction * r * 0.3
        cv2.ellipse(img, tuple(int(v) for v in nail), (int(r * 0.6), int(r * 0.5)), 0, 0, 360,
                    tuple(float(v) for v in np.clip(skin * 1.15, 0, 255)), -1, cv2.LINE_AA)
