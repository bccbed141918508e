"""Session 58 (D1, walker W3): a photo of a hand darkened to 12-20 % brightness, in which no tile was found, was said
to have no detail ("plain": nothing in it), and one at 30 %, sharp, was called blurry as well as dark: the spread of
the photo's colours and its variance of the Laplacian shrink with its brightness. Both are now judged as if the photo
were lit (``vision.photo_checks.lift``); a dark photo with no tile found is said to be too dark, here and on the
photo page (``tests/app/test_photo_dark_page_d1_58.py``)."""
from __future__ import annotations

from types import SimpleNamespace as NS

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision import photo_checks as pc
from vision.synth import render_hand

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5z 5z 5z".split()


def _photo(gain: float, blur: float = 0.0, seed: int = 1) -> tuple[np.ndarray, list]:
    """A rendered riichi hand (sharp: the page reads all 14 tiles), darkened to ``gain`` of its brightness (and
    blurred by ``blur`` px) and saved as a JPEG, as a phone saves a dim photo; with the tiles' boxes."""
    scene = render_hand("tokyo-mahjong", HAND, seed=seed, effects=0.0)
    img = cv2.GaussianBlur(scene.image, (0, 0), blur) if blur else scene.image
    data = cv2.imencode(".jpg", (img * gain).astype(np.uint8))[1]
    return cv2.imdecode(data, cv2.IMREAD_COLOR), [t.xyxy for t in scene.tiles]


@pytest.mark.parametrize("gain", [0.12, 0.2])
def test_a_dark_photo_of_a_hand_is_dark_not_plain(gain):
    img, _ = _photo(gain, seed=3)
    assert pc.dark(img) and not pc.plain(img)


@pytest.mark.parametrize("bgr", [(50, 90, 30), (128, 128, 128), (200, 140, 60), (0, 0, 0), (8, 8, 8)])
def test_a_photo_of_one_colour_is_plain_however_bright(bgr):
    """A blank wall, a felt (the page's test: dark green, grey 67), a covered lens: plain, as before."""
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = bgr
    assert pc.plain(cv2.imdecode(cv2.imencode(".jpg", img)[1], cv2.IMREAD_COLOR))


@pytest.mark.parametrize("gain", [1.0, 0.3, 0.2])
def test_a_sharp_hand_is_not_blurry_however_dark_and_a_blurred_one_is(gain):
    """W3's photo at 30 % was called blurry; the verdict is now the one its bright self gets."""
    sharp, boxes = _photo(gain)
    blurred, _ = _photo(gain, blur=3.0)
    assert not pc.blurry(sharp, boxes)
    assert pc.blurry(blurred, boxes)


def test_a_photo_bright_enough_is_judged_as_before_and_a_dark_one_as_if_lit():
    """No photo of white ``LIT_WHITE`` or more is brightened: the normal photos' verdicts stay as measured."""
    img, _ = _photo(1.0)
    assert np.percentile(pc.grey(img), 99.9) >= pc.LIT_WHITE and pc.lift(img) == 1.0
    assert pc.laplacian_variance(img) == float(cv2.Laplacian(pc.grey(img), cv2.CV_64F).var())
    dark, _ = _photo(0.3)
    white = np.percentile(pc.grey(dark), 99.9)
    assert pc.lift(dark) == pytest.approx(pc.LIT_WHITE / white)
    assert pc.laplacian_variance(dark) == pytest.approx(
        float(cv2.Laplacian(pc.grey(dark), cv2.CV_64F).var()) * pc.lift(dark) ** 2)


@pytest.mark.parametrize("blur", [0.0, 3.0])
def test_with_no_tile_read_a_dark_photos_blur_is_not_judged(blur):
    """Its darkness is the cause said (a blurred dark photo's JPEG noise, brightened, passes for detail anyway)."""
    img, _ = _photo(0.12, blur)
    assert not pc.blurry(img, [])


def test_judge_says_a_dark_photo_with_no_tile_read_is_dark_and_judges_nothing_else():
    img, _ = _photo(0.12)
    quality = pc.judge(img, NS(tiles=[]), (img.shape[1], img.shape[0]))
    assert (quality.dark, quality.plain, quality.judged, quality.blurry) == (True, False, False, False)
    bright, _ = _photo(1.0)
    quality = pc.judge(bright, NS(tiles=[]), (640, 640))
    assert (quality.dark, quality.judged) == (False, True)


@pytest.mark.parametrize("lang, said", [
    ("en", "no tiles found (the photo is too dark: retake it in better light)"),
    ("ja", "牌が見つかりませんでした (写真が暗すぎます: 明るい場所で撮り直してください)")])
def test_tilelens_read_says_a_dark_photo_with_no_tiles_is_too_dark(tmp_path, capsys, cli_env, lang, said):
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), _photo(0.12)[0])
    cli_env(TILELENS_LANG=lang)
    assert tilelens(["read", str(path), "--game", "tokyo-mahjong"]) == 0
    out = capsys.readouterr()
    assert out.err.strip() == f"tilelens read: {path}: {said}", out.err
    # said once, as the cause: no note of its darkness again, nor of its colours (a dark photo's are faint)
    assert out.out.splitlines() == [f"{path}: {'0 tiles' if lang == 'en' else '0枚'}"], out.out
