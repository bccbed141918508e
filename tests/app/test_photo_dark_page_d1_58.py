"""Session 58 (D1, walker W3): the photo page said a photo of a hand darkened to 12-20 % brightness, in which no tile
was found, had no detail (nothing in it), and called a dark but sharp one blurry; the small tiles' note quoted their
height in the shrunk copy read, not in the photo. Also: the page's reading asks ``vision.photo_checks`` whether a photo
is plain and whether its hand leans upside down (one copy of each)."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace as NS

import cv2
import numpy as np
import pytest

from app.components.photo import PhotoReading, PhotoTile
from vision.synth import render_hand

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5z 5z 5z".split()
NO_TILES_DARK = {"en": "No tiles found: the photo is too dark. Retake it in better light.",
                 "ja": "牌が見つかりませんでした。写真が暗すぎます。明るい場所で撮り直してください。"}
DARK = {"en": "The photo is dark: tiles may be missed or misread. Retake it in better light.",
        "ja": "写真が暗く、牌を見落としたり読み違えたりしやすくなります。明るい場所で撮り直してください。"}
BLURRY = {"en": "blurry", "ja": "ぼやけ"}
PLAIN = {"en": "no detail", "ja": "模様"}


def _dark(gain: float) -> bytes:
    """A rendered riichi hand (all 14 tiles read at full light) darkened to ``gain`` of its brightness, as a JPEG."""
    image = render_hand("tokyo-mahjong", HAND, seed=1, effects=0.0).image
    return cv2.imencode(".jpg", (image * gain).astype(np.uint8))[1].tobytes()


def _upload(at, data: bytes):
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _warnings(at) -> str:
    return "\n".join(w.value for w in at.warning)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dark_photo_with_no_tiles_found_is_said_to_be_too_dark_not_empty(home, page, lang):
    at = _upload(page("score_photo", "tokyo-mahjong", lang), _dark(0.12))
    assert not at.session_state["photo_reading"].hand  # W3: no tile found at 12 %
    said = _warnings(at)
    assert NO_TILES_DARK[lang] in said, said
    assert PLAIN[lang] not in said and BLURRY[lang] not in said, said
    assert DARK[lang] not in said, said  # said once: the cause of no tiles
    assert not [i.value for i in at.info if "色" in i.value or "colour" in i.value]  # no colour note for the dark


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dark_but_sharp_photo_is_said_dark_not_blurry(home, page, lang):
    at = _upload(page("score_photo", "tokyo-mahjong", lang), _dark(0.3))
    assert at.session_state["photo_reading"].hand  # tiles read at 30 %
    said = _warnings(at)
    assert DARK[lang] in said and BLURRY[lang] not in said, said


@pytest.mark.parametrize("lang, said", [("en", "The tiles are small in this photo (about 22 px tall)"),
                                        ("ja", "写真の中の牌が小さく (高さ約 22ピクセル)")])
def test_the_small_tiles_height_is_quoted_in_the_photos_own_pixels(home, page, lang, said):
    """A 12 MP photo (4032 x 3024) whose tiles are 22 px tall, read shrunk: 22 said, as `tilelens read` says it."""
    at = _upload(page("score_photo", "tokyo-mahjong", lang), _dark(1.0))
    reading = at.session_state["photo_reading"]
    px = 22 * max(reading.image_rgb.shape[:2]) / 4032  # the tiles' height in the copy read
    tiles = tuple(PhotoTile((100.0 + 4 * i, 100.0, 103.0 + 4 * i, 100.0 + px), k, 0.95, choices=((k, 0.95),))
                  for i, k in enumerate(HAND))
    at.session_state["photo_reading"] = replace(reading, tiles=tiles, original_wh=(4032, 3024))
    at.session_state["photo_tiles"] = list(HAND)
    at.run()
    assert [i.value for i in at.info if said in i.value], [i.value for i in at.info]


def test_the_pages_reading_asks_vision_whether_a_photo_is_plain_and_its_hand_upside_down(monkeypatch):
    from app.components import photo
    from vision import photo_checks

    dark = cv2.imdecode(np.frombuffer(_dark(0.12), np.uint8), cv2.IMREAD_COLOR)
    assert not PhotoReading(np.ascontiguousarray(dark[:, :, ::-1])).plain  # photo_checks.plain: dark, not plain
    assert PhotoReading(np.full((60, 80, 3), 120, np.uint8)).plain
    monkeypatch.setattr(photo_checks, "hand_leans_upside_down", lambda recognizer, image, reading: "asked")
    assert photo.leans_upside_down(NS(), dark, NS(tiles=[])) == "asked"
