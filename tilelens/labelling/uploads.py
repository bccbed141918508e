"""Photos handed over through the app (uploaded from a phone or a laptop) into a dataset folder.

A new dataset is a folder named by the person under the app's datasets folder. Uploaded photos are saved
loose in it, where ``prelabel_folder`` files them into ``images/`` and proposes their boxes. A phone's
browser names every photo from its library ``image.jpg``, so each upload gets a name no photo of the
folder has (label files are named by the photo's stem, so stems must differ, not just names). A photo
uploaded twice is kept once. A file that is not a readable photo is refused, so it never becomes a
dataset entry that cannot be opened.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from tilelens.labelling.model import Box, LabelFileError, Split
from tilelens.labelling.prelabel import CONVERTED_SUFFIXES, LOOSE_SUFFIXES, Skipped, holding, unique_stem
from tilelens.labelling.store import (ORIGINALS_DIR, atomic_write_bytes, atomic_write_text, dataset_lock, load_done, load_kept,
                                     originals_dirs, save_kept, set_done_locked)
from tilelens.labelling.yolo import (DataConfig, add_to_list, dataset_photos, default_config, filing_folder,
                                     format_data_yaml, format_labels, label_path_for, read_data_yaml)

MAX_NAME = 80
# A photo's stem in UTF-8 bytes: file names hold 255 bytes, and a chat app's Japanese name can pass that
# once the label file's and the temporary file's parts are added (a 94-character name was 244 bytes).
MAX_STEM_BYTES = 100
# Characters a folder or file name cannot hold on some system (Windows is the strictest), and controls.
_FORBIDDEN = re.compile(r'[\\/:*?"<>|\x00-\x1f]')
_CONTROLS = re.compile(r"[\x00-\x1f\x7f]")


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
        raise LabelFileError("Name the new dataset first: its photos are kept in a folder of that name.",
                             message_ja="先に新しいデータセットの名前を入れてください。写真はその名前のフォルダに保存されます。")
    if _CONTROLS.search(clean):  # a line break, a tab: named, and the name shown with it escaped (not broken)
        shown_ja = "".join(repr(c)[1:-1] if _CONTROLS.match(c) else c for c in clean)  # "\\n" in 「」
        raise LabelFileError(f"{clean!r}: a dataset name cannot hold a line break, a tab or another control character",
                             message_ja=f"「{shown_ja}」という名前は使えません。データセットの名前には改行やタブなどの"
                             "制御文字を入れられません。")
    if _FORBIDDEN.search(clean) or clean.startswith("."):
        raise LabelFileError(f"{clean!r}: a dataset name cannot hold / \\ : * ? \" < > | or start with a dot",
                             message_ja=f"「{clean}」という名前は使えません。データセットの名前には / \\ : * ? \" < > | を"
                             "入れられず、. で始めることもできません。")
    if len(clean) > MAX_NAME:
        raise LabelFileError(f"a dataset name of at most {MAX_NAME} characters, please",
                             message_ja=f"データセットの名前が{len(clean)}文字あります。{MAX_NAME}文字までにしてください。")
    return Path(home) / clean


def photo_count(root: Path | str) -> int:
    """How many photos a dataset folder holds (filed under ``images/`` or still loose)."""
    return len(_own_photos(Path(root)))


def done_count(root: Path | str) -> int:
    """How many of the dataset's photos (those :func:`photo_count` counts) a person has accepted: a photo
    accepted and deleted since is in the progress file still, and is not counted."""
    root = Path(root)
    photos = {p.relative_to(root).as_posix() for p in _own_photos(root)}
    return len(load_done(root) & photos)


def _own_photos(root: Path) -> list[Path]:
    """The dataset's photos (``_photos_of``) but the originals of those filed as JPEGs (``store.originals_dirs``:
    ``originals/``, or ``heic/`` in a dataset made before): each is its JPEG, counted once."""
    kept = set(originals_dirs(root))
    return [p for p in _photos_of(root) if p.parent not in kept]


def datasets_in(home: Path | str) -> list[Path]:
    """The dataset folders under ``home``, the most recently changed first."""
    home = Path(home)
    if not home.is_dir():
        return []
    folders = [p for p in home.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return sorted(folders, key=lambda p: p.stat().st_mtime, reverse=True)


@dataclass(frozen=True)
class AddedPhotos:
    """What :func:`add_photos` did: the names the new photos were saved under (loose in the folder; a HEIC, a
    GIF, a .jfif: its original's, kept in ``originals/``, its upright JPEG loose under the same stem), the
    uploads that were already there (same bytes), and the ones refused with the reason."""

    saved: tuple[str, ...] = ()
    duplicates: tuple[str, ...] = ()
    refused: tuple[Skipped, ...] = ()


def _config_of(root: Path) -> DataConfig | None:
    """``root``'s ``data.yaml``, or None where there is none or it cannot be read (the checks say why)."""
    try:
        return read_data_yaml(root) if (root / "data.yaml").is_file() else None
    except (LabelFileError, OSError):
        return None


def _photos_of(root: Path, config: DataConfig | None = None) -> list[Path]:
    """Every photo file of a dataset folder: loose, filed under ``images/`` or in the folder a split of its
    ``data.yaml`` files photos into (``filing_folder``: a Roboflow export's ``train/images``), named by its
    splits wherever in the folder they lie (``dataset_photos``: a ``.txt`` list's), or the original of a photo filed
    as a JPEG (a HEIC, a GIF, ...: ``store.originals_dirs``, ``originals/`` or, made before, ``heic/``). ``config``:
    the ``data.yaml`` read already (else it is read here)."""
    found = {p for p in root.iterdir() if p.is_file()} if root.is_dir() else set()
    config = config if config is not None else _config_of(root)
    found.update(dataset_photos(root, config)[0])
    folders = {root / "images", *originals_dirs(root)} | {filing_folder(root, config, split)
                                                          for split in (config.sources if config else ())}
    for folder in folders:
        if folder.is_dir():
            found.update(p for p in folder.rglob("*") if p.is_file())
    return sorted(p for p in found if p.suffix.lower() in LOOSE_SUFFIXES)


def _unique_name(name: str, taken_stems: set[str]) -> str:
    """``name`` (its last path part, forbidden characters replaced), with ``-2``, ``-3``, ... added to the
    stem until no photo of the folder has that stem (compared without case).

    >>> _unique_name("image.jpg", {"image", "image-2"})
    'image-3.jpg'
    >>> _unique_name("C:\\\\DCIM\\\\IMG 1.HEIC", set())
    'IMG 1.HEIC'
    """
    base = Path(_FORBIDDEN.sub("_", name.replace("\\", "/").rsplit("/", 1)[-1])).name.lstrip(".") or "photo"
    return unique_stem(_shortened(Path(base).stem) or "photo", taken_stems) + Path(base).suffix


def _shortened(stem: str) -> str:
    """``stem`` cut to at most ``MAX_STEM_BYTES`` bytes of UTF-8, at a character's end.

    >>> len(_shortened("牌" * 94).encode("utf-8")), _shortened("IMG_1")
    (99, 'IMG_1')
    """
    return stem.encode("utf-8")[:MAX_STEM_BYTES].decode("utf-8", errors="ignore").rstrip()


def add_photos(root: Path | str, uploads: Sequence[tuple[str, bytes]],
               on_photo: Callable[[int, int], None] | None = None) -> AddedPhotos:
    """Save each upload ``(file name, bytes)`` loose in ``root`` (made if missing) under a name whose stem
    no photo of the folder has; skip one whose bytes a photo of the folder already has; refuse one that
    is not a photo (by its name's suffix, then by decoding it). One training does not read (a HEIC: ``prelabel``'s
    ``CONVERTED_SUFFIXES``) is saved as the JPEG of that decode, its original in ``originals/``, as ``prelabel``
    files it: decoded once, not again when filed. ``on_photo(n, total)`` is called as the n-th
    upload is taken up (for a progress bar)."""
    from vision import ImageError, load_image

    root = Path(root)
    with dataset_lock(root):
        return _add_photos(root, uploads, on_photo, load_image, ImageError)


def _add_photos(root: Path, uploads: Sequence[tuple[str, bytes]], on_photo: Callable[[int, int], None] | None,
                load_image: Callable, ImageError: type) -> AddedPhotos:
    existing = _photos_of(root)
    taken = {p.stem.lower() for p in existing}
    kept = {record.get("source") for rel, record in load_kept(root).items() if (root / rel).is_file()}
    saved, duplicates, refused = [], [], []
    for done, (name, data) in enumerate(uploads, 1):
        if on_photo:
            on_photo(done, len(uploads))
        if Path(name).suffix.lower() not in LOOSE_SUFFIXES:
            kinds = ", ".join(sorted(LOOSE_SUFFIXES))
            refused.append(Skipped(name, f"{name}: not a photo ({kinds})", f"{name}: 写真ではありません ({kinds})"))
            continue
        # the same bytes, or a photo kept from the photo page (saved there as it was read, so other bytes)
        if holding(existing, data) is not None or _sha1(data) in kept:
            duplicates.append(name)
            continue
        try:
            image = load_image(bytes(data), name=name)
        except ImageError as exc:
            refused.append(Skipped(name, str(exc), exc.message_ja))
            continue
        target = _unique_name(name, taken)
        jpeg = _as_jpeg(image) if Path(target).suffix.lower() in CONVERTED_SUFFIXES else None
        if jpeg is not None:  # filed as ``prelabel`` files it (``_file_as_jpeg``), from the decode just made: a HEIC
            # was decoded twice at full size (10 iPhone photos added: 18 s, JPEGs 3.2 s). The JPEG first: were the
            # original not written after it, the photo is there still
            atomic_write_bytes(root / f"{Path(target).stem}.jpg", jpeg)
            atomic_write_bytes(root / ORIGINALS_DIR / target, bytes(data))  # named as the JPEG it became
            existing.append(root / ORIGINALS_DIR / target)
        else:
            atomic_write_bytes(root / target, bytes(data))
            existing.append(root / target)
        taken.add(Path(target).stem.lower())
        saved.append(target)
    return AddedPhotos(tuple(saved), tuple(duplicates), tuple(refused))


def _as_jpeg(image) -> bytes | None:
    """The decoded photo ``image`` (BGR, upright) as the JPEG ``prelabel`` files a HEIC, a GIF, a .jfif as
    (``_file_as_jpeg``: quality 95); None where it is no such array or cannot be written (the upload is then
    saved as it came, and filed as JPEG by ``prelabel``)."""
    import cv2
    import numpy as np

    if not isinstance(image, np.ndarray):
        return None
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return data.tobytes() if ok else None


class KeptPhoto(NamedTuple):
    """Where :func:`add_read_photo` put the photo in the dataset, whether it was there already (its
    photo and labels then replaced), and the kinds of the boxes it left out, one for each box (kinds the dataset
    does not have: the photo is then not marked accepted)."""

    path: str
    updated: bool
    left_out: tuple[str, ...] = ()


def _sha1(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def _same_labels(a: str, b: str) -> bool:
    """Two label texts hold the same boxes (numbers compared to 4 places: a save may write them anew)."""
    def boxes(text: str) -> list[tuple]:
        rows = []
        for line in text.splitlines():
            try:
                rows.append(tuple(round(float(v), 4) for v in line.split()))
            except ValueError:
                rows.append((line.strip(),))
        return sorted(r for r in rows if r)
    return boxes(a) == boxes(b)


def add_read_photo(root: Path | str, name: str, jpeg: bytes, size_wh: tuple[int, int], boxes: Sequence[Box],
                   names: tuple[str, ...], game: str | None = None, accept: bool = True,
                   original: bytes | None = None) -> KeptPhoto:
    """A photo read and corrected on the photo page, kept as a labelled photo of the dataset ``root``
    (made, with its ``data.yaml``, if it is not there): the JPEG in the train split's folder (``images/train``,
    or where the dataset keeps it: ``yolo.filing_folder``) with a stem no
    photo of the folder has, its label file, and marked accepted (``accept``: the person checked the
    names). ``names``: the tiles of the game's table in use, a new dataset's class names. A dataset of the game
    ``game`` labelled under another table of it (before a club's house table dropped a member or took one in) keeps
    its own names: a box is written with the dataset's class number of its kind, and the boxes of kinds the dataset
    does not have are left out (``KeptPhoto.left_out``), as those of kinds no table of a new dataset has (a tile the
    photo page read as a kind the table in use dropped, boxed as that kind where the dataset still has it). A photo
    with a box left out is not marked accepted (accepted, it would teach the detector those tiles are background;
    kept again so, its mark goes). ``original``: the photo as uploaded (``jpeg`` is it as read, maybe turned), which
    tells the same photo kept again, after more corrections or turned another way: its photo and labels are
    replaced, not added twice. ``LabelFileError`` when the dataset's class names are not ``names`` and it is not a
    dataset of ``game``, when the photo was added to the dataset on the Label page (label it there), or when its
    labels were changed on the Label page since it was kept (replacing them would lose that work)."""
    root = Path(root)
    with dataset_lock(root):
        config = read_data_yaml(root) if (root / "data.yaml").is_file() else None
        if config is not None:
            if config.names != tuple(names) and (game is None or config.game != game):
                raise LabelFileError(f"{root.name}: its class names are not the tiles of {game or 'this game'}",
                                     f"{root.name}: クラス名が {game or 'このゲーム'} の牌ではありません")
        else:  # first: a dataset whose photo could not be written is still a dataset of the game
            atomic_write_text(root / "data.yaml", format_data_yaml(root, default_config(root, tuple(names), game)))
        classes = config.names if config is not None else tuple(names)
        left_out = tuple(b.kind for b in boxes if b.kind not in classes)
        boxes = [b for b in boxes if b.kind in classes]
        accept = accept and not left_out
        existing = _photos_of(root, config)
        folder = filing_folder(root, config, Split.TRAIN)  # where training reads the train split
        kept = load_kept(root)
        source = _sha1(original if original is not None else jpeg)
        rel = next((r for r, record in kept.items() if record.get("source") == source and (root / r).is_file()),
                   None)
        if rel is None and original is not None and (added := holding(existing, original)) is not None:
            where = added.relative_to(root).as_posix()
            raise LabelFileError(f"this photo is already in {root.name} (added on the Label page as {where}): "
                                 "label it there",
                                 f"この写真は {root.name} にもうあります (ラベル付けページで {where} として"
                                 "追加済み)。そちらでラベルを付けてください")
        if rel is None:
            same = holding([p for p in existing if p.parent.parent == root / "images" or p.parent == folder], jpeg)
            rel = same.relative_to(root).as_posix() if same is not None else None
        updated = rel is not None
        text = format_labels(list(boxes), classes)
        label_path = None
        if updated:
            label_path = label_path_for(root / rel)
            written = kept.get(rel, {}).get("labels")
            now = label_path.read_text(encoding="utf-8", errors="replace") if label_path.is_file() else ""
            if isinstance(written, str) and not _same_labels(written, now):
                raise LabelFileError(f"{rel} in {root.name}: its labels were changed on the Label page after "
                                     "it was kept; correct the names there (keeping it again would undo that)",
                                     f"{root.name} の {rel}: 加えたあとラベル付けページでラベルが直されています。"
                                     "名前はそちらで直してください (ここで加え直すとその作業が消えます)")
            if (root / rel).read_bytes() != jpeg:  # turned another way since
                atomic_write_bytes(root / rel, jpeg)
        else:
            stem = Path(_unique_name(Path(name).stem + ".jpg", {p.stem.lower() for p in existing})).stem
            rel = (folder / f"{stem}.jpg").relative_to(root).as_posix()
            atomic_write_bytes(root / rel, jpeg)
            label_path = label_path_for(root / rel)
            if config is not None:  # a dataset training on a .txt list: the photo is named in it
                add_to_list(root, config, Split.TRAIN, [root / rel])
        atomic_write_text(label_path, text)
        kept[rel] = {"source": source, "labels": text}
        save_kept(root, kept)
        if accept:
            set_done_locked(root, rel)  # the lock is held: set_done would wait on itself
        elif left_out and updated:  # kept again with a tile unboxed: a mark of accepted from before goes
            set_done_locked(root, rel, False)
    return KeptPhoto(rel, updated, left_out)


__all__ = ["AddedPhotos", "KeptPhoto", "add_photos", "add_read_photo", "dataset_folder", "datasets_in", "done_count",
           "photo_count"]
