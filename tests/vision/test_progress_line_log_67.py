"""Session 67: `label teach`'s training line (``vision.enroll.ProgressLine``) run into a log wrote a line
at each tenth whatever the time, 11 lines for a 10 s training, and took no notice of TILELENS_LOG_PROGRESS_SECONDS,
where README's "Progress in a log" says a plain line 5 s in, then every 30 s (``vision.cli_args.LogTiming``, the rule
of the bars and the epochs' lines). It keeps that rule now, a line still said at a tenth, and the 100% line at the end
whatever the time; a terminal's line in place is as before. Driven with a fake clock."""
from __future__ import annotations

import io

import pytest

from vision.cli_args import LogTiming
from vision.enroll import ProgressLine


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _interval(monkeypatch):
    monkeypatch.delenv("TILELENS_LOG_PROGRESS_SECONDS", raising=False)


def _lines(seconds: float, every: float | None = None, steps: int = 100, end: bool = True) -> list[str]:
    """The log's lines of a training of ``seconds``, told its share done ``steps`` times evenly."""
    log, clock = io.StringIO(), Clock()
    line = ProgressLine("training", log, timing=LogTiming(clock, every))
    for step in range(steps + 1):
        clock.now = seconds * step / steps
        line(step / steps)
    if end:
        line.end()
    return log.getvalue().splitlines()


def test_a_10_s_training_writes_a_line_5_s_in_and_the_last():
    assert _lines(10.0) == ["training: 50%", "training: 100%"]


def test_a_training_under_5_s_writes_its_100_line_alone():
    assert _lines(4.0) == ["training: 100%"]
    assert _lines(4.0, end=False) == ["training: 100%"]  # said at 100% done, not again at the end


def test_a_5_minute_training_writes_a_line_5_s_in_then_every_30_s():
    lines = _lines(300.0, steps=1000)  # told every 0.3 s
    assert lines == ["training: 1%", *[f"training: {n}%" for n in range(10, 101, 10)]], lines  # at 5.1 s, 30 s, ...


def test_a_20_minute_training_says_where_it_stands_every_30_s_not_a_tenth_apart():
    lines = _lines(1200.0, steps=1000)  # told every 1.2 s; a tenth is 2 min
    assert lines[:4] == ["training: 0%", "training: 2%", "training: 5%", "training: 7%"], lines  # at 6 s, 30, 60, 90
    assert len(lines) == 41 and lines[-1] == "training: 100%", lines


def test_the_interval_set_in_the_environment_is_followed(monkeypatch):
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", "0")  # at every step forward
    assert _lines(10.0, steps=10) == [f"training: {n}%" for n in range(0, 101, 10)]
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", "inf")  # never, but for the last
    assert _lines(600.0) == ["training: 100%"]


def test_a_terminal_s_line_is_rewritten_in_place_as_before():
    out = io.StringIO()
    out.isatty = lambda: True
    line = ProgressLine("training", out)
    for step in range(101):
        line(step / 100)
    line.end()
    assert out.getvalue().count("\n") == 1 and out.getvalue().endswith("\rtraining: 100%\n")
