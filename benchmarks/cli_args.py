"""Arguments the benchmark scripts share (run as scripts, they import it from their own folder)."""
from __future__ import annotations

import argparse

from scorer import TilelensInputError, load_game


def game_arg(text: str) -> str:
    """argparse ``type`` for a game: its id, or argparse's one-line error naming the games there are."""
    try:
        return load_game(text).id
    except TilelensInputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def description(doc: str) -> str:
    """A script's ``--help`` description: its docstring's whole first paragraph as one line (argparse fills it
    to the terminal; the first line alone stopped mid-sentence)."""
    return " ".join(doc.split("\n\n")[0].split())
