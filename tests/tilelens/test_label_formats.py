"""YOLO, COCO and Label Studio conversions: each alone, and the round trip through all three."""
from __future__ import annotations

import json

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilelens.labelling import Box, Dataset, LabelFileError, LabelledImage, read_yolo
from tilelens.labelling import coco, labelstudio, yolo
from tilelens.labelling.model import IssueKind

from label_helpers import NAMES, make_dataset, same_boxes


def test_yolo_folder_reads_back_what_was_written(tmp_path):
    written = make_dataset(tmp_path)
    read, issues = read_yolo(tmp_path)
    assert issues == []
    assert same_boxes(written, read, tol=1e-6)
    assert {im.path: im.resolution_wh for im in read.images} == {
        "images/train/a.jpg": (200, 100), "images/train/b.png": (120, 160), "images/val/c.jpg": (160, 160)}
    assert read.names == NAMES and read.game == "tokyo-mahjong"
    assert (tmp_path / "labels/train/a.txt").read_text().splitlines()[1] == \
        "3 0.600000 0.500000 0.200000 0.800000"


def test_data_yaml_is_ultralytics_layout(tmp_path):
    make_dataset(tmp_path)
    config = yolo.read_data_yaml(tmp_path)
    assert config.sources == {"train": ("images/train",), "val": ("images/val",)}
    assert config.names == NAMES
    import yaml

    raw = yaml.safe_load((tmp_path / "data.yaml").read_text())
    assert "path" not in raw and raw["names"] == dict(enumerate(NAMES))


def test_coco_has_pixel_xywh_boxes_and_named_categories(tmp_path):
    data = coco.to_coco(read_yolo(make_dataset(tmp_path) and tmp_path)[0])
    assert [c["name"] for c in data["categories"]] == list(NAMES)
    a = next(im for im in data["images"] if im["file_name"] == "images/train/a.jpg")
    assert (a["width"], a["height"]) == (200, 100)
    first = next(an for an in data["annotations"] if an["image_id"] == a["id"])
    assert first["bbox"] == pytest.approx([20, 20, 40, 60], abs=1e-3)
    assert data["categories"][NAMES.index("1m")]["id"] == first["category_id"]


def test_labelstudio_urls_of_odd_photo_names_point_at_the_photo():
    """A name with "#", "&", "+" or a space cut or bent the ?d= query it was written into unencoded."""
    for path in ("images/train/写真 1.jpg", "images/train/a#2&b+c.jpg", "images/train/100%.jpg"):
        im = LabelledImage(path, (10, 10), ())
        (task,) = labelstudio.to_labelstudio(Dataset(("1m",), (im,)))
        assert " " not in task["data"]["image"] and "#" not in task["data"]["image"]
        assert labelstudio.path_from_url(task["data"]["image"]) == path


def test_labelstudio_tasks_carry_predictions_in_percent(tmp_path):
    tasks = labelstudio.to_labelstudio(read_yolo(make_dataset(tmp_path) and tmp_path)[0])
    a = next(t for t in tasks if t["data"]["tilelens_path"] == "images/train/a.jpg")
    assert a["data"]["image"] == "/data/local-files/?d=images/train/a.jpg"
    result = a["predictions"][0]["result"][0]
    assert result["type"] == "rectanglelabels" and result["from_name"] == "label"
    assert (result["original_width"], result["original_height"]) == (200, 100)
    assert result["value"]["rectanglelabels"] == ["1m"]
    assert [result["value"][k] for k in ("x", "y", "width", "height")] == pytest.approx([10, 20, 20, 60])
    assert "annotations" not in a


def test_round_trip_yolo_coco_labelstudio_yolo(tmp_path):
    original = make_dataset(tmp_path / "a")
    via_coco = coco.from_coco(json.loads(json.dumps(coco.to_coco(read_yolo(tmp_path / "a")[0]))))
    tasks = json.loads(json.dumps(labelstudio.to_labelstudio(via_coco)))
    back = labelstudio.from_labelstudio(tasks, names=original.names)
    assert [im.split for im in back.images] == [im.split for im in original.images]
    make_dataset(tmp_path / "b", photos={im.path: (im.resolution_wh, ()) for im in original.images})
    yolo.write_yolo(back, tmp_path / "b")
    final, issues = read_yolo(tmp_path / "b")
    assert issues == []
    assert same_boxes(original, final)


