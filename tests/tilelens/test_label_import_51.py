"""Label round trips through Label Studio and COCO that lost or changed things silently (session 51): a photo
in two tasks, two annotations of a task, two COCO entries of a photo, a declared size not the photo's, the
accepted marks, own kinds' names and absent kinds, boxes turned or past the edge, absolute file names, label
files rewritten with last-digit noise, and photos an export left out."""
from __future__ import annotations

import copy
import json
import random

import pytest

from tilelens.labelling import Box, LabelFileError, LabelledImage, load_done, read_yolo, set_done
from tilelens.labelling.coco import from_coco, to_coco
from tilelens.labelling.labelstudio import from_labelstudio, label_config, to_labelstudio
from tilelens.labelling.model import Dataset
from tilelens.labelling.transfer import Format, export_dataset, import_dataset
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import make_dataset


def _result(kind, x, y, w, h, rotation=0, size=(200, 100)):
    return {"type": "rectanglelabels", "from_name": "label", "to_name": "image", "original_width": size[0],
            "original_height": size[1], "value": {"x": x, "y": y, "width": w, "height": h, "rotation": rotation,
                                                  "rectanglelabels": [kind]}}


def _task(task_id, path, annotations=(), predictions=()):
    return {"id": task_id, "data": {"image": f"/data/local-files/?d={path}"},
            "annotations": list(annotations), "predictions": [{"result": list(r)} for r in predictions]}


def _annotation(ann_id, results, updated, cancelled=False):
    return {"id": ann_id, "result": list(results), "was_cancelled": cancelled, "created_at": "2026-12-01T10:00:00Z",
            "updated_at": updated}


ONE = [_result("1m", 10, 20, 20, 60)]
THREE = [_result("1m", 10, 20, 20, 60), _result("7z", 50, 10, 20, 80), _result("2m", 75, 10, 10, 50)]


# ---------------------------------------------------------------- 1. Label Studio: a photo met more than once

def test_a_photo_in_two_tasks_takes_the_annotated_one_and_says_so():
    tasks = [_task(1, "images/train/a.jpg", [_annotation(11, THREE, "2026-12-02T10:00:00Z")]),
             _task(100, "images/train/a.jpg", predictions=[ONE])]
    for order in (tasks, tasks[::-1]):  # the predictions-only task first or last: the annotated one wins
        ds = from_labelstudio(order, names=("1m", "2m", "5p", "7z"))
        assert [len(im.boxes) for im in ds.images] == [3]
        said = " ".join(n.message for n in ds.notes)
        assert "2 tasks" in said and "task 1" in said and "task 100" in said
        assert all(n.message_ja for n in ds.notes)


def test_a_photo_annotated_differently_in_two_tasks_is_refused_naming_both():
    tasks = [_task(1, "images/train/a.jpg", [_annotation(11, THREE, "2026-12-02T10:00:00Z")]),
             _task(7, "images/train/a.jpg", [_annotation(12, ONE, "2026-12-02T10:00:00Z")])]
    with pytest.raises(LabelFileError, match=r"images/train/a\.jpg.*task 1.*task 7") as exc:
        from_labelstudio(tasks, names=("1m", "2m", "5p", "7z"))
    assert exc.value.message_ja
    # the same boxes twice: nothing to choose, taken once and said
    tasks[1]["annotations"][0]["result"] = copy.deepcopy(THREE)
    ds = from_labelstudio(tasks, names=("1m", "2m", "5p", "7z"))
    assert [len(im.boxes) for im in ds.images] == [3] and ds.notes


def test_ls_twice_through_the_command_labels_each_photo_once(tmp_path, capsys):
    make_dataset(tmp_path / "ds")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0])
    twice = tasks + copy.deepcopy(tasks)
    twice[0]["annotations"] = [{"result": [_result("5p", 1, 1, 10, 10)], "was_cancelled": False}]
    (tmp_path / "twice.json").write_text(json.dumps(twice))
    summary = import_dataset(tmp_path / "twice.json", Format.LABELSTUDIO, tmp_path / "ds", overwrite=True)
    assert summary.labelled == 3 and summary.replaced == 1 and summary.unchanged == 2
    assert (tmp_path / "ds/labels/train/a.txt").read_text().startswith("2 ")  # the annotation's 5p, not a guess


