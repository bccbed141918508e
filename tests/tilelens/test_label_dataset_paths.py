"""A dataset made elsewhere (an Ultralytics-style data.yaml with a ``path:``, a Roboflow download) brought
into tilelens: labelling, ``enroll``, ``eval`` and training read the same photos, and say so when they
cannot."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tilelens.cli import main as tilelens
from tilelens.labelling import check_dataset, read_yolo, set_done
from tilelens.labelling import teach
from tilelens.labelling.yolo import path_elsewhere, read_data_yaml
from vision.data_yaml import photos_read_elsewhere, read_data_yaml as settings_of, split_images

from label_helpers import FixedReader, make_dataset


def _with_path(root: Path, path: str) -> Path:
    """``root``'s data.yaml with ``path:`` set to ``path``."""
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    (root / "data.yaml").write_text(yaml.safe_dump({**data, "path": path}, sort_keys=False), encoding="utf-8")
    return root


def _in_sub(root: Path, **kwargs) -> Path:
    """A dataset whose photos lie in ``root/sub`` and whose data.yaml in ``root`` says ``path: sub``."""
    make_dataset(root / "sub", **kwargs)
    shutil.move(root / "sub" / "data.yaml", root / "data.yaml")
    return _with_path(root, "sub")


def _training_reads(root: Path, split: str = "train") -> set[str]:
    """The photos ``enroll``, ``eval`` and training (through ``vision.train.check_dataset``) read, under root."""
    data_yaml = root / "data.yaml"
    photos = split_images(settings_of(data_yaml, ValueError), data_yaml, split, "train", ValueError)
    return {p.resolve().relative_to(root.resolve()).as_posix() for p in photos}


@pytest.mark.parametrize("layout", ["copied", "gone", "sub", "on-purpose", "own"])
def test_labelling_and_enrolment_answer_where_the_photos_are_read_from_alike(tmp_path, layout):
    # path_elsewhere (labelling: any path: naming another folder) and photos_read_elsewhere (enroll, eval: only
    # a copy holding the same split) answered apart: `path: sub` was a "moved folder" to labelling only
    root = tmp_path / "ds"
    if layout == "sub":
        _in_sub(root)
    else:
        make_dataset(root)
    old = tmp_path / "old"
    if layout == "copied":
        shutil.copytree(root, old)
        _with_path(root, str(old))
    elif layout == "gone":
        _with_path(root, str(old))
    elif layout == "on-purpose":  # a data.yaml beside no photos of its own, naming the folder that has them
        shutil.copytree(root, old)
        shutil.rmtree(root / "images")
        _with_path(root, str(old))
    expected = layout in {"copied", "gone"}
    elsewhere = photos_read_elsewhere(root / "data.yaml", "train", "train")
    assert (elsewhere is not None) is expected, elsewhere
    assert path_elsewhere(root, read_data_yaml(root)) is expected
    assert bool([i for i in check_dataset(root).issues if i.kind == "moved-folder"]) is expected


def test_a_relative_path_into_a_folder_of_the_dataset_is_labelled_where_training_reads(tmp_path):
    # `path: sub`: labelling read ds/images/train (nothing there: "does not exist", and "moved?"), while
    # enroll, eval and training read ds/sub/images/train
    root = _in_sub(tmp_path / "ds")
    dataset, issues = read_yolo(root)
    assert issues == []
    assert {im.path for im in dataset.images} == {"sub/images/train/a.jpg", "sub/images/train/b.png",
                                                  "sub/images/val/c.jpg"}
    train = {im.path for im in dataset.images if str(im.split) == "train"}
    assert train == _training_reads(root)
    assert list(check_dataset(root).issues) == []


