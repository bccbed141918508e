"""Session 59 (F7, review RV1): a dim photo of a small hand far off on a big table (the F2 photo of a real Hong Kong
hand, tiles 22 px tall of 4032, ``far_off``) was said plain ("no detail, as if nothing is in it"), not too dark: the
spread of the whole photo's colours is the felt's, which a hand in a thousandth of its pixels hardly moves (it was
plain at half its light too). And the closer look took its strong edges at a fixed step of 30 grey levels: at a fifth
of the light a white tile on the felt makes none, so the photo was not read closer. Both now judge the tiles' sides
as if the photo were lit (``vision.photo_checks.lift``); a truly plain photo (a blank wall, a covered lens, a bare
table) is plain as before, and a bright photo's verdicts are as they were."""
from __future__ import annotations

from types import SimpleNamespace as NS

import cv2
import numpy as np
import pytest

from test_closer_gate_f2_58 import Counting, far_off, table
from tilelens.cli import main as tilelens
from vision import closer
from vision import photo_checks as pc

HAND_AT = (1800, 1400)  # where far_off puts the hand, in the photo's own pixels


def _jpeg(img: np.ndarray, light: float = 1.0) -> np.ndarray:
    """``img`` at ``light`` of its brightness, saved as a phone saves it (JPEG) and decoded."""
    dim = np.clip(img.astype(np.float32) * light, 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", dim, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)


def _as_read(img: np.ndarray) -> np.ndarray:
    """The copy the reader reads and the checks judge (``vision.READ_SIDE``)."""
    from vision import READ_SIDE

    h, w = img.shape[:2]
    s = min(1.0, READ_SIDE / max(h, w))
    return cv2.resize(img, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)


@pytest.fixture(scope="module")
def hk3():
    return far_off("hk-3", 22)


@pytest.mark.parametrize("light", [1.0, 0.5, 0.25, 0.2, 0.15])
def test_a_small_hand_far_off_is_no_plain_photo_however_dim(hk3, light):
    img = _as_read(_jpeg(hk3, light))
    assert not pc.plain(img)  # was plain at 0.5 and under: the felt's spread
    assert not closer.plain(img)  # was plain at 0.15 and under: no step of 30 grey levels


@pytest.mark.parametrize("light", [0.25, 0.2])
def test_with_no_tile_read_a_dim_photo_of_a_hand_is_said_dark_not_plain(hk3, light):
    img = _as_read(_jpeg(hk3, light))
    quality = pc.judge(img, NS(tiles=[]), (4032, 3024))
    assert (quality.dark, quality.plain, quality.judged, quality.blurry) == (True, False, False, False)


@pytest.mark.parametrize("light", [0.3, 0.2, 0.12])
def test_closer_plains_own_example_of_white_faces_is_no_plain_photo_dimmed(light):
    """``closer.plain``'s doctest: a row of white faces on a table, at 20 % of its light, was plain."""
    blank = np.full((300, 400, 3), 128, np.uint8)
    bare = blank.copy()
    bare[200:] = 60
    hand = bare.copy()
    hand[100:120, 100:180] = 240
    dim = [(x.astype(np.float32) * light).astype(np.uint8) for x in (blank, bare, hand)]
    assert [closer.plain(x) for x in dim] == [True, True, False]


@pytest.mark.parametrize("light", [0.2, 0.15])
def test_a_dim_photo_of_a_small_hand_is_read_closer_where_the_hand_is(hk3, light):
    img = _jpeg(hk3, light)
    detector = Counting()
    closer.detect_closer(detector, img)
    assert detector.calls >= closer.WINDOWS
    small = _as_read(img)
    first = closer.busiest(small, small.shape[1] / img.shape[1], closer.grid_windows(4032, 3024))[:2]
    x, y = HAND_AT
    assert any(x0 <= x and y0 <= y and x + 150 <= x1 and y + 150 <= y1 for x0, y0, x1, y1 in first), first


@pytest.mark.parametrize("light", [1.0, 0.3, 0.2, 0.12])
@pytest.mark.parametrize("photo", ["blank", "table"])
def test_a_photo_with_nothing_a_tile_could_be_is_not_read_closer_however_dim(photo, light):
    img = _jpeg(np.full((1800, 2400, 3), 205, np.uint8) if photo == "blank" else table(), light)
    detector = Counting()
    assert not len(closer.detect_closer(detector, img)) and detector.calls == 0


@pytest.mark.parametrize("level", [0, 3, 8, 30, 128, 230])
def test_a_blank_wall_or_a_covered_lens_is_plain_at_any_light(level):
    """A photo of one colour, with a phone's faint noise (the darker, the more it is lifted): plain on the page, and not
    read closer."""
    rng = np.random.default_rng(level)
    img = _jpeg(np.clip(level + rng.normal(0, 0.4, (1200, 1600, 3)), 0, 255))
    assert pc.plain(img) and closer.plain(img)


def test_a_bright_photo_is_judged_as_before():
    """Lit enough (white ``LIT_WHITE`` or more: not lifted), a strong edge is the fixed step of 30 grey levels, and a
    plain photo the one of little spread, as before."""
    img = _as_read(_jpeg(table()))
    assert pc.lift(img) == 1.0
    faint, strong = img.copy(), img.copy()
    faint[600:620, 700:800] = np.clip(img[600:620, 700:800].astype(np.int16) + 25, 0, 255)  # a step under 30
    strong[600:620, 700:800] = 235
    assert closer.plain(img) and closer.plain(faint) and not closer.plain(strong)
    assert not pc.plain(img)  # the felt and the table's wooden edge: much spread, as before
    assert pc.plain(np.full((1200, 1600, 3), 200, np.uint8))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tilelens_read_says_a_dim_photo_of_a_small_hand_is_dark(tmp_path, capsys, cli_env, hk3, lang):
    """RV1's proof: at 20 % of its light `tilelens read` said "no tiles found (they may be too small in the photo, or
    not in view...)", not that the photo is too dark."""
    from vision.read_cli import NO_TILES, NO_TILES_DARK

    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), np.clip(hk3.astype(np.float32) * 0.2, 0, 255).astype(np.uint8),
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    cli_env(TILELENS_LANG=lang)
    assert tilelens(["read", str(path), "--tileset", "hk-mahjong"]) == 0
    out = capsys.readouterr()
    assert NO_TILES[lang].format(path=path) not in out.err, out.err
    dark = {"en": "the photo is dark", "ja": "写真が暗く"}[lang]  # the note, where tiles were read
    assert NO_TILES_DARK[lang].format(path=path) in out.err or dark in out.out + out.err, (out.out, out.err)