def test_two_annotations_of_a_task_take_the_latest_updated_and_say_which():
    newer_first = [_annotation(102, THREE, "2026-12-03T10:00:00Z"), _annotation(999, ONE, "2026-12-02T10:00:00Z")]
    ds = from_labelstudio([_task(2, "images/train/a.jpg", newer_first)], names=("1m", "2m", "5p", "7z"))
    assert len(ds.images[0].boxes) == 3  # the one updated last, wherever it is in the list
    said = " ".join(n.message for n in ds.notes)
    assert "annotation 102" in said and "999" in said and "2 annotations" in said
    # a cancelled annotation (skipped) counts for nothing: one left, nothing to say
    newer_first[0]["was_cancelled"] = True
    ds = from_labelstudio([_task(2, "images/train/a.jpg", newer_first)], names=("1m", "2m", "5p", "7z"))
    assert len(ds.images[0].boxes) == 1 and ds.notes == ()


# ---------------------------------------------------------------- 2. COCO: one photo, two entries

def test_coco_two_images_entries_of_one_file_are_refused_naming_it():
    data = to_coco(Dataset(("1m",), (LabelledImage("images/train/a.jpg", (200, 100), (Box("1m", (0.1, 0.2, 0.3, 0.8)),)),
                                     LabelledImage("images/train/b.jpg", (200, 100)))))
    data["images"][1]["file_name"] = "images/train/a.jpg"
    with pytest.raises(LabelFileError, match=r"images/train/a\.jpg.*images 1 and 2") as exc:
        from_coco(data)
    assert exc.value.message_ja


# ---------------------------------------------------------------- 3. COCO: a size that is not the photo's

def _coco_of(ds_root, edit):
    data = to_coco(read_yolo(ds_root)[0])
    edit(data)
    return data


def test_coco_size_of_a_resized_photo_scales_the_boxes_and_says_so(tmp_path):
    make_dataset(tmp_path / "ds")
    before = read_yolo(tmp_path / "ds")[0]

    def doubled(data):  # a.jpg (200 x 100) described at twice its size, its boxes in those pixels
        data["images"][0].update(width=400, height=200)
        for ann in data["annotations"]:
            if ann["image_id"] == 1:
                ann["bbox"] = [v * 2 for v in ann["bbox"]]
    (tmp_path / "in.json").write_text(json.dumps(_coco_of(tmp_path / "ds", doubled)))
    summary = import_dataset(tmp_path / "in.json", Format.COCO, tmp_path / "ds")
    assert summary.issues == () and summary.unchanged == 3
    said = [n for n in summary.notes if n.path == "images/train/a.jpg"]
    assert said and "400 x 200" in said[0].message and "200 x 100" in said[0].message and said[0].message_ja
    assert read_yolo(tmp_path / "ds")[0].images[0].boxes[0].close_to(before.images[0].boxes[0], 1e-5)


