"""vision.level: a slanted row of tiles found, turned level, and its boxes paired again."""
import cv2
import numpy as np
import pytest

from fakes import BrightnessSession
from vision.classifier import Classifier, ClassifierSpec, softmax
from vision.detections import Detections, box_iou
from vision.level import (LEVEL_MIN_DEG, SIDEWAYS_DEG, extras_beside_row, level_photo, match_boxes, row_angle,
                          to_turned)
from vision.recognizer import HandReading, ReadTile, Recognizer, surer


def row_of_boxes(angle: float, n: int = 8, step: float = 40.0, start=(60.0, 300.0), half=(12.0, 16.0)):
    """Upright boxes whose centres lie ``step`` apart along a line ``angle`` degrees off level."""
    t = np.radians(angle)
    centres = np.array(start) + np.outer(np.arange(n) * step, [np.cos(t), np.sin(t)])
    return np.concatenate([centres - half, centres + half], 1)


@pytest.mark.parametrize("angle", [-60.0, -40.0, -12.0, 0.0, 25.0, 89.0])
def test_row_angle_is_the_slant_of_the_row(angle):
    assert row_angle(row_of_boxes(angle)) == pytest.approx(angle, abs=1e-6)


def test_row_angle_is_zero_without_a_clear_row():
    grid = np.array([[x, y, x + 20, y + 30] for x in (0, 40, 80) for y in (0, 50, 100)], float)
    assert row_angle(grid) == 0.0
    assert row_angle(row_of_boxes(30.0, n=3)) == 0.0  # too few tiles to make a row
    assert row_angle(np.zeros((0, 4))) == 0.0
    # a row with a tile lying a little off it is still a row
    bent = row_of_boxes(30.0)
    bent[3] += 6
    assert row_angle(bent) == pytest.approx(30.0, abs=2.0)


@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_level_photo_lays_the_row_level_and_keeps_every_pixel(scale):
    image = np.zeros((480, 640, 3), np.uint8)
    boxes = row_of_boxes(-35.0, n=10)
    for x1, y1, x2, y2 in boxes.astype(int):
        image[y1:y2, x1:x2] = 255
    turned, m = level_photo(image, row_angle(boxes), scale)
    centres = np.stack([boxes[:, 0] + boxes[:, 2], boxes[:, 1] + boxes[:, 3]], 1) / 2
    moved = centres @ m[:, :2].T + m[:, 2]
    assert np.ptp(moved[:, 1]) < 0.5  # the row now lies level
    assert np.all(np.diff(moved[:, 0]) == pytest.approx(40.0 * scale))  # in the same order, as far apart
    for x, y in moved.round().astype(int):
        assert turned[y, x].min() >= 250  # each tile is where the matrix says
    h, w = image.shape[:2]
    corners = np.array([[0, 0], [w, 0], [0, h], [w, h]], float) @ m[:, :2].T + m[:, 2]
    assert corners.min() >= -1 and np.all(corners.max(0) <= np.array(turned.shape[1::-1]) + 1)
    assert turned.shape[0] > h * scale and turned.shape[1] > w * scale
    assert turned.shape[1] <= (w * 0.82 + h * 0.58) * scale + 2  # shrunk as asked (cos, sin of 35 degrees)


def test_match_boxes_pairs_each_tile_with_its_box_in_the_turned_photo():
    boxes = row_of_boxes(30.0, n=6)
    _, m = level_photo(np.zeros((480, 640, 3), np.uint8), 30.0)
    centres = np.stack([boxes[:, 0] + boxes[:, 2], boxes[:, 1] + boxes[:, 3]], 1) / 2 @ m[:, :2].T + m[:, 2]
    found = np.concatenate([centres - 10, centres + 10], 1)  # tighter boxes, as around a level tile
    order = np.array([4, 0, 5, 2, 1])  # tile 3 not found again, and the boxes found in another order
    stray = np.array([[0.0, 0.0, 20.0, 20.0]])
    pick = match_boxes(boxes, np.concatenate([found[order], stray]), m)
    assert pick.tolist() == [1, 4, 3, -1, 0, 2]
    # two tiles near one box found: the nearer has it, the other none
    twin = boxes[[0]] + 3
    assert match_boxes(np.concatenate([boxes[[0]], twin]), found[[0]], m).tolist() == [0, -1]
    assert match_boxes(boxes, np.zeros((0, 4)), m).tolist() == [-1] * 6


