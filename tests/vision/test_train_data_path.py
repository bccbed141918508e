"""A relative ``path:`` in a data.yaml is read from the data.yaml's folder by labelling, enrolment and eval;
Ultralytics reads it from the folder training is started in (or its datasets folder). ``tilelens train
detector`` hands Ultralytics a copy whose ``path`` is resolved as the rest of tilelens reads it, so it trains
on the photos labelling shows, wherever it is started."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from vision.data_yaml import read_data_yaml, split_images


def _photos(folder: Path, stems: list[str]) -> None:
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    for k, stem in enumerate(stems):
        Image.new("RGB", (32, 32), (10 * k, 90, 90)).save(folder / "images" / f"{stem}.jpg")
        (folder / "labels" / f"{stem}.txt").write_text("0 0.5 0.5 0.2 0.2\n")


@pytest.mark.parametrize("path", [".", "ds", "./ds"])
def test_train_detector_reads_a_relative_path_as_the_rest_of_tilelens_does(tmp_path, monkeypatch, path):
    pytest.importorskip("ultralytics")
    from ultralytics.data.utils import check_det_dataset

    from vision.train import check_dataset

    where = tmp_path / "ds"
    top = where if path == "." else tmp_path  # `path: ds`: the data.yaml one folder up from its photos
    _photos(where, ["mine-1", "mine-2"])
    data_yaml = top / "data.yaml"
    data_yaml.write_text(f"path: {path}\ntrain: images\nval: images\nnames: [tile, back]\n")
    # started elsewhere, in a folder with photos of its own where Ultralytics would have looked
    elsewhere = tmp_path / "elsewhere"
    _photos(elsewhere, ["other"])
    (elsewhere / "ds").mkdir()  # an empty `ds` there too: Ultralytics took `path: ds` from here
    monkeypatch.chdir(elsewhere)
    ours = split_images(read_data_yaml(data_yaml, ValueError), data_yaml, "train", "train", ValueError)
    assert [p.name for p in ours] == ["mine-1.jpg", "mine-2.jpg"]

    given = check_dataset(data_yaml, tmp_path / "run")
    seen = check_det_dataset(str(given), autodownload=False)
    assert Path(seen["train"]) == (where / "images").resolve()
    assert Path(seen["val"]) == (where / "images").resolve()


def test_a_data_yaml_with_an_absolute_or_no_path_goes_to_ultralytics_as_it_is(tmp_path):
    pytest.importorskip("ultralytics")
    from vision.train import check_dataset

    _photos(tmp_path / "ds", ["a"])
    for text in (f"path: {tmp_path / 'ds'}\n", ""):
        (tmp_path / "ds" / "data.yaml").write_text(text + "train: images\nval: images\nnames: [tile, back]\n")
        assert check_dataset(tmp_path / "ds", tmp_path / "run") == tmp_path / "ds" / "data.yaml"
    assert not (tmp_path / "run").exists()


def test_a_problem_names_the_users_file_not_the_copy(tmp_path, monkeypatch):
    pytest.importorskip("ultralytics")
    from vision.train import TrainError, check_dataset

    _photos(tmp_path / "ds", ["a"])
    (tmp_path / "ds" / "data.yaml").write_text("path: .\ntrain: images\nval: gone\nnames: [tile, back]\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TrainError) as exc:
        check_dataset(tmp_path / "ds" / "data.yaml", tmp_path / "run")
    said = str(exc.value)
    assert said.startswith(f"{tmp_path / 'ds' / 'data.yaml'}: ") and str(tmp_path / "ds" / "gone") in said, said
    assert "run" not in said.replace(str(tmp_path), "") and not (tmp_path / "run").exists()


def test_a_path_that_is_no_folder_is_named_not_the_split_that_is_there(tmp_path):
    # a labelled folder copied to another machine: its images/ is there, but path: names the old place; it
    # was "train entry 'images' is neither a folder nor a .txt list", of a folder the person could see
    from vision.cropset import CropDataError, yolo_images

    _photos(tmp_path / "ds", ["a"])
    gone = tmp_path / "old-place"
    (tmp_path / "ds" / "data.yaml").write_text(f"path: {gone}\ntrain: images\nval: images\nnames: [tile, back]\n")
    with pytest.raises(CropDataError) as exc:
        yolo_images(tmp_path / "ds" / "data.yaml")
    said = str(exc.value)
    assert f"path {str(gone)!r}" in said and "is no such folder" in said and "neither" not in said, said
    # set path: works; `label init --game GAME` refuses a dataset of class names not a game's tiles (47c)
    assert "set path: to the folder that holds them" in said and "label init" not in said, said


def test_a_split_that_is_not_there_names_where_it_was_looked_for(tmp_path):
    from vision.cropset import CropDataError, yolo_images

    _photos(tmp_path / "ds", ["a"])
    (tmp_path / "ds" / "data.yaml").write_text("train: imgs\nval: images\nnames: [tile, back]\n")
    with pytest.raises(CropDataError) as exc:
        yolo_images(tmp_path / "ds" / "data.yaml")
    said = str(exc.value)
    assert f"train entry 'imgs' is neither a folder nor a .txt list ({tmp_path / 'ds' / 'imgs'} is not there)" in said


def test_train_detector_reads_list_entries_relative_to_the_dataset_as_the_rest_of_tilelens_does(tmp_path,
                                                                                                monkeypatch):
    # `images/a.jpg` in train.txt: Ultralytics reads it from the folder training is started in (which held
    # photos of its own by that name), tilelens from the dataset folder
    pytest.importorskip("ultralytics")
    from ultralytics.data.utils import check_det_dataset
    from ultralytics.data.base import BaseDataset

    from vision.train import check_dataset

    where = tmp_path / "ds"
    _photos(where, ["mine-1", "mine-2"])
    (where / "train.txt").write_text("images/mine-1.jpg\nimages/mine-2.jpg\n")
    (where / "data.yaml").write_text(f"path: {where}\ntrain: train.txt\nval: train.txt\nnames: [tile, back]\n")
    elsewhere = tmp_path / "elsewhere"
    _photos(elsewhere, ["mine-1", "mine-2"])  # the same names, other photos, where training is started
    monkeypatch.chdir(elsewhere)

    given = check_dataset(where, tmp_path / "run")
    assert given == tmp_path / "run" / "data.yaml"
    seen = check_det_dataset(str(given), autodownload=False)
    files = BaseDataset.get_img_files(SimpleNamespace(prefix="", fraction=1.0), seen["train"])
    assert sorted(files) == sorted(str((where / "images" / f"mine-{k}.jpg").resolve()) for k in (1, 2))
    with pytest.raises(Exception, match="run folder"):
        check_dataset(where, None)