def test_init_on_a_dataset_read_from_a_folder_in_it_keeps_reading_it_and_files_photos_there(tmp_path):
    # `tilelens label init` wrote path: DS over path: sub (training then read ds/images/train, not the photos),
    # and filed a loose photo into ds/images/train, which neither labelling nor training reads then
    from PIL import Image
    from scorer import load_game

    from tilelens.labelling import prelabel

    root = _in_sub(tmp_path / "ds", names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    Image.new("RGB", (200, 100), (10, 20, 60)).save(root / "loose.jpg")
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert (root / read_data_yaml(root).path).resolve() == (root / "sub").resolve()
    assert (root / "sub/images/train/loose.jpg").is_file()
    assert {"sub/images/train/a.jpg", "sub/images/train/loose.jpg"} <= _training_reads(root)
    dataset, issues = read_yolo(root)
    assert issues == [] and "sub/images/train/loose.jpg" in {im.path for im in dataset.images}


def test_enroll_warns_of_a_copy_read_from_its_old_folder_but_not_of_one_gone(tmp_path, capsys):
    # a gone folder is said by the reading itself ("no such folder"): no warning that "it holds them too"
    from vision.enroll import elsewhere_warned

    root = tmp_path / "ds"
    make_dataset(root)
    _with_path(root, str(tmp_path / "gone"))
    said = []
    elsewhere_warned(root, lambda en, ja: said.append(en))
    assert said == [] and "holds them too" not in capsys.readouterr().err
    shutil.copytree(root, tmp_path / "old")
    _with_path(root, str(tmp_path / "old"))
    elsewhere_warned(root, lambda en, ja: said.append(en))
    assert len(said) == 1 and str(tmp_path / "old") in said[0]


def test_label_teach_lists_the_accepted_photos_once(tmp_path, monkeypatch, capsys):
    # `label teach` listed them for the enrolment (claim_here -> enroll_args) and again for its held-out count
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg")
    set_done(root, "images/val/c.jpg")
    calls = []
    listing = teach.photo_paths
    monkeypatch.setattr(teach, "photo_paths", lambda *a, **k: calls.append(a) or listing(*a, **k))
    monkeypatch.setattr(teach, "enrol_here", lambda root, args: 0)
    assert tilelens(["label", "teach", str(root), "--name", "mine"]) == 0
    out = capsys.readouterr().out
    assert "the tiles of 1 accepted photo of" in out and "1 accepted photo of the validation or test split" in out
    assert len(calls) == 1


def _as_plain_lists(root: Path) -> Path:
    """``root``'s splits as ``.txt`` lists whose entries are relative to the dataset, without ``./`` (as
    lists made for other tools often are)."""
    for split in ("train", "val"):
        names = sorted(p.name for p in (root / "images" / split).iterdir())
        (root / f"{split}.txt").write_text("".join(f"images/{split}/{n}\n" for n in names), encoding="utf-8")
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    (root / "data.yaml").write_text(yaml.safe_dump({**data, "train": "train.txt", "val": "val.txt"},
                                                   sort_keys=False), encoding="utf-8")
    return root


def _ultralytics_reads(listing: Path) -> list[Path]:
    """The photos Ultralytics' own reading of a split's ``.txt`` list names (``BaseDataset.get_img_files``)."""
    from types import SimpleNamespace

    pytest.importorskip("ultralytics")
    from ultralytics.data.base import BaseDataset

    return [Path(p) for p in BaseDataset.get_img_files(SimpleNamespace(prefix="", fraction=1.0), str(listing))]


def test_lists_of_entries_relative_to_the_dataset_reach_training_resolved(tmp_path, monkeypatch):
    # `images/train/a.jpg` in train.txt: labelling, enroll and eval read it from the dataset folder, Ultralytics
    # from the folder training is started in (none there: "No images found", or another folder's photos)
    from vision.data_yaml import resolved_lists

    make_dataset(tmp_path / "ds")
    root = _as_plain_lists(tmp_path / "ds")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "images" / "train").mkdir(parents=True)
    monkeypatch.chdir(elsewhere)
    ours = {p.resolve() for p in split_images(settings_of(root / "data.yaml", ValueError), root / "data.yaml",
                                              "train", "train", ValueError)}
    assert ours == {(root / "images/train/a.jpg").resolve(), (root / "images/train/b.png").resolve()}
    assert not any(p.resolve() in ours for p in _ultralytics_reads(root / "train.txt"))  # as it was handed
    data = settings_of(root / "data.yaml", ValueError)
    given = resolved_lists(data, root / "data.yaml", tmp_path / "run")
    assert given is not data and given["names"] == data["names"]
    assert {p.resolve() for p in _ultralytics_reads(Path(given["train"]))} == ours
    assert Path(given["val"]).parent == (tmp_path / "run").resolve()
    own = {**data, "train": "./images/train/a.jpg"}  # nothing to resolve: the same settings back
    (root / "own.txt").write_text("./images/train/a.jpg\n")
    assert resolved_lists({**own, "train": "own.txt", "val": "own.txt"}, root / "data.yaml", tmp_path / "r2") \
        == {**own, "train": "own.txt", "val": "own.txt"}
    assert not (tmp_path / "r2").exists()


