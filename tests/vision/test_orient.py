"""vision.orient: which way up a hand stands, tile by tile and by the hand's vote, and the recognizer
reading a hand photographed from across the table as its owner sees it."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from fakes import BrightnessSession, _Output
from tilelens.cli import main as tilelens
from vision.classifier import Classifier, ClassifierSpec
from vision.cropset import CropSet
from vision.detections import Detections
from vision.level import quarter_turns
from vision.orient import CLASSES, MIN_TILES, Orientation, OrientationError, both_ways, vote
from vision.read_cli import format_reading
from vision.recognizer import Recognizer, default_models_dir

HK_DATA = Path(__file__).parent / "data" / "detector" / "data.yaml"


class TopHeavySession:
    """A stand-in orientation network: a crop whose lower half is brighter than its upper half stands
    upside down (log odds 20 x the difference, 0..1 pixels)."""

    def get_outputs(self):
        return [_Output("kind"), _Output("embedding")]

    def run(self, _names, feed):
        x = feed["crops"]  # (n, 3, S, S) RGB 0..1
        half = x.shape[2] // 2
        diff = x[:, :, half:].mean((1, 2, 3)) - x[:, :, :half].mean((1, 2, 3))
        return [np.stack([np.zeros_like(diff), 20 * diff], 1), np.stack([diff, diff], 1)]


def orientation(threshold: float = 2.0) -> Orientation:
    spec = ClassifierSpec.for_classes(list(CLASSES), [{}, {}], crop_size=16, margin=0.0)
    return Orientation(Classifier(TopHeavySession(), spec, "fake", views=((1.0, 0.0, 0.0),)), threshold)


def tile_photo(xs, bright_half: str, size=(640, 480), tile=(30, 40), y=200, dim_first=False) -> np.ndarray:
    """Grey tiles at ``xs``, each with one half (``top``, ``bottom``, ``left`` or ``right``) bright: where
    its face's top is. ``dim_first``: the first tile darker all over (another kind)."""
    image = np.zeros((size[1], size[0], 3), np.uint8)
    w, h = tile
    for i, x in enumerate(xs):
        grey, bright = (70, 120) if dim_first and i == 0 else (150, 250)
        image[y:y + h, x:x + w] = grey
        part = {"top": (slice(y, y + h // 2), slice(x, x + w)), "bottom": (slice(y + h // 2, y + h), slice(x, x + w)),
                "left": (slice(y, y + h), slice(x, x + w // 2)), "right": (slice(y, y + h), slice(x + w // 2, x + w))}
        image[part[bright_half]] = bright
    return image


def test_both_ways_adds_each_crop_turned_half_round_as_upside_down():
    images = np.random.default_rng(0).integers(0, 255, (3, 8, 8, 3), np.uint8)
    crops = CropSet(images, np.zeros(3, np.int64), ["upright"], np.array(["a", "b", "c"]))
    both = both_ways(crops)
    assert both.classes == list(CLASSES) and both.labels.tolist() == [0, 0, 0, 1, 1, 1]
    assert np.array_equal(both.images[:3], images)
    assert np.array_equal(both.images[3:], np.rot90(images, 2, axes=(1, 2)))  # a half turn, not a mirror
    assert both.groups.tolist() == ["a", "b", "c"] * 2


def test_vote_is_the_mean_log_odds_and_no_tile_decides_alone():
    assert vote(np.array([0.5, 0.5])) == pytest.approx(0.0)
    assert vote(np.array([0.9, 0.1])) == pytest.approx(0.0)
    assert vote(np.array([1.0, 0.5, 0.5, 0.5])) == pytest.approx(np.log(9999) / 4, rel=1e-3)


@pytest.mark.parametrize("bright, quarters, down", [("top", 0, False), ("bottom", 0, True), ("top", 2, True),
                                                    ("right", 1, False), ("right", 3, True), ("left", 1, True)])
def test_each_tile_is_seen_as_it_stands_in_the_frame_of_the_reading(bright, quarters, down):
    image = tile_photo([100, 200], bright)
    boxes = np.array([[100, 200, 130, 240], [200, 200, 230, 240]], float)
    if bright in ("left", "right"):  # a tile lying on its side: its box is wider than tall
        image = tile_photo([100, 200], bright, tile=(40, 30))
        boxes = np.array([[100, 200, 140, 230], [200, 200, 240, 230]], float)
    p = orientation().p_upside_down(image, boxes, quarters)
    assert p.shape == (2,) and (np.all(p > 0.9) if down else np.all(p < 0.1))


def test_a_hand_is_turned_only_with_enough_faces_and_a_clear_vote():
    o = orientation(threshold=2.0)
    assert not o.upside_down(np.full(MIN_TILES - 1, 0.999))
    assert o.upside_down(np.full(MIN_TILES, 0.99))  # log odds 4.6
    assert not o.upside_down(np.full(MIN_TILES, 0.8))  # log odds 1.4: not sure enough
    assert not o.upside_down(np.zeros(0))


def test_load_refuses_a_model_that_is_not_an_orientation_model():
    with pytest.raises(OrientationError, match="not an orientation model"):
        Orientation.load(default_models_dir() / "boxcheck.onnx")
    with pytest.raises(OrientationError, match=r"no such file: .*nowhere\.onnx \(an orientation model\)"):
        Orientation.load(default_models_dir() / "nowhere.onnx")


class BlobDetector:
    """The upright box of every bright blob; ``limit`` boxes at most from the second call on."""

    def __init__(self, limit: int | None = None):
        self.calls, self.limit = 0, limit

    def detect(self, image, conf=None, zoom=False):
        self.calls += 1
        n, _, stats, _ = cv2.connectedComponentsWithStats((image[..., 0] > 40).astype(np.uint8))
        xyxy = np.array([[x, y, x + w, y + h] for x, y, w, h, _ in stats[1:]], np.float32).reshape(-1, 4)
        if self.calls > 1 and self.limit is not None:
            xyxy = xyxy[: self.limit]
        return Detections(xyxy, np.full(len(xyxy), 0.9, np.float32), np.zeros(len(xyxy), np.int64))


def recognizer(detector, orient) -> Recognizer:
    spec = ClassifierSpec.for_classes(["light", "dark"], [{}, {}], crop_size=20, margin=0.0)
    return Recognizer(detector, Classifier(BrightnessSession(), spec, "fake", views=((1.0, 0.0, 0.0),)),
                      orient=orient)


XS = [100, 160, 220, 280, 340, 400]


def test_a_hand_photographed_from_across_the_table_is_read_as_its_owner_sees_it():
    # every tile's top at the bottom of the photo, the photo's leftmost tile dark: the owner's last tile
    photo = tile_photo(XS, "bottom", dim_first=True)
    reading = recognizer(BlobDetector(), orientation()).read(photo)
    assert quarter_turns(reading.upright) == 2
    assert [t.kind for t in reading.tiles] == ["light"] * 5 + ["dark"]
    assert [round(t.xyxy[0]) for t in reading.tiles] == XS[::-1]  # boxes are still the photo's own
    assert reading.turned == 2 and reading.to_dict()["turned"] == 2
    assert "read turned round (photographed from across the table)" in format_reading("p.jpg", reading)
    # without the model: the same tiles, listed from the owner's right, as taken
    plain = recognizer(BlobDetector(), None).read(photo)
    assert plain.upright is None and [t.kind for t in plain.tiles] == ["dark"] + ["light"] * 5
    assert plain.to_dict()["turned"] == 0 and "turned" not in format_reading("p.jpg", plain)


def test_a_hand_standing_upright_is_left_as_read():
    photo = tile_photo(XS, "top", dim_first=True)
    detector = BlobDetector()
    reading = recognizer(detector, orientation()).read(photo)
    assert reading.upright is None and [t.kind for t in reading.tiles] == ["dark"] + ["light"] * 5
    assert detector.calls == 1  # not read again


def test_when_the_turned_photo_finds_fewer_tiles_the_first_reading_stays():
    photo = tile_photo(XS, "bottom", dim_first=True)
    detector = BlobDetector(limit=5)
    reading = recognizer(detector, orientation()).read(photo)
    assert detector.calls == 2 and len(reading.tiles) == 6
    assert reading.upright is None and [t.kind for t in reading.tiles] == ["dark"] + ["light"] * 5


class CardDetector(BlobDetector):
    """The blobs; the one at x 460 (a card beside the row) an unsure box (0.3) as taken and not found at
    all in the photo turned half round."""

    def detect(self, image, conf=None, zoom=False):
        det = super().detect(image, conf)
        if self.calls == 1:
            return Detections(det.xyxy, np.where(det.xyxy[:, 0] >= 450, 0.3, 0.9), det.class_id)
        return det[det.xyxy[:, 2] > 640 - 450]


def test_an_unsure_extra_box_does_not_keep_an_upside_down_hand_as_taken():
    # seven boxes as taken (one an unsure card), six sure ones turned round: the readings are compared by
    # the tiles the detector is sure of, so the hand is read as its owner sees it
    photo = np.maximum(tile_photo(XS, "bottom", dim_first=True), tile_photo([460], "bottom"))
    detector = CardDetector()
    reading = recognizer(detector, orientation()).read(photo)
    assert detector.calls == 2 and quarter_turns(reading.upright) == 2
    assert [t.kind for t in reading.tiles] == ["light"] * 5 + ["dark"]


def test_a_hand_of_too_few_faces_is_never_turned():
    photo = tile_photo(XS[: MIN_TILES - 1], "bottom")
    reading = recognizer(BlobDetector(), orientation()).read(photo)
    assert reading.upright is None and len(reading.tiles) == MIN_TILES - 1


def test_the_shipped_orientation_model_is_loaded_with_the_recognizer():
    path = default_models_dir() / "orient.onnx"
    if not path.is_file():
        pytest.skip("no shipped orientation model")
    rec = Recognizer.load(game="tokyo-mahjong")
    assert rec.orient is not None and rec.orient.classifier.spec.classes == CLASSES
    assert Recognizer.load(game="tokyo-mahjong", orient=False).orient is None


def test_train_orient_smoke_run_exports_a_loadable_model(tmp_path):
    onnx = tmp_path / "orient.onnx"
    rc = tilelens(["train", "orient", "--data", str(HK_DATA), "--out", str(tmp_path / "run"),
                   "--onnx", str(onnx), "--smoke", "--threshold", "3.5"])
    assert rc == 0
    model = Orientation.load(onnx)
    assert model.threshold == 3.5 and model.classifier.spec.classes == CLASSES
    image = cv2.imread(str(next((HK_DATA.parent / "images").glob("*.jpg"))))
    assert model.p_upside_down(image, np.array([[10, 10, 50, 70]], float)).shape == (1,)


def test_train_orient_names_a_missing_data_file(tmp_path, capsys):
    rc = tilelens(["train", "orient", "--data", str(tmp_path / "nope.yaml")])
    assert rc == 2 and "data file not found" in capsys.readouterr().err


def test_a_reading_whose_row_stands_on_end_in_its_frame_is_left_as_it_is():
    from vision.recognizer import HandReading, ReadTile

    # tiles lying on their sides down a column, read as taken: the model knows upright and upside down only
    photo = np.rot90(tile_photo(XS, "bottom"), 1).copy()
    n, _, stats, _ = cv2.connectedComponentsWithStats((photo[..., 0] > 40).astype(np.uint8))
    tiles = [ReadTile((float(x), float(y), float(x + w), float(y + h)), "light") for x, y, w, h, _ in stats[1:]]
    reading = HandReading(tiles, (photo.shape[1], photo.shape[0]))
    detector = BlobDetector()
    assert recognizer(detector, orientation())._owner_side(photo, reading) is reading
    # the same tiles standing upside down in a level row are turned round
    level_row = tile_photo(XS, "bottom")
    n, _, stats, _ = cv2.connectedComponentsWithStats((level_row[..., 0] > 40).astype(np.uint8))
    row = HandReading([ReadTile((float(x), float(y), float(x + w), float(y + h)), "light")
                       for x, y, w, h, _ in stats[1:]], (640, 480))
    assert quarter_turns(recognizer(BlobDetector(), orientation())._owner_side(level_row, row).upright) == 2
    assert detector.calls == 0


def test_tiles_laid_out_upside_down_off_one_row_are_turned_round_too():
    # a hand's row with a few tiles of the table behind it (other rows): the faces still vote as one
    photo = tile_photo(XS, "bottom", dim_first=True)
    for x in (120, 420):
        photo = np.maximum(photo, tile_photo([x], "bottom", y=60))
    reading = recognizer(BlobDetector(), orientation()).read(photo)
    assert len(reading.tiles) == 8 and quarter_turns(reading.upright) == 2
    assert [t.kind for t in reading.tiles][:6] == ["light"] * 5 + ["dark"]  # the hand, from its owner's left
    # a 3 x 3 grid of tiles standing upside down is shown the right way up as well
    grid = np.zeros((480, 640, 3), np.uint8)
    for y in (60, 160, 260):
        grid = np.maximum(grid, tile_photo([100, 200, 300], "bottom", y=y))
    assert quarter_turns(recognizer(BlobDetector(), orientation()).read(grid).upright) == 2


def test_tiles_spread_every_which_way_are_never_turned():
    # nine tiles on a table, five upside down and four upright: no clear vote, no owner's view
    photo = np.zeros((480, 640, 3), np.uint8)
    for i, (x, y) in enumerate((x, y) for y in (60, 160, 260) for x in (100, 200, 300)):
        photo = np.maximum(photo, tile_photo([x], "bottom" if i % 2 == 0 else "top", y=y))
    detector = BlobDetector()
    reading = recognizer(detector, orientation()).read(photo)
    assert len(reading.tiles) == 9 and reading.upright is None and detector.calls == 1


def test_a_person_can_say_which_way_up_a_photo_stands_and_the_model_is_not_asked():
    photo = tile_photo(XS, "top", dim_first=True)  # upright: the owner's first tile dark
    rec = recognizer(BlobDetector(), orientation())
    turned = rec.read_turned(photo, 2)
    assert quarter_turns(turned.upright) == 2 and turned.turned == 2
    assert [t.kind for t in turned.tiles] == ["light"] * 5 + ["dark"]
    assert [round(t.xyxy[0]) for t in turned.tiles] == XS[::-1]  # boxes in the photo's own pixels
    # a photo standing upside down, told to be read as taken: left as taken, though the model says otherwise
    across = tile_photo(XS, "bottom", dim_first=True)
    assert quarter_turns(rec.read(across).upright) == 2
    as_taken = rec.read_turned(across, 0)
    assert as_taken.upright is None and [t.kind for t in as_taken.tiles] == ["dark"] + ["light"] * 5


def test_the_help_of_train_orient_says_what_it_trains_in_a_whole_sentence(capsys):
    """Its description was the module docstring's first line, cut off at "whether a face stands upright or"."""
    import pytest

    from vision.orient import train_main

    with pytest.raises(SystemExit) as done:
        train_main(["--help"])
    assert done.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "whether a face stands upright or upside down" in said
    assert "or options:" not in said  # the sentence no longer stops mid-way before the options
