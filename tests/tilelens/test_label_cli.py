"""``tilelens label`` end to end through the router: export, import, check, and bad input (exit 2)."""
from __future__ import annotations

import json
import shutil

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import read_yolo
from tilelens.labelling.transfer import Format, import_dataset

from label_helpers import coco_of_one_photo as _coco_of_one_photo, make_dataset, same_boxes


def test_export_coco_then_import_into_a_new_folder_copies_photos(tmp_path, capsys):
    original = make_dataset(tmp_path / "ds")
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "coco", str(tmp_path / "out/coco.json")]) == 0
    # The photos travel beside the JSON, as a COCO download would have them.
    shutil.copytree(tmp_path / "ds/images", tmp_path / "out/images")
    assert tilelens(["label", "import", str(tmp_path / "out/coco.json"), "--from", "coco",
                     str(tmp_path / "new")]) == 0
    assert "3 photos labelled" in capsys.readouterr().out
    back, issues = read_yolo(tmp_path / "new")
    assert issues == [] and same_boxes(original, back)
    assert (tmp_path / "new/images/val/c.jpg").is_file()


def test_labelstudio_export_import_round_trip_in_place(tmp_path, capsys):
    original = make_dataset(tmp_path / "ds")
    out = tmp_path / "ls/tasks.json"
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "labelstudio", str(out)]) == 0
    assert out.with_suffix(".xml").read_text().count("<Label ") == 4
    tasks = json.loads(out.read_text())
    # A person moves one box in Label Studio and exports the project.
    result = tasks[0]["predictions"][0]["result"][0]
    result["value"]["x"] = 40.0
    tasks[0]["annotations"] = [{"result": [result]}]
    out.write_text(json.dumps(tasks))
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "ds")]) == 2
    assert "1 photo of" in capsys.readouterr().err  # the moved box would replace a person's labels: not by default
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "ds"), "--overwrite"]) == 0
    back, _ = read_yolo(tmp_path / "ds")
    first = next(im for im in back.images if im.path == "images/train/a.jpg")
    assert [round(v, 6) for v in first.boxes[0].xyxyn] == [0.4, 0.2, 0.6, 0.8]
    assert len(first.boxes) == 1  # the annotation replaced the two predicted boxes
    untouched = {im.path: im.boxes for im in original.images if im.path != "images/train/a.jpg"}
    for image in back.images:
        if image.path in untouched:
            assert all(a.close_to(b, 1e-5) for a, b in zip(image.boxes, untouched[image.path], strict=True))


