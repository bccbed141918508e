"""Pre-labelling a dataset again (the Label page's "Pre-label again with another game or set"), all or nothing: the
photos not accepted yet get the chosen model's proposals in place of their boxes, and where anything goes wrong on the
way (a full disk, no model, a progress file damaged, Ctrl-C) every label file and the ``data.yaml`` are as they were.
And a label file numbered by one tile list renumbered for another (a photo removed before the dataset took another
list, brought back by Undo)."""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tilelens.labelling import editing, prelabel
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.store import read_progress
from tilelens.labelling.yolo import DataConfig, format_data_yaml, label_path_for, read_data_yaml, relpath

ASIDE_PREFIX = ".prelabel-again-"  # the folder in the dataset the label files wait in while it is pre-labelled again


def renumbered(text: str, old: Sequence[str], new: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """A label file's ``text`` numbered by the tile list ``old``, each box's class number made that of its kind in
    the list ``new``; and the kinds of its boxes ``new`` does not have (the text is then returned as it is). A line
    that names no kind of ``old`` (a word, a number past it) is kept as it is.

    >>> renumbered("1 0.5 0.5 0.1 0.1\\n", ("1m", "2m"), ("2m", "1m"))
    ('0 0.5 0.5 0.1 0.1\\n', ())
    >>> renumbered("1 0.5 0.5 0.1 0.1\\n", ("1m", "2m"), ("yokai-01",))
    ('1 0.5 0.5 0.1 0.1\\n', ('2m',))
    """
    where = {kind: i for i, kind in reversed(list(enumerate(new)))}
    lines, missing = [], []
    for line in text.splitlines(keepends=True):
        head = line.lstrip()
        word = head.split(maxsplit=1)[0] if head.strip() else ""
        try:
            number = int(word)
        except ValueError:
            lines.append(line)
            continue
        if not 0 <= number < len(old):
            lines.append(line)
            continue
        kind = old[number]
        if kind not in where:
            missing.append(kind)
            continue
        lines.append(line[:len(line) - len(head)] + str(where[kind]) + head[len(word):])
    if missing:
        return text, tuple(dict.fromkeys(missing))
    return "".join(lines), ()


def prelabel_again(root: Path | str, game: str | None, tileset: str | None = None, reader: prelabel.Reader | None = None,
                   table: str | Path | None = None, new_list: DataConfig | None = None) -> prelabel.PrelabelSummary:
    """Pre-label the photos of the dataset ``root`` not accepted yet again (``prelabel.prelabel_folder`` with
    ``overwrite``; ``game``, ``tileset``, ``reader`` and ``table`` as its). ``new_list``: the dataset's ``data.yaml``
    with another tile list (another game's), written first; every photo's boxes were numbered by the old list, so
    none is kept (a photo that cannot be read is left with none), and it is refused (``LabelFileError``, nothing
    written) while a photo is accepted. The label files of the photos not accepted are moved aside into a folder of
    the dataset first (a move needs no room on the disk), and on any error put back, with the ``data.yaml``, and the
    error raised; a photo with no label file before has none after. Returns the pre-labelling's summary."""
    root = Path(root)
    config = read_data_yaml(root)
    photos = editing.photo_paths(root, config)
    accepted = read_progress(root) & set(photos)
    if new_list is not None and accepted:
        n = len(accepted)
        raise LabelFileError(f"not pre-labelled again with another tile list: {n} photo{'' if n == 1 else 's'} "
                             f"{'is' if n == 1 else 'are'} accepted, {'its' if n == 1 else 'their'} boxes named with "
                             f"this one (mark {'it' if n == 1 else 'them'} as to do first)",
                             f"別の牌の一覧では下書きし直しません: OK にした写真 {n}枚の枠はいまの一覧の名前です "
                             f"(先にその写真を未完了に戻してください)")
    labels = [label_path_for(root / photo) for photo in photos if photo not in accepted]
    aside = Path(tempfile.mkdtemp(prefix=ASIDE_PREFIX, dir=root))
    moved: list[tuple[Path, Path]] = []  # (label file, where it waits)
    bare: list[Path] = []  # the label files there were not: none after a failure either
    data, kept = root / "data.yaml", None
    try:
        _keep(data, aside / "data.yaml")
        kept = aside / "data.yaml"
        for label in labels:
            if not label.is_file():
                bare.append(label)
                continue
            waiting = aside / "labels" / relpath(root, label)
            waiting.parent.mkdir(parents=True, exist_ok=True)
            os.replace(label, waiting)
            moved.append((label, waiting))
        if new_list is not None:
            from tilelens.labelling.store import atomic_write_text

            atomic_write_text(data, format_data_yaml(root, new_list))
        summary = prelabel.prelabel_folder(root, game, tileset, reader=reader, overwrite=True, progress=False,
                                           table=table)
    except BaseException:
        if _put_back(data, kept, moved, bare):
            shutil.rmtree(aside, ignore_errors=True)
        raise
    if new_list is None:  # the same list: a photo not read (not written again) keeps its boxes
        for label, waiting in moved:
            if not label.exists():
                try:
                    os.replace(waiting, label)
                except OSError:
                    pass  # its folder gone since: nothing to put it in
    shutil.rmtree(aside, ignore_errors=True)
    return summary


def _keep(data: Path, copy: Path) -> None:
    """Keep the ``data.yaml`` as it is at ``copy``: a second name for the file where the file system allows (no room
    taken: its writes replace it with a new file), else a copy."""
    try:
        os.link(data, copy)
    except OSError:
        shutil.copy2(data, copy)


def _put_back(data: Path, kept: Path | None, moved: list[tuple[Path, Path]], bare: list[Path]) -> bool:
    """Put the label files moved aside back, take away those written where there were none, and put the ``data.yaml``
    ``kept`` back (None: not kept yet, nothing changed it); False where something could not be (the folder they
    waited in is then left, holding it)."""
    whole = True
    for label, waiting in moved:
        try:
            os.replace(waiting, label)
        except OSError:
            whole = False
    for label in bare:
        try:
            label.unlink(missing_ok=True)
        except OSError:
            whole = False
    try:
        if kept is not None:
            os.replace(kept, data)
    except OSError:
        whole = False
    return whole


__all__ = ["ASIDE_PREFIX", "prelabel_again", "renumbered"]
