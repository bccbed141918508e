"""A labelled photo set that cannot be read (its data.yaml, a label file, a photo, a synthetic set's
scenes.jsonl) is one clear line naming the file and what is wrong, from every command that takes one
(eval, enroll, the training commands), never a parser's traceback."""
import re
import shutil
from pathlib import Path

import cv2
import numpy as np

import pytest

from tilelens.cli import main as cli
from vision.cropset import CropDataError, yolo_images, yolo_names
from vision.data_yaml import read_data_yaml
from vision.eval_data import EvalDataError, load_eval_set

BAD = [  # (file name, content, what the message says)
    ("broken.yaml", "train: [images\nval: images\n", r"not valid YAML \(.*at line 2, column 4\)"),
    ("list.yaml", "- images\n- labels\n", "not a mapping of settings"),
    ("word.yaml", "images\n", "not a mapping of settings"),
    ("binary.yaml", b"\x89PNG\r\n\x1a\n\xff\xfe\x00", "not a text file"),
    ("path.yaml", "path: 3\ntrain: images\n", r"path: must name a folder \(got 3\)"),
    ("train.yaml", "train: [1, 2]\nval: images\n", r"train: must name a folder or .txt list of images"),
]


def write(tmp_path: Path, name: str, content) -> Path:
    path = tmp_path / name
    path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content, encoding="utf-8")
    return path


def test_a_well_formed_data_yaml_reads_as_its_settings(tmp_path):
    good = write(tmp_path, "data.yaml", "path: .\ntrain: [images/a, images/b]\nval: images/c\nnames: [1m, 2m]\n")
    assert read_data_yaml(good, ValueError) == {"path": ".", "train": ["images/a", "images/b"],
                                                "val": "images/c", "names": ["1m", "2m"]}
    assert read_data_yaml(write(tmp_path, "empty.yaml", ""), ValueError) == {}


@pytest.mark.parametrize("name, content, message", BAD)
def test_each_malformed_data_yaml_is_named_with_its_fault(tmp_path, name, content, message):
    path = write(tmp_path, name, content)
    for error, read in [(CropDataError, yolo_images), (CropDataError, yolo_names),
                        (EvalDataError, lambda p: load_eval_set(str(p), "val"))]:
        with pytest.raises(error, match=f"{name}: {message}"):
            read(path)


def test_a_missing_data_yaml_is_named(tmp_path):
    with pytest.raises(CropDataError, match="nope.yaml: cannot be read"):
        yolo_images(tmp_path / "nope.yaml")


def test_eval_and_training_list_a_splits_photos_alike(tmp_path):
    # one reader of a split (vision.data_yaml.split_images): a folder, a .txt list, each photo once; a
    # split naming neither is named to eval as to training (eval used to skip a missing folder unsaid)
    from PIL import Image

    for name in ("a.jpg", "b.png", "notes.txt"):
        (tmp_path / "images").mkdir(exist_ok=True)
        if name.endswith(".txt"):
            (tmp_path / "images" / name).write_text("x")
        else:
            Image.new("RGB", (8, 8)).save(tmp_path / "images" / name)
    (tmp_path / "labels").mkdir()
    (tmp_path / "labels" / "a.txt").write_text("0 0.5 0.5 0.5 0.5\n")
    (tmp_path / "labels" / "b.txt").write_text("")
    (tmp_path / "list.txt").write_text("images/b.png\n\n" + str(tmp_path / "images" / "a.jpg") + "\n")
    path = write(tmp_path, "data.yaml", "train: [images, list.txt]\nval: [list.txt, images]\nnames: [1m]\n")
    photos = [tmp_path / "images" / n for n in ("a.jpg", "b.png")]
    assert yolo_images(path) == photos
    assert [it.image_path for it in load_eval_set(str(path), "val")] == photos[::-1]
    assert yolo_images(path, "test") == photos  # no test split: the training photos
    gone = write(tmp_path, "gone.yaml", "train: images\nval: [images, missing]\nnames: [1m]\n")
    with pytest.raises(EvalDataError, match="gone.yaml: val entry 'missing' is neither a folder nor a .txt list"):
        load_eval_set(str(gone), "val")
    with pytest.raises(CropDataError, match="gone.yaml: val entry 'missing' is neither"):
        yolo_images(gone, "val")


