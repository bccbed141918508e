"""Session 55 (f25, re-walk r1): a photo cut short or damaged is answered with advice a phone can follow.

A truncated JPEG, HEIC, AVIF or WebP said 「もう一度コピーしてください」 ("copy it again"): a phone's visitor copied
nothing, they took or chose the photo. Each now says to take or choose it again (or copy it again), in both languages,
as a damaged HEIC already did; the message still starts "name: " (the callers strip it)."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from vision import image_io
from vision.image_io import ImageError, load_image

AGAIN = {"en": "take or choose the photo again (or copy it again)",
         "ja": "撮り直すか選び直してください (コピーし直してもかまいません)。"}


def _saved(fmt: str, **kw) -> bytes:
    out = io.BytesIO()
    Image.fromarray((np.random.default_rng(1).random((64, 96, 3)) * 255).astype(np.uint8)).save(out, fmt, **kw)
    return out.getvalue()


def _said(error: ImageError, name: str) -> None:
    assert str(error).startswith(f"{name}: ") and error.message_ja.startswith(f"{name}: "), (str(error),
                                                                                           error.message_ja)
    assert AGAIN["en"] in str(error), str(error)
    assert AGAIN["ja"] in error.message_ja, error.message_ja
    assert "もう一度コピーして" not in error.message_ja, error.message_ja


@pytest.mark.parametrize("fmt, name, kw", [("JPEG", "IMG_0001.jpg", {}), ("AVIF", "IMG_0005.avif", {"quality": 70}),
                                           ("WEBP", "IMG_0006.webp", {"quality": 80})])
def test_a_photo_cut_short_asks_for_it_again_as_a_phone_can(fmt, name, kw):
    data = _saved(fmt, **kw)
    with pytest.raises(ImageError) as caught:
        load_image(data[:len(data) // 2], name)
    _said(caught.value, name)


def test_a_damaged_webp_asks_for_it_again_as_a_phone_can():
    data = _saved("WEBP", quality=80)  # whole in length: said as damaged where its picture cannot be decoded
    _said(image_io._avif_or_webp_unread(data, "IMG_0007.webp", "IMG_0007.webp"), "IMG_0007.webp")


@pytest.mark.parametrize("made", ["_cut_short_said", "_heic_unread", "_heic_damaged"])
def test_each_cut_short_or_damaged_message_says_so(made):
    _said(getattr(image_io, made)("IMG_0042.heic", "IMG_0042.heic"), "IMG_0042.heic")
