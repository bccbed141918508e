"""Photos as people really have them, read by ``load_image``, ``Recognizer.read`` and ``tilelens read``:
transparent PNGs, a broken EXIF block, a TIFF Pillow cannot decode, a link to a photo that is gone.
(Grey, 16-bit and float grey, EXIF orientations, folders, empty files: tests/vision/test_image_io.py.)"""
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from vision.image_io import TRANSPARENT_GREY, ImageError, load_image

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z 5z 5z".split()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scene():
    from vision.synth import render_hand

    return render_hand("tokyo-mahjong", HAND, seed=3, layout="rack")  # BGR, 640 x 640, a slanted row


@pytest.fixture(scope="module")
def recognizer():
    from vision.recognizer import Recognizer

    return Recognizer.load(game="tokyo-mahjong")


def png(im: Image.Image, **kw) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", **kw)
    return buf.getvalue()


def hidden_red(mode: str) -> bytes:
    """A 40 x 40 PNG whose left half is opaque blue (grey for grey modes) and whose right half is fully
    transparent with pure red (white for grey modes) stored under it, as an editor's eraser leaves it."""
    rgba = np.zeros((40, 40, 4), np.uint8)
    rgba[:, :20] = (0, 0, 255, 255)
    rgba[:, 20:] = (255, 0, 0, 0)
    im = Image.fromarray(rgba, "RGBA")
    if mode == "LA":
        la = np.dstack([np.where(rgba[..., 3] == 0, 255, 40), rgba[..., 3]]).astype(np.uint8)
        return png(Image.fromarray(la, "LA"))
    if mode == "P":  # a palette with one transparent entry (tRNS), as a GIF or an optimised PNG keeps it
        p = Image.fromarray(rgba[..., :3], "RGB").quantize(2)
        red = next(i for i, c in enumerate(np.array(p.getpalette()[:6]).reshape(2, 3)) if c[0] == 255)
        return png(p, transparency=red)
    return png(im)


@pytest.mark.parametrize("mode", ["RGBA", "LA", "P"])
def test_the_transparent_part_of_a_photo_is_grey_not_what_lies_hidden_under_it(mode):
    """The colour stored under fully transparent pixels (red here; an eraser keeps what it erased) was read
    as if it showed: it becomes the plain grey the detector's own padding is, and the opaque part is kept."""
    img = load_image(hidden_red(mode))
    assert (img[:, 20:] == TRANSPARENT_GREY).all(), img[0, 30]
    assert (np.abs(img[:, :20].astype(int) - img[0, 0]) <= 1).all() and tuple(img[0, 0]) != (TRANSPARENT_GREY,) * 3


def test_half_transparent_pixels_are_blended_with_the_grey():
    rgba = np.zeros((8, 8, 4), np.uint8)
    rgba[...] = (255, 255, 255, 128)
    img = load_image(png(Image.fromarray(rgba, "RGBA")))
    assert (np.abs(img.astype(int) - round((255 * 128 + TRANSPARENT_GREY * 127) / 255)) <= 1).all()


def test_tiles_erased_from_a_photo_are_not_read(scene, recognizer):
    """A hand photo whose right half was erased to transparency (its pixels still stored): only the tiles
    left showing are read, none of the erased ones."""
    rgba = cv2.cvtColor(scene.image, cv2.COLOR_BGR2RGBA)
    cut = 360  # between the 7th and 8th tiles' boxes (7s ends at 366 only at its far corner)
    rgba[:, cut:, 3] = 0
    reading = recognizer.read(png(Image.fromarray(rgba, "RGBA")), name="erased.png")
    centres = [(t.xyxy[0] + t.xyxy[2]) / 2 for t in reading.tiles]
    assert reading.tiles and max(centres) < cut, centres
    assert reading.kinds == HAND[: len(reading.kinds)]


