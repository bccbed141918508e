"""The photo helpers of the score page: decode and shrink, blur check, hand order, boxes drawn."""
import io
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image

from app.components.photo import (WORK_SIDE, PhotoReading, PhotoTile, boxed, decode, is_blurry, place_labels,
                                  shrink, to_photo_tiles)
from scorer import TilelensInputError


def jpeg(w, h, colour=(40, 120, 60)):
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, format="JPEG")
    return buf.getvalue()


def test_huge_photo_is_shrunk():
    image, original = decode(jpeg(6000, 4500))
    assert max(image.shape[:2]) == WORK_SIDE and original == (6000, 4500)
    small, original = decode(jpeg(800, 600))
    assert small.shape[:2] == (600, 800)


@pytest.mark.parametrize("data, words", [(b"", "empty"), (b"hello, not a photo" * 20, "not an image"),
                                         (jpeg(300, 200)[:400], "cut short")])
def test_bad_uploads_raise_one_clear_error(data, words):
    with pytest.raises(TilelensInputError, match=words):
        decode(data)


def test_blur_check_tells_a_blurred_photo_from_a_sharp_one():
    import cv2

    rng = np.random.default_rng(0)
    sharp = (rng.random((480, 640, 3)) > 0.5).astype(np.uint8) * 255
    assert not is_blurry(sharp)
    assert is_blurry(cv2.GaussianBlur(sharp, (0, 0), 8))


def test_shrink_keeps_the_aspect_ratio():
    assert shrink(np.zeros((3200, 1600, 3), np.uint8), 1600).shape == (1600, 800, 3)


def test_tiles_keep_the_hand_order_read_with_alternatives_and_confidence():
    # read from across the table: the owner's leftmost tile lies at the photo's right, and comes first
    read = SimpleNamespace(tiles=[
        SimpleNamespace(xyxy=(300, 0, 350, 60), kind="b", confidence={"detection": 0.9, "kind": 0.4},
                        alternatives=(("b", 0.4), ("c", 0.3)), is_back=False),
        SimpleNamespace(xyxy=(10, 0, 60, 60), kind="a", confidence={"detection": 0.95, "kind": 0.99},
                        alternatives=(), is_back=False)])
    tiles = to_photo_tiles(read)
    assert [t.kind for t in tiles] == ["b", "a"]
    assert tiles[0].low and not tiles[1].low
    assert tiles[0].alternatives == ("c",)  # the read kind itself is not offered again


def test_boxes_are_drawn_green_when_sure_and_red_when_not():
    image = np.full((200, 300, 3), 128, np.uint8)
    tiles = (PhotoTile((20, 80, 80, 180), "a", 0.99), PhotoTile((150, 80, 210, 180), "b", 0.2))
    out = np.asarray(boxed(image, tiles, ["A", "B"]))
    left, right = out[130, 20], out[130, 150]
    assert left[1] > 100 and left[0] < 50 and left[1] > left[2]  # green edge
    assert right[0] > 120 and right[1] < 50 and right[2] < 50  # red edge
    assert (out[130, 50] == 128).all()        # the face inside is left alone


def test_removing_a_tile_drops_its_box_and_keeps_backs():
    tiles = (PhotoTile((0, 0, 10, 10), "a", 0.9), PhotoTile((20, 0, 30, 10), "x", 0.9, is_back=True),
             PhotoTile((40, 0, 50, 10), "b", 0.9), PhotoTile((60, 0, 70, 10), "c", 0.9))
    reading = PhotoReading(np.zeros((10, 80, 3), np.uint8), tiles, (80, 10))
    assert reading.hand == ["a", "b", "c"]
    assert reading.without(1).hand == ["a", "c"] and len(reading.without(1).tiles) == 3


def test_a_faint_box_is_low_even_when_its_kind_is_sure():
    assert PhotoTile((0, 0, 1, 1), "a", 0.99, detection=0.1).low
    assert not PhotoTile((0, 0, 1, 1), "a", 0.99, detection=0.5).low


