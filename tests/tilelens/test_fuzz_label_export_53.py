"""Atomic saves and what they write over: a pipe or device at the target is refused, never replaced by a file;
a folder that cannot be written is said naming the file asked for, not the temporary file beside it."""
from __future__ import annotations

import errno
import os
import stat
import tempfile

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import store
from tilelens.labelling.store import atomic_write_text

from label_helpers import make_dataset

fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@fifo_only
@pytest.mark.parametrize("lang, words", [("en", "not a regular file"), ("ja", "通常のファイルではありません")])
def test_export_onto_a_named_pipe_is_refused_and_the_pipe_kept(tmp_path, capsys, monkeypatch, lang, words):
    make_dataset(tmp_path / "ds")
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    if lang == "ja":
        monkeypatch.setenv("TILELENS_LANG", "ja")
    else:
        monkeypatch.delenv("TILELENS_LANG", raising=False)
    assert tilelens(["label", "export", str(tmp_path / "ds"), str(fifo), "--to", "coco"]) == 2
    out, err = capsys.readouterr()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still the pipe, not a file put in its place
    assert "wrote" not in out and "書き出しました" not in out
    assert str(fifo) in err and words in err and "Traceback" not in err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@fifo_only
def test_atomic_write_refuses_a_pipe_as_an_os_error_naming_it(tmp_path):
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:  # the app's saves catch OSError: this one too
        atomic_write_text(fifo, "x")
    assert str(fifo) in str(caught.value) and stat.S_ISFIFO(fifo.lstat().st_mode)


def test_atomic_write_onto_a_folder_names_the_folder(tmp_path):
    (tmp_path / "d").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        atomic_write_text(tmp_path / "d", "x")
    assert caught.value.filename == str(tmp_path / "d")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_regular_file_is_still_replaced(tmp_path):
    target = tmp_path / "c.json"
    target.write_text("old")
    atomic_write_text(target, "new")
    assert target.read_text() == "new"


def test_an_unwritable_folder_is_said_naming_the_target_not_the_temporary_file(tmp_path, capsys, monkeypatch):
    make_dataset(tmp_path / "ds")
    out = tmp_path / "ro" / "c.json"
    out.parent.mkdir()

    def denied(*args, dir=None, prefix="", suffix="", **kwargs):  # as mkstemp fails in a folder one may not write
        name = os.path.join(dir, f"{prefix}0g9sfo5y{suffix}")
        raise PermissionError(errno.EACCES, "Permission denied", name)

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    assert tilelens(["label", "export", str(tmp_path / "ds"), str(out), "--to", "coco"]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {out} (Permission denied)" in err and ".tmp" not in err


def test_no_room_while_writing_names_the_target(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store.os, "fsync", full)
    with pytest.raises(OSError) as caught:
        atomic_write_text(tmp_path / "c.json", "x")
    assert caught.value.filename == str(tmp_path / "c.json") and caught.value.errno == errno.ENOSPC
    assert not list(tmp_path.iterdir())