def test_a_jpeg_with_a_broken_exif_block_is_read_without_a_word_on_stderr(tmp_path, scene):
    """Pillow warned "Corrupt EXIF data. Expecting to read 2 bytes but only got 0." with its own file and line
    on standard error, around a photo read well."""
    ok, jpeg = cv2.imencode(".jpg", scene.image)
    payload = b"Exif\x00\x00II*\x00\xff\xff\xff\x7f" + b"\x00" * 20  # its first directory points past the end
    app1 = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
    photo = tmp_path / "bad exif.jpg"
    photo.write_bytes(jpeg.tobytes()[:2] + app1 + jpeg.tobytes()[2:])
    code = ("import sys; from vision.image_io import load_image; "
            "print(load_image(sys.argv[1]).shape)")
    done = subprocess.run([sys.executable, "-c", code, str(photo)], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONWARNINGS": ""}, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "(640, 640, 3)", done.stderr
    assert done.stderr == ""


def test_a_colour_float_tiff_is_named_as_such_not_as_an_unknown_format(tmp_path):
    """Pillow opens a grey float TIFF but not a colour one: it was "not an image (unknown or unsupported
    format)", which a TIFF is not; the line says what it is and what to do."""
    photo = tmp_path / "scan.tif"
    assert cv2.imwrite(str(photo), np.full((8, 8, 3), 0.5, np.float32))
    with pytest.raises(ImageError) as caught:
        load_image(photo)
    message = str(caught.value)
    assert message.startswith(f"{photo}: ") and "TIFF" in message and "8-bit" in message
    assert "unknown" not in message and "\n" not in message


def test_a_link_to_a_photo_that_is_gone_says_so(tmp_path, capsys):
    (tmp_path / "today.jpg").symlink_to(tmp_path / "IMG_0001.jpg")
    assert tilelens(["read", str(tmp_path / "today.jpg"), "--game", "tokyo-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "IMG_0001.jpg" in err and "link" in err, err


def test_a_photo_given_through_a_pipe_path_is_read(tmp_path, scene):
    """``tilelens read <(curl ...)`` or a named pipe: the path exists but is no regular file, and was said to be
    "no such image file"; /dev/null, which is there and empty, is said to be empty."""
    pipe = tmp_path / "photo pipe"
    os.mkfifo(pipe)
    data = cv2.imencode(".png", scene.image)[1].tobytes()
    writer = threading.Thread(target=pipe.write_bytes, args=(data,), daemon=True)
    writer.start()
    assert np.array_equal(load_image(pipe), scene.image)
    writer.join(5)
    with pytest.raises(ImageError, match="/dev/null: empty file"):
        load_image("/dev/null")


def test_an_endless_stream_is_refused_once_it_is_larger_than_any_photo(monkeypatch):
    """/dev/zero given as a photo (or piped into ``tilelens read -``) was read until memory ran out."""
    import vision.image_io as image_io

    monkeypatch.setattr(image_io, "MAX_STREAM_BYTES", 1 << 16)
    with pytest.raises(ImageError, match="/dev/zero: .*more than"):
        load_image("/dev/zero")
    with open("/dev/zero", "rb") as endless, pytest.raises(ImageError, match="standard input: .*more than"):
        image_io.read_stream(endless, "standard input")


def test_standard_input_that_runs_past_any_photo_is_one_line(monkeypatch, capsys):
    import vision.image_io as image_io

    monkeypatch.setattr(image_io, "MAX_STREAM_BYTES", 1 << 12)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bytes(1 << 13))))
    assert tilelens(["read", "-", "--game", "tokyo-mahjong", "--kinds"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens read: standard input: more than") and err.count("\n") == 1, err


def test_a_photo_whose_alpha_hides_everything_is_read_by_its_colours():
    """An alpha of zero everywhere is an alpha written wrong (nothing would show at all): the colours stored are
    what there is to read, not a grey page."""
    rgba = np.zeros((8, 8, 4), np.uint8)
    rgba[...] = (255, 0, 0, 0)
    assert (load_image(png(Image.fromarray(rgba, "RGBA"))) == (0, 0, 255)).all()