def test_a_face_crop_is_the_photo_around_that_face_up_tile():
    image = np.zeros((40, 100, 3), np.uint8)
    image[10:30, 40:60] = (200, 10, 10)  # the second face-up tile (a back lies between)
    tiles = (PhotoTile((0, 10, 20, 30), "a", 0.9), PhotoTile((20, 10, 38, 30), "x", 0.9, is_back=True),
             PhotoTile((40, 10, 60, 30), "b", 0.9))
    reading = PhotoReading(image, tiles, (100, 40))
    crop = reading.face_crop(1)
    assert crop.shape[:2] == (20, 20)  # the box alone (outlined at its edge)
    assert (crop[10, 10] == (200, 10, 10)).all()
    assert reading.face_crop(2) is None and reading.face_crop(-1) is None


def test_small_tiles_are_told_by_the_median_face_up_box_not_by_a_back_or_one_odd_box():
    def reading(heights, back_height=None):
        tiles = [PhotoTile((30.0 * i, 0, 30.0 * i + 20, h), "a", 0.9) for i, h in enumerate(heights)]
        if back_height:
            tiles.append(PhotoTile((900, 0, 920, back_height), "x", 0.9, is_back=True))
        return PhotoReading(np.zeros((200, 1000, 3), np.uint8), tuple(tiles), (1000, 200))

    assert reading([40, 42, 44]).small_tiles and reading([40, 42, 44]).tile_height == 42
    assert not reading([40, 90, 95]).small_tiles  # one small box among large ones: the tiles are large
    assert not reading([60, 62], back_height=10).small_tiles  # a back's box does not count
    assert not reading([]).small_tiles  # no tiles: "no tiles found" says it instead


def test_labels_of_tiles_on_a_slant_do_not_cover_each_other():
    # Five tiles photographed on a slant: their boxes overlap, so a label above each one at its left edge
    # would lie across the next one's label.
    boxes = [(25 * i, 10 + 12 * i, 25 * i + 40, 70 + 12 * i) for i in range(5)]
    spots = place_labels(boxes, [(38, 12)] * 5, (200, 200))
    for i, (x0, y0, x1, y1) in enumerate(spots):
        assert (x1 - x0, y1 - y0) == (38, 12)
        assert 0 <= x0 and x1 <= 200 and 0 <= y0 and y1 <= 200
        bx0, by0, bx1, by1 = boxes[i]  # beside its own tile: touching the box grown by the gap
        assert x0 <= bx1 and x1 >= bx0 and y0 <= by1 + 2 and y1 >= by0 - 2
        for other in spots[i + 1:]:
            assert min(x1, other[2]) <= max(x0, other[0]) or min(y1, other[3]) <= max(y0, other[1])


def test_a_label_goes_above_its_tile_when_there_is_room():
    assert place_labels([(50, 50, 90, 110)], [(30, 10)], (200, 200)) == [(50, 38, 80, 48)]
    assert place_labels([(50, 5, 90, 65)], [(30, 10)], (200, 200)) == [(50, 67, 80, 77)]  # no room: below


def test_photo_melds_follow_the_hand_as_corrected_and_skip_backs_and_foreign_tiles():
    from app.components.photo import photo_melds

    def tile(x, kind, **kw):
        return PhotoTile((x, 0.0, x + 28, 40.0), kind, 0.9, **kw)

    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    tiles = [tile(30.0 * i, k) for i, k in enumerate(hand)]
    tiles.append(tile(335.0, "f1", foreign=True))  # a flower a Hong Kong set reads: not the hand's
    tiles += [tile(420.0, "back", is_back=True), tile(450.0, "2z"), tile(480.0, "2z"), tile(510.0, "back", is_back=True)]
    reading = PhotoReading(np.zeros((60, 560, 3), np.uint8), tuple(tiles))
    assert reading.hand == hand + ["2z", "2z"]
    assert photo_melds(reading, reading.hand) == (("ankan:2222z", (11, 12)),)
    corrected = hand + ["2z", "3z"]  # a person set the kan's second face to 3z: no kan any more
    assert photo_melds(reading, corrected) == ()
    added = hand[:10] + ["2z", "2z", "1z"]  # the last 1z's box was missed and the player added it
    without_box = PhotoReading(reading.image_rgb, tuple(t for i, t in enumerate(tiles) if i != 10))
    assert photo_melds(without_box, added) == (("ankan:2222z", (10, 11)),)


