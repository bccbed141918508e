"""Tiles washed out by glare: a lamp's reflection that saturates a tile's face, its ink lost.

The classifier names such a face as what a bare white face is, surely: on W2's hard photos (a saturated blob about a
tile across on one tile of each photo), 13 of 16 glare misreads of real Hong Kong hands carried no "?", 12 of them
read as the white dragon (5z), 0.8 and more sure. A face whose inner part (``INSET`` in from each side of its box) is
more than ``GLARE_SHARE`` blown out (every channel ``BLOWN`` or more: the sensor saturated) is marked for a person to
check: its kind confidence is held under ``vision.CHECK_BELOW`` (``GLARE_KIND``), which is what the photo page draws
red (``PhotoTile.low``) and ``tilelens read`` marks "?" (``vision.scorable.is_unsure``), and ``confidence["glare"]``
says how much of it was blown out.

A clean white dragon is white but not blown out: over the 2,939 labelled tiles of 122 real Hong Kong photos (W2's 119
held out and the 3 of ``tests/vision/data``), 126 of them white dragons, no face was more than 2% blown out (a white
dragon 0.03%); on W2's 20 glare photos of each set, every silent glare misread was more than half blown out (real
Hong Kong hands 13 of 13, rendered riichi hands 4 of 4), and 11 and 1 tiles named right beside them were too (now
marked). A glare is a highlight: its blown-out part fades out into bright pixels round it (a halo: ``HALO_SHARE`` or
more of a ring ``HALO_WIDTH`` of the tile wide round it, in the box grown by ``HALO_GROW``, has every channel
``HALO_BRIGHT`` or more; W2's glare tiles 0.31 and more), where a flat white face drawn or clipped stops at its edge
(the white boxes of ``tests/vision/test_level.py``, on black: 0).

A face is washed out by its ink, not by how bright it is (session 58, F2): its print, the pixels with a channel darker
than ``PRINT`` (a stroke, dark or coloured), is under ``PRINT_LEFT`` of its face. A bright photo blows a face's white
out round its strokes, which stay: every labelled face read but the blank white dragon's held 0.12 or more print
(2,749 faces of the 119 held-out Hong Kong photos, 267 of 20 rendered riichi hands), and 0.115 or more where the
held-out photos, +0.7 stop over, blew it more than half out (210 faces). Where a highlight (over 1 to 6 tiles of
rendered hands; W2's 20 Hong Kong glare photos) blew more than half of a face's print out, the face held 0 (median;
0.04 at the 95th percentile). Brightness alone (b2c55f0: a reading with more than a third of its faces blown out
marked none) marked 122 faces of the held-out photos +0.7 stop over, none of them washed out, and nothing of a real
glare photo (W2's Hong Kong glare 07) 5 of whose 11 faces read were blown out; by ink, 11 (the white dragons a bright
photo blows out, as blank as a glare leaves a face) and 3 of the 5 (the 2 left kept their print). Over those photos
and rendered hands with a highlight over 1 to 6 tiles, marks of faces whose print a highlight washed out rose from 123
to 160, other marks fell from 168 to 48 (session 58, F2).
"""
from __future__ import annotations

import numpy as np

from vision import HELD_LOW, held_low

BLOWN = 250  # every channel this bright or more: saturated, nothing of the face's ink left
INSET = 0.12  # of a box's width and height left out on each side: its face, not the rack or felt round it
GLARE_SHARE = 0.5  # a face more than this share blown out is washed out
GLARE_KIND = HELD_LOW  # the kind confidence a washed-out face is held to (under vision.CHECK_BELOW: checked)
HALO_GROW = 0.25  # of a box's width and height added on each side to look for the halo round its blown-out part
HALO_WIDTH = 0.1  # of the tile's short side: the ring round the blown-out part looked at
HALO_BRIGHT = 200  # every channel this bright or more: lit by the highlight
HALO_SHARE = 0.2  # this share of the ring so lit or more: a highlight fading out, not a flat white face's edge
PRINT = 140  # a pixel with a channel darker than this is print: a stroke, dark or coloured (a face's white is brighter)
PRINT_LEFT = 0.05  # a face with less of it than this share of its pixels has lost its print: washed out


