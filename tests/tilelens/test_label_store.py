"""Atomic saves: an interrupted save leaves the old file whole and no temporary file behind."""
from __future__ import annotations

import os

import pytest

from tilelens.labelling import atomic_write_text, load_done, set_done
from tilelens.labelling import store


def test_write_creates_folders_and_replaces_content(tmp_path):
    path = tmp_path / "labels/train/a.txt"
    atomic_write_text(path, "0 0.5 0.5 0.1 0.1\n")
    atomic_write_text(path, "1 0.5 0.5 0.1 0.1\n")
    assert path.read_text() == "1 0.5 0.5 0.1 0.1\n"
    assert os.listdir(path.parent) == ["a.txt"]


def test_crash_during_replace_keeps_the_old_file_and_cleans_up(tmp_path, monkeypatch):
    path = tmp_path / "a.txt"
    path.write_text("old\n")

    def crash(src, dst):
        raise KeyboardInterrupt  # the tab closed, the process stopped: anything mid-save

    monkeypatch.setattr(store.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(path, "new\n")
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_crash_while_writing_never_truncates_the_target(tmp_path, monkeypatch):
    path = tmp_path / "a.txt"
    path.write_text("old\n")
    seen = []

    def fsync_then_check(fd):
        seen.append(path.read_text())  # mid-save, the target is still the old file
        raise OSError("disk full")

    monkeypatch.setattr(store.os, "fsync", fsync_then_check)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(path, "new\n")
    assert seen == ["old\n"] and path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["a.txt"]


def test_progress_marks_and_unmarks_photos(tmp_path):
    assert load_done(tmp_path) == set()
    set_done(tmp_path, "images/train/a.jpg")
    set_done(tmp_path, "images/train/b.jpg")
    set_done(tmp_path, "images/train/a.jpg", done=False)
    assert load_done(tmp_path) == {"images/train/b.jpg"}


def test_damaged_progress_file_counts_as_nothing_done(tmp_path):
    (tmp_path / store.PROGRESS_FILE).write_text("{not json")
    assert load_done(tmp_path) == set()
    (tmp_path / store.PROGRESS_FILE).write_text("[1, 2]")
    assert load_done(tmp_path) == set()
