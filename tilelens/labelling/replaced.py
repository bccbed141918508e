"""Photos replaced by others under their names since they were labelled: told by the sha256 of each photo's bytes
that pre-labelling (``prelabel.PRELABELLED``'s ``photo_sha256``) and accepting (``store.accepted_photos``) keep.
``label check`` warns of them; ``label init`` pre-labels again those whose labels are still the proposals of the
old photo, and no longer counts one accepted as checked (its labels were checked on another photo). Bytes changed,
the photo's pixels are compared (``pixels_digest``, kept beside the sha256): the same pixels saved again (a phone or
file manager re-saving it, its metadata edited) are the same photo, its new bytes then kept as the ones it had."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from tilelens.labelling.model import Issue, IssueKind
from tilelens.labelling.store import (accepted_photos, accepted_pixels, atomic_write_json, dataset_lock, file_sha256,
                                      kept_again_locked, own_target, read_progress, set_many_done_locked)
from tilelens.labelling.yolo import file_stamp, label_path_for


# (file, its file_stamp) -> its sha256, its pixels_digest: a dataset checked again reads no photo not changed since
# (the Label page checks on every visit)
_SEEN: dict[tuple[str, int, int, int, int], str] = {}
_PIXELS: dict[tuple[str, int, int, int, int], str] = {}


def _cached(cache: dict[tuple[str, int, int, int, int], str], path: Path, digest) -> str | None:
    """``digest(path)``, kept in ``cache`` while the file is unchanged (``yolo.file_stamp``, as every memo of a file
    tells it); None where it is not there or ``digest`` gives None (not kept: it may be readable later)."""
    try:
        key = (str(path.resolve()), *file_stamp(path.stat()))
    except OSError:
        return None
    if key not in cache and (found := digest(path)) is not None:
        cache[key] = found
    return cache.get(key)


def _sha(path: Path) -> str | None:
    return _cached(_SEEN, path, file_sha256)


def pixels_digest(image, full: tuple[int, int]) -> str:
    """The digest of a photo's pixels as vision reads it (``vision.load_image_sized`` at ``READ_SIDE``: upright as
    its EXIF says, BGR) and of its own size ``full`` (w, h): the same for the same pixels stored in other bytes."""
    import numpy as np

    digest = hashlib.sha256(f"{full[0]}x{full[1]} {tuple(image.shape)} {image.dtype}\n".encode())
    digest.update(np.ascontiguousarray(image).tobytes())
    return digest.hexdigest()


def _decoded_digest(source: Path | bytes) -> str | None:
    """``pixels_digest`` of a photo file or its bytes; None where it cannot be read as a photo."""
    from vision import READ_SIDE
    from vision import image_io

    try:
        return pixels_digest(*image_io.load_image_sized(source, max_side=READ_SIDE))
    except (image_io.ImageError, OSError, ValueError, MemoryError):
        return None


def _pixels(path: Path) -> str | None:
    return _cached(_PIXELS, path, _decoded_digest)


def pixels_when_accepted(photo: str, sha: str, data: bytes, record: dict[str, dict]) -> str | None:
    """``pixels_digest`` of the photo ``photo`` being accepted (its bytes ``data``, their sha256 ``sha``): the one
    pre-labelling kept where the photo is as it was pre-labelled (nothing decoded), else decoded now. ``record``: the
    dataset's ``prelabelled_record``, read by the caller (many photos accepted at once: read once, not once a photo)."""
    entry = record.get(photo) or {}
    if entry.get("photo_sha256") == sha and isinstance(entry.get("photo_pixels"), str):
        return entry["photo_pixels"]
    return _decoded_digest(data)


