"""Session 50, odd photo files: a HEIC/HEIF cut short says it is cut short (not "unknown or unsupported format", which
read as if tilelens could not read an iPhone's photos), and a PNG with alpha is laid over grey a band of rows at a
time (the same pixels as laid over whole, without full-size RGBA copies: a 48-megapixel one peaked at ~900 MB)."""
from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vision import image_io
from vision.image_io import TRANSPARENT_GREY, ImageError, flatten, load_image

# a HEIC's header with no picture decoded after it: cut short, or a kind not decoded; what to do about either
CUT = (": a HEIC photo (an iPhone's own format) that cannot be decoded: if it is cut short, take or choose the photo "
       "again (or copy it again); else use a JPEG or PNG (on an iPhone: Settings > Camera > Formats > Most Compatible)")


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def _heif_head(major: bytes, compatible: tuple[bytes, ...] = (b"mif1", b"heic")) -> bytes:
    """The start of a HEIC/HEIF file as a phone writes it: its ftyp box, then a meta box cut off part way."""
    meta = _box(b"meta", b"\x00\x00\x00\x00" + _box(b"hdlr", b"\x00" * 8 + b"pict" + b"\x00" * 13) + b"\x00" * 60)
    return _box(b"ftyp", major + b"\x00\x00\x00\x00" + b"".join(compatible)) + meta[:50]


@pytest.mark.parametrize("major", [b"heic", b"heix", b"mif1"])
def test_a_heic_cut_short_says_it_is_cut_short_in_both_languages(tmp_path, major):
    path = tmp_path / "IMG_0001.HEIC"
    path.write_bytes(_heif_head(major))
    for source, name in ((path, str(path)), (path.read_bytes(), "IMG_0001.HEIC")):
        with pytest.raises(ImageError) as caught:
            load_image(source, name="IMG_0001.HEIC")
        said = str(caught.value)
        assert said == name + CUT, said
        assert "unsupported" not in said and "写真ではありません" not in caught.value.message_ja
        assert "途中まで" in caught.value.message_ja and caught.value.message_ja.startswith(name)


@pytest.mark.parametrize("keep", [40, 300, 450, 890])
def test_an_iphone_heic_cut_anywhere_says_it_is_cut_short(keep):
    whole = (Path(__file__).parent / "data" / "heic" / "marked-orientation6.heic").read_bytes()
    assert load_image(whole).size  # the whole file reads
    with pytest.raises(ImageError) as caught:
        load_image(whole[:keep], name="IMG_0002.HEIC")
    assert str(caught.value) == "IMG_0002.HEIC" + CUT


def test_a_heic_whose_own_brand_is_another_but_says_heic_among_its_brands_is_cut_short():
    with pytest.raises(ImageError) as caught:
        load_image(_heif_head(b"msf1", (b"iso8", b"heic")), name="x.heic")
    assert str(caught.value) == "x.heic" + CUT


@pytest.mark.parametrize("data", [b"GIF87a-not-really" + b"\x00" * 40, b"just some text, not a photo at all"])
def test_other_unknown_files_are_still_not_an_image(data):
    with pytest.raises(ImageError) as caught:
        load_image(data, name="x")
    assert str(caught.value) == "x: not an image (unknown or unsupported format)"


def test_without_a_heic_decoder_a_heic_is_not_said_to_be_cut_short(monkeypatch):
    """An install without pi-heif cannot tell a whole HEIC from one cut short: it says it reads no HEIC."""
    monkeypatch.setattr(image_io, "register_heif_opener", None)
    with pytest.raises(ImageError) as caught:
        load_image(_heif_head(b"heic"), name="x.heic")
    assert "cut short" not in str(caught.value) and "HEIC" in str(caught.value)
    assert "HEIC" in caught.value.message_ja


# --- flatten: a band of rows at a time -----------------------------------------------------------------------------

def _flatten_whole(im: Image.Image) -> Image.Image:
    """``flatten`` as it was before session 50: full-size RGBA copies of the whole."""
    if im.mode not in ("RGBA", "LA", "PA", "RGBa", "La") and "transparency" not in im.info:
        return im
    rgba = im.convert("RGBA")
    if rgba.getchannel("A").getextrema()[1] == 0:
        return rgba.convert("RGB")
    out = Image.new("RGBA", rgba.size, (TRANSPARENT_GREY,) * 3 + (255,))
    out.alpha_composite(rgba)
    return out.convert("RGB")


