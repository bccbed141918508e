"""Listing a dataset's photos at scale (3,000 photos made the Label page's Accept take 4 s): a folder two splits
name is listed once, a photo's path is followed (resolved) only where it is a link, and a check lists the splits
and reads each label file once. The results stay those of a listing done the slow way: links that lead out of the
dataset or round in a loop are still found."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tilelens.labelling import editing, set_done, teach, yolo
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import IssueKind, Split
from tilelens.labelling.yolo import read_data_yaml, split_images

from label_helpers import make_dataset


def train_only(root: Path, n: int = 6) -> Path:
    """A dataset of ``n`` photos in images/train whose data.yaml names that folder for val too (``label init``'s
    default with no val folder)."""
    photos = {f"images/train/p{i:02d}.jpg": ((64, 48), ()) for i in range(n)}
    make_dataset(root, photos)
    assert "val: images/train" in (root / "data.yaml").read_text()
    return root


def counting(monkeypatch, module, name: str) -> list:
    """Calls of ``module.name`` from now on (it still does its work)."""
    calls: list = []
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or original(*a, **k))
    return calls


def test_a_folder_train_and_val_both_name_is_listed_once_and_given_to_both(tmp_path, monkeypatch):
    root = train_only(tmp_path / "ds")
    listed = counting(monkeypatch, yolo, "photos_in")
    per_split, issues = split_images(root, read_data_yaml(root))
    assert len(listed) == 1
    assert per_split[Split.TRAIN] == per_split[Split.VAL] and len(per_split[Split.TRAIN]) == 6 and issues == []
    # each photo once for the page, train first
    assert editing.photo_paths(root, read_data_yaml(root)) == [f"images/train/p{i:02d}.jpg" for i in range(6)]


def test_a_folder_not_there_that_both_splits_name_is_said_once(tmp_path):
    root = train_only(tmp_path / "ds")
    (root / "data.yaml").write_text("train: images/gone\nval: images/gone\nnames: [1m, 2m, 5p, 7z]\n")
    per_split, issues = split_images(root, read_data_yaml(root))
    assert per_split == {Split.TRAIN: [], Split.VAL: []}
    assert [(i.kind, i.path) for i in issues] == [(IssueKind.MISSING_SOURCE, "data.yaml")]


def test_photos_that_are_no_links_are_not_followed_one_by_one(tmp_path, monkeypatch):
    root = train_only(tmp_path / "ds", 12)
    resolved = []
    original = Path.resolve
    monkeypatch.setattr(Path, "resolve", lambda self, *a, **k: resolved.append(self) or original(self, *a, **k))
    per_split, _ = split_images(root, read_data_yaml(root))
    assert len(per_split[Split.TRAIN]) == 12
    few = len(resolved)
    for i in range(12, 24):
        (root / f"images/train/p{i:02d}.jpg").write_bytes((root / "images/train/p00.jpg").read_bytes())
    resolved.clear()
    per_split, _ = split_images(root, read_data_yaml(root))
    assert len(per_split[Split.TRAIN]) == 24
    assert len(resolved) == few < 12, resolved  # the dataset and its folders, not each photo


def test_links_are_still_followed_where_they_lead(tmp_path):
    outside = tmp_path / "outside"
    (outside / "more").mkdir(parents=True)
    for name in ("secret.jpg", "more/far.jpg"):
        (outside / name).write_bytes(b"x")
    root = train_only(tmp_path / "ds", 2)
    train = root / "images/train"
    os.symlink(outside / "secret.jpg", train / "out.jpg")  # a photo that is a link out of the dataset
    os.symlink(train / "p00.jpg", train / "in.jpg")  # a link to a photo of the dataset: kept
    os.symlink(outside / "more", root / "linked")  # a folder that is a link out of it, named by a list
    os.symlink(train / "gone.jpg", train / "dangling.jpg")  # a link to nothing: kept, as before (listed, missing)
    (root / "list.txt").write_text("images/train/p01.jpg\nlinked/far.jpg\nimages/../../outside/secret.jpg\n")
    (root / "data.yaml").write_text("train: images/train\nval: list.txt\nnames: [1m, 2m, 5p, 7z]\n")
    per_split, issues = split_images(root, read_data_yaml(root))
    assert [p.name for p in per_split[Split.TRAIN]] == ["dangling.jpg", "in.jpg", "p00.jpg", "p01.jpg"]
    assert [p.name for p in per_split[Split.VAL]] == ["p01.jpg"]
    assert sorted(i.path for i in issues if i.kind is IssueKind.PATH_ESCAPE) == [
        "images/../../outside/secret.jpg", "images/train/out.jpg", "linked/far.jpg"]


def test_a_folder_in_a_loop_is_said_for_each_photo_named_through_it(tmp_path):
    root = train_only(tmp_path / "ds", 2)
    os.symlink(root / "loopb", root / "loopa")
    os.symlink(root / "loopa", root / "loopb")
    (root / "list.txt").write_text("images/train/p00.jpg\nloopa/x.jpg\nloopa/y.jpg\n")
    (root / "data.yaml").write_text("train: list.txt\nval: images/train\nnames: [1m, 2m, 5p, 7z]\n")
    per_split, issues = split_images(root, read_data_yaml(root))
    assert [p.name for p in per_split[Split.TRAIN]] == ["p00.jpg"]
    assert sorted(i.path for i in issues if "link in a loop" in i.message) == ["loopa/x.jpg", "loopa/y.jpg"]


def test_a_check_lists_the_splits_and_reads_each_label_file_once(tmp_path, monkeypatch):
    root = train_only(tmp_path / "ds", 4)
    for i in range(4):
        (root / f"labels/train/p{i:02d}.txt").write_text(f"0 0.5 0.5 0.2 0.2\n1 0.2 0.2 0.1 0.{i + 1}\n")
    listed = counting(monkeypatch, yolo, "photos_in")
    read = []
    original = yolo.read_regular_text  # a label file is read as a regular file only (a named pipe never opened)
    monkeypatch.setattr(yolo, "read_regular_text", lambda path, *a, **k: read.append(path) or original(path, *a, **k))
    report = check_dataset(root)
    assert len(listed) == 1
    assert sorted(p.name for p in read if p.parent.name == "train") == [f"p{i:02d}.txt" for i in range(4)]
    assert report.stats.photos_per_split == {"train": 4, "val": 4} and report.stats.same_as_train == ("val",)
    assert report.stats.tiles == 8


def test_a_check_given_the_listing_reads_none_again_and_says_the_same(tmp_path, monkeypatch):
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "labels/train/b.txt").write_text("0 0.5 0.5 0.2\n")
    (root / "labels/val/gone.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    alone = check_dataset(root)
    listing = split_images(root, read_data_yaml(root))
    listed = counting(monkeypatch, yolo, "photos_in")
    given = check_dataset(root, listing=listing)
    assert listed == []
    assert given == alone and given.dataset == alone.dataset
    assert {i.kind for i in given.issues} >= {IssueKind.BAD_FIELD_COUNT, IssueKind.ORPHAN_LABEL}


def test_a_label_file_changed_between_checks_is_read_again(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    assert not check_dataset(root).errors
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n")
    assert [i.kind for i in check_dataset(root).errors] == [IssueKind.BAD_FIELD_COUNT]
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 0.2 0.2\n0 0.5 0.5 0.2 0.2\n")
    assert [i.kind for i in check_dataset(root).issues] == [IssueKind.DUPLICATE_BOX]


@pytest.mark.parametrize("val", [False, True])
def test_the_accepted_photos_given_the_page_listing_are_those_it_finds_itself(tmp_path, monkeypatch, val):
    root = tmp_path / "ds"
    make_dataset(root)  # a.jpg, b.png in images/train; c.jpg in images/val
    if not val:
        (root / "data.yaml").write_text("train: images/train\nval: images/train\nnames: [1m, 2m, 5p, 7z]\n")
    for photo in ("images/train/a.jpg", "images/val/c.jpg"):
        set_done(root, photo)
    config = read_data_yaml(root)
    alone = teach.accepted_photos(root, config)
    listing = split_images(root, config)
    photos = editing.photo_paths(root, config, listing)
    listed = counting(monkeypatch, yolo, "photos_in")
    given = teach.accepted_photos(root, config, photos=photos, listing=listing)
    assert listed == []
    assert given == alone == ([root / "images/train/a.jpg"], 3 if val else 2, 1 if val else 0)
