"""One notion of "unchanged file" and no file of ``.tilelens`` reached through a link.

1. ``replaced``'s memo of each photo's sha256 is kept while the photo has the stamp ``yolo.file_stamp`` gives (inode,
   modification and status-change times, size), as every other memo: a photo written over in place with its
   modification time put back (``cp -p``, ``rsync -t``) is read again, not taken for the one it was.
2. ``.tilelens/prelabelled.json``, its journal and ``dataset-id`` are the dataset's own (``store.own_file``): one that
   is a link (or lies in a linked ``.tilelens``) is neither read nor written through; a named pipe in its place is
   looked at, never opened (opening it would wait for a writer).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from tilelens.labelling import prelabel, replaced, store, teach

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links, pipes and ctimes as POSIX has them")


def _dataset(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "ds"
    photo = root / "images" / "train" / "a.jpg"
    photo.parent.mkdir(parents=True)
    photo.write_bytes(b"first photo bytes")
    return root, photo


def _record(root: Path, photo_bytes: bytes) -> dict:
    return {"images/train/a.jpg": {"photo_sha256": hashlib.sha256(photo_bytes).hexdigest(), "sha256": "x"}}


@posix_only
def test_a_photo_rewritten_in_place_with_its_time_kept_is_read_again(tmp_path):
    root, photo = _dataset(tmp_path)
    store.atomic_write_json(root / prelabel.PRELABELLED, _record(root, photo.read_bytes()))
    assert replaced.replaced_photos(root) == []  # its sha256 now remembered
    st = photo.stat()
    with open(photo, "r+b") as f:  # same inode, same size
        f.write(b"other photo bytes")
    os.utime(photo, ns=(st.st_atime_ns, st.st_mtime_ns))  # its time put back
    now = photo.stat()
    assert (now.st_ino, now.st_size, now.st_mtime_ns) == (st.st_ino, st.st_size, st.st_mtime_ns)
    assert replaced.replaced_photos(root) == ["images/train/a.jpg"]


@posix_only
@pytest.mark.parametrize("linked", ["file", "folder"])
def test_a_linked_record_is_neither_read_nor_written_through(tmp_path, linked):
    root, photo = _dataset(tmp_path)
    users = tmp_path / "users"
    users.mkdir()
    theirs = json.dumps(_record(root, b"something else"))
    (users / "prelabelled.json").write_text(theirs, encoding="utf-8")
    (users / "prelabelled.jsonl").write_text(
        json.dumps({"photo": "images/train/a.jpg", "entry": {"sha256": "y"}}) + "\n", encoding="utf-8")
    (users / "dataset-id").write_text("0123456789abcdef0123456789abcdef\n/elsewhere\n", encoding="utf-8")
    if linked == "file":
        (root / ".tilelens").mkdir()
        for name in ("prelabelled.json", "prelabelled.jsonl", "dataset-id"):
            os.symlink(users / name, root / ".tilelens" / name)
    else:
        os.symlink(users, root / ".tilelens")
    before = sorted((p.name, p.read_bytes()) for p in users.iterdir())
    assert store.own_file(root, prelabel.PRELABELLED) is None
    assert prelabel.prelabelled_record(root) == {}  # not trusted
    assert replaced.replaced_photos(root) == []
    prelabel._keep_record(root, {"images/train/a.jpg": {"sha256": "z"}})
    prelabel.keep_proposals(root, {"images/train/a.jpg": ("x", "w")})
    journal = prelabel._Journal(root)
    journal.note("images/train/a.jpg", {"sha256": "z"})
    journal.close()
    assert teach._read_id(root) == ("", "")
    assert teach.dataset_id(root) is None
    with pytest.raises(OSError):
        teach.dataset_id(root, make=True)
    assert sorted((p.name, p.read_bytes()) for p in users.iterdir()) == before  # the user's files as they were
    assert all((root / ".tilelens" / n).is_symlink() for n in ("prelabelled.json", "dataset-id")) \
        if linked == "file" else (root / ".tilelens").is_symlink()


@posix_only
def test_a_pipe_as_the_record_is_never_opened(tmp_path):
    root, photo = _dataset(tmp_path)
    (root / ".tilelens").mkdir()
    for name in ("prelabelled.json", "prelabelled.jsonl", "dataset-id"):
        os.mkfifo(root / ".tilelens" / name)
    found: list = []
    worker = threading.Thread(target=lambda: found.append((prelabel.prelabelled_record(root),
                                                           replaced.replaced_photos(root), teach._read_id(root))),
                              daemon=True)
    worker.start()
    worker.join(10)
    hung = worker.is_alive()
    if hung:  # let a reader stuck on a pipe go
        for name in ("prelabelled.json", "prelabelled.jsonl", "dataset-id"):
            try:
                os.close(os.open(root / ".tilelens" / name, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        worker.join(5)
    assert not hung
    assert found == [({}, [], ("", ""))]
    prelabel._keep_record(root, {"images/train/a.jpg": {"sha256": "z"}})  # nothing put in the pipe's place
    assert all(store.own_file(root, Path(".tilelens") / n) is None
               for n in ("prelabelled.json", "prelabelled.jsonl", "dataset-id"))


def test_own_file_is_the_path_where_nothing_is_in_the_way(tmp_path):
    root, photo = _dataset(tmp_path)
    assert store.own_file(root, prelabel.PRELABELLED) == root / prelabel.PRELABELLED  # not there yet: to write
    assert store.own_file(root, "images/train/a.jpg") == photo
    assert store.own_file(root, "images/train") is None  # a folder is not a file