SPEC = ClassifierSpec.for_classes(["light", "dark"], [{}, {}], crop_size=20, margin=0.0)


def test_classify_averages_in_a_second_look_at_each_tile():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    white, grey = np.full((40, 80, 3), 255, np.uint8), np.full((40, 80, 3), 191, np.uint8)
    boxes = np.array([[0, 0, 20, 20], [40, 0, 60, 20]], float)
    p_white, p_grey = softmax(np.array([[2.0, 0.0], [4 * 191 / 255 - 2, 0.0]]))[:, 0]
    alone = clf.classify(white, boxes)
    both = clf.classify(white, boxes, also=(grey, np.array([[0, 0, 20, 20], [np.nan] * 4])))
    assert [g.confidence["kind"] for g in alone] == pytest.approx([p_white] * 2)
    # the first tile is seen white, then grey: the mean of the two looks; the second has no second look
    assert both[0].kind == "light" and both[0].confidence["kind"] == pytest.approx((p_white + p_grey) / 2)
    assert both[1].confidence["kind"] == pytest.approx(p_white)
    with pytest.raises(ValueError, match="1 boxes for 2"):
        clf.classify(white, boxes, also=(grey, boxes[:1]))


class BlobDetector:
    """Stands in for the detector: the upright bounding box of every bright blob, and the shapes of the
    photos it was given."""

    def __init__(self):
        self.shapes = []

    def detect(self, image, zoom=False):
        self.shapes.append(image.shape)
        n, _, stats, _ = cv2.connectedComponentsWithStats((image[..., 0] > 40).astype(np.uint8))
        xyxy = np.array([[x, y, x + w, y + h] for x, y, w, h, _ in stats[1:]], np.float32).reshape(-1, 4)
        return Detections(xyxy, np.full(len(xyxy), 0.9, np.float32), np.zeros(len(xyxy), np.int64))


def slanted_row_photo(angle: float, n: int = 6, wh=(640, 480), start=(120, 300), step: float = 50,
                      tile=(24, 32)) -> np.ndarray:
    """Tiles (``tile`` px) turned by ``angle`` along a row at that angle: the first tile dark grey, the rest white."""
    image = np.zeros((wh[1], wh[0], 3), np.uint8)
    t = np.radians(angle)
    for i in range(n):
        centre = (start[0] + step * i * np.cos(t), start[1] + step * i * np.sin(t))
        corners = cv2.boxPoints((centre, tile, angle)).astype(np.int32)
        cv2.fillConvexPoly(image, corners, (90, 90, 90) if i == 0 else (255, 255, 255))
    return image


def test_read_looks_again_at_a_slanted_row_turned_level():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    photo = slanted_row_photo(-30.0)
    det = BlobDetector()
    levelled = Recognizer(det, clf).read(photo)
    assert len(det.shapes) == 2 and det.shapes[1][:2] != photo.shape[:2]  # found again in the turned photo
    plain_det = BlobDetector()
    plain = Recognizer(plain_det, clf, level_rows=False).read(photo)
    assert len(plain_det.shapes) == 1
    def left_to_right(reading):
        return [t.kind for t in sorted(reading.tiles, key=lambda t: t.xyxy[0])]
    assert left_to_right(levelled) == left_to_right(plain) == ["dark"] + ["light"] * 5
    assert [t.xyxy for t in levelled.tiles] == [t.xyxy for t in plain.tiles]  # boxes from the photo as taken
    # turned level, the white tiles fill their upright boxes: the second look is surer they are light
    for a, b in zip(levelled.tiles, plain.tiles):
        if a.kind == "light":
            assert a.confidence["kind"] > b.confidence["kind"] + 0.1


class MissAndStrayDetector(BlobDetector):
    """In the photo as taken it misses the first tile and finds an unsure stray box on the bare table;
    in the turned photo it finds every tile, surely."""

    def detect(self, image, zoom=False):
        det = super().detect(image)
        if len(self.shapes) > 1:
            return det
        first = int(np.argmin(det.xyxy[:, 0]))
        xyxy = np.concatenate([np.delete(det.xyxy, first, 0), [[500, 40, 530, 80]]]).astype(np.float32)
        conf = np.r_[np.full(len(xyxy) - 1, 0.9), 0.3].astype(np.float32)
        return Detections(xyxy, conf, np.zeros(len(xyxy), np.int64))


