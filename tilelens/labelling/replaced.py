"""Photos replaced by others under their names since they were labelled: told by the sha256 of each photo's bytes
that pre-labelling (``prelabel.PRELABELLED``'s ``photo_sha256``) and accepting (``store.accepted_photos``) keep.
``label check`` warns of them; ``label init`` pre-labels again those whose labels are still the proposals of the
old photo, and no longer counts one accepted as checked (its labels were checked on another photo)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from tilelens.labelling.model import Issue, IssueKind
from tilelens.labelling.store import accepted_photos, dataset_lock, read_progress, read_regular_bytes, set_done_locked
from tilelens.labelling.yolo import label_path_for


_SEEN: dict[tuple[str, int, int], str] = {}  # (photo, size, mtime_ns) -> sha256: a dataset checked again reads no photo
                                           # not changed since (the Label page checks on every visit)


def _sha(path: Path) -> str | None:
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
        if key not in _SEEN:
            _SEEN[key] = hashlib.sha256(read_regular_bytes(path)).hexdigest()
        return _SEEN[key]
    except OSError:
        return None


def replaced_photos(root: Path | str, photos: list[str] | None = None) -> list[str]:
    """The photos of ``root`` (paths in it; ``photos``, else every one a record names) whose bytes are not those they
    were accepted with, else pre-labelled with; a photo no record knows is not said."""
    from tilelens.labelling.prelabel import prelabelled_record

    root = Path(root)
    record, accepted = prelabelled_record(root), accepted_photos(root)
    try:
        done = read_progress(root)
    except (OSError, ValueError):
        done = set()
    found = []
    for rel in (photos if photos is not None else sorted(set(record) | set(accepted))):
        entry = record.get(rel) or {}
        expected = accepted.get(rel) if rel in done else None
        expected = expected or entry.get("photo_sha256")
        if isinstance(expected, str) and (root / rel).is_file() and _sha(root / rel) not in (None, expected):
            found.append(rel)
    return found


def replaced_issues(root: Path | str, photos: list[str]) -> list[Issue]:
    """``label check``'s warning for each photo of ``photos`` replaced since it was labelled (``replaced_photos``)."""
    return [Issue(IssueKind.PHOTO_CHANGED, rel,
                  "photo changed since it was labelled (another photo under its name?): its labels may be the old "
                  "photo's; check them on the Label page (`tilelens label init` pre-labels it again where they are "
                  "still proposals)",
                  message_ja="ラベルを付けた後で写真が変わっています (同じ名前の別の写真?): ラベルは前の写真のものかも"
                             "しれません。ラベル付けのページで確かめてください (まだ下書きのままなら `tilelens label "
                             "init` で下書きし直します)")
            for rel in replaced_photos(root, photos)]


@dataclass(frozen=True)
class Forgotten:
    """What ``forget_replaced`` did: the photos whose labels it removed to be pre-labelled again (still the old
    photo's proposals), those no longer accepted, and those whose labels it kept (a person's)."""

    relabel: tuple[str, ...] = field(default=())
    unaccepted: tuple[str, ...] = field(default=())
    kept: tuple[str, ...] = field(default=())


def forget_replaced(root: Path | str) -> Forgotten:
    """Before ``label init``: of the photos replaced since they were labelled (``replaced_photos``), un-accept those
    accepted (their labels were checked on another photo) and remove the label file of those whose labels are still
    as pre-labelling wrote them, for init to pre-label them again; a label file changed since (a person's) is kept."""
    from tilelens.labelling.prelabel import prelabelled_record

    root = Path(root)
    replaced = replaced_photos(root)
    if not replaced:
        return Forgotten()
    record = prelabelled_record(root)
    relabel, unaccepted, kept = [], [], []
    with dataset_lock(root):
        done = read_progress(root)
        for rel in replaced:
            if rel in done:
                done = set_done_locked(root, rel, False)
                unaccepted.append(rel)
            label = label_path_for(root / rel)
            if label.is_file() and (record.get(rel) or {}).get("sha256") == _sha(label):
                label.unlink()
                relabel.append(rel)
            elif label.is_file():
                kept.append(rel)
    return Forgotten(tuple(relabel), tuple(unaccepted), tuple(kept))
