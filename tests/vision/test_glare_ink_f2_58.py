"""Session 58 (F2): a face is washed out by glare where its print is gone in a blown-out highlight, not merely where
it is bright (``vision.glare.washed_out``). A bright photo's faces, blown out round their strokes, keep their print and
are not marked; a highlight that washed out 5 faces of 11 keeps its marks (b2c55f0 marked none of a reading with more
than a third of its faces blown out: W2's real Hong Kong glare photo 07 lost all its marks so)."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import glare

HK = Path(__file__).parent / "data" / "detector"

W, H, GAP = 28, 30, 3  # a tile's face and the gap between tiles, px


def row(n: int, ink: bool = True, face: float = 225.0) -> tuple[np.ndarray, list[list[int]]]:
    """A row of ``n`` faces (``face`` grey) on dark felt, each with print (two dark strokes and a red dot, about a fifth
    of the face, as a tile's) where ``ink``; and their boxes."""
    w = (W + GAP) * n
    img = np.full((40, w, 3), 40.0)
    for i in range(n):
        x = (W + GAP) * i
        img[5:35, x:x + W] = face
        if ink:
            img[10:30, x + 7:x + 10] = 30.0  # strokes
            img[10:30, x + 18:x + 21] = 30.0
            img[17:23, x + 11:x + 17] = (40.0, 40.0, 200.0)  # a red dot (BGR)
    return img, [[(W + GAP) * i, 5, (W + GAP) * i + W, 35] for i in range(n)]


def lit(img: np.ndarray, centres, spread: float = 300.0, strength: float = 420.0) -> np.ndarray:
    """``img`` with a lamp's reflection centred on each tile numbered in ``centres``: a highlight blown out over the
    face, its print with it, fading out round it."""
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    out = img.copy()
    for c in centres:
        out += strength * np.exp(-((xx - ((W + GAP) * c + W / 2)) ** 2 + (yy - 20) ** 2) / spread)[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def brighter(img: np.ndarray, stops: float) -> np.ndarray:
    """``img`` overexposed by ``stops`` (linear gain, as a camera's exposure)."""
    lin = (np.clip(img, 0, 255) / 255.0) ** 2.2 * 2 ** stops
    return np.clip(lin ** (1 / 2.2) * 255.0, 0, 255).astype(np.uint8)


def test_a_face_whose_print_a_highlight_washed_out_is_marked():
    img, boxes = row(9)
    marks = glare.washed_out(lit(img, [4]), boxes)
    assert (marks > glare.GLARE_SHARE).tolist() == [i == 4 for i in range(9)]


def labelled(name: str) -> tuple[np.ndarray, list[list[float]]]:
    """A real Hong Kong photo of ``tests/vision/data/detector`` and its labelled boxes, in its pixels."""
    img = cv2.imread(str(HK / "images" / f"{name}.jpg"))
    h, w = img.shape[:2]
    boxes = []
    for line in (HK / "labels" / f"{name}.txt").read_text().splitlines():
        _, xc, yc, bw, bh = (float(v) for v in line.split()[:5])
        boxes.append([(xc - bw / 2) * w, (yc - bh / 2) * h, (xc + bw / 2) * w, (yc + bh / 2) * h])
    return img, boxes


@pytest.mark.parametrize("name, stops, blown", [("hk-3", 0.7, 4), ("hk-2", 1.0, 1), ("hk-1", 1.0, 2)])
def test_a_bright_face_that_keeps_its_print_is_not_marked(name, stops, blown):
    """Real photos overexposed: b2c55f0 marked ``blown`` faces of each (a third or fewer: 'local'), every one of them
    printed as it was (a man tile's character, a bamboo's sticks)."""
    img, boxes = labelled(name)
    bright = brighter(img, stops)
    by_brightness = [(glare._face(bright, b) >= glare.BLOWN).mean() > glare.GLARE_SHARE and glare.has_halo(bright, b)
                     for b in boxes]
    assert by_brightness.count(True) == blown  # bright and lit round: what b2c55f0 marked
    assert not glare.washed_out(bright, boxes).any()
    assert [glare.print_share(bright, b) > glare.PRINT_LEFT for b in boxes].count(True) == len(boxes)


def test_five_of_eleven_faces_washed_out_by_one_highlight_keep_their_marks():
    img, boxes = row(11)
    wide = lit(img, [5], spread=5000.0, strength=500.0)  # one broad reflection over the middle five
    marks = glare.washed_out(wide, boxes) > 0
    assert marks.sum() == 5 and marks[3:8].all()  # b2c55f0: more than a third, none marked


def test_print_share_is_measured_on_the_face():
    img, boxes = row(3)
    shares = [glare.print_share(img, b) for b in boxes]
    assert all(0.1 < s < 0.4 for s in shares)  # a tile's print: a fifth of its face or so
    blank, one = row(1, ink=False)
    assert glare.print_share(blank, one[0]) == 0.0  # a white dragon: no print
    assert glare.print_share(lit(img, [1]), boxes[1]) < glare.PRINT_LEFT
