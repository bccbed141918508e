"""Called melds read from where a riichi photo's tiles lie (``vision.melds``)."""
import math

import numpy as np
import pytest

from vision.melds import find_melds, find_melds_of_hand
from vision.recognizer import HandReading, ReadTile

W, H = 28.0, 40.0  # an upright tile's box; a sideways one is (H, W)


def row(kinds, x0=0.0, y0=0.0, sideways=(), gap=2.0):
    """Boxes of tiles side by side from ``x0``; the places in ``sideways`` turned (wider than tall)."""
    boxes, x = [], x0
    for i, _ in enumerate(kinds):
        w, h = (H, W) if i in sideways else (W, H)
        boxes.append((x, y0 + H - h, x + w, y0 + H))
        x += w + gap
    return boxes


HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()


def found(boxes, kinds, backs=None):
    return [(m.spec, m.indices, m.called) for m in find_melds(boxes, kinds, backs)]


def test_a_pon_laid_apart_at_the_right_is_a_meld_and_its_turned_tile_the_called_one():
    boxes = row(HAND) + row(["5z"] * 3, x0=400, sideways=(1,))
    assert found(boxes, HAND + ["5z"] * 3) == [("pon:555z", (11, 12, 13), 12)]


def test_a_hand_in_one_row_has_no_melds_even_where_its_sets_would_be_melds():
    closed = HAND + ["5z"] * 3
    assert found(row(closed), closed) == []


def test_tiles_set_apart_that_are_no_meld_stay_in_the_hand():
    drawn = HAND + ["5z", "5z", "6z"]  # 13 in the hand, the drawn tile set apart: not a meld
    assert found(row(drawn[:13]) + row(drawn[13:], x0=430), drawn) == []
    sorted_apart = HAND[:8] + ["5z", "5z", "7z"]  # a group set apart that is not a set
    assert found(row(HAND[:8]) + row(sorted_apart[8:], x0=300), sorted_apart) == []


def test_melds_side_by_side_in_one_group_are_split_left_to_right():
    kinds = "1m 2m 3m 4p 5p 6p 1z 1z".split() + "7s 8s 9s 5z 5z 5z".split()
    boxes = row(kinds[:8]) + row(kinds[8:], x0=320, sideways=(0, 4))
    assert found(boxes, kinds) == [("chi:789s", (8, 9, 10), 8), ("pon:555z", (11, 12, 13), 12)]


def test_a_closed_kan_shows_its_ends_face_down():
    kinds = HAND + ["back", "0m", "5m", "back"]
    assert found(row(HAND) + row(kinds[11:], x0=400), kinds) == [("ankan:0555m", (11, 12, 13, 14), None)]
    assert found(row(HAND) + row(kinds[11:], x0=400), kinds[:11] + ["5m"] * 4) == [("kan:5555m", (11, 12, 13, 14),
                                                                                    None)]


def test_an_added_kan_its_fourth_tile_lying_beyond_the_called_one_is_a_kan():
    meld = row(["5p"] * 3, x0=400, sideways=(1,))
    x0, y0, x1, _ = meld[1]
    beyond = (x0 + 1, y0 - W - 2, x1 + 1, y0 - 2)  # turned too, one tile further from the player
    [(spec, indices, _)] = found(row(HAND) + meld + [beyond], HAND + ["5p"] * 4)
    assert spec == "kan:5555p" and sorted(indices) == [11, 12, 13, 14]


def test_a_red_five_makes_a_chi():
    kinds = HAND + ["4s", "0s", "6s"]
    assert found(row(HAND) + row(kinds[11:], x0=400, sideways=(0,)), kinds)[0][0] == "chi:406s"


def test_melds_are_found_in_a_row_seen_at_an_angle():
    kinds = HAND + ["5z"] * 3
    boxes = row(HAND) + row(["5z"] * 3, x0=400)
    c, s = math.cos(math.radians(35)), math.sin(math.radians(35))
    turned = []  # each box's centre turned 35 degrees about the origin, the box kept upright
    for x0, y0, x1, y1 in boxes:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        nx, ny = c * cx - s * cy, s * cx + c * cy
        turned.append((nx - (x1 - x0) / 2, ny - (y1 - y0) / 2, nx + (x1 - x0) / 2, ny + (y1 - y0) / 2))
    assert [m[0] for m in found(turned, kinds)] == ["pon:555z"]


