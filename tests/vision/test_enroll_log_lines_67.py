"""Session 67: `tilelens enroll --minutes 5` run into a log (`... 2>&1 >log`) wrote a line of loss at the end
of every epoch, 26 lines in 15 s, where README's "Progress in a log" says a long step writes a plain line 5 s in and
then every 30 s (as `label teach`, `synth`, `eval` do). The epochs' lines now keep that rule, one clock for the whole
training (``vision.classifier_train.EpochLines`` on ``vision.cli_args.LogTiming``); a terminal gets each epoch's bar
and line as before. Driven here with a fake clock and fake epochs: no training but the last test's few tiny steps."""
from __future__ import annotations

import io

import numpy as np
import pytest

import vision.cli_args as cli_args
from vision.classifier_train import EpochLines


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _interval(monkeypatch):
    monkeypatch.delenv("TILELENS_LOG_PROGRESS_SECONDS", raising=False)


def _run(epochs: int, batches: int, batch_s: float, out=None, err=None, lang: str = "en") -> list[str]:
    """The lines ``epochs`` epochs of ``batches`` batches, ``batch_s`` seconds each, write (as ``train`` drives them)."""
    log = io.StringIO()
    clock = Clock()
    said = EpochLines(True, lang, clock=clock, out=log if out is None else out, err=log if err is None else err)
    for epoch in range(epochs):
        bar = said.bar(batches, epoch + 1)
        for _ in bar:
            clock.now += batch_s
            bar.set_postfix(loss="1.000", lr="3.0e-03")
        said.done(f"epoch {epoch + 1}: loss 1.000, {clock.now / 60:.1f} min")
    return log.getvalue().splitlines()


def test_k14_s_short_epochs_write_one_line_5_s_in_not_one_an_epoch():
    lines = _run(26, 1, 0.6)  # 26 epochs in 15.6 s
    assert lines == ["epoch 9: loss 1.000, 0.1 min"], lines  # at 5.4 s; the next would be due at 30 s


def test_a_5_minute_enrolment_writes_a_line_5_s_in_then_every_30_s():
    lines = _run(600, 1, 0.5)  # 5 min of half-second epochs
    assert [line.split(":")[0] for line in lines] == [f"epoch {n}" for n in (10, *range(60, 601, 60))]
    assert len(lines) == 11 and not any("batch" in line for line in lines)  # the epochs' lines, no bar's


def test_a_run_under_5_s_writes_nothing_into_a_log():
    assert _run(8, 1, 0.5) == []


def test_long_epochs_say_where_they_stand_within_them_on_the_same_clock():
    """Epochs of 40 s: the bar's line 5 s in and every 30 s, an epoch's own line only where one is due."""
    lines = _run(3, 40, 1.0)  # 120 s
    assert [line.split(",")[0].split(" (")[0] for line in lines] == [
        "epoch 1: 5/40 batches",  # at 5 s
        "epoch 1: 30/40 batches",  # at 30 s
        "epoch 2: 20/40 batches",  # at 60 s
        "epoch 3: 10/40 batches",  # at 90 s
        "epoch 3: 40/40 batches"], lines  # at 120 s: the epoch's line with it, not due again
    assert lines[0].endswith("(loss=1.000, lr=3.0e-03)")


def test_japanese_bar_line_in_a_log():
    lines = _run(1, 40, 1.0, lang="ja")
    assert lines[0].startswith("エポック 1: 5/40バッチ (12%)"), lines


def test_a_terminal_still_gets_every_epoch_s_line():
    out, err = Terminal(), io.StringIO()
    _run(26, 1, 0.6, out=out, err=err)
    assert out.getvalue().splitlines() == [f"epoch {n}: loss 1.000, {n * 0.6 / 60:.1f} min" for n in range(1, 27)]
    assert err.getvalue() == ""  # the bars into a log: the epochs are short, their lines say it


def test_the_lines_into_a_log_and_the_epochs_lines_onto_a_terminal_keep_apart():
    """`2>&1 >log` the other way round (standard error a log, standard output a terminal): each epoch's line on the
    terminal, the log's lines by the rule."""
    out, err = Terminal(), io.StringIO()
    _run(3, 40, 1.0, out=out, err=err)
    assert len(out.getvalue().splitlines()) == 3
    assert len(err.getvalue().splitlines()) == 5


def test_no_progress_says_nothing():
    log, clock = io.StringIO(), Clock()
    said = EpochLines(False, "en", clock=clock, out=log, err=log)
    for epoch in range(100):
        for _ in said.bar(1, epoch + 1):
            clock.now += 1.0
        said.done(f"epoch {epoch + 1}")
    assert log.getvalue() == ""


def test_train_writes_its_epochs_lines_by_the_rule_into_a_log(tmp_path, monkeypatch, capsys):
    """``train`` itself (as `enroll` runs it), 12 tiny epochs on a clock read as 1 s a reading: 2 lines, not 12."""
    pytest.importorskip("torch")
    import types

    from vision.classifier import ClassifierSpec
    from vision.classifier_train import TrainConfig, train
    from vision.cropset import CropSet

    ticks = iter(range(10**6))
    monkeypatch.setattr(cli_args, "time", types.SimpleNamespace(monotonic=lambda: float(next(ticks))))
    rng = np.random.default_rng(0)
    crops = CropSet(rng.integers(0, 255, (8, 32, 32, 3), np.uint8), np.arange(8) % 2, ["a", "b"],
                    np.array([f"p{i}.png" for i in range(8)]))
    spec = ClassifierSpec.for_classes(["a", "b"], [{}, {}], crop_size=32)
    train(crops, spec, TrainConfig(epochs=12, batch=8, width=4, embed=8), tmp_path / "run", lang="en")
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith("epoch ")]
    assert 1 <= len(said) <= 2, said
