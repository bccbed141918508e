"""The meld builder's kan of a photo's pon where the hand is a tile short (``options._photo_pon_made_kan``).

A kan tapped with the hand one tile short added its fourth tile, unsaid, as a tile of the hand (a photo's pon is made
a kan only by a tile that makes the hand one over, ``photo.melds_with_kans``): the pon stayed a pon, a tile the player
never meant to hold was scored, and the missing tile added after it made the wrong pon a kan. It is refused and said,
nothing changed: the missing tile added first, the same tap makes the kan."""
import pytest
from app_helpers import texts
from test_pon_to_kan_67 import BOXES_0012, RUN_SHORT, kan_scored, read_as_0012

SHORT = {"en": ("The photo's pon of Red dragon was not made a kan: the hand is still short of a tile",
                "Add the missing tile first (“Add a tile the photo missed”), then choose kan of Red dragon again."),
         "ja": ("写真の「中」のポンをカンにしませんでした: 手牌がまだ足りないため",
                "先に足りない牌を「写真にない牌を追加」で追加してから、もう一度「中」のカンを選んでください。")}


def read_short(page, lang):
    """0012 with the hand's first 5m missed: 7 held beside the photo's pons 777z and 111s, one tile short."""
    return read_as_0012(page, lang, RUN_SHORT, BOXES_0012[1:])


def kan_tapped(at, tile="7z"):
    at.segmented_control(key="photo_meld_kind").set_value("kan").run()
    at.button(key=f"photo_meld_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_kan_tapped_with_the_hand_one_short_adds_nothing_and_says_how(home, page, lang):
    at = kan_tapped(read_short(page, lang))
    assert at.session_state["photo_tiles"] == RUN_SHORT  # no Red dragon held
    label = at.checkbox(key="photo_photo_melds").label
    assert ("pon 777z" if lang == "en" else "ポン 中中中") in label, label
    toasts = [x.value for x in at.toast]
    assert len(toasts) == 1 and all(part in toasts[0] for part in SHORT[lang]), toasts


def test_the_missing_tile_added_first_the_same_tap_makes_the_kan(home, page):
    at = read_short(page, "en")
    kan_tapped(at)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_5m").click().run()  # the tile the photo missed
    kan_tapped(at)
    assert at.session_state["photo_tiles"] == [*RUN_SHORT, "5m", "7z"]
    label = at.checkbox(key="photo_photo_melds").label
    assert "kan 7777z" in label and "pon 111s" in label and "1111s" not in label, label
    assert "Red dragon added makes the photo's pon of Red dragon a kan" in texts(at)


def test_a_kan_tapped_with_the_hand_whole_still_makes_the_kan(home, page):
    kan_scored(kan_tapped(read_as_0012(page)))
