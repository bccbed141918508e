"""Session 63 (F18): an enrolment (`tilelens label teach`) holds each crop once. 1,500 photos peaked at 5.6 GB: the
orientation model's crops were the set's face crops copied (``faces``), turned and stacked twice over (``both_ways``)
and copied again whole as one tensor (``train``), beside the classifier's crops. Now the upright crops are turned as
a batch asks for them, ``train`` and ``accuracy`` convert a batch at a time, and a set of faces only is not copied to
drop none. The orientation step's progress line says its total (steps, or minutes)."""
from __future__ import annotations

import io
import tracemalloc
from argparse import Namespace

import numpy as np
import pytest

from vision.classifier import ClassifierSpec
from vision.cropset import CropSet
from vision.orient import CLASSES, both_ways


def _crops(n: int, size: int = 96, classes=("upright",), seed: int = 0) -> CropSet:
    rng = np.random.default_rng(seed)
    images = rng.integers(0, 255, (n, size, size, 3), np.uint8)
    return CropSet(images, np.arange(n) % len(classes), list(classes), np.array([f"p{i // 3}" for i in range(n)]))


def test_both_ways_holds_the_upright_crops_once_and_gives_them_turned_as_asked():
    crops = _crops(40)
    eager = np.concatenate([crops.images, np.ascontiguousarray(crops.images[:, ::-1, ::-1])])
    tracemalloc.start()
    try:
        both = both_ways(crops)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < crops.images.nbytes / 4, peak  # no turned copy, no stack of both
    assert both.classes == list(CLASSES) and both.labels.tolist() == [0] * 40 + [1] * 40
    assert len(both) == 80 and both.images.shape == eager.shape and both.images.dtype == np.uint8
    idx = np.random.default_rng(1).integers(0, 80, 64)
    assert np.array_equal(both.images[idx], eager[idx])  # a batch as training draws it
    assert np.array_equal(both.images[10:50], eager[10:50]) and np.array_equal(both.images[-3:], eager[-3:])
    mask = np.arange(80) % 3 == 0
    assert np.array_equal(both.subset(mask).images, eager[mask])
    assert np.array_equal(both.images[41], eager[41])
    assert np.array_equal(np.asarray(both.images), eager)  # saved whole (`train orient`'s cache)
    assert np.array_equal(CropSet.concat([both, both]).images, np.concatenate([eager, eager]))


def test_the_faces_of_a_set_of_faces_only_are_the_same_crops_not_a_copy():
    crops = _crops(6, classes=("1m", "2m"))
    assert np.shares_memory(crops.faces().images, crops.images)
    assert np.shares_memory(crops.named().images, crops.images)
    with_backs = _crops(6, classes=("1m", "back"))
    assert with_backs.named().classes == ["1m"] and len(with_backs.named()) == 3  # backs still left out


class _Batches:
    """Crops that say how many rows each read asks for, and refuse to be read whole."""

    def __init__(self, images: np.ndarray) -> None:
        self.images, self.asked = images, []
        self.shape, self.dtype = images.shape, images.dtype

    def __len__(self) -> int:
        return len(self.images)

    def __getitem__(self, key):
        rows = self.images[key]
        self.asked.append(len(rows))
        return rows

    def __array__(self, dtype=None, copy=None):
        raise AssertionError("the whole set was read at once")


def test_training_and_measuring_read_the_crops_a_batch_at_a_time(tmp_path):
    pytest.importorskip("torch")
    from vision.classifier_train import TrainConfig, accuracy, train

    plain = _crops(24, classes=("a", "b"))
    spec = ClassifierSpec.for_classes(["a", "b"], [{}, {}], crop_size=48)
    cfg = TrainConfig(epochs=1, batch=4, width=4, embed=8)
    batches = _Batches(plain.images)
    lazy = CropSet(batches, plain.labels, plain.classes, plain.groups)
    model = train(lazy, spec, cfg, tmp_path / "lazy", progress=False)
    share = accuracy(model, lazy, spec, batch=5)
    assert batches.asked and max(batches.asked) <= 5, batches.asked
    again = train(plain, spec, cfg, tmp_path / "plain", progress=False)  # the same model from the same crops
    assert all(np.array_equal(p.detach().numpy(), q.detach().numpy())
               for p, q in zip(model.parameters(), again.parameters()))
    assert accuracy(again, plain, spec) == share


@pytest.mark.parametrize(("lang", "epochs", "said"), [
    ("en", 1, "learning which way up the tiles stand (675 steps)"),
    ("en", 2, "learning which way up the tiles stand (1350 steps)"),
    ("en", None, "learning which way up the tiles stand (1 min)"),
    ("ja", 1, "牌の上下を学習 (675ステップ)"),
    ("ja", None, "牌の上下を学習 (1分)"),
])
def test_the_orientation_step_says_its_total(lang, epochs, said):
    from vision.enroll import orientation_stage

    # 21,600 face crops learnt both ways (43,200) in batches of 64: 675 steps an epoch
    assert orientation_stage(Namespace(epochs=epochs, orient_minutes=1.0), 21600, lang) == said


def test_one_step_is_said_in_the_singular():
    from vision.enroll import orientation_stage

    assert orientation_stage(Namespace(epochs=1, orient_minutes=1.0), 3, "en") == \
        "learning which way up the tiles stand (1 step)"


def test_the_enrolment_s_orientation_line_names_its_steps(tmp_path, monkeypatch, capsys):
    from vision import enroll, orient

    def train_model(data, out, onnx, *args, on_progress=None, **kwargs):
        on_progress(0.5)
        return onnx

    monkeypatch.setattr(orient, "train_model", train_model)
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", "0")  # a line at each step forward, however soon (LogTiming)
    a = Namespace(lang="en", compact=True, work=tmp_path / "work", name="club", orient_minutes=1.0,
                  orient_threshold=0.4, resume=False, epochs=1)
    out = tmp_path / "set"
    out.mkdir()
    with enroll.compact_progress(detail=lambda: " (0.1 min so far)"):
        enroll.enroll_orientation(a, _crops(96, classes=("1m", "2m")), out, {}, 0.0, lambda *_: None, shown=out)
    lines = capsys.readouterr().out.splitlines()
    assert "learning which way up the tiles stand (3 steps): 50% (0.1 min so far)" in lines, lines
    assert lines[-1] == "learning which way up the tiles stand (3 steps): 100% (0.1 min so far)", lines


def test_a_progress_line_s_label_may_carry_its_total():
    from vision.cli_args import LogTiming
    from vision.enroll import ProgressLine

    out = io.StringIO()
    ProgressLine("learning which way up the tiles stand (675 steps)", out, timing=LogTiming(every=0))(0.5)
    assert out.getvalue() == "learning which way up the tiles stand (675 steps): 50%\n"
