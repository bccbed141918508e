"""Session 63 (F22): an enrolment's crops are cut into one array filled in place (the crops of each photo gathered in a
list, then joined whole, held them twice for a moment), and the photos kept out to measure the set on, and those
learnt, are rows of the crops, not copies of them (``CropSet.subset(view=True)``, ``vision.cropset.Rows``). The
classifier's progress line says its total, as the orientation step's does, after "training: "."""
from __future__ import annotations

import argparse
import io
import tracemalloc
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import cropset
from vision.classifier import crop_boxes
from vision.cropset import CONTEXT, CropSet, Rows, from_folder, from_yolo

NAMES = ["1m", "2m", "3m"]


def _dataset(root: Path, photos: int = 4, boxes: int = 6, seed: int = 0) -> Path:
    """A YOLO dataset of ``photos`` noise photos, each with ``boxes`` labelled boxes (a blank line among them)."""
    rng = np.random.default_rng(seed)
    (root / "images/train").mkdir(parents=True)
    (root / "labels/train").mkdir(parents=True)
    for p in range(photos):
        cv2.imwrite(str(root / f"images/train/p{p}.png"), rng.integers(0, 255, (120, 160, 3), np.uint8))
        lines = [f"{(p + i) % 3} {0.1 + 0.13 * i:.3f} 0.5 0.1 0.3" for i in range(boxes)]
        (root / f"labels/train/p{p}.txt").write_text("\n".join(lines[:2] + [""] + lines[2:]) + "\n")
    (root / "data.yaml").write_text("train: images/train\nval: images/train\nnames: [1m, 2m, 3m]\n")
    return root


def _photos(root: Path) -> list[Path]:
    return sorted((root / "images/train").glob("*.png"))


def _joined(photos: list[Path], size: int, extra=None) -> np.ndarray:
    """The crops as the list of each photo's, joined (the way they were cut before)."""
    crops = []
    for path in photos:
        image = cv2.imread(str(path))
        label = path.parent.parent.parent / "labels/train" / f"{path.stem}.txt"
        cls, xyxy = cropset.parse_yolo_labels(label.read_text(), image.shape[1], image.shape[0])
        if extra is not None:
            xyxy = np.concatenate([xyxy, extra(image, cls, xyxy)[1]])
        crops.append(crop_boxes(image, xyxy, size, margin=0.0, context=CONTEXT))
    return np.concatenate(crops)


