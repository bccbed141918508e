"""A photo's pon made a kan by a tile added (``app.components.photo.melds_with_kans``) whatever the order the tiles
were added in. Each added tile was judged only with the tiles added before it: on a photo missing both a kan's fourth
tile and a held tile, the kan's tile added first was counted as the hand's own (the hand then one short), and the
held tile added after it made a hand of 15, the photo's melds lost.

The reading is 0012's (``test_pon_to_kan_67``: kan 7777z read as a pon, pon 111s) with the hand's 8m missed too."""
import sys
from pathlib import Path

import numpy as np
import pytest
from app_helpers import texts
from test_pon_to_kan_67 import BOXES_0012, RUN_SHORT, kan_scored, read_as_0012

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import _house  # noqa: E402 - the house sets the scorer's tests make

MISSED_8M = [b for b in BOXES_0012 if b[1] != "8m"]  # 13 boxes: 7 held, then the kan's three faces, then 111s


def reading_of(boxes):
    from app.components.photo import PhotoReading, PhotoTile

    tiles = tuple(PhotoTile(xyxy, k, 0.98, choices=((k, 0.98),)) for xyxy, k in boxes)
    return PhotoReading(np.zeros((640, 640, 3), np.uint8), tiles, original_wh=(640, 640))


@pytest.mark.parametrize("added", [["7z", "8m"], ["8m", "7z"]])
def test_the_kans_tile_and_a_held_tile_added_in_either_order_make_the_kan(added):
    from app.components.photo import melds_with_kans

    reading = reading_of(MISSED_8M)
    melds, by_added = melds_with_kans(reading, reading.hand + added)
    assert [spec for spec, _ in melds] == ["kan:7777z", "pon:111s"]
    assert by_added == ["7z"]
    kan_places = melds[0][1]
    assert kan_places[:3] == (7, 8, 9) and (reading.hand + added)[kan_places[3]] == "7z"


@pytest.mark.parametrize("added", [["7z", "1s"], ["1s", "7z"]])
def test_two_kans_fourth_tiles_added_in_either_order_make_both_kans(added):
    """0012 read whole but for both melds' fourth tiles: the hand two over, each pon a kan."""
    from app.components.photo import melds_with_kans

    reading = reading_of(BOXES_0012)
    melds, by_added = melds_with_kans(reading, reading.hand + added)
    assert [spec for spec, _ in melds] == ["kan:7777z", "kan:1111s"]
    assert sorted(by_added) == ["1s", "7z"]


def test_a_tile_added_to_a_hand_one_short_stays_the_hands_own():
    """A run's 1s the photo missed beside the pon 111s: the hand whole with it, the pon stays a pon."""
    from app.components.photo import melds_with_kans

    reading = reading_of(list(zip([xyxy for xyxy, _ in BOXES_0012[1:]], RUN_SHORT)))
    assert melds_with_kans(reading, [*RUN_SHORT, "1s"]) == ((("pon:777z", (7, 8, 9)), ("pon:111s", (10, 11, 12))), [])


@pytest.mark.parametrize("added", [["1s", "7z"], ["7z", "1s"]])
def test_of_two_added_tiles_that_fit_pons_the_one_that_leaves_a_win_makes_the_kan(added):
    """The run 1s-2s-3s's 1s and the kan's fourth 7z both missed, beside pons 777z and 111s: the hand one over, and
    either added tile fits a pon. Taken as the kan's fourth tile, 7z leaves the run whole and the hand a win; 1s would
    leave a lone 7z held, a tile from a win. The hand decides, not the order the tiles were added in."""
    from app.components.photo import melds_with_kans
    from scorer import riichi

    reading = reading_of(list(zip([xyxy for xyxy, _ in BOXES_0012[1:]], RUN_SHORT)))
    kinds = reading.hand + added
    melds, by_added = melds_with_kans(reading, kinds)
    assert [spec for spec, _ in melds] == ["kan:7777z", "pon:111s"]
    assert by_added == ["7z"]
    in_melds = {i for _, places in melds for i in places}
    held = [k for i, k in enumerate(kinds) if i not in in_melds]
    assert sorted(held) == sorted("1s 2s 3s 6m 7m 8m 4z 4z".split())
    result = riichi.score("tokyo-mahjong", held, melds=[spec for spec, _ in melds], win_tile="1s")
    assert result.winning, result.reason


