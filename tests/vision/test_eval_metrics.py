"""COCO-style AP, matching, precision/recall and identity on hand-made cases."""
import numpy as np
import pytest

from vision.detections import Detections
from vision.eval_errors import photo_errors
from vision.eval_metrics import (IOU_THRESHOLDS, DetectionTally, average_precision, match_image, match_tiles)


def dets(boxes, conf=None, cls=None):
    boxes = np.array(boxes, dtype=float).reshape(-1, 4)
    n = len(boxes)
    return Detections(boxes, np.ones(n) if conf is None else conf, np.zeros(n, int) if cls is None else cls)


TRUTH = dets([[0, 0, 10, 10], [20, 0, 30, 10]])


def test_perfect_predictions_score_one():
    tally = DetectionTally()
    tally.add(dets(TRUTH.xyxy, conf=[0.9, 0.8]), TRUTH)
    s = tally.summary()
    assert s["precision"] == 1 and s["recall"] == 1 and s["map50"] == 1 and s["map50_95"] == 1


def test_half_the_tiles_found_gives_51_of_101_recall_points():
    tally = DetectionTally()
    tally.add(dets([[0, 0, 10, 10]], conf=[0.9]), TRUTH)
    s = tally.summary()
    assert s["recall"] == 0.5 and s["precision"] == 1
    assert s["map50"] == pytest.approx(51 / 101)


def test_a_confident_false_positive_halves_the_precision_envelope():
    # ranked: FP (0.9) then TP (0.8): precision at recall 1 is 1/2 everywhere
    ap = average_precision(np.array([[False], [True]]), np.array([0.9, 0.8]), 1)
    assert ap[0] == pytest.approx(0.5)
    # ranked the other way round it does not hurt AP at all
    assert average_precision(np.array([[True], [False]]), np.array([0.9, 0.8]), 1)[0] == pytest.approx(1)


def test_iou_thresholds_grade_a_loose_box():
    # a box of IoU 0.75 with its truth counts for thresholds 0.50..0.75 only (6 of 10)
    truth = dets([[0, 0, 100, 100]])
    tp = match_image(dets([[0, 0, 100, 75]]), truth)
    assert tp[0].tolist() == [t <= 0.75 for t in IOU_THRESHOLDS]
    tally = DetectionTally()
    tally.add(dets([[0, 0, 100, 75]]), truth)
    assert tally.summary()["map50_95"] == pytest.approx(0.6)


def test_one_truth_box_is_claimed_once_and_classes_must_agree():
    truth = dets([[0, 0, 10, 10]])
    tp = match_image(dets([[0, 0, 10, 10], [0, 0, 10, 10]], conf=[0.5, 0.9]), truth)
    assert tp[:, 0].tolist() == [False, True]  # the more confident duplicate wins
    assert not match_image(dets([[0, 0, 10, 10]], cls=[1]), truth).any()


def test_missing_class_predictions_and_empty_images():
    tally = DetectionTally()
    tally.add(Detections.empty(), TRUTH)
    tally.add(Detections.empty(), Detections.empty())
    s = tally.summary()
    assert s["recall"] == 0 and s["map50"] == 0 and s["truth_boxes"] == 2


def test_precision_counts_only_boxes_above_the_threshold():
    tally = DetectionTally(conf_threshold=0.5)
    tally.add(dets([[0, 0, 10, 10], [50, 50, 60, 60], [70, 0, 80, 10]], conf=[0.9, 0.7, 0.1]), TRUTH)
    s = tally.summary()
    assert s["precision"] == 0.5 and s["recall"] == 0.5


def test_identity_needs_overlap_and_the_right_kind():
    truth = dets([[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]])
    read = dets([[21, 0, 31, 10], [0, 0, 10, 10], [44, 0, 54, 10]])
    hits, errors = photo_errors(truth, ["1m", "2m", "3m"], read, ["2m", "1m", "3m"])
    # third read box overlaps by IoU 6/14 < 0.5: boxed loosely, not a hit
    assert hits.tolist() == [True, True, False]
    assert [e.what for e in errors] == ["loose"]
    hits, errors = photo_errors(truth, ["1m", "2m", "3m"], read, ["9m", "1m", "3m"])
    assert hits.tolist() == [True, False, False]
    assert [str(e) for e in errors][0] == "2m read as 9m (10x10 px)"


def test_matching_pairs_best_overlap_first_and_one_to_one():
    truth_xyxy = np.array([[0, 0, 10, 10], [8, 0, 18, 10]], float)
    # the first read box overlaps both truths, the second truth best: it takes that one
    read_xyxy = np.array([[7, 0, 17, 10], [0, 0, 10, 10], [100, 0, 110, 10]], float)
    assert match_tiles(read_xyxy, truth_xyxy).tolist() == [1, 0]
    assert match_tiles(read_xyxy[:1], truth_xyxy).tolist() == [-1, 0]
    assert match_tiles(np.zeros((0, 4)), truth_xyxy).tolist() == [-1, -1]


def test_an_exact_tie_of_overlaps_is_broken_as_pycocotools_breaks_it():
    """Two truth boxes overlapped equally by the surer prediction: the first was taken, leaving the second
    to a looser match (mAP50-95 0.826 where the COCO reference gives 0.925)."""
    truth = dets([[0, 0, 10, 10], [1, 0, 11, 10]])
    pred = dets([[0.5, 0, 10.5, 10], [0, 0, 10, 10]], conf=[0.9, 0.8])
    tp = match_image(pred, truth)
    assert tp.all(axis=0)[:-1].all()  # both hits up to IoU 0.90: the surer box took the second truth box
    tally = DetectionTally()
    tally.add(pred, truth)
    assert tally.summary()["map50_95"] == pytest.approx(0.9252, abs=1e-4)
