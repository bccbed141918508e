"""The tile kinds of a dataset that are not simply its game's: kinds a person adds (a Hong Kong set's eight
flowers, a Donjara set's promo tiles, which the game's catalog lacks) and kinds their set does not have (a
riichi set with no red fives). Both are kept in the dataset's ``data.yaml``::

    own_kinds:          # added, each with the name shown for it; also at the end of names:
      f1: Plum
    absent: [0m, 0p, 0s]

``label check`` and ``label init`` accept the kinds added as the dataset's own (``checks``, ``prelabel``);
the kinds absent are never said "never seen", and the teach job passes them on to ``tilelens enroll``
(:func:`absent_kinds` of its ``data.yaml``). ``tilelens label kinds`` and the Label page change them. A tile of
the game's table in use the dataset does not name yet (a member a house table took back) is added to ``names`` alone
(:func:`add_game_kinds`: the Label page's picker).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from scorer.result import quoted_ja
from tilelens.labelling import editing
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.store import atomic_write_text, dataset_lock, file_sha256, read_progress
from tilelens.labelling.yolo import DataConfig, label_path_for, read_data_yaml

# A kind's id: what label files, tile sets and their models keep (ASCII; ``vision.enroll`` refuses others).
KIND_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,31}")


def game_kinds(config: DataConfig, table: str | Path | None = None) -> set[str]:
    """The kinds the dataset's game (or tile set) itself has, as far as they can be known; empty where none.
    ``table``: the file of the game's table in use where it is not the one ``config.game`` names (the Label page's
    house table; ``tilelens label`` plays the house table of a game named by its id: ``prelabel.class_names``)."""
    from tilelens.labelling.prelabel import class_names

    if not (config.game or config.tileset):
        return set()
    try:
        return set(class_names(None if config.tileset else config.game, config.tileset,
                               None if config.tileset else table))
    except Exception:  # noqa: BLE001  an unknown game or tile set: `label check` says so
        return set()


def kind_refused(kind: str, config: DataConfig, table: str | Path | None = None) -> LabelFileError | None:
    """Why ``kind`` cannot be added to the dataset ``config`` (English and Japanese), or None. ``table``: as
    ``game_kinds``'s (a tile of the table in use that the dataset has is one of its kinds already)."""
    if not KIND_ID.fullmatch(kind):
        return LabelFileError(
            f"tile kind {kind!r}: name it in ASCII letters, digits, - and _ (like f1, promo-01), at most 32, "
            f"starting with a letter or digit",
            f"牌の種類{quoted_ja(kind)}: 半角英数字と - と _ で付けてください (f1、promo-01 など。32文字まで、"
            f"英字か数字で始める)")
    if kind in config.own_kinds or (kind in config.names and kind in game_kinds(config, table)):
        return LabelFileError(f"tile kind {kind!r} is already one of this dataset's kinds",
                              f"牌の種類{quoted_ja(kind)}はこのデータセットにもうあります")
    return None


