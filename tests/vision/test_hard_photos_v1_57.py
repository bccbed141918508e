"""Hard photos, the recognizer's side (walkthrough W2, session 57): a tile set of no game is read with the hand
sizes of the game it is scored as (two hands said, a photo short of a hand read again); a small hand in a big photo
is read at full resolution in windows; a tile washed out by glare is marked unsure."""
from pathlib import Path

import cv2
import pytest
import numpy as np

from vision.image_io import TWO_HANDS, notes_for
from vision.recognizer import Recognizer

HK = Path(__file__).parent / "data" / "detector" / "images"


def test_a_tile_set_of_no_game_reads_with_the_hand_sizes_of_the_game_it_is_scored_as():
    rec = Recognizer.load(tileset="hk-mahjong")  # taught for no game: scored as tokyo-mahjong
    assert rec.scored_as == "tokyo-mahjong"
    assert (rec.min_tiles, rec.largest_hand) == (13, 14)  # was (0, 0): two hands never said, no second look
    assert rec.copies is None  # a set of no game is still bounded by no game's copies


def test_two_hands_read_with_a_tile_set_of_no_game_are_said():
    rec = Recognizer.load(tileset="hk-mahjong")
    one = cv2.imread(str(HK / "hk-1.jpg"))
    two = np.concatenate([one, one], axis=1)  # two hands side by side, as W2's two_hands photos
    reading = rec.read(two)
    assert len(reading.tiles) > rec.largest_hand
    assert TWO_HANDS in notes_for(None, two, [t.xyxy for t in reading.tiles], rec.largest_hand)


HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def small_hand_in_big_photo(seed: int = 5, tile_px: int = 22) -> tuple[bytes, tuple[float, float, float, float]]:
    """A rendered riichi hand shrunk so its tiles stand ``tile_px`` tall, on a 4032 x 3024 photo of the felt (its
    colour, a room's uneven light, grain): a hand far off on a big table, as W2's 'small' photos (JPEG bytes), and
    where its tiles lie in it (the bounds of their boxes)."""
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", HAND, seed=seed, effects=0.0)
    heights = [t.xyxy[3] - t.xyxy[1] for t in scene.tiles if t.in_hand]
    s = tile_px / float(np.median(heights))
    hand = cv2.resize(scene.image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    felt = np.median(np.concatenate([scene.image[:6].reshape(-1, 3), scene.image[-6:].reshape(-1, 3)]), axis=0)
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:3024, 0:4032].astype(np.float32)
    light = 1.0 + 0.2 * (xx / 4032 - 0.5) + 0.1 * (yy / 3024 - 0.5)
    photo = np.clip(felt[None, None] * light[..., None] + rng.normal(0, 6, (3024, 4032, 3)), 0, 255).astype(np.uint8)
    h, w = hand.shape[:2]
    photo[1400:1400 + h, 2300:2300 + w] = hand
    ok, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 92])
    boxes = np.array([t.xyxy for t in scene.tiles if t.in_hand], np.float64) * s + [2300, 1400, 2300, 1400]
    return data.tobytes(), (*boxes[:, :2].min(axis=0), *boxes[:, 2:].max(axis=0))


@pytest.fixture(scope="module")
def riichi():
    return Recognizer.load(game="tokyo-mahjong")


@pytest.fixture(scope="module")
def far_photo():
    return small_hand_in_big_photo()


@pytest.fixture(scope="module")
def far_hand(far_photo):
    return far_photo[0]


def named_right(kinds: list[str]) -> int:
    """How many of ``kinds`` (read left to right) are ``HAND``'s tile in that place (or the next, one missed)."""
    return sum(k in HAND[i:i + 2] for i, k in enumerate(kinds))


def test_a_small_hand_in_a_big_photo_is_read_at_the_photos_own_size(riichi, far_photo):
    far_hand, (x0, y0, x1, y1) = far_photo
    riichi.look_closer = False
    try:
        before = riichi.read(far_hand)  # shrunk to 1600 px, its 22 px tiles stand 9 px tall: not found
    finally:
        riichi.look_closer = True
    assert len(before.kinds) < 5
    reading = riichi.read(far_hand)
    assert 12 <= len(reading.kinds) <= 15, reading.kinds
    assert named_right(reading.kinds) >= 11, reading.kinds
    assert reading.image_wh == (4032, 3024)
    for t in reading.tiles:  # boxes in the photo's own pixels, where the hand lies
        cx, cy = (t.xyxy[0] + t.xyxy[2]) / 2, (t.xyxy[1] + t.xyxy[3]) / 2
        assert x0 <= cx <= x1 and y0 <= cy <= y1, (t.xyxy, (x0, y0, x1, y1))