def replaced_photos(root: Path | str, photos: list[str] | None = None) -> list[str]:
    """The photos of ``root`` (paths in it; ``photos``, else every one a record names) whose bytes are not those they
    were accepted with, else pre-labelled with, nor their pixels (where the record kept them) the same; a photo no
    record knows is not said, nor one accepted before the bytes it was accepted with were kept (they are not known:
    a photo pre-labelled, then changed, may have been accepted as it is now). A photo saved again with the same
    pixels has its new bytes kept (``_kept_again``): checked again, it is not decoded."""
    from tilelens.labelling.prelabel import prelabelled_record

    root = Path(root)
    record, accepted, accepted_px = prelabelled_record(root), accepted_photos(root), accepted_pixels(root)
    try:
        done = read_progress(root)
    except (OSError, ValueError):
        done = set()
    found, same = [], {}
    for rel in (photos if photos is not None else sorted(set(record) | set(accepted))):
        entry = record.get(rel) or {}
        if rel in done:  # as accepted; the pre-label's pixels where it was accepted with the bytes pre-labelled
            expected = accepted.get(rel)
            pixels = accepted_px.get(rel) or (entry.get("photo_pixels") if expected is not None
                                              and entry.get("photo_sha256") == expected else None)
        else:
            expected, pixels = entry.get("photo_sha256"), entry.get("photo_pixels")
        path = root / rel
        if not isinstance(expected, str) or not path.is_file():
            continue
        now = _sha(path)
        if now in (None, expected):
            continue
        if isinstance(pixels, str) and _pixels(path) == pixels:
            same[rel] = (now, pixels)
            continue
        found.append(rel)
    if same:
        _kept_again(root, same)
    return found


def _kept_again(root: Path, same: dict[str, tuple[str, str]]) -> None:
    """Keep the new bytes (sha256) of photos saved again with the same pixels (photo -> (sha256, pixels)) as those
    they were accepted, or pre-labelled, with; quietly nothing where they cannot be written."""
    from tilelens.labelling.prelabel import PRELABELLED, prelabelled_record

    try:
        with dataset_lock(root):
            record = prelabelled_record(root)
            fix = {rel: {**record[rel], "photo_sha256": sha} for rel, (sha, pixels) in same.items()
                   if isinstance(record.get(rel), dict) and record[rel].get("photo_pixels") == pixels
                   and record[rel].get("photo_sha256") != sha}
            if fix:  # the record alone: a pre-labelling's journal is its own to fold in
                atomic_write_json(own_target(root, PRELABELLED), record | fix)
            kept_again_locked(root, same)
    except OSError:
        pass


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


# What ``label init`` and the Label page say of the photos ``forget_replaced`` dealt with (English, Japanese; the
# English begun as a command line's line is, the page's with a capital): ``{photos}``, and ``{where}`` to check them
FORGOTTEN_WORDS: dict[str, tuple[str, str]] = {
    "replaced_again": ("photo changed since it was pre-labelled (another photo under its name?), its boxes still the "
                       "old photo's proposals: pre-labelled again: {photos}",
                       "下書きした後で写真が変わっていて (同じ名前の別の写真?)、枠はまだ前の写真の下書きだったので、"
                       "下書きし直しました: {photos}"),
    "replaced_unaccepted": ("photo changed since it was accepted (another photo under its name?): no longer accepted, "
                            "its labels were checked on the old one: check them and accept it again: {photos}",
                            "OK にした後で写真が変わっています (同じ名前の別の写真?): ラベルは前の写真で確かめたものなので、"
                            "OK を取り消しました。確かめてから、もう一度 OK にしてください: {photos}"),
    "replaced_kept": ("photo changed since it was labelled (another photo under its name?), its labels changed by hand "
                      "kept: check them {where}: {photos}",
                      "ラベルを付けた後で写真が変わっています (同じ名前の別の写真?)。手で直したラベルはそのままです: "
                      "{where}確かめてください: {photos}"),
}


def forgotten_words(where: tuple[str, str]) -> dict[str, tuple[str, str]]:
    """``FORGOTTEN_WORDS`` (English, Japanese) with ``where`` (English, Japanese: "here", "ここで") put in for
    ``{where}``; ``{photos}`` left to fill."""
    return {key: (en.replace("{where}", where[0]), ja.replace("{where}", where[1]))
            for key, (en, ja) in FORGOTTEN_WORDS.items()}


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
    relabel, kept = [], []
    with dataset_lock(root):
        done = read_progress(root)
        unaccepted = [rel for rel in replaced if rel in done]
        set_many_done_locked(root, [(rel, False) for rel in unaccepted])  # one write, however many
        for rel in replaced:
            label = label_path_for(root / rel)
            if label.is_file() and (record.get(rel) or {}).get("sha256") == _sha(label):
                label.unlink()
                relabel.append(rel)
            elif label.is_file():
                kept.append(rel)
    return Forgotten(tuple(relabel), tuple(unaccepted), tuple(kept))