def test_coco_size_of_another_shape_skips_the_photo_and_says_why(tmp_path):
    make_dataset(tmp_path / "ds")
    label = (tmp_path / "ds/labels/train/a.txt").read_text()
    (tmp_path / "in.json").write_text(json.dumps(_coco_of(tmp_path / "ds",
                                                          lambda d: d["images"][0].update(width=400, height=100))))
    summary = import_dataset(tmp_path / "in.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert [i.path for i in summary.issues] == ["images/train/a.jpg"]
    assert "400 x 100" in summary.issues[0].message and "200 x 100" in summary.issues[0].message
    assert summary.issues[0].message_ja
    assert (tmp_path / "ds/labels/train/a.txt").read_text() == label  # nothing written over


# ---------------------------------------------------------------- 4. accepted marks, own kinds, absent kinds

def _own_kinds(root):
    text = (root / "data.yaml").read_text()
    (root / "data.yaml").write_text(text + "own_kinds:\n  7z: Red dragon\nabsent:\n- 5p\n")


@pytest.mark.parametrize("fmt", [Format.LABELSTUDIO, Format.COCO])
def test_accepted_photos_own_kinds_and_absent_survive_an_export_and_import(tmp_path, fmt):
    make_dataset(tmp_path / "ds")
    _own_kinds(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    written, _ = export_dataset(tmp_path / "ds", fmt, tmp_path / "out/x.json")
    data = json.loads(written[0].read_text())
    if fmt is Format.LABELSTUDIO:
        by_path = {t["data"]["tilelens_path"]: t for t in data}
        accepted, unchecked = by_path["images/train/a.jpg"], by_path["images/train/b.png"]
        assert accepted["data"]["tilelens_accepted"] is True and accepted.get("annotations")
        assert "predictions" not in accepted
        assert unchecked["data"]["tilelens_accepted"] is False and unchecked.get("predictions")
        assert "annotations" not in unchecked
        assert 'hint="Red dragon"' in written[1].read_text()
    else:
        assert {im["file_name"]: im["tilelens_accepted"] for im in data["images"]}["images/train/a.jpg"] is True
        assert {c["name"]: c.get("tilelens_name") for c in data["categories"]}["7z"] == "Red dragon"
    (tmp_path / "out/images").mkdir()
    for photo in (tmp_path / "ds/images").rglob("*.*"):
        (tmp_path / "out" / photo.relative_to(tmp_path / "ds")).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "out" / photo.relative_to(tmp_path / "ds")).write_bytes(photo.read_bytes())
    summary = import_dataset(written[0], fmt, tmp_path / "new")
    assert summary.labelled == 3 and summary.issues == ()
    assert load_done(tmp_path / "new") == {"images/train/a.jpg"}
    config = read_data_yaml(tmp_path / "new")
    assert config.own_kinds == {"7z": "Red dragon"} and config.absent == ("5p",)


def test_as_annotations_still_says_which_photos_were_accepted(tmp_path):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/val/c.jpg")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], as_annotations=True, accepted={"images/val/c.jpg"})
    assert all(t.get("annotations") for t in tasks)
    assert {t["data"]["tilelens_path"] for t in tasks if t["data"]["tilelens_accepted"]} == {"images/val/c.jpg"}
    assert [im.accepted for im in from_labelstudio(tasks).images] == [False, False, True]


def test_an_import_saying_a_photo_is_unchecked_unmarks_it_only_when_its_boxes_change(tmp_path):
    make_dataset(tmp_path / "ds")
    for photo in ("images/train/a.jpg", "images/train/b.png"):
        set_done(tmp_path / "ds", photo)
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], accepted=set())  # exported when none was accepted
    tasks[0]["predictions"][0]["result"] = tasks[0]["predictions"][0]["result"][:1]  # a.jpg: a box less
    (tmp_path / "t.json").write_text(json.dumps(tasks))
    import_dataset(tmp_path / "t.json", Format.LABELSTUDIO, tmp_path / "ds", overwrite=True)
    assert load_done(tmp_path / "ds") == {"images/train/b.png"}  # b.png's boxes are as they were accepted


def test_label_config_gives_own_kinds_names_as_hints():
    assert '<Label value="7z" hint="Red dragon"/>' in label_config(("1m", "7z"), {"7z": "Red dragon"})
    assert '<Label value="1m"/>' in label_config(("1m", "7z"), {"7z": "Red dragon"})


# ---------------------------------------------------------------- 5. boxes changed on the way in: said

def test_turned_and_overhanging_boxes_are_said_one_line_each():
    tasks = [_task(1, "images/train/a.jpg", [_annotation(1, [_result("1m", 10, 20, 20, 30, rotation=30),
                                                              _result("2m", 90, 50, 20, 20),
                                                              _result("5p", 40, 40, 10, 10)], "x")])]
    ds = from_labelstudio(tasks, names=("1m", "2m", "5p", "7z"))
    assert len(ds.images[0].boxes) == 3 and len(ds.notes) == 2
    turned, cut = ds.notes
    assert "box 1 (1m)" in turned.message and "30" in turned.message and "upright" in turned.message
    assert "box 2 (2m)" in cut.message and "edge" in cut.message and turned.message_ja and cut.message_ja
    data = {"images": [{"id": 1, "file_name": "a.jpg", "width": 640, "height": 640}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [600, 600, 100, 100]},
                            {"id": 2, "image_id": 1, "category_id": 1, "bbox": [10, 10, 100, 100]},
                            {"id": 3, "image_id": 1, "category_id": 1, "bbox": [539.999, 0, 100.0015, 50]}],
            "categories": [{"id": 1, "name": "1m"}]}
    ds = from_coco(data)
    assert [n.path for n in ds.notes] == ["a.jpg"]  # the third is past by rounding only: nothing to say
    assert "annotation 1" in ds.notes[0].message and "640 x 640" in ds.notes[0].message


