"""Atomic saves: an interrupted save leaves the old file whole and no temporary file behind."""
from __future__ import annotations

import os

import pytest

from tilelens.labelling import atomic_write_text, load_done, set_done
from tilelens.labelling import store
from vision import locks


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


def _slow_progress_writes(monkeypatch, pause_s: float = 0.05):
    """Each save of the progress file waits a moment first: a second mark made meanwhile reads the file
    before the first is written (as two phones marking photos at the same moment do)."""
    import time

    write = store.atomic_write_json

    def slow(path, data):
        time.sleep(pause_s)
        return write(path, data)

    monkeypatch.setattr(store, "atomic_write_json", slow)


def test_photos_marked_done_at_once_from_two_threads_are_all_kept(tmp_path, monkeypatch):
    # set_done read the progress file, changed it and wrote it back outside the dataset's lock: of marks
    # made at the same moment, all but the last written were lost (8 threads kept 1 mark).
    import threading

    _slow_progress_writes(monkeypatch)
    photos = [f"images/train/{n}.jpg" for n in range(8)]
    start = threading.Barrier(len(photos))

    def mark(photo):
        start.wait()
        set_done(tmp_path, photo)

    threads = [threading.Thread(target=mark, args=(p,)) for p in photos]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert load_done(tmp_path) == set(photos)


def _mark_in_a_process(root, photo, start):
    start.wait()
    set_done(root, photo)


@pytest.mark.skipif(locks.fcntl is None, reason="no file lock on this system")
def test_photos_marked_done_at_once_from_two_processes_are_all_kept(tmp_path, monkeypatch):
    # Two app processes (or the app and `tilelens label`) on one dataset: the file lock keeps them apart.
    import multiprocessing

    _slow_progress_writes(monkeypatch)  # forked processes keep it
    ctx = multiprocessing.get_context("fork")
    photos = [f"images/train/{n}.jpg" for n in range(4)]
    start = ctx.Barrier(len(photos))
    procs = [ctx.Process(target=_mark_in_a_process, args=(tmp_path, p, start)) for p in photos]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
    assert [p.exitcode for p in procs] == [0] * len(photos)
    assert load_done(tmp_path) == set(photos)


def test_unmarking_and_marking_at_once_keep_both_changes(tmp_path, monkeypatch):
    import threading

    set_done(tmp_path, "images/train/a.jpg")
    _slow_progress_writes(monkeypatch)
    threads = [threading.Thread(target=set_done, args=(tmp_path, "images/train/a.jpg", False)),
               threading.Thread(target=set_done, args=(tmp_path, "images/train/b.jpg"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert load_done(tmp_path) == {"images/train/b.jpg"}
