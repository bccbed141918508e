"""Session 63 (F19): a command's progress bar was shown only where standard error is a terminal, so a long step run into
a log (``tilelens label init ... 2>log.txt``, ``nohup tilelens label teach ... &``, a CI job) said nothing for minutes
(label init 470 s, teach 780 s). There, progress asked for is now a plain line every ``TILELENS_LOG_PROGRESS_SECONDS``
(30 s; the first 5 s in), none for a step shorter than 5 s (``vision.cli_args.progress_bar``); a terminal still shows tqdm's bar."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from tqdm import tqdm

from tilelens.cli import main as tilelens
from vision.cli_args import LOG_PROGRESS_SECONDS, log_progress_seconds, progress_bar

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _ticked(n: int, step: float, every: float = 30.0, lang: str = "en", **options) -> list[str]:
    """The lines a loop of ``n`` photos, each ``step`` seconds, writes into a log."""
    log, clock = io.StringIO(), Clock()
    desc, unit = {"en": ("pre-labelling", "photo"), "ja": ("下書き中", "枚")}[lang]  # prelabel.BAR
    for _ in progress_bar(range(n), desc=desc, unit=unit, file=log, clock=clock, every=every,
                          lang=lang, **options):
        clock.now += step
    return log.getvalue().splitlines()


def test_a_long_loop_into_a_log_says_a_line_every_interval():
    lines = _ticked(1500, 1.0)
    assert lines[1:5] == [f"pre-labelling: {n}/1500 photos ({n * 100 // 1500}%), about {m} min left"
                         for n, m in ((30, 25), (60, 24), (90, 24), (120, 23))]
    assert len(lines) == 51  # the first at 5 s (LOG_FIRST_SECONDS), then at 30, 60, ..., 1500 s
    assert lines[-2:] == ["pre-labelling: 1470/1500 photos (98%), less than a minute left",
                          "pre-labelling: 1500/1500 photos (100%)"]
    assert lines[10] == "pre-labelling: 300/1500 photos (20%), about 20 min left"


def test_a_step_shorter_than_the_interval_says_nothing():
    assert _ticked(4, 1.0) == []  # 4 s in all: under LOG_FIRST_SECONDS
    assert _ticked(0, 1.0) == []


def test_japanese_lines_in_step():
    lines = _ticked(1500, 1.0, lang="ja")
    assert lines[10] == "下書き中: 300/1500枚 (20%)、残り約 20分"
    assert lines[-2:] == ["下書き中: 1470/1500枚 (98%)、残り1分足らず", "下書き中: 1500/1500枚 (100%)"]


def test_hours_and_no_total():
    log, clock = io.StringIO(), Clock()
    with progress_bar(desc="rendering", unit="batch", file=log, clock=clock, every=60, lang="en") as bar:
        clock.now += 61
        bar.update(3)
    log2, clock2 = io.StringIO(), Clock()
    bar2 = progress_bar(total=10000, desc="synth", unit="photo", file=log2, clock=clock2, every=30, lang="en")
    clock2.now += 40
    bar2.update(5)
    bar2.set_postfix(loss="0.412")
    clock2.now += 40
    bar2.update(5)
    bar2.close()
    assert log.getvalue() == "rendering: 3 batches\n"
    assert log2.getvalue().splitlines() == ["synth: 5/10000 photos (0%)",
                                            "synth: 10/10000 photos (0%), about 22 h 12 min left (loss=0.412)"]


def test_resumed_counts_only_the_work_of_this_run_for_the_time_left():
    lines = _ticked(10, 10.0, total=20, initial=10)
    assert lines[1:] == ["pre-labelling: 13/20 photos (65%), about 1 min left",  # 7 left at 10 s each
                     "pre-labelling: 16/20 photos (80%), less than a minute left",
                     "pre-labelling: 19/20 photos (95%), less than a minute left"]


def test_a_terminal_still_gets_tqdms_bar_and_no_progress_asked_gets_none():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    bar = progress_bar(range(3), desc="x", unit="photo", file=Terminal())
    assert isinstance(bar, tqdm) and not bar.disable
    bar.close()
    log, clock = io.StringIO(), Clock()
    quiet = progress_bar(range(3), asked=False, desc="x", unit="photo", file=log, clock=clock, every=0)
    for _ in quiet:
        clock.now += 100
    assert isinstance(quiet, tqdm) and quiet.disable and log.getvalue() == ""


@pytest.mark.parametrize("value, seconds", [("5", 5.0), ("0", 0.0), ("", LOG_PROGRESS_SECONDS),
                                            ("soon", LOG_PROGRESS_SECONDS), ("-1", LOG_PROGRESS_SECONDS),
                                            ("nan", LOG_PROGRESS_SECONDS), ("inf", float("inf"))])
def test_the_interval_from_the_environment(monkeypatch, value, seconds):
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", value)
    assert log_progress_seconds() == seconds


def _loose(root: Path, n: int = 2) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (80 + i, 60), (10, 120, 60)).save(root / f"p{i}.jpg")


@pytest.mark.parametrize("lang, line", [("en", "checking photos: 1/2 photos (50%)"),
                                        ("ja", "写真をチェック中: 1/2枚 (50%)")])
def test_label_init_into_a_log_says_its_progress(models, edition, tmp_path, monkeypatch, capsys, cli_env, lang, line):
    cli_env(TILELENS_LANG=lang)
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", "0")  # a line at each photo
    _loose(tmp_path / "photos")
    assert tilelens(["label", "init", str(tmp_path / "photos"), "--game", str(edition)]) == 0
    err = capsys.readouterr().err
    assert line in err.splitlines() and "\r" not in err


def test_label_init_into_a_log_says_nothing_of_a_short_step(models, edition, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("TILELENS_LOG_PROGRESS_SECONDS", raising=False)
    _loose(tmp_path / "photos")
    assert tilelens(["label", "init", str(tmp_path / "photos"), "--game", str(edition)]) == 0
    assert "checking photos" not in capsys.readouterr().err


def test_synth_with_standard_error_to_a_file_writes_the_lines(tmp_path):
    """Before: `synth` asked for no progress at all where standard error was not a terminal."""
    log = tmp_path / "log.txt"
    env = {"TILELENS_LOG_PROGRESS_SECONDS": "0", "TILELENS_LANG": "en", "TILELENS_HOME": str(tmp_path / "home"),
           "PATH": "/usr/bin:/bin", "YOLO_OFFLINE": "1"}
    with log.open("w") as err:
        done = subprocess.run([sys.executable, "-m", "tilelens.cli", "synth", "--game", "nogizaka", "--count", "2",
                               "--imgsz", "160", "--workers", "1", "--out", str(tmp_path / "set")],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True, timeout=300)
    assert done.returncode == 0, log.read_text()
    lines = log.read_text().splitlines()
    assert "synth: 1/2 photos (50%)" in lines and "synth: 2/2 photos (100%)" in lines


def test_the_callers_bar_is_still_made_hidden_in_a_log():
    """A command's own ``tqdm`` (one a test stands in for) is made with its words as before, hidden in a log."""
    made = []

    class Bar:
        def __init__(self, iterable=None, **options):
            self.iterable, self.updates, self.closed = iterable, 0, False
            made.append((options, self))

        def __iter__(self):
            return iter(self.iterable)

        def update(self, n=1):
            self.updates += n

        def close(self):
            self.closed = True

    log, clock = io.StringIO(), Clock()
    assert list(progress_bar([1, 2], desc="cropping", unit="photo", bar=Bar, file=log, clock=clock)) == [1, 2]
    with progress_bar(total=3, desc="synth", unit="photo", bar=Bar, file=log, clock=clock) as counted:
        counted.update(3)
    assert [options for options, _ in made] == [{"desc": "cropping", "unit": "photo", "disable": True, "file": log},
                                                {"desc": "synth", "unit": "photo", "disable": True, "total": 3,
                                                 "file": log}]
    assert made[1][1].updates == 3 and made[1][1].closed and log.getvalue() == ""
