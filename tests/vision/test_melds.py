"""Called melds read from where a riichi photo's tiles lie (``vision.melds``)."""
import math

import pytest

from vision.melds import find_melds

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
