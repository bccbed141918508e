"""What `tilelens read` says of awkward photos (walk W3, session 60).

- A tiny photo with no tile found was said twice, at odds: "no tiles found (they may be too small in the photo ...
  photograph the hand closer)" and "the photo is only 1×1 pixels ... read the camera's own photo". Now once: the photo
  is too small (``NO_TILES_SMALL``); an ordinary photo with no tiles still gets ``NO_TILES``.
- A JPEG whose EXIF orientation tag has a bad type printed Pillow's "TiffImagePlugin.py:982: UserWarning: Truncated
  File Read" (and its source line) on standard error: the photo reads all the same, so nothing is said.
- A multi-page TIFF was read from its first page without a word: said as an animation's first frame is.
"""
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from vision.image_io import MULTIPAGE, how_stored, notes_for
from vision.read_cli import NO_TILES, NO_TILES_SMALL

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def read(capsys, monkeypatch):
    def run(lang, *argv):
        monkeypatch.setenv("TILELENS_LANG", lang)
        return tilelens(["read", *argv]), capsys.readouterr()
    return run


# a tiny photo: one cause, said once ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,small,closer", [
    ("en", "the photo is only 20×20 pixels", "photograph the hand closer"),
    ("ja", "20×20ピクセル", "近くから撮ってください")])
def test_a_tiny_photo_with_no_tiles_is_said_too_small_once(tmp_path, read, lang, small, closer):
    photo = tmp_path / "tiny.png"
    cv2.imwrite(str(photo), np.full((20, 20, 3), (60, 140, 200), np.uint8))
    for mode in ([], ["--kinds"]):
        code, said = read(lang, str(photo), "--game", "nogizaka", *mode)
        both = said.out + said.err
        assert code == 0 and closer not in both, both
        assert NO_TILES_SMALL[lang].format(path=photo, w=20, h=20) in said.err, said.err
        assert both.count(small) == 1, both  # not again as a note
    code, said = read(lang, str(photo), "--game", "nogizaka", "--json")
    entry = json.loads(said.out)["images"][0]
    assert [n["note"] for n in entry["notes"]] == ["small_photo"] and closer not in said.err, (entry, said.err)
    assert NO_TILES_SMALL[lang].format(path=photo, w=20, h=20) in said.err, said.err


def test_an_ordinary_photo_with_no_tiles_says_no_tiles_as_before(tmp_path, read):
    photo = tmp_path / "wall.jpg"
    wall = np.full((480, 640, 3), (60, 140, 200), np.uint8)  # grained: detail, not plain
    cv2.imwrite(str(photo), wall + np.random.default_rng(0).integers(0, 40, (480, 640, 3), dtype=np.uint8))
    code, said = read("en", str(photo), "--game", "nogizaka", "--kinds")
    assert code == 0 and NO_TILES["en"].format(path=photo) in said.err and "pixels" not in said.err, said.err


# Pillow's words on damaged EXIF: not on standard error -------------------------------------------------------------

def _with_exif(jpeg: bytes, payload: bytes) -> bytes:
    segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


def test_a_bad_exif_orientation_type_says_no_python_warning(tmp_path):
    rng = np.random.default_rng(0)
    ok, jpeg = cv2.imencode(".jpg", rng.integers(0, 255, (120, 160, 3), dtype=np.uint8))
    # an orientation tag (274) of type 3 (SHORT) with 5 values, its data at offset 200: past the block's end
    exif = (b"Exif\x00\x00II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
            + struct.pack("<HHII", 0x0112, 3, 5, 200) + b"\x00" * 4)
    photo = tmp_path / "bad-exif.jpg"
    photo.write_bytes(_with_exif(jpeg.tobytes(), exif))
    env = {**os.environ, "TILELENS_LANG": "en", "YOLO_OFFLINE": "1", "PYTHONWARNINGS": ""}
    done = subprocess.run([sys.executable, "-m", "tilelens.cli", "read", str(photo), "--game", "tokyo-mahjong",
                           "--kinds"], capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "warnings.warn" not in done.stderr and ".py:" not in done.stderr, \
        done.stderr


# a multi-page TIFF: its first page alone is read, and said so -------------------------------------------------------

def _tiff(path: Path, pages: int) -> Path:
    first = Image.fromarray(np.full((120, 160, 3), (60, 140, 200), np.uint8))
    more = [Image.fromarray(np.full((120, 160, 3), (200, 60, 60), np.uint8))] * (pages - 1)
    first.save(path, save_all=pages > 1, append_images=more)
    return path


def test_how_stored_counts_a_tiffs_pages(tmp_path):
    assert how_stored(_tiff(tmp_path / "two.tiff", 2)).pages == 2
    assert how_stored(_tiff(tmp_path / "one.tiff", 1)).pages == 1
    image = np.full((120, 160, 3), (60, 140, 200), np.uint8)
    assert MULTIPAGE not in notes_for(tmp_path / "two.tiff", image, [], 14)  # the app's page: no words for it yet
    assert MULTIPAGE in notes_for(tmp_path / "two.tiff", image, [], 14, pages=True)


@pytest.mark.parametrize("lang,words", [("en", "only its first page is read"), ("ja", "最初のページだけを読みます")])
def test_a_multipage_tiff_says_only_its_first_page_is_read(tmp_path, read, lang, words):
    photo = _tiff(tmp_path / "scan.tiff", 3)
    for mode in ([], ["--kinds"]):
        code, said = read(lang, str(photo), "--game", "tokyo-mahjong", *mode)
        assert code == 0 and (said.out + said.err).count(words) == 1, (said.out, said.err)
    code, said = read(lang, str(photo), "--game", "tokyo-mahjong", "--json")
    assert MULTIPAGE in [n["note"] for n in json.loads(said.out)["images"][0]["notes"]]
    code, said = read(lang, str(_tiff(tmp_path / "one.tiff", 1)), "--game", "tokyo-mahjong")
    assert words not in said.out + said.err
