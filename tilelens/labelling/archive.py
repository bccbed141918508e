"""Zip archives in labelling: a download imported as it arrives (``tilelens label import roboflow.zip --from coco
DIR``), and archives left in a folder of photos (``label init`` says so: it pre-labels photos, not what is zipped).

A zip is unzipped into a folder of its own beside the dataset (not the system's temporary folder, which may be
small or in memory), imported from, and removed, whatever happens. It is refused whole, before anything is written,
where a member would land outside that folder (an absolute path, ``..``, a link), where it is encrypted, and where it
would unzip to more than ``MAX_BYTES`` or ``MAX_FILES`` (a zip bomb, or the wrong file). The sizes its headers declare
bound what is written: Python's ``zipfile`` stops a member at its declared size (and refuses it, its checksum then
wrong), and the bytes written are counted as well.

An import killed (``kill -9``, a terminal closed, a power cut) cannot remove its folder: the next import beside the
same dataset does once nothing in it has changed for an hour (:func:`remove_unfinished_unzips`), and says so.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

from scorer.result import PATH_ECHO_MAX, quoted_ja
from tilelens.labelling.model import LabelFileError

MAX_BYTES = 4 * 1024 ** 3  # what a zip may unzip to: a Roboflow download of a few thousand phone photos is under it
MAX_FILES = 50_000  # members a zip may hold
ARCHIVE_SUFFIXES = (".zip", ".7z", ".rar", ".lzh", ".tar", ".gz", ".tgz", ".bz2", ".xz")  # as the event check's
UNZIP_PREFIX = ".tilelens-unzip-"
UNLOCKED_STALE_S = 3600  # an unzip unchanged so long is one left: an import reads what it unzipped for minutes
_JUNK = ("__MACOSX/",)  # macOS's resource forks (``__MACOSX/train/._a.jpg``): no photo, no annotation file


def is_zip(path: Path | str) -> bool:
    """Whether ``path`` is a file that is, or is named as, a zip archive (its first bytes ``PK``, or ``.zip``)."""
    path = Path(path)
    if not path.is_file():
        return False
    if path.suffix.lower() == ".zip":
        return True
    try:
        with open(path, "rb") as f:
            return f.read(4) in (b"PK\x03\x04", b"PK\x05\x06")
    except OSError:
        return False


def _member_name(info: zipfile.ZipInfo) -> str:
    """A member's name as its maker wrote it, ``/``-separated (a folder's ends in ``/``): one made on Japanese Windows,
    without the UTF-8 flag, is Shift JIS that ``zipfile`` read as cp437 (``写真.jpg`` as mojibake: no annotation file
    would find it). Decoded first, then Windows' ``\\`` read as ``/``: the second byte of a Shift JIS letter may be
    0x5C (``表.jpg`` is 95 5C ...), a backslash only in cp437. From the name as stored (``orig_filename``: on Windows
    ``zipfile`` has turned its backslashes into ``/`` already), cut at a NUL as ``zipfile`` cuts it."""
    name = getattr(info, "orig_filename", info.filename).split("\0", 1)[0]
    if not (info.flag_bits & 0x800 or name.isascii()):
        raw = name.encode("cp437", errors="replace")
        for codec in ("utf-8", "cp932"):
            with contextlib.suppress(UnicodeDecodeError):
                name = raw.decode(codec)
                break
    return name.replace("\\", "/")


def _unsafe(name: str) -> bool:
    """Whether the member ``name`` would land outside the folder it is unzipped into."""
    path = PurePosixPath(name)
    return (path.is_absolute() or ".." in path.parts or (len(name) > 1 and name[1] == ":")
            or any(part.endswith(":") for part in path.parts))


def _said_size(n: int) -> str:
    if n >= 1024 ** 3:
        return f"{n / 1024 ** 3:.1f} GB"
    return f"{n / 1024 ** 2:.1f} MB" if n >= 1024 ** 2 else f"{n} bytes"


def _members(z: zipfile.ZipFile, shown: str) -> list[tuple[zipfile.ZipInfo, str]]:
    """The files of ``z`` to unzip, each with its name; ``LabelFileError`` for a zip refused whole (see the module)."""
    infos = [i for i in z.infolist() if not any(_member_name(i).startswith(j) for j in _JUNK)]
    escaping = [_member_name(i) for i in infos if _unsafe(_member_name(i))]
    links = [_member_name(i) for i in infos if stat.S_ISLNK(i.external_attr >> 16)]
    if escaping or links:
        named = ", ".join((escaping or links)[:3])
        what = "paths leading outside the folder it is unzipped into" if escaping else "links"
        what_ja = "展開するフォルダの外を指すパス" if escaping else "リンク"
        raise LabelFileError(f"{shown}: refused: it holds {what} ({named}); unzip it yourself, look at what it holds, "
                             f"then import the folder",
                             f"{shown}: 読み込みません: {what_ja}があります ({named})。自分で展開して中身を確かめてから、"
                             f"そのフォルダを読み込んでください")
    named = [(i, _member_name(i)) for i in infos]
    files = [(i, name) for i, name in named if not name.endswith("/")]  # a folder by its name: ``train\\`` is one
    folders = {str(parent) for _, name in named for parent in PurePosixPath(name).parents} | {
        str(PurePosixPath(name)) for _, name in named if name.endswith("/")}
    if clash := sorted({str(PurePosixPath(name)) for _, name in files} & folders):
        raise LabelFileError(f"{shown}: refused: it holds both a file and a folder named '{clash[0]}'; unzip it "
                             f"yourself, look at what it holds, then import the folder",
                             f"{shown}: 読み込みません: {quoted_ja(clash[0], PATH_ECHO_MAX)}という名前のファイルとフォルダが両方あります。"
                             f"自分で展開して中身を確かめてから、そのフォルダを読み込んでください")
    if any(i.flag_bits & 0x1 for i, _ in files):
        raise LabelFileError(f"{shown}: a zip protected by a password: unzip it yourself, then import the folder",
                             f"{shown}: パスワード付きの zip です。自分で展開してから、そのフォルダを読み込んでください")
    if len(files) > MAX_FILES:
        raise LabelFileError(f"{shown}: refused: it holds {len(files)} files, more than the {MAX_FILES} an import "
                             f"unzips; unzip it yourself, then import the folder",
                             f"{shown}: 読み込みません: ファイルが {len(files)}個あり、読み込みで展開できる {MAX_FILES}個を"
                             f"超えています。自分で展開してから、そのフォルダを読み込んでください")
    total = sum(i.file_size for i, _ in files)
    if total > MAX_BYTES:
        raise LabelFileError(f"{shown}: refused: it unzips to {_said_size(total)}, more than the "
                             f"{_said_size(MAX_BYTES)} an import unzips; unzip it yourself, then import the folder",
                             f"{shown}: 読み込みません: 展開すると {_said_size(total)} になり、読み込みで展開できる "
                             f"{_said_size(MAX_BYTES)}を超えています。自分で展開してから、そのフォルダを読み込んでください")
    return files


def _unzip(path: Path, into: Path, shown: str) -> None:
    """Unzip ``path`` into the empty folder ``into`` (see the module); ``LabelFileError`` naming ``shown`` else."""
    try:
        with zipfile.ZipFile(path) as z:
            written = 0
            for info, name in _members(z, shown):
                target = into / name
                target.parent.mkdir(parents=True, exist_ok=True)
                with z.open(info) as src, open(target, "wb") as dst:
                    while chunk := src.read(1 << 20):
                        written += len(chunk)
                        if written > MAX_BYTES:  # never, the sizes checked: counted all the same
                            raise zipfile.BadZipFile("more than its headers declare")
                        dst.write(chunk)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError, RuntimeError) as exc:
        raise LabelFileError(f"{shown}: not a readable zip archive (damaged or cut short? {exc}): download it again",
                             f"{shown}: zip として読めません (壊れているか、途中で切れていませんか?)。"
                             f"ダウンロードし直してください") from None
    except OSError as exc:  # a full disk, a folder that cannot be written
        raise LabelFileError(f"{shown}: cannot unzip it beside the dataset ({exc.strerror or exc}): unzip it "
                             f"yourself, then import the folder",
                             f"{shown}: データセットの隣に展開できません ({exc.strerror or exc})。自分で展開してから、"
                             f"そのフォルダを読み込んでください") from None


def _beside(dataset: Path) -> Path:
    """The folder a zip for the dataset ``dataset`` is unzipped in: the nearest folder above it that is there."""
    here = dataset.absolute().parent
    while not here.is_dir() and here != here.parent:
        here = here.parent
    return here


def _unchanged_for(folder: Path, seconds: float) -> bool:
    """Whether nothing in ``folder`` (itself, what it holds; links not followed) has changed for ``seconds``."""
    since = time.time() - seconds
    try:
        return all(os.lstat(p).st_mtime < since for p in (folder, *(
            os.path.join(top, name) for top, dirs, files in os.walk(folder) for name in dirs + files)))
    except OSError:  # a file gone meanwhile: one in use, perhaps
        return False


def remove_unfinished_unzips(dataset: Path | str) -> list[Path]:
    """Remove the unzip folders imports that stopped left beside the dataset ``dataset``: the folders (not a link,
    nor a file) named with ``UNZIP_PREFIX`` in which nothing has changed for ``UNLOCKED_STALE_S``; those removed."""
    try:
        found = sorted(p for p in _beside(Path(dataset)).iterdir() if p.name.startswith(UNZIP_PREFIX))
    except OSError:
        return []
    stale = [p for p in found if p.is_dir() and not p.is_symlink() and _unchanged_for(p, UNLOCKED_STALE_S)]
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)  # a Windows junction it refuses: still there, so not said
    return [p for p in stale if not p.exists()]


@contextlib.contextmanager
def unzipped(path: Path | str, dataset: Path | str,
             on_note: Callable[[str, str], None] | None = None) -> Iterator[Path]:
    """The zip ``path`` unzipped into a folder of its own beside the dataset ``dataset`` (the system's temporary
    folder where that cannot be written), removed when the ``with`` ends, however it ends. A download wrapped in
    one folder (``project.v1i.coco/train/...``) is given as that folder. The unzips imports that stopped left beside
    the dataset are removed first (:func:`remove_unfinished_unzips`), each said to ``on_note(english, japanese)``
    where it is given (the command line says it on stderr); nothing is printed here."""
    path = Path(path)
    for left in remove_unfinished_unzips(dataset):
        if on_note is not None:
            on_note(f"removed an unfinished unzip left by an import that stopped: {left}",
                    f"中断された読み込みが残した、展開途中のフォルダを削除しました: {left}")
    try:
        folder = Path(tempfile.mkdtemp(prefix=UNZIP_PREFIX, dir=_beside(Path(dataset))))
    except OSError:
        folder = Path(tempfile.mkdtemp(prefix=UNZIP_PREFIX))
    try:
        _unzip(path, folder, str(path))
        top = folder
        while len(inside := [p for p in top.iterdir()]) == 1 and inside[0].is_dir():
            top = inside[0]
        yield top
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def import_files(folder: Path, fmt: str, shown: str) -> list[Path]:
    """The files of an unzipped download ``folder`` to import as ``fmt``: a COCO download's split files
    (``coco.split_files``), else its one JSON file (Label Studio's, or a COCO export's ``result.json``).
    ``LabelFileError`` naming the zip ``shown`` where there is none, or several to choose from, and where it holds a
    YOLO dataset (its ``data.yaml``: that is a dataset folder already, nothing to import)."""
    from tilelens.labelling.coco import split_files

    files = split_files(folder) if fmt == "coco" else []
    if files:
        return files
    found = sorted(p for p in folder.rglob("*.json") if not p.name.startswith("."))
    if len(found) == 1:
        return found
    listed = ", ".join(p.relative_to(folder).as_posix() for p in found[:5])
    if found:
        raise LabelFileError(f"{shown} holds {len(found)} JSON files ({listed}): unzip it, then import the one to "
                             f"import", f"{shown} には JSON ファイルが {len(found)}個あります ({listed}): 展開してから、"
                                       f"読み込むファイルを指定してください")
    if any(folder.rglob("data.yaml")):
        raise LabelFileError(f"{shown} holds a YOLO dataset (a data.yaml), nothing to import: unzip it and use its "
                             f"folder as the dataset (`tilelens label check FOLDER`)",
                             f"{shown} は YOLO のデータセット (data.yaml) で、読み込むものではありません: 展開して、その"
                             f"フォルダをそのままデータセットとして使ってください (`tilelens label check フォルダ`)")
    raise LabelFileError(f"{shown} holds no {fmt} file (.json) to import",
                         f"{shown} には読み込む {fmt} のファイル (.json) がありません")


def archives_in(folder: Path | str) -> list[Path]:
    """The compressed files (``ARCHIVE_SUFFIXES``) at the top of ``folder``, by name: photos perhaps, left zipped."""
    try:
        return sorted(p for p in Path(folder).iterdir()
                      if p.is_file() and p.name.lower().endswith(ARCHIVE_SUFFIXES) and not p.name.startswith("."))
    except OSError:
        return []


def shown_in(text: str, folder: Path, shown: str) -> str:
    """``text`` with the path of the folder ``folder`` was unzipped into (:func:`unzipped`) said as the zip's
    (``roboflow.zip/train/...``): what a person has, not a folder that is gone once the import ends."""
    root = next((p for p in (folder, *folder.parents) if p.name.startswith(UNZIP_PREFIX)), folder)
    return text.replace(os.fspath(root.resolve()), shown).replace(os.fspath(root), shown)
