"""Atomic saves: a label file is either the old one or the new one, never half written.

Each save writes a temporary file in the same folder (same file system, so the rename is atomic),
flushes it to disk, then ``os.replace``s the target. A crash or a closed browser tab in the middle of a
save leaves the previous version in place.
"""
from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorer.result import TilelensInputError
from tilelens.files import SOME_KIND, not_a_file_said, said_of
from tilelens.labelling.model import LabelFileError
from vision.locks import held  # unguarded on Windows (no fcntl): the app's own threads are still kept apart


def atomic_write_text(path: Path | str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; creates the parent folder. Returns the path."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else by setting it back."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The mode a file written at ``path`` gets: the one it has where it is there already (a file a group
    shares stays shared), else what ``open`` would give a new file under the umask (0644 under 022):
    ``mkstemp``'s temporary file is 0600 whatever the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


class NotAFileError(TilelensInputError, OSError):
    """A file to write or read that is there and is not a file: a named pipe, a device (``/dev/full``), a socket. A
    save puts a new file in the target's place (``os.replace``), which would do away with the pipe or device, and a
    stream cannot be written whole or not at all; reading a named pipe waits for a writer, for ever where none
    comes (``reading``: the file was to be read, never opened): refused, naming it. A ``TilelensInputError`` for
    the command line's words in either language, and an ``OSError`` for the app's saves, which catch that."""

    def __init__(self, path: Path | str, reading: bool = False) -> None:
        self.path, self.reading = str(path), reading
        # what it is named where it is still there as it was; one replaced since (a file now) said as any of them
        en, ja = not_a_file_said(path, writing=not reading) or said_of(SOME_KIND, writing=not reading)
        then, then_ja = (("put the file itself there", "ファイルそのものを置いてください") if reading else
                         ("name a file to write", "書き出すファイルの名前を指定してください"))
        TilelensInputError.__init__(self, f"{path} {en}; {then}", f"{path} {ja}。{then_ja}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.path, self.reading)


class DanglingLinkError(TilelensInputError, OSError):
    """A save's target that is a symbolic link to nothing (or a loop of links): the file it names is not there, and
    a save would either make a file wherever the link points (a folder perhaps not there either) or put a file in
    the link's place; neither is guessed: refused, naming both. A link to a file is written through
    (:func:`atomic_write_bytes`), as a shell's ``>`` writes."""

    def __init__(self, path: Path | str, target: str) -> None:
        self.path, self.target = str(path), target
        TilelensInputError.__init__(
            self, f"{path} is a link to {target}, which is not there: tilelens writes through a link only to a file "
                  "that is there; point the link at a file, or remove it and name the file to write",
            f"{path} は {target} へのリンクですが、リンク先がありません。tilelens がリンク越しに書くのはリンク先の"
            "ファイルがあるときだけです。リンクをファイルに向けるか、リンクを消して書き出すファイルを指定してください")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.path, self.target)


def check_regular_file(path: Path | str) -> None:
    """Refuse to read ``path`` where it is there and is not a file, before it is opened: a folder
    (``IsADirectoryError``) or a named pipe, device or socket (:class:`NotAFileError` with ``reading``: opening a
    pipe to read it waits for a writer, for ever where none comes). Not there: ``FileNotFoundError``, as opening it
    says. A link to a file is that file."""
    path = Path(path)
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise NotAFileError(path, reading=True)


def read_regular_bytes(path: Path | str) -> bytes:
    """The bytes of the file ``path``, as ``Path.read_bytes`` reads them, where it is a file
    (:func:`check_regular_file`); something put in its place between the look and the opening is not waited on
    either (opened without blocking, and looked at again)."""
    check_regular_file(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise NotAFileError(path, reading=True)
        return file.read()


def file_sha256(path: Path | str) -> str | None:
    """The sha256 (hex) of the file ``path``'s bytes, read as :func:`read_regular_bytes` reads them; None where it
    cannot be read (not there, a folder, a named pipe)."""
    try:
        return hashlib.sha256(read_regular_bytes(path)).hexdigest()
    except OSError:
        return None


def read_regular_text(path: Path | str, encoding: str = "utf-8", errors: str = "strict") -> str:
    """The text of the file ``path``, as ``Path.read_text`` reads it (newlines made ``\\n``), where it is a file
    (:func:`read_regular_bytes`): a named pipe is refused, never opened."""
    return io.TextIOWrapper(io.BytesIO(read_regular_bytes(path)), encoding=encoding, errors=errors).read()


def read_json_file(path: Path | str) -> Any:
    """The JSON of the file ``path`` (a COCO file, a Label Studio export), read as :func:`read_regular_bytes` reads
    it (UTF-8, with a byte-order mark or without); ``LabelFileError`` in both languages, naming the file, where it is
    not there or is not JSON in UTF-8 (brackets nested thousands deep, a number of thousands of digits too)."""
    path = Path(path)
    try:
        raw = read_regular_bytes(path)  # a named pipe refused (NotAFileError), never opened: it waits for ever
    except FileNotFoundError:
        raise LabelFileError(f"{path}: no such file", f"{path}: ファイルがありません") from None
    try:  # a byte-order mark first (Windows' Notepad saves one) read past, as the TOML and data.yaml readers do
        return json.loads(raw.decode("utf-8-sig"))
    except json.JSONDecodeError as exc:  # where in words, in both languages (not "line 2 column 1 (char 2)")
        raise LabelFileError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                             f"{path}: JSON として読めません ({exc.lineno}行目 {exc.colno}文字目: 書き方が正しくありません)"
                             ) from None
    except UnicodeDecodeError:
        raise LabelFileError(f"{path}: not valid JSON (not UTF-8 text)",
                             f"{path}: JSON として読めません (UTF-8 の文字ではありません)") from None
    except (RecursionError, ValueError):  # brackets nested thousands deep, a number of thousands of digits
        raise LabelFileError(f"{path}: not valid JSON (lists nested too deep, or a number too long)",
                             f"{path}: JSON として読めません (リストの入れ子が深すぎるか、数が長すぎます)") from None


def _check_target(path: Path) -> None:
    """Refuse a target that is a folder (``IsADirectoryError`` naming it, not the temporary file that
    ``os.replace`` would name) or something else that is not a file (:class:`NotAFileError`); one not there, or
    a file (through a link or not), passes."""
    try:
        mode = path.stat().st_mode
    except OSError:  # not there (or a dangling link, said by check_target): a new file; one not reached fails below
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise NotAFileError(path)


def check_target(path: Path | str) -> Path:
    """Where a save of ``path`` writes, refusing what it must not write over, before anything is written (a save
    of two files checks both first: neither written where the other is refused): ``path`` itself, or the file a
    link at ``path`` points to (written through, the link kept). Refused: a folder (``IsADirectoryError``), a pipe,
    device or socket (:class:`NotAFileError`), a link to nothing (:class:`DanglingLinkError`)."""
    path = Path(path)
    _check_target(path)
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    if not target.exists():  # a link to nothing, or a loop of links
        raise DanglingLinkError(path, os.readlink(path))
    return target


def own_file(root: Path | str, rel: Path | str) -> Path | None:
    """``root/rel``, a file tilelens keeps for itself in a dataset (``.tilelens/decoded.json``, ``prelabelled.json``,
    ``dataset-id``), where it is the dataset's own: None where it, or a folder of ``rel`` above it, is a symbolic link
    (``root`` itself, a link or not, is the folder asked for), or where it is there and is not a regular file (a named
    pipe is looked at, never opened: reading it waits for a writer). A dataset that came with such a file linked to a
    file or folder elsewhere (a user's) has that link neither trusted nor written through. The path where it is not
    there yet (a file to write).

    >>> own_file("/no/such/ds", ".tilelens/decoded.json").as_posix()
    '/no/such/ds/.tilelens/decoded.json'
    """
    at = Path(root)
    for part in Path(rel).parts:
        at = at / part
        try:
            st = os.lstat(at)
        except OSError:  # not there, nor anything below it: the file is to be written
            return Path(root) / rel
        if stat.S_ISLNK(st.st_mode):
            return None
    return at if stat.S_ISREG(st.st_mode) else None


def own_target(root: Path | str, rel: Path | str) -> Path:
    """:func:`own_file` for a writer: the path, or an ``OSError`` naming it where it is not the dataset's own (what a
    caller does where the file cannot be written: left as it is)."""
    path = own_file(root, rel)
    if path is None:
        raise OSError(errno.EPERM, "a link or not a file where tilelens keeps a file of its own: left as it is",
                      str(Path(root) / rel))
    return path


def _naming(exc: OSError, path: Path, tmp_name: str | None = None) -> OSError:
    """``exc`` said of ``path``, the file asked for, where it names the temporary file beside it or no file
    (a full disk while writing): a user never asked for ``.c.json.0g9sfo5y.tmp``. Else ``exc`` itself."""
    if exc.errno is None or exc.filename not in (None, tmp_name) or isinstance(exc, NotAFileError):
        return exc
    return OSError(exc.errno, exc.strerror, str(path))  # OSError picks the subclass (PermissionError ...)


def atomic_write_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; creates the parent folder. Returns the path. The file gets the
    mode it had, or a new file's under the umask (:func:`_mode_for`). A folder or something else not a file at
    ``path`` (a pipe, a device) is refused, never replaced, and a link to a file is written through, the link kept
    (a link to nothing refused: :func:`check_target`); an ``OSError`` names ``path``, not the temporary file, or the
    folder where a file there already cannot be replaced because its folder may not be written in."""
    asked = path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path = check_target(path)
    mode = _mode_for(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # the folder the file is written in (and put in place from) may not be written in
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and path.exists():  # the file may be writable:
            # the folder named, not the file: tilelens.ledger_cli._said_unwritten tells this case by that folder
            raise OSError(exc.errno, exc.strerror, str(path.parent)) from exc
        raise _naming(exc, asked, exc.filename) from exc  # a folder one may not write: its would-be file named
    try:
        with os.fdopen(fd, "wb") as tmp:
            if hasattr(os, "fchmod"):  # not on Windows, where modes say little
                os.fchmod(tmp.fileno(), mode)
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException as exc:
        # Never leave the temporary file behind, whatever stopped the write.
        Path(tmp_name).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            said = _naming(exc, asked, tmp_name)
            if said is not exc:
                raise said from exc
        raise
    return asked


def atomic_write_json(path: Path | str, data: Any) -> Path:
    """Write ``data`` as indented JSON to ``path`` atomically."""
    return atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


PROGRESS_FILE = "label_progress.json"


class ProgressFileError(LabelFileError):
    """A dataset's progress file (:data:`PROGRESS_FILE`) that is there and cannot be read as the photos accepted:
    not JSON, or not the ``{"done": [...]}`` tilelens writes. Nothing is written over it: it is the only record of
    which photos a person checked. Said naming the file, in English and Japanese, with what to do."""

    def __init__(self, path: Path | str, why: str, why_ja: str) -> None:
        self.path, self.why, self.why_ja = str(path), why, why_ja
        super().__init__(
            f"{path} cannot be read ({why}); nothing was changed. It lists the photos accepted on the Label page: mend "
            "it, or delete it to start again (deleting it forgets which photos were accepted: accept them again)",
            f"{path} を読めません ({why_ja})。何も変えていません。このファイルはラベル付けのページで OK にした写真の"
            "一覧です: 直すか、消してやり直してください (消すと、どの写真を OK にしたかが失われます。もう一度 OK に"
            "してください)")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.path, self.why, self.why_ja)


def read_progress(root: Path | str) -> set[str]:
    """The photos (paths relative to the dataset) a person has accepted; empty where there is no progress file
    yet. Raises :class:`ProgressFileError` for one that is damaged, :class:`NotAFileError` for a named pipe (or
    device) in its place, never opened, and ``OSError`` for one that cannot be read (a folder, no rights): what
    changes the progress reads it so, and never writes over what it could not read.

    >>> read_progress("/no/such/folder")
    set()
    """
    path = Path(root) / PROGRESS_FILE
    try:
        raw = read_regular_bytes(path)
    except FileNotFoundError:
        return set()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ProgressFileError(path, "not valid JSON", "JSON として読めません") from None
    done = data.get("done") if isinstance(data, dict) else None
    if not isinstance(done, list) or not all(isinstance(p, str) for p in done):
        raise ProgressFileError(path, 'not the list of accepted photos tilelens writes, {"done": [...]}',
                                'tilelens が書く OK にした写真の一覧 {"done": [...]} の形ではありません')
    return set(done)


def load_done(root: Path | str) -> set[str]:
    """The photos (paths relative to the dataset) a person has accepted; empty if none yet.

    A progress file that cannot be read (damaged, a named pipe in its place, never opened) counts as nothing
    done rather than stopping the page: progress only orders the work, the labels themselves live in the label
    files. What changes the progress (:func:`set_done`) reads it with :func:`read_progress`, which refuses it:
    never thrown away and written over.
    """
    try:
        return read_progress(root)
    except (OSError, ValueError):  # ProgressFileError and NotAFileError among them
        return set()


def set_done(root: Path | str, photo: str, done: bool = True) -> set[str]:
    """Mark one photo accepted (or not) and save the progress file atomically; returns the new set. Under
    the dataset's lock (:func:`dataset_lock`), as every other change of the dataset: two phones marking
    photos at the same moment each read the file, and the one written last lost the other's mark. A progress
    file that cannot be read is refused (:func:`read_progress`), nothing written."""
    with dataset_lock(root):
        return set_done_locked(root, photo, done)


def set_done_locked(root: Path | str, photo: str, done: bool = True) -> set[str]:
    """:func:`set_done` for a caller that holds the dataset's lock already (the lock is not re-entrant). A photo
    accepted has the sha256 of its bytes kept beside (``accepted_photos``), and the digest of its pixels
    (``accepted_pixels``: a re-save with the same pixels is not another photo)."""
    return set_many_done_locked(root, [(photo, done)])


def set_many_done_locked(root: Path | str, marks: Iterable[tuple[str, bool]]) -> set[str]:
    """:func:`set_done_locked` of each (photo, accepted) of ``marks`` in turn, in one read and one atomic write of the
    progress file (``label accept --all``, an import: 1,500 photos read and rewrote it 1,500 times, an fsync each):
    the file as marking them one by one leaves it, the last mark of a photo marked twice counting; the pre-label
    record read once. Nothing to mark: nothing written. Returns the new set; a progress file that cannot be read is
    refused (:func:`read_progress`), nothing written."""
    from tilelens.labelling.replaced import pixels_when_accepted

    paths = read_progress(root)
    last = dict(marks)
    if not last:
        return paths
    for photo, done in last.items():
        (paths.add if done else paths.discard)(photo)
    shas = {k: v for k, v in accepted_photos(root).items() if k in paths}
    pixels = {k: v for k, v in accepted_pixels(root).items() if k in paths}
    record: dict[str, Any] | None = None
    for photo, done in last.items():
        if not done:  # unmarked: left out of shas and pixels with the paths
            continue
        try:
            data = read_regular_bytes(Path(root) / photo)
            shas[photo] = hashlib.sha256(data).hexdigest()
        except OSError:
            shas.pop(photo, None)
            pixels.pop(photo, None)
            continue
        if record is None:  # read once, for every photo marked
            from tilelens.labelling.prelabel import prelabelled_record

            record = prelabelled_record(root)
        digest = pixels_when_accepted(photo, shas[photo], data, record)
        (pixels.__setitem__(photo, digest) if digest else pixels.pop(photo, None))
    _write_progress(root, paths, shas, pixels)
    return paths


def _write_progress(root: Path | str, paths: set[str], shas: dict[str, str], pixels: dict[str, str]) -> None:
    atomic_write_json(Path(root) / PROGRESS_FILE, {"done": sorted(paths),
                                                   **({"photo_sha256": dict(sorted(shas.items()))} if shas else {}),
                                                   **({"photo_pixels": dict(sorted(pixels.items()))} if pixels
                                                      else {})})


def kept_again_locked(root: Path | str, photos: dict[str, tuple[str, str]]) -> None:
    """For a caller holding the dataset's lock: photo -> (sha256, pixels) of accepted photos saved again with the
    same pixels (``replaced``), their new bytes kept as those they were accepted with. A progress file that cannot
    be read is left as it is."""
    try:
        paths = read_progress(root)
    except (OSError, ValueError):
        return
    shas = {k: v for k, v in accepted_photos(root).items() if k in paths}
    pixels = {k: v for k, v in accepted_pixels(root).items() if k in paths}
    changed = {k: v for k, v in photos.items()  # one accepted before its bytes were kept: left so
               if k in paths and k in shas and pixels.get(k, v[1]) == v[1] and (shas[k], pixels.get(k)) != v}
    if changed:
        for k, (sha, digest) in changed.items():
            shas[k], pixels[k] = sha, digest
        _write_progress(root, paths, shas, pixels)


def _progress_map(root: Path | str, key: str) -> dict[str, str]:
    try:
        data = json.loads(read_regular_bytes(Path(root) / PROGRESS_FILE).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    found = data.get(key) if isinstance(data, dict) else None
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(found, dict) \
        else {}


def accepted_photos(root: Path | str) -> dict[str, str]:
    """The photos accepted (paths relative to the dataset) -> the sha256 of the photo's bytes when it was accepted
    (the progress file's ``photo_sha256``): a photo replaced by another under its name since is told by it
    (``label check``'s ``photo-changed``). Empty where none is kept or the file cannot be read; photos accepted
    before it was kept have none."""
    return _progress_map(root, "photo_sha256")


def accepted_pixels(root: Path | str) -> dict[str, str]:
    """The photos accepted -> the digest of their pixels when accepted (the progress file's ``photo_pixels``,
    ``replaced.pixels_digest``): bytes changed since, the same pixels are the same photo saved again. Photos
    accepted before it was kept have none."""
    return _progress_map(root, "photo_pixels")


KEPT_FILE = "kept_photos.json"


def load_kept(root: Path | str) -> dict[str, dict[str, Any]]:
    """The photos kept from the photo page (paths relative to the dataset) -> what was kept: ``source``
    (the SHA-1 of the photo as uploaded, before it was read and maybe turned) and ``labels`` (the label
    text written then). Empty when none, or when the file is damaged (it only tells a photo kept again
    from a new one)."""
    try:
        data = json.loads(read_regular_text(Path(root) / KEPT_FILE))
    except (OSError, ValueError, RecursionError):  # a named pipe in its place among them, never opened
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, dict)}


def save_kept(root: Path | str, kept: dict[str, dict[str, Any]]) -> Path:
    """Save :func:`load_kept`'s table, leaving out photos no longer in the dataset."""
    root = Path(root)
    return atomic_write_json(root / KEPT_FILE, {k: v for k, v in sorted(kept.items()) if (root / k).is_file()})


# Where a photo training cannot read (an iPhone's HEIC, a .jfif/.jpe a browser saved, a GIF) is kept once it is filed
# as a JPEG (``tilelens.labelling.prelabel.CONVERTED_SUFFIXES``), under the JPEG's stem; ``heic/`` in datasets made
# before (session 51), read still: every reader of the originals asks ``originals_dirs``.
ORIGINALS_DIR = "originals"
OLD_ORIGINALS_DIR = "heic"


def originals_dirs(root: Path | str) -> tuple[Path, Path]:
    """The folders of a dataset ``root`` that hold the originals of photos filed as JPEGs: ``originals/`` (where
    they are kept now) and ``heic/`` (where they were, before it held the other kinds too), in that order.

    >>> [p.as_posix() for p in originals_dirs("/data/ds")]
    ['/data/ds/originals', '/data/ds/heic']
    """
    return Path(root) / ORIGINALS_DIR, Path(root) / OLD_ORIGINALS_DIR


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


@contextmanager
def dataset_lock(root: Path | str) -> Iterator[None]:
    """Hold the dataset ``root`` for one change at a time: two people keeping a photo at the same moment
    (every camera upload is called ``image.jpg``) would otherwise pick the same free name, and the progress
    file's read-change-write would lose one's mark. A lock per folder within the app's process, and a
    file lock against other processes where the system has one (``vision.locks``). Not re-entrant."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    where = str(root.resolve())
    with _LOCKS_GUARD:
        lock = _LOCKS.setdefault(where, threading.Lock())
    with lock, held(f"dataset:{where}"):  # waits for another process's change; its lock file gone after
        yield
