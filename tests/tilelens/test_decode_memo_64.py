"""A dataset's photos are decoded whole once, not on every `label check` / `label stats` / export: that a photo
decodes to its end, and its size, are kept in ``DATASET/.tilelens/decoded.json`` (``yolo.DECODED``) while the photo
is unchanged (its name, size, modification time and inode), so a second run, in another process, decodes none of them
(1,500 phone photos took ~200 s on every check). A photo changed since is decoded again, so one cut short after the
first check is still said to be so; a record that cannot be read is rebuilt, never an error. A check keeps it only in
a ``.tilelens`` folder the dataset has (made by pre-labelling, teaching, the Label page): it makes none, which would
change the dataset folder's time, which the Label page watches."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import yolo
from tilelens.labelling.checks import check_dataset

import decode_helpers
from decode_helpers import dataset, fresh, unreadable
from label_helpers import PHOTOS, make_dataset

decodes = decode_helpers.decodes  # the photos decoded whole from now on


def test_a_second_check_decodes_no_photo_again(tmp_path, monkeypatch, decodes):
    root = dataset(tmp_path)
    fresh(monkeypatch)
    first = check_dataset(root)
    assert sorted(decodes) == sorted(Path(p).name for p in PHOTOS)
    assert (root / yolo.DECODED).is_file()
    decodes.clear()
    fresh(monkeypatch)
    second = check_dataset(root)
    assert decodes == [], f"decoded again: {decodes}"
    assert {im.path: im.resolution_wh for im in second.dataset.images} == \
        {im.path: im.resolution_wh for im in first.dataset.images} == {p: size for p, (size, _) in PHOTOS.items()}


def test_stats_and_export_after_a_check_decode_nothing(tmp_path, monkeypatch, decodes, capsys):
    from tilelens.labelling.transfer import Format, export_dataset

    root = dataset(tmp_path)
    check_dataset(root)
    decodes.clear()
    fresh(monkeypatch)
    assert tilelens(["label", "stats", str(root)]) in (0, None)
    fresh(monkeypatch)
    export_dataset(root, Format.COCO, tmp_path / "out.json")
    assert decodes == []
    assert "3" in capsys.readouterr().out


def test_a_record_left_as_it_is_when_nothing_changed(tmp_path, monkeypatch):
    root = dataset(tmp_path)
    check_dataset(root)
    record = root / yolo.DECODED
    before = (record.stat().st_ino, record.stat().st_mtime_ns)
    fresh(monkeypatch)
    check_dataset(root)
    assert (record.stat().st_ino, record.stat().st_mtime_ns) == before  # not written again


@pytest.mark.parametrize("same_time", [False, True])
def test_a_photo_cut_short_after_the_first_check_is_still_said(tmp_path, monkeypatch, decodes, same_time):
    import numpy as np
    from PIL import Image

    root = dataset(tmp_path)
    photo = root / "images/train/a.jpg"
    noise = np.random.default_rng(0).integers(0, 256, (100, 200, 3), dtype=np.uint8)
    Image.fromarray(noise).save(photo, quality=95)  # its picture long after its header: cut, the header still reads
    assert unreadable(root) == []
    st = photo.stat()
    data = photo.read_bytes()
    photo.write_bytes(data[:len(data) // 2])  # a copy that stopped part way, in place
    if same_time:  # its time put back as it was: its size still tells
        os.utime(photo, ns=(st.st_atime_ns, st.st_mtime_ns))
    decodes.clear()
    fresh(monkeypatch)
    assert unreadable(root) == ["images/train/a.jpg"]
    assert decodes == ["a.jpg"]  # the one changed, alone
    fresh(monkeypatch)
    assert unreadable(root) == ["images/train/a.jpg"]  # an unreadable photo is never kept as read


def test_a_photo_replaced_by_another_is_decoded_again(tmp_path, monkeypatch, decodes):
    from PIL import Image

    root = dataset(tmp_path)
    check_dataset(root)
    replaced = root / "images/train/b.png"
    Image.new("RGB", (300, 100), (10, 20, 30)).save(tmp_path / "new.png")
    os.replace(tmp_path / "new.png", replaced)
    decodes.clear()
    fresh(monkeypatch)
    sizes = {im.path: im.resolution_wh for im in check_dataset(root).dataset.images}
    assert decodes == ["b.png"] and sizes["images/train/b.png"] == (300, 100)


@pytest.mark.skipif(sys.platform == "win32", reason="a file's ctime there is when it was made")
def test_a_photo_damaged_in_place_its_size_and_time_kept_is_still_said(tmp_path, monkeypatch, decodes):
    import numpy as np
    from PIL import Image

    root = dataset(tmp_path)
    photo = root / "images/train/b.png"
    Image.fromarray(np.random.default_rng(1).integers(0, 256, (160, 120, 3), dtype=np.uint8)).save(photo)
    assert unreadable(root) == []
    st, data = photo.stat(), photo.read_bytes()
    half = len(data) // 2
    with open(photo, "r+b") as f:  # the same file, the same size: its picture broken in the middle
        f.seek(half)
        f.write(b"\0" * 1000)
    os.utime(photo, ns=(st.st_atime_ns, st.st_mtime_ns))  # its time put back (cp -p, rsync -t)
    assert (photo.stat().st_size, photo.stat().st_mtime_ns, photo.stat().st_ino) == \
        (st.st_size, st.st_mtime_ns, st.st_ino)
    fresh(monkeypatch)
    assert unreadable(root) == ["images/train/b.png"]


@pytest.mark.parametrize("garbage", [b"\x00\xffnot json{", b"[1, 2]", b'{"version": 1, "photos": [1]}',
                                     b'{"version": 1, "photos": {"images/train/a.jpg": "x", "images/val/c.jpg": '
                                     b'{"ino": true, "mtime_ns": "1", "ctime_ns": 1, "bytes": -1, "wh": [0]}}}',
                                     b'{"version": 999, "photos": {}}'])
def test_a_record_that_cannot_be_read_is_rebuilt(tmp_path, monkeypatch, decodes, garbage):
    root = dataset(tmp_path)
    (root / yolo.DECODED).write_bytes(garbage)
    fresh(monkeypatch)
    report = check_dataset(root)
    assert not report.errors and len(report.dataset.images) == len(PHOTOS)
    assert len(decodes) == len(PHOTOS)
    kept = json.loads((root / yolo.DECODED).read_text(encoding="utf-8"))
    assert sorted(kept["photos"]) == sorted(PHOTOS)  # rebuilt
    decodes.clear()
    fresh(monkeypatch)
    check_dataset(root)
    assert decodes == []


def test_a_record_that_cannot_be_written_is_no_error(tmp_path, monkeypatch, decodes):
    root = dataset(tmp_path)
    (root / yolo.DECODED).mkdir()  # a folder in its place
    fresh(monkeypatch)
    report = check_dataset(root)
    assert not report.errors and len(report.dataset.images) == len(PHOTOS)
    assert (root / yolo.DECODED).is_dir()


def test_a_photo_removed_leaves_the_record(tmp_path, monkeypatch):
    root = dataset(tmp_path)
    check_dataset(root)
    (root / "images/val/c.jpg").unlink()
    fresh(monkeypatch)
    check_dataset(root)
    kept = json.loads((root / yolo.DECODED).read_text(encoding="utf-8"))
    assert sorted(kept["photos"]) == ["images/train/a.jpg", "images/train/b.png"]


def test_a_check_makes_no_tilelens_folder(tmp_path, monkeypatch, decodes):
    root = tmp_path / "ds"
    make_dataset(root)
    before = root.stat().st_mtime_ns
    fresh(monkeypatch)
    assert len(check_dataset(root).dataset.images) == len(PHOTOS)
    assert not (root / ".tilelens").exists() and root.stat().st_mtime_ns == before
    assert len(decodes) == len(PHOTOS)
