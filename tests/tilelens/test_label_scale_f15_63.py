"""Session 63 (F15): labelling 1,500 photos. Accepting (``label accept --all``) and importing marked each photo in
its own read and rewrite of ``label_progress.json`` (an fsync each, the pre-label record read again each): one read
and one write now, the file as marking them one by one leaves it. Filing loose photos compared each with every filed
photo (a stat each): filed photos are looked up by size. Five empty .jpg files were said "the same photo as
images/train/empty_1.jpg", a photo put back out of the dataset after: an empty or unreadable file is said as such.
``label init`` with no model reading the game decoded every photo with no bar: a bar counts the photos checked."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import prelabel, store
from tilelens.labelling.store import PROGRESS_FILE, load_done, set_done
from tilelens.labelling.transfer import Format, export_dataset, import_dataset

from label_helpers import FixedReader


def _photo(path: Path, i: int, size: tuple[int, int] | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size or (60 + i, 40 + i % 7), ((i * 37) % 256, (i * 11) % 256, 90)).save(path)


def _dataset(root: Path, n: int = 6) -> Path:
    """``n`` photos pre-labelled (their pixels in the record), one changed since (decoded when accepted), one labelled
    by hand with no record, one accepted already."""
    for i in range(n):
        _photo(root / f"p{i}.jpg", i)
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    _photo(root / "images/train/p0.jpg", 99)  # another photo under its name since
    _photo(root / "images/train/hand.jpg", 50)
    (root / "labels/train/hand.txt").write_text("0 0.5 0.5 0.2 0.2\n", encoding="utf-8")
    set_done(root, "images/train/p1.jpg")
    return root


def _count_progress_writes(monkeypatch) -> list[Path]:
    written: list[Path] = []
    real = store.atomic_write_json

    def counting(path, data):
        if Path(path).name == PROGRESS_FILE:
            written.append(Path(path))
        return real(path, data)

    monkeypatch.setattr(store, "atomic_write_json", counting)
    return written


def _count_record_reads(monkeypatch) -> list[Path]:
    reads: list[Path] = []
    real = prelabel.prelabelled_record

    def counting(root):
        reads.append(Path(root))
        return real(root)

    monkeypatch.setattr(prelabel, "prelabelled_record", counting)
    return reads


def _one_by_one(root: Path, photos) -> bytes:
    for photo in sorted(photos):
        set_done(root, photo)
    return (root / PROGRESS_FILE).read_bytes()


def test_accept_all_writes_the_progress_once_as_accepting_each_would(tmp_path, monkeypatch, capsys):
    root = _dataset(tmp_path / "ds")
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)
    before = load_done(root)
    written, reads = _count_progress_writes(monkeypatch), _count_record_reads(monkeypatch)
    assert tilelens(["label", "accept", str(root), "--all"]) == 0, capsys.readouterr().err
    changed = load_done(root) - before
    assert len(changed) == 6  # every photo but p1, accepted already: p0 (changed since), p2-p5, hand
    assert written == [root / PROGRESS_FILE]  # before: one write (and fsync) per photo
    assert len(reads) <= 1  # before: the pre-label record read again for every photo
    monkeypatch.undo()
    assert (root / PROGRESS_FILE).read_bytes() == _one_by_one(twin, changed)


def test_accept_all_undo_writes_once_as_undoing_each_would(tmp_path, monkeypatch, capsys):
    root = _dataset(tmp_path / "ds")
    assert tilelens(["label", "accept", str(root), "--all"]) == 0
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)
    written = _count_progress_writes(monkeypatch)
    assert tilelens(["label", "accept", str(root), "--all", "--undo"]) == 0, capsys.readouterr().err
    assert written == [root / PROGRESS_FILE] and load_done(root) == set()
    monkeypatch.undo()
    for photo in sorted(load_done(twin)):
        set_done(twin, photo, done=False)
    assert (root / PROGRESS_FILE).read_bytes() == (twin / PROGRESS_FILE).read_bytes()


def test_import_into_a_new_folder_marks_the_accepted_photos_in_one_write(tmp_path, monkeypatch):
    root = _dataset(tmp_path / "ds")
    for photo in ("images/train/p2.jpg", "images/train/hand.jpg", "images/train/p0.jpg"):
        set_done(root, photo)
    export_dataset(root, Format.COCO, tmp_path / "coco.json")
    new, twin = tmp_path / "new", tmp_path / "twin"
    written, reads = _count_progress_writes(monkeypatch), _count_record_reads(monkeypatch)
    import_dataset(tmp_path / "coco.json", Format.COCO, new, images_dir=root / "images" / "train",
                   game="tokyo-mahjong")
    monkeypatch.undo()
    assert load_done(new) == load_done(root) and len(load_done(new)) == 4
    assert written == [new / PROGRESS_FILE]  # before: one per photo accepted
    assert len(reads) <= 1
    shutil.copytree(new, twin)
    (twin / PROGRESS_FILE).unlink()
    assert (new / PROGRESS_FILE).read_bytes() == _one_by_one(twin, load_done(new))


def test_marking_many_at_once_keeps_what_marking_each_in_turn_keeps(tmp_path):
    """Marks in any order, a photo marked twice (the last mark counts), one unmarked, one that cannot be read."""
    root = _dataset(tmp_path / "ds")
    set_done(root, "images/train/p3.jpg")
    (root / "images/train/gone.jpg").write_bytes(b"")
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)
    marks = [("images/train/p4.jpg", True), ("images/train/p3.jpg", False), ("images/train/p0.jpg", True),
             ("images/train/p5.jpg", True), ("images/train/p5.jpg", False), ("images/train/p3.jpg", True),
             ("images/train/nowhere.jpg", True), ("images/train/gone.jpg", True), ("images/train/p1.jpg", False)]
    with store.dataset_lock(root):
        done = store.set_many_done_locked(root, marks)
    for photo, mark in marks:
        set_done(twin, photo, mark)
    assert done == load_done(twin)
    assert (root / PROGRESS_FILE).read_bytes() == (twin / PROGRESS_FILE).read_bytes()
    with store.dataset_lock(root):  # nothing to mark: nothing written
        (root / PROGRESS_FILE).unlink()
        assert store.set_many_done_locked(root, []) == set() and not (root / PROGRESS_FILE).exists()


def test_a_damaged_progress_file_is_refused_by_a_batch_too(tmp_path):
    root = _dataset(tmp_path / "ds")
    (root / PROGRESS_FILE).write_text("{not json", encoding="utf-8")
    with pytest.raises(store.ProgressFileError), store.dataset_lock(root):
        store.set_many_done_locked(root, [("images/train/p2.jpg", True)])
    assert (root / PROGRESS_FILE).read_text(encoding="utf-8") == "{not json"


# ------------------------------------------------------------------------------------------------ filing loose photos

def test_empty_and_unreadable_files_are_said_as_such_never_as_copies(tmp_path):
    root = tmp_path / "ds"
    _photo(root / "a.jpg", 1)
    _photo(root / "b.jpg", 2)
    shutil.copy(root / "a.jpg", root / "dup_a.jpg")
    for n in range(1, 5):
        (root / f"empty_{n}.jpg").write_bytes(b"")
    for n in range(1, 3):
        (root / f"junk_{n}.jpg").write_bytes(b"not a photo")
    cut = (root / "b.jpg").read_bytes()[:200]
    (root / "cut_1.jpg").write_bytes(cut)
    (root / "cut_2.jpg").write_bytes(cut)
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    said = {s.photo: s.why for s in summary.unreadable}
    assert sorted(said) == ["cut_1.jpg", "cut_2.jpg", "dup_a.jpg", "empty_1.jpg", "empty_2.jpg", "empty_3.jpg",
                            "empty_4.jpg", "junk_1.jpg", "junk_2.jpg"]
    assert said["dup_a.jpg"] == "the same photo as images/train/a.jpg (left where it is)"
    for n in range(1, 5):  # before: empty_2 .. empty_4 "the same photo as images/train/empty_1.jpg", not there
        assert said[f"empty_{n}.jpg"] == "empty file, not an image: copy the photo again (left where it is)"
    assert said["junk_1.jpg"] == said["junk_2.jpg"] and "same photo" not in said["junk_2.jpg"]
    assert said["cut_1.jpg"] == said["cut_2.jpg"] and "same photo" not in said["cut_2.jpg"]
    assert all((root / name).is_file() for name in said)  # each left where it lay
    assert sorted(p.name for p in (root / "images/train").iterdir()) == ["a.jpg", "b.jpg"]


def test_empty_files_are_said_empty_in_japanese_too(tmp_path):
    root = tmp_path / "ds"
    _photo(root / "a.jpg", 1)
    for n in range(1, 3):
        (root / f"empty_{n}.jpg").write_bytes(b"")
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    said = {s.photo: s.why_ja for s in summary.unreadable}
    assert said["empty_1.jpg"] == said["empty_2.jpg"] == ("空のファイルで、写真ではありません。写真をコピーし直して"
                                                          "ください。そのまま残しました。")


def test_filing_loose_photos_looks_each_up_by_size_not_against_every_filed_photo(tmp_path, monkeypatch):
    root = tmp_path / "ds"
    n = 40
    for i in range(n):
        _photo(root / f"old{i}.jpg", i, size=(50 + i, 40))
    prelabel.file_loose_photos(root)
    for i in range(n):
        _photo(root / f"new{i}.jpg", i, size=(200 + i, 40))
    shutil.copy(root / "images/train/old3.jpg", root / "again.jpg")
    stats = []
    real = Path.stat

    def counting(self, *args, **kwargs):
        stats.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", counting)
    filed, skipped = prelabel.file_loose_photos(root)
    monkeypatch.undo()
    assert [(s.photo, s.why) for s in skipped] == [("again.jpg", "the same photo as images/train/old3.jpg "
                                                                 "(left where it is)")]
    assert len(filed) == 2 * n
    # each photo looked at a few times, not once for each loose photo (before: 2,514 here, n * n = 1,600 of them)
    assert len(stats) < 8 * 2 * n  # 2n photos: about 490 now (each filed name's label file and kind looked at too)


# --------------------------------------------------------------------------------------------- the bar with no model

class _Bars:
    """Stands in for tqdm: each bar's words, whether it shows, and how many it counted."""

    def __init__(self):
        self.bars: list[dict] = []

    def __call__(self, iterable=None, *args, desc=None, unit=None, disable=False, **kwargs):
        bar = {"desc": desc, "unit": unit, "disable": disable, "counted": 0}
        self.bars.append(bar)

        def counting():
            for item in iterable:
                bar["counted"] += 1
                yield item

        return counting()