def test_the_two_looks_agree_on_the_boxes():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    photo = slanted_row_photo(-30.0)
    truth = BlobDetector().detect(photo).xyxy
    reading = Recognizer(MissAndStrayDetector(), clf).read(photo)
    # the stray box is gone and the missed tile is back, boxed as its upright bounds in the photo as taken
    assert len(reading.tiles) == 6
    boxes = np.array([t.xyxy for t in reading.tiles])
    assert box_iou(boxes, truth).max(1).min() > 0.8
    assert sorted(t.kind for t in reading.tiles) == ["dark"] + ["light"] * 5
    plain = Recognizer(MissAndStrayDetector(), clf, level_rows=False).read(photo)
    assert len(plain.tiles) == 6 and any(t.xyxy[0] == 500 for t in plain.tiles)  # the stray kept, the tile missed


def slanted_column_photo(angle: float = 80.0) -> np.ndarray:
    """A hand photographed from the side: a column of tiles ``angle`` degrees off level, the first dark."""
    return slanted_row_photo(angle, wh=(480, 640), start=(200, 60), step=60, tile=(30, 40))


def test_a_hand_photographed_sideways_is_also_read_in_the_turned_photo():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    photo = slanted_column_photo()
    truth = BlobDetector().detect(photo).xyxy
    det = BlobDetector()
    reading = Recognizer(det, clf).read(photo)
    # found as taken, then in the photo turned level (wider than tall: the column lies level there), whose
    # boxes serve both the second look and the reading of the turned photo whole: the detector runs twice
    assert len(det.shapes) == 2 and det.shapes[1][1] > det.shapes[1][0]
    assert reading.image_wh == (480, 640)
    boxes = np.array([t.xyxy for t in reading.tiles])
    assert box_iou(boxes, truth).max(1).min() > 0.7  # boxes in the photo as taken
    assert [t.kind for t in reading.tiles].count("dark") == 1 and len(reading.tiles) == 6
    assert abs(row_angle(boxes)) > SIDEWAYS_DEG  # they still stand along the column there
    # the frame it was read in: there the boxes lie level, listed left to right
    upright = to_turned(boxes, reading.upright)
    assert abs(row_angle(upright)) < LEVEL_MIN_DEG and list(upright[:, 0]) == sorted(upright[:, 0])
    # the turned read was kept: each upright tile fills its crop, so it is surer than both looks as taken
    as_taken = Recognizer(BlobDetector(), clf)._read(photo, sideways=False)
    assert surer(reading, as_taken)
    light = [t.confidence["kind"] for t in reading.tiles if t.kind == "light"]
    assert min(light) > max(t.confidence["kind"] for t in as_taken.tiles if t.kind == "light") + 0.03


def test_a_column_less_steep_is_not_read_turned_whole():
    det = BlobDetector()
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    Recognizer(det, clf).read(slanted_column_photo(SIDEWAYS_DEG - 5))
    assert len(det.shapes) == 2  # as taken, and the turned photo's second look only


def reading_of(*confidences: float, backs: int = 0) -> HandReading:
    tiles = [ReadTile((0, 0, 1, 1), "1m", {}, {"detection": 0.9, "kind": c}, False, ()) for c in confidences]
    tiles += [ReadTile((0, 0, 1, 1), "back", {}, {"detection": 0.9}, True, ())] * backs
    return HandReading(tiles)


def test_the_surer_reading_has_the_higher_mean_log_confidence():
    assert surer(reading_of(0.9, 0.9, 0.9), reading_of(0.9, 0.9, 0.5))
    assert not surer(reading_of(0.9, 0.9, 0.5), reading_of(0.9, 0.9, 0.9))
    assert not surer(reading_of(0.8, 0.8), reading_of(0.8, 0.8))  # a tie keeps the photo as taken
    # one very unsure tile outweighs a little more sureness on the rest (logs, not confidences, averaged)
    assert not surer(reading_of(1.0, 1.0, 0.01), reading_of(0.7, 0.7, 0.7))
    assert surer(reading_of(0.9, backs=2), reading_of(0.9, 0.9, 0.9))  # a back counts as sure
    assert surer(reading_of(0.5), HandReading([]))  # a reading that found nothing is the least sure


