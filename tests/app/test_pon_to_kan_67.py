"""A called kan whose fourth tile the detector missed is read as a pon: the player makes it a kan in a tap or two,
the photo's other melds kept (``app.components.photo.melds_with_kans``, ``scorer.riichi_tiles.kan_of_pon``).

The reading is photo 0012 of ``benchmarks/make_synth_hands.py tokyo-mahjong DIR --count 30 --seed 77 --open``
(hand 5m 5m 6m 4z 4z 7m 4z 8m, kan 7777z, pon 111s) as the shipped models read it: each box as read, the kan's
fourth tile missing, so the page found "pon 777z" and "pon 111s" and showed a win with nothing flagged."""
import sys
from pathlib import Path

import pytest
from app_helpers import synthetic, texts

from scorer import score

CONCEALED = "5m 5m 6m 4z 4z 7m 4z 8m".split()
# 0012.jpg read by the page (as measured): 8 held, then the kan's three faces found, then the pon of 1 Sou
BOXES_0012 = [
    ((74.6, 297.1, 127.5, 345.3), "5m"), ((109.1, 288.2, 161.6, 336.9), "5m"), ((141.4, 280.3, 193.1, 328.3), "6m"),
    ((175.6, 270.8, 224.3, 323.0), "4z"), ((208.3, 263.1, 255.5, 311.3), "4z"), ((242.0, 252.1, 287.1, 302.2), "7m"),
    ((275.2, 242.6, 317.9, 293.2), "4z"), ((307.1, 232.4, 346.5, 282.1), "8m"), ((365.8, 254.4, 412.4, 309.6), "7z"),
    ((397.6, 247.1, 442.9, 299.5), "7z"), ((429.9, 243.8, 484.0, 290.8), "7z"), ((471.3, 230.6, 527.7, 277.4), "1s"),
    ((505.9, 213.4, 556.7, 266.5), "1s"), ((535.1, 206.9, 584.9, 257.6), "1s"),
]


def read_as_0012(page, lang="en", kinds=None, boxes=BOXES_0012):
    """The photo page given a photo, read as 0012.jpg was: ``boxes`` (its boxes, or some of them) holding ``kinds``
    (the boxes' own where not given), read surely."""
    from dataclasses import replace

    from app.components.photo import PhotoTile

    kinds = [k for _, k in boxes] if kinds is None else kinds
    at = page("score_photo", "tokyo-mahjong", lang)
    at.file_uploader(key="photo_upload").set_value(
        ("0012.jpg", synthetic("tokyo-mahjong", list(kinds)), "image/jpeg")).run()
    tiles = tuple(PhotoTile(xyxy, k, 0.98, choices=((k, 0.98),)) for (xyxy, _), k in zip(boxes, kinds))
    reading = at.session_state["photo_reading"]
    at.session_state["photo_reading"] = replace(reading, tiles=tiles, upright=None, original_wh=(640, 640))
    at.session_state["photo_tiles"] = list(kinds)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def kan_scored(at, lang="en"):
    """The page shows the hand as kan 7777z and pon 111s beside the 8 concealed tiles, and scores it so."""
    assert not at.exception, [e.value for e in at.exception]
    label = at.checkbox(key="photo_photo_melds").label
    assert ("kan 7777z" if lang == "en" else "カン 中中中中") in label, label
    assert ("pon 111s" if lang == "en" else "ポン 一一一索") in label, label  # the other called pon kept a pon
    assert at.checkbox(key="photo_photo_melds").value
    if lang == "en":
        assert "Hand (15 tiles: 8 held, 7 in melds)" in texts(at)
    want = score("tokyo-mahjong", CONCEALED, melds=["kan:7777z", "pon:111s"], win="ron", win_tile="8m",
                 riichi=False, players=4)
    pon = score("tokyo-mahjong", CONCEALED, melds=["pon:777z", "pon:111s"], win="ron", win_tile="8m",
                riichi=False, players=4)
    assert want.winning and want.points != pon.points  # the kan's fu change the price
    assert not at.error, [e.value for e in at.error]
    assert at.success and f"{want.points:,}" in texts(at), texts(at)