def test_a_photo_decoded_shrunk_is_read_closer_from_its_source(riichi, far_hand):
    # what `tilelens read` and the photo page hand the reader: the photo decoded shrunk once, and its file's bytes
    from vision import READ_SIDE
    from vision.image_io import load_image_sized

    img, size = load_image_sized(far_hand, max_side=READ_SIDE)
    assert len(riichi.read(img).kinds) < 5  # the shrunk pixels alone hold no readable hand
    reading = riichi.read(img, source=far_hand)
    assert 12 <= len(reading.kinds) <= 15 and named_right(reading.kinds) >= 11, reading.kinds
    assert reading.image_wh == (img.shape[1], img.shape[0])  # in the pixels of the array given, as callers scale
    assert max(t.xyxy[2] for t in reading.tiles) <= img.shape[1]
    import io

    stream = io.BytesIO(far_hand)
    stream.read()  # a stream read once already is read again from its start
    assert len(riichi.read(img, source=stream).kinds) >= 12
    assert len(riichi.read(img, source=b"not a photo").kinds) < 5  # a source that cannot be decoded: as read


def test_a_photo_of_large_tiles_or_small_is_not_read_again_in_windows(riichi, monkeypatch):
    import vision.closer

    asked = []
    monkeypatch.setattr(vision.closer, "detect_closer", lambda *a, **k: asked.append(1) or pytest.fail("asked"))
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", HAND, seed=5, effects=0.0)
    big = cv2.resize(scene.image, (4032, 4032))  # a whole hand, tiles hundreds of px: read whole
    assert len(riichi.read(big).kinds) >= 13
    assert len(riichi.read(scene.image[:, :320]).kinds) < 13  # half a hand in a small photo: nothing larger to read
    assert not asked


def glared(name: str = "hk-3", index: int = 0) -> tuple[np.ndarray, tuple[float, float]]:
    """A real Hong Kong photo with a lamp's reflection on its ``index``-th labelled tile, as W2's glare photos: a
    saturated blob about a tile across (sigma 0.4 of a tile's long side, +260 at its centre); and its centre."""
    img = cv2.imread(str(HK / f"{name}.jpg"))
    h, w = img.shape[:2]
    rows = [[float(v) for v in r.split()[1:5]] for r in (HK.parent / "labels" / f"{name}.txt").read_text().splitlines()]
    long_side = float(np.median([max(r[2] * w, r[3] * h) for r in rows]))
    x, y = rows[index][0] * w, rows[index][1] * h
    yy, xx = np.mgrid[0:h, 0:w]
    blob = np.exp(-(((xx - x) ** 2 + (yy - y) ** 2) / (2 * (0.4 * long_side) ** 2)))
    return np.clip(img.astype(np.float32) + 260 * blob[..., None], 0, 255).astype(np.uint8), (x, y)


def nearest(reading, xy):
    return min(reading.tiles, key=lambda t: ((t.xyxy[0] + t.xyxy[2]) / 2 - xy[0]) ** 2
               + ((t.xyxy[1] + t.xyxy[3]) / 2 - xy[1]) ** 2)


@pytest.fixture(scope="module")
def hk_set():
    return Recognizer.load(tileset="hk-mahjong")


def test_a_tile_washed_out_by_glare_is_marked_to_check(hk_set, monkeypatch):
    from vision import glare
    from vision.scorable import is_unsure

    photo, centre = glared()
    tile = nearest(hk_set.read(photo), centre)
    assert tile.confidence["glare"] > glare.GLARE_SHARE
    assert is_unsure(tile) and tile.confidence["kind"] <= glare.GLARE_KIND  # the page draws it red, `read` marks ?
    monkeypatch.setattr(glare, "marked", lambda confidence, share: confidence)  # as read before
    silent = nearest(hk_set.read(photo), centre)
    assert silent.kind == "5z" and not is_unsure(silent)  # a bare white face: a sure white dragon, wrongly


def test_clean_photos_and_white_dragons_are_not_taken_for_glare(hk_set, riichi):
    from vision.scorable import is_unsure
    from vision.synth import render_hand

    for name in ("hk-1", "hk-2", "hk-3"):
        assert not any("glare" in t.confidence for t in hk_set.read(HK / f"{name}.jpg").tiles)
    dragons = ["5z"] * 4 + "1m 2m 3m 6z 6z 6z 7z 7z 7z 9p".split()
    for seed in (1, 2):
        reading = riichi.read(render_hand("tokyo-mahjong", dragons, seed=seed, effects=0.0).image)
        whites = [t for t in reading.tiles if t.kind == "5z"]
        assert whites and not any("glare" in t.confidence or is_unsure(t) for t in whites)


def overexposed(name: str, gain: float = 2.5) -> np.ndarray:
    """A real Hong Kong photo overexposed as a whole by a linear ``gain`` (2.5: 1.3 stops over), as R3's bright
    sweep."""
    img = cv2.imread(str(HK / f"{name}.jpg")).astype(np.float32) / 255.0
    return np.clip((img ** 2.2 * gain) ** (1 / 2.2) * 255.0, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("name", ["hk-1", "hk-3"])
def test_a_photo_overexposed_as_a_whole_is_not_marked_for_glare(hk_set, name):
    """R3: clean Hong Kong photos 1.3 stops over had most of their right tiles marked washed out (hk-1 22 of 25,
    hk-3 11 of 15): a face is marked where its print is gone (session 58), and an overexposed face keeps its print."""
    photo = overexposed(name)
    faces = [t for t in hk_set.read(photo).tiles if not t.is_back]
    assert len(faces) >= 13
    assert not [t for t in faces if "glare" in t.confidence]
