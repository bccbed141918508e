"""The ONNX detector: output decoding, letterbox mapping back to original pixels, NMS, and the committed
model finding the tiles of real held-out photos (upright, EXIF-rotated and cropped to non-square)."""
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vision.detections import Detections
from vision.detector import Detector, ModelError, default_model
from vision.eval_metrics import DetectionTally
from vision.image_io import letterbox

DATA = Path(__file__).parent / "data" / "detector"
SAMPLES = sorted((DATA / "images").glob("*.jpg"))


class FakeSession:
    """Stands in for onnxruntime: returns a raw YOLO head with boxes given in model-input pixels."""

    def __init__(self, boxes_cxcywh, scores):
        raw = np.zeros((1, 6, len(boxes_cxcywh)), np.float32)
        raw[0, :4] = np.array(boxes_cxcywh, np.float32).T
        raw[0, 4:] = np.array(scores, np.float32).T
        self.raw = raw
        self.seen_shape = None

    def get_inputs(self):
        return [type("I", (), {"name": "images"})()]

    def run(self, _outputs, feeds):
        self.seen_shape = feeds["images"].shape
        return [self.raw]


def test_boxes_map_back_to_original_pixels_of_a_non_square_photo():
    image = np.zeros((300, 800, 3), np.uint8)  # wide: letterboxed into 416 with pad on top and bottom
    _, lb = letterbox(image, 416)
    truth = np.array([[100, 50, 160, 140], [700, 200, 760, 290]], np.float32)
    inp = lb.to_input(truth)
    cxcywh = np.c_[(inp[:, :2] + inp[:, 2:]) / 2, inp[:, 2:] - inp[:, :2]]
    session = FakeSession(cxcywh, [[0.9, 0.0], [0.1, 0.8]])
    det = Detector(session, 416, {0: "tile", 1: "back"}).detect(image)
    assert session.seen_shape == (1, 3, 416, 416)
    order = np.argsort(det.xyxy[:, 0])
    np.testing.assert_allclose(det.xyxy[order], truth, atol=0.01)
    assert det.class_id[order].tolist() == [0, 1]
    assert det.data["class_name"][order].tolist() == ["tile", "back"]


def test_overlapping_boxes_are_suppressed_across_classes_and_low_scores_dropped():
    boxes = [[100, 100, 40, 60], [102, 101, 40, 60], [300, 100, 40, 60]]
    session = FakeSession(boxes, [[0.9, 0.1], [0.2, 0.7], [0.1, 0.05]])
    det = Detector(session, 416, {0: "tile", 1: "back"}).detect(np.zeros((416, 416, 3), np.uint8))
    # the back box (0.7) overlaps the tile box (0.9): one object, the better one kept; 0.1 is below conf
    assert len(det) == 1 and det.class_id.tolist() == [0]
    assert det.confidence.tolist() == pytest.approx([0.9])


def test_missing_or_broken_model_is_a_clear_error(tmp_path):
    with pytest.raises(ModelError, match="not found"):
        Detector.load(tmp_path / "none.onnx")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"not onnx")
    with pytest.raises(ModelError, match="not a model file onnxruntime can read"):
        Detector.load(bad)


def test_default_detector_follows_tilelens_models(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path))
    assert default_model() == tmp_path / "detector.onnx"
    with pytest.raises(ModelError, match=str(tmp_path / "detector.onnx")):
        Detector.load()


@pytest.fixture(scope="module")
def detector():
    return Detector.load()


def truth_of(image_path, wh=(640, 640)):
    """Truth boxes of a sample, every tile kind as the detector's class 0."""
    raw = Detections.from_yolo_file(DATA / "labels" / (image_path.stem + ".txt"), wh)
    return Detections(raw.xyxy, raw.confidence, np.zeros(len(raw), int))


def recall_at_50(pairs):
    tally = DetectionTally()
    for pred, truth in pairs:
        tally.add(pred, truth)
    return tally.summary()


def test_committed_model_has_the_contract_classes(detector):
    assert default_model().is_file()
    assert detector.names == {0: "tile", 1: "back"}


def test_committed_model_finds_the_tiles_of_held_out_real_photos(detector):
    s = recall_at_50([(detector.detect(p), truth_of(p)) for p in SAMPLES])
    assert s["truth_boxes"] == 54
    assert s["recall"] >= 0.9 and s["precision"] >= 0.9


def test_exif_rotated_photo_gives_boxes_in_upright_pixels(detector):
    # store the pixels turned 90 degrees counter-clockwise with EXIF orientation 6 ("turn clockwise to view")
    sample = SAMPLES[0]
    stored = Image.open(sample).transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    buf = io.BytesIO()
    stored.save(buf, "JPEG", quality=95, exif=exif)
    s = recall_at_50([(detector.detect(buf.getvalue()), truth_of(sample))])
    assert s["recall"] >= 0.9


def test_non_square_crop_gives_boxes_in_its_own_pixels(detector):
    sample = SAMPLES[0]
    full = np.asarray(Image.open(sample))[:, :, ::-1]
    crop = np.ascontiguousarray(full[120:520])  # 640 wide, 400 high
    truth = truth_of(sample)
    inside = (truth.xyxy[:, 1] >= 120) & (truth.xyxy[:, 3] <= 520)
    moved = Detections(truth.xyxy[inside] - np.array([0, 120, 0, 120], np.float32),
                       truth.confidence[inside], truth.class_id[inside])
    pred = detector.detect(crop)
    assert pred.xyxy[:, 3].max() <= 400
    assert recall_at_50([(pred, moved)])["recall"] >= 0.9


HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]


def test_a_hand_photographed_from_a_distance_is_looked_at_again_closer(detector):
    """A rack spanning 30% of a 1600 px photo: at the detector's 544 px its tiles are some 15 px wide, and
    boxes were missed, doubled or loose; the part of the photo around them, read alone, boxes each tile."""
    from vision.detections import box_iou
    from vision.detector import zoom_region
    from vision.synth import render_hand

    matched = {False: 0, True: 0}
    for seed in (1, 2, 3):
        scene = render_hand("tokyo-mahjong", HAND, seed=seed, layout="rack", imgsz=1600, span=(0.3, 0.3))
        truth = np.array([t.xyxy for t in scene.tiles])
        first = detector.detect(scene.image)
        assert zoom_region(first.xyxy[first.confidence >= detector.conf], 1600, 1600, detector.imgsz) is not None
        for zoom in (False, True):
            found = detector.detect(scene.image, zoom=zoom)
            matched[zoom] += int((box_iou(truth, found.xyxy).max(1) >= 0.5).sum())
        closer = detector.detect(scene.image, zoom=True)
        assert len(closer) == 14 and box_iou(truth, closer.xyxy).max(1).mean() > 0.9
    assert matched[True] == 42 and matched[False] < 42


def test_a_hand_that_fills_the_photo_is_read_once(detector, monkeypatch):
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", HAND, seed=1, layout="rack", imgsz=640)
    calls = []
    real = Detector._detect
    monkeypatch.setattr(Detector, "_detect", lambda self, *a: calls.append(a[0].shape) or real(self, *a))
    assert len(detector.detect(scene.image, zoom=True)) == 14 and calls == [(640, 640, 3)]
