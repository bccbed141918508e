"""Box check: harvesting the detector's boxes as tile / back / none, dropping the boxes the check calls
none, the shipped model on a rendered hand, and a smoke run of ``tilelens train boxcheck``."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision.boxcheck import CLASSES, BoxCheck, BoxCheckError, faces_not_nested, harvest
from vision.classifier import Classifier, ClassifierSpec
from vision.cropset import CropDataError
from vision.detections import Detections, yolo_line
from vision.recognizer import Recognizer, default_models_dir

MODELS = default_models_dir()
HK_DATA = Path(__file__).parent / "data" / "detector" / "data.yaml"


class BoxesDetector:
    """Stands in for the detector: the same boxes for every photo (class 0, confidence 0.9)."""

    conf = 0.25  # the detector's own threshold

    def __init__(self, xyxy, class_id=None):
        self.xyxy = np.asarray(xyxy, np.float32).reshape(-1, 4)
        self.class_id = np.zeros(len(self.xyxy), np.int64) if class_id is None else np.asarray(class_id)

    def detect(self, image, conf=None, zoom=False):
        return Detections(self.xyxy, np.full(len(self.xyxy), 0.9, np.float32), self.class_id)


def _photo(tmp_path: Path, boxes: list[tuple[int, list[float]]], name="a.jpg", wh=(200, 100)) -> Path:
    (tmp_path / "images").mkdir(exist_ok=True)
    (tmp_path / "labels").mkdir(exist_ok=True)
    path = tmp_path / "images" / name
    cv2.imwrite(str(path), np.full((wh[1], wh[0], 3), 128, np.uint8))
    (tmp_path / "labels" / name).with_suffix(".txt").write_text(
        "\n".join(yolo_line(c, b, *wh) for c, b in boxes) + "\n")
    return path


def test_harvest_labels_detector_boxes_by_the_tile_they_overlap_and_the_rest_none(tmp_path):
    photo = _photo(tmp_path, [(0, [10, 10, 40, 60]), (1, [100, 10, 130, 60])])
    det = BoxesDetector([[12, 10, 42, 60], [101, 12, 131, 62], [60, 70, 90, 98], [30, 10, 60, 60]])
    crops = harvest([photo], ["1m", "back"], det, size=32, keep_matched=1.0, progress=False)
    # labelled boxes first (a face, a back), then the two detector boxes on them, then two extras:
    # one on empty table, one astride the face and the gap (IoU 0.2 with the face: an extra in eval)
    assert [crops.classes[i] for i in crops.labels] == ["tile", "back", "tile", "back", "none", "none"]
    assert crops.images.shape == (6, 32, 32, 3) and list(crops.classes) == list(CLASSES)
    positives = harvest([photo], ["1m", "back"], det, size=32, negatives=False, keep_matched=1.0,
                        progress=False)
    assert "none" not in [positives.classes[i] for i in positives.labels] and len(positives) == 4


def test_harvest_names_a_label_beyond_the_class_names(tmp_path):
    photo = _photo(tmp_path, [(5, [10, 10, 40, 60])])
    with pytest.raises(CropDataError, match="class 5 is beyond the 2 names"):
        harvest([photo], ["1m", "back"], BoxesDetector([]), progress=False)


class BrightnessCheck:
    """A stand-in box-check network: a bright crop is a tile, a dark one is none."""

    def __init__(self):
        self.spec = ClassifierSpec.for_classes(list(CLASSES), [{}, {}, {}], crop_size=16, margin=0.0)

    def run(self, crops):
        bright = crops.reshape(len(crops), -1).mean(1) / 255.0
        logits = np.stack([8 * (bright - 0.5), np.full(len(crops), -4.0), 8 * (0.5 - bright)], 1)
        return {"kind": logits.astype(np.float32)}


def _half_bright_image():
    image = np.zeros((100, 200, 3), np.uint8)
    image[:, :100] = 230
    return image


def test_filter_drops_boxes_called_none_and_keeps_the_rest_with_their_box_confidence():
    check = BoxCheck(BrightnessCheck(), threshold=0.5)
    det = Detections(np.array([[10, 10, 40, 60], [120, 10, 150, 60], [60, 10, 90, 60]], np.float32),
                     np.array([0.9, 0.8, 0.7], np.float32), np.array([0, 1, 0]), {"n": np.arange(3)})
    kept = check.filter(_half_bright_image(), det)
    assert kept.data["n"].tolist() == [0, 2]
    assert np.all(kept.data["box"] > 0.9) and kept.confidence.tolist() == pytest.approx([0.9, 0.7])
    assert len(check.filter(_half_bright_image(), Detections.empty())) == 0


def test_a_box_goes_when_its_none_probability_reaches_the_threshold():
    check = BoxCheck(BrightnessCheck(), threshold=0.7)
    assert check.keeps(np.array([0.0, 0.69, 0.7, 0.95])).tolist() == [True, True, False, False]


def test_filter_keeps_the_surer_of_two_face_boxes_one_inside_the_other_and_leaves_backs_alone():
    check = BoxCheck(BrightnessCheck(), threshold=0.5)
    det = Detections(np.array([[10, 10, 60, 90], [35, 10, 60, 90],   # a tile and its right half
                               [62, 10, 98, 90],                     # the next tile, touching
                               [110, 10, 150, 90], [110, 40, 150, 90]], np.float32),  # a back on a back
                     np.array([0.9, 0.5, 0.6, 0.8, 0.7], np.float32), np.array([0, 0, 0, 1, 1]),
                     {"n": np.arange(5)})
    image = np.full((100, 200, 3), 230, np.uint8)
    assert check.filter(image, det).data["n"].tolist() == [0, 2, 3, 4]
    surer_half = Detections(det.xyxy[:2], np.array([0.4, 0.9], np.float32), det.class_id[:2])
    assert check.filter(image, surer_half).xyxy[:, 0].tolist() == [35.0]


def test_recognizer_reads_only_the_boxes_the_check_keeps():
    clf = Classifier.load(MODELS / "classifier-nogizaka.onnx")
    det = BoxesDetector([[10, 10, 40, 60], [120, 10, 150, 60], [60, 10, 90, 60]], [0, 0, 1])
    reading = Recognizer(det, clf, game="nogizaka", boxcheck=BoxCheck(BrightnessCheck())).read(
        _half_bright_image())
    assert [t.xyxy[0] for t in reading.tiles] == [10.0, 60.0]
    assert [t.is_back for t in reading.tiles] == [False, True]
    assert all(t.confidence["box"] > 0.9 for t in reading.tiles)
    assert "box" not in Recognizer(det, clf).read(_half_bright_image()).tiles[0].confidence


def test_a_game_classifier_is_not_a_box_check():
    with pytest.raises(BoxCheckError, match="not a box-check model"):
        BoxCheck.load(MODELS / "classifier-nogizaka.onnx")


@pytest.mark.skipif(not (MODELS / "boxcheck.onnx").is_file(), reason="no shipped box check")
def test_shipped_check_keeps_the_tiles_of_a_rendered_hand_and_drops_bare_table():
    from vision.synth import render_hand

    hand = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z", "7z"]
    scene = render_hand("tokyo-mahjong", hand, seed=11, layout="flat")
    boxes = np.array([t.xyxy for t in scene.tiles], np.float32)
    check = BoxCheck.load(MODELS / "boxcheck.onnx")
    assert np.all(check.none_prob(scene.image, boxes) < check.threshold)
    # the same boxes moved well below the hand, where there is only table
    shift = boxes[:, 3].max() + 2 * (boxes[:, 3] - boxes[:, 1]).max() - boxes[:, 1]
    empty = boxes + np.stack([np.zeros_like(shift), shift, np.zeros_like(shift), shift], 1)
    empty = empty[empty[:, 3] < scene.image.shape[0]]
    assert len(empty) and np.mean(check.none_prob(scene.image, empty) >= check.threshold) >= 0.8


def test_train_boxcheck_smoke_run_exports_a_loadable_model(tmp_path):
    onnx = tmp_path / "bc.onnx"
    rc = tilelens(["train", "boxcheck", "--data", str(HK_DATA), "--out", str(tmp_path / "run"),
                   "--onnx", str(onnx), "--minutes", "0.02", "--threshold", "0.7"])
    assert rc == 0
    check = BoxCheck.load(onnx)
    assert check.threshold == 0.7 and check.classifier.spec.classes == CLASSES
    assert (tmp_path / "run" / "crops.npz").is_file()


def test_train_boxcheck_names_a_missing_data_file(tmp_path, capsys):
    rc = tilelens(["train", "boxcheck", "--data", str(tmp_path / "nope.yaml")])
    assert rc == 2 and "data file not found" in capsys.readouterr().err


def test_eval_keeps_what_the_check_keeps_and_ranks_boxes_by_both_stages(tmp_path):
    from vision.evaluate import TilelensSystem

    system = TilelensSystem(None, None, boxcheck=False)
    system.detector = BoxesDetector([[10, 10, 40, 60], [120, 10, 150, 60]])
    system.boxcheck = BoxCheck(BrightnessCheck())
    photo = tmp_path / "half.png"
    cv2.imwrite(str(photo), _half_bright_image())
    reading = system.read(photo)
    assert reading.kept.xyxy[:, 0].tolist() == [10.0]
    # ranked for mAP: the detector's 0.9 times p(tile or back); the dark box sinks to the bottom
    assert reading.ranked.confidence[0] == pytest.approx(0.9, abs=0.02) and reading.ranked.confidence[1] < 0.05


def test_eval_ranks_a_face_box_inside_a_surer_one_out_as_the_reader_drops_it(tmp_path):
    from vision.evaluate import TilelensSystem

    system = TilelensSystem(None, None, boxcheck=False)
    system.boxcheck = BoxCheck(BrightnessCheck())
    # a bright tile with its right half boxed again: the half goes from the ranking, as from the reading
    system.detector = BoxesDetector([[10, 10, 60, 90], [35, 20, 60, 80]])
    assert system.ranked(_half_bright_image()).xyxy[:, 0].tolist() == [10.0]


def test_only_the_boxes_the_reader_keeps_make_a_nested_face_box_go():
    det = Detections(np.array([[0, 0, 40, 40], [5, 5, 35, 35], [100, 0, 140, 40], [105, 5, 135, 35]], np.float32),
                     np.array([0.9, 0.5, 0.9, 0.5], np.float32), np.array([0, 0, 1, 1]))
    assert faces_not_nested(det, det.confidence).tolist() == [True, False, True, True]  # backs left alone
    read = np.array([False, True, True, True])
    assert faces_not_nested(det, det.confidence, suppressors=read).tolist() == [True, True, True, True]
