"""Detections: validation, mask filtering, label parsing, IoU and NMS."""
import numpy as np
import pytest

from vision.detections import Detections, DetectionsError, box_iou, concat, median_height, nms, yolo_line


def make(n=3):
    xyxy = np.array([[0, 0, 10, 10], [5, 5, 20, 30], [40, 0, 50, 8]], dtype=float)[:n]
    return Detections(xyxy, np.array([0.9, 0.5, 0.2])[:n], np.array([0, 1, 0])[:n],
                      {"class_name": np.array(["tile", "back", "tile"], dtype=object)[:n]})


def test_arrays_are_normalised_to_float32_and_int64():
    d = make()
    assert d.xyxy.dtype == np.float32 and d.confidence.dtype == np.float32
    assert d.class_id.dtype == np.int64 and len(d) == 3


@pytest.mark.parametrize("kwargs, message", [
    (dict(xyxy=np.zeros((2, 3))), "shape"),
    (dict(confidence=np.ones(2)), "confidence has 2"),
    (dict(class_id=np.zeros(4)), "class_id has 4"),
    (dict(xyxy=np.array([[0, 0, 1, 1], [5, 5, 4, 9], [0, 0, 1, 1]])), "x2 >= x1"),
    (dict(xyxy=np.array([[0, 0, np.nan, 1], [0, 0, 1, 1], [0, 0, 1, 1]])), "NaN"),
    (dict(data={"k": np.zeros(1)}), "data\\['k'\\]"),
])
def test_invalid_arrays_are_refused(kwargs, message):
    base = dict(xyxy=np.zeros((3, 4)), confidence=np.ones(3), class_id=np.zeros(3))
    base.update(kwargs)
    with pytest.raises(DetectionsError, match=message):
        Detections(**base)


def test_mask_filters_every_array_together():
    d = make()
    kept = d[d.confidence > 0.4]
    assert len(kept) == 2
    assert kept.class_id.tolist() == [0, 1]
    assert kept.data["class_name"].tolist() == ["tile", "back"]
    assert kept.xyxy[1].tolist() == [5, 5, 20, 30]


def test_mask_of_the_wrong_length_is_refused():
    with pytest.raises(DetectionsError, match="mask has 2"):
        make()[np.array([True, False])]


def test_integer_index_keeps_a_detections():
    one = make()[2]
    assert isinstance(one, Detections) and one.confidence.tolist() == pytest.approx([0.2])


def test_empty_and_area_and_left_to_right():
    assert len(Detections.empty()) == 0
    d = make()
    assert d.area.tolist() == [100, 375, 80]
    shuffled = d[np.array([2, 0, 1])]
    assert shuffled.sorted_left_to_right().confidence.tolist() == pytest.approx([0.9, 0.5, 0.2])


def test_from_yolo_labels_scales_to_pixels_and_rejects_short_lines():
    d = Detections.from_yolo_labels("1 0.25 0.5 0.5 1.0\n\n0 0.75 0.5 0.1 0.2\n", (200, 100))
    assert d.class_id.tolist() == [1, 0]
    np.testing.assert_allclose(d.xyxy, [[0, 0, 100, 100], [140, 40, 160, 60]])
    with pytest.raises(DetectionsError, match="cls xc yc w h"):
        Detections.from_yolo_labels("0 0.5 0.5", (10, 10))


def test_yolo_line_is_the_reverse_of_reading_labels():
    assert yolo_line(3, (10, 20, 50, 100), 200, 400) == "3 0.150000 0.150000 0.200000 0.200000"
    assert yolo_line(0, (0.1, 0.2, 0.3, 0.6)) == "0 0.200000 0.400000 0.200000 0.400000"  # normalised already
    back = Detections.from_yolo_labels(yolo_line(7, (12.5, 3, 40, 90), 320, 240), (320, 240))
    assert back.class_id.tolist() == [7] and np.allclose(back.xyxy, [[12.5, 3, 40, 90]], atol=1e-3)


def test_box_iou_known_values():
    a = np.array([[0, 0, 10, 10]])
    b = np.array([[0, 0, 10, 10], [5, 0, 15, 10], [20, 20, 30, 30], [0, 0, 5, 5]])
    np.testing.assert_allclose(box_iou(a, b)[0], [1.0, 50 / 150, 0.0, 0.25])


def test_median_height_is_the_middle_box_height_and_zero_with_none():
    boxes = [[0, 0, 10, 40], [20, 5, 30, 55], [40, 0, 50, 44]]  # heights 40, 50, 44
    assert median_height(boxes) == 44.0
    assert median_height(boxes[:2]) == 45.0
    assert median_height([]) == 0.0


def test_nms_keeps_the_best_of_each_cluster():
    xyxy = np.array([[0, 0, 10, 10], [1, 1, 11, 11], [100, 0, 110, 10], [101, 0, 111, 10], [50, 0, 60, 10]])
    scores = np.array([0.6, 0.9, 0.8, 0.3, 0.1])
    assert nms(xyxy, scores, 0.5).tolist() == [1, 2, 4]
    # a loose threshold keeps boxes that overlap little
    assert sorted(nms(xyxy, scores, 0.99).tolist()) == [0, 1, 2, 3, 4]
    assert nms(np.zeros((0, 4)), np.zeros(0)).tolist() == []


def test_concat_keeps_order_and_the_data_every_part_carries():
    a = Detections(np.array([[0, 0, 1, 1]]), np.array([0.9]), np.array([0]), {"box": np.array([0.8]), "x": np.array([1])})
    b = Detections(np.array([[2, 2, 3, 3], [4, 4, 5, 5]]), np.array([0.5, 0.6]), np.array([1, 0]),
                   {"box": np.array([0.7, 0.6])})
    both = concat([a, b])
    assert both.xyxy[:, 0].tolist() == [0, 2, 4] and both.class_id.tolist() == [0, 1, 0]
    assert set(both.data) == {"box"} and both.data["box"].tolist() == pytest.approx([0.8, 0.7, 0.6])
    assert len(concat([])) == 0