def test_a_photo_filed_into_a_list_of_entries_relative_to_the_dataset_is_named_as_training_reads_it(tmp_path,
                                                                                                   monkeypatch):
    # it was named `images/train/new.jpg`, as the list's others: read by Ultralytics from the working folder
    from PIL import Image

    from tilelens.labelling.model import Split
    from tilelens.labelling.yolo import add_to_list

    make_dataset(tmp_path / "ds")
    root = _as_plain_lists(tmp_path / "ds")
    Image.new("RGB", (40, 30)).save(root / "images/train/new.jpg")
    add_to_list(root, read_data_yaml(root), Split.TRAIN, [root / "images/train/new.jpg"])
    assert (root / "train.txt").read_text().splitlines()[-1] == "./images/train/new.jpg"
    monkeypatch.chdir(tmp_path)
    assert (root / "images/train/new.jpg").resolve() in {p.resolve() for p in _ultralytics_reads(root / "train.txt")}
    dataset, issues = read_yolo(root)
    assert "images/train/new.jpg" in {im.path for im in dataset.images}


def test_a_roboflow_coco_download_is_imported_in_one_go_each_split_where_its_folder_says(tmp_path, capsys):
    # a folder holding train/, valid/ and test/ with their _annotations.coco.json was refused: "import them
    # one at a time"
    from tilelens.labelling.model import Split
    from test_label_roboflow_coco import KINDS, roboflow_coco

    photos = roboflow_coco(tmp_path / "dl")
    ds = tmp_path / "ds"
    assert tilelens(["label", "import", str(tmp_path / "dl"), "--from", "coco", str(ds)]) == 0
    out = capsys.readouterr().out
    assert "3 photos labelled" in out and "3 copied in" in out, out
    dataset, issues = read_yolo(ds)
    assert issues == [] and read_data_yaml(ds).names == KINDS
    assert {Path(im.path).name: im.split for im in dataset.images} == {
        photos["train"]: Split.TRAIN, photos["valid"]: Split.VAL, photos["test"]: Split.TEST}
    # a folder that is no such download is still one line naming what to give
    (tmp_path / "plain").mkdir()
    assert tilelens(["label", "import", str(tmp_path / "plain"), "--from", "coco", str(ds)]) == 2
    err = capsys.readouterr().err
    assert "is a folder: name the coco JSON file to import" in err and "Traceback" not in err


def test_a_split_folder_of_a_download_with_several_json_files_is_named_not_guessed(tmp_path, capsys):
    from test_label_roboflow_coco import roboflow_coco

    roboflow_coco(tmp_path / "dl")
    for name in ("a.json", "b.json"):
        shutil.copy(tmp_path / "dl/valid/_annotations.coco.json", tmp_path / "dl/valid" / name)
    (tmp_path / "dl/valid/_annotations.coco.json").unlink()
    assert tilelens(["label", "import", str(tmp_path / "dl"), "--from", "coco", str(tmp_path / "ds")]) == 2
    err = capsys.readouterr().err
    assert str(tmp_path / "dl/valid/a.json") in err and str(tmp_path / "dl/valid/b.json") in err, err
    assert not (tmp_path / "ds").exists()


def test_the_teach_panel_lists_the_accepted_photos_once(tmp_path, monkeypatch):
    # the panel listed them for its count, and again (enroll_args) for the command it shows without torch
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers
    import app_helpers as helpers

    for var, value in (("TILELENS_HOME", tmp_path / "home"), ("TILELENS_LEDGER", tmp_path / "ledger.sqlite"),
                       ("TILELENS_MODELS", tmp_path / "models"), ("TILELENS_LABEL_DIR", tmp_path / "ds")):
        monkeypatch.setenv(var, str(value))
    root = tmp_path / "ds"
    make_dataset(root)
    set_done(root, "images/train/a.jpg")
    set_done(root, "images/val/c.jpg")
    monkeypatch.setattr(teach, "can_train", lambda: False)
    calls = []
    listing = teach.photo_paths
    monkeypatch.setattr(teach, "photo_paths", lambda *a, **k: calls.append(a) or listing(*a, **k))
    at = helpers.open_page("label", lang="en")
    assert any(c.value.startswith("tilelens enroll --name ds --data ") for c in at.code), [c.value for c in at.code]
    assert (teach.job_dir(root.resolve()) / "photos.txt").read_text().split() == [str((root / "images/train/a.jpg")
                                                                                     .resolve())]
    assert calls == []  # the panel counts the page's own listing of this run (test_label_scale_page_53)


def test_a_data_yaml_naming_another_folder_that_holds_the_photos_says_so(tmp_path):
    # path: OTHER, the photos only there: labelling said "'images/train' does not exist" (and, before, "moved?
    # run init", which pointed training away from the photos)
    old = tmp_path / "old"
    make_dataset(old)
    root = tmp_path / "ds"
    root.mkdir()
    shutil.copy(old / "data.yaml", root / "data.yaml")
    _with_path(root, str(old))
    missing = [i for i in check_dataset(root).issues if i.kind == "missing-images"]
    assert missing and all(str(old) in i.message and str(old) in i.message_ja for i in missing), missing
    assert "label that folder" in missing[0].message
