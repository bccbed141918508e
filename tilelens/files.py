"""What a path is where it is there and is neither a file nor a folder (a named pipe, a device, a socket), and why
tilelens neither opens nor replaces it, in English and Japanese: the ledger, the event check and labelling say it
alike. Opening such a thing is what must not happen: a named pipe opened to read waits for a writer for ever, a
device never ends (``/dev/zero``) or reads as empty (``/dev/null``). And a link that goes round in a loop (``ln -s lp
lp``): found and said by ``scorer.paths`` (``loop_said``, ``loop_on_way``, ``refuse_loop``: the scorer and vision say
it too), passed on here, with the command line's net for one met anywhere (``loop_error``: Python's "Symlink loop",
ELOOP). Imports nothing heavy (no yaml, no sqlite), so any module may use it."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from scorer.paths import FOLDER_NOUN, LOOP_NOUN, LinkLoopError, loop_chain, loop_on_way, loop_said, refuse_loop

__all__ = ["FOLDER_NOUN", "LOOP_NOUN", "SOME_KIND", "LinkLoopError", "is_special", "loop_chain", "loop_error",
           "loop_on_way", "loop_said", "not_a_file_said", "refuse_loop", "said_of", "what_it_is"]

# the words for one whose kind is not known (it was replaced since it was looked at)
SOME_KIND = ("a named pipe, a device or a socket", "名前付きパイプ・デバイス・ソケット")


def _mode(path: Path | str) -> int | None:
    """``path``'s mode, through a link; None where it is not there or cannot be looked at."""
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):  # not there, a link to nothing, a name with a NUL in it
        return None


def is_special(path: Path | str) -> bool:
    """Whether ``path`` (through a link) is there and is neither a file nor a folder: a named pipe, a socket, a
    device. Never opened."""
    mode = _mode(path)
    return mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def what_it_is(path: Path | str) -> tuple[str, str]:
    """What ``path`` is where it is there but is neither a file nor a folder, in English and Japanese: "a named
    pipe" / "名前付きパイプ", "a socket", "a device"; "no file" for anything else."""
    return _kind(_mode(path) or 0)


def _kind(mode: int) -> tuple[str, str]:
    """:func:`what_it_is` of the mode ``mode``."""
    if stat.S_ISFIFO(mode):
        return "a named pipe", "名前付きパイプ"
    if stat.S_ISSOCK(mode):
        return "a socket", "ソケット"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device", "デバイス"
    return "no file", "ファイルではないもの"


def said_of(what: tuple[str, str], writing: bool = False, pipe: bool = True) -> tuple[str, str]:
    """Why a path that is ``what`` (:func:`what_it_is`) is not opened, in English and Japanese, to follow its name:
    "is not a regular file (a named pipe): tilelens reads only files and does not open it ...". ``writing``: a
    file to be written (it is not put in its place either); ``pipe``: it may be a pipe, which waits when read."""
    if writing:
        return (f"is not a regular file ({what[0]}): tilelens writes only files and does not put one in its place",
                f"は通常のファイルではありません ({what[1]})。tilelens が書くのはファイルだけで、これをファイルで置き換える"
                "こともしません")
    wait, wait_ja = (" (reading a pipe waits for a writer)", " (パイプを読むと書き手を待ち続けます)") if pipe else ("", "")
    return (f"is not a regular file ({what[0]}): tilelens reads only files and does not open it{wait}",
            f"は通常のファイルではありません ({what[1]})。tilelens が読むのはファイルだけで、これは開きません{wait_ja}")


def not_a_file_said(path: Path | str, writing: bool = False) -> tuple[str, str] | None:
    """Why ``path`` is not opened where it is there (through a link) and is neither a file nor a folder
    (:func:`said_of`, naming what it is); None for a file, a folder, or nothing there (each said elsewhere).
    ``writing``: a file to be written."""
    mode = _mode(path)
    if mode is None or stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return said_of(_kind(mode), writing, pipe=stat.S_ISFIFO(mode))


def loop_error(exc: BaseException, noun: tuple[str, str] = LOOP_NOUN) -> LinkLoopError | None:
    """The :class:`LinkLoopError` behind ``exc`` where a loop of links is what it ran into: Python's
    ``RuntimeError("Symlink loop from '/x/lp'")`` (``Path.resolve``, 3.11 and 3.12), or an ``OSError`` whose path is,
    or goes through, such a link (ELOOP; "File exists" of a folder made at one); None for anything else. The link is
    named as from the folder the command runs in where it is there."""
    import errno

    if isinstance(exc, OSError) and exc.filename is not None:
        named = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes)) else str(exc.filename)
    elif isinstance(exc, RuntimeError) and not isinstance(exc, OSError) and str(exc).startswith("Symlink loop"):
        match = re.fullmatch(r"Symlink loop from (?P<q>['\"])(?P<path>.*)(?P=q)", str(exc), re.S)
        named = match["path"] if match else ""
    else:
        return None
    found = loop_on_way(_relative(named), noun) if named else None
    if found is not None:
        return LinkLoopError(*found)
    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP:  # gone round since: said so
        return LinkLoopError(_relative(named) or "?", "…", noun)
    return None


def _relative(path: str) -> str:
    """``path`` as from the folder the command runs in, where it is inside it (what a user typed: ``lp``)."""
    try:
        if os.path.isabs(path) and not os.path.relpath(path).startswith(".."):
            return os.path.relpath(path)
    except (OSError, ValueError):
        pass
    return path
