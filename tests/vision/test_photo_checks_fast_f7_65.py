"""The photo checks of a read (``vision.photo_checks.judge``, ``vision.image_io.colourless``) took 65
ms on a 640 px photo and most of a second on a phone's: ``plain`` took numpy's ``std`` over every pixel, ``colourless``
numpy's ``max(axis=2)``/``min(axis=2)``, each pixel at a time. Now OpenCV's one pass and numpy channel by channel: the
same figures (so the same notes on every photo), a small part of the time."""
import cv2
import numpy as np
import pytest

from vision.closer import plain as no_sides
from vision.image_io import COLOURED_SHARE, COLOURLESS_CHROMA, COLOUR_SIDE, GREY_NOISE, _chroma, colourless
from vision.photo_checks import PLAIN_STD, lift, plain, spread


def photo(h=480, w=640, seed=0):
    """A photo with detail (a row of white tiles of coloured marks on green felt) and a JPEG's noise."""
    rng = np.random.default_rng(seed)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = (60, 110, 40)
    tile_w, tile_h = w // 20, h // 6
    for i in range(14):
        x, y = w // 10 + i * tile_w, h // 3
        img[y:y + tile_h, x + 1:x + tile_w - 1] = 235
        img[y + tile_h // 4:y + tile_h // 2, x + tile_w // 4:x + tile_w * 3 // 4] = rng.integers(0, 200, 3)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 60])[1], cv2.IMREAD_COLOR)


def numpy_spread(image):  # the measure as it was
    pixels = image.reshape(-1, image.shape[-1] if image.ndim == 3 else 1)
    return float(pixels.std(axis=0).max(initial=0))


def old_colourless(image):  # the measure as it was
    if image.ndim == 2 or image.shape[2] == 1:
        return True
    h, w = image.shape[:2]
    scale = COLOUR_SIDE / max(h, w, 1)
    if scale < 1:
        image = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    rgb = image[:, :, :3].astype(np.int16)
    chroma = rgb.max(axis=2) - rgb.min(axis=2)
    coloured = (chroma * lift(image) >= COLOURLESS_CHROMA) & (chroma > GREY_NOISE)
    return bool(np.count_nonzero(coloured) <= COLOURED_SHARE * chroma.size)


SHAPES = {
    "colour": photo(),
    "grey 2-d": cv2.cvtColor(photo(), cv2.COLOR_BGR2GRAY),
    "grey one channel": cv2.cvtColor(photo(), cv2.COLOR_BGR2GRAY)[:, :, None],
    "with alpha": cv2.cvtColor(photo(), cv2.COLOR_BGR2BGRA),
    "turned view (not contiguous)": photo()[::-1, ::2, ::-1],
    "one pixel": photo()[:1, :1],
    "flat": np.full((300, 400, 3), 77, np.uint8),
}


@pytest.mark.parametrize("name", SHAPES)
def test_spread_is_numpys_std(name):
    image = SHAPES[name]
    assert spread(image) == pytest.approx(numpy_spread(image), rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("name", ["colour", "with alpha", "turned view (not contiguous)", "one pixel"])
def test_chroma_is_the_channels_spread(name):
    image = SHAPES[name]
    rgb = image[:, :, :3].astype(np.int16)
    assert np.array_equal(_chroma(image), rgb.max(axis=2) - rgb.min(axis=2))


def hard_versions(image):
    """The photo as it is, dim to very dim, blurred, grey, a tenth to a third of its colour, and flat ones with a
    sensor's noise (a covered lens, a blank wall): the verdicts near each threshold."""
    rng = np.random.default_rng(3)
    yield image
    for light in (0.3, 0.12, 0.05):
        yield (image * light).astype(np.uint8)
    yield cv2.GaussianBlur(image, (0, 0), 3)
    grey = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    yield grey
    yield (grey * 0.05).astype(np.uint8)
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    for share in (0.03, 0.1, 0.2, 0.33):
        dull = hsv.copy()
        dull[..., 1] = (dull[..., 1] * share).astype(np.uint8)
        yield cv2.cvtColor(dull, cv2.COLOR_HSV2BGR)
    for level, noise in ((3, 0.4), (8, 0.4), (128, 1), (128, 3), (230, 2)):
        yield np.clip(level + rng.normal(0, noise, (480, 640, 3)), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", range(3))
def test_the_same_verdicts_as_before(seed):
    verdicts = []
    for image in hard_versions(photo(seed=seed)):
        assert plain(image) == (numpy_spread(image) * lift(image) < PLAIN_STD and no_sides(image))
        assert colourless(image) == old_colourless(image)
        verdicts.append((plain(image), colourless(image)))
    assert len(set(verdicts)) > 1  # the cases do reach past the thresholds

