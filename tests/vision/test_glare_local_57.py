"""Session 57 (R3, V3): a glare is a highlight, local to a tile or two; a photo overexposed as a whole, most of its
faces blown out, has no tile marked washed out (``vision.glare.washed_out``)."""
import numpy as np

from vision import glare


def lit(centres, n: int = 9) -> tuple[np.ndarray, list[list[int]]]:
    """A row of ``n`` grey tiles 28 x 30 px, a lamp's reflection on each tile numbered in ``centres``."""
    w = 31 * n
    yy, xx = np.mgrid[0:40, 0:w]
    img = np.full((40, w), 120.0)
    for c in centres:
        img += 260 * np.exp(-((xx - (31 * c + 14)) ** 2 + (yy - 20) ** 2) / 300.0)
    img = np.repeat(np.clip(img, 0, 255).astype(np.uint8)[..., None], 3, axis=2)
    return img, [[31 * i, 5, 31 * i + 28, 35] for i in range(n)]


def test_a_highlight_on_a_tile_or_three_of_nine_is_marked():
    img, boxes = lit([4])
    assert (glare.washed_out(img, boxes) > glare.GLARE_SHARE).tolist() == [i == 4 for i in range(9)]
    img, boxes = lit([1, 4, 7])  # a third: still local
    assert (glare.washed_out(img, boxes) > 0).sum() == 3


def test_four_highlights_that_wash_out_four_faces_print_mark_all_four():
    # session 58: marked by the print a face lost, not capped at a third of the faces (a bright photo's faces keep
    # their print: tests/vision/test_glare_ink_f2_58.py)
    img, boxes = lit([0, 2, 4, 6])
    assert (glare.washed_out(img, boxes) > 0).sum() == 4
