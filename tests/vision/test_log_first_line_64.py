"""A long step run into a log waited a whole ``TILELENS_LOG_PROGRESS_SECONDS`` (30 s) before its
first line: `label init` of 60 phone photos (44.6 s) first spoke at 32 s ("37/60 photos"), and `label teach` said
nothing for 26 s while it cut the tiles of its photos out (its "cropping" line due at 30 s). The first line now comes
once ``LOG_FIRST_SECONDS`` (5 s) have passed and a step is done (whichever is later), with the total and the time
left; then a line every interval from the start, as before. 0 still means a line at each step, inf never."""
from __future__ import annotations

import io
import types
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.cli_args as cli_args
from vision.cli_args import LOG_FIRST_SECONDS, progress_bar
from vision.cropset import from_dir


class Clock:
    """A clock that moves only when told (``step``: each reading moves it on that much)."""

    def __init__(self, step: float = 0.0) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        now = self.now
        self.now += self.step
        return now


def _ticked(n: int, step: float, every: float = 30.0, lang: str = "en", first: float = 0.0, **options) -> list[str]:
    """The lines a loop of ``n`` photos writes into a log, each ``step`` seconds (the first ``first`` more)."""
    log, clock = io.StringIO(), Clock()
    desc, unit = {"en": ("pre-labelling", "photo"), "ja": ("下書き中", "枚")}[lang]
    for i in progress_bar(range(n), desc=desc, unit=unit, file=log, clock=clock, every=every, lang=lang, **options):
        clock.now += step + (first if i == 0 else 0.0)
    return log.getvalue().splitlines()


def test_the_first_line_comes_within_seconds_then_every_interval_from_the_start():
    assert LOG_FIRST_SECONDS == 5.0
    lines = _ticked(60, 0.75)  # label init's 60 phone photos in 45 s
    assert lines == ["pre-labelling: 7/60 photos (11%), less than a minute left",  # at 5.25 s
                     "pre-labelling: 40/60 photos (66%), less than a minute left"]  # at 30 s, as before
    long = _ticked(1500, 1.0)
    assert long[:3] == ["pre-labelling: 5/1500 photos (0%), about 25 min left",
                        "pre-labelling: 30/1500 photos (2%), about 25 min left",
                        "pre-labelling: 60/1500 photos (4%), about 24 min left"]
    assert len(long) == 51 and long[-1] == "pre-labelling: 1500/1500 photos (100%)"


def test_a_slow_first_step_says_its_line_once_it_is_done():
    lines = _ticked(10, 4.0, first=8.0)  # the first photo 12 s (models loaded), then 4 s each
    assert lines[0] == "pre-labelling: 1/10 photos (10%)"  # at 12 s: the first photo alone (its set-up) is no pace
    assert lines[1:] == ["pre-labelling: 6/10 photos (60%), less than a minute left"]  # at 32 s


def test_a_step_shorter_than_the_first_seconds_says_nothing():
    assert _ticked(4, 1.0) == []  # 4 s in all
    assert _ticked(0, 1.0) == []
    assert _ticked(6, 1.0) == ["pre-labelling: 5/6 photos (83%), less than a minute left"]


def test_japanese_first_line():
    assert _ticked(60, 0.75, lang="ja")[0] == "下書き中: 7/60枚 (11%)、残り1分足らず"


def test_no_total_says_its_count_early_too():
    log, clock = io.StringIO(), Clock()
    with progress_bar(desc="rendering", unit="batch", file=log, clock=clock, every=60, lang="en") as bar:
        for _ in range(4):
            clock.now += 2
            bar.update(3)
    assert log.getvalue() == "rendering: 9 batches\n"  # at 6 s


@pytest.mark.parametrize("every, want", [(0, 6), (2, 3), (float("inf"), 0), (30, 1)])
def test_the_interval_keeps_its_meaning(every, want):
    """0: a line at each step; inf: none at all, not even the first; below 5 s: every interval from the first."""
    assert len(_ticked(6, 1.0, every=every)) == want


@pytest.mark.parametrize("value, want", [("0", 6), ("inf", 0), ("", 1)])
def test_the_interval_from_the_environment_keeps_its_meaning(monkeypatch, value, want):
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", value)
    log, clock = io.StringIO(), Clock()
    for _ in progress_bar(range(6), desc="d", unit="photo", file=log, clock=clock, lang="en"):
        clock.now += 1
    assert len(log.getvalue().splitlines()) == want


def _dataset(root: Path, photos: int = 4) -> Path:
    rng = np.random.default_rng(0)
    (root / "images/train").mkdir(parents=True)
    (root / "labels/train").mkdir(parents=True)
    for p in range(photos):
        cv2.imwrite(str(root / f"images/train/p{p}.png"), rng.integers(0, 255, (120, 160, 3), np.uint8))
        (root / f"labels/train/p{p}.txt").write_text(f"{p % 3} 0.5 0.5 0.2 0.3\n")
    (root / "data.yaml").write_text("train: images/train\nval: images/train\nnames: [1m, 2m, 3m]\n")
    return root


@pytest.mark.parametrize("lang, line", [("en", "cropping: 2/4 photos (50%), less than a minute left"),
                                        ("ja", "切り抜き中: 2/4枚 (50%)、残り1分足らず")])
def test_teachs_tile_cutting_says_its_progress_early(tmp_path, monkeypatch, capsys, lang, line):
    """`label teach` cuts its photos' tiles out (``vision.cropset.from_dir``, through ``vision.enroll``): 3 s a phone
    photo with the detector, its line is due at 6 s, not after 30."""
    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.delenv("TILELENS_LOG_PROGRESS_SECONDS", raising=False)
    monkeypatch.setattr(cli_args, "time", types.SimpleNamespace(monotonic=Clock(step=3.0)))
    crops = from_dir(_dataset(tmp_path / "set"))
    assert len(crops) == 4
    err = capsys.readouterr().err
    assert err.splitlines() == [line] and "\r" not in err
