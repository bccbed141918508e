"""Lock files that keep two runs of one thing apart: a dataset changed from two browser tabs at once, one
tile set enrolled twice at once. Each lock is a file in a folder of the user's own in the temporary folder
(``tilelens-locks-<uid>/``, only they can enter it), named by a hash of what it guards, so the guarded folder
holds nothing more; ``fcntl`` locks it (none on Windows).

One folder for every user (``tilelens-locks/``) was made by whoever ran first: another user's left every other
user's runs unguarded, unsaid. A folder of the user's name that is not theirs (made by someone else, a file, a
link) is passed over for the next of its named alternatives (``tilelens-locks-<uid>.1``, ...); with none to be
had the run goes unguarded, and a warning says why.

A lock let go by :func:`held` (and :func:`held_alone`) takes its file with it, so the folder does not grow with
every folder ever guarded. Safely: the file is removed while still held, and a run that locks a file checks
that it is still the one of the name (not one removed after it was opened); if not, it opens the name again.
So a name has at most one file, and only its holder removes it. Every run that locks a name removed this way
must go through :func:`held`."""
from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: callers keep their own threads apart, or go unguarded
    fcntl = None

FOLDER = "tilelens-locks"
ALTERNATIVES = 3  # tilelens-locks-<uid>.1 .. .3, where tilelens-locks-<uid> is not the user's own folder
TRIES = 100  # times a run that will not wait takes a lock again, its file removed each time between opening and
# locking it, before it says the lock is busy (a run that waits tries for as long as it takes)


def _ours(path: Path) -> bool:
    """Whether ``path`` is a folder (not a link to one) of this user's."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid()


def locks_dir() -> Path | None:
    """The user's own folder of lock files (made ``0700`` where it is not there yet): ``tilelens-locks-<uid>`` in
    the temporary folder, or the first of its alternatives that is the user's; None (with a warning) where none is."""
    base = Path(tempfile.gettempdir())
    name = f"{FOLDER}-{os.geteuid()}"
    for folder in [base / name, *(base / f"{name}.{n}" for n in range(1, ALTERNATIVES + 1))]:
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
        except OSError:
            continue
        if _ours(folder):
            if stat.S_IMODE(os.lstat(folder).st_mode) != 0o700:  # the umask's, or loosened since: others kept out
                os.chmod(folder, 0o700)
            return folder
    warnings.warn(f"no lock folder in {base}: {name} and {name}.1 to .{ALTERNATIVES} are not this user's folders "
                  f"(or cannot be made): two runs of one thing at once are not kept apart", RuntimeWarning,
                  stacklevel=3)
    return None


def _lock_path(what: str) -> Path | None:
    folder = locks_dir()
    return None if folder is None else folder / f"{hashlib.sha1(what.encode('utf-8')).hexdigest()}.lock"


def lock_file(what: str) -> IO | None:
    """The open lock file of ``what`` (a kind and a path, e.g. ``enroll:/models/tilesets/mine``), for
    ``fcntl.flock``; None where the system has no file lock or no lock folder of the user's can be had
    (:func:`locks_dir`, which warns)."""
    if fcntl is None:
        return None
    try:
        path = _lock_path(what)
        return None if path is None else open(path, "a")
    except OSError:
        return None


def _still_named(handle: IO) -> bool:
    """Whether the file ``handle`` has open is still the one of its name (not removed, nor replaced, since)."""
    try:
        named = os.stat(handle.name)
    except OSError:
        return False
    held = os.fstat(handle.fileno())
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


@contextmanager
def held(what: str, busy: Callable[[], Exception] | None = None) -> Iterator[None]:
    """Hold the lock of ``what`` for the ``with`` block, waiting for another run to let it go; or, given ``busy``,
    raising ``busy()`` at once where another run holds it. Its file is removed as it is let go (see the module).
    Unguarded where the system has no file lock (or no lock folder can be had)."""
    tries = 0
    while True:  # a run that waits keeps trying: going unguarded after so many tries let two runs in at once
        handle = lock_file(what)
        if handle is None:
            break
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (fcntl.LOCK_NB if busy is not None else 0))
        except BlockingIOError:
            handle.close()
            raise busy() from None
        if _still_named(handle):
            break
        handle.close()  # removed by the run that held it, after this one opened it: the name's file now
        tries += 1
        if busy is not None and tries >= TRIES:  # its file removed under it a hundred times: runs taking it in
            raise busy()  # turn all the while, busy
    if handle is None:
        yield
        return
    with handle:
        try:
            yield
        finally:
            try:
                os.unlink(handle.name)  # while held: a run that opened it meanwhile sees it gone, and opens anew
            except OSError:
                pass
            fcntl.flock(handle, fcntl.LOCK_UN)


def held_alone(what: str, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold the lock of ``what`` (:func:`lock_file`) for the ``with`` block; ``busy()`` is raised at once when
    another run holds it (one tile set enrolled twice, one report folder written by two checks). Unguarded
    where the system has no file lock."""
    return held(what, busy)


def held_elsewhere(what: str) -> bool | None:
    """Whether another run holds the lock of ``what`` (:func:`held_alone`) now: tried without waiting and let go
    at once; no file is made for asking (none there: none holds it). None where the system has no file lock (or
    no lock folder can be had): unknown."""
    if fcntl is None:
        return None
    path = _lock_path(what)
    if path is None:
        return None
    for _ in range(TRIES):
        try:
            handle = open(path, "rb")
        except FileNotFoundError:
            return False
        except OSError:
            return None
        with handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            try:
                if _still_named(handle):
                    return False
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
    return None