def _transparent_images() -> list[Image.Image]:
    rng = np.random.default_rng(50)
    h, w = 41, 67
    rgba = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
    rgba[:5, :, 3] = 0  # wholly transparent rows, and wholly opaque ones
    rgba[5:9, :, 3] = 255
    blank = rgba.copy()
    blank[:, :, 3] = 0  # an alpha written wrong: every pixel transparent, the colours all there is
    pal = Image.fromarray(rgba[:, :, :3]).quantize(16)
    pal.info["transparency"] = bytes([0, 128] + [255] * 14)
    grey_t = Image.fromarray(rng.integers(0, 4, (h, w), dtype=np.uint8) * 60, "L")
    grey_t.info["transparency"] = 60
    rgb_t = Image.fromarray(rng.integers(0, 2, (h, w, 3), dtype=np.uint8) * 255)
    rgb_t.info["transparency"] = (255, 255, 255)
    return [Image.fromarray(rgba, "RGBA"), Image.fromarray(blank, "RGBA"), Image.fromarray(rgba[:, :, [0, 3]], "LA"),
            pal, grey_t, rgb_t, Image.fromarray(rgba).convert("RGBa")]


@pytest.mark.parametrize("band", [1 << 18, 67 * 3, 10])  # one band; several; a row each
def test_flatten_gives_the_same_pixels_as_laid_over_whole(monkeypatch, band):
    monkeypatch.setattr(image_io, "_BAND_PIXELS", band)
    for im in _transparent_images():
        got = flatten(im)
        assert got.mode == "RGB" and got.size == im.size, im.mode
        assert np.array_equal(np.asarray(got), np.asarray(_flatten_whole(im))), (im.mode, im.info)


def test_flatten_makes_no_full_size_rgba_copy(monkeypatch):
    """What took ~900 MB of a 48-megapixel PNG: each full-size RGBA image made (the RGBA copy, the grey under it,
    the two laid over each other). Now only the RGB result is made at full size."""
    im = _transparent_images()[0]
    made: list[tuple[str, tuple[int, int]]] = []
    real_new, real_convert = Image.new, Image.Image.convert

    def new(mode, size, *args, **kwargs):
        made.append((mode, tuple(size)))
        return real_new(mode, size, *args, **kwargs)

    def convert(self, mode=None, *args, **kwargs):
        out = real_convert(self, mode, *args, **kwargs)
        made.append((out.mode, out.size))
        return out

    monkeypatch.setattr(image_io.Image, "new", new)
    monkeypatch.setattr(image_io.Image.Image, "convert", convert)
    monkeypatch.setattr(image_io, "_BAND_PIXELS", 67 * 4)
    flatten(im)
    assert made and ("RGBA", im.size) not in made, made


def test_a_png_with_alpha_reads_as_before(tmp_path):
    im = _transparent_images()[0]
    path = tmp_path / "alpha.png"
    im.save(path)
    expected = np.asarray(_flatten_whole(Image.open(path)))[:, :, ::-1]
    assert np.array_equal(load_image(path), expected)
    shrunk = _flatten_whole(Image.open(path))
    shrunk.thumbnail((30, 30), Image.Resampling.BILINEAR)
    assert np.array_equal(load_image(path, max_side=30), np.asarray(shrunk)[:, :, ::-1])


def test_check_whole_says_a_heic_cut_short_is_cut_short(tmp_path):
    """What a labelling set's check says of its photos (``check_whole``): "cannot be decoded whole (cannot identify
    image file ...)" of a HEIC cut short."""
    whole = Path(__file__).parent / "data" / "heic" / "marked-orientation6.heic"
    image_io.check_whole(whole)  # a whole one is whole
    path = tmp_path / "IMG_0003.HEIC"
    path.write_bytes(whole.read_bytes()[:450])
    with pytest.raises(ImageError) as caught:
        image_io.check_whole(path, "IMG_0003.HEIC")
    assert str(caught.value) == "IMG_0003.HEIC" + CUT and "途中まで" in caught.value.message_ja
