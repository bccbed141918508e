"""The Label page's list of a dataset's photos, kept for the session: listing and sorting 1,500 photos took 0.3-0.6 s
of every run (a step to the next photo, a box chosen). Kept while every folder it was read from keeps its time (a
photo added, removed or renamed moves its folder's) and the page's count of its own changes (``VERSION_KEY``, which
keys the dataset's check too) stays: its own additions and removals are seen where a file system keeping times to the
second would not tell (a save of boxes lists them again too)."""
from __future__ import annotations

import os
import time
from pathlib import Path

import streamlit as st

from app.components.label_nav import VERSION_KEY
from tilelens.labelling import editing, yolo

LISTED_KEY = "label_listed"  # dataset folder -> its listing, photos, the folders read, their times, the page's count
KEPT = 4  # datasets kept a session (one open at a time; a few to go back to)
SETTLE_NS = 2_000_000_000  # a folder changed this recently may change again within its time's step: not kept


def _watched(root: Path, config, listing) -> tuple[str, ...]:
    """The paths the listing depends on: each split's folder or ``.txt`` list and every folder under it (a photo
    put into a subfolder moves that folder's time only), the folder of each photo listed (a list's, anywhere), and
    the folder data.yaml's ``path`` names (the listing says where it is there)."""
    paths: dict[str, None] = {}
    for split, items in config.sources.items():
        for source in items:
            where = yolo.source_path(root, config, split, source)
            paths[str(where)] = None
            if where.is_dir():
                for folder, dirs, _ in os.walk(where):
                    paths.update(dict.fromkeys(os.path.join(folder, d) for d in dirs))
    for found in listing[0].values():
        paths.update(dict.fromkeys(os.path.dirname(p) for p in found))
    if config.path:
        paths[str(Path(root) / config.path)] = None
    return tuple(paths)


def _state(paths: tuple[str, ...]) -> tuple:
    """Each path's (inode, modification time in ns); None where it is not there."""
    state = []
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            state.append(None)
        else:
            state.append((info.st_ino, info.st_mtime_ns))
    return tuple(state)


def _settled(state: tuple, started_ns: int) -> bool:
    """No folder of ``state`` changed in the ``SETTLE_NS`` before the listing began: one changed while it was listed,
    or within its time's step, would look the same after a change to come."""
    return all(s is None or s[1] < started_ns - SETTLE_NS for s in state)


def listed(root: Path, config) -> tuple[tuple, list[str]]:
    """``yolo.split_images`` of the dataset ``root`` (its data.yaml ``config``) and ``editing.photo_paths`` of it,
    listed again only where a folder they were read from changed (or data.yaml, or a page's own change since)."""
    kept = st.session_state.setdefault(LISTED_KEY, {})
    entry = kept.get(str(root))
    version = st.session_state.get(VERSION_KEY, 0)
    if (entry is not None and entry["config"] == config and entry["version"] == version
            and _state(entry["watched"]) == entry["state"]):
        per_split, issues = entry["listing"]  # copies: the run's own, whatever it does with them
        return ({split: list(paths) for split, paths in per_split.items()}, list(issues)), list(entry["photos"])
    started = time.time_ns()
    listing = yolo.split_images(root, config)
    photos = editing.photo_paths(root, config, listing)
    watched = _watched(Path(root), config, listing)
    state = _state(watched)
    kept.pop(str(root), None)
    if _settled(state, started):
        kept[str(root)] = {"config": config, "version": version, "watched": watched, "state": state,
                           "photos": list(photos),
                           "listing": ({split: list(paths) for split, paths in listing[0].items()}, list(listing[1]))}
        for old in list(kept)[:-KEPT]:
            kept.pop(old)
    return listing, photos

