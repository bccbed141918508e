"""The photo editor's edits reach the page each until it has applied it (the browser side is in
test_label_browser.py)."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.box_editor import KEEP_APPLIED, unapplied


@pytest.fixture(autouse=True)
def clean_state():
    st.session_state.clear()
    yield
    st.session_state.clear()


def _nonces(edits):
    return [e["nonce"] for e in edits]


def test_an_edit_whose_run_stopped_half_way_comes_again_and_an_applied_one_does_not():
    edits = [{"nonce": f"x-{i}"} for i in (1, 2, 3)]
    taken = []
    for edit in unapplied("ed", edits):
        taken.append(edit["nonce"])
        if edit["nonce"] == "x-2":
            break  # the run is stopped while applying x-2
    assert taken == ["x-1", "x-2"]
    assert _nonces(unapplied("ed", edits)) == ["x-2", "x-3"]
    assert _nonces(unapplied("ed", edits)) == []  # all applied now
    assert _nonces(unapplied("other", edits)) == ["x-1", "x-2", "x-3"]  # each editor keeps its own


def test_only_the_latest_nonces_are_remembered():
    edits = [{"nonce": f"y-{i}"} for i in range(KEEP_APPLIED + 5)]
    assert len(list(unapplied("ed", edits))) == KEEP_APPLIED + 5
    assert _nonces(unapplied("ed", edits[-KEEP_APPLIED:])) == []
    assert _nonces(unapplied("ed", edits[:5])) == [f"y-{i}" for i in range(5)]  # the oldest are forgotten


def test_edits_waiting_tells_a_callback_that_a_gesture_is_not_applied_yet():
    from app.components.box_editor import edits_waiting

    assert not edits_waiting("ed")  # no editor drawn yet
    edits = [{"op": "select", "index": 1, "nonce": "z-1"}]
    st.session_state["ed"] = {"edits": edits}
    assert edits_waiting("ed")
    list(unapplied("ed", edits))
    assert not edits_waiting("ed")  # applied: the state value still holds it until the next gesture


def _jpeg_file(path, size, orientation=None):
    from PIL import Image

    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    Image.new("RGB", size, (60, 130, 80)).save(path, "JPEG", exif=exif)
    return str(path)


def test_a_big_jpeg_is_decoded_at_a_reduced_scale_for_the_editor(tmp_path, monkeypatch):
    # a 50 MP phone photo took 4.6 s and 2.3 GB to show: decoded whole, turned upright whole, then shrunk
    from PIL import JpegImagePlugin

    from app.components.box_editor import photo_data_url

    path = _jpeg_file(tmp_path / "a.jpg", (4032, 3024), orientation=6)  # taken sideways: upright it is portrait
    boxes = []
    draft = JpegImagePlugin.JpegImageFile.draft

    def spy(self, mode, size):
        got = draft(self, mode, size)
        boxes.append(got[1] if got else None)  # the picture's box at the scale chosen
        return got

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", spy)
    url, w, h = photo_data_url(path, 1)
    assert boxes == [(0, 0, 1008, 756)]  # decoded at a quarter of its size, then shrunk to 1000 px
    assert (w, h) == (750, 1000) and url.startswith("data:image/jpeg;base64,")


def test_a_photo_over_pillows_own_limit_is_shown(tmp_path, monkeypatch):
    # Pillow refuses a picture over twice its own limit (179 MP): a phone's 200 MP photo was "not a readable
    # image (DecompressionBombError)" on the first page after a start, until another reader had raised it.
    # The editor reads up to the reader's limit (vision.image_io.MAX_PIXELS); here Pillow's is made small.
    from PIL import Image

    from app.components.box_editor import photo_data_url

    path = _jpeg_file(tmp_path / "a.jpg", (2400, 1800))
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1_000_000)
    url, w, h = photo_data_url(path, 1)
    assert (w, h) == (1000, 750)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "P"])
def test_a_big_png_is_shrunk_before_it_is_turned_upright_and_converted(tmp_path, monkeypatch, mode):
    # A PNG cannot be decoded at a reduced scale (a JPEG can: draft). It was decoded whole, then turned
    # upright whole and converted whole: three full-size copies at once (a 200 MP photo, 1.8 GB) before it
    # was shrunk. Now it is shrunk in place first: only the decoded picture is ever full size.
    from PIL import Image, ImageOps

    from app.components import box_editor

    path = tmp_path / "a.png"
    exif = Image.Exif()
    exif[0x0112] = 6  # taken sideways: upright it is portrait
    Image.new("RGB", (2400, 1800), (60, 130, 80)).convert(mode).save(path, exif=exif)
    sizes, transpose = [], ImageOps.exif_transpose

    def spy(image, **kwargs):
        sizes.append(image.size)
        return transpose(image, **kwargs)

    monkeypatch.setattr(box_editor.ImageOps, "exif_transpose", spy)
    url, w, h = box_editor.photo_data_url(str(path), 1)
    assert sizes == [(1000, 750)]  # shrunk before it was turned upright
    assert (w, h) == (750, 1000) and url.startswith("data:image/jpeg;base64,")


def _shown(url):
    """The picture of a data URL as an RGB array."""
    import base64
    import io

    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB"))


def _wide_grey(path, left, right, dtype, mode=None):
    """A 400 x 300 grey photo of more than 8 bits, its left half ``left``, its right half ``right``."""
    import numpy as np
    from PIL import Image

    a = np.full((300, 400), left, dtype)
    a[:, 200:] = right
    Image.fromarray(a, mode).save(path)
    return str(path)


@pytest.mark.parametrize("name, left, right, dtype", [
    ("deep.png", 30000, 10000, "uint16"),  # a 16-bit scan: Pillow's own conversion made it all white
    ("shallow.png", 200, 50, "uint16"),  # 8-bit values stored in 16 bits: kept as they are
    ("float.tif", 0.8, 0.25, "float32"),  # a scanner's float TIFF, 0..1
])
def test_a_grey_photo_of_more_than_8_bits_is_shown_as_the_reader_reads_it(tmp_path, name, left, right, dtype):
    # The editor converted a 16-bit grey PNG with Pillow's convert("RGB"), which clips every value over 255:
    # the photo labelled was white where the reader (vision.image_io) saw tiles.
    from app.components.box_editor import photo_data_url
    from vision.image_io import load_image

    path = _wide_grey(tmp_path / name, left, right, dtype)
    url, w, h = photo_data_url(path, 1)
    shown, read = _shown(url), load_image(path)[:, :, ::-1]
    assert (w, h) == (400, 300) and shown.shape == read.shape
    for x in (100, 300):  # the middle of each half (JPEG's own error aside)
        assert abs(int(shown[150, x, 0]) - int(read[150, x, 0])) <= 2, (x, shown[150, x], read[150, x])
    assert abs(int(shown[150, 100, 0]) - int(shown[150, 300, 0])) > 40  # two greys, not one white


def test_the_photo_opened_upright_for_a_crop_is_the_one_the_reader_reads(tmp_path):
    # The Label page's review cuts each suspect from the photo (``open_upright``): a 16-bit one was white.
    import numpy as np

    from app.components.box_editor import open_upright
    from vision.image_io import load_image

    path = _wide_grey(tmp_path / "deep.png", 30000, 10000, "uint16")
    picture = open_upright(path)
    assert picture.mode == "RGB" and picture.size == (400, 300)
    assert np.array_equal(np.asarray(picture), load_image(path)[:, :, ::-1])


def test_the_transparent_part_of_a_photo_is_shown_as_the_reader_reads_it(tmp_path):
    # the reader lays what is transparent over grey (vision.image_io.flatten); the editor showed the red an
    # eraser left hidden under it, so the photo labelled was not the photo read
    import base64
    import io

    import numpy as np
    from PIL import Image

    from app.components import box_editor as editor
    from vision.image_io import TRANSPARENT_GREY, load_image

    rgba = np.zeros((40, 60, 4), np.uint8)
    rgba[..., 0] = 255  # red everywhere, hidden on the left half
    rgba[:, 30:, 3] = 255
    Image.fromarray(rgba, "RGBA").save(tmp_path / "half.png")
    shown = np.asarray(editor.open_upright(tmp_path / "half.png"))
    read = load_image(tmp_path / "half.png")[..., ::-1]  # BGR -> RGB
    assert tuple(shown[20, 5]) == (TRANSPARENT_GREY,) * 3 == tuple(read[20, 5])
    assert tuple(shown[20, 50]) == (255, 0, 0) == tuple(read[20, 50])
    url, w, h = editor.photo_data_url(str(tmp_path / "half.png"), 0)
    sent = np.asarray(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB"))
    assert abs(int(sent[20, 5, 0]) - TRANSPARENT_GREY) < 12 and sent[20, 50, 0] > 230  # a JPEG: near
