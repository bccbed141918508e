"""Label round trips that lost things silently or said them oddly (session 51, second walk): a photo with no
label file, predictions-only tasks under --annotations-only, accepted marks dropped by a COCO file of another
tool, kinds not of the game, a file given for the dataset's folder, COCO boxes' precision, and small wording."""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import LabelFileError, load_done, set_done
from tilelens.labelling.labelstudio import label_config
from tilelens.labelling.transfer import Format, export_dataset, import_dataset
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import make_dataset


def _unlabelled_dataset(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "labels/train/b.txt").unlink()  # b.png: not labelled yet
    return root


def test_coco_export_keeps_an_unlabelled_photo_and_the_import_copies_it_in_without_labels(tmp_path):
    root = _unlabelled_dataset(tmp_path)
    out = tmp_path / "coco.json"
    export_dataset(root, Format.COCO, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    entry = next(e for e in data["images"] if e["file_name"].endswith("b.png"))
    assert not [a for a in data["annotations"] if a["image_id"] == entry["id"]]
    new = tmp_path / "new"
    s = import_dataset(out, Format.COCO, new, images_dir=root)
    assert (new / "images/train/b.png").is_file()
    assert not (new / "labels/train/b.txt").exists()  # not labelled yet, not "no tiles"
    assert s.labelled == 2 and s.copied == 3
    assert any("b.png" in n.path and "not labelled" in n.message for n in s.notes)


def test_labelstudio_import_copies_an_unlabelled_task_in(tmp_path):
    root = _unlabelled_dataset(tmp_path)
    out = tmp_path / "tasks.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    new = tmp_path / "new"
    s = import_dataset(out, Format.LABELSTUDIO, new, images_dir=root)
    assert (new / "images/train/b.png").is_file()
    assert not (new / "labels/train/b.txt").exists()
    assert s.copied == 3 and s.labelled == 2
    assert any("b.png" in n.path for n in s.notes)


def test_annotations_only_counts_and_names_predictions_only_tasks(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg", True)
    out = tmp_path / "tasks.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    new = tmp_path / "new"
    s = import_dataset(out, Format.LABELSTUDIO, new, images_dir=root, use_predictions=False)
    assert s.labelled == 1
    assert set(s.left_out) == {"images/train/b.png", "images/val/c.jpg"}
    assert {n.path for n in s.notes if "predictions only" in n.message} == set(s.left_out)


def test_annotations_only_says_the_tasks_skipped_on_the_command_line(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg", True)
    out = tmp_path / "tasks.json"
    export_dataset(root, Format.LABELSTUDIO, out)
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "new"), "--images",
                     str(root), "--annotations-only"]) == 0
    said = capsys.readouterr()
    assert "2 skipped" in said.out and "images/val/c.jpg" in said.err


