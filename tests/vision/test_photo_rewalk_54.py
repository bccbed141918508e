"""A phone-photo re-walk (session 54): an AVIF or WebP cut short is said as one ("copy it again"), not as "not an
image" or the decoder's words; ``check_whole`` (label check, the Label page) accepts exactly the photos
``load_image`` reads (a JPEG or PNG damaged inside, ending as a whole one does, was passed; a WebP OpenCV reads was
refused); HEIC decoding children are bounded in number."""
from __future__ import annotations

import io
import threading
import time

import numpy as np
import pytest
from PIL import Image

from vision import image_io
from vision.image_io import ImageError, check_whole, load_image


def _noise(w=96, h=64) -> np.ndarray:
    return (np.random.default_rng(1).random((h, w, 3)) * 255).astype(np.uint8)


def _saved(fmt: str, **kw) -> bytes:
    out = io.BytesIO()
    Image.fromarray(_noise()).save(out, fmt, **kw)
    return out.getvalue()


def _every_read(data: bytes, name: str, tmp_path):
    path = tmp_path / name
    path.write_bytes(data)
    return (lambda: load_image(path), lambda: load_image(data, name), lambda: check_whole(path, name))


@pytest.mark.parametrize("share", [0.01, 0.5, 0.99])
def test_an_avif_cut_short_is_said_as_cut_short(tmp_path, share):
    data = _saved("AVIF", quality=70)
    cut = data[:max(40, int(len(data) * share))]  # the ftyp box, at least: an AVIF's header
    for read in _every_read(cut, "IMG_0005.avif", tmp_path):
        with pytest.raises(ImageError) as caught:
            read()
        said = str(caught.value)
        assert "IMG_0005.avif" in said and "copy it again" in said and "AVIF" in said
        assert "not an image" not in said and "cannot identify" not in said and str(tmp_path) not in said.split(":")[1]
        assert "撮り直すか選び直して" in caught.value.message_ja


@pytest.mark.parametrize("share", [0.3, 0.9])
def test_a_webp_cut_short_is_said_as_cut_short(tmp_path, share):
    data = _saved("WEBP", quality=80)
    for read in _every_read(data[:int(len(data) * share)], "IMG_0006.webp", tmp_path):
        with pytest.raises(ImageError) as caught:
            read()
        said = str(caught.value)
        assert "copy it again" in said and "WebP" in said and "decoder object" not in said
        assert "撮り直すか選び直して" in caught.value.message_ja


def _patched(data: bytes, at: int, value: bytes) -> bytes:
    return data[:at] + value + data[at + len(value):]


def test_check_whole_refuses_a_jpeg_damaged_inside_that_ends_as_a_whole_one(tmp_path):
    data = _saved("JPEG", quality=90)
    bad = _patched(data, len(data) // 2, b"\xff\xc0")  # a marker in the middle of its picture
    assert bad.endswith(b"\xff\xd9")  # it ends as a whole JPEG does
    for read in _every_read(bad, "bad.jpg", tmp_path):
        with pytest.raises(ImageError, match="bad.jpg"):
            read()


def test_check_whole_refuses_a_png_damaged_inside_that_ends_with_its_iend(tmp_path):
    data = _saved("PNG")
    bad = _patched(data, data.index(b"IDAT") + 60, b"\xff\xff\xff\xff")
    for read in _every_read(bad, "bad.png", tmp_path):
        with pytest.raises(ImageError, match="bad.png") as caught:
            read()
        assert "壊れて" in caught.value.message_ja


def test_check_whole_accepts_a_webp_the_reader_reads(tmp_path):
    # a plain WebP is decoded by OpenCV (``_webp_by_opencv``): one byte of its picture changed, OpenCV still decodes
    # it where Pillow said "failed to read next frame", so check_whole refused a photo `tilelens read` reads
    arr = np.zeros((48, 64, 3), np.uint8)
    arr[:, :, 1] = np.arange(64) * 3
    exif = Image.Exif()
    exif[0x0112] = 1
    out = io.BytesIO()
    Image.fromarray(arr).save(out, "WEBP", quality=80, exif=exif)
    data = _patched(out.getvalue(), 57, b"\x00")
    path = tmp_path / "IMG_0001.webp"
    path.write_bytes(data)
    assert load_image(path).shape == (48, 64, 3)
    check_whole(path)


def test_whole_photos_are_still_whole(tmp_path):
    for fmt, kw in (("JPEG", {}), ("PNG", {}), ("WEBP", {}), ("AVIF", {})):
        path = tmp_path / f"a.{fmt.lower()}"
        path.write_bytes(_saved(fmt, **kw))
        check_whole(path)


def test_no_more_heif_decoding_children_than_the_limit_run_at_once(monkeypatch):
    assert image_io.HEIF_AT_ONCE == 2
    inside, most, lock, go = [0], [0], threading.Lock(), threading.Event()

    class Done:
        stdout = b""

    def run(*args, **kwargs):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        go.wait(10)
        with lock:
            inside[0] -= 1
        return Done()

    monkeypatch.setattr(image_io.subprocess, "run", run)
    threads = [threading.Thread(target=image_io._heif_apart, args=(b"x", "a.heic", "a.heic", 64)) for _ in range(4)]
    for t in threads:
        t.start()
    for _ in range(500):  # until two are decoding (at once, with no limit, all four would be)
        if most[0] >= 2:
            break
        time.sleep(0.01)
    time.sleep(0.2)  # time for a third to start, were it let
    assert most[0] == 2
    go.set()
    for t in threads:
        t.join(10)
    assert most[0] == 2 and inside[0] == 0
