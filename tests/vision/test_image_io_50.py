"""Session 50, from a walkthrough with phone-made photo forms: a 16-bit grey PNG is made 8-bit a band of rows at a
time (the same pixels as converted whole in floats, without a float copy of the whole photo: a 48-megapixel one took
1.3 GB), grey is shrunk before it is made RGB (the same pixels), and a photo file cut short says so plainly."""
from __future__ import annotations

import io
import tracemalloc

import numpy as np
import pytest
from PIL import Image

from vision import image_io
from vision.image_io import ImageError, load_image


def _whole_in_floats(im: Image.Image) -> np.ndarray:
    """The conversion as it was before session 50: the whole image at once, in float64."""
    a = np.asarray(im, dtype=np.float64)
    top = float(a.max()) if a.size else 0.0
    if im.mode == "F" and top <= 1.0:
        scale = 255.0
    elif top <= 255.0:
        scale = 1.0
    elif top <= 65535.0:
        scale = 255.0 / 65535.0
    else:
        scale = 255.0 / top
    return np.clip(np.rint(a * scale), 0, 255).astype(np.uint8)


def _images() -> list[Image.Image]:
    rng = np.random.default_rng(50)
    shape = (37, 53)
    u16 = rng.integers(0, 65536, shape).astype(np.uint16)
    u16[0, :3] = (0, 65535, 257 * 100 + 129)  # the ends, and a value at a rounding edge (x / 257 = .502)
    return [Image.fromarray(u16),
            Image.fromarray(rng.integers(0, 256, shape).astype(np.uint16)),  # 8-bit values stored wide
            Image.fromarray(rng.integers(-500, 200000, shape).astype(np.int32)),  # wider than 16 bits
            Image.fromarray(rng.random(shape).astype(np.float32)),  # floats 0..1
            Image.fromarray((rng.random(shape) * 3000).astype(np.float32))]


@pytest.mark.parametrize("band", [1 << 18, 100])  # one band, and many (each a row or two)
def test_wide_grey_is_made_8bit_as_it_was(monkeypatch, band):
    monkeypatch.setattr(image_io, "_BAND_PIXELS", band, raising=False)
    for im in _images():
        got = np.asarray(image_io._grey_to_8bit(im))
        assert got.dtype == np.uint8 and np.array_equal(got, _whole_in_floats(im)), im.mode


def test_a_16bit_png_reads_as_it_did(tmp_path):
    im = _images()[0]
    path = tmp_path / "grey16.png"
    im.save(path)
    assert Image.open(path).mode == "I;16"
    expected = np.repeat(_whole_in_floats(im)[:, :, None], 3, axis=2)
    assert np.array_equal(load_image(path), expected)
    # shrunk (grey now before it is made RGB): as RGB made first and shrunk after
    small = Image.fromarray(_whole_in_floats(im), "L").convert("RGB")
    small.thumbnail((20, 20), Image.Resampling.BILINEAR)
    assert np.array_equal(load_image(path, max_side=20), np.asarray(small)[:, :, ::-1])


def test_a_16bit_grey_image_is_converted_without_a_float_copy_of_the_whole():
    side = 2000
    im = Image.fromarray(np.arange(side * side, dtype=np.uint32).reshape(side, side).astype(np.uint16))
    tracemalloc.start()
    try:
        image_io._grey_to_8bit(im)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # a float64 copy of the whole is 8 bytes a pixel: now the 8-bit result (1) and a band at a time
    assert peak < 4 * side * side, peak


def _jpeg(h: int = 240, w: int = 320) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(1).integers(0, 256, (h, w, 3), dtype=np.uint8)).save(buf, "JPEG")
    return buf.getvalue()


@pytest.mark.parametrize("cut", [200, 0.5])  # in its header's tables ("Truncated File Read"), half of it
def test_a_photo_cut_short_says_so_plainly(tmp_path, cut):
    data = _jpeg()
    data = data[: int(len(data) * cut) if isinstance(cut, float) else cut]
    path = tmp_path / "seat2.jpg"
    path.write_bytes(data)
    for source in (path, data):
        with pytest.raises(ImageError) as caught:
            load_image(source, "seat2.jpg")
        said = str(caught.value)
        assert said.endswith(": the file is cut short (an incomplete download or copy): take or choose the photo "
                             "again (or copy it again)"), said
        assert "not processed" not in said and "Truncated" not in said
        assert "途中" in caught.value.message_ja  # the Japanese said it already


def test_other_corrupt_photos_are_still_said_to_be_corrupt():
    data = bytearray(_jpeg())
    data[2:4] = b"\xff\xc0"  # a frame header where the JPEG's first segment was: not a cut, a damaged file
    with pytest.raises(ImageError) as caught:
        load_image(bytes(data), "x.jpg")
    assert "cut short" not in str(caught.value)
