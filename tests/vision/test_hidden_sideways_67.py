"""Session 67: a called tile laid sideways in a meld lying flat is wider than its neighbours and lower, its
top under theirs (its short side stands across the row); a face half hidden by a rack's lip keeps its row's top and
loses its feet. Rendered open hands (70 photos, seeds 671-672) had 8 sideways tiles flagged as half hidden, all read
right (a 4z boxed w 93 h 76 in a row of w 80 h 97: 1.15 x as wide, under ``WIDE``)."""

from vision import hidden
from vision.recognizer import HandReading, ReadTile, hidden_marked


def meld_row(n=6, w=80.0, h=97.0, top=184.0):
    """``n`` boxes side by side, as tiles of called melds lying face up seen from above the table."""
    return [[i * (w + 4), top, i * (w + 4) + w, top + h] for i in range(n)]


def test_a_sideways_tile_in_a_row_is_not_flagged():
    boxes = meld_row()
    x0 = boxes[1][0]
    boxes[1] = [x0, 205.0, x0 + 93, 281.0]  # laid sideways: 93 wide, 76 high, its front edge in line, its top under
    assert not hidden.short_of_row(boxes).any()


def test_a_short_tile_in_the_same_row_still_is():
    boxes = meld_row()
    boxes[1][3] = boxes[1][1] + 70  # its feet hidden: the row's top kept, 72% of its height shown
    shares = hidden.short_of_row(boxes)
    assert shares.nonzero()[0].tolist() == [1] and 0.25 < shares[1] < 0.3


def test_a_short_tile_a_little_wider_is_still_flagged():
    boxes = meld_row()
    x0 = boxes[3][0]
    boxes[3] = [x0 - 3, 184.0, x0 + 86, 250.0]  # its box a little wide of its face, its top in the row's line
    assert hidden.short_of_row(boxes).nonzero()[0].tolist() == [3]


def test_a_sideways_tile_at_the_row_end_of_a_slanted_row_is_not_flagged():
    boxes = [[i * 84.0, 184.0 + 6 * i, i * 84.0 + 80, 281.0 + 6 * i] for i in range(6)]  # the row falls 6 px a tile
    boxes[5] = [420.0, 235.0, 513.0, 311.0]  # at its right end, laid sideways: its top under the row's line there
    assert not hidden.short_of_row(boxes).any()


def test_the_reading_marks_only_the_short_face():
    boxes = meld_row(n=8)
    x0 = boxes[2][0]
    boxes[2] = [x0, 205.0, x0 + 93, 281.0]  # sideways
    boxes[6][3] = boxes[6][1] + 60  # half hidden
    tiles = [ReadTile(tuple(b), "1m", {}, {"detection": 0.9, "kind": 0.97}) for b in boxes]
    read = hidden_marked(HandReading(tiles, (1000, 1000), "tokyo-mahjong"))
    assert [i for i, t in enumerate(read.tiles) if "hidden" in t.confidence] == [6]


def test_two_sideways_tiles_side_by_side_are_not_flagged():
    """A pon called from the right (its sideways tile last) beside a chi (its sideways tile first): each sideways
    tile's neighbour on one side is the other, whose top lies as low; the line of the upright tiles' tops is the
    one each is measured from (its top 13 px, 0.13 of the row's height, under it), not one half-way down to it."""
    boxes, x = [], 0.0
    for kind in "uuuuSSuuu":
        w, top, h = (80.0, 184.0, 97.0) if kind == "u" else (93.0, 197.0, 76.0)
        boxes.append([x, top, x + w, top + h])
        x += w + 4
    assert not hidden.short_of_row(boxes).any()


def test_a_hidden_face_beside_two_sideways_tiles_is_still_flagged():
    boxes, x = [], 0.0
    for kind in "uuSSuuuu":
        w, top, h = (80.0, 184.0, 97.0) if kind == "u" else (93.0, 197.0, 76.0)
        boxes.append([x, top, x + w, top + h])
        x += w + 4
    boxes[4] = [boxes[4][0] - 3, 184.0, boxes[4][0] + 86, 250.0]  # beside them, its feet hidden, its box a little wide
    assert hidden.short_of_row(boxes).nonzero()[0].tolist() == [4]