def test_the_crops_are_the_same_and_held_once_while_they_are_cut(tmp_path):
    photos = _photos(_dataset(tmp_path / "ds", photos=8, boxes=7))
    want = _joined(photos, 96)
    from_yolo(photos[:1], NAMES, 96, progress=False)  # what the first cut imports: not the crops
    tracemalloc.start()
    try:
        got = from_yolo(photos, NAMES, 96, progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got.images.dtype == np.uint8 and got.images.shape == want.shape
    assert np.array_equal(got.images, want)  # the same crops, in the same order
    assert got.labels.tolist() == [(p + i) % 3 for p in range(8) for i in range(7)]
    assert got.groups.tolist() == [f"p{p}.png" for p in range(8) for _ in range(7)]
    assert peak < 1.5 * want.nbytes, (peak, want.nbytes)  # a list of them and the joined copy: twice


def _more(image, cls, xyxy):
    """A detector that finds each tile three times over, and a small box more: more crops than the labels say."""
    extra = np.concatenate([xyxy, xyxy + 1, xyxy - 1, xyxy[:1] * 0.5])
    return np.concatenate([cls, cls, cls, cls[:1]]), extra.astype(np.float32)


def test_a_detector_s_crops_beyond_those_counted_are_cut_all_the_same(tmp_path, monkeypatch):
    photos = _photos(_dataset(tmp_path / "ds", photos=3, boxes=5))
    monkeypatch.setattr(cropset, "detector_boxes", lambda detector, image, cls, xyxy: _more(image, cls, xyxy))
    got = from_yolo(photos, NAMES, 48, progress=False, detector=object())
    want = _joined(photos, 48, extra=_more)
    assert np.array_equal(got.images, want) and len(got) == len(got.labels) == len(got.groups) == 3 * 21


def test_a_photo_without_a_tile_and_a_folder_of_crops(tmp_path):
    root = _dataset(tmp_path / "ds", photos=3, boxes=4)
    (root / "labels/train/p1.txt").write_text("")
    photos = _photos(root)
    assert np.array_equal(from_yolo(photos, NAMES, 48, progress=False).images, _joined(photos, 48))
    folder = tmp_path / "crops"
    rng = np.random.default_rng(3)
    for kind in ("1m", "2m"):
        (folder / kind).mkdir(parents=True)
        for i in range(3):
            cv2.imwrite(str(folder / kind / f"{i}.png"), rng.integers(0, 255, (50, 40, 3), np.uint8))
    got = from_folder(folder, 48, progress=False)
    want = []
    for f in sorted(folder.glob("*/*.png")):
        image = cv2.imread(str(f))
        h, w = image.shape[:2]
        want.append(crop_boxes(image, np.array([[w * 0.04, h * 0.04, w * 0.96, h * 0.96]], np.float32), 48,
                               margin=0.0, context=CONTEXT))
    assert np.array_equal(got.images, np.concatenate(want)) and got.labels.tolist() == [0, 0, 0, 1, 1, 1]


def _crops(n: int = 30, size: int = 32) -> CropSet:
    rng = np.random.default_rng(0)
    return CropSet(rng.integers(0, 255, (n, size, size, 3), np.uint8), np.arange(n) % 3, list(NAMES),
                   np.array([f"p{i // 3}.png" for i in range(n)]))


def test_a_subset_of_rows_reads_as_the_copy_did_and_copies_nothing():
    crops = _crops()
    mask = np.arange(30) % 4 != 1
    copy = crops.subset(mask)
    tracemalloc.start()
    try:
        rows = crops.subset(mask, view=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < crops.images.nbytes / 4, peak
    assert isinstance(rows.images, Rows) and rows.images.base is crops.images
    assert rows.images.shape == copy.images.shape and rows.images.dtype == np.uint8 and len(rows) == len(copy)
    assert rows.labels.tolist() == copy.labels.tolist() and rows.groups.tolist() == copy.groups.tolist()
    idx = np.random.default_rng(1).integers(0, len(copy), 40)
    assert np.array_equal(rows.images[idx], copy.images[idx])  # a batch as training draws it
    assert np.array_equal(rows.images[3:9], copy.images[3:9]) and np.array_equal(rows.images[-2:], copy.images[-2:])
    assert np.array_equal(rows.images[5], copy.images[5]) and np.array_equal(rows.images[5, 2], copy.images[5, 2])
    assert np.array_equal(rows.images[2:4, :, 1], copy.images[2:4, :, 1])
    assert np.array_equal(np.asarray(rows.images), copy.images)  # saved whole
    inner = np.arange(len(copy)) % 2 == 0
    again = rows.subset(inner, view=True)  # rows of rows: rows of the crops themselves
    assert again.images.base is crops.images and np.array_equal(np.asarray(again.images), copy.images[inner])
    assert np.array_equal(rows.subset(inner).images, copy.images[inner])
    assert rows.subset(np.ones(len(rows), bool)).images is rows.images
    rows.images[0][...] = 0  # what is read is the reader's own: the crops are not written through it
    assert np.array_equal(np.asarray(rows.images), copy.images)
    assert np.array_equal(CropSet.concat([rows, rows]).images, np.concatenate([copy.images, copy.images]))


def test_the_orientation_crops_of_rows_turn_as_before():
    from vision.orient import both_ways

    crops = _crops()
    mask = np.arange(30) % 3 != 0
    eager = both_ways(crops.subset(mask))
    lazy = both_ways(crops.subset(mask, view=True))
    idx = np.random.default_rng(2).integers(0, len(eager), 25)
    assert np.array_equal(lazy.images[idx], eager.images[idx]) and np.array_equal(np.asarray(lazy.images),
                                                                                  np.asarray(eager.images))


def test_the_photos_kept_out_and_those_learnt_are_rows_of_the_crops(tmp_path, capsys):
    from vision.enroll import held_out_split

    root = _dataset(tmp_path / "ds", photos=12, boxes=3)
    data = from_yolo(_photos(root), NAMES, 32, progress=False)
    a = argparse.Namespace(hold_out=0.25, data=root / "data.yaml", val=None, seed=0, lang="en")
    learnt, held = held_out_split(a, data)
    assert capsys.readouterr().out.startswith("3 of the 12 photos kept out"), "said how many are kept out"
    assert isinstance(learnt.images, Rows) and learnt.images.base is data.images
    assert isinstance(held.images, Rows) and held.images.base is data.images
    kept = np.isin(data.groups, held.groups)
    assert len(np.unique(held.groups)) == 3 and not np.isin(learnt.groups, held.groups).any()
    assert np.array_equal(np.asarray(learnt.images), data.images[~kept])
    assert np.array_equal(np.asarray(held.images), data.images[kept])


@pytest.mark.parametrize(("lang", "epochs", "said"), [
    ("en", 1, " of 3 steps"), ("en", 2, " of 6 steps"), ("en", None, " of 2 min"),
    ("ja", 1, " (全3ステップ)"), ("ja", None, " (全2分)"),
])
def test_the_training_line_says_its_total(lang, epochs, said):
    from vision.enroll import training_total

    # 150 crops in batches of 64: 3 steps an epoch
    assert training_total(argparse.Namespace(epochs=epochs, minutes=2.0), 150, lang) == said


def test_one_training_step_is_said_in_the_singular():
    from vision.enroll import training_total

    assert training_total(argparse.Namespace(epochs=1, minutes=2.0), 5, "en") == " of 1 step"


def test_the_enrolment_s_training_line_keeps_its_prefix_and_names_its_steps(tmp_path, monkeypatch, capsys):
    from vision import classifier_train, enroll

    class Stop(Exception):
        pass

    def train(data, spec, cfg, out_dir, on_progress=None, **kwargs):
        on_progress(0.5)
        on_progress(1.0)
        raise Stop

    monkeypatch.setattr(classifier_train, "train", train)
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", "0")  # a line at each step forward, however soon (LogTiming)
    a = argparse.Namespace(lang="en", compact=True, work=tmp_path / "work", name="club", epochs=1, minutes=2.0,
                           width=None, lr=None, seed=0, crop_size=48, resume=False)
    with enroll.compact_progress(detail=lambda: " (0.1 min so far)"), pytest.raises(Stop):
        enroll.enroll(a, _crops(150, 8), tmp_path / "models", None, "")
    lines = capsys.readouterr().out.splitlines()
    assert "training: 50% of 3 steps (0.1 min so far)" in lines, lines
    assert "training: 100% of 3 steps (0.1 min so far)" in lines, lines


def test_a_progress_line_says_its_total_after_the_share_done():
    from vision.cli_args import LogTiming
    from vision.enroll import ProgressLine

    out = io.StringIO()
    ProgressLine("training", out, total=" of 3 steps", timing=LogTiming(every=0))(0.5)
    assert out.getvalue() == "training: 50% of 3 steps\n"
    term = io.StringIO()
    term.isatty = lambda: True
    ProgressLine("training", term, total=" of 3 steps")(0.5)
    assert term.getvalue() == "\rtraining:  50% of 3 steps"
