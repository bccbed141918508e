"""A link that goes round in a loop (``ln -s lp lp``; ``a.jpg -> b.jpg -> a.jpg``), found and said in English and
Japanese in `tilelens read`'s words wherever a path is taken: a game file (``scorer.catalog``), a photo
(``vision.image_io``), the models folder, an event's folders, a ledger, a dataset. Not "not there", "File exists" nor
Python's own ``RuntimeError("Symlink loop from ...")`` (``Path.resolve`` on 3.11 and 3.12). Here, beside
``TilelensInputError``, so that the scorer and vision say it without importing tilelens (``tilelens.files`` passes
these on, with the command line's net for a loop met anywhere, ``loop_error``). The standard library only."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from scorer.result import TilelensInputError

# What a path was to be, said as what the loop reaches not: a path of any kind, and a folder on a path's way (``lp``
# of ``lp/x.csv``)
LOOP_NOUN = ("file or folder", "ファイルかフォルダ")
FOLDER_NOUN = ("folder", "フォルダ")
PHOTO_NOUN = ("photo", "写真")  # a photo file (`tilelens read`, an event's seat photo, `synth --out hand.jpg`)


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


def loop_chain(path: Path | str) -> str | None:
    """The loop of links ``path`` is, as said: its name, then what each link names in turn, round to one passed
    ("loop1.jpg -> loop2.jpg -> loop1.jpg"); None where following them ends (at a file, or at nothing)."""
    names, seen, at = [Path(path).name], set(), str(path)
    while len(names) <= 40:  # the system gives up at 40 too (ELOOP)
        key = os.path.normpath(os.path.abspath(at))
        if key in seen:
            return " -> ".join(names)
        if not os.path.islink(key):
            return None
        seen.add(key)
        try:
            target = os.readlink(key)
        except (OSError, ValueError):  # gone since
            return None
        names.append(target)
        at = os.path.join(os.path.dirname(key), target)
    return " -> ".join([*names[:3], "…"])


def loop_on_way(path: Path | str, noun: tuple[str, str] = LOOP_NOUN) -> tuple[str, str, tuple[str, str]] | None:
    """Where ``path``, or a folder on its way, is a link that goes round in a loop, :func:`loop_said`'s words for it:
    that link (as ``path`` names it), its loop ("lp -> lp"), and what it reaches not: ``noun``, what ``path`` was to
    be, where the link is ``path`` itself, a folder where it is a folder on the way (``lp`` of ``lp/x.toml``); None
    where there is none.

    >>> loop_on_way("/no/such/place") is None
    True
    """
    try:
        given = Path(os.fspath(path))
        for at in (*reversed(given.parents), given):
            if str(at) not in ("", ".", "/") and os.path.islink(at) and (chain := loop_chain(at)):
                return str(at), chain, noun if at == given else FOLDER_NOUN
    except (OSError, ValueError, TypeError):  # a name with a NUL in it: no loop of links
        return None
    return None


def refuse_loop(path: Path | str, noun: tuple[str, str] = LOOP_NOUN) -> None:
    """Raise :class:`LinkLoopError` where ``path`` is, or goes through, a link that goes round in a loop: ``noun``
    what ``path`` was to be (:func:`loop_on_way`)."""
    if (found := loop_on_way(path, noun)) is not None:
        raise LinkLoopError(*found)
