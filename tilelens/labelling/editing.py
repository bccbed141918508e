"""What the Label page does to a photo's boxes, as pure functions, plus loading and saving one photo.

Each edit returns a new tuple of boxes; the page saves it at once (atomically), so the label file on
disk is always the latest state and a closed tab loses nothing.

>>> boxes = add_box((), Box("1m", (0.1, 0.1, 0.2, 0.3)))
>>> boxes = nudge(set_kind(boxes, 0, "2m"), 0, dx=0.05)
>>> boxes[0].kind, [round(v, 2) for v in boxes[0].xyxyn]
('2m', [0.15, 0.1, 0.25, 0.3])
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from tilelens.labelling.model import Box, Issue, LabelledImage, Split
from tilelens.labelling.store import atomic_write_text, dataset_lock, read_regular_text
from tilelens.labelling.yolo import (DataConfig, format_labels, label_path_for, parse_labels, parse_numbered_labels,
                                     relpath, split_images, write_labels)

# Boxes smaller than this (share of the image side) are a slip of the mouse, not a tile.
MIN_SIDE = 0.005
NUDGE_STEP = 0.005
SAME_PLACE = 5e-6  # label files keep centre and size to 6 decimals


def normalised(box: Box) -> Box | None:
    """``box`` with its corners ordered and clipped to the photo; None if it is then too small to be a
    tile (a slip of the mouse)."""
    x1, y1, x2, y2 = box.xyxyn
    box = replace(box, xyxyn=(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))).clipped()
    x1, y1, x2, y2 = box.xyxyn
    return None if x2 - x1 < MIN_SIDE or y2 - y1 < MIN_SIDE else box


def add_box(boxes: tuple[Box, ...], box: Box) -> tuple[Box, ...]:
    """``boxes`` with ``box`` (:func:`normalised`) added at the end; a box too small to be a tile is
    ignored, and so is one exactly where a box already is (the same drawing applied twice: no hand draws
    the same box to a millionth of the photo).

    >>> one = add_box((), Box("1m", (0.2, 0.3, 0.1, 0.1)))
    >>> again, moved = Box("2m", (0.1, 0.1, 0.2, 0.3)), Box("1m", (0.1, 0.1, 0.2, 0.31))
    >>> one[0].xyxyn, len(add_box(one, again)), len(add_box(one, moved))
    ((0.1, 0.1, 0.2, 0.3), 1, 2)
    """
    box = normalised(box)
    return boxes if box is None or find_box(boxes, box.xyxyn) is not None else (*boxes, box)


def find_box(boxes: tuple[Box, ...], xyxyn: tuple[float, float, float, float]) -> int | None:
    """The index of the box at ``xyxyn`` (to within what a label file keeps: 6 decimals), or None."""
    for i, b in enumerate(boxes):
        if all(abs(a - c) <= SAME_PLACE for a, c in zip(b.xyxyn, xyxyn)):
            return i
    return None


def delete_box(boxes: tuple[Box, ...], index: int) -> tuple[Box, ...]:
    """``boxes`` without the one at ``index`` (unchanged if there is none)."""
    return boxes[:index] + boxes[index + 1:] if 0 <= index < len(boxes) else boxes


def set_kind(boxes: tuple[Box, ...], index: int, kind: str) -> tuple[Box, ...]:
    """``boxes`` with the one at ``index`` showing ``kind``."""
    if not 0 <= index < len(boxes):
        return boxes
    return boxes[:index] + (boxes[index].with_kind(kind),) + boxes[index + 1:]


def nudge(boxes: tuple[Box, ...], index: int, dx: float = 0.0, dy: float = 0.0,
          grow: float = 0.0) -> tuple[Box, ...]:
    """Move the box at ``index`` by ``dx``, ``dy`` and widen each side by ``grow`` (shares of the
    photo), keeping it inside the photo and at least ``MIN_SIDE`` wide."""
    if not 0 <= index < len(boxes):
        return boxes
    x1, y1, x2, y2 = boxes[index].xyxyn
    dx = min(max(dx, -x1), 1 - x2)  # move, but not past an edge: the box keeps its size
    dy = min(max(dy, -y1), 1 - y2)
    x1, y1, x2, y2 = x1 + dx - grow, y1 + dy - grow, x2 + dx + grow, y2 + dy + grow
    if x2 - x1 < MIN_SIDE or y2 - y1 < MIN_SIDE:
        return boxes
    moved = Box(boxes[index].kind, (x1, y1, x2, y2)).clipped()
    return boxes[:index] + (moved,) + boxes[index + 1:]


def move_box(boxes: tuple[Box, ...], index: int, xyxyn: tuple[float, float, float, float]) -> tuple[Box, ...]:
    """The box at ``index`` put at ``xyxyn`` (:func:`normalised`), its kind kept; unchanged if there is
    no such box or the new one is too small to be a tile.

    >>> boxes = (Box("1m", (0.1, 0.1, 0.2, 0.3)),)
    >>> move_box(boxes, 0, (0.15, 0.1, 0.25, 1.2))[0], move_box(boxes, 1, (0, 0, 1, 1)) == boxes
    (Box(kind='1m', xyxyn=(0.15, 0.1, 0.25, 1.0)), True)
    """
    if not 0 <= index < len(boxes):
        return boxes
    moved = normalised(replace(boxes[index], xyxyn=xyxyn))
    return boxes if moved is None else boxes[:index] + (moved,) + boxes[index + 1:]


def same_boxes(a: tuple[Box, ...], b: tuple[Box, ...]) -> bool:
    """The same boxes in the same order, each of the same kind and place (to within what a label file keeps).

    >>> one = (Box("1m", (0.1, 0.1, 0.2, 0.3)),)
    >>> same_boxes(one, (Box("1m", (0.1, 0.1, 0.2000001, 0.3)),)), same_boxes(one, (one[0].with_kind("2m"),))
    (True, False)
    """
    return len(a) == len(b) and all(x.kind == y.kind and find_box((x,), y.xyxyn) == 0 for x, y in zip(a, b))


@dataclass(frozen=True)
class Change:
    """One saved change of a photo's boxes: what they were before it and what it left. Undoing it puts
    ``before`` back, but only while the photo still holds ``after`` (another tab, or the command line, may
    have changed it since: undoing then would throw that work away)."""

    photo: str
    before: tuple[Box, ...]
    after: tuple[Box, ...]


def undo(root: Path, change: Change, names: tuple[str, ...]) -> bool:
    """Put the photo's boxes back as they were before ``change``; False, and nothing written, where the
    photo no longer holds what the change left (changed since elsewhere) or is gone."""
    if not (Path(root) / change.photo).is_file():
        return False
    with dataset_lock(root):  # looked at and written as one: a pre-label write never lands between
        now, _ = load_boxes(root, change.photo, names)
        if not same_boxes(now, change.after):
            return False
        _save_boxes(root, change.photo, change.before, names)
    return True


_NUMBER = re.compile(r"(\d+)")


def natural_key(photo: str) -> tuple:
    """A photo's path as people order them: its folders, then its name without the suffix, numbers by their value
    (``image``, ``image-2``, ..., ``image-10``: a phone names every photo ``image.jpg``, saved so; as text,
    ``image-10`` came first and ``image`` last), letters regardless of case, then the suffix.

    >>> sorted(["image-10.jpg", "image.jpg", "image-2.jpg"], key=natural_key)
    ['image.jpg', 'image-2.jpg', 'image-10.jpg']
    """
    path = PurePosixPath(photo)

    def chunks(text: str) -> tuple:
        return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                     for part in _NUMBER.split(text) if part)

    return tuple(chunks(folder) for folder in path.parent.parts), chunks(path.stem), path.suffix.casefold(), photo


def photo_paths(root: Path, config: DataConfig,
                listing: tuple[dict[Split, list[Path]], list[Issue]] | None = None) -> list[str]:
    """Every photo of the dataset (paths relative to it), train first, each once, each split's in natural order
    (``natural_key``: ``image``, ``image-2``, ..., ``image-10``, as a phone uploaded them). ``listing``:
    ``split_images`` of it as ``config`` is, where the caller has it (listed once)."""
    per_split, _ = listing if listing is not None else split_images(root, config)
    seen: dict[str, None] = {}
    done: list[list[Path]] = []
    for paths in per_split.values():
        if paths in done:  # ``val: images/train`` (as ``label init`` writes): its photos are train's, sorted once
            continue
        done.append(paths)
        for photo in sorted((relpath(root, path) for path in paths if path.is_file()), key=natural_key):
            seen.setdefault(photo, None)
    return list(seen)


def load_boxes(root: Path, photo: str, names: tuple[str, ...]) -> tuple[tuple[Box, ...], list[Issue]]:
    """The boxes of one photo and the problems of its label file (no label file: no boxes)."""
    label = label_path_for(Path(root) / photo)
    if not label.is_file():
        return (), []
    boxes, issues = parse_labels(read_regular_text(label, errors="replace"), names,
                                 relpath(root, label))
    return tuple(boxes), issues


def unreadable_lines(text: str, names: tuple[str, ...]) -> list[str]:
    """The lines of a label file's ``text`` that give no box (a class number past the dataset's names, a
    word where a number goes, a field missing), as they are: what an edit of the photo's boxes keeps, rather
    than drop work it cannot show. None of a file that is not text (UTF-16: rewritten whole), nor a polygon
    line (read as its box, and written as that box).

    >>> unreadable_lines("0 0.5 0.5 0.1 0.1\\n57 0.4 0.4 0.05 0.07\\n\\n1 0.2 x 0.1 0.1\\n", ("1m", "2m"))
    ['57 0.4 0.4 0.05 0.07', '1 0.2 x 0.1 0.1']
    """
    if "\x00" in text:
        return []
    text = text.removeprefix("\ufeff")
    numbered, issues = parse_numbered_labels(text, names)
    read = {number for number, _ in numbered}
    bad = {i.line for i in issues if i.line is not None} - read
    return [line for number, line in enumerate(text.splitlines(), start=1) if number in bad and line.strip()]


def save_boxes(root: Path, photo: str, boxes: tuple[Box, ...], names: tuple[str, ...]) -> Path:
    """Save one photo's boxes atomically, keeping after them the lines of its label file that give no box
    (:func:`unreadable_lines`: a person fixes those in the file; the Label page says they are kept); returns
    the label file. Under the dataset's lock (``store.dataset_lock``), as pre-labelling's write and an accept
    (``store.set_done``): a save never lands between pre-labelling's look at the photo and its write."""
    with dataset_lock(root):
        return _save_boxes(root, photo, boxes, names)


def _save_boxes(root: Path, photo: str, boxes: tuple[Box, ...], names: tuple[str, ...]) -> Path:
    """:func:`save_boxes`, the caller holding the dataset's lock (it is not re-entrant)."""
    label = label_path_for(Path(root) / photo)
    try:
        kept = unreadable_lines(read_regular_text(label, errors="replace"), names)
    except OSError:  # no label file yet
        kept = []
    if not kept:
        return write_labels(Path(root), LabelledImage(photo, (0, 0), tuple(boxes)), names)
    return atomic_write_text(label, format_labels(boxes, names) + "".join(f"{line}\n" for line in kept))


__all__ = ["Change", "add_box", "same_boxes", "undo", "delete_box", "load_boxes", "nudge", "natural_key", "photo_paths",
           "save_boxes", "set_kind", "unreadable_lines"]