@pytest.mark.parametrize("lang, words", [("en", ("checking photos", "photo")), ("ja", ("写真をチェック中", "枚"))])
def test_init_with_no_model_shows_a_bar_counting_the_photos_checked(models, edition, tmp_path, monkeypatch,
                                                                     cli_env, lang, words):
    root = tmp_path / "photos"
    for i in range(3):
        _photo(root / f"p{i}.jpg", i)
    (root / "empty.jpg").write_bytes(b"")
    bars = _Bars()
    monkeypatch.setattr(prelabel, "tqdm", bars)
    monkeypatch.setattr("vision.cli_args.is_terminal", lambda stream: True)  # as in a terminal
    cli_env(TILELENS_LANG=lang)
    summary = prelabel.prelabel_folder(root, str(edition))
    assert summary.no_reader and summary.labelled == 0 and [s.photo for s in summary.unreadable] == ["empty.jpg"]
    # before: disable=True whenever no model read the game, however long the photos took to check
    assert [(b["desc"], b["unit"], b["disable"], b["counted"]) for b in bars.bars] == [(*words, False, 4)]
    bars.bars.clear()
    prelabel.prelabel_folder(tmp_path / "photos", str(edition), progress=False)  # --quiet, or not a terminal
    assert all(b["disable"] for b in bars.bars)


def test_init_with_a_model_still_says_pre_labelling(tmp_path, monkeypatch, cli_env):
    root = tmp_path / "photos"
    _photo(root / "p.jpg", 1)
    bars = _Bars()
    monkeypatch.setattr(prelabel, "tqdm", bars)
    monkeypatch.setattr("vision.cli_args.is_terminal", lambda stream: True)
    cli_env(TILELENS_LANG="en")
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader())
    assert [(b["desc"], b["disable"], b["counted"]) for b in bars.bars] == [("pre-labelling", False, 1)]
