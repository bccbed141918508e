"""argparse types for the commands' counts, sizes and time budgets: a value that cannot mean anything (none,
negative, not a number) is argparse's one-line usage error naming the option, not a traceback from deep in
training (``--epochs 0``) nor a silent surprise (``--limit -3`` measuring all but three photos)."""
from __future__ import annotations

import argparse
import os
import sys
import time
from numbers import Number
from pathlib import Path
from typing import IO, Any, Callable


def positive_int(text: str) -> int:
    """A whole number of 1 or more.

    >>> positive_int("3")
    3
    """
    return _whole(text, 1)


def non_negative_int(text: str) -> int:
    """A whole number of 0 or more (0: none).

    >>> non_negative_int("0")
    0
    """
    return _whole(text, 0)


def positive_float(text: str) -> float:
    """A number above 0, not infinite.

    >>> positive_float("0.5")
    0.5
    """
    return _finite(text, zero=False)


def non_negative_float(text: str) -> float:
    """A number of 0 or more (0: none of it), not infinite.

    >>> non_negative_float("0")
    0.0
    """
    return _finite(text, zero=True)


def finite_float(text: str) -> float:
    """Any number but an infinite one or nan (a log odds, say).

    >>> finite_float("-1.5")
    -1.5
    """
    return _number(text, lambda x: abs(x) != float("inf"), "must be a finite number")


def probability(text: str) -> float:
    """A probability: 0 to 1.

    >>> probability("0.7")
    0.7
    """
    return _number(text, lambda x: 0.0 <= x <= 1.0, "must be from 0 to 1")


def open_probability(text: str) -> float:
    """A probability above 0: more than 0, at most 1 (a threshold at 0 would flag everything).

    >>> open_probability("0.8")
    0.8
    """
    return _number(text, lambda x: 0.0 < x <= 1.0, "must be more than 0 and at most 1")


def fraction(text: str) -> float:
    """A share from 0 up to (not including) 1: a validation split's, say.

    >>> fraction("0.2")
    0.2
    """
    return _number(text, lambda x: 0.0 <= x < 1.0, "must be from 0 up to (not including) 1")


def box_margin(text: str) -> float:
    """Context around a box, as a share of its size: more than -1 (a negative one cuts inside the box, -1
    leaves nothing), not infinite.

    >>> box_margin("-0.1")
    -0.1
    """
    return _number(text, lambda x: -1.0 < x < float("inf"), "must be more than -1 and finite")