boxes = st.builds(
    lambda kind, x, y, w, h: Box(kind, (x, y, x + w, y + h)),
    st.sampled_from(NAMES), st.floats(0, 0.7), st.floats(0, 0.7), st.floats(0.01, 0.3), st.floats(0.01, 0.3))


@settings(max_examples=60, deadline=None)
@given(st.lists(boxes, max_size=6), st.integers(16, 4000), st.integers(16, 4000))
def test_round_trip_any_boxes(box_list, width, height):
    ds = Dataset(NAMES, (LabelledImage("images/train/x.jpg", (width, height), tuple(box_list)),))
    text = yolo.format_labels(box_list, NAMES)
    parsed, issues = yolo.parse_labels(text, NAMES)
    via_coco = coco.from_coco(coco.to_coco(Dataset(NAMES, (LabelledImage(
        "images/train/x.jpg", (width, height), tuple(parsed)),))))
    back = labelstudio.from_labelstudio(labelstudio.to_labelstudio(via_coco), names=NAMES)
    assert issues == []
    # COCO keeps 3 decimals of a pixel; YOLO 6 decimals of the image.
    assert same_boxes(ds, back, tol=1e-6 + 1e-3 / min(width, height))


@pytest.mark.parametrize("line, kind", [
    ("0 0.5 0.5 0.2", IssueKind.BAD_FIELD_COUNT),
    ("0 0.5 0.5 0.2 0.2 0.9", IssueKind.BAD_FIELD_COUNT),
    ("4 0.5 0.5 0.2 0.2", IssueKind.CLASS_OUT_OF_RANGE),
    ("-1 0.5 0.5 0.2 0.2", IssueKind.CLASS_OUT_OF_RANGE),
    ("1.5 0.5 0.5 0.2 0.2", IssueKind.CLASS_OUT_OF_RANGE),
    ("x 0.5 0.5 0.2 0.2", IssueKind.NOT_A_NUMBER),
    ("0 nan 0.5 0.2 0.2", IssueKind.NOT_A_NUMBER),
], ids=["4-numbers", "6-numbers", "class-too-big", "class-negative", "class-fraction", "word", "nan"])
def test_bad_label_line_is_reported_with_its_line_and_the_rest_kept(line, kind):
    boxes, issues = yolo.parse_labels(f"1 0.5 0.5 0.2 0.2\n\n{line}\n", NAMES, "labels/train/a.txt")
    assert [b.kind for b in boxes] == ["2m"]
    assert [(i.kind, i.line, i.path) for i in issues] == [(kind, 3, "labels/train/a.txt")]
    assert issues[0].is_error


def test_polygon_line_reads_as_its_bounding_box_with_a_warning():
    boxes, issues = yolo.parse_labels("2 0.1 0.2 0.3 0.2 0.3 0.6 0.1 0.6\n", NAMES)
    assert boxes[0].kind == "5p" and boxes[0].close_to(Box("5p", (0.1, 0.2, 0.3, 0.6)))
    assert [i.kind for i in issues] == [IssueKind.POLYGON] and not issues[0].is_error


@pytest.mark.parametrize("text, fragment", [
    ("names: [a]\n", "no 'train' or 'val'"),
    ("train: images\n", "'names' must be"),
    ("train: images\nnames: {0: a, 2: b}\n", "0..1"),
    ("train: [images: 1]\nnames: [a]\n", "'train' must be"),
    ("{{{", "not valid YAML"),
    ("train: [images\nnames: [a]\n", "not valid YAML .* at line 2, column 6"),
    ("- a\n", "expected a mapping"),
])
def test_bad_data_yaml_names_the_problem(text, fragment):
    with pytest.raises(LabelFileError, match="data.yaml: .*" + fragment.replace("(", r"\(")):
        yolo.parse_data_yaml(text)


