"""A meld's tiles standing loose in the hand are taken into the meld, not a reason to refuse it; melds are named
in tiles on a Japanese screen; a closed kan in a photo is offered as one (``app.components.tiles``,
``app.components.photo``)."""
import cv2
from streamlit.testing.v1 import AppTest

from app_helpers import open_page, texts, tsumo

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "6s", "7s", "8s", "1z", "1z"]


def _take(tiles, melds, lang="en", with_reading=False):
    """The hand, the tiles taken and the toast after ``take_meld_tiles`` on a page whose melds box holds ``melds``."""
    def page():
        import numpy as np
        import streamlit as st

        from app.components.photo import PhotoReading, PhotoTile
        from app.components.tiles import hand, take_meld_tiles
        from scorer import load_game

        if "done" not in st.session_state:
            tiles = st.session_state["p_tiles"]
            if st.session_state.get("with_reading"):
                boxes = [PhotoTile((i * 30.0, 0.0, i * 30.0 + 28, 40.0), k, 0.9) for i, k in enumerate(tiles)]
                st.session_state["p_reading"] = PhotoReading(np.zeros((4, 4, 3), np.uint8), tuple(boxes))
            st.session_state["done"] = take_meld_tiles(load_game("tokyo-mahjong"), "p")
        st.write(repr(hand("p")))
        st.write(repr(st.session_state["done"]))
        st.write(st.session_state.get("p_moved", ""))
        if st.session_state.get("p_reading") is not None:
            st.write(repr(st.session_state["p_reading"].hand))

    at = _given(page, lang=lang, p_tiles=list(tiles), p_melds=melds, with_reading=with_reading).run()
    assert not at.exception, [e.value for e in at.exception]
    return [m.value for m in at.markdown]


def _given(page, **state) -> AppTest:
    """``page`` as an app whose session holds ``state`` before its first run."""
    at = AppTest.from_function(page)
    for key, value in state.items():
        at.session_state[key] = value
    return at


def test_a_closed_kan_typed_takes_its_two_faces_out_of_the_hand_and_says_so():
    """`ankan 9999s` typed beside a photo's hand holding 9s 9s was "too many 9 Sou: 6 across the hand"."""
    tiles, taken, toast, read = _take(HAND + ["9s", "9s"], "ankan 9999s", with_reading=True)
    assert tiles == repr(HAND) and taken == repr(["9s", "9s"])
    assert "Moved 2 × 9 Sou from the hand into the meld (closed kan 9999s)" in toast
    assert "other 2 are the tiles the photo shows face down" in toast
    assert read == repr(HAND)  # the photo's boxes of them go too: the numbers stay in step


def test_a_pon_typed_while_its_three_tiles_stand_in_the_hand_takes_all_three():
    tiles, taken, toast = _take(HAND[:8] + ["5z"] * 3 + ["1z", "1z"], "pon 555z")[:3]
    assert tiles == repr(HAND[:8] + ["1z", "1z"]) and taken == repr(["5z"] * 3)


def test_a_meld_that_leaves_the_hand_its_own_copies_takes_nothing():
    tiles, taken, toast = _take(HAND[:10] + ["5z"], "pon 555z")[:3]  # the fourth white dragon is the hand's
    assert tiles == repr(HAND[:10] + ["5z"]) and taken == "[]" and toast == ""
    tiles, taken, _ = _take(HAND, "chi 678s")[:3]  # a chi of 6s 7s 8s beside a hand holding them: within the set
    assert tiles == repr(HAND) and taken == "[]"


def test_the_toast_is_japanese_and_names_the_tiles_on_a_japanese_screen():
    _, _, toast = _take(HAND + ["9s", "9s"], "暗カン 9999s", lang="ja")[:3]
    assert "九索 2枚を手牌から鳴き (暗カン 九九九九索 (9999s)) に移しました" in toast, toast
    assert "残り 2枚" in toast


def _refused(tiles, melds, meld):
    def page():
        import streamlit as st

        from app.components.tiles import meld_refused
        from scorer import load_game

        st.write(repr(meld_refused(load_game("tokyo-mahjong"), "p", st.session_state["meld"])))
        st.write(st.session_state.get("p_refused", ""))

    at = _given(page, lang="en", p_tiles=list(tiles), p_melds=melds, meld=list(meld)).run()
    assert not at.exception, [e.value for e in at.exception]
    return [m.value for m in at.markdown]


def test_a_closed_kan_tapped_beside_its_faces_in_the_hand_is_not_refused():
    """The builder refused "closed kan" + 9 Sou with "The set has 4 of 9 Sou, all already in the hand" while two
    were in the hand: they are the kan's own."""
    assert _refused(HAND + ["9s", "9s"], "", ["9s"] * 4)[0] == "False"


def test_a_meld_whose_copies_the_other_melds_hold_is_still_refused():
    answer, said = _refused(HAND, "pon 999s", ["9s"] * 4)
    assert answer == "True" and "The set has 4 of 9 Sou" in said


def test_melds_are_named_in_tiles_on_a_japanese_screen_the_notation_in_brackets():
    def page():
        import streamlit as st

        from app.components.tiles import meld_words

        for lang in ("ja", "en"):
            st.session_state["lang"] = lang
            st.write(", ".join(meld_words(s) for s in ("pon:555z", "chi:678s", "ankan:0555m", "pong")))

    at = AppTest.from_function(page).run()
    assert [m.value for m in at.markdown] == [
        "ポン 白白白 (555z), チー 六七八索 (678s), 暗カン 赤五五五五萬 (0555m), pong",
        "pon 555z, chi 678s, closed kan 0555m, pong"]


def test_a_closed_kan_in_a_photo_is_offered_as_a_meld_and_the_hand_scored_beside_it(home):
    """`tilelens synth --hand 123m456p678s11z --melds ankan:9999s --seed 4`: the detector saw one of the kan's
    backs; the page read a 13-tile hand waiting on 9 Sou and East."""
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", [*HAND[:9], "1z", "1z"], seed=4, melds=["ankan:9999s"])
    photo = cv2.imencode(".jpg", scene.image)[1].tobytes()
    at = open_page("score_photo", "tokyo-mahjong", "en")
    at.file_uploader(key="photo_upload").set_value(("h2.jpg", photo, "image/jpeg")).run()
    boxes = [c.label for c in at.checkbox if c.key == "photo_photo_melds"]
    assert boxes == ["Score the tiles set apart from the hand as called melds: closed kan 9999s"], boxes
    tsumo(at, "photo")  # its only yaku is menzen tsumo: a new photo starts at Tokyo's ron
    assert "A win" in texts(at) and "Waits" not in texts(at)


def test_a_lone_copy_beside_a_closed_kan_is_the_hands_own_and_the_kan_still_refused():
    """234m typed beside a closed kan 3333m tapped: the 3m is the sequence's (tests/app/test_score_manual_fixes.py)."""
    hand = ["2m", "3m", "4m", *HAND[3:]]
    assert _refused(hand, "", ["3m"] * 4)[0] == "True"
    tiles, taken, _ = _take(hand, "ankan 3333m")[:3]
    assert tiles == repr(hand) and taken == "[]"