def test_box_notes_reach_the_import_summary(tmp_path):
    make_dataset(tmp_path / "ds")
    data = to_coco(read_yolo(tmp_path / "ds")[0])
    data["annotations"][0]["bbox"][2] = 500  # a.jpg is 200 wide
    (tmp_path / "in.json").write_text(json.dumps(data))
    summary = import_dataset(tmp_path / "in.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert [n.path for n in summary.notes] == ["images/train/a.jpg"] and summary.issues == ()


# ---------------------------------------------------------------- 6. COCO file_name with another machine's path

def test_coco_absolute_file_names_fall_back_to_the_photo_name(tmp_path):
    make_dataset(tmp_path / "ds")
    data = to_coco(read_yolo(tmp_path / "ds")[0])
    for image in data["images"]:
        image["file_name"] = "/home/someone/Pictures/" + image["file_name"].rsplit("/", 1)[-1]
    data["images"][1]["file_name"] = "C:\\Users\\someone\\b.png"
    (tmp_path / "abs.json").write_text(json.dumps(data))
    summary = import_dataset(tmp_path / "abs.json", Format.COCO, tmp_path / "ds")
    assert summary.issues == () and summary.labelled == 3 and summary.unchanged == 3
    # two entries of one name in other folders: which is which is not guessed
    data["images"][1]["file_name"] = "/elsewhere/a.jpg"
    (tmp_path / "two.json").write_text(json.dumps(data))
    summary = import_dataset(tmp_path / "two.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert sorted(i.path for i in summary.issues) == ["/elsewhere/a.jpg", "/home/someone/Pictures/a.jpg"]
    assert all("a.jpg" in i.message and i.message_ja for i in summary.issues)


# ---------------------------------------------------------------- 7. an unchanged photo's label file kept as it is

def test_a_coco_round_trip_keeps_unchanged_label_files_byte_for_byte(tmp_path):
    rng = random.Random(51)
    photos = {}
    for n in range(6):
        boxes = []
        for _ in range(8):
            x, y = rng.uniform(0, 0.8), rng.uniform(0, 0.8)
            boxes.append(Box("1m", (x, y, x + rng.uniform(0.02, 0.19), y + rng.uniform(0.02, 0.19))))
        photos[f"images/train/p{n}.jpg"] = ((637, 479), tuple(boxes))
    make_dataset(tmp_path / "ds", photos)
    before = {p: p.read_bytes() for p in (tmp_path / "ds/labels").rglob("*.txt")}
    mtimes = {p: p.stat().st_mtime_ns for p in before}
    export_dataset(tmp_path / "ds", Format.COCO, tmp_path / "c.json")
    summary = import_dataset(tmp_path / "c.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert summary.unchanged == 6 and summary.replaced == 0
    assert {p: p.read_bytes() for p in before} == before
    assert {p: p.stat().st_mtime_ns for p in before} == mtimes


# ---------------------------------------------------------------- 8. an export names each photo it left out

def test_an_export_names_each_photo_left_out_and_its_boxes(tmp_path):
    from tilelens.labelling.transfer import left_out

    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/images/train/a.jpg").unlink()  # its label file (2 boxes) stays
    (tmp_path / "ds/images/train/b.png").write_bytes(b"")  # unreadable: its 1 box
    _, issues = export_dataset(tmp_path / "ds", Format.COCO, tmp_path / "c.json")
    lost = left_out(issues)
    assert sorted(i.path for i in lost) == ["images/train/b.png", "labels/train/a.txt"]
    said = {i.path: i.message for i in lost}
    assert "2 boxes" in said["labels/train/a.txt"] and "left out" in said["labels/train/a.txt"]
    assert "1 box " in said["images/train/b.png"] + " " and all(i.message_ja for i in lost)


def test_two_entries_naming_one_photo_in_other_words_are_refused_unless_their_boxes_agree(tmp_path):
    make_dataset(tmp_path / "ds")
    data = to_coco(read_yolo(tmp_path / "ds")[0])
    data["images"].append(dict(data["images"][0], id=99, file_name="a.jpg"))  # images/train/a.jpg by its name
    data["annotations"].append(dict(data["annotations"][0], id=99, image_id=99))
    (tmp_path / "in.json").write_text(json.dumps(data))
    labels = (tmp_path / "ds/labels/train/a.txt").read_text()
    with pytest.raises(LabelFileError, match=r"images/train/a\.jpg and a\.jpg") as exc:
        import_dataset(tmp_path / "in.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert exc.value.message_ja and (tmp_path / "ds/labels/train/a.txt").read_text() == labels
    data["annotations"].append(dict(data["annotations"][1], id=100, image_id=99))  # now the same two boxes
    (tmp_path / "in.json").write_text(json.dumps(data))
    summary = import_dataset(tmp_path / "in.json", Format.COCO, tmp_path / "ds")
    assert summary.labelled == 3 and [n.path for n in summary.notes] == ["a.jpg"]
