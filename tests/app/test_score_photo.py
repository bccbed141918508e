"""The "Score a photo" page: bad uploads get one clear message; a photo is read, boxed, corrected, scored."""
import io

import pytest
from app_helpers import texts
from PIL import Image

from scorer import load_game

YOKAI_NEAR = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


def upload(at, name, data, mime="image/jpeg"):
    at.file_uploader(key="photo_upload").set_value((name, data, mime)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_before_a_photo_the_page_says_what_to_do(home, page):
    at = page("score_photo", "yokai-watch")
    assert "Photograph the hand" in texts(at)


@pytest.mark.parametrize("name, data, words", [
    ("notes.txt", b"shopping list: tea, milk" * 10, "not an image"),
    ("broken.jpg", b"\xff\xd8\xff\xe0" + b"\x00" * 300, "cannot be read"),
    ("empty.jpg", b"", "empty"),
])
def test_bad_uploads_get_one_clear_message(home, page, name, data, words):
    at = upload(page("score_photo", "yokai-watch"), name, data)
    assert at.error and words in at.error[0].value
    assert "The photo cannot be read" in at.error[0].value


def synthetic(game_id, tiles, seed=5):
    import cv2

    from vision.synth import render_hand

    ok, buf = cv2.imencode(".jpg", render_hand(game_id, tiles, seed=seed, effects=0.0).image)
    return buf.tobytes()


@pytest.fixture
def recognizer_ready():
    """The photo flow needs the shipped models; their absence is a failure of the build, not a skip."""
    from vision import Recognizer

    return Recognizer.load(game="yokai-watch")


def test_photo_is_read_boxed_corrected_and_rescored(home, page, recognizer_ready):
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", synthetic("yokai-watch", YOKAI_NEAR))
    assert at.session_state["photo_tiles"] == YOKAI_NEAR
    assert at.image  # the boxed photo and the strip pictures
    assert "Not a win" in at.warning[0].value
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    assert at.session_state["photo_tiles"][8] == "almighty"
    assert "120" in at.success[0].value and texts(at).count("pays 40 points") == 3


def test_photo_with_no_tiles_says_so(home, page, recognizer_ready):
    buf = io.BytesIO()
    Image.new("RGB", (640, 480), (30, 90, 50)).save(buf, format="JPEG")
    at = upload(page("score_photo", "yokai-watch"), "felt.jpg", buf.getvalue())
    assert "No tiles found" in texts(at)


def test_a_new_game_clears_the_hand(home, page, recognizer_ready):
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", synthetic("yokai-watch", YOKAI_NEAR))
    assert len(at.session_state["photo_tiles"]) == 9
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert all(load_game("nogizaka").tile(t) for t in at.session_state["photo_tiles"])


def test_huge_photo_is_read_smaller_and_says_so(home, page, recognizer_ready):
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(synthetic("yokai-watch", YOKAI_NEAR), np.uint8), cv2.IMREAD_COLOR)
    huge = cv2.resize(image, (5000, 5000), interpolation=cv2.INTER_LINEAR)
    ok, buf = cv2.imencode(".jpg", huge)
    at = upload(page("score_photo", "yokai-watch"), "huge.jpg", buf.tobytes())
    assert "A large photo: read at 1600×1600" in texts(at)
    assert at.session_state["photo_tiles"] == YOKAI_NEAR


def test_real_mahjong_photo_with_the_enrolled_hong_kong_set(home, page):
    """A real photo (held-out part of the Hong Kong set) read with the enrolled tile set: its flower
    tiles are not Tokyo Mahjong tiles, so they are boxed in grey and left out of the hand."""
    from vision.hk_split import hk_root

    photo = next((hk_root() / "images").glob("370080665_*.jpg"))
    at = page("score_photo", "tokyo-mahjong")
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    at = upload(at, photo.name, photo.read_bytes())
    tiles = at.session_state["photo_tiles"]
    game = load_game("tokyo-mahjong")
    assert len(tiles) >= 10 and all(game.tile(t) for t in tiles)
    assert "Tiles this game does not have were left out: f" in texts(at)
    assert at.image and not at.error