@pytest.mark.parametrize("data, fragment", [
    ({"images": []}, "categories"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": 10, "height": 10}], "categories": [{"id": 1, "name": "1m"}],
      "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [1, 2, 3]}]}, "bbox must be"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": 10, "height": 10}], "categories": [{"id": 1, "name": "1m"}],
      "annotations": [{"id": 1, "image_id": 1, "category_id": 7, "bbox": [1, 2, 3, 4]}]}, "unknown category_id 7"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": 10, "height": 10}], "categories": [{"id": 1, "name": "1m"}],
      "annotations": [{"id": 1, "image_id": 9, "category_id": 1, "bbox": [1, 2, 3, 4]}]}, "unknown image_id 9"),
    ({"images": [{"id": 1, "file_name": "a.jpg", "width": "wide", "height": 10}],
      "categories": [{"id": 1, "name": "1m"}]}, "width must be a number"),
])
def test_bad_coco_names_the_problem(data, fragment):
    with pytest.raises(LabelFileError, match=fragment):
        coco.from_coco(data)


def test_labelstudio_export_prefers_annotation_over_prediction_and_skips_cancelled():
    def rect(kind, x):
        return {"type": "rectanglelabels", "original_width": 100, "original_height": 50,
                "value": {"x": x, "y": 10, "width": 10, "height": 20, "rectanglelabels": [kind]}}

    tasks = [
        {"data": {"image": "/data/upload/1/0a1b2c3d-p1.jpg"}, "predictions": [{"result": [rect("1m", 0)]}],
         "annotations": [{"result": [rect("2m", 50)]}, {"was_cancelled": True, "result": [rect("7z", 5)]}]},
        {"data": {"image": "/data/upload/1/deadbeef-p2.jpg"}, "predictions": [{"result": [rect("5p", 30)]}]},
        {"data": {"image": "http://host/x/p3.jpg"},
         "annotations": [{"result": [{"type": "choices", "value": {"choices": ["ok"]}}]}]},
    ]
    ds = labelstudio.from_labelstudio(tasks, names=NAMES)
    assert [(im.path, [b.kind for b in im.boxes]) for im in ds.images] == [
        ("p1.jpg", ["2m"]), ("p2.jpg", ["5p"]), ("p3.jpg", [])]
    assert ds.images[0].boxes[0].close_to(Box("2m", (0.5, 0.1, 0.6, 0.3)))
    assert ds.images[0].resolution_wh == (100, 50)
    annotated_only = labelstudio.from_labelstudio(tasks, names=NAMES, use_predictions=False)
    assert [im.path for im in annotated_only.images] == ["p1.jpg", "p3.jpg"]


def test_labelstudio_rotated_box_becomes_its_upright_envelope():
    task = {"data": {"image": "a.jpg"}, "annotations": [{"result": [{
        "type": "rectanglelabels", "original_width": 200, "original_height": 100,
        "value": {"x": 50, "y": 10, "width": 10, "height": 20, "rotation": 90, "rectanglelabels": ["1m"]}}]}]}
    box = labelstudio.from_labelstudio([task], names=NAMES).images[0].boxes[0]
    # 20 px wide, 20 px high before turning by 90 degrees clockwise about (100, 10).
    assert box.close_to(Box("1m", (0.4, 0.1, 0.5, 0.3)))


def test_labelstudio_unknown_label_and_malformed_task_are_clear_errors():
    task = {"data": {"image": "a.jpg"}, "annotations": [{"result": [{
        "type": "rectanglelabels", "value": {"x": 1, "y": 1, "width": 1, "height": 1, "rectanglelabels": ["dog"]}}]}]}
    with pytest.raises(LabelFileError, match="'dog' is not a tile kind"):
        labelstudio.from_labelstudio([task], names=NAMES)
    with pytest.raises(LabelFileError, match="task 1 has no data.image"):
        labelstudio.from_labelstudio([{"data": {}}])
    with pytest.raises(LabelFileError, match="list of tasks"):
        labelstudio.from_labelstudio({"data": {}})


@pytest.mark.parametrize("change, said", [
    ({"x": float("nan")}, "x must be a number, got nan"),
    ({"x": "abc"}, "x must be a number, got 'abc'"),
    ({"width": -5}, "width and height must be positive, got -5 x 20"),
    ({"x": 500}, "lies outside the photo"),
    ({"rotation": "abc"}, "rotation must be a number, got 'abc'"),
    ({"rotation": [1]}, "rotation must be a number, got [1]"),
])
def test_a_labelstudio_rectangle_of_no_size_or_no_number_is_refused(change, said):
    """Written as a box of no width (x NaN or 500) or of negative width, and imported with exit 0; a rotation
    that is no number was a traceback."""
    value = {"x": 10, "y": 10, "width": 10, "height": 20, "rectanglelabels": ["1m"]} | change
    task = {"data": {"image": "a.jpg"}, "annotations": [{"result": [{
        "type": "rectanglelabels", "original_width": 200, "original_height": 100, "value": value}]}]}
    with pytest.raises(LabelFileError, match=re.escape(said)):
        labelstudio.from_labelstudio([task], names=NAMES)


