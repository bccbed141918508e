"""The half-hidden mark (``vision.hidden``) judges a face against the tiles of its own row: boxes side by side whose
tops run along a line. Tiles lying loose whose tops only happen to fall in one band are no row: on
``tilelens synth --game tokyo-mahjong --hand 234m456p789s11z55z --seed 1 --layout scattered`` the 5p, lying flat, was
marked half hidden against scattered tiles beside it. A row that slopes or curves (seen in perspective) is still one,
and its hidden faces are still marked. The boxes below are the reader's own (as ``hidden_marked`` sees them)."""

import pytest

from vision import hidden

# the reported photo: thirteen tiles lying loose; the 11th (5p) was marked against the 9th, 10th, 12th and 13th, whose
# tops lie within half a tile of its own but zigzag (399, 461, 427, 454, 421)
SCATTERED = [[267, 55, 367, 171], [163, 149, 265, 263], [269, 192, 338, 296], [359, 181, 453, 296],
             [453, 239, 557, 321], [79, 271, 191, 372], [167, 295, 276, 414], [405, 320, 502, 430],
             [82, 399, 191, 522], [190, 461, 284, 575], [289, 427, 393, 508], [432, 454, 531, 573],
             [520, 421, 620, 527]]
# a rendered seat seen in perspective: its row curves (tops 127 to 111 and back to 134) and its boxes grow from 31 to
# 60 px high; the 2nd and 3rd faces (9% and 37% of them shown) are short of their row
CURVING = [[0, 127, 31, 158], [23, 122, 76, 159], [66, 118, 122, 160], [112, 114, 167, 162], [158, 113, 210, 161],
           [204, 111, 257, 162], [250, 111, 302, 162], [297, 111, 347, 165], [344, 114, 393, 169],
           [389, 115, 436, 171], [434, 116, 483, 174], [514, 123, 567, 181], [560, 130, 617, 190],
           [609, 134, 640, 194]]
# a rendered rack seat sloping steeply (tops 15-20 px lower each tile), the 2nd and 9th faces behind a drawn lip
SLOPING = [[41, 463, 189, 626], [168, 487, 310, 583], [297, 506, 434, 675], [419, 527, 551, 693],
           [538, 547, 673, 708], [649, 561, 800, 722], [766, 578, 927, 735], [879, 595, 1047, 751],
           [1015, 604, 1173, 696]]
# a rack seat read turned round (the reader took the hand for one seen from across the table): the lip hides what
# is then the first face's top, its bottom in line with its row's
TURNED_ROUND = [[70, 645, 162, 716], [148, 605, 246, 722], [330, 616, 414, 732], [492, 626, 578, 742],
                [656, 634, 740, 747], [732, 638, 825, 751], [815, 639, 913, 753], [892, 644, 986, 755],
                [1058, 655, 1157, 757]]


def marked(boxes):
    return hidden.short_of_row(boxes).nonzero()[0].tolist()


def row(n=8, w=36.0, h=50.0, top=100.0):
    return [[i * (w + 3), top, i * (w + 3) + w, top + h] for i in range(n)]


def test_tiles_lying_loose_in_one_band_make_no_row():
    assert marked(SCATTERED) == []


def test_a_loose_tile_beside_a_row_is_not_judged_against_it():
    boxes = row()
    boxes[3][3] = boxes[3][1] + 26  # its feet behind a lip: the row's top kept
    x = boxes[-1][2] + 3
    boxes.append([x, 120.0, x + 36, 160.0])  # lying loose at the row's end: short, its top and bottom off the row's
    assert marked(boxes) == [3]


def test_a_row_curving_in_perspective_still_marks_its_hidden_faces():
    assert marked(CURVING) == [1, 2]


def test_a_sloping_row_still_marks_its_hidden_faces():
    assert marked(SLOPING) == [1, 8]


def test_a_face_whose_bottom_keeps_the_row_line_is_still_judged():
    assert marked(TURNED_ROUND) == [0]


@pytest.mark.parametrize("tops", [(100, 112, 98, 110, 96, 108), (100, 115, 100, 115, 100, 115)])
def test_a_row_broken_by_zigzag_tops_is_too_short_to_judge(tops):
    boxes = [[i * 39.0, t, i * 39.0 + 36, t + 50] for i, t in enumerate(tops)]
    boxes[2][3] = boxes[2][1] + 30
    assert marked(boxes) == []


def test_the_reported_photo_marks_no_tile_half_hidden():
    from vision.recognizer import Recognizer
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", ["234m456p789s11z55z"], seed=1, layout="scattered")
    reading = Recognizer.load(game="tokyo-mahjong").read(scene.image)
    assert len(reading.tiles) == 13
    assert [t.kind for t in reading.tiles if "hidden" in t.confidence] == []