def washed_out(image: np.ndarray, xyxy) -> np.ndarray:
    """The share (0-1) of each box's face (``xyxy`` in ``image``'s pixels, ``INSET`` in from its sides) whose every
    channel is ``BLOWN`` or more, where that is more than ``GLARE_SHARE``, its print is gone (:func:`print_share` under
    ``PRINT_LEFT``) and the blown-out part fades out into a halo (:func:`has_halo`: a highlight); else 0 (as for a box
    with no pixels inside the photo). A face is judged by its ink, not by how bright it is: a bright photo's faces,
    blown out round their strokes, keep their print and are not marked, however many of them there are; a highlight
    over five tiles of eleven marks the five.

    >>> yy, xx = np.mgrid[0:40, 0:90]
    >>> img = np.clip(120 + 260 * np.exp(-((xx - 45) ** 2 + (yy - 20) ** 2) / 300.0), 0, 255).astype(np.uint8)
    >>> img = np.repeat(img[..., None], 3, axis=2)  # a lamp's reflection on the middle tile of three
    >>> washed_out(img, [[0, 5, 28, 35], [31, 5, 59, 35], [62, 5, 90, 35]]).round(2).tolist()
    [0.0, 0.99, 0.0]
    >>> flat = np.zeros((40, 90, 3), np.uint8); flat[5:35, 31:59] = 255  # a white face with a hard edge
    >>> washed_out(flat, [[31, 5, 59, 35]]).tolist()
    [0.0]
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    out = np.zeros(len(boxes))
    for i, box in enumerate(boxes):  # each box's own pixels: a 4032 px photo whole costs a second
        face = _face(image, box)
        if not face.size:
            continue
        share = float((face >= BLOWN).mean())
        if share > GLARE_SHARE and float((face < PRINT).mean()) < PRINT_LEFT and has_halo(image, box):
            out[i] = share
    return out


def _face(image: np.ndarray, box) -> np.ndarray:
    """The darkest channel of each pixel of ``box``'s face in ``image`` (``INSET`` in from its sides)."""
    h, w = image.shape[:2]
    x0, y0, x1, y1 = (float(v) for v in box)
    dx, dy = (x1 - x0) * INSET, (y1 - y0) * INSET
    a, b = int(np.clip(round(x0 + dx), 0, w)), int(np.clip(round(y0 + dy), 0, h))
    c, d = int(np.clip(round(x1 - dx), 0, w)), int(np.clip(round(y1 - dy), 0, h))
    face = image[b:d, a:c]
    return face.min(axis=2) if face.ndim == 3 else face


def print_share(image: np.ndarray, box) -> float:
    """The share (0-1) of ``box``'s face (``INSET`` in from its sides) in ``image`` that is print: a channel darker
    than ``PRINT`` (a stroke dark or coloured; a face's white has every channel brighter). 0 for a box with no pixels
    in the photo, and for a blank face (a white dragon).

    >>> face = np.full((30, 28, 3), 230, np.uint8); face[6:24, 8:14] = (40, 120, 30)  # a green stroke
    >>> round(print_share(face, [0, 0, 28, 30]), 2), print_share(np.full((30, 28, 3), 255, np.uint8), [0, 0, 28, 30])
    (0.22, 0.0)
    """
    face = _face(image, box)
    return float((face < PRINT).mean()) if face.size else 0.0


def has_halo(image: np.ndarray, box) -> bool:
    """Whether the blown-out part (every channel ``BLOWN`` or more) of the photo ``image`` round ``box`` (the box grown
    by ``HALO_GROW`` each side) fades out into bright pixels: ``HALO_SHARE`` or more of a ring ``HALO_WIDTH`` of the
    box's short side wide round it has every channel ``HALO_BRIGHT`` or more. A highlight blown out all over the grown
    box has no ring: it is one."""
    import cv2

    h, w = image.shape[:2]
    bx0, by0, bx1, by1 = (float(v) for v in box)
    bw, bh = bx1 - bx0, by1 - by0
    a, b = int(max(0, np.floor(bx0 - HALO_GROW * bw))), int(max(0, np.floor(by0 - HALO_GROW * bh)))
    c, d = int(min(w, np.ceil(bx1 + HALO_GROW * bw))), int(min(h, np.ceil(by1 + HALO_GROW * bh)))
    dark = image[b:d, a:c].min(axis=2) if image.ndim == 3 else image[b:d, a:c]
    part = (dark >= BLOWN).astype(np.uint8)
    r = max(1, int(round(HALO_WIDTH * min(bw, bh))))
    ring = cv2.dilate(part, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))) > part
    return not ring.any() or float((dark[ring] >= HALO_BRIGHT).mean()) >= HALO_SHARE


def marked(confidence: dict[str, float], share: float) -> dict[str, float]:
    """A face's ``confidence`` (``ReadTile.confidence``) as read from a face ``share`` blown out: where it is washed
    out (more than ``GLARE_SHARE``), its ``kind`` held to ``GLARE_KIND`` at most and ``glare`` the share; else as
    it was.

    >>> marked({"detection": 0.9, "kind": 0.97}, 0.8)
    {'detection': 0.9, 'kind': 0.5, 'glare': 0.8}
    >>> marked({"detection": 0.9, "kind": 0.97}, 0.1)
    {'detection': 0.9, 'kind': 0.97}
    """
    if share <= GLARE_SHARE:
        return confidence
    return held_low(confidence, "glare", share)