def test_a_labelstudio_rectangle_a_little_past_the_edge_is_cut_there():
    task = {"data": {"image": "a.jpg"}, "annotations": [{"result": [{"type": "rectanglelabels", "value": {
        "x": 95, "y": -2, "width": 10, "height": 20, "rectanglelabels": ["1m"]}}]}]}
    box = labelstudio.from_labelstudio([task], names=NAMES).images[0].boxes[0]
    assert box.close_to(Box("1m", (0.95, 0.0, 1.0, 0.18)))


def test_label_config_lists_every_kind():
    xml = labelstudio.label_config(("1m", 'a"b'))
    assert '<Label value="1m"/>' in xml and "<Label value='a\"b'/>" in xml
    assert 'toName="image"' in xml and 'value="$image"' in xml


def test_writing_a_photo_outside_the_folder_is_refused(tmp_path):
    from tilelens.labelling import PathEscapeError

    ds = Dataset(NAMES, (LabelledImage("../elsewhere/images/x.jpg", (10, 10), ()),))
    with pytest.raises(PathEscapeError, match="outside the dataset folder"):
        yolo.write_yolo(ds, tmp_path / "ds")
    assert not (tmp_path / "elsewhere").exists()


def test_a_txt_list_names_the_photos_ultralytics_trains_on(tmp_path, monkeypatch):
    # entries were read from the dataset folder: a list in a sub-folder whose `./` entries Ultralytics reads
    # from the list's folder showed (and let a person label) other photos than training reads; and a list
    # saved with a byte-order mark lost its first photo
    import os
    import shutil
    from types import SimpleNamespace

    from tilelens.labelling import Split

    base = pytest.importorskip("ultralytics.data.base")
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "lists/images/train").mkdir(parents=True)
    shutil.copy(root / "images/train/a.jpg", root / "lists/images/train/a.jpg")  # what `./images/...` names
    listing = root / "lists/train.txt"
    listing.write_text(f"./images/train/a.jpg\nimages/train/b.png\n{(root / 'images/val/c.jpg').resolve()}\n",
                       encoding="utf-8-sig")
    (root / "data.yaml").write_text((root / "data.yaml").read_text().replace("train: images/train",
                                                                             "train: lists/train.txt"))
    monkeypatch.chdir(root)  # Ultralytics reads a bare entry from the folder training runs in: this one
    ours = yolo.split_images(root, yolo.read_data_yaml(root))[0][Split.TRAIN]
    theirs = base.BaseDataset.get_img_files(SimpleNamespace(prefix="", fraction=1.0), str(listing))
    assert sorted(os.path.realpath(p) for p in ours) == sorted(os.path.realpath(p) for p in theirs)
    assert [p.relative_to(root).as_posix() for p in ours] == ["lists/images/train/a.jpg", "images/train/b.png",
                                                              "images/val/c.jpg"]


def test_a_photo_is_added_to_a_list_unless_the_list_names_that_very_photo(tmp_path):
    # `./images/train/a.jpg` in lists/train.txt names lists/images/train/a.jpg: the dataset's own
    # images/train/a.jpg was taken for listed, and never trained on
    from tilelens.labelling import Split

    root = tmp_path / "ds"
    make_dataset(root)
    (root / "lists").mkdir()
    (root / "lists/train.txt").write_text("./images/train/a.jpg\n")
    (root / "data.yaml").write_text((root / "data.yaml").read_text().replace("train: images/train",
                                                                             "train: lists/train.txt"))
    config = yolo.read_data_yaml(root)
    assert yolo.add_to_list(root, config, Split.TRAIN, [root / "images/train/a.jpg"]) == root / "lists/train.txt"
    assert (root / "lists/train.txt").read_text().splitlines() == ["./images/train/a.jpg", "./../images/train/a.jpg"]
    assert yolo.add_to_list(root, config, Split.TRAIN, [root / "images/train/a.jpg"]) is None  # listed now
