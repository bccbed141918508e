"""Ctrl-C during `tilelens train detector`: Ultralytics' epoch bar was drawn once more after the interrupt message
(the bar, left open in the trainer's frame, closed itself, drawing its last frame, only when the interrupt's
traceback was let go, after "tilelens train: interrupted")."""
import io
import sys
from pathlib import Path

import torch

from tilelens.cli import main as tilelens
from vision import train as train_mod


class Terminal(io.StringIO):
    """Standard error as a terminal: the bars are drawn in it."""

    def isatty(self) -> bool:
        return True


def _fake_checkpoint(out: Path) -> None:
    last = out / "weights" / "last.pt"
    last.parent.mkdir(parents=True)
    torch.save({"train_args": {"imgsz": 128, "epochs": 8, "batch": 4, "data": "/x/data.yaml"}, "epoch": 2}, last)


def _interrupted_in_an_epoch(out: Path):
    """As Ultralytics' trainer: its ``TQDM`` over the batches, Ctrl-C in a batch's step (not in the loader)."""
    from ultralytics.utils.tqdm import TQDM

    def train_detector(*a, **k):
        _fake_checkpoint(out)
        pbar = TQDM(range(10), desc="3/8 EPOCH-BAR", total=10, file=sys.stderr, disable=False)
        for i in pbar:
            if i == 4:
                raise KeyboardInterrupt  # in the forward pass

    return train_detector


def test_the_epoch_bar_is_not_drawn_after_the_interrupt_message(tmp_path, monkeypatch):
    out, data = tmp_path / "run", tmp_path / "data.yaml"
    data.touch()
    monkeypatch.setattr(train_mod, "train_detector", _interrupted_in_an_epoch(out))
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert tilelens(["train", "detector", "--data", str(data), "--out", str(out)]) == 130
    err = sys.stderr.getvalue()
    told, stopped = err.index("--resume --out"), err.index("tilelens train: interrupted")
    assert "EPOCH-BAR" in err[:told]  # drawn while it ran
    assert "EPOCH-BAR" not in err[told:], err[told:]
    assert err.rstrip("\n").endswith("tilelens train: interrupted"), repr(err[stopped:])


def test_the_epoch_bar_ends_its_line_before_the_message(tmp_path, monkeypatch):
    """The bar closed before the message: its line ended, the message on a line of its own."""
    out, data = tmp_path / "run", tmp_path / "data.yaml"
    data.touch()
    monkeypatch.setattr(train_mod, "train_detector", _interrupted_in_an_epoch(out))
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert tilelens(["train", "detector", "--data", str(data), "--out", str(out)]) == 130
    err = sys.stderr.getvalue()
    told = err.index("--resume --out")
    line_start = err.rfind("\n", 0, told) + 1
    assert "EPOCH-BAR" not in err[line_start:told] and "\r" not in err[line_start:told], repr(err[line_start:told])


def _no_bar_after_the_message(err: str, bar: str, message: str) -> None:
    stopped = err.index(message)
    assert bar in err[:stopped]  # drawn while it ran
    assert bar not in err[stopped:], repr(err[stopped:])  # not drawn again after the message
    assert err[:stopped].endswith("\n"), repr(err[stopped - 80:stopped + len(message)])  # the message on a line of its own


def test_the_rendering_bar_of_train_classifier_is_closed_before_the_interrupt_message(tmp_path, monkeypatch):
    """Ctrl-C while `train classifier --game` rendered its crops: "tilelens train: interrupted" was written on the
    bar's line, and the bar drawn again under it (closed only when the interrupt's traceback was let go)."""
    from vision.synth import dataset

    real, drawn = dataset.render_scene, []

    def render_scene(*a, **k):
        if len(drawn) == 2:
            raise KeyboardInterrupt
        drawn.append(1)
        return real(*a, **k)

    monkeypatch.setattr(dataset, "render_scene", render_scene)
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--per-kind", "50", "--cache", str(tmp_path / "c"),
                     "--out", str(tmp_path / "run")]) == 130
    _no_bar_after_the_message(sys.stderr.getvalue(), "rendering nogizaka crops", "tilelens train: interrupted")


def test_the_calibration_bar_of_train_quantize_is_closed_before_the_interrupt_message(tmp_path, monkeypatch):
    """Ctrl-C while `train quantize` prepared the model, before the first photo was read: the same."""
    import onnxruntime.quantization as quantization

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(quantization, "quant_pre_process", interrupted)
    monkeypatch.setattr(sys, "stderr", Terminal())
    photos = Path(__file__).parent / "data" / "detector" / "images"
    assert tilelens(["train", "quantize", "--data", str(photos), "--out", str(tmp_path / "int8.onnx")]) == 130
    err = sys.stderr.getvalue()
    bar = err[:err.index(":")].strip("\r")  # the bar's words, in the command line's language
    _no_bar_after_the_message(err, bar, "tilelens train: interrupted")