def _write(root: Path, change) -> DataConfig:
    """Change ``root``'s ``data.yaml`` under the dataset's lock: ``change(data, config)`` edits the loaded
    mapping in place (every other key, ``path`` included, written back as it was)."""
    root = Path(root)
    with dataset_lock(root):
        config = read_data_yaml(root)
        data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8", errors="replace"))
        change(data, config)
        atomic_write_text(root / "data.yaml", yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
        return read_data_yaml(root)


def add_kinds(root: Path | str, kinds: dict[str, str] | Iterable[str],
              table: str | Path | None = None) -> DataConfig:
    """Add ``kinds`` (ids, or ids -> the names shown) to the dataset ``root`` as its own: at the end of its
    ``names`` (the class numbers of its labels stay) and in ``own_kinds``. A kind already in ``names`` that is
    not the game's (added by hand) is only recorded as the dataset's own. Raises ``LabelFileError`` for an id
    that is not ASCII, or a kind it has already (``table``: the game's table in use, as ``game_kinds``'s); nothing
    is written then."""
    wanted = dict(kinds) if isinstance(kinds, dict) else {k: k for k in kinds}
    config = read_data_yaml(Path(root))
    for kind in wanted:
        refused = kind_refused(kind, config, table)
        if refused is not None:
            raise refused

    def change(data: dict, config: DataConfig) -> None:
        names = list(config.names) + [k for k in wanted if k not in config.names]
        data["names"] = dict(enumerate(names)) if isinstance(data.get("names"), dict) else names
        data["own_kinds"] = dict(config.own_kinds) | {k: (v or "").strip() or k for k, v in wanted.items()}

    return _write(Path(root), change)


def add_game_kinds(root: Path | str, kinds: Iterable[str], table: str | Path | None = None) -> DataConfig:
    """Add ``kinds``, tiles of the dataset's game as its table in use has them (``table``: as ``game_kinds``'s) that the
    dataset ``root`` does not name yet (a member a club's house table took back after the dataset was made), at the
    end of its ``names`` (the class numbers of its labels stay), under the dataset's lock. Not as kinds of its own
    (``own_kinds``, as :func:`add_kinds` adds them): they are the game's, and "not in the table in use" again should
    the table drop them. A kind it names already is left as it is. Raises ``LabelFileError`` for a kind that is no
    tile of the game's table in use; nothing is written then. Returns the dataset's ``data.yaml`` as written."""
    wanted = list(dict.fromkeys(kinds))
    config = read_data_yaml(Path(root))
    known = game_kinds(config, table)
    strays = [k for k in wanted if k not in known and k not in config.names]
    if strays:
        listed = ", ".join(strays)
        raise LabelFileError(f"not a tile of this dataset's game as its table in use has them: {listed}",
                             f"このデータセットのゲームの、使用中の表にある牌ではありません: {listed}")
    if all(k in config.names for k in wanted):
        return config  # named already (another tab added it): the file is left as it is

    def change(data: dict, config: DataConfig) -> None:
        names = list(config.names) + [k for k in wanted if k not in config.names]
        data["names"] = dict(enumerate(names)) if isinstance(data.get("names"), dict) else names

    return _write(Path(root), change)


def set_absent(root: Path | str, kinds: Iterable[str], absent: bool = True,
               table: str | Path | None = None) -> DataConfig:
    """Say the set of the dataset ``root`` does not have ``kinds`` (``absent=False``: that it does, after all).
    Raises ``LabelFileError`` for a kind that is none of the dataset's (``table``: as ``game_kinds``'s)."""
    kinds = list(dict.fromkeys(kinds))
    _refuse_strays(kinds, read_data_yaml(Path(root)), table)

    def change(data: dict, config: DataConfig) -> None:
        now = [k for k in config.absent if absent or k not in kinds]
        now += [k for k in kinds if absent and k not in now]
        if now:
            data["absent"] = now
        else:
            data.pop("absent", None)

    return _write(Path(root), change)


class AbsentInUse(LabelFileError):
    """Refused: a kind said not in the set while an accepted photo (one a person checked) has boxes of it: those boxes
    are the person's word, never changed unasked. ``photos``: those photos (paths in the dataset), ``kinds``: the
    kinds of them asked for."""

    def __init__(self, kinds: tuple[str, ...], photos: tuple[str, ...]):
        listed, named = ", ".join(kinds), ", ".join(photos[:3]) + (", ..." if len(photos) > 3 else "")
        n = len(photos)
        super().__init__(f"not said absent: {listed} is on {n} accepted photo{'' if n == 1 else 's'} ({named}): fix "
                         f"those boxes first, or mark {'that photo' if n == 1 else 'those photos'} as to do",
                         f"セットにない種類にはしません: {listed} は OK にした写真 {n}枚 ({named}) の枠にあります。"
                         f"先にその枠を直すか、その写真を未完了に戻してください")
        self.kinds, self.photos = kinds, photos


@dataclass(frozen=True)
class AbsentMarked:
    """What :func:`mark_absent` did: the kinds newly said absent (``kinds``; those said so before are not among them),
    each photo's boxes changed (``changes``: for Undo, :func:`unmark_absent`), and per kind of them how many boxes it
    had on the photos not accepted and the kind they became (``made``: (kind, plain kind or "" where they were removed,
    boxes))."""

    kinds: tuple[str, ...]
    changes: tuple[editing.Change, ...] = ()
    made: tuple[tuple[str, str, int], ...] = ()

    @property
    def photos(self) -> tuple[str, ...]:
        """The photos whose boxes changed."""
        return tuple(change.photo for change in self.changes)


def mark_absent(root: Path | str, kinds: Iterable[str], table: str | Path | None = None) -> AbsentMarked:
    """Say the set of the dataset ``root`` does not have ``kinds`` (:func:`set_absent`), where boxes have them too:
    on the photos not accepted yet (proposals nobody checked: a shipped model's red fives) each such box becomes the
    kind it is a variant of (a red five's plain five: ``prelabel.variant_kinds`` of the table in use, ``table``), or is
    removed where there is none the set has. Refused (:class:`AbsentInUse`, nothing written) where an accepted photo
    has such a box; ``LabelFileError`` for a kind that is none of the dataset's, or a progress file that cannot be
    read. A label file that cannot be written puts back those written before it. A label file that was a proposal
    stays one (``prelabel.keep_proposals``): a later ``label init`` pre-labels it again, as one nobody fixed."""
    from tilelens.labelling.prelabel import _variants_for, keep_proposals

    root = Path(root)
    kinds = tuple(dict.fromkeys(kinds))
    config = read_data_yaml(root)
    _refuse_strays(kinds, config, table)
    wanted = set(kinds)
    accepted = read_progress(root)
    in_use, plans = [], []
    for photo in editing.photo_paths(root, config):
        boxes, _ = editing.load_boxes(root, photo, config.names)
        if not any(b.kind in wanted for b in boxes):
            continue
        if photo in accepted:
            in_use.append(photo)
        plans.append((photo, boxes))
    if in_use:
        raise AbsentInUse(tuple(k for k in kinds if any(b.kind == k for p, bs in plans if p in in_use for b in bs)),
                          tuple(in_use))
    absent_after = set(config.absent) | wanted
    variants = _variants_for(config.game, config.tileset, table) if plans else {}
    plain = {k: v if v in config.names and v not in absent_after else "" for k in kinds
             for v in [variants.get(k, "")]}
    counts: dict[str, int] = {}
    changes: list[editing.Change] = []
    shas: dict[str, tuple[str | None, str | None]] = {}  # each label file's sha256 before and after
    try:
        for photo, boxes in plans:
            new = tuple(b if b.kind not in wanted else b.with_kind(plain[b.kind]) for b in boxes
                        if b.kind not in wanted or plain[b.kind])
            for b in boxes:
                if b.kind in wanted:
                    counts[b.kind] = counts.get(b.kind, 0) + 1
            before = file_sha256(label_path_for(root / photo))
            shas[photo] = (before, file_sha256(editing.save_boxes(root, photo, new, config.names)))
            changes.append(editing.Change(photo, boxes, new))
        set_absent(root, kinds, True, table)
    except (OSError, LabelFileError):
        for change in reversed(changes):  # nothing half done
            editing.save_boxes(root, change.photo, change.before, config.names)
        raise
    keep_proposals(root, shas)
    return AbsentMarked(tuple(k for k in kinds if k not in config.absent), tuple(changes),
                        tuple((k, plain[k], counts[k]) for k in kinds if counts.get(k)))


def unmark_absent(root: Path | str, marked: AbsentMarked, table: str | Path | None = None) -> tuple[str, ...]:
    """Undo :func:`mark_absent`: the kinds it said absent are in the set again, and each photo it changed gets its
    boxes back, where the photo still holds what it left (one changed since, by a person or another tab, is left as
    it is: undoing it would throw that work away). Returns the photos left so. A proposal stays one, as
    :func:`mark_absent` keeps it."""
    from tilelens.labelling.prelabel import keep_proposals

    root = Path(root)
    names = read_data_yaml(root).names
    left, shas = [], {}
    for change in marked.changes:
        label = label_path_for(root / change.photo)
        before = file_sha256(label)
        if editing.undo(root, change, names):
            shas[change.photo] = (before, file_sha256(label))
        else:
            left.append(change.photo)
    keep_proposals(root, shas)
    if marked.kinds:
        set_absent(root, marked.kinds, False, table)
    return tuple(left)


def _refuse_strays(kinds: Iterable[str], config: DataConfig, table: str | Path | None) -> None:
    """``LabelFileError`` naming the ``kinds`` that are none of the dataset ``config``'s."""
    known = set(config.names) | game_kinds(config, table)
    strays = [k for k in kinds if k not in known]
    if strays:
        listed = ", ".join(strays)
        raise LabelFileError(f"not a tile kind of this dataset: {listed} (its kinds are in data.yaml's names)",
                             f"このデータセットの牌の種類ではありません: {listed} (種類は data.yaml の names にあります)")


def absent_kinds(where: Path | str) -> tuple[str, ...]:
    """The kinds a dataset says its set does not have (``absent:``): ``where`` is its folder or a ``data.yaml``
    (the teach job's copy too). Empty where it says none, or cannot be read: a warning is then kept, never lost.

    >>> absent_kinds("/no/such/folder")
    ()
    """
    path = Path(where)
    path = path / "data.yaml" if path.is_dir() else path
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, yaml.YAMLError, RecursionError):
        return ()
    absent = data.get("absent") if isinstance(data, dict) else None
    return tuple(str(k) for k in absent) if isinstance(absent, list) else ()


__all__ = ["KIND_ID", "AbsentInUse", "AbsentMarked", "absent_kinds", "add_game_kinds", "add_kinds", "kind_refused",
           "mark_absent", "set_absent", "unmark_absent"]
