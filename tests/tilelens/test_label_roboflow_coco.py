"""A Roboflow download in COCO format (``train/``, ``valid/``, ``test/``, each a folder of photos with its
``_annotations.coco.json``, no split written in it) imported with ``tilelens label import``: each split
stays the split Roboflow made, and its project's name (the category every tile category hangs from) is
no tile kind."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import read_yolo
from tilelens.labelling.coco import read_coco
from tilelens.labelling.model import Split
from tilelens.labelling.yolo import read_data_yaml

KINDS = ("1m", "2m", "5p")


def roboflow_coco(root: Path) -> dict[str, str]:
    """Write a Roboflow COCO download under ``root``: one 64x48 photo a split, one box each, the
    categories as Roboflow writes them (id 0 the project, ``supercategory: none``, never annotated; the
    tile kinds under it). Returns split folder -> photo name."""
    photos = {}
    categories = [{"id": 0, "name": "mahjong-tiles", "supercategory": "none"}] + [
        {"id": i + 1, "name": kind, "supercategory": "mahjong-tiles"} for i, kind in enumerate(KINDS)]
    for k, folder in enumerate(("train", "valid", "test")):
        (root / folder).mkdir(parents=True)
        name = f"IMG_{k}_jpg.rf.{k}abc.jpg"
        Image.new("RGB", (64, 48), (90, 140, 40 * k)).save(root / folder / name)  # not the same photo
        data = {"info": {"description": "Exported from roboflow.com"}, "licenses": [], "categories": categories,
                "images": [{"id": 0, "license": 1, "file_name": name, "width": 64, "height": 48}],
                "annotations": [{"id": 0, "image_id": 0, "category_id": k + 1, "bbox": [8, 8, 16, 24],
                                 "area": 384, "segmentation": [], "iscrowd": 0}]}
        (root / folder / "_annotations.coco.json").write_text(json.dumps(data), encoding="utf-8")
        photos[folder] = name
    return photos


def test_a_roboflow_coco_file_says_its_split_by_its_folder(tmp_path):
    roboflow_coco(tmp_path / "dl")
    for folder, split in (("train", Split.TRAIN), ("valid", Split.VAL), ("test", Split.TEST)):
        (image,) = read_coco(tmp_path / "dl" / folder / "_annotations.coco.json").images
        assert image.split is split, folder


def test_the_project_category_of_a_roboflow_coco_file_is_no_kind(tmp_path):
    roboflow_coco(tmp_path / "dl")
    assert read_coco(tmp_path / "dl/train/_annotations.coco.json").names == KINDS


@pytest.mark.parametrize("order", [("train", "valid", "test"), ("test", "valid", "train")])
def test_a_roboflow_coco_download_imported_split_by_split_keeps_its_splits(tmp_path, capsys, order):
    photos = roboflow_coco(tmp_path / "dl")
    for folder in order:
        assert tilelens(["label", "import", str(tmp_path / "dl" / folder / "_annotations.coco.json"),
                         "--from", "coco", str(tmp_path / "ds")]) == 0
    ds = tmp_path / "ds"
    assert (ds / "images/train" / photos["train"]).is_file()
    assert (ds / "images/val" / photos["valid"]).is_file()
    assert (ds / "images/test" / photos["test"]).is_file()
    config = read_data_yaml(ds)
    assert config.names == KINDS
    assert config.sources == {Split.TRAIN: ("images/train",), Split.VAL: ("images/val",),
                              Split.TEST: ("images/test",)}
    dataset, issues = read_yolo(ds)
    assert issues == []  # every photo in a split of data.yaml, none an orphan
    assert {Path(im.path).name: (im.split, im.boxes[0].kind) for im in dataset.images} == {
        photos["train"]: (Split.TRAIN, "1m"), photos["valid"]: (Split.VAL, "2m"), photos["test"]: (Split.TEST, "5p")}
    assert tilelens(["label", "check", str(ds)]) == 0


def test_a_coco_file_of_no_known_split_folder_is_train(tmp_path):
    roboflow_coco(tmp_path / "dl")
    (tmp_path / "dl/valid").rename(tmp_path / "dl/mine")
    (image,) = read_coco(tmp_path / "dl/mine/_annotations.coco.json").images
    assert image.split is Split.TRAIN


def test_a_coco_file_of_ones_own_in_a_folder_named_test_is_not_made_a_test_split(tmp_path):
    # a scratch folder "test/" with a file of one's own: no download's split, whose photos would train nothing
    roboflow_coco(tmp_path / "dl")
    (tmp_path / "scratch" / "test").mkdir(parents=True)
    (tmp_path / "dl/test/_annotations.coco.json").rename(tmp_path / "scratch/test/mine.json")
    (image,) = read_coco(tmp_path / "scratch/test/mine.json").images
    assert image.split is Split.TRAIN
    # beside a download's other splits, or under Roboflow's own name, the folder says the split
    (tmp_path / "scratch/test/mine.json").rename(tmp_path / "dl/test/mine.json")
    assert read_coco(tmp_path / "dl/test/mine.json").images[0].split is Split.TEST
    (tmp_path / "dl/test/mine.json").rename(tmp_path / "scratch/test/_annotations.coco.json")
    assert read_coco(tmp_path / "scratch/test/_annotations.coco.json").images[0].split is Split.TEST