def test_a_list_in_a_sub_folder_is_read_as_ultralytics_and_the_label_page_read_it(tmp_path):
    # `./` entries name photos beside the list (Ultralytics' reading, the Label page's too); eval, training
    # and enrolment read them from `path:` and took a byte-order mark for part of the first photo's name
    from PIL import Image

    from tilelens.labelling import Split, yolo

    for name in ("lists/images/a.jpg", "images/b.png"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (8, 8)).save(tmp_path / name)
        label = tmp_path / name.replace("images/", "labels/").rsplit(".", 1)[0]
        label.parent.mkdir(parents=True, exist_ok=True)
        label.with_suffix(".txt").write_text("0 0.5 0.5 0.5 0.5\n")
    (tmp_path / "lists" / "train.txt").write_text("./images/a.jpg\nimages/b.png\n", encoding="utf-8-sig")
    path = write(tmp_path, "data.yaml", "path: .\ntrain: lists/train.txt\nval: lists/train.txt\nnames: [1m]\n")
    photos = [tmp_path / "lists" / "images" / "a.jpg", tmp_path / "images" / "b.png"]
    assert yolo_images(path) == photos
    assert [it.image_path for it in load_eval_set(str(path), "val")] == photos
    assert yolo.split_images(tmp_path, yolo.read_data_yaml(tmp_path))[0][Split.TRAIN] == photos


def test_every_photo_the_label_page_files_is_trained_and_measured_on(tmp_path):
    # the labelling tools file TIFF photos too; training and eval used to skip them without a word
    from PIL import Image

    from tilelens.labelling.yolo import read_yolo

    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    for name in ("a.jpg", "b.tif", "c.TIFF"):
        Image.new("RGB", (16, 16), (200, 200, 200)).save(tmp_path / "images" / name)
        (tmp_path / "labels" / f"{Path(name).stem}.txt").write_text("0 0.5 0.5 0.5 0.5\n")
    path = write(tmp_path, "data.yaml", "path: .\ntrain: images\nval: images\nnames: [1m]\n")
    dataset, _ = read_yolo(tmp_path)
    labelled = sorted(Path(im.path).name for im in dataset.images)
    assert labelled == ["a.jpg", "b.tif", "c.TIFF"]
    assert sorted(p.name for p in yolo_images(path)) == labelled
    assert sorted(it.image_path.name for it in load_eval_set(str(path), "val")) == labelled


def test_names_that_are_not_a_list_or_mapping_are_named(tmp_path):
    path = write(tmp_path, "names.yaml", "val: images\nnames: 5\n")
    with pytest.raises(EvalDataError, match="names.yaml: names must list the class names"):
        load_eval_set(str(path), "val")


@pytest.mark.parametrize("command", [
    ["eval", "--data", "{bad}", "--game", "nogizaka"],
    ["enroll", "--name", "t", "--data", "{bad}", "--base", "tokyo-mahjong", "--minutes", "1"],
    ["train", "boxcheck", "--data", "{bad}", "--out", "{tmp}/b.onnx"],
    ["train", "detector", "--data", "{bad}", "--out", "{tmp}/det"],
    ["train", "classifier", "--game", "tokyo-mahjong", "--add-data", "{bad}", "--minutes", "1",
     "--out", "{tmp}/clf"],
])
def test_commands_say_a_broken_data_yaml_in_one_line(tmp_path, capsys, command):
    if command[0] == "train":
        pytest.importorskip("torch")
    bad = write(tmp_path, "broken.yaml", "train: [images\nval: images\n")
    argv = [a.format(bad=bad, tmp=tmp_path) for a in command]
    assert cli(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]  # a progress bar may come first
    assert err.startswith(f"tilelens {command[0]}: {bad}: not valid YAML (") and "line 2" in err, err
    assert not (tmp_path / "det").exists() and not (tmp_path / "clf").exists()  # nothing started