def test_as_read_the_kan_is_a_pon_and_the_hand_a_win(home, page):
    at = read_as_0012(page)
    assert "called melds: pon 777z, pon 111s" in at.checkbox(key="photo_photo_melds").label
    assert "Hand (14 tiles: 8 held, 6 in melds)" in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_missed_fourth_tile_added_makes_the_pon_a_kan_in_two_taps(home, page, lang):
    at = read_as_0012(page, lang)
    at.toggle(key="photo_add_open").set_value(True).run()  # tap 1: "Add a tile the photo missed"
    at.button(key="photo_add_7z").click().run()  # tap 2: Red dragon
    kan_scored(at, lang)
    said = texts(at)
    assert ("Red dragon added makes the photo's pon of Red dragon a kan" if lang == "en"
            else "追加した「中」で、写真の「中」のポンをカンにしました") in said, said
    assert "15 now" not in said and "いま 15枚" not in said


def test_the_added_tile_taken_out_again_makes_it_a_pon_again(home, page):
    at = read_as_0012(page)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_7z").click().run()
    at.button(key="photo_tile_14").click().run()
    at.button(key="photo_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "called melds: pon 777z, pon 111s" in at.checkbox(key="photo_photo_melds").label
    assert "Hand (14 tiles: 8 held, 6 in melds)" in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_kan_tapped_in_the_meld_builder_makes_the_photos_pon_a_kan_keeping_the_other(home, page, lang):
    at = read_as_0012(page, lang)
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()  # (the options and the builder unfolded)
    at.button(key="photo_meld_7z").click().run()
    kan_scored(at, lang)
    assert at.text_input(key="photo_melds").value == ""  # no typed meld: the photo's melds still count
    assert at.session_state["photo_tiles"] == [*(k for _, k in BOXES_0012), "7z"]  # its fourth tile added
    assert ("Red dragon added makes the photo's pon of Red dragon a kan" if lang == "en"
            else "追加した「中」で、写真の「中」のポンをカンにしました") in texts(at)
    # and back: the tile added taken out, as one added in the palette is
    at.button(key="photo_tile_14").click().run()
    at.button(key="photo_remove").click().run()
    label = at.checkbox(key="photo_photo_melds").label
    assert "777z" in label and "7777z" not in label and "111s" in label, label
    assert ("Hand (14 tiles: 8 held, 6 in melds)" if lang == "en" else "手牌 (14枚") in texts(at)


def test_a_kan_of_a_kind_no_pon_holds_is_typed_as_before(home, page):
    at = read_as_0012(page)
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()
    at.button(key="photo_meld_9p").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="photo_melds").value == "kan 9999p"


# 0012's boxes read otherwise: the hand's fives two 2p, the hand's 4z three 7z, and the kan's three faces a red five
# and two fives (``pon:055m``)
RED_PON = ("2p 2p 6m 7z 7z 7m 7z 8m".split(), ["0m", "5m", "5m"], ["1s"] * 3)


