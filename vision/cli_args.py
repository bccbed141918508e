"""argparse types for the commands' counts, sizes and time budgets: a value that cannot mean anything (none,
negative, not a number) is argparse's one-line usage error naming the option, not a traceback from deep in
training (``--epochs 0``) nor a silent surprise (``--limit -3`` measuring all but three photos)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO, Callable


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
    """A photo's side in pixels: 1 to ``MAX_SIDE``.

    >>> photo_side("640")
    640
    """
    side = positive_int(text)
    if side > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIDE}, got {side}")
    return side


def _whole(text: str, least: int) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < least:
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


def is_terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is a terminal (a closed stream, or one with no ``isatty``, is not)."""
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