def test_a_large_photo_is_turned_shrunk():
    photo = cv2.resize(slanted_row_photo(-30.0), (3200, 2400), interpolation=cv2.INTER_NEAREST)
    det = BlobDetector()
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    reading = Recognizer(det, clf).read(photo)
    # tiles about 140 px: shrunk to 1600 px (half) they still fill 1.5 crops of 20 px
    assert max(det.shapes[1][:2]) < 0.55 * (3200 * 0.87 + 2400 * 0.5)
    assert sorted(t.kind for t in reading.tiles) == ["dark"] + ["light"] * 5
    assert reading.image_wh == (3200, 2400)


def test_a_row_nearly_level_is_read_once():
    det = BlobDetector()
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    Recognizer(det, clf).read(slanted_row_photo(LEVEL_MIN_DEG - 2))
    assert len(det.shapes) == 1


class UprightDetector(BlobDetector):
    """Finds every tile standing upright (its marked edge at the top) but only one in three upside down,
    as the real detector, which never saw a hand photographed from across the table, misses many."""

    def detect(self, image, zoom=False):
        det = super().detect(image)
        keep = []
        for i, (x0, y0, x1, y1) in enumerate(det.xyxy.astype(int)):
            tile = image[y0:y1, x0:x1, 0].astype(float)
            quarter = max(1, tile.shape[0] // 4)
            upright = tile[:quarter].mean() < tile[-quarter:].mean()
            keep.append(upright or i % 3 == 0)
        return det[np.array(keep, bool)]


def hand_row_photo(n: int = 6) -> np.ndarray:
    """A level row of tiles 24 x 32 px, each with a darker band along its top edge; the first tile grey."""
    image = np.zeros((240, 480, 3), np.uint8)
    for i in range(n):
        x, y = 60 + 50 * i, 100
        image[y:y + 32, x:x + 24] = 110 if i == 0 else 255
        image[y:y + 6, x:x + 24] = 70
    return image


def test_a_photo_short_of_a_hand_is_read_again_turned_half_round():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    upside_down = cv2.rotate(hand_row_photo(), cv2.ROTATE_180)
    truth = BlobDetector().detect(upside_down).xyxy
    assert len(UprightDetector().detect(upside_down)) == 2
    reading = Recognizer(UprightDetector(), clf, min_tiles=5).read(upside_down)
    assert len(reading.tiles) == 6 and reading.image_wh == (480, 240)
    boxes = np.array([t.xyxy for t in reading.tiles])
    assert box_iou(boxes, truth).max(1).min() > 0.95  # boxes in the photo as taken
    # listed as the hand's owner sees it: its first tile (grey) lies at the right of the photo as taken
    assert reading.tiles[0].kind == "dark" and boxes[0, 0] == boxes[:, 0].max()
    assert list(boxes[:, 0]) == sorted(boxes[:, 0], reverse=True)
    assert reading.upright.tolist() == [[-1, 0, 480], [0, -1, 240]]  # the frame it was read in: half round
    upright = to_turned(boxes, reading.upright)
    assert list(upright[:, 0]) == sorted(upright[:, 0]) and box_iou(upright, BlobDetector().detect(
        hand_row_photo()).xyxy).max(1).min() > 0.95  # there the tiles lie where they do in the hand as its owner sees it
    # without a hand size to fall short of, the photo is read once
    assert len(Recognizer(UprightDetector(), clf).read(upside_down).tiles) == 2


def test_a_photo_with_a_whole_hand_is_read_once():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    det = UprightDetector()
    reading = Recognizer(det, clf, min_tiles=5).read(hand_row_photo())
    assert len(det.shapes) == 1 and len(reading.tiles) == 6 and reading.tiles[0].kind == "dark"
    assert reading.upright is None  # read as taken


def test_the_turned_reading_is_kept_only_when_it_finds_more_tiles():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    photo = hand_row_photo(3)  # upright, but fewer tiles than a hand: turned, the detector finds fewer
    det = UprightDetector()
    reading = Recognizer(det, clf, min_tiles=5).read(photo)
    assert len(det.shapes) == 2  # read again turned half round ...
    assert [t.xyxy for t in reading.tiles] == [tuple(float(v) for v in b) for b in BlobDetector().detect(photo).xyxy]


def _hand_row(n: int = 9, slant: float = 0.0) -> np.ndarray:
    """``n`` tile boxes 18 x 24 px side by side, their centres along a row ``slant`` degrees off level."""
    t = np.radians(slant)
    centres = [(100 + 20 * i * np.cos(t), 200 + 20 * i * np.sin(t)) for i in range(n)]
    return np.array([[x - 9, y - 12, x + 9, y + 12] for x, y in centres], np.float64)


CARD = [160, 222, 178, 246]  # a card against the rack, just below the row (its centre 1.3 short sides off)


def test_an_unsure_box_beside_a_full_hand_is_dropped_at_any_slant():
    for slant in (0.0, -25.0):
        row = _hand_row(slant=slant)
        card = row[3] + np.array([0, 1, 0, 1]) * 1.2 * 18 / np.cos(np.radians(slant))
        xyxy = np.vstack([row, card])
        drop = extras_beside_row(xyxy, np.r_[np.full(9, 0.9), 0.6], largest_hand=9)
        assert drop.tolist() == [False] * 9 + [True]


def test_nothing_is_dropped_where_the_photo_holds_no_more_than_a_hand():
    xyxy = np.vstack([_hand_row(8), CARD])  # 8 tiles and a card: 9, a hand's worth; the card may be a tile
    assert not extras_beside_row(xyxy, np.r_[np.full(8, 0.9), 0.6], largest_hand=9).any()


def test_a_sure_box_off_the_row_or_one_on_it_is_kept():
    xyxy = np.vstack([_hand_row(), CARD])
    assert not extras_beside_row(xyxy, np.full(10, 0.9), largest_hand=9).any()  # the detector is sure of it
    on_row = np.vstack([_hand_row(), [280, 188, 298, 212]])  # an unsure box in the row: a tile
    assert not extras_beside_row(on_row, np.r_[np.full(9, 0.9), 0.6], largest_hand=9).any()


def test_a_scene_or_more_strays_than_a_card_or_two_keep_every_box():
    hand, conf = _hand_row(), np.full(9, 0.9)
    three = np.array([CARD, [200, 222, 218, 246], [240, 222, 258, 246]], np.float64)
    assert not extras_beside_row(np.vstack([hand, three]), np.r_[conf, 0.6, 0.6, 0.6], largest_hand=9).any()
    # the hand with tiles of the table behind it: the sure boxes make no one row, and the unsure one stays
    behind = _hand_row(5) + np.array([0, -80, 0, -80])
    scene = np.vstack([hand, behind, CARD])
    assert not extras_beside_row(scene, np.r_[conf, np.full(5, 0.9), 0.6], largest_hand=9).any()
    # more strays than boxes past a hand: one is a tile, so none is dropped
    two = np.array([CARD, [200, 222, 218, 246]], np.float64)
    assert not extras_beside_row(np.vstack([_hand_row(8), two]), np.r_[np.full(8, 0.9), 0.6, 0.6],
                                 largest_hand=9).any()


def test_squashed_boxes_measure_no_row():
    """A labelling tool's squashed shot (boxes far longer than a tile's shape): their short side is no measure."""
    row = _hand_row()
    squashed = np.column_stack([row[:, 0], row[:, 1] * 0.1 + 180, row[:, 2], row[:, 3] * 0.1 + 180 + 60])
    xyxy = np.vstack([squashed, [160, 260, 178, 330]])
    assert not extras_beside_row(xyxy, np.r_[np.full(9, 0.9), 0.6], largest_hand=9).any()


class CardDetector(BlobDetector):
    """Every tile, surely, and an unsure box on a white card lying just below the row."""

    def detect(self, image, zoom=False):
        det = super().detect(image)
        card = det.xyxy[len(det) // 2] + np.array([0, 1, 0, 1], np.float32) * 1.2 * (det.xyxy[0, 3] - det.xyxy[0, 1])
        return Detections(np.vstack([det.xyxy, card]).astype(np.float32), np.r_[det.confidence, 0.6].astype(np.float32),
                          np.zeros(len(det) + 1, np.int64))


def test_a_card_beside_a_full_hand_is_not_read_as_a_tile():
    clf = Classifier(BrightnessSession(), SPEC, "fake", views=((1.0, 0.0, 0.0),))
    photo = slanted_row_photo(0.0, n=9, start=(60, 200), step=40)
    assert len(Recognizer(CardDetector(), clf).read(photo).tiles) == 10  # no game: no hand's size to go by
    assert len(Recognizer(CardDetector(), clf, largest_hand=9).read(photo).tiles) == 9
    assert len(Recognizer(CardDetector(), clf, largest_hand=10).read(photo).tiles) == 10  # room for it in a hand
