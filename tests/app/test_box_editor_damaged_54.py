"""The Label page's editor (``photo_data_url``) and its review crops (``open_upright``) on damaged photos: a HEIC that
crashed pi-heif's decoder (and the app's server with it) and an AVIF whose decoder raised RuntimeError (a traceback)
are one clear error naming the photo; a whole HEIC is shown upright as the reader reads it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "vision" / "data"
HEIC = DATA / "heic" / "marked-orientation6.heic"  # 60 wide, 100 high upright
CORRUPT_AVIF = DATA / "damaged" / "corrupt.avif"


def test_a_damaged_avif_is_a_photo_error_not_a_traceback():
    from app.components.box_editor import PhotoError, open_upright, photo_data_url

    with pytest.raises(PhotoError, match="corrupt.avif: a damaged AVIF photo") as caught:
        photo_data_url(str(CORRUPT_AVIF), 1)  # RuntimeError: Failed to decode frame 0
    assert "corrupt.avif: " in caught.value.message_ja
    with pytest.raises(OSError):  # what the review's crops catch
        open_upright(CORRUPT_AVIF)


def test_a_heic_is_shown_upright():
    from app.components.box_editor import open_upright, photo_data_url

    url, w, h = photo_data_url(str(HEIC), 1)
    assert (w, h) == (60, 100) and url.startswith("data:image/jpeg;base64,")
    picture = open_upright(HEIC)
    assert picture.size == (60, 100) and picture.mode == "RGB"
    r, g, b = picture.getpixel((55, 5))  # the red top-left corner turned to the top right
    assert r > 180 and b < 80


def test_a_heic_that_crashed_the_decoder_is_a_photo_error_and_the_server_lives_on(tmp_path):
    bad = tmp_path / "IMG_0042.heic"
    data = bytearray(HEIC.read_bytes())
    data[176] = 0xF7  # pi-heif's HeifFile segfaulted on it
    bad.write_bytes(bytes(data))
    code = """
import json, sys
from app.components.box_editor import PhotoError, open_upright, photo_data_url
out = []
try:
    photo_data_url(sys.argv[1], 1)
    out.append("shown")
except PhotoError as exc:
    out.append([str(exc), exc.message_ja])
try:
    open_upright(sys.argv[1])
    out.append("opened")
except (OSError, ValueError) as exc:
    out.append([str(exc), getattr(exc, "message_ja", "")])
print(json.dumps(out))
"""
    done = subprocess.run([sys.executable, "-c", code, str(bad)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, f"crashed (exit {done.returncode}): {done.stderr[-2000:]}"
    for english, japanese in json.loads(done.stdout.strip().splitlines()[-1]):
        assert english.startswith("IMG_0042.heic: a damaged HEIC photo")
        assert japanese.startswith("IMG_0042.heic: 壊れた HEIC の写真")
