"""Classifier run time without a model: crop geometry, attribute heads, joint decoding, spec files."""
import json

import numpy as np
import pytest

from fakes import BrightnessSession
from vision.classifier import (Classifier, ClassifierFileError, ClassifierSpec, attribute_heads, crop_boxes,
                               decode, softmax, to_input, within_copies)


def test_crop_stretches_each_box_to_the_square():
    img = np.zeros((100, 200, 3), np.uint8)
    img[20:40, 50:130] = (0, 0, 255)  # a red 80x20 box
    crop = crop_boxes(img, np.array([[50, 20, 130, 40]]), size=32, margin=0.0)[0]
    assert crop.shape == (32, 32, 3)
    # the box fills the whole square: red everywhere but at the resampled border
    assert (crop[2:-2, 2:-2, 2] > 200).all() and (crop[2:-2, 2:-2, :2] < 30).all()


def test_crop_margin_shows_surroundings_and_edge_is_replicated():
    img = np.zeros((100, 100, 3), np.uint8)
    img[40:60, 40:60] = 255
    crop = crop_boxes(img, np.array([[40, 40, 60, 60]]), size=40, margin=1.0)[0]
    assert crop[20, 20].min() == 255 and crop[2, 2].max() == 0  # white centre, black surroundings
    edge = crop_boxes(img, np.array([[0, 0, 10, 10]]), size=20, margin=1.0)[0]
    assert edge.shape == (20, 20, 3)


@pytest.mark.parametrize("shift", [0.0, 0.3, 1.7, 2.5])
def test_a_box_larger_than_the_crop_is_averaged_over_its_area(shift):
    # one-pixel white lines every 4 pixels, seen 4 times smaller: every crop pixel covers one line, so the
    # crop is an even grey (a quarter white) wherever the box falls; bilinear sampling alone would keep
    # some lines whole and drop others
    img = np.zeros((60, 420, 3), np.uint8)
    img[:, ::4] = 255
    crop = crop_boxes(img, np.array([[10 + shift, 10, 410 + shift, 50]]), size=100, margin=0.0)[0]
    middle = crop[:, 5:-5].astype(float)
    assert abs(middle.mean() - 255 / 4) < 4 and middle.std() < 4


def test_a_box_shrunk_by_area_keeps_where_things_are():
    img = np.zeros((400, 400, 3), np.uint8)
    img[100:200, 200:300] = 255  # a white square in the box's upper right quarter
    crop = crop_boxes(img, np.array([[100, 100, 300, 300]]), size=32, margin=0.0)[0]
    assert crop[4:12, 20:28].min() > 240 and crop[20:28, 4:12].max() < 15 and crop[4:12, 4:12].max() < 15


def test_attribute_heads_skip_attributes_that_name_each_class():
    attrs = [{"type": "cute", "member": "a"}, {"type": "cute", "member": "b"}, {"type": "cool", "member": "c"}]
    assert attribute_heads(attrs) == {"type": ("cool", "cute")}


def test_to_input_is_rgb_channels_first_in_unit_range():
    crops = np.zeros((2, 4, 4, 3), np.uint8)
    crops[..., 0] = 255  # blue in BGR
    x = to_input(crops)
    assert x.shape == (2, 3, 4, 4) and x.dtype == np.float32
    assert x[:, 2].min() == 1.0 and x[:, 0].max() == 0.0


def _spec():
    return ClassifierSpec.for_classes(["a1", "a2", "b1"], [{"type": "a"}, {"type": "a"}, {"type": "b"}])


def test_sure_attribute_steers_an_unsure_kind():
    spec = _spec()
    kind = np.array([[0.34, 0.30, 0.36]])       # the kind head slightly prefers b1
    head = {"type": np.array([[0.95, 0.05]])}   # but the type head is sure it is an "a"
    (g,) = decode(spec, kind, head)
    assert g.kind == "a1" and g.attrs == {"type": "a"}
    assert g.confidence["type"] == pytest.approx(0.95)
    assert [k for k, _ in g.alternatives] == ["a1", "a2", "b1"]
    assert sum(p for _, p in g.alternatives) == pytest.approx(1.0, abs=1e-6)


