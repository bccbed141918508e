"""The Label page with a progress file it cannot read (damaged, or a named pipe in its place): the page opens (nothing
shown accepted, a pipe never opened: reading one waits for ever), and Accept says the file cannot be read, writes
nothing over it, and does not stop the page. Session 53 fuzz re-walk."""
from __future__ import annotations

import os
import stat
import threading
from contextlib import contextmanager

import pytest

from tilelens.labelling import store

from app_helpers import label_page_dataset, open_page, texts

fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
# app/views/label.py reads the progress file with store.read_progress (the error shown, none accepted) and catches
# what Accept's set_done raises (said once, at the top): the change is to be made there (not this helper's file)


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


@contextmanager
def watched(fifo):
    """Whether anything opened the named pipe ``fifo`` to read it while in the block (a list, empty if not): a
    reader waiting on it is let go (it reads an empty file), so that a page that opens it is drawn all the same."""
    seen: list[bool] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # fails (ENXIO) while nobody has it open to read
            except OSError:
                stop.wait(0.02)
                continue
            seen.append(True)
            os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield seen
    finally:
        stop.set()
        thread.join()


@fifo_only
def test_the_page_with_a_pipe_for_its_progress_file_opens_without_reading_it(dataset):
    progress = dataset / store.PROGRESS_FILE
    os.mkfifo(progress)
    with watched(progress) as opened:
        at = open_page("label", lang="en")  # a pipe opened to read would wait here for ever
    assert not opened and not at.exception
    assert "Accepted 0 of 3 photos" in at.get("progress")[0].proto.text
    assert stat.S_ISFIFO(progress.lstat().st_mode)


def test_the_page_with_a_damaged_progress_file_opens(dataset):
    progress = dataset / store.PROGRESS_FILE
    progress.write_text('{"accepted": 5}\n')
    at = open_page("label", lang="en")
    assert "Accepted 0 of 3 photos" in at.get("progress")[0].proto.text and not at.exception
    assert progress.read_text() == '{"accepted": 5}\n'


@pytest.mark.parametrize("lang, words", [("en", "cannot be read"), ("ja", "読めません")])
def test_accept_with_a_damaged_progress_file_says_so_and_writes_nothing(dataset, lang, words):
    progress = dataset / store.PROGRESS_FILE
    progress.write_text('{"accepted": 5}\n')
    at = open_page("label", lang=lang)
    assert any(str(progress) in e.value and words in e.value for e in at.error), texts(at)
    at.button(key="label_accept").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error if str(progress) in e.value] and progress.read_text() == '{"accepted": 5}\n'


@fifo_only
def test_accept_with_a_pipe_for_its_progress_file_says_so(dataset):
    progress = dataset / store.PROGRESS_FILE
    os.mkfifo(progress)
    with watched(progress) as opened:
        at = open_page("label", lang="en")
        at.button(key="label_accept").click().run()
    assert not opened and not at.exception, [e.value for e in at.exception]
    assert len([e for e in at.error if "not a regular file" in e.value]) == 1, texts(at)  # said once