def _number(text: str, ok, must: str) -> float:
    """``text`` as a number for which ``ok`` holds (nan never does), else argparse's usage error ``must``."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if x != x or not ok(x):
        raise argparse.ArgumentTypeError(f"{must}, got {text}")
    return x


MAX_SIDE = 8192  # a photo side no phone exceeds; more only runs out of memory in OpenCV


def photo_side(text: str) -> int:
    """A photo's side in pixels: a whole number up to ``MAX_SIDE``. Its least is the command's to say, with the rest
    of its rule (``synth``: 64, a dataset's a multiple of 32 too): "1 or more" said here was met by 1 only for the
    next rule to refuse it.

    >>> photo_side("640")
    640
    """
    side = _whole(text, None)
    if side > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIDE}, got {side}")
    return side


def _whole(text: str, least: int | None) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if least is not None and n < least:
        raise argparse.ArgumentTypeError(f"must be {least} or more, got {n}")
    return n


def _finite(text: str, zero: bool) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if x == float("inf"):  # "more than 0, got inf" read as if inf were too small
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text}")
    if not (x >= 0 if zero else x > 0):  # nan fails either test
        raise argparse.ArgumentTypeError(f"must be {'0 or more' if zero else 'more than 0'}, got {text}")
    return x


def tileset_name(text: str) -> str:
    """An enrolled tile set's name or folder: not empty.

    >>> tileset_name("hk-mahjong")
    'hk-mahjong'
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: name an enrolled tile set (models/tilesets/NAME) or its folder")
    return text


# A path argument given empty ("" or blanks): ``Path("")`` is the current folder, so `label init ""` made a dataset of
# it, `check ""` took each of its folders for a table and wrote its report there, and `read ""` said ". is a folder".
# Refused by argparse, naming what to give; ``scorer.cli`` has each of these lines in Japanese (its ``_ARGPARSE_JA``).
EMPTY_NAME = {
    "dataset": "the folder name is empty: name the dataset's folder",
    "event": "the folder name is empty: name the event's folder",
    "folder": "the folder name is empty: name a folder",
    "file": "the file name is empty: name a file",
    "photo": "the file name is empty: name a photo",
    "path": "the name is empty: name a file or folder",
}


def named_path(what: str = "path", kind: Callable[[str], object] = Path) -> Callable[[str], object]:
    """An argparse type for a file or folder named on the command line: ``kind(text)`` (a ``Path``; ``str`` for an
    option read as text), where ``text`` is not empty nor blank, else argparse's usage error saying what to name
    (``EMPTY_NAME[what]``). `tilelens ledger csv --out` can take it as every other command's paths do.

    >>> named_path("dataset")("photos") == Path("photos"), named_path("photo", str)("h1.jpg")
    (True, 'h1.jpg')
    >>> named_path("file")(" ")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the file name is empty: name a file
    """
    said = EMPTY_NAME[what]

    def path(text: str):
        if not text.strip():
            raise argparse.ArgumentTypeError(said)
        return kind(text)
    path.__name__ = f"{what}_path"  # argparse's "invalid <name> value" (never said: the check raises no ValueError)
    return path


def bar_hidden(progress: bool = True, stream: IO[str] | None = None) -> bool:
    """tqdm's ``disable=`` for a command's progress bar: hidden unless ``progress`` is asked and ``stream``
    (standard error, where tqdm draws) is a terminal, as README.md says ("where that is a terminal"): a bar's
    carriage returns written into a log (``tilelens check ... 2>log.txt``) are noise there. ``tilelens read``
    decides the same way (``vision.read_cli._shows_progress``).

    >>> import io
    >>> bar_hidden(True, io.StringIO()), bar_hidden(False, io.StringIO())
    (True, True)
    """
    return not (progress and is_terminal(sys.stderr if stream is None else stream))


# Where standard error is no terminal (a log, a pipe, a CI job) and progress is asked, a long step says where it
# stands in a plain line this often, in seconds (``TILELENS_LOG_PROGRESS_SECONDS``): label init of 1,500 photos was
# silent for 8 minutes in `2>log.txt`.
LOG_PROGRESS_SECONDS = 30.0
# Its first line comes sooner: once a step forward is done this many seconds in (the interval where that is less; never
# for inf), with the total and the time left, so a log says within seconds that the step is under way (`label init` of
# 60 photos first spoke at 32 s, `label teach`'s cutting of its tiles not at all); then a line every interval from the
# start. A step shorter than this says nothing.
LOG_FIRST_SECONDS = 5.0
# The time left is told by the pace of the steps after the first (the first carries the set-up: models loaded, workers
# started; `synth --count 5000` opened at "1/5000 photos, about 7 h 29 min left" from its first photo at 5.4 s, and
# took half an hour), once that pace is measured over this many seconds at least (results that come in a burst, as
# synth's workers' do, are no pace): until then a line says its count and share alone.
LOG_PACE_SECONDS = 2.0
# The line's words in each language: (the count of a step with a total, with its share done; the count of one with
# none; the time left, after the first).
LOG_LINE = {"en": ("{desc}: {n}/{total} {units} ({pct}%)", "{desc}: {n} {units}", ", {left}"),
            "ja": ("{desc}: {n}/{total}{units} ({pct}%)", "{desc}: {n}{units}", "、{left}")}
TIME_LEFT = {"en": ("less than a minute left", "about {m} min left", "about {h} h {m} min left"),
             "ja": ("残り1分足らず", "残り約 {m}分", "残り約 {h}時間{m}分")}


def log_progress_seconds() -> float:
    """How often a step run into a log says where it stands: ``TILELENS_LOG_PROGRESS_SECONDS`` (0: at each step
    forward; ``inf``: never), ``LOG_PROGRESS_SECONDS`` where it is not set or not a number of 0 or more."""
    try:
        seconds = float(os.environ.get("TILELENS_LOG_PROGRESS_SECONDS", ""))
    except ValueError:
        return LOG_PROGRESS_SECONDS
    return seconds if seconds >= 0 else LOG_PROGRESS_SECONDS  # (nan fails)


def progress_bar(iterable=None, *, asked: bool = True, desc: str = "", unit: str = "it", total: float | None = None,
                 lang: str | None = None, bar: Callable[..., Any] | None = None,
                 clock: Callable[[], float] | None = None, every: float | None = None,
                 timing: LogTiming | None = None, **options):
    """A command's progress, as tqdm takes it (``iterable`` or ``total``, ``desc``, ``unit``; ``options`` such as
    ``leave``, ``initial`` or ``file``, standard error by default), drawn by ``bar`` (the caller's ``tqdm``, tqdm's by
    default): its bar where that stream is a terminal; where it is not (``2>log.txt``, ``nohup``, a CI job) the bar
    hidden (its carriage returns are noise in a log) in a ``LogProgress``, a plain line every
    ``log_progress_seconds()`` (``every``) in ``lang`` (the command line's by default), the first already
    ``LOG_FIRST_SECONDS`` in, none at all for a shorter step; nothing where progress is not ``asked`` (``--quiet``).
    ``clock``: the seconds, for a test. ``timing``: the ``LogTiming`` of a run whose bars and lines share one clock
    (a training's epochs), else the bar's own; given one, ``clock`` and ``every`` are ignored (its own hold).

    >>> import io
    >>> log = io.StringIO()
    >>> with progress_bar(total=2, desc="cropping", unit="photo", lang="en", file=log, every=0) as counted:
    ...     counted.update(2)
    >>> log.getvalue()
    'cropping: 2/2 photos (100%)\\n'
    """
    if bar is None:
        from tqdm import tqdm as bar
    stream = options.get("file") or sys.stderr
    logged = asked and not is_terminal(stream)
    given = {"total": total} if total is not None else {}
    drawn = bar(iterable, desc=desc, unit=unit, disable=logged or not asked, **given, **options)
    if not logged:
        return drawn
    if total is None and iterable is not None and hasattr(iterable, "__len__"):
        total = len(iterable)
    return LogProgress(drawn, total=total, desc=desc, unit=unit, stream=stream, lang=lang, clock=clock, every=every,
                       initial=options.get("initial", 0), timing=timing)


class LogTiming:
    """When a step run into a log says where it stands (README's "Progress in a log"): the first line at the first
    reading ``LOG_FIRST_SECONDS`` in (or ``every``, where that is less; never for inf), without moving the lines after
    it; then once ``every`` seconds (``log_progress_seconds()``) have passed since the start or the line before. A
    ``LogProgress`` has one of its own; several bars and lines of one run may share one (a training's epochs:
    ``vision.classifier_train.EpochLines``), their lines together keeping the rule.

    >>> clock = iter([0.0, 1.0, 5.0, 6.0, 30.0]).__next__
    >>> timing = LogTiming(clock, every=30.0)
    >>> [timing.due() for _ in range(4)]
    [False, True, False, True]
    """

    def __init__(self, clock: Callable[[], float] | None = None, every: float | None = None) -> None:
        self.clock = clock or time.monotonic
        self.every = log_progress_seconds() if every is None else every
        self.first = min(LOG_FIRST_SECONDS, self.every) if self.every != float("inf") else self.every
        self.spoken = False
        self.start = self.said = self.clock()

    def due(self, now: float | None = None) -> bool:
        """Whether a line is due at ``now`` (the clock read by default); one due counts as said."""
        now = self.clock() if now is None else now
        if now - self.said >= self.every:
            self.said = now
        elif self.spoken or now - self.start < self.first:
            return False
        self.spoken = True
        return True


class LogProgress:
    """``progress_bar`` where standard error is a log: the ways of tqdm's a command uses (iterating, ``update``,
    ``set_postfix``, ``close``, ``with``), iterating the hidden ``bar`` (its steps and its end passed on to it), each
    step forward looking at the clock; once ``every`` seconds have passed since the start or the line before, a line
    (``LOG_LINE``): the count, the share done and about how long is left (by the pace of this run's steps after its
    first, the set-up in that one, once measured over ``LOG_PACE_SECONDS``: the ``initial`` steps done before are not
    in it). The first line comes sooner, at the first step ``LOG_FIRST_SECONDS`` in (or ``every``, where that is
    less), without moving the lines after it (still at ``every``, ``2 * every``, ...): ``LogTiming``, the bar's own
    or ``timing``, one a run's bars share."""

    disable = False

    def __init__(self, bar: Any = None, *, total: float | None = None, desc: str = "", unit: str = "it",
                 stream: IO[str] | None = None, lang: str | None = None, clock: Callable[[], float] | None = None,
                 every: float | None = None, initial: float = 0, timing: LogTiming | None = None) -> None:
        if lang is None:
            from scorer.result import cli_lang
            lang = cli_lang()
        self.bar, self.total, self.desc, self.unit, self.stream = bar, total, desc, unit, stream
        self.lang = "ja" if lang == "ja" else "en"
        self.timing = timing or LogTiming(clock, every)
        self.n = self.initial = initial
        self.paced: tuple[float, float] | None = None  # (when, count) at the first step forward: the pace's start
        self.postfix = ""

    def __iter__(self):
        for item in self.bar:
            yield item
            self._step(1)

    def __len__(self) -> int:
        """As tqdm's: the total, else the hidden bar's (its iterable's length; a generator has none: TypeError)."""
        if self.total is None:
            if self.bar is None:
                raise TypeError("len() of a progress bar with no total and nothing to iterate")
            return len(self.bar)
        return int(self.total)

    def __bool__(self) -> bool:
        """As tqdm's: whether the total is more than 0, else the hidden bar's (a bar over a generator is true)."""
        if self.total is not None:
            return self.total > 0
        if self.bar is None:
            raise TypeError("bool() of a progress bar with no total and nothing to iterate")
        return bool(self.bar)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def update(self, n: float = 1) -> None:
        self._pass("update", n)
        self._step(n)

    def set_postfix(self, ordered_dict=None, refresh: bool = True, **kwargs) -> None:
        """As tqdm's: ``kwargs`` after ``ordered_dict``, sorted; a number in 3 significant figures (tqdm's
        ``format_num``: ``loss=0.123``), any other value as ``str`` says it."""
        from tqdm import tqdm

        values = {**(ordered_dict or {}), **{k: kwargs[k] for k in sorted(kwargs)}}
        self.postfix = ", ".join(f"{k}=" + (tqdm.format_num(v) if isinstance(v, Number) else str(v)).strip()
                                 for k, v in values.items())

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = str(s)

    def set_description(self, desc: str | None = None, refresh: bool = True) -> None:
        self.desc = desc or ""

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        self._pass("close")

    def _pass(self, name: str, *args) -> None:
        """The hidden bar's ``name`` called (one standing in for tqdm in a test may not have it)."""
        method = getattr(self.bar, name, None)
        if method is not None:
            method(*args)

    def _step(self, n: float) -> None:
        self.n += n
        now = self.timing.clock()
        if self.paced is None and self.n > self.initial:
            self.paced = (now, self.n)
        if self.timing.due(now):
            self._write(self.line(now - self.timing.start, self._pace(now)))

    def _pace(self, now: float) -> tuple[float, float]:
        """(seconds, steps) of the steps after the first forward, ``now``; (0, 0) where they are none or measured
        over less than ``LOG_PACE_SECONDS`` (no time left said)."""
        if self.paced is None or now - self.paced[0] < LOG_PACE_SECONDS:
            return 0.0, 0
        return now - self.paced[0], self.n - self.paced[1]

    def line(self, elapsed: float, pace: tuple[float, float] | None = None) -> str:
        """Where the step stands, ``elapsed`` seconds in; the time left by ``pace`` (seconds, steps: ``_pace``), else by
        the steps done since the ``initial`` in ``elapsed`` (a caller that counts for itself: the Label page).

        >>> LogProgress(total=1500, desc="pre-labelling", unit="photo", stream=None, lang="en", initial=300).line(60)
        'pre-labelling: 300/1500 photos (20%)'
        >>> first = LogProgress(total=5000, desc="synth", unit="photo", stream=None, lang="en", initial=1)
        >>> first.line(5.4, (0.0, 0)), first.line(5.4)  # the first photo alone: set-up is no pace
        ('synth: 1/5000 photos (0%)', 'synth: 1/5000 photos (0%)')
        """
        of_total, counted, left = LOG_LINE[self.lang]
        n = int(self.n)
        units = self.unit if self.lang == "ja" else _units(self.unit, self.total if self.total else n)
        if not self.total:
            text = counted.format(desc=self.desc, n=n, units=units)
        else:
            text = of_total.format(desc=self.desc, n=n, total=int(self.total), units=units,
                                   pct=int(100 * self.n / self.total))
            seconds, done = pace if pace is not None else (elapsed, self.n - self.initial)
            if done > 0 and self.n < self.total:
                text += left.format(left=_time_left(seconds / done * (self.total - self.n), self.lang))
        return text + (f" ({self.postfix})" if self.postfix else "")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError, AttributeError):  # a log that cannot be written stops no work
            pass


def _units(unit: str, count: float) -> str:
    """``unit`` (English, tqdm's singular) for ``count`` of them; tqdm's own ``it``, a unit no caller worded, as it is
    (tqdm never pluralises).

    >>> _units("photo", 2), _units("batch", 400), _units("table", 1), _units("it", 2)
    ('photos', 'batches', 'table', 'it')
    """
    if count == 1 or unit == "it":
        return unit
    return unit + ("es" if unit.endswith(("s", "x", "ch", "sh")) else "s")


def _time_left(seconds: float, lang: str) -> str:
    """About how long is left, in whole minutes (hours and minutes from an hour).

    >>> _time_left(50, "en"), _time_left(1470, "en"), _time_left(4000, "ja")
    ('less than a minute left', 'about 25 min left', '残り約 1時間7分')
    """
    under, minutes, hours = TIME_LEFT[lang]
    m = int(seconds / 60 + 0.5)
    if seconds < 60 or m < 1:
        return under
    if m < 60:
        return minutes.format(m=m)
    return hours.format(h=m // 60, m=m % 60)


def is_terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is a terminal (a closed stream, or one with no ``isatty``, is not)."""
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
