"""Session 59 (F14): a dim colour photo was said to have no colour. At a quarter of its light the F2 photo of a real
Hong Kong hand far off on felt (``far_off``) spread its channels under ``COLOURLESS_CHROMA`` (the felt's chroma shrinks
with the light), so ``tilelens read`` said "the photo has no colour (grey)" of it. Its colour is now judged as if lit
(``vision.photo_checks.lift``, as its blur and plainness are): a dim colour photo has colour, a grey one (converted
to greyscale, at any light) has none, and a palette photo's note is as it was."""
from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from test_closer_gate_f2_58 import far_off
from vision.image_io import COLOURLESS, PALETTE, colourless, notes_for


def _jpeg(img: np.ndarray, light: float = 1.0) -> np.ndarray:
    """``img`` at ``light`` of its brightness, saved as a phone saves it (JPEG) and decoded."""
    dim = np.clip(img.astype(np.float32) * light, 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", dim, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)


def _grey(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _palette_png(img: np.ndarray) -> bytes:
    """``img`` saved in 256 colours (a palette PNG)."""
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(img[:, :, ::-1])).quantize(256).save(buf, "PNG")
    return buf.getvalue()


def _decoded(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


@pytest.fixture(scope="module")
def hk3():
    return far_off("hk-3", 22)


@pytest.mark.parametrize("light", [0.25, 0.2])
def test_a_dim_colour_photo_has_colour(hk3, light):
    img = _jpeg(hk3, light)
    assert not colourless(img)  # was colourless at 0.25 and under: the felt's chroma under COLOURLESS_CHROMA
    assert notes_for(None, img, [], 14) == ()


@pytest.mark.parametrize("light", [1.0, 0.25, 0.1, 0.05])
def test_a_grey_photo_has_no_colour_at_any_light(hk3, light):
    assert colourless(_jpeg(_grey(hk3), light))
    assert notes_for(None, _jpeg(_grey(hk3), light), [], 14) == (COLOURLESS,)


@pytest.mark.parametrize("light", [1.0, 0.25, 0.1, 0.05])
def test_a_mono_filter_or_a_dark_sensors_colour_noise_is_no_colour(hk3, light):
    """An app's "mono" filter (a twentieth of the colour left), and a grey photo with a sensor's colour noise of up to
    2 grey levels in each channel (the whole photo, and the hand alone: 800 x 600, hardly averaged at ``COLOUR_SIDE``):
    colourless still, dim or not (a dim photo's noise is not lifted into colour: the hand alone at 0.05 was)."""
    hsv = cv2.cvtColor(hk3, cv2.COLOR_BGR2HSV).astype(np.float32)
    hsv[..., 1] *= 0.05
    mono = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)
    assert colourless(_jpeg(mono, light))
    for grey in (_grey(hk3), _grey(hk3)[1200:1800, 1700:2500]):
        dim = np.clip(grey.astype(np.float32) * light, 0, 255)
        noisy = np.clip(dim + np.random.default_rng(1).integers(-2, 3, dim.shape), 0, 255).astype(np.uint8)
        assert colourless(_jpeg(noisy)), grey.shape


def test_a_photo_of_the_felt_alone_has_colour_dim_or_not(hk3):
    felt = hk3[:1000, :1500]
    assert not colourless(_jpeg(felt)) and not colourless(_jpeg(felt, 0.25))


@pytest.mark.parametrize("light", [1.0, 0.25, 0.2])
def test_the_palette_note_is_as_it_was(hk3, light):
    """A 256-colour PNG of the colour photo is said stored in a palette, dim or not (at 0.25 and 0.2 it was said grey);
    one of the grey photo is said grey (having no colour says it)."""
    small = cv2.resize(hk3, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    dim = np.clip(small.astype(np.float32) * light, 0, 255).astype(np.uint8)
    colour, grey = _palette_png(dim), _palette_png(_grey(dim))
    assert notes_for(colour, _decoded(colour), [], 14) == (PALETTE,)
    assert notes_for(grey, _decoded(grey), [], 14) == (COLOURLESS,)


def test_tilelens_read_says_no_grey_of_a_dim_colour_photo(tmp_path, capsys, cli_env, hk3):
    """The helper's proof (F7): at a quarter of its light `tilelens read` said "the photo has no colour (grey)"."""
    from tilelens.cli import main as tilelens

    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), np.clip(hk3.astype(np.float32) * 0.25, 0, 255).astype(np.uint8),
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    cli_env(TILELENS_LANG="en")
    assert tilelens(["read", str(path), "--tileset", "hk-mahjong"]) == 0
    out = capsys.readouterr()
    assert "no colour" not in out.out + out.err, (out.out, out.err)