def test_melds_are_kept_only_when_the_hand_then_holds_the_right_number_of_tiles():
    kinds = HAND + ["2z"] + ["5z"] * 3  # 12 beside a pon: a box too many, so no reading of melds
    assert found(row(kinds[:12]) + row(kinds[12:], x0=430), kinds) == []
    short = HAND[:10] + ["5z"] * 3  # 10 beside a pon: one short of a hand (a tile hidden), still melds
    assert [m[0] for m in found(row(short[:10]) + row(short[10:], x0=400), short)] == ["pon:555z"]


def test_when_every_group_could_be_melds_the_leftmost_is_the_hand():
    kinds = ["1m"] * 4 + ["2p"] * 4 + ["5z"] * 3 + ["6z"] * 3  # a hand of two fours, two pons laid apart
    boxes = row(kinds[:8]) + row(kinds[8:11], x0=300) + row(kinds[11:], x0=420)
    assert [m[0] for m in found(boxes, kinds)] == ["pon:555z", "pon:666z"]


def test_donjara_tiles_never_make_melds():
    kinds = [f"yokai-0{i}" for i in (1, 1, 1, 2, 2, 2)] + ["yokai-03"] * 3
    assert found(row(kinds[:6]) + row(kinds[6:], x0=300), kinds) == []


def test_boxes_and_kinds_must_pair_up():
    with pytest.raises(ValueError, match="3 boxes for 2 kinds"):
        find_melds(row(["1m"] * 3), ["1m", "1m"])


@pytest.mark.parametrize("turn", ["half", "quarter"])
def test_a_hand_photographed_turned_has_its_melds_found_at_its_right_as_its_owner_sees_it(turn):
    """A hand photographed from across the table (or from its side): in the photo its melds lie at the left
    (or above). Found in the frame it was read in (``HandReading.upright``), and, read as taken, in the
    photo turned half round (or its column laid level)."""
    kinds = HAND + ["5z"] * 3
    boxes = np.array(row(HAND) + row(["5z"] * 3, x0=400, sideways=(1,)))  # as the owner sees them
    w, h = 500.0, 60.0
    to_owner = {"half": np.array([[-1.0, 0, w], [0, -1.0, h]]),  # the photo turned half round is the owner's view
                "quarter": np.array([[0, 1.0, 0], [-1.0, 0, w]])}[turn]  # ... turned a quarter anticlockwise
    to_photo = np.linalg.inv(np.vstack([to_owner, [0, 0, 1]]))[:2]
    corners = boxes[:, [[0, 1], [2, 3]]] @ to_photo[:, :2].T + to_photo[:, 2]
    in_photo = np.concatenate([corners.min(1), corners.max(1)], 1)
    tiles = [ReadTile(tuple(b), k, {}, {"kind": 0.9}) for b, k in zip(in_photo, kinds)]
    pon = [("pon:555z", (11, 12, 13), 12)]
    assert [(m.spec, m.indices, m.called) for m in HandReading(tiles, upright=to_owner).called_melds()] == pon
    assert found(in_photo, kinds) != pon  # not at the photo's right (a column has no left to right)
    assert [(m.spec, m.indices, m.called) for m in HandReading(tiles).called_melds()] == pon


def test_melds_at_the_right_of_the_hand_are_preferred_to_tiles_set_apart_at_its_left():
    kinds = ["1m", "2m", "3m"] + HAND[3:] + ["5z"] * 3
    boxes = row(kinds[:3]) + row(kinds[3:11], x0=150) + row(["5z"] * 3, x0=450)
    assert [(m.spec, m.indices) for m in find_melds_of_hand(boxes, kinds)] == [("pon:555z", (11, 12, 13))]
    # with nothing at the right, the group at the left would be taken for a meld (the photo upside down)
    assert [(m.kind, sorted(m.indices)) for m in find_melds_of_hand(boxes[:11] + row(["5z"] * 3, x0=400), kinds)] == [
        ("chi", [0, 1, 2])]