@pytest.mark.parametrize("added", [["1s", "7z"], ["7z", "1s"]])
def test_a_house_sets_hand_is_judged_closest_to_a_win_with_the_sets_own_copies(tmp_path, added):
    """As above, the held 6m-7m-8m a triplet 0p-0p-5p of a set of two red 5p: the hand holds a second red five, more
    than a standard set has. Judged with the set's copies, 7z is the kan's tile, the hand a win; judged with a
    standard set's, every choice was refused and the last added made the kan."""
    from app.components.photo import melds_with_kans
    from scorer import riichi

    two_red_pins = _house(tmp_path, "two-red-pins", {"5p": 2, "0p": 2})
    held = [*RUN_SHORT[:2], "0p", "0p", "5p", *RUN_SHORT[5:]]
    reading = reading_of(list(zip([xyxy for xyxy, _ in BOXES_0012[1:]], held)))
    kinds = reading.hand + added
    melds, by_added = melds_with_kans(reading, kinds, game=two_red_pins)
    assert ([spec for spec, _ in melds], by_added) == (["kan:7777z", "pon:111s"], ["7z"])
    in_melds = {i for _, places in melds for i in places}
    result = riichi.score(two_red_pins, [k for i, k in enumerate(kinds) if i not in in_melds],
                          melds=[spec for spec, _ in melds], win_tile="1s")
    assert result.winning, result.reason


def test_a_tile_that_fits_two_pons_of_its_kind_makes_one_a_kan(tmp_path):
    """A house set of eight red dragons, two pons of 777z on the photo and a 7z added (with the run's 1s): either pon
    made the kan scores the same. It was no kan, the hand one over and the photo's melds lost."""
    from app.components.photo import melds_with_kans

    eight_reds = _house(tmp_path, "eight-reds", {"7z": 8})
    held = [*RUN_SHORT[:-3], "7z", "7z", "7z"]  # the pon of 111s a second pon of 777z
    reading = reading_of(list(zip([xyxy for xyxy, _ in BOXES_0012[1:]], held)))
    melds, by_added = melds_with_kans(reading, reading.hand + ["1s", "7z"], game=eight_reds)
    assert sorted(spec for spec, _ in melds) == ["kan:7777z", "pon:777z"], melds
    assert by_added == ["7z"]


@pytest.mark.parametrize(("added", "kan"), [(["7z", "1s"], "kan:1111s"), (["1s", "7z"], "kan:7777z")])
def test_where_either_kan_leaves_the_hand_as_close_to_a_win_the_last_added_makes_it(added, kan):
    """0012 but for its 8m, and both pons' fourth tiles added: one over, and either kan leaves a lone tile held (the
    other pon's kind) with the 8m still missing: as far from a win either way, the tile added last is the kan's."""
    from app.components.photo import melds_with_kans

    reading = reading_of(MISSED_8M)
    melds, by_added = melds_with_kans(reading, reading.hand + added)
    assert kan in [spec for spec, _ in melds] and len(melds) == 2
    assert by_added == [added[-1]]


def test_a_hand_over_by_more_than_its_kans_tiles_says_no_kan():
    """0012 whole, its kan's fourth tile and a stray 3m added: two over with one kan's tile, the photo's melds not
    found; no pon is said to be made a kan."""
    from app.components.photo import melds_with_kans

    reading = reading_of(BOXES_0012)
    assert melds_with_kans(reading, reading.hand + ["7z", "3m"]) == ((), [])


@pytest.mark.parametrize("added", [["7z", "8m"], ["8m", "7z"]])
def test_added_in_either_order_the_page_scores_the_kan(home, page, added):
    kinds = [k for _, k in MISSED_8M]
    at = read_as_0012(page, boxes=MISSED_8M)
    assert "called melds: pon 777z, pon 111s" in at.checkbox(key="photo_photo_melds").label
    at.toggle(key="photo_add_open").set_value(True).run()
    for kind in added:
        at.button(key=f"photo_add_{kind}").click().run()
    assert at.session_state["photo_tiles"] == [*kinds, *added]
    kan_scored(at)
    assert "Red dragon added makes the photo's pon of Red dragon a kan" in texts(at)
