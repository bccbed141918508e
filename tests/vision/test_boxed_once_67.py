"""One tile boxed twice: a box lying across the join of two tiles, named as one of them, is read once; true
identical neighbours are never merged (the held-out photos' label written twice: test_hk_label_once_67.py)."""
import numpy as np
import pytest

from vision.detections import Detections, box_iou, once_each
from vision.hk_split import hk_root

needs_photos = pytest.mark.skipif(not (hk_root() / "labels").is_dir(),
                                  reason="the shared Hong Kong photos are not here")


def test_a_box_across_the_join_of_two_tiles_named_as_one_of_them_goes():
    row = np.array([[0, 0, 12, 14], [10, 0, 22, 14], [20, 0, 32, 14]], float)  # detector boxes overlap a little
    across = np.array([[5, 0, 17, 14]], float)  # IoU 0.41 with each of the first two tiles
    boxes = np.concatenate([row, across])
    kinds = ["5p", "6p", "7p", "5p"]
    assert once_each(boxes, kinds, np.array([0.9, 0.8, 0.9, 0.4])).tolist() == [True, True, True, False]
    assert once_each(boxes, ["5p", "6p", "7p", "6p"], np.array([0.9, 0.8, 0.9, 0.4])).tolist() == [True] * 3 + [False]
    # named as neither neighbour: a tile of its own as far as this rule goes
    assert once_each(boxes, ["5p", "6p", "7p", "9s"], np.array([0.9, 0.8, 0.9, 0.4])).all()
    # only the box across goes: surer than the tile it repeats, that tile (on no other) stays beside it
    assert once_each(boxes, kinds, np.array([0.3, 0.8, 0.9, 0.5])).all()


def test_true_neighbours_are_never_merged():
    pon = np.array([[0, 0, 15, 14], [6, 0, 21, 14], [30, 0, 45, 14]], float)  # a slanted row: IoU 0.43, none beside
    assert box_iou(pon[:1], pon[1:2])[0, 0] > 0.4
    assert once_each(pon, ["5p", "5p", "5p"], np.array([0.9, 0.8, 0.7])).all()
    # a middle tile overlapping both neighbours a little (a row at a slant): less than a box across a join
    slant = np.array([[0, 0, 15, 14], [10, 0, 25, 14], [20, 0, 35, 14]], float)  # IoU 0.2 each side
    assert once_each(slant, ["5p", "5p", "6p"], np.array([0.9, 0.3, 0.8])).all()
    assert once_each(slant, ["5p", "5p", "5p"], np.array([0.9, 0.3, 0.8])).all()
    # other kinds, and backs (a wall's stacked backs overlap), are never dropped
    across = np.array([[0, 0, 10, 14], [10, 0, 20, 14], [5, 0, 15, 14]], float)
    assert once_each(across, ["5p", "6p", "7p"], np.array([0.9, 0.8, 0.4])).all()
    assert once_each(across, [None, None, None], np.array([0.9, 0.8, 0.4])).all()
    assert once_each(np.zeros((0, 4)), [], np.zeros(0)).tolist() == []


class BoxesDetector:
    """Stands in for the detector with given boxes (NMS already done)."""

    def __init__(self, xyxy, conf):
        self.xyxy, self.conf = np.asarray(xyxy, np.float32), np.asarray(conf, np.float32)

    def detect(self, image, zoom=False):
        return Detections(self.xyxy, self.conf, np.zeros(len(self.xyxy), np.int64))


def test_a_tile_boxed_twice_is_read_once_in_the_hand_and_within_the_set():
    from scorer.catalog import load_game
    from vision.classifier import Classifier
    from vision.recognizer import Recognizer, default_models_dir
    from vision.synth import render_hand

    hand = ["1m", "1m", "1m", "2p", "3p", "4p", "5s", "6s", "7s", "1z", "1z", "1z", "9s", "9s"]
    scene = render_hand("tokyo-mahjong", hand, seed=8, layout="rack")  # a level row, drawn in the hand's order
    assert [t.tile_id for t in scene.tiles] == hand
    boxes = np.array([t.xyxy for t in scene.tiles], np.float32)
    across = (boxes[:1] + boxes[1:2]) / 2  # half way across the first two 1m (IoU 0.41 each): read as 1m
    assert box_iou(across, boxes[:2]).sum() > 0.8
    twice = np.concatenate([boxes, across])
    conf = np.r_[np.full(len(boxes), 0.9), 0.45]
    clf = Classifier.load(default_models_dir() / "classifier-tokyo-mahjong.onnx")
    for copies in (None, load_game("tokyo-mahjong").inventory()):
        reading = Recognizer(BoxesDetector(twice, conf), clf, game="tokyo-mahjong", copies=copies).read(scene.image)
        assert reading.kinds == hand, copies  # fourteen tiles: the box across two 1m is no fourth 1m
