"""Photos handed over through the app (uploaded from a phone or a laptop) into a dataset folder.

A new dataset is a folder named by the person under the app's datasets folder. Uploaded photos are saved
loose in it, where ``prelabel_folder`` files them into ``images/`` and proposes their boxes. A phone's
browser names every photo from its library ``image.jpg``, so each upload gets a name no photo of the
folder has (label files are named by the photo's stem, so stems must differ, not just names). A photo
uploaded twice is kept once. A file that is not a readable photo is refused, so it never becomes a
dataset entry that cannot be opened.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from tilelens.labelling.model import Box, LabelFileError, LabelledImage
from tilelens.labelling.prelabel import LOOSE_SUFFIXES, Skipped, holding, unique_stem
from tilelens.labelling.store import atomic_write_bytes, atomic_write_text, set_done
from tilelens.labelling.yolo import default_config, format_data_yaml, read_data_yaml, write_labels

MAX_NAME = 80
# Characters a folder or file name cannot hold on some system (Windows is the strictest), and controls.
_FORBIDDEN = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def dataset_folder(home: Path | str, name: str) -> Path:
    """The folder of the dataset called ``name`` under ``home``; ``LabelFileError`` for a name that could
    not be a folder there.

    >>> dataset_folder("/data", " 自宅の牌 ").as_posix()
    '/data/自宅の牌'
    >>> dataset_folder("/data", "../x")
    Traceback (most recent call last):
    ...
    tilelens.labelling.model.LabelFileError: '../x': a dataset name cannot hold / \\ : * ? " < > | or start with a dot
    """
    clean = name.strip()
    if not clean:
        raise LabelFileError("name the new dataset", message_ja="新しいデータセットの名前を入れてください")
    if _FORBIDDEN.search(clean) or clean.startswith("."):
        raise LabelFileError(f"{clean!r}: a dataset name cannot hold / \\ : * ? \" < > | or start with a dot",
                             message_ja=f"「{clean}」: 名前に / \\ : * ? \" < > | は使えず、. で始めることもできません")
    if len(clean) > MAX_NAME:
        raise LabelFileError(f"a dataset name of at most {MAX_NAME} characters, please",
                             message_ja=f"名前は {MAX_NAME} 文字までにしてください")
    return Path(home) / clean


def photo_count(root: Path | str) -> int:
    """How many photos a dataset folder holds (filed under ``images/`` or still loose)."""
    return sum(1 for p in _photos_of(Path(root)) if p.parent.name != "heic")


def datasets_in(home: Path | str) -> list[Path]:
    """The dataset folders under ``home``, the most recently changed first."""
    home = Path(home)
    if not home.is_dir():
        return []
    folders = [p for p in home.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return sorted(folders, key=lambda p: p.stat().st_mtime, reverse=True)


@dataclass(frozen=True)
class AddedPhotos:
    """What :func:`add_photos` did: the names the new photos were saved under (loose in the folder), the
    uploads that were already there (same bytes), and the ones refused with the reason."""

    saved: tuple[str, ...] = ()
    duplicates: tuple[str, ...] = ()
    refused: tuple[Skipped, ...] = ()


def _photos_of(root: Path) -> list[Path]:
    """Every photo file of a dataset folder: loose, filed under ``images/``, or a HEIC original in ``heic/``."""
    found = [p for p in root.iterdir() if p.is_file()] if root.is_dir() else []
    for sub in ("images", "heic"):
        if (root / sub).is_dir():
            found += [p for p in (root / sub).rglob("*") if p.is_file()]
    return [p for p in found if p.suffix.lower() in LOOSE_SUFFIXES]


def _unique_name(name: str, taken_stems: set[str]) -> str:
    """``name`` (its last path part, forbidden characters replaced), with ``-2``, ``-3``, ... added to the
    stem until no photo of the folder has that stem (compared without case).

    >>> _unique_name("image.jpg", {"image", "image-2"})
    'image-3.jpg'
    >>> _unique_name("C:\\\\DCIM\\\\IMG 1.HEIC", set())
    'IMG 1.HEIC'
    """
    base = Path(_FORBIDDEN.sub("_", name.replace("\\", "/").rsplit("/", 1)[-1])).name.lstrip(".") or "photo"
    return unique_stem(Path(base).stem or "photo", taken_stems) + Path(base).suffix


def add_photos(root: Path | str, uploads: Sequence[tuple[str, bytes]],
               on_photo: Callable[[int, int], None] | None = None) -> AddedPhotos:
    """Save each upload ``(file name, bytes)`` loose in ``root`` (made if missing) under a name whose stem
    no photo of the folder has; skip one whose bytes a photo of the folder already has; refuse one that
    is not a photo (by its name's suffix, then by decoding it). ``on_photo(n, total)`` is called as the n-th
    upload is taken up (for a progress bar)."""
    from vision import ImageError, load_image

    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    existing = _photos_of(root)
    taken = {p.stem.lower() for p in existing}
    saved, duplicates, refused = [], [], []
    for done, (name, data) in enumerate(uploads, 1):
        if on_photo:
            on_photo(done, len(uploads))
        if Path(name).suffix.lower() not in LOOSE_SUFFIXES:
            kinds = ", ".join(sorted(LOOSE_SUFFIXES))
            refused.append(Skipped(name, f"{name}: not a photo ({kinds})", f"{name}: 写真ではありません ({kinds})"))
            continue
        if holding(existing, data) is not None:
            duplicates.append(name)
            continue
        try:
            load_image(bytes(data), name=name)
        except ImageError as exc:
            refused.append(Skipped(name, str(exc), exc.message_ja))
            continue
        target = _unique_name(name, taken)
        atomic_write_bytes(root / target, bytes(data))
        taken.add(Path(target).stem.lower())
        existing.append(root / target)
        saved.append(target)
    return AddedPhotos(tuple(saved), tuple(duplicates), tuple(refused))


class KeptPhoto(NamedTuple):
    """Where :func:`add_read_photo` put the photo in the dataset, and whether it was there already (its
    labels then replaced)."""

    path: str
    updated: bool


def add_read_photo(root: Path | str, name: str, jpeg: bytes, size_wh: tuple[int, int], boxes: Sequence[Box],
                   names: tuple[str, ...], game: str | None = None, accept: bool = True) -> KeptPhoto:
    """A photo read and corrected on the photo page, kept as a labelled photo of the dataset ``root``
    (made, with its ``data.yaml``, if it is not there): the JPEG under ``images/train`` with a stem no
    photo of the folder has, its label file, and marked accepted (``accept``: the person checked the
    names). The same photo kept again (after more corrections) gets its labels replaced.
    ``LabelFileError`` when the dataset's class names are not ``names``."""
    root = Path(root)
    if (root / "data.yaml").is_file():
        if read_data_yaml(root).names != tuple(names):
            raise LabelFileError(f"{root}/data.yaml: its class names are not the tiles of {game or 'this game'}",
                                 f"{root}/data.yaml: クラス名が {game or 'このゲーム'} の牌ではありません")
    existing = _photos_of(root)
    same = holding([p for p in existing if p.parent.parent == root / "images"], jpeg)
    if same is not None:
        rel = same.relative_to(root).as_posix()
    else:
        stem = Path(_unique_name(Path(name).stem + ".jpg", {p.stem.lower() for p in existing})).stem
        rel = f"images/train/{stem}.jpg"
        atomic_write_bytes(root / rel, jpeg)
    write_labels(root, LabelledImage(rel, tuple(size_wh), tuple(b.clipped() for b in boxes)), tuple(names))
    if not (root / "data.yaml").is_file():
        atomic_write_text(root / "data.yaml", format_data_yaml(root, default_config(root, tuple(names), game)))
    if accept:
        set_done(root, rel)
    return KeptPhoto(rel, same is not None)


__all__ = ["AddedPhotos", "KeptPhoto", "add_photos", "add_read_photo", "dataset_folder", "datasets_in",
           "photo_count"]
