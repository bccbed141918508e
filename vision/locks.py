"""Lock files that keep two runs of one thing apart: a dataset changed from two browser tabs at once, one
tile set enrolled twice at once. Each lock is a file in the temporary folder (``tilelens-locks/``) named by
a hash of what it guards, so the guarded folder holds nothing more; ``fcntl`` locks it (none on Windows)."""
from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: callers keep their own threads apart, or go unguarded
    fcntl = None


def lock_file(what: str) -> IO | None:
    """The open lock file of ``what`` (a kind and a path, e.g. ``enroll:/models/tilesets/mine``), for
    ``fcntl.flock``; None where the system has no file lock or the temporary folder cannot hold one
    (another user's)."""
    if fcntl is None:
        return None
    try:
        locks = Path(tempfile.gettempdir()) / "tilelens-locks"
        locks.mkdir(exist_ok=True)
        return open(locks / f"{hashlib.sha1(what.encode('utf-8')).hexdigest()}.lock", "a")
    except OSError:
        return None


@contextmanager
def held_alone(what: str, busy: Callable[[], Exception]) -> Iterator[None]:
    """Hold the lock of ``what`` (:func:`lock_file`) for the ``with`` block; ``busy()`` is raised at once when
    another run holds it (one tile set enrolled twice, one report folder written by two checks). Unguarded
    where the system has no file lock."""
    handle = lock_file(what)
    if handle is None:
        yield
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise busy() from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def held_elsewhere(what: str) -> bool | None:
    """Whether another run holds the lock of ``what`` (:func:`held_alone`) now: tried without waiting and let go
    at once. None where the system has no file lock (or the temporary folder cannot hold one): unknown."""
    handle = lock_file(what)
    if handle is None:
        return None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False