def test_a_set_value_that_is_not_yaml_is_named(tmp_path, capsys):
    pytest.importorskip("torch")
    good = write(tmp_path, "data.yaml", "train: images\nval: images\nnames: [tile, back]\n")
    assert cli(["train", "detector", "--data", str(good), "--out", str(tmp_path / "det"), "--set", "lr0=["]) == 2
    assert capsys.readouterr().err.strip() == "tilelens train: --set lr0=[: the value is not a YAML scalar, list or mapping"


SAMPLE = sorted((Path(__file__).parent / "data" / "detector" / "images").glob("*.jpg"))[0]


def one_photo_set(tmp_path: Path, label: str) -> Path:
    """A set of one photo labelled with a good line and ``label``."""
    (tmp_path / "set" / "images").mkdir(parents=True)
    (tmp_path / "set" / "labels").mkdir()
    shutil.copy(SAMPLE, tmp_path / "set" / "images" / "a.jpg")
    (tmp_path / "set" / "labels" / "a.txt").write_text(f"0 0.5 0.5 0.2 0.2\n{label}\n")
    return tmp_path / "set"


@pytest.mark.parametrize("label, message", [
    ("zz 0.5 0.5", "needs 'cls xc yc w h', got 'zz 0.5 0.5'"),
    ("0 0.5 0.5 0.1 x", "needs numbers 'cls xc yc w h', got '0 0.5 0.5 0.1 x'"),
])
def test_a_bad_label_line_is_named_with_its_file(tmp_path, capsys, label, message):
    assert cli(["eval", "--data", str(one_photo_set(tmp_path, label))]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"tilelens eval: {tmp_path / 'set' / 'labels' / 'a.txt'}: YOLO label line {message}", err


@pytest.mark.parametrize("label, message", [
    ("99 0.5 0.5 0.1 0.1", "line 2: class 99 is not one of the data.yaml's names (0-1)"),
    ("-1 0.5 0.5 0.1 0.1", "line 2: the class must be a whole number 0 or more, got '-1'"),
    ("17.7 0.5 0.5 0.1 0.1", "line 2: the class must be a whole number 0 or more, got '17.7'"),
    ("1 1.5 0.5 0.1 0.1", "line 2: the box centre (1.5, 0.5) lies outside the photo (0 to 1)"),
    ("1 0.5 0.9 0 0", "line 2: the box size 0 x 0 must be more than 0 and at most 1"),
])
def test_a_label_line_that_cannot_be_a_tile_is_named_not_counted(tmp_path, capsys, label, message):
    """Each was measured as a tile before (class 99 a tile called "99", a centre at 1.5 a tile missed)."""
    one_photo_set(tmp_path, label)
    (tmp_path / "set" / "data.yaml").write_text("path: .\ntrain: images\nval: images\nnames: [1m, 2m]\n")
    assert cli(["eval", "--data", str(tmp_path / "set")]) == 2
    assert capsys.readouterr().err.strip() == f"tilelens eval: {tmp_path / 'set' / 'labels' / 'a.txt'}, {message}"


def test_eval_leaves_out_photos_not_labelled_and_refuses_labels_of_another_game(tmp_path, capsys):
    (tmp_path / "set" / "photos").mkdir(parents=True)  # photos and labels side by side, as Ultralytics allows
    for name in ("a", "b"):
        shutil.copy(SAMPLE, tmp_path / "set" / "photos" / f"{name}.jpg")
    (tmp_path / "set" / "photos" / "a.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    (tmp_path / "set" / "data.yaml").write_text("path: .\ntrain: photos\nval: photos\nnames: [5z, 2m]\n")
    assert cli(["eval", "--data", str(tmp_path / "set" / "data.yaml"), "--tileset", "hk-mahjong"]) == 0
    out, err = capsys.readouterr()
    assert "(1 image)" in out and "1 photo has no label file and is left out" in err
    (tmp_path / "set" / "data.yaml").write_text("path: .\ntrain: photos\nval: photos\nnames: [らりん, 2m]\n")
    assert cli(["eval", "--data", str(tmp_path / "set" / "data.yaml"), "--game", "nogizaka"]) == 2
    assert "the labels name 1 kind that is not a tile of nogizaka: らりん" in capsys.readouterr().err
    assert cli(["eval", "--data", str(tmp_path / "set" / "data.yaml"), "--split", "test"]) == 2
    assert "no 'test' split (it has: train, val)" in capsys.readouterr().err


def test_a_photo_that_is_not_an_image_is_named(tmp_path, capsys):
    (tmp_path / "set" / "images").mkdir(parents=True)
    (tmp_path / "set" / "labels").mkdir()
    (tmp_path / "set" / "images" / "a.jpg").write_bytes(b"not a photo")
    (tmp_path / "set" / "labels" / "a.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    assert cli(["eval", "--data", str(tmp_path / "set")]) == 2
    assert capsys.readouterr().err.strip() == f"tilelens eval: {tmp_path / 'set' / 'images' / 'a.jpg'}: not an image PIL can read"


@pytest.mark.parametrize("line, message", [
    ('{"tiles": [', "Expecting value"),
    ('{"tiles": [{"xyxy": [1, 2, 3, 4]}], "image": "a.jpg"}', "no 'is_back' field"),
    ('[1, 2]', "list indices"),
])
def test_a_broken_scene_line_is_named_with_its_line(tmp_path, line, message):
    (tmp_path / "scenes.jsonl").write_text('{"tiles": [], "image": "a.jpg"}\n' + line + "\n")
    with pytest.raises(EvalDataError, match=rf"scenes.jsonl, line 2: not a scene as vision.synth writes it \(.*{message}"):
        load_eval_set(str(tmp_path), "val")


@pytest.mark.parametrize("command, option, message", [
    (["eval", "--data", "hk-heldout", "--limit", "0"], "--limit", "must be 1 or more, got 0"),
    (["eval", "--data", "hk-heldout", "--limit", "-3"], "--limit", "must be 1 or more, got -3"),
    (["train", "classifier", "--game", "nogizaka", "--per-kind", "0"], "--per-kind", "must be 1 or more, got 0"),
    (["train", "detector", "--data", "x.yaml", "--epochs", "0"], "--epochs", "must be 1 or more, got 0"),
    (["train", "detector", "--data", "x.yaml", "--hours", "nan"], "--hours", "must be more than 0, got nan"),
    (["train", "all", "--out", "x", "--hours", "-1"], "--hours", "must be more than 0, got -1"),
    (["train", "boxcheck", "--data", "x.yaml", "--minutes", "0"], "--minutes", "must be more than 0, got 0"),
    (["contact-sheet", "--out", "x.png", "--rows", "0"], "--rows", "must be 1 or more, got 0"),
    (["enroll", "--name", "a", "--data", "x", "--epochs", "0"], "--epochs", "must be 1 or more, got 0"),
    (["train", "quantize", "--data", "x", "--out", "x.onnx", "--count", "0"], "--count", "must be 1 or more, got 0"),
    (["label", "teach", "x", "--name", "a", "--base", "nogizaka", "--epochs", "two"], "--epochs",
     "not a whole number: 'two'"),
    # enroll --minutes nan wrote an untrained set, inf trained for ever; --orient-only --orient-minutes nan
    # wrote an untrained orientation model over the set's own
    (["enroll", "--name", "a", "--data", "x", "--minutes", "nan"], "--minutes", "must be more than 0, got nan"),
    (["enroll", "--name", "a", "--data", "x", "--minutes", "inf"], "--minutes", "must be a finite number, got inf"),
    (["enroll", "--name", "a", "--data", "x", "--orient-minutes", "nan"], "--orient-minutes",
     "must be 0 or more, got nan"),
    (["train", "classifier", "--game", "nogizaka", "--val-per-kind", "-2"], "--val-per-kind",
     "must be 0 or more, got -2"),
])
def test_a_count_or_time_that_means_nothing_is_a_usage_error(capsys, command, option, message):
    # --limit -3 used to measure all but three photos; --epochs 0 and --per-kind 0 failed deep in training,
    # and enroll --epochs 0 wrote a tile set that had learnt nothing
    with pytest.raises(SystemExit) as exc:
        cli(command)
    assert exc.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(f"error: argument {option}: {message}")


def test_an_empty_tileset_name_is_one_line_of_read(capsys):
    # `tilelens read` says its option mistakes in one line, as `tilelens score` does (no usage block)
    assert cli(["read", "x.jpg", "--tileset", ""]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tilelens read: argument --tileset: empty: name an enrolled tile set (models/tilesets/NAME) "
                   "or its folder (see tilelens read --help)"]


@pytest.mark.parametrize("data, extra, message", [
    ("{tmp}/folder", [], "folder is a folder without a data.yaml"),
    ("{tmp}/noval.yaml", [], "noval.yaml: 'val:' key missing"),
    ("{tmp}/nophotos.yaml", [], "images not found, missing path"),
    ("{tmp}/good.yaml", ["--init", "{tmp}/gone.pt"], "--init: no such checkpoint"),
    # Ultralytics leaves such a photo out of training with a line in its log; the run went on without it
    ("{tmp}/kinds.yaml", [], "a.txt: line 2: class 5, but kinds.yaml names 2 classes (0 tile, 1 back)"),
])
def test_train_detector_says_what_ultralytics_would_refuse_in_one_line(tmp_path, capsys, data, extra, message):
    # each was Ultralytics' traceback once training started (--init also reached for GitHub first)
    pytest.importorskip("torch")
    (tmp_path / "folder").mkdir()
    (tmp_path / "images").mkdir()
    cv2.imwrite(str(tmp_path / "images" / "a.png"), np.zeros((32, 32, 3), np.uint8))
    write(tmp_path, "noval.yaml", f"path: {tmp_path}\ntrain: images\nnames: [tile, back]\n")
    write(tmp_path, "nophotos.yaml", f"path: {tmp_path}/gone\ntrain: images\nval: images\nnames: [tile, back]\n")
    write(tmp_path, "good.yaml", f"path: {tmp_path}\ntrain: images\nval: images\nnames: [tile, back]\n")
    (tmp_path / "kinds").mkdir()
    (tmp_path / "kinds" / "images").mkdir()
    cv2.imwrite(str(tmp_path / "kinds" / "images" / "a.png"), np.zeros((32, 32, 3), np.uint8))
    (tmp_path / "kinds" / "labels").mkdir()
    (tmp_path / "kinds" / "labels" / "a.txt").write_text("0 0.5 0.5 0.2 0.2\n5 0.3 0.3 0.1 0.1\n")
    write(tmp_path, "kinds.yaml", f"path: {tmp_path}/kinds\ntrain: images\nval: images\nnames: [tile, back]\n")
    argv = ["train", "detector", "--data", data, "--out", "{tmp}/det", *extra]
    assert cli([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("tilelens train: ") and message in err and not (tmp_path / "det").exists(), err


def test_eval_of_a_tile_set_that_cannot_be_loaded_says_so_rather_than_measure_detection_only(capsys):
    # a typo in --tileset measured boxes alone, with a note, and exited 0
    assert cli(["eval", "--data", str(Path(__file__).parent / "data" / "detector"), "--tileset", "no-such-set", "--limit", "1"]) == 2
    assert "unknown tile set 'no-such-set'" in capsys.readouterr().err


def test_quantize_into_a_folder_is_said_before_calibrating(tmp_path, capsys):
    pytest.importorskip("onnx")
    assert cli(["train", "quantize", "--data", str(tmp_path), "--out", str(tmp_path)]) == 2
    assert "is a folder: name the file to write" in capsys.readouterr().err


@pytest.mark.parametrize("label", ["1 nan 0.5 0.1 0.1", "1 0.5 0.5 -0.1 0.1"])
def test_enrolment_names_the_label_file_of_a_box_that_cannot_be(tmp_path, label):
    """`tilelens enroll` said "xyxy holds NaN or infinite coordinates" naming no file (eval named it)."""
    from vision.cropset import CropDataError, labelled_photos

    root = one_photo_set(tmp_path, label)
    with pytest.raises(CropDataError, match=re.escape(str(root / "labels" / "a.txt") + ": ")):
        list(labelled_photos([root / "images" / "a.jpg"], ["1m", "2m"], progress=False))


def test_a_roboflow_export_names_its_splits_from_up_a_folder_as_ultralytics_reads_them(tmp_path):
    # Roboflow's download: `train: ../train/images` beside train/, valid/, test/ and no `path:`. Ultralytics
    # (check_det_dataset) takes such an entry without its `../` where it does not exist, and trains on it;
    # eval and enrolment said "neither a folder nor a .txt list", the Label page saw a folder outside
    from PIL import Image

    from tilelens.labelling import Split, yolo

    ds = tmp_path / "export"
    photo = {}
    for folder in ("train", "valid", "test"):
        (ds / folder / "images").mkdir(parents=True)
        (ds / folder / "labels").mkdir()
        photo[folder] = ds / folder / "images" / f"{folder}.jpg"
        Image.new("RGB", (8, 8)).save(photo[folder])
        (ds / folder / "labels" / f"{folder}.txt").write_text("0 0.5 0.5 0.5 0.5\n")
    path = write(ds, "data.yaml", "train: ../train/images\nval: ../valid/images\ntest: ../test/images\n"
                                  "nc: 1\nnames: ['1m']\n")
    assert yolo_images(path) == [photo["train"]] and yolo_images(path, "test") == [photo["test"]]
    assert [it.image_path for it in load_eval_set(str(path), "val")] == [photo["valid"]]
    assert [it.image_path for it in load_eval_set(str(ds), "test")] == [photo["test"]]
    assert yolo.split_images(ds, yolo.read_data_yaml(ds)) == (
        {Split.TRAIN: [photo["train"]], Split.VAL: [photo["valid"]], Split.TEST: [photo["test"]]}, [])
    # one folder up, where such a folder is there, it is the one read; in a YAML list, the entry as written
    (tmp_path / "valid" / "images").mkdir(parents=True)
    Image.new("RGB", (8, 8)).save(tmp_path / "valid" / "images" / "up.jpg")
    assert [p.resolve() for p in yolo_images(path, "val")] == [tmp_path / "valid" / "images" / "up.jpg"]
    listed = write(ds, "listed.yaml", "train: ['../train/images']\nval: ../valid/images\nnames: ['1m']\n")
    with pytest.raises(CropDataError, match="listed.yaml: train entry '../train/images' is neither a folder"):
        yolo_images(listed)
    config = yolo.parse_data_yaml(listed.read_text(encoding="utf-8"))
    assert yolo.split_images(ds, config)[0][Split.TRAIN] == [] and "train:\n- ../train/images" in \
        yolo.format_data_yaml(ds, config)  # still a list when the Label page writes the file anew

    pytest.importorskip("ultralytics")
    from vision.train import _offline

    _offline()
    from ultralytics.data.utils import check_det_dataset

    data = check_det_dataset(str(path), autodownload=False)
    assert [data[k] for k in ("train", "val", "test")] == [
        str(ds / "train" / "images"), str(tmp_path / "valid" / "images"), str(ds / "test" / "images")]
    with pytest.raises(FileNotFoundError, match=f"missing path '{tmp_path / 'train' / 'images'}'"):
        check_det_dataset(str(listed), autodownload=False, split="train")


def test_eval_of_a_data_yaml_without_val_reads_its_train_as_its_help_says(tmp_path):
    """`--split` help: "default val; a data.yaml without one reads its train"; eval said "no 'val' or 'val'
    entry" instead (the fallback given was val itself)."""
    from PIL import Image

    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    Image.new("RGB", (64, 64)).save(tmp_path / "images" / "a.jpg")
    (tmp_path / "labels" / "a.txt").write_text("0 0.5 0.5 0.2 0.3\n")
    data = write(tmp_path, "data.yaml", "path: .\ntrain: images\nnames: [1m, 2m]\n")
    assert [it.image_path.name for it in load_eval_set(str(data))] == ["a.jpg"]
    assert [it.image_path.name for it in load_eval_set(str(data), "val")] == ["a.jpg"]