def test_a_coco_file_without_accepted_marks_says_which_photos_lose_theirs(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg", True)
    out = tmp_path / "coco.json"
    export_dataset(root, Format.COCO, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    for entry in data["images"]:
        del entry["tilelens_accepted"]
    data["annotations"] = [a for a in data["annotations"] if a["id"] != 1]  # a box of a.jpg deleted elsewhere
    out.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LabelFileError) as refused:
        import_dataset(out, Format.COCO, root)
    assert "accepted" in str(refused.value) and "images/train/a.jpg" in str(refused.value)
    assert "images/train/a.jpg" in refused.value.message_ja
    s = import_dataset(out, Format.COCO, root, overwrite=True)
    assert "images/train/a.jpg" not in load_done(root)
    assert any(n.path == "images/train/a.jpg" and "no longer marked accepted" in n.message for n in s.notes)


def _with_plum(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "coco.json"
    export_dataset(root, Format.COCO, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    data["categories"].append({"id": 99, "name": "Plum", "supercategory": "tile"})
    data["annotations"][0]["category_id"] = 99
    out.write_text(json.dumps(data), encoding="utf-8")
    return root, out


def test_a_kind_not_of_the_game_into_a_new_folder_becomes_its_own_kind_said(tmp_path):
    root, out = _with_plum(tmp_path)
    new = tmp_path / "new"
    s = import_dataset(out, Format.COCO, new, images_dir=root)
    config = read_data_yaml(new)
    assert "Plum" in config.names and "Plum" in config.own_kinds
    assert any("Plum" in n.message and "own" in n.message for n in s.notes)


def test_a_kind_not_of_the_folder_is_refused_naming_the_kinds_command(tmp_path):
    root, out = _with_plum(tmp_path)
    with pytest.raises(LabelFileError) as refused:
        import_dataset(out, Format.COCO, root, overwrite=True)
    assert "label kinds" in str(refused.value) and "--add Plum" in str(refused.value)


def test_label_check_names_the_kinds_command_for_a_class_not_of_the_game(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root, names=("1m", "2m", "5p", "7z", "Plum"))
    assert tilelens(["label", "check", str(root), "--game", "tokyo-mahjong"]) == 1
    assert "--add Plum" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["label", "export", "{f}", "{t}/x.json", "--to", "coco"],
                                  ["label", "import", "{t}/x.json", "{f}", "--from", "coco"]])
def test_a_file_given_for_the_folder_is_said_so(tmp_path, capsys, argv):
    root = tmp_path / "ds"
    make_dataset(root)
    (tmp_path / "x.json").write_text("[]", encoding="utf-8")
    argv = [a.format(f=root / "data.yaml", t=tmp_path) for a in argv]
    assert tilelens(argv) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_export_of_no_such_folder_says_so(tmp_path, capsys):
    assert tilelens(["label", "export", str(tmp_path / "nosuch"), str(tmp_path / "x.json"), "--to", "coco"]) == 2
    err = capsys.readouterr().err
    assert "no such folder" in err and "label init" not in err


def test_os_problem_in_japanese(monkeypatch):
    from tilelens.cli import os_problem

    monkeypatch.setenv("TILELENS_LANG", "ja")
    said = os_problem(FileExistsError(17, "File exists", "/x/afile"))
    assert "/x/afile" in said and "File exists" not in said


def test_a_coco_round_trip_into_a_new_folder_is_byte_for_byte(tmp_path):
    from tilelens.labelling import Box

    root = tmp_path / "ds"
    photos = {"images/train/a.jpg": ((640, 480), (Box("1m", (0.312700 - 0.0505, 0.2, 0.312700 + 0.0505, 0.61)),
                                                  Box("7z", (0.123457, 0.333333, 0.654321, 0.987654)))),
              "images/train/b.jpg": ((333, 777), (Box("2m", (0.111111, 0.222222, 0.333333, 0.444444)),))}
    make_dataset(root, photos)
    out = tmp_path / "coco.json"
    export_dataset(root, Format.COCO, out)
    new = tmp_path / "new"
    import_dataset(out, Format.COCO, new, images_dir=root)
    for label in sorted((root / "labels").rglob("*.txt")):
        assert (new / label.relative_to(root)).read_bytes() == label.read_bytes()


def test_export_suggests_a_coco_name_for_coco(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    (tmp_path / "out").mkdir()
    assert tilelens(["label", "export", str(root), str(tmp_path / "out"), "--to", "coco"]) == 2
    assert "coco.json" in capsys.readouterr().err


def test_labelstudio_interface_leaves_absent_kinds_out(tmp_path):
    xml = label_config(("0m", "1m"), {}, absent=("0m",))
    assert '"0m"' not in xml and '"1m"' in xml
    root = tmp_path / "ds"
    make_dataset(root)
    text = (root / "data.yaml").read_text(encoding="utf-8")
    (root / "data.yaml").write_text(text + "absent:\n- 5p\n", encoding="utf-8")
    written, _ = export_dataset(root, Format.LABELSTUDIO, tmp_path / "t.json")
    assert 'value="5p"' not in written[1].read_text(encoding="utf-8")


def test_one_box_is_said_in_the_singular(tmp_path):
    from tilelens.labelling.labelstudio import from_labelstudio

    def result(kind):
        return {"type": "rectanglelabels", "original_width": 100, "original_height": 100,
                "value": {"x": 10, "y": 10, "width": 20, "height": 20, "rotation": 0, "rectanglelabels": [kind]}}
    task = {"data": {"image": "/data/local-files/?d=a.jpg"},
            "annotations": [{"id": 1, "result": [result("1m")], "updated_at": "2026-12-01T10:00:00Z"},
                            {"id": 2, "result": [result("1m")], "updated_at": "2026-12-02T10:00:00Z"}]}
    note = from_labelstudio([task]).notes[0]
    assert "(1 boxes" not in note.message and "1 box" in note.message


def test_japanese_sizes_are_said_with_times_sign():
    from tilelens.labelling.coco import from_coco

    data = {"images": [{"id": 1, "file_name": "a.jpg", "width": 640, "height": 640}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [-5, 10, 20, 20]}],
            "categories": [{"id": 1, "name": "1m"}]}
    note = from_coco(data).notes[0]
    assert " x " not in note.message_ja and "640×640" in note.message_ja



def test_the_refusal_to_relabel_says_one_box_in_the_singular(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    out = tmp_path / "coco.json"
    export_dataset(root, Format.COCO, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    b = next(e["id"] for e in data["images"] if e["file_name"].endswith("b.png"))
    one = next(a for a in data["annotations"] if a["image_id"] == b)
    data["annotations"].append(dict(one, id=99, bbox=[1, 1, 10, 10]))
    out.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LabelFileError) as refused:
        import_dataset(out, Format.COCO, root)
    assert "1 box -> 2" in str(refused.value)
