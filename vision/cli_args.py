"""argparse types for the commands' counts, sizes and time budgets: a value that cannot mean anything (none,
negative, not a number) is argparse's one-line usage error naming the option, not a traceback from deep in
training (``--epochs 0``) nor a silent surprise (``--limit -3`` measuring all but three photos)."""
from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """A whole number of 1 or more.

    >>> positive_int("3")
    3
    """
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {n}")
    return n


def positive_float(text: str) -> float:
    """A number above 0.

    >>> positive_float("0.5")
    0.5
    """
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not x > 0 or x == float("inf"):  # nan fails the first test
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return x