def fake_reader(upright, boxes):
    tiles = [SimpleNamespace(xyxy=b, kind=k, confidence={"detection": 0.9, "kind": 0.9}, alternatives=(), is_back=False)
             for b, k in zip(boxes, "ab")]
    return SimpleNamespace(read=lambda image, source=None: SimpleNamespace(tiles=tiles, upright=upright))


def test_a_photo_read_turned_half_round_is_shown_the_right_way_up_with_its_boxes():
    from app.components.photo import read_image

    image = np.zeros((60, 100, 3), np.uint8)
    image[5, 10] = (0, 0, 255)  # a red mark near the top left
    half = np.array([[-1.0, 0, 100], [0, -1.0, 60]])
    shown = read_image(image, (100, 60), fake_reader(half, [(80, 10, 90, 30), (60, 10, 70, 30)]))
    assert (shown.image_rgb[54, 89] == (255, 0, 0)).all()  # now near the bottom right
    assert [t.xyxy for t in shown.tiles] == [(10, 30, 20, 50), (30, 30, 40, 50)]  # the owner's left first
    assert shown.upright is None  # the shown photo is the owner's view
    as_taken = read_image(image, (100, 60), fake_reader(None, [(80, 10, 90, 30), (60, 10, 70, 30)]))
    assert (as_taken.image_rgb[5, 10] == (255, 0, 0)).all() and as_taken.tiles[0].xyxy == (80, 10, 90, 30)


def test_a_photo_read_turned_75_degrees_is_shown_a_quarter_turned_and_keeps_the_rest_of_the_turn():
    import cv2

    from app.components.photo import read_image
    from vision.level import quarter_turns

    image = np.zeros((60, 100, 3), np.uint8)
    turn = cv2.getRotationMatrix2D((50, 30), 75, 1.0)  # what vision.level.level_photo would turn it by
    shown = read_image(image, (100, 60), fake_reader(turn, [(10, 10, 20, 40), (10, 40, 20, 50)]))
    assert shown.image_rgb.shape == (100, 60, 3)  # a quarter anticlockwise: (x, y) -> (y, 100 - x)
    assert [t.xyxy for t in shown.tiles] == [(10, 80, 40, 90), (40, 80, 50, 90)]
    assert quarter_turns(shown.upright) == 0
    assert np.isclose(np.degrees(np.arctan2(shown.upright[0, 1], shown.upright[0, 0])), -15)


def test_tilelens_read_and_the_photo_page_read_a_phone_sized_photo_alike(tmp_path):
    # both read a photo at vision.READ_SIDE: the same tiles, the command's boxes in the photo's own pixels
    # (the command used to read it at 4096 px: other boxes, and half as fast again)
    import cv2

    from app.components.photo import read_photo
    from vision import READ_SIDE
    from vision.recognizer import Recognizer

    photo = Path(__file__).parents[1] / "vision" / "data" / "detector" / "images" / "hk-1.jpg"
    image = cv2.imread(str(photo))
    side = 4000
    big = cv2.resize(image, (side, round(image.shape[0] * side / image.shape[1])), interpolation=cv2.INTER_CUBIC)
    path = tmp_path / "phone.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 95])
    rec = Recognizer.load(tileset="hk-mahjong")
    command = rec.read(path)
    page = read_photo(path.read_bytes(), rec)
    assert max(page.image_rgb.shape[:2]) == READ_SIDE and command.turned == page.turned == 0
    assert command.image_wh == (big.shape[1], big.shape[0]) and len(command.tiles) >= 10
    assert [t.kind for t in command.tiles] == [t.kind for t in page.tiles]
    scale = big.shape[1] / page.image_rgb.shape[1]
    np.testing.assert_allclose([t.xyxy for t in command.tiles], np.array([t.xyxy for t in page.tiles]) * scale,
                               rtol=1e-4, atol=1e-2)
