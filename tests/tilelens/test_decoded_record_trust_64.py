"""The record of photos decoded whole (``yolo.DecodedPhotos``, ``DATASET/.tilelens/decoded.json``)
never trusts a changed photo and never writes through a link.

1. A photo damaged in place, its size and modification time kept (``cp -p``, ``rsync -t``: only its status-change
   time tells), in a process that checked it before (the Label page checks again): the size remembered in memory
   (``yolo.image_size``'s memo) is not taken as a decode. The memo and the record tell a change by one stamp
   (``yolo.photo_stamp``), so the photo is decoded again, said to be damaged, and never recorded as whole.
2. `label check` / `stats` / export only read a dataset: a ``.tilelens/decoded.json`` that is a link (to a user's
   file) is neither read nor written through, and a ``.tilelens`` that is a link gets nothing written in it."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import yolo
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import LabelFileError

import decode_helpers
from decode_helpers import dataset, fresh, unreadable
from label_helpers import PHOTOS, make_dataset

no_ctime = pytest.mark.skipif(sys.platform == "win32", reason="a file's ctime there is when it was made")
no_links = pytest.mark.skipif(sys.platform == "win32", reason="links need privileges there")
decodes = decode_helpers.decodes  # the photos decoded whole from now on


def _noisy_photo(photo: Path) -> None:
    """A PNG whose picture runs long after its header: broken in the middle, its header still reads."""
    import numpy as np
    from PIL import Image

    Image.fromarray(np.random.default_rng(1).integers(0, 256, (160, 120, 3), dtype=np.uint8)).save(photo)


def _damage_in_place(photo: Path) -> None:
    """Break ``photo``'s picture in the same file, keeping its inode, size and modification time (``cp -p``)."""
    st = photo.stat()
    time.sleep(0.05)  # its status-change time surely another (file times tick in jiffies)
    with open(photo, "r+b") as f:
        f.seek(st.st_size // 2)
        f.write(b"\0" * (st.st_size - st.st_size // 2))
    os.utime(photo, ns=(st.st_atime_ns, st.st_mtime_ns))
    now = photo.stat()
    assert (now.st_ino, now.st_size, now.st_mtime_ns) == (st.st_ino, st.st_size, st.st_mtime_ns)
    assert now.st_ctime_ns != st.st_ctime_ns


def _checked_then_damaged(tmp_path: Path, monkeypatch) -> Path:
    """A dataset checked in this process (its photo b.png read whole, its size in memory and in the record), then
    b.png damaged in place."""
    root = dataset(tmp_path)
    photo = root / "images/train/b.png"
    _noisy_photo(photo)
    fresh(monkeypatch)
    assert unreadable(root) == []
    _damage_in_place(photo)
    return root


# --- 1. one notion of "unchanged" -------------------------------------------------------------------------------


@no_ctime
def test_a_photo_damaged_in_place_is_said_by_the_process_that_checked_it(tmp_path, monkeypatch, decodes):
    root = _checked_then_damaged(tmp_path, monkeypatch)
    decodes.clear()
    assert unreadable(root) == ["images/train/b.png"]  # the same process: the memory does not answer for it
    assert decodes == ["b.png"]
    assert "images/train/b.png" not in yolo._read_decoded(root)  # never recorded as whole
    fresh(monkeypatch)
    assert unreadable(root) == ["images/train/b.png"]  # nor trusted by a fresh process


@no_ctime
def test_image_size_decodes_a_photo_changed_in_place_again(tmp_path, monkeypatch):
    photo = tmp_path / "b.png"
    _noisy_photo(photo)
    fresh(monkeypatch)
    assert yolo.image_size(photo) == (120, 160)
    _damage_in_place(photo)
    with pytest.raises(LabelFileError):
        yolo.image_size(photo)


@no_ctime
def test_the_record_of_a_check_after_an_in_place_change_is_not_trusted_by_the_cli(tmp_path, monkeypatch, capsys):
    root = _checked_then_damaged(tmp_path, monkeypatch)
    unreadable(root)  # the Label page checks again
    fresh(monkeypatch)
    assert tilelens(["label", "check", str(root)]) not in (0, None)
    assert "images/train/b.png" in capsys.readouterr().out


# --- 2. never through a link -------------------------------------------------------------------------------------


@no_links
def test_a_check_never_writes_through_a_linked_record(tmp_path, monkeypatch, capsys):
    root = dataset(tmp_path)
    victim = tmp_path / "notes.txt"
    victim.write_text("my notes, not JSON\n", encoding="utf-8")
    os.symlink(victim, root / yolo.DECODED)
    fresh(monkeypatch)
    assert tilelens(["label", "check", str(root)]) in (0, None)
    fresh(monkeypatch)
    assert tilelens(["label", "stats", str(root)]) in (0, None)
    fresh(monkeypatch)
    check_dataset(root)
    assert victim.read_text(encoding="utf-8") == "my notes, not JSON\n"
    assert (root / yolo.DECODED).is_symlink()


@no_links
def test_an_export_never_writes_through_a_linked_record(tmp_path, monkeypatch):
    from tilelens.labelling.transfer import Format, export_dataset

    root = dataset(tmp_path)
    victim = tmp_path / "notes.txt"
    victim.write_text("mine\n", encoding="utf-8")
    os.symlink(victim, root / yolo.DECODED)
    fresh(monkeypatch)
    export_dataset(root, Format.COCO, tmp_path / "out.json")
    assert victim.read_text(encoding="utf-8") == "mine\n"


@no_links
def test_a_linked_record_is_not_trusted(tmp_path, monkeypatch, decodes):
    root = dataset(tmp_path)
    check_dataset(root)
    elsewhere = tmp_path / "record.json"
    os.replace(root / yolo.DECODED, elsewhere)  # a record that would answer for every photo, reached by a link
    os.symlink(elsewhere, root / yolo.DECODED)
    assert set(json.loads(elsewhere.read_text(encoding="utf-8"))["photos"]) == set(PHOTOS)
    assert yolo._read_decoded(root) == {}
    decodes.clear()
    fresh(monkeypatch)
    check_dataset(root)
    assert sorted(decodes) == sorted(Path(p).name for p in PHOTOS)


@no_links
def test_nothing_is_written_in_a_linked_tilelens_folder(tmp_path, monkeypatch):
    root = tmp_path / "ds"
    make_dataset(root)
    users = tmp_path / "users-folder"
    users.mkdir()
    (users / "decoded.json").write_text("theirs\n", encoding="utf-8")
    os.symlink(users, root / ".tilelens")
    fresh(monkeypatch)
    report = check_dataset(root)
    assert not report.errors and len(report.dataset.images) == len(PHOTOS)
    assert sorted(p.name for p in users.iterdir()) == ["decoded.json"]
    assert (users / "decoded.json").read_text(encoding="utf-8") == "theirs\n"
