"""Work a rerun does again for nothing: every tap on a phone reruns the whole page script. Counts, not times:
what a tap changes is computed again, what it does not change is not (benchmarks/app_reruns.py times them)."""
from collections import Counter

import pytest

from app_helpers import synthetic

YOKAI_EIGHT = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2  # one short: the page lists its waits


def counting(monkeypatch, owner, name: str, calls: Counter, label: str | None = None) -> None:
    """``owner.name`` wrapped so that each call counts in ``calls[label or name]``."""
    inner = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[label or name] += 1
        return inner(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


def manual_hand(page, tiles):
    at = page("score_manual", "yokai-watch")
    for kind in tiles:
        at.button(key=f"manual_add_{kind}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_tile_pictures_are_not_encoded_again_on_each_rerun(home, page, monkeypatch):
    """The manual page draws every tile of the game (palette, strip): each picture, a PNG, was decoded and
    encoded again as a JPEG by Streamlit on every rerun (about 0.5 ms each, a hundred on a riichi page)."""
    from streamlit.elements.lib import image_utils

    at = manual_hand(page, YOKAI_EIGHT)
    calls = Counter()
    counting(monkeypatch, image_utils, "_pil_to_bytes", calls)
    at.button(key="manual_tile_0").click().run()  # the picker opens: every tile's picture again
    assert not at.exception
    assert len(at.image) > 20
    assert calls["_pil_to_bytes"] == 0


def test_tile_pictures_stay_the_same_for_the_browser(home, page):
    """What the browser gets for a tile picture is what it got before: a JPEG (Streamlit's own choice for a
    picture without transparency), of the tile's face."""
    import io

    from PIL import Image

    from app.components.resources import face_picture

    data = face_picture("yokai-watch", "yokai-01", "ジバニャン", 52)
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG" and image.size == (52, 69)
    assert face_picture("yokai-watch", "yokai-02", "ジバニャン", 52) != data  # keyed by the tile


def test_waits_are_not_recomputed_on_a_tap_that_leaves_the_hand_as_it_was(home, page, monkeypatch):
    import app.components.scoring as scoring

    at = manual_hand(page, YOKAI_EIGHT)
    calls = Counter()
    counting(monkeypatch, scoring, "waits", calls)
    counting(monkeypatch, scoring, "score", calls)
    at.button(key="manual_tile_0").click().run()  # the picker opens: the hand is as it was
    at.button(key="manual_cancel").click().run()
    assert not at.exception
    assert calls == Counter()
    # an option the waits depend on: listed again
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert calls["waits"] == 1
    # the hand changed: listed again
    before = calls["waits"]
    at.button(key="manual_add_yokai-09").click().run()  # nine tiles: scored, no waits
    assert calls["waits"] == before and calls["score"] >= 1


def test_a_whole_hand_is_scored_once_until_it_or_its_options_change(home, page, monkeypatch):
    import app.components.scoring as scoring

    at = manual_hand(page, [*YOKAI_EIGHT, "yokai-03"])
    shown = [m.value for m in at.metric]
    calls = Counter()
    counting(monkeypatch, scoring, "score", calls)
    at.button(key="manual_tile_0").click().run()
    assert calls["score"] == 0
    assert [m.value for m in at.metric] == shown  # the same result, shown again
    at.segmented_control(key="manual_players").set_value(3).run()
    assert calls["score"] == 1
    at.button(key="manual_tile_0").click().run()  # closed again: the hand and options unchanged
    assert calls["score"] == 1
    # another tile: scored afresh
    at.button(key="manual_tile_8").click().run()
    at.button(key="manual_pick_yokai-09").click().run()
    assert calls["score"] == 2


@pytest.fixture
def photo_page(home, page):
    at = page("score_photo", "yokai-watch")
    data = synthetic("yokai-watch", [*YOKAI_EIGHT, "yokai-09"], 5)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"]
    return at


def photo_counters(monkeypatch) -> Counter:
    import app.components.photo as photo
    import vision.image_io as image_io
    from vision import Recognizer

    calls = Counter()
    counting(monkeypatch, Recognizer, "read", calls)
    counting(monkeypatch, Recognizer, "read_turned", calls)
    counting(monkeypatch, image_io, "load_image_sized", calls, "decode")
    counting(monkeypatch, photo, "boxed", calls)
    return calls


def test_a_tile_fixed_on_the_photo_page_reads_and_decodes_nothing_again(photo_page, monkeypatch):
    at = photo_page
    calls = photo_counters(monkeypatch)
    at.button(key="photo_tile_0").click().run()  # the picker opens: nothing of the photo changed
    assert calls == Counter()
    shown = at.image[0].value
    at.button(key="photo_pick_yokai-05").click().run()  # the tile fixed: its box is named anew
    assert not at.exception
    assert at.session_state["photo_tiles"][0] == "yokai-05"
    assert calls == Counter(boxed=1)
    assert at.image[0].value == shown  # drawn again (a tile corrected), the same: the photo numbers tiles, not names


def test_the_boxed_photo_is_drawn_again_for_a_new_photo_or_game(photo_page, monkeypatch):
    at = photo_page
    calls = photo_counters(monkeypatch)
    other = synthetic("yokai-watch", ["yokai-04"] * 3 + ["yokai-05"] * 3, 7)
    at.file_uploader(key="photo_upload").set_value(("other.jpg", other, "image/jpeg")).run()
    assert not at.exception
    assert calls["read"] == 1 and calls["decode"] >= 1 and calls["boxed"] == 1
    at.selectbox(key="game_id").set_value("nogizaka").run()  # another game: its own reading of the photo
    assert not at.exception
    assert calls["read"] == 2 and calls["boxed"] == 2


def test_a_large_photo_is_not_shrunk_and_encoded_again_on_each_rerun(home, page, monkeypatch):
    """A phone's photo is read at 1600 px, wider than Streamlit shows a picture (1460 px): Streamlit shrank the
    boxed photo and encoded it again on every rerun (tens of ms), whatever the tap."""
    import cv2
    import numpy as np
    from streamlit.elements.lib import image_utils

    small = synthetic("yokai-watch", [*YOKAI_EIGHT, "yokai-09"], 5)
    image = cv2.imdecode(np.frombuffer(small, np.uint8), cv2.IMREAD_COLOR)
    ok, wide = cv2.imencode(".jpg", cv2.resize(image, (2400, 2400 * image.shape[0] // image.shape[1])))
    at = page("score_photo", "yokai-watch")
    at.file_uploader(key="photo_upload").set_value(("wide.jpg", wide.tobytes(), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    calls = Counter()
    counting(monkeypatch, image_utils, "_pil_to_bytes", calls)
    at.segmented_control(key="photo_win").set_value("ron").run()  # an option: the photo is as it was
    assert not at.exception
    assert calls["_pil_to_bytes"] == 0


def test_the_photo_is_not_hashed_again_on_each_rerun(photo_page, monkeypatch):
    """The page names a photo by the SHA-1 of its bytes: 4 ms a rerun for a phone's 4 MB photo, for the same
    photo. A new photo is hashed (and read) afresh."""
    import hashlib

    at = photo_page
    photo = at.session_state["photo_photo"].data
    hashed = []
    sha1 = hashlib.sha1

    def counted(data=b"", *args, **kwargs):
        if isinstance(data, bytes) and len(data) > 1000:
            hashed.append(data)
        return sha1(data, *args, **kwargs)

    monkeypatch.setattr(hashlib, "sha1", counted)
    at.button(key="photo_tile_0").click().run()
    at.segmented_control(key="photo_win").set_value("ron").run()
    assert not at.exception
    assert sum(d == photo for d in hashed) == 0
    other = synthetic("yokai-watch", ["yokai-04"] * 3 + ["yokai-05"] * 3, 7)
    at.file_uploader(key="photo_upload").set_value(("other.jpg", other, "image/jpeg")).run()
    assert sum(d == other for d in hashed) >= 1 and at.session_state["photo_photo"].data == other
    assert at.session_state["photo_digest"].endswith(sha1(other).hexdigest())