def test_import_skips_paths_escaping_the_folder_and_missing_photos(tmp_path):
    make_dataset(tmp_path / "ds")
    (tmp_path / "secret.jpg").write_bytes((tmp_path / "ds/images/train/a.jpg").read_bytes())
    coco = {"images": [{"id": 1, "file_name": "../secret.jpg", "width": 200, "height": 100},
                       {"id": 2, "file_name": "/etc/passwd", "width": 200, "height": 100},
                       {"id": 3, "file_name": "nowhere.jpg", "width": 200, "height": 100},
                       {"id": 4, "file_name": "images/train/b.png", "width": 120, "height": 160}],
            "annotations": [{"id": 1, "image_id": 4, "category_id": 1, "bbox": [12, 16, 24, 32]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "ds/in.json").write_text(json.dumps(coco))
    summary = import_dataset(tmp_path / "ds/in.json", Format.COCO, tmp_path / "ds", overwrite=True)
    assert summary.labelled == 1 and summary.copied == 0
    assert [(str(i.kind), i.path) for i in summary.issues] == [
        ("path-escapes-folder", "../secret.jpg"), ("missing-images", "/etc/passwd"),
        ("missing-images", "nowhere.jpg")]
    assert (tmp_path / "ds/labels/train/b.txt").read_text() == "0 0.200000 0.200000 0.200000 0.200000\n"
    # through the command: a photo skipped is exit 1 (it was 0, also when every photo was skipped)
    assert tilelens(["label", "import", str(tmp_path / "ds/in.json"), "--from", "coco", str(tmp_path / "ds"),
                     "--overwrite"]) == 1
    coco["categories"] = [{"id": 1, "name": "1m"}, {"id": 2, "name": "1m"}]
    (tmp_path / "twice.json").write_text(json.dumps(coco))
    assert tilelens(["label", "import", str(tmp_path / "twice.json"), "--from", "coco", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()  # refused before anything is written: its data.yaml would list 1m twice


def test_an_import_does_not_replace_a_persons_labels_unless_told(tmp_path, capsys):
    make_dataset(tmp_path / "ds")
    before = {p.name: p.read_text() for p in (tmp_path / "ds/labels").rglob("*.txt")}
    coco = {"images": [{"id": 1, "file_name": "images/train/a.jpg", "width": 200, "height": 100},
                       {"id": 2, "file_name": "images/train/b.png", "width": 120, "height": 160}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [12, 16, 24, 32]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "one.json").write_text(json.dumps(coco))
    assert tilelens(["label", "import", str(tmp_path / "one.json"), "--from", "coco", str(tmp_path / "ds")]) == 2
    err = capsys.readouterr().err
    assert "2 photos of" in err and "images/train/a.jpg, 2 boxes -> 1" in err and "--overwrite" in err
    assert {p.name: p.read_text() for p in (tmp_path / "ds/labels").rglob("*.txt")} == before  # nothing written
    assert tilelens(["label", "import", str(tmp_path / "one.json"), "--from", "coco", str(tmp_path / "ds"),
                     "--overwrite"]) == 0
    assert (tmp_path / "ds/labels/train/a.txt").read_text().count("\n") == 1
    # photos brought in from outside the folder: importing them again over labels edited since is refused too
    shutil.copytree(tmp_path / "ds/images", tmp_path / "outside/images")
    assert tilelens(["label", "import", str(tmp_path / "one.json"), "--from", "coco", str(tmp_path / "new"),
                     "--images", str(tmp_path / "outside")]) == 0
    (tmp_path / "new/labels/train/a.txt").write_text("0 0.5 0.5 0.1 0.1\n0 0.2 0.2 0.1 0.1\n")
    assert tilelens(["label", "import", str(tmp_path / "one.json"), "--from", "coco", str(tmp_path / "new"),
                     "--images", str(tmp_path / "outside")]) == 2
    assert "images/train/a.jpg, 2 boxes -> 1" in capsys.readouterr().err


def test_a_photo_not_labelled_yet_stays_unlabelled_through_an_export_and_import(tmp_path, capsys):
    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/labels/train/b.txt").unlink()  # b.png: not labelled yet (not "a photo of no tiles")
    for fmt, out in (("coco", "c.json"), ("labelstudio", "ls.json")):
        assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", fmt, str(tmp_path / out)]) == 0
        new = tmp_path / f"new-{fmt}"
        assert tilelens(["label", "import", str(tmp_path / out), "--from", fmt, str(new),
                         "--images", str(tmp_path / "ds")]) == 0
        assert "2 photos labelled" in capsys.readouterr().out
        assert not list(new.rglob("b.txt")) and len(list(new.rglob("*.txt"))) == 2
    tasks = json.loads((tmp_path / "ls.json").read_text())
    assert any(t["data"]["tilelens_path"] == "images/train/b.png" and "predictions" not in t for t in tasks)


@pytest.mark.parametrize("bbox, said", [([600, 600, 100, -50], "width and height must be positive"),
                                        ([700, 10, 20, 20], "lies outside the 640 x 640 image")])
def test_an_impossible_coco_box_is_named_not_written(tmp_path, capsys, bbox, said):
    coco = {"images": [{"id": 1, "file_name": "a.jpg", "width": 640, "height": 640}],
            "annotations": [{"id": 7, "image_id": 1, "category_id": 1, "bbox": bbox}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "bad.json").write_text(json.dumps(coco))
    assert tilelens(["label", "import", str(tmp_path / "bad.json"), "--from", "coco", str(tmp_path / "d")]) == 2
    assert "annotation 7 on a.jpg: " in (err := capsys.readouterr().err) and said in err


def test_a_coco_box_a_little_past_the_edge_is_cut_at_it():
    from tilelens.labelling.coco import from_coco

    data = {"images": [{"id": 1, "file_name": "a.jpg", "width": 100, "height": 50}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [90, -2, 12, 20]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (box,) = from_coco(data).images[0].boxes
    assert [round(v, 6) for v in box.xyxyn] == [0.9, 0.0, 1.0, 0.36]


def test_check_exit_status_and_json(tmp_path, capsys):
    make_dataset(tmp_path)
    assert tilelens(["label", "check", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 2, "val": 1} and out["issues"] == []
    (tmp_path / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n")
    assert tilelens(["label", "check", str(tmp_path)]) == 1
    assert "error [wrong-field-count] labels/train/a.txt:1: 4 fields, expected 5" in capsys.readouterr().out
    assert tilelens(["label", "stats", str(tmp_path)]) == 0


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    assert tilelens(["label", "check", str(tmp_path / "nope")]) == 2
    assert "nope: no such folder" in capsys.readouterr().err
    assert tilelens(["label", "check", str(tmp_path)]) == 2  # a folder without one
    assert "no data.yaml" in capsys.readouterr().err
    (tmp_path / "x.json").write_text("{broken")
    assert tilelens(["label", "import", str(tmp_path / "x.json"), "--from", "coco", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens label: ") and "not valid JSON" in err and "Traceback" not in err
    make_dataset(tmp_path / "ds")
    (tmp_path / "ls.json").write_text(json.dumps([{"data": {"image": "a.jpg"}, "annotations": [{"result": [
        {"type": "rectanglelabels", "value": {"x": 1, "y": 1, "width": 1, "height": 1, "rectanglelabels": ["cat"]}}]}]}]))
    assert tilelens(["label", "import", str(tmp_path / "ls.json"), "--from", "labelstudio", str(tmp_path / "ds")]) == 2
    assert "'cat' is not a tile kind" in capsys.readouterr().err


def test_labelstudio_upload_urls_find_photos_already_filed_by_name(tmp_path):
    make_dataset(tmp_path / "ds")
    task = {"data": {"image": "/data/upload/7/0f1e2d3c-c.jpg"}, "annotations": [{"result": [{
        "type": "rectanglelabels", "original_width": 160, "original_height": 160,
        "value": {"x": 25, "y": 25, "width": 50, "height": 50, "rectanglelabels": ["7z"]}}]}]}
    (tmp_path / "export.json").write_text(json.dumps([task]))
    summary = import_dataset(tmp_path / "export.json", Format.LABELSTUDIO, tmp_path / "ds", overwrite=True)
    assert (summary.labelled, summary.copied, summary.issues) == (1, 0, ())
    assert (tmp_path / "ds/labels/val/c.txt").read_text() == "3 0.500000 0.500000 0.500000 0.500000\n"


def test_init_on_a_folder_without_photos_says_where_it_looked(tmp_path, capsys):
    assert tilelens(["label", "init", str(tmp_path), "--game", "nogizaka"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"data.yaml written in {tmp_path}, with no photos yet") and (tmp_path / "data.yaml").is_file()
    assert f"put them in {tmp_path}" in out and ".jpg" in out and err == ""


def test_photos_imported_from_outside_never_write_over_a_photo_of_the_dataset(tmp_path, capsys):
    # two photos d.jpg of other folders were both copied onto the dataset's own (unlabelled) d.jpg: it was
    # gone, and so was the first import
    from PIL import Image

    make_dataset(tmp_path / "ds")
    own = tmp_path / "ds/images/train/d.jpg"
    Image.new("RGB", (90, 60), (40, 120, 60)).save(own)
    before = own.read_bytes()
    for sub, colour in (("x", (255, 0, 0)), ("y", (0, 0, 255))):
        (tmp_path / "src" / sub).mkdir(parents=True)
        Image.new("RGB", (100, 100), colour).save(tmp_path / "src" / sub / "d.jpg")
    coco = {"images": [{"id": 1, "file_name": "x/d.jpg", "width": 100, "height": 100},
                       {"id": 2, "file_name": "y/d.jpg", "width": 100, "height": 100}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20]},
                            {"id": 2, "image_id": 2, "category_id": 1, "bbox": [50, 50, 20, 20]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "src/c.json").write_text(json.dumps(coco))
    argv = ["label", "import", str(tmp_path / "src/c.json"), "--from", "coco", str(tmp_path / "ds")]
    assert tilelens(argv) == 0
    train = tmp_path / "ds/images/train"
    assert own.read_bytes() == before
    assert (train / "d-2.jpg").read_bytes() == (tmp_path / "src/x/d.jpg").read_bytes()
    assert (train / "d-3.jpg").read_bytes() == (tmp_path / "src/y/d.jpg").read_bytes()
    assert (tmp_path / "ds/labels/train/d-2.txt").is_file() and (tmp_path / "ds/labels/train/d-3.txt").is_file()
    assert tilelens(argv) == 0  # the same photos again: labelled where they went, not copied a third time
    assert sorted(p.name for p in train.glob("d*")) == ["d-2.jpg", "d-3.jpg", "d.jpg"]


@pytest.mark.parametrize("argv, said", [
    (["label", "export", "{ds}", "--to", "labelstudio", "{tmp}/tasks.xml"], "the tasks are JSON"),
    (["label", "export", "{ds}", "--to", "coco", "{tmp}"], "is a folder: name the file to write"),
    (["label", "import", "{tmp}", "--from", "coco", "{ds}"], "is a folder: name the coco JSON file"),
])
def test_an_export_or_import_named_wrong_is_one_line_and_writes_nothing(tmp_path, capsys, argv, said):
    # tasks.xml: the interface XML was written over the tasks just written; a folder: IsADirectoryError
    make_dataset(tmp_path / "ds")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert tilelens([a.format(ds=tmp_path / "ds", tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_labelstudio_round_trip_into_a_new_folder_keeps_the_class_numbers_and_the_game(tmp_path, capsys):
    # the new data.yaml named only the kinds seen, numbered as they came, and had no game: 5p (class 2)
    # came back as class 0, and the picker could offer no other tile
    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/data.yaml").write_text((tmp_path / "ds/data.yaml").read_text() + "game: tokyo-mahjong\n")
    before = read_yolo(tmp_path / "ds")[0]
    out = tmp_path / "ls/tasks.json"
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "labelstudio", str(out)]) == 0
    shutil.copytree(tmp_path / "ds/images", tmp_path / "ls/images")
    assert tilelens(["label", "import", str(out), "--from", "labelstudio", str(tmp_path / "new"),
                     "--images", str(tmp_path / "ls")]) == 0
    back = read_yolo(tmp_path / "new")[0]
    assert back.names == before.names and back.game == "tokyo-mahjong"
    assert (tmp_path / "new/labels/train/a.txt").read_text() == (tmp_path / "ds/labels/train/a.txt").read_text()


def test_an_unchanged_coco_export_imported_back_in_place_is_not_refused(tmp_path, capsys):
    # COCO keeps pixels to 3 decimals: the labels read back differed in the last digit written, so the
    # import refused them as "would be relabelled"
    make_dataset(tmp_path / "ds")
    (tmp_path / "ds/labels/train/a.txt").write_text("0 0.123457 0.500000 0.111111 0.200000\n")  # not whole pixels
    before = {p.name: p.read_text() for p in (tmp_path / "ds/labels").rglob("*.txt")}
    out = tmp_path / "ds/coco.json"
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "coco", str(out)]) == 0
    assert tilelens(["label", "import", str(out), "--from", "coco", str(tmp_path / "ds")]) == 0
    after = {p.name: p.read_text() for p in (tmp_path / "ds/labels").rglob("*.txt")}
    assert after.keys() == before.keys()


@pytest.mark.parametrize("out", ["data.yaml", "labels/train/a.txt", "data.json"])
def test_an_export_never_writes_over_the_dataset_it_exports(tmp_path, capsys, out):
    """`label export DIR --to labelstudio DIR/data.yaml` wrote the tasks over data.yaml (exit 0)."""
    make_dataset(tmp_path / "ds")
    before = {p: p.read_bytes() for p in (tmp_path / "ds").rglob("*") if p.is_file()}
    to = "coco" if out.endswith(".txt") else "labelstudio"
    if out == "data.json":  # its interface would go beside it as data.xml: allowed, nothing of the set is touched
        assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", to, str(tmp_path / "ds" / out)]) == 0
        assert all(p.read_bytes() == data for p, data in before.items())
        return
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", to, str(tmp_path / "ds" / out)]) == 2
    assert "would write over the dataset's own" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in (tmp_path / "ds").rglob("*") if p.is_file()} == before


def test_check_names_a_photo_cut_short_and_goes_on(tmp_path, capsys):
    import io

    from PIL import Image

    make_dataset(tmp_path)
    out = io.BytesIO()
    Image.effect_noise((400, 300), 64).convert("RGB").save(out, "JPEG")
    whole = out.getvalue()
    (tmp_path / "images/train/a.jpg").write_bytes(whole[:whole.find(b"\xff\xda") + 600])
    assert tilelens(["label", "check", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    said = [line for line in captured.out.splitlines() if "a.jpg" in line]
    assert said == ["  error [unreadable-photo] images/train/a.jpg: the file is cut short (an incomplete download "
                    "or copy): take or choose the photo again (or copy it again)"]
    assert "photos with a label file: 2" in captured.out and "Traceback" not in captured.err


def _tokyo_dataset(root, photos=None):
    """``make_dataset`` with Tokyo Mahjong's class names (``label init --game tokyo-mahjong`` keeps them)."""
    from scorer import load_game

    from label_helpers import PHOTOS

    return make_dataset(root, photos or PHOTOS, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))


def test_photos_in_subfolders_of_a_split_are_seen_as_training_sees_them(tmp_path, monkeypatch, capsys):
    # Ultralytics reads a split's folder through (glob **, recursive) and takes each photo's labels from the
    # same place under labels/: images/train/day1/b.jpg -> labels/train/day1/b.txt
    from PIL import Image

    from label_helpers import PHOTOS, FixedReader
    from tilelens.labelling import prelabel, teach
    from tilelens.labelling.store import set_done

    photos = {("images/train/day1/b.png" if rel.endswith("b.png") else rel): v for rel, v in PHOTOS.items()}
    _tokyo_dataset(tmp_path, photos)
    assert (tmp_path / "labels/train/day1/b.txt").is_file()
    Image.new("RGB", (90, 60), (10, 120, 60)).save(tmp_path / "images/train/day1/new.jpg")
    assert tilelens(["label", "check", str(tmp_path), "--json"]) == 0  # a photo without labels: a warning
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 3, "val": 1}
    assert [(i["kind"], i["path"]) for i in out["issues"]] == [("no-label-file", "images/train/day1/new.jpg")]
    assert "labels/train/day1/new.txt" in out["issues"][0]["message"]
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: FixedReader())
    assert tilelens(["label", "init", str(tmp_path), "--game", "tokyo-mahjong"]) == 0
    assert "4 photos: 1 pre-labelled" in capsys.readouterr().out
    assert (tmp_path / "labels/train/day1/new.txt").is_file()
    assert tilelens(["label", "check", str(tmp_path)]) == 0
    set_done(tmp_path, "images/train/day1/b.png")
    assert [p.relative_to(tmp_path).as_posix() for p in teach.accepted_photos(tmp_path)[0]] == [
        "images/train/day1/b.png"]


def _as_txt_lists(root):
    """Rewrite ``root``'s data.yaml to give its splits as ``.txt`` lists of photo paths, as a COCO-style
    dataset does (``train: train.txt`` holding ``./images/train/a.jpg`` lines)."""
    import yaml

    data = yaml.safe_load((root / "data.yaml").read_text())
    for split in ("train", "val"):
        photos = sorted((root / "images" / split).rglob("*.*"))
        (root / f"{split}.txt").write_text("".join(f"./{p.relative_to(root).as_posix()}\n" for p in photos))
        data[split] = f"{split}.txt"
    (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False))


def test_photos_filed_into_a_dataset_of_txt_lists_are_added_to_its_list(tmp_path, monkeypatch, capsys):
    # a split given as a .txt list trains on the photos the list names only: a photo init or an import filed
    # under images/train was labelled, and never trained on (and `label check` called its labels orphans)
    from PIL import Image

    from label_helpers import FixedReader
    from tilelens.labelling import prelabel

    root = tmp_path / "ds"
    _tokyo_dataset(root)
    _as_txt_lists(root)
    before = (root / "train.txt").read_text()
    Image.new("RGB", (90, 60), (10, 120, 60)).save(root / "loose.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: FixedReader())
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    assert "4 photos: 1 pre-labelled" in capsys.readouterr().out
    assert (root / "train.txt").read_text() == before + "./images/train/loose.jpg\n"
    assert (root / "val.txt").read_text().splitlines() == ["./images/val/c.jpg"]
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"]["photos_per_split"] == {"train": 3, "val": 1}
    # an import copying a photo in from outside: listed too, and once only when imported again
    _coco_of_one_photo(tmp_path / "out")
    for _ in range(2):
        assert tilelens(["label", "import", str(tmp_path / "out/coco.json"), "--from", "coco", str(root)]) == 0
    assert "1 photo labelled" in capsys.readouterr().out  # one in the singular (session 55)
    assert (root / "train.txt").read_text() == before + "./images/train/loose.jpg\n./images/train/far.jpg\n"
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"]["photos_per_split"] == {"train": 4, "val": 1}


def test_ctrl_c_during_init_says_running_it_again_goes_on_where_it_stopped(tmp_path, monkeypatch, capsys):
    from PIL import Image

    from label_helpers import FixedReader
    from tilelens.labelling import prelabel

    for i, name in enumerate(("one", "two", "three")):
        Image.new("RGB", (90, 60), (10, 120, 60 + 60 * i)).save(tmp_path / f"{name}.jpg")

    class Interrupted(FixedReader):
        def read(self, image, source=None):
            if self.calls:
                raise KeyboardInterrupt
            return super().read(image)

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: Interrupted())
    assert tilelens(["label", "init", str(tmp_path), "--game", "tokyo-mahjong"]) == 130
    err = capsys.readouterr().err
    assert [line for line in err.splitlines() if line.startswith("tilelens")] == [
        "tilelens label init: interrupted with 1 of 3 photos pre-labelled: their labels are kept, and the same "
        "command goes on where it stopped"]
    (tmp_path / "labels/train/one.txt").unlink()  # --overwrite starts over: it says so
    assert tilelens(["label", "init", str(tmp_path), "--game", "tokyo-mahjong", "--overwrite"]) == 130
    assert "run without --overwrite, init pre-labels only the photos without labels" in capsys.readouterr().err


def test_photos_filed_into_a_roboflow_dataset_go_where_its_splits_are(tmp_path, monkeypatch, capsys):
    # a Roboflow export names its splits' folders (`train: train/images`): init and an import filed photos
    # under images/train, which such a dataset does not train on (and `label check` did not see)
    from PIL import Image

    from label_helpers import FixedReader, as_roboflow
    from tilelens.labelling import prelabel

    root = tmp_path / "ds"
    _tokyo_dataset(root)
    as_roboflow(root)
    settings = (root / "data.yaml").read_text()
    Image.new("RGB", (90, 60), (10, 120, 60)).save(root / "loose.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: FixedReader())
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    assert "4 photos: 1 pre-labelled" in capsys.readouterr().out
    assert (root / "train/images/loose.jpg").is_file() and (root / "train/labels/loose.txt").is_file()
    Image.new("RGB", (90, 60), (200, 120, 60)).save(root / "checked.jpg")  # a photo filed into val
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong", "--val-fraction", "1"]) == 0
    assert (root / "valid/images/checked.jpg").is_file() and (root / "valid/labels/checked.txt").is_file()
    # an import copying a photo in from outside: into the folder of its split too
    _coco_of_one_photo(tmp_path / "out")
    assert tilelens(["label", "import", str(tmp_path / "out/coco.json"), "--from", "coco", str(root)]) == 0
    assert (root / "train/images/far.jpg").is_file()
    assert (root / "train/labels/far.txt").read_text() == "0 0.200000 0.200000 0.200000 0.200000\n"
    assert not (root / "images").exists() and not (root / "labels").exists()
    assert (root / "data.yaml").read_text() == settings
    capsys.readouterr()
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 4, "val": 2} and out["issues"] == []


def test_a_roboflow_export_as_downloaded_is_read_and_filed_into_as_ultralytics_trains_on_it(tmp_path, monkeypatch,
                                                                                            capsys):
    # Roboflow's data.yaml names its splits from one folder up (`train: ../train/images`, no `path:`), and
    # Ultralytics takes such an entry without the `../` where it does not exist: `label check` said the
    # splits point outside the dataset and saw no photo, and init filed photos into images/train
    from PIL import Image

    from label_helpers import FixedReader, roboflow_export
    from scorer import load_game
    from tilelens.labelling import prelabel

    root = tmp_path / "ds"
    roboflow_export(root)
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 1, "val": 1, "test": 1} and out["issues"] == []

    names = tuple(t.id for t in load_game("tokyo-mahjong").tiles)
    shutil.rmtree(root)
    settings = roboflow_export(root, names, "game: tokyo-mahjong\n").encode("utf-8")
    Image.new("RGB", (90, 60), (10, 120, 60)).save(root / "loose.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: FixedReader())
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    assert "4 photos: 1 pre-labelled" in capsys.readouterr().out
    assert (root / "train/images/loose.jpg").is_file() and (root / "train/labels/loose.txt").is_file()
    assert not (root / "images").exists() and not (root / "labels").exists()
    assert (root / "data.yaml").read_bytes() == settings  # the user's file, as it was
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 2, "val": 1, "test": 1} and out["issues"] == []


def test_a_roboflow_export_without_its_test_folder_is_a_warning_but_no_train_or_val_folder_an_error(tmp_path,
                                                                                                   capsys):
    # a Roboflow export downloaded without its test split keeps `test: ../test/images` in data.yaml:
    # `label check` called that an error and exited 1, but Ultralytics trains on it (check_det_dataset
    # requires only the val split's folders to exist); without train or val it does not
    from label_helpers import roboflow_export

    root = tmp_path / "ds"
    roboflow_export(root)
    shutil.rmtree(root / "test")
    assert tilelens(["label", "check", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stats"]["photos_per_split"] == {"train": 1, "val": 1, "test": 0}
    [issue] = out["issues"]
    assert issue["error"] is False and issue["path"] == "data.yaml" and "'../test/images'" in issue["message"]
    assert tilelens(["label", "check", str(root)]) == 0
    text = capsys.readouterr().out
    assert "0 errors, 1 warning" in text and "warning [" in text and "'../test/images' does not exist" in text

    for split, folder in (("train", "train"), ("val", "valid")):
        shutil.rmtree(root)
        roboflow_export(root)
        shutil.rmtree(root / folder)
        assert tilelens(["label", "check", str(root), "--json"]) == 1
        [issue] = json.loads(capsys.readouterr().out)["issues"]
        assert issue["error"] is True and f"'../{folder}/images' does not exist" in issue["message"], split


def test_a_roboflow_export_through_coco_into_a_new_folder_keeps_its_test_split(tmp_path, capsys):
    # an export of a Roboflow download (train, valid and test) imported into a new folder copied the test
    # photo into images/test but wrote a data.yaml of train and val only: the photo was in no split, and
    # `label check` called its label file one without a photo
    from label_helpers import roboflow_export

    roboflow_export(tmp_path / "rf")
    out = tmp_path / "coco.json"
    assert tilelens(["label", "export", str(tmp_path / "rf"), "--to", "coco", str(out)]) == 0
    assert tilelens(["label", "import", str(out), "--from", "coco", str(tmp_path / "new"),
                     "--images", str(tmp_path / "rf")]) == 0
    assert "3 photos labelled in" in capsys.readouterr().out
    assert (tmp_path / "new/images/test/x.jpg").is_file() and (tmp_path / "new/labels/test/x.txt").is_file()
    assert tilelens(["label", "check", str(tmp_path / "new"), "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["stats"]["photos_per_split"] == {"train": 1, "val": 1, "test": 1} and checked["issues"] == []
    back, _ = read_yolo(tmp_path / "new")
    assert {im.path: str(im.split) for im in back.images} == {
        "images/train/t.jpg": "train", "images/val/v.jpg": "val", "images/test/x.jpg": "test"}


def test_labelstudio_upload_urls_find_photos_filed_in_a_roboflow_exports_split_folders(tmp_path):
    # a Label Studio export of photos uploaded to it names each photo by its name only; in a Roboflow
    # export as downloaded the photos are in train/images, valid/images and test/images, and the import
    # skipped every one as "photo not found" (it looked only under images/)
    from label_helpers import roboflow_export

    root = tmp_path / "rf"
    roboflow_export(root)
    tasks = [{"data": {"image": f"/data/upload/7/0f1e2d3c-{name}.jpg"}, "annotations": [{"result": [{
        "type": "rectanglelabels", "original_width": 60, "original_height": 90,
        "value": {"x": 25, "y": 25, "width": 50, "height": 50, "rectanglelabels": ["3m"]}}]}]}
        for name in ("t", "v", "x")]
    (tmp_path / "export.json").write_text(json.dumps(tasks))
    summary = import_dataset(tmp_path / "export.json", Format.LABELSTUDIO, root, overwrite=True)
    assert (summary.labelled, summary.copied, summary.issues) == (3, 0, ())
    for folder, stem in (("train", "t"), ("valid", "v"), ("test", "x")):
        assert (root / folder / "labels" / f"{stem}.txt").read_text() == "2 0.500000 0.500000 0.500000 0.500000\n"
    assert not (root / "images").exists() and not (root / "labels").exists()


@pytest.mark.parametrize("out", ["train/labels/t.txt", "valid/labels/v.txt"])
def test_an_export_never_writes_over_a_roboflow_exports_own_files(tmp_path, capsys, out):
    # the guard knew only images/ and labels/: `label export DS --to coco DS/train/labels/t.txt` wrote the
    # COCO JSON over a label file of a Roboflow export (its labels are in train/labels, valid/labels ...)
    from label_helpers import roboflow_export

    root = tmp_path / "rf"
    roboflow_export(root)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert tilelens(["label", "export", str(root), "--to", "coco", str(root / out)]) == 2
    assert "would write over the dataset's own" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_check_counts_a_val_naming_the_training_photos_once(tmp_path, capsys):
    # `label init` with no --val-fraction writes `val: images/train`: the check said "train 2, val 2", as if
    # the dataset held four photos
    make_dataset(tmp_path)
    (tmp_path / "images/val/c.jpg").unlink()
    (tmp_path / "labels/val/c.txt").unlink()
    text = (tmp_path / "data.yaml").read_text()
    (tmp_path / "data.yaml").write_text(text.replace("val: images/val", "val: images/train"))
    assert "val: images/train" in (tmp_path / "data.yaml").read_text()
    tilelens(["label", "check", str(tmp_path)])
    out = capsys.readouterr().out
    assert "photos per split: train 2, val = train" in out, out
    assert tilelens(["label", "check", str(tmp_path), "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["stats"]["same_as_train"] == ["val"]