def test_kinds_within_copies_are_the_likeliest_choice_for_the_photo_not_first_come_first_served():
    # x, y, z and w are held once each. C is surely w; B hesitates between x and y; A looks like x,
    # and its only other kind is w, which C holds. Taking tiles by their own confidence, B would get x
    # and A would fall to z (0.02); the best choice for the photo gives A x and B y.
    classes, copies = ["x", "y", "z", "w"], {"x": 1, "y": 1, "z": 1, "w": 1}
    prob = np.array([[0.50, 0.00, 0.02, 0.48],    # A
                     [0.51, 0.49, 0.00, 0.00],    # B
                     [0.00, 0.00, 0.00, 1.00]])   # C
    assert within_copies(prob, classes, copies).tolist() == [0, 1, 3]
    # with two copies of x both keep it; a kind the set does not list is not limited
    assert within_copies(prob, classes, {**copies, "x": 2}).tolist() == [0, 0, 3]
    assert within_copies(prob, classes, {"y": 1}).tolist() == [0, 0, 3]
    # more tiles than the set holds: nothing to choose within, each keeps its best
    assert within_copies(np.tile(prob[2], (5, 1)), classes, copies).tolist() == [3] * 5
    assert within_copies(prob[:0], classes, copies).tolist() == []


def test_a_tile_moved_off_its_best_kind_says_so_in_its_confidence_and_alternatives():
    spec = _spec()
    kind = np.array([[0.90, 0.05, 0.05], [0.60, 0.30, 0.10]])  # both look most like a1
    head = {"type": np.array([[0.9, 0.1], [0.9, 0.1]])}
    free = decode(spec, kind, head)
    assert [g.kind for g in free] == ["a1", "a1"]
    first, second = decode(spec, kind, head, copies={"a1": 1, "a2": 1, "b1": 1})
    assert first == free[0]
    assert second.kind == "a2" and second.attrs == {"type": "a"}
    assert second.confidence["kind"] == pytest.approx(dict(free[1].alternatives)["a2"])
    assert second.confidence["kind"] < free[1].confidence["kind"]
    assert [k for k, _ in second.alternatives] == ["a2", "a1", "b1"]  # the chosen kind first, then its best


def test_spec_round_trips_and_rejects_bad_files(tmp_path):
    spec = _spec()
    assert ClassifierSpec.from_json(spec.to_json()) == spec
    with pytest.raises(ClassifierFileError, match="classes"):
        ClassifierSpec.from_json(json.dumps({"classes": [], "class_attrs": []}), "x.json")
    with pytest.raises(ClassifierFileError, match="x.json"):
        ClassifierSpec.from_json("{not json", "x.json")
    with pytest.raises(ClassifierFileError, match="not found"):
        Classifier.load(tmp_path / "missing.onnx")
    (tmp_path / "bad.onnx").write_bytes(b"not onnx")
    (tmp_path / "bad.json").write_text(spec.to_json())
    with pytest.raises(ClassifierFileError, match="not a model file onnxruntime can read"):
        Classifier.load(tmp_path / "bad.onnx")


def test_softmax_is_stable():
    p = softmax(np.array([[1000.0, 1000.0, -1000.0]]))
    assert np.allclose(p, [[0.5, 0.5, 0.0]])


def test_classify_averages_the_probabilities_of_each_view_of_a_box():
    # crops the size of the box: each crop pixel is one photo pixel, so a view's brightness is its share of white
    spec = ClassifierSpec.for_classes(["light", "dark"], [{}, {}], crop_size=40, margin=0.0)
    img = np.zeros((40, 200, 3), np.uint8)
    img[:, :100] = 255  # left half white: the plain box [60, 100] is white, shifted right by half it is half
    box = np.array([[60, 0, 100, 40]], np.float32)
    views = ((1.0, 0.0, 0.0), (1.0, 0.5, 0.0))
    two = Classifier(BrightnessSession(), spec, "fake", views=views).classify(img, box)[0]
    one = Classifier(BrightnessSession(), spec, "fake", views=views[:1]).classify(img, box)[0]
    plain, half = softmax(np.array([2.0, 0.0]))[0], 0.5  # 0.88 for the white box, 0.5 for the half-white one
    assert one.confidence["kind"] == pytest.approx(plain, abs=0.01)
    # p(light) is the mean of the two views' probabilities, and the embedding is the plain view's
    assert two.kind == "light" and two.confidence["kind"] == pytest.approx((plain + half) / 2, abs=0.01)
    assert two.embedding.tolist() == pytest.approx([1.0, 1.0], abs=0.01)
