"""Labelling leftovers (session 65, F14).

- The Label page's Save of a photo's boxes (``editing.save_boxes``) takes the dataset's lock, as pre-labelling does
  before each write and an accept does (``store.set_done``): a hand save never lands between pre-labelling's
  re-check and its write. An Undo (``editing.undo``) looks and writes under it too.
- A ``.tilelens/dataset-id`` that is a link or no plain file is refused in Japanese on a Japanese screen.
- ``label init`` interrupted says "50枚のうち18枚", as ``read`` does (no space).
"""
from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from label_helpers import run
from tilelens.labelling import Box, Dataset, LabelledImage, editing, set_done, teach, write_yolo
from tilelens.labelling.store import dataset_lock
from tilelens.labelling.teach import TeachError

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links as POSIX has them")
NAMES = ("1m", "1p")
PHOTO = "images/train/a.png"
ENGLISH = re.compile(r"[A-Za-z]{4,}")


def _dataset(root: Path) -> Path:
    images = []
    for name in ("a", "b"):
        rel = f"images/train/{name}.png"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(root / rel), np.full((40, 80, 3), 90, np.uint8))
        images.append(LabelledImage(rel, (80, 40), (Box("1m", (0.1, 0.1, 0.4, 0.9)), Box("1p", (0.5, 0.1, 0.9, 0.9)))))
    write_yolo(Dataset(NAMES, tuple(images), "tokyo-mahjong"), root)
    for name in ("a", "b"):
        set_done(root, f"images/train/{name}.png")
    return root


@pytest.fixture
def dataset(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    return _dataset(tmp_path / "ds")


def _held(root: Path):
    """A thread holding ``root``'s dataset lock until the returned event is set (as pre-labelling's write does)."""
    taken, release = threading.Event(), threading.Event()

    def hold():
        with dataset_lock(root):
            taken.set()
            release.wait(10)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert taken.wait(5)
    return release, holder


def test_a_save_of_boxes_waits_for_the_dataset_lock(dataset):
    label = dataset / "labels/train/a.txt"
    before = label.read_bytes()
    new = (Box("1p", (0.2, 0.2, 0.5, 0.8)),)
    release, holder = _held(dataset)
    saver = threading.Thread(target=editing.save_boxes, args=(dataset, PHOTO, new, NAMES), daemon=True)
    saver.start()
    saver.join(0.5)
    assert saver.is_alive() and label.read_bytes() == before  # nothing written while a pre-label write holds it
    release.set()
    saver.join(5)
    holder.join(5)
    assert not saver.is_alive()
    boxes, _ = editing.load_boxes(dataset, PHOTO, NAMES)
    assert editing.same_boxes(boxes, new)


def test_an_undo_waits_for_the_lock_and_still_works(dataset):
    before, _ = editing.load_boxes(dataset, PHOTO, NAMES)
    after = (Box("1m", (0.2, 0.2, 0.5, 0.8)),)
    editing.save_boxes(dataset, PHOTO, after, NAMES)  # the lock is not held after a save: no deadlock next
    change = editing.Change(PHOTO, before, after)
    release, holder = _held(dataset)
    done: list = []
    undoer = threading.Thread(target=lambda: done.append(editing.undo(dataset, change, NAMES)), daemon=True)
    undoer.start()
    undoer.join(0.5)
    assert undoer.is_alive() and not done
    release.set()
    undoer.join(5)
    holder.join(5)
    assert done == [True]
    assert editing.same_boxes(editing.load_boxes(dataset, PHOTO, NAMES)[0], before)
    assert editing.undo(dataset, change, NAMES) is False  # changed since: left as it is


@posix_only
def test_a_linked_dataset_id_is_refused_in_both_languages(dataset, tmp_path, monkeypatch):
    theirs = tmp_path / "theirs.txt"
    theirs.write_text("a user's own notes\n", encoding="utf-8")
    (dataset / ".tilelens").mkdir(exist_ok=True)
    os.symlink(theirs, dataset / ".tilelens" / "dataset-id")
    with pytest.raises(TeachError) as refused:
        teach.enroll_args(dataset, "mine", None, 1)
    assert "dataset-id" in str(refused.value) and "is a link" in str(refused.value)
    ja = refused.value.message_ja
    assert "登録用のファイルを書けません" in ja and "リンク" in ja and "dataset-id" in ja
    assert "keeps a file of its own" not in ja and "left as it is" not in ja
    assert theirs.read_text(encoding="utf-8") == "a user's own notes\n"
    assert (dataset / ".tilelens" / "dataset-id").is_symlink()


@posix_only
def test_label_teach_says_the_linked_dataset_id_in_japanese(dataset, tmp_path, capsys, monkeypatch):
    import vision.enroll

    monkeypatch.setenv("TILELENS_LANG", "ja")
    enrolled: list = []
    monkeypatch.setattr(vision.enroll, "main", lambda argv, **kw: enrolled.append(argv) or 0)
    theirs = tmp_path / "theirs.txt"
    theirs.write_text("a user's own notes\n", encoding="utf-8")
    (dataset / ".tilelens").mkdir(exist_ok=True)
    os.symlink(theirs, dataset / ".tilelens" / "dataset-id")
    code, _, err = run(capsys, "label", "teach", dataset, "--name", "cli-set", "--epochs", "1")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert lines[0].startswith("tilelens label: "), err
    said = lines[0].removeprefix("tilelens label: ")
    assert "登録用のファイルを書けません" in said and f"{dataset / '.tilelens' / 'dataset-id'} はリンク" in said
    for path in (dataset / ".tilelens" / "dataset-id", teach.job_dir(dataset)):  # paths' letters are no English
        said = said.replace(str(path), "")
    assert not ENGLISH.search(said), said
    assert not enrolled and theirs.read_text(encoding="utf-8") == "a user's own notes\n"


def test_label_init_interrupted_says_of_with_no_space(tmp_path, capsys, monkeypatch):
    from tilelens.labelling import prelabel

    def stop(*_a, **_k):
        raise prelabel.PrelabelInterrupted(18, 50)

    monkeypatch.setattr(prelabel, "prelabel_folder", stop)
    (tmp_path / "ds").mkdir()
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, _, err = run(capsys, "label", "init", tmp_path / "ds", "--game", "tokyo-mahjong")
    assert code == 130 and "50枚のうち18枚を下書きしたところで中断しました" in err, err
    monkeypatch.setenv("TILELENS_LANG", "en")
    code, _, err = run(capsys, "label", "init", tmp_path / "ds", "--game", "tokyo-mahjong")
    assert code == 130 and "with 18 of 50 photos pre-labelled" in err, err
