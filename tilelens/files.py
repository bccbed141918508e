"""What a path is where it is there and is neither a file nor a folder (a named pipe, a device, a socket), and why
tilelens neither opens nor replaces it, in English and Japanese: the ledger, the event check and labelling say it
alike. Opening such a thing is what must not happen: a named pipe opened to read waits for a writer for ever, a
device never ends (``/dev/zero``) or reads as empty (``/dev/null``). Imports nothing heavy (no yaml, no sqlite), so
any module may use it."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

from scorer.result import TilelensInputError

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


# A link that goes round in a loop (``ln -s lp lp``; ``a.jpg -> b.jpg -> a.jpg``): said as such wherever a path is
# taken, in `tilelens read`'s words (``vision.image_io``), not as "not there", "File exists" or Python's own
# ``RuntimeError("Symlink loop from ...")`` (``Path.resolve`` on 3.11 and 3.12). ``noun``: what the path was to be.
LOOP_NOUN = ("file or folder", "ファイルかフォルダ")


class LinkLoopError(TilelensInputError):
    """A path that is, or goes through, a link that goes round in a loop (:func:`loop_said`)."""

    def __init__(self, link: str, chain: str, noun: tuple[str, str] = LOOP_NOUN) -> None:
        self.link, self.chain, self.noun = link, chain, noun
        super().__init__(*loop_said(link, chain, noun))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.link, self.chain, self.noun)


def loop_said(link: str, chain: str, noun: tuple[str, str] = LOOP_NOUN) -> tuple[str, str]:
    """``link`` goes round in a loop of links (``chain``: "a.jpg -> b.jpg -> a.jpg") and reaches no ``noun``, in
    English and Japanese; ``link`` "": the words after a name said before them.

    >>> loop_said("lp", "lp -> lp")[0]
    'lp: the links go round in a loop (lp -> lp) and reach no file or folder: point one of them at the file or folder'
    """
    named = f"{link}: " if link else ""
    return (f"{named}the links go round in a loop ({chain}) and reach no {noun[0]}: point one of them at the "
            f"{noun[0]}",
            f"{named}リンクがループしていて ({chain})、{noun[1]}にたどり着きません。どれかを{noun[1]}へのリンクに"
            "してください。")


def link_loop(path: Path | str) -> list[str] | None:
    """The links ``path`` goes through, as each names the next, round to one it passed: ``["loop1.jpg",
    "loop2.jpg", "loop1.jpg"]``; None where following them ends (at a file, or at nothing)."""
    names, seen, at = [str(path)], set(), str(path)
    while len(names) <= 40:  # the system gives up at 40 too (ELOOP)
        key = os.path.normpath(os.path.abspath(at))
        if key in seen:
            return names
        if not os.path.islink(key):
            return None
        seen.add(key)
        try:
            target = os.readlink(key)
        except (OSError, ValueError):  # gone since
            return None
        names.append(target)
        at = os.path.join(os.path.dirname(key), target)
    return [*names[:3], "…"]


def loop_on_way(path: Path | str) -> tuple[str, str] | None:
    """Where ``path``, or a folder on its way, is a link that goes round in a loop: that link (as ``path`` names it)
    and its loop ("lp -> lp"); None where there is none."""
    try:
        given = Path(os.fspath(path))
        for at in (*reversed(given.parents), given):
            if str(at) not in ("", ".", "/") and os.path.islink(at) and (loop := link_loop(at)):
                return str(at), " -> ".join([at.name, *loop[1:]])
    except (OSError, ValueError, TypeError):  # a name with a NUL in it: no loop of links
        return None
    return None


FOLDER_NOUN = ("folder", "フォルダ")  # what a link on a path's way is to reach (``lp`` of ``lp/x.csv``)


def _noun_of(path: Path | str, link: str, noun: tuple[str, str]) -> tuple[str, str]:
    """What ``link``, the loop :func:`loop_on_way` found on ``path``'s way, was to reach: ``noun`` where it is
    ``path`` itself, a folder where it is one of the folders on the way."""
    try:
        return noun if link == str(Path(os.fspath(path))) else FOLDER_NOUN
    except (TypeError, ValueError):
        return noun


def loop_said_of(path: Path | str, noun: tuple[str, str] = LOOP_NOUN) -> tuple[str, str] | None:
    """:func:`loop_said` of the loop of links ``path`` is, or goes through (English, Japanese), for a command that
    says it in its own error: ``noun`` what ``path`` was to be, "folder" where the loop is a folder on its way
    (``lp`` of ``lp/x.toml``); None where there is none.

    >>> loop_said_of("/no/such/place") is None
    True
    """
    if (found := loop_on_way(path)) is None:
        return None
    return loop_said(*found, _noun_of(path, found[0], noun))


def refuse_loop(path: Path | str, noun: tuple[str, str] = LOOP_NOUN) -> None:
    """Raise :class:`LinkLoopError` where ``path`` is, or goes through, a link that goes round in a loop: ``noun``
    what ``path`` was to be, a folder where the loop is a folder on its way (:func:`loop_said_of`)."""
    if (found := loop_on_way(path)) is not None:
        raise LinkLoopError(*found, _noun_of(path, found[0], noun))


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
    found = loop_on_way(_relative(named)) if named else None
    if found is not None:
        return LinkLoopError(*found, _noun_of(_relative(named), found[0], noun))
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
