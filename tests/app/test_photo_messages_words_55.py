"""Session 55 (f13): a photo that cannot be read is said on a Japanese screen in Japanese, the names a phone's photo
files go by (iPhone, RAW, DNG, AVIF, WebP, MOV, Live Photos, HEIC) written as the phone writes them, and nothing
else of English (``screen_words.ALLOWED``); the message's sentences each end with 。."""
from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import pytest

from screen_words import english_words, foreign

from vision import image_io
from vision.image_io import ImageError, load_image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))  # the photo message tests' helpers
from photo_message_helpers import VIDEO, dng as _dng, saved  # noqa: E402

_saved = partial(saved, seed=4)


def _cut(data: bytes) -> bytes:
    return data[:len(data) // 2]


# what a phone sends, under the names it gives them
PHOTOS = {"IMG_0005.avif": lambda: _cut(_saved("AVIF", quality=70)), "IMG_0006.webp": lambda: _cut(_saved("WEBP")),
          "IMG_0007.DNG": _dng, "IMG_0008.MOV": lambda: VIDEO, "IMG_0009.jpg": lambda: _cut(_saved("JPEG"))}


def _said_ja(name: str, data: bytes) -> str:
    with pytest.raises(ImageError) as caught:
        load_image(data, name)
    return caught.value.message_ja


@pytest.mark.parametrize("name", sorted(PHOTOS))
def test_a_photo_message_avif_webp_dng_video_has_no_english_but_the_formats_names(name):
    said = _said_ja(name, PHOTOS[name]())
    assert not english_words(said), (said, english_words(said))


@pytest.mark.parametrize("made", ["_heic_damaged", "_heic_unread", "_raw_said", "_video_said"])
def test_a_photo_message_of_a_damaged_heic_raw_or_video_has_no_english_but_the_formats_names(made):
    said = getattr(image_io, made)("IMG_0002.HEIC", "IMG_0002.HEIC").message_ja
    assert not english_words(said), (said, english_words(said))


def test_the_words_allowed_are_the_formats_not_any_english():
    # a phone's formats and Apple's name for its moving photos: as written on the phone, in Japanese too
    assert not english_words("iPhone の RAW (DNG) か AVIF か WebP か MOV か TIFF か HEIF か Live Photos の静止画")
    assert english_words("Live の写真") == ["Live"] and english_words("Photos です") == ["Photos"]  # the name only
    assert english_words("写真を読めません。IMG_0005.avif: cut short") == ["cut", "short"]  # the file's name only


@pytest.mark.parametrize("name", ["IMG_0005.avif", "IMG_0008.MOV", "IMG_0007.DNG"])
def test_the_japanese_photo_page_says_an_avif_video_or_dng_photo_in_japanese(home, page, name):
    at = page("score_photo", "yokai-watch", "ja")
    at.file_uploader(key="photo_upload").set_value((name, PHOTOS[name](), "application/octet-stream")).run()
    assert not at.exception, [e.value for e in at.exception]
    (shown,) = [e.value for e in at.error]
    assert shown.startswith(f"写真を読めません。{name}: ") and shown.endswith("。"), shown
    assert shown.count(name) == 1 and ": " not in shown.removeprefix(f"写真を読めません。{name}: "), shown
    assert not foreign(at, "ja"), foreign(at, "ja")
