"""Session 57 (L1, P3): the Label page counts a folder's loose photos by their first bytes
(``prelabel.looks_like_photo``): every format of ``LOOSE_SUFFIXES`` a photo, a text file named .jpg not."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from tilelens.labelling.prelabel import looks_like_photo


@pytest.mark.parametrize("fmt, suffix", [("JPEG", ".jpg"), ("PNG", ".png"), ("GIF", ".gif"), ("BMP", ".bmp"),
                                         ("TIFF", ".tif"), ("WEBP", ".webp"),
                                         ("AVIF", ".avif")])
def test_every_photo_format_pillow_writes_looks_like_a_photo(tmp_path, fmt, suffix):
    out = io.BytesIO()
    Image.new("RGB", (8, 6), (10, 200, 30)).save(out, fmt)
    path = tmp_path / f"a{suffix}"
    path.write_bytes(out.getvalue())
    assert looks_like_photo(path)


@pytest.mark.parametrize("brand", [b"heic", b"mif1", b"avif"])
def test_an_iphones_heic_and_an_avif_look_like_photos(tmp_path, brand):
    path = tmp_path / "IMG_0001.heic"
    path.write_bytes(b"\x00\x00\x00\x18ftyp" + brand + b"\x00\x00\x00\x00" + b"\x00" * 32)
    assert looks_like_photo(path)


@pytest.mark.parametrize("data", [b"not a photo at all", b"", b"PK\x03\x04zip", b"<html>"])
def test_other_files_do_not(tmp_path, data):
    path = tmp_path / "junk.jpg"
    path.write_bytes(data)
    assert not looks_like_photo(path)
