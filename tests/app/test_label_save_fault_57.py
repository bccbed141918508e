"""Session 57 (W1 finding 2): the Label page when a photo's boxes cannot be saved (a full disk, a read-only dataset).
A box drawn, moved, deleted or renamed showed Streamlit's crash box (in English on a Japanese screen), and a failed
Undo lost its step (taken off the stack before the save). Now one line says the boxes were not saved and why, in the
screen's language, the label file is as it was, and Undo keeps its step until it is saved."""
from __future__ import annotations

import errno

import pytest

from app.components import box_editor as editor
from app_helpers import label_page_dataset, open_page
from tilelens.labelling import editing, store

NAMES_OF = "images/train/a.jpg"


def _page(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    root = label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label", lang=lang)
    return root, at


def _edit(monkeypatch, at, edit):
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": [edit]})
    at.run()
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})


def _full_disk(monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store.os, "fsync", full)


def _read_only_disk(monkeypatch):
    def refused(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", kwargs.get("dir"))
    monkeypatch.setattr(store.tempfile, "mkstemp", refused)


def _said(at):
    return [e.value for e in at.error]


def test_a_box_drawn_on_a_full_disk_is_said_in_japanese_not_a_crash(tmp_path, monkeypatch):
    root, at = _page(tmp_path, monkeypatch, "ja")
    label = root / "labels/train/a.txt"
    before = label.read_text()
    assert at.button(key="label_undo").disabled
    _full_disk(monkeypatch)
    _edit(monkeypatch, at, {"op": "add", "photo": NAMES_OF, "xyxyn": [0.7, 0.1, 0.8, 0.5], "nonce": "n-1"})
    assert not at.exception, [e.value for e in at.exception]
    said = _said(at)
    assert any("保存できませんでした" in s and "ディスクがいっぱい" in s for s in said), said
    assert all("a.txt" in s and "Traceback" not in s for s in said) and len(said) == 1, said  # the file named
    assert label.read_text() == before
    assert at.button(key="label_undo").disabled  # nothing saved: nothing to undo


def test_a_box_deleted_on_a_read_only_dataset_is_said(tmp_path, monkeypatch):
    root, at = _page(tmp_path, monkeypatch, "en")
    label = root / "labels/train/a.txt"
    before = label.read_text()
    boxes, _ = editing.load_boxes(root, NAMES_OF, ("x",) * 200)
    assert boxes
    _read_only_disk(monkeypatch)
    _edit(monkeypatch, at, {"op": "delete", "photo": NAMES_OF, "xyxyn": list(boxes[0].xyxyn), "nonce": "n-2"})
    assert not at.exception, [e.value for e in at.exception]
    said = _said(at)
    assert any("not saved" in s and "read-only" in s.lower() for s in said), said
    assert label.read_text() == before


def test_a_failed_undo_keeps_its_step(tmp_path, monkeypatch):
    root, at = _page(tmp_path, monkeypatch, "en")
    label = root / "labels/train/a.txt"
    before = label.read_text()
    _edit(monkeypatch, at, {"op": "add", "photo": NAMES_OF, "xyxyn": [0.7, 0.1, 0.8, 0.5], "nonce": "n-3"})
    drawn = label.read_text()
    assert drawn != before and not at.button(key="label_undo").disabled
    with pytest.MonkeyPatch.context() as full:
        _full_disk(full)
        at.button(key="label_undo").click().run()
        assert not at.exception, [e.value for e in at.exception]
        said = _said(at)
        assert any("Undo" in s and "No space left" in s for s in said), said
        assert label.read_text() == drawn
        assert not at.button(key="label_undo").disabled  # the step is still there to undo
    at.button(key="label_undo").click().run()  # room again: the same Undo now takes the box back
    assert not at.exception and label.read_text() == before
