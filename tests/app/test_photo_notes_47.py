"""What the photo page's reading says of odd photos (``PhotoReading.notes``: keys of the app's strings, in both
languages): no colour, a 256-colour palette, an animation, two hands in one photo. None of it was said."""
import io

import cv2
import numpy as np
import pytest
from PIL import Image

from app.components.i18n import STRINGS
from app.components.photo import NOTE_KEYS, decode, read_image, read_photo
from scorer import load_game

HAND = "1m 2m 3m 4p 0p 6p 7s 8s 9s 1z 1z 7z 7z 7z".split()
GAME = "tokyo-mahjong"


@pytest.fixture(scope="module")
def recognizer():
    from vision.recognizer import Recognizer

    return Recognizer.load(game=GAME)


@pytest.fixture(scope="module")
def known():
    return {k.id for k in load_game(GAME).tiles}


@pytest.fixture(scope="module")
def scene():
    from vision.synth import render_hand

    return render_hand(GAME, HAND, seed=3, layout="rack").image


def jpeg(bgr) -> bytes:
    return cv2.imencode(".jpg", bgr)[1].tobytes()


def gif(bgr, *more) -> bytes:
    buf = io.BytesIO()
    frames = [Image.fromarray(np.ascontiguousarray(b[:, :, ::-1])) for b in (bgr, *more)]
    frames[0].save(buf, "GIF", save_all=bool(more), append_images=frames[1:], duration=500)
    return buf.getvalue()


def test_each_note_is_said_in_japanese_and_english():
    assert set(NOTE_KEYS) == {"colourless", "palette", "animated", "multipage", "two_hands"}
    for key in NOTE_KEYS.values():
        ja, en = STRINGS[key]
        assert ja and en and ja != en and "\n" not in en


def test_a_colour_photo_has_no_notes(scene, recognizer, known):
    assert read_photo(jpeg(scene), recognizer, known).notes == ()


def test_a_grey_photo_says_it_has_no_colour(scene, recognizer, known):
    grey = cv2.cvtColor(scene, cv2.COLOR_BGR2GRAY)
    reading = read_photo(jpeg(grey), recognizer, known)
    assert reading.notes == (NOTE_KEYS["colourless"],)
    ja, en = STRINGS[reading.notes[0]]
    assert "no colour" in en and "red fives" in en and "色" in ja and "赤" in ja


def test_a_grey_photo_says_so_as_the_page_reads_it(scene, recognizer, known):
    """The page decodes the upload, then reads the decoded photo: the grey is told from the pixels alone."""
    grey = cv2.cvtColor(scene, cv2.COLOR_BGR2GRAY)
    assert read_image(*decode(jpeg(grey)), recognizer, known).notes == (NOTE_KEYS["colourless"],)


def test_a_256_colour_photo_says_colour_may_be_lost(scene, recognizer, known):
    assert read_photo(gif(scene), recognizer, known).notes == (NOTE_KEYS["palette"],)
    image, wh = decode(gif(scene))
    assert read_image(image, wh, recognizer, known, photo=gif(scene)).notes == (NOTE_KEYS["palette"],)


def test_an_animation_says_only_its_first_frame_is_read(scene, recognizer, known):
    reading = read_photo(gif(scene, scene[:, ::-1]), recognizer, known)
    assert NOTE_KEYS["animated"] in reading.notes
    assert "first frame" in STRINGS[NOTE_KEYS["animated"]][1]


def test_two_hands_in_one_photo_say_photograph_one(scene, recognizer, known):
    from vision.synth import render_hand

    other = render_hand(GAME, "2m 3m 4m 5p 6p 7p 1s 2s 3s 2z 2z 6z 6z 6z".split(), seed=4, layout="rack").image
    reading = read_photo(jpeg(np.vstack([scene, other])), recognizer, known)
    assert reading.notes == (NOTE_KEYS["two_hands"],)
    assert "photograph one hand" in STRINGS[reading.notes[0]][1]


def test_the_photo_page_says_a_grey_palette_animation_to_the_person(home, page):
    """The page read the photo's notes but showed none of them: a grey photo and a 256-colour animation
    uploaded say so on the page, in the screen's language."""
    from app_helpers import synthetic

    bgr = cv2.imdecode(np.frombuffer(synthetic("yokai-watch", ["yokai-01"] * 9, 3), np.uint8), cv2.IMREAD_COLOR)
    grey = jpeg(cv2.cvtColor(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR))
    for lang, i in (("en", 1), ("ja", 0)):
        at = page("score_photo", "yokai-watch", lang)
        at.file_uploader(key="photo_upload").set_value(("grey.jpg", grey, "image/jpeg")).run()
        assert not at.exception
        # a warning above the result, in a Donjara game's words (session 50)
        assert any(STRINGS["photo_note_colourless_donjara"][i] in m.value for m in at.warning), \
            [m.value for m in at.warning]
    at = page("score_photo", "yokai-watch")
    at.file_uploader(key="photo_upload").set_value(("moving.gif", gif(bgr, bgr[::-1]), "image/gif")).run()
    shown = [m.value for m in at.info]
    assert any(STRINGS["photo_note_animated"][1] in m for m in shown), shown
    assert any(STRINGS["photo_note_palette_donjara"][1] in m for m in shown), shown