def test_a_kan_tapped_of_a_red_five_pon_at_a_table_without_red_fives_keeps_the_photos_melds(home, page):
    """The builder writes that table's kan of fives 5555m, two tiles off the pon's 055m: the tap was typed as a kan
    of its own, which took the pon's fives out of the hand, and the photo's melds with them."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
    from house_table_helpers import TOKYO, rules_file, saved, sub_once

    from scorer import load_game

    no_red = sub_once(TOKYO, r"^red_fives = true", "red_fives = false")
    saved(home / "home", no_red)
    kinds = [k for part in RED_PON for k in part]
    at = read_as_0012(page, kinds=kinds)
    assert "called melds: pon 055m, pon 111s" in at.checkbox(key="photo_photo_melds").label
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()
    at.button(key="photo_meld_5m").click().run()
    assert not at.exception, [e.value for e in at.exception]
    label = at.checkbox(key="photo_photo_melds").label
    assert "kan 0555m" in label and "pon 111s" in label, label
    assert at.text_input(key="photo_melds").value == ""
    assert at.session_state["photo_tiles"][:len(kinds)] == kinds  # the pon's fives still the photo's
    assert "Hand (15 tiles: 8 held, 7 in melds)" in texts(at)
    want = score(load_game(rules_file(home, no_red)), RED_PON[0], melds=["kan:5555m", "pon:111s"], win="ron",
                 win_tile="8m", riichi=False, players=4)  # its red five no dora at that table
    assert want.winning and at.success and f"{want.points:,}" in texts(at), texts(at)


def test_a_kan_tapped_of_a_plain_five_pon_adds_the_red_five_at_a_table_with_them(home, page):
    """The set's fourth five is its red one: the kan tapped (0555m) adds it, not a fourth plain five it has not."""
    kinds = [*RED_PON[0], "5m", "5m", "5m", *RED_PON[2]]
    at = read_as_0012(page, kinds=kinds)
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()
    at.button(key="photo_meld_5m").click().run()
    assert not at.exception, [e.value for e in at.exception]
    label = at.checkbox(key="photo_photo_melds").label
    assert "kan 0555m" in label and "pon 111s" in label, label
    assert at.session_state["photo_tiles"] == [*kinds, "0m"]
    want = score("tokyo-mahjong", RED_PON[0], melds=["kan:0555m", "pon:111s"], win="ron", win_tile="8m",
                 riichi=False, players=4)
    assert want.winning and at.success and f"{want.points:,}" in texts(at), texts(at)


# 0012's boxes but the first (a 5m) read otherwise: a concealed run 1s-2s-3s whose 1s the detector missed, beside the
# photo's pons 777z and 111s: 13 tiles, one short
RUN_SHORT = "2s 3s 6m 7m 8m 4z 4z".split() + ["7z"] * 3 + ["1s"] * 3


def test_a_tile_added_where_the_count_is_then_right_stays_in_the_hand_no_kan_made(home, page):
    """1s added to a hand one tile short is the run's 1s: the pon of 1 Sou stays a pon (it was made "kan 1111s", and
    the hand a non-win where it wins 1,000); only a tile that makes the hand one tile over completes a kan."""
    at = read_as_0012(page, kinds=RUN_SHORT, boxes=BOXES_0012[1:])
    assert "called melds: pon 777z, pon 111s" in at.checkbox(key="photo_photo_melds").label
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_1s").click().run()
    assert not at.exception, [e.value for e in at.exception]
    label = at.checkbox(key="photo_photo_melds").label
    assert "pon 777z, pon 111s" in label and "1111s" not in label, label
    said = texts(at)
    assert "Hand (14 tiles: 8 held, 6 in melds)" in said
    assert "makes the photo's pon" not in said
    want = score("tokyo-mahjong", "1s 2s 3s 6m 7m 8m 4z 4z".split(), melds=["pon:777z", "pon:111s"], win="ron",
                 win_tile="8m", riichi=False, players=4)
    assert want.winning and at.success and f"{want.points:,}" in said, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_second_kan_tap_of_the_kind_changes_nothing_and_says_no_copy_is_left(home, page, lang):
    """The pon already made a kan, a second kan of its kind tapped was typed as a meld of its own: its four tiles
    were taken out of the hand, and the photo's melds with them. It is refused as the palette refuses a fifth copy."""
    at = read_as_0012(page, lang)
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()
    at.button(key="photo_meld_7z").click().run()
    tiles = list(at.session_state["photo_tiles"])
    at.button(key="photo_meld_7z").click().run()
    kan_scored(at, lang)
    assert at.session_state["photo_tiles"] == tiles
    assert at.text_input(key="photo_melds").value == ""
    assert at.toast and ("The set has 4 of Red dragon" if lang == "en" else "4枚しかなく") in at.toast[0].value, \
        [x.value for x in at.toast]
