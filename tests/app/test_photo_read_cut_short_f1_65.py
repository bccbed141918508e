"""A reading of the photo cut short (the browser asked for another run while the page read the photo: a second tap,
an upload's second message) left the page's note of the photo read without its reading: the next run showed a red
``KeyError`` (``st.session_state has no key "photo_reading"``), or the photo read before under the new photo's name."""
import pytest
from app_helpers import photo_read_whole, texts
from streamlit.runtime.scriptrunner_utils.exceptions import StopException

import app.components.photo as photo_module

HAND_A = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
HAND_B = ["yokai-04"] * 3 + ["yokai-05"] * 3 + ["yokai-06"] * 3


@pytest.fixture(scope="module")
def photos():
    return photo_read_whole("yokai-watch", HAND_A), photo_read_whole("yokai-watch", HAND_B)


def cut_once(monkeypatch):
    """The page's next reading of a photo is stopped as Streamlit stops a run for a newer one; the one after reads."""
    real, calls = photo_module.read_image, []

    def once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise StopException()
        return real(*args, **kwargs)

    monkeypatch.setattr(photo_module, "read_image", once)


def upload(at, name, data):
    at.file_uploader(key="photo_upload").set_value((name, data, "image/jpeg")).run()


def test_a_first_photo_whose_reading_was_cut_short_is_read_on_the_next_run(home, page, photos, monkeypatch):
    (data, read), _ = photos
    at = page("score_photo", "yokai-watch")
    cut_once(monkeypatch)
    upload(at, "0000.jpg", data)
    at.run()  # the run the browser asked for
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == read


def test_a_new_photo_whose_reading_was_cut_short_is_not_shown_as_the_one_before(home, page, photos, monkeypatch):
    (data_a, read_a), (data_b, read_b) = photos
    at = page("score_photo", "yokai-watch")
    upload(at, "0000.jpg", data_a)
    assert at.session_state["photo_tiles"] == read_a
    at.button(key="photo_tile_5").click().run()
    at.button(key="photo_pick_almighty").click().run()  # photo A corrected
    cut_once(monkeypatch)
    upload(at, "0001.jpg", data_b)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == read_b  # not photo A's tiles under photo B's name
    assert "read afresh" not in texts(at)  # nor photo B taken for photo A read with another tile set


def test_after_a_game_change_a_reading_cut_short_is_read_again(home, page, photos, monkeypatch):
    """W1's steps: a photo read and a tile fixed, another game chosen (the reading set aside, the photo read again for
    that game), and that reading cut short: the next run reads it, and going back takes up the one set aside."""
    (data, read), _ = photos
    at = page("score_photo", "yokai-watch")
    upload(at, "0000.jpg", data)
    at.button(key="photo_tile_5").click().run()
    at.button(key="photo_pick_almighty").click().run()
    fixed = at.session_state["photo_tiles"]
    cut_once(monkeypatch)
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_digest"].startswith("tokyo-mahjong:")
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == fixed
    assert "is back, with the tiles you fixed" in texts(at)
