"""A set `tilelens synth` wrote keeps working when its folder is copied or moved (session 54): its data.yaml files
name no absolute ``path:`` (the photos are read from the data.yaml's own folder, by tilelens and by Ultralytics
alike; `eval --data データ/data.yaml` of a copied set exited 2), old ones with an absolute path still read; and
`label check` of the set's folder checks it as the detector set it is (no "add tile as a kind" errors, no
"label without photo" warnings for its own kinds/ set), and says in one line to check kinds/ for the tile kinds."""
from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from tilelens.cli import main as tilelens


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    from vision.synth import make_dataset

    out = tmp_path_factory.mktemp("synth") / "ds"
    make_dataset("nogizaka", 3, out, seed=3, imgsz=96, val_fraction=0.34, workers=1, progress=False)
    return out


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))


def moved(made: Path, tmp_path: Path, name: str = "データ 2") -> Path:
    """A copy of the set under another (non-ASCII) name (the original kept: a copy's data.yaml read it)."""
    copy = tmp_path / name
    shutil.copytree(made, copy)
    return copy


def test_data_yaml_files_name_no_absolute_folder(made):
    from vision.data_yaml import DETECTOR_NAMES, synth_set
    from vision.synth.scene import DETECTION_NAMES

    assert tuple(DETECTION_NAMES.values()) == DETECTOR_NAMES and synth_set(made)  # what label check knows it by
    for path in (made / "data.yaml", made / "kinds" / "data.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert "path" not in data, path.read_text()  # read from the file's own folder wherever it goes
        assert str(made) not in path.read_text()
        assert data["train"] == "images/train" and data["val"] == "images/val"


def test_a_moved_set_is_read_from_its_new_folder(made, tmp_path, monkeypatch):
    from vision.eval_data import load_eval_set

    copy = moved(made, tmp_path)
    monkeypatch.chdir(tmp_path)  # a relative path: nothing is read from the working folder
    for yaml_path in (copy / "data.yaml", copy / "kinds" / "data.yaml"):
        items = load_eval_set(str(yaml_path), "val")
        assert items and all(Path(it.image_path).is_relative_to(copy) for it in items), yaml_path


def test_eval_of_a_copied_set_reads_the_copy_and_one_whose_original_is_gone_exits_0(made, tmp_path, capsys):
    copy = moved(made, tmp_path)
    assert tilelens(["eval", "--data", str(copy / "data.yaml"), "--json"]) == 0
    captured = capsys.readouterr()
    assert '"images": 1' in captured.out and "path:" not in captured.err, captured.err
    from vision.synth import make_dataset

    make_dataset("nogizaka", 2, tmp_path / "ds", seed=3, imgsz=96, val_fraction=0.5, workers=1, progress=False)
    gone = tmp_path / "ds_moved"
    shutil.move(tmp_path / "ds", gone)  # `mv ds ds_moved`: the folder it was written in is no more
    assert tilelens(["eval", "--data", str(gone / "data.yaml"), "--json"]) == 0
    assert '"images": 1' in capsys.readouterr().out


def test_ultralytics_finds_the_photos_of_a_moved_set_from_any_folder(made, tmp_path, monkeypatch):
    monkeypatch.setenv("YOLO_OFFLINE", "1")
    from ultralytics.data.utils import check_det_dataset

    from vision.train import check_dataset

    copy = moved(made, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    for yaml_path in (copy / "data.yaml", copy / "kinds" / "data.yaml"):
        data = check_det_dataset(str(yaml_path), autodownload=False)
        assert Path(data["path"]) == yaml_path.parent and Path(data["val"]) == yaml_path.parent / "images" / "val"
        assert check_dataset(yaml_path) == yaml_path  # handed to training as it is: no copy needed


def test_an_old_data_yaml_with_an_absolute_path_still_reads(made, tmp_path):
    from vision.data_yaml import read_data_yaml, split_images

    old = tmp_path / "old.yaml"
    old.write_text(f"path: {made}\ntrain: images/train\nval: images/val\nnames:\n  0: tile\n  1: back\n",
                   encoding="utf-8")
    photos = split_images(read_data_yaml(old, ValueError), old, "val", "train", ValueError)
    assert photos and all(p.is_relative_to(made) for p in photos)


def test_label_check_of_a_synth_folder_checks_a_detector_set_and_points_at_kinds(made, tmp_path, capsys):
    copy = moved(made, tmp_path)
    assert tilelens(["label", "check", str(copy), "--game", "nogizaka"]) == 0
    captured = capsys.readouterr()
    assert "unknown-tile-kind" not in captured.out and "label-without-photo" not in captured.out, captured.out
    assert "moved-folder" not in captured.out and "problems: 0 errors, 0 warnings" in captured.out, captured.out
    (line,) = [ln for ln in captured.err.splitlines() if "tilelens synth" in ln]
    assert "detector" in line and f"`tilelens label check {shlex.quote(str(copy / 'kinds'))} --game nogizaka`" in line, line
    # the kinds/ set is a tile set's dataset: checked clean against the game
    assert tilelens(["label", "check", str(copy / "kinds"), "--game", "nogizaka", "--json"]) == 0
    assert '"issues": []' in capsys.readouterr().out


def test_label_check_of_a_synth_folder_says_it_in_japanese_too(made, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens(["label", "check", str(made)]) == 0
    (line,) = [ln for ln in capsys.readouterr().err.splitlines() if "tilelens synth" in ln]
    assert "検出" in line and f"`tilelens label check {made / 'kinds'}`" in line, line


def test_a_nested_dataset_s_labels_are_not_this_one_s_orphans(made, tmp_path):
    """The kinds/ set is a dataset of its own (its data.yaml): its label files are not "without a photo"."""
    from tilelens.labelling.checks import check_dataset

    copy = moved(made, tmp_path)
    assert not [i for i in check_dataset(copy).issues if i.kind == "label-without-photo"]
    # a label file of the set's own folders that no photo has is still one
    (copy / "labels" / "train" / "stray.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    assert [i.path for i in check_dataset(copy).issues if i.kind == "label-without-photo"] == ["labels/train/stray.txt"]
