"""Atomic saves: a label file is either the old one or the new one, never half written.

Each save writes a temporary file in the same folder (same file system, so the rename is atomic),
flushes it to disk, then ``os.replace``s the target. A crash or a closed browser tab in the middle of a
save leaves the previous version in place.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_text(path: Path | str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; creates the parent folder. Returns the path."""
    return atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; creates the parent folder. Returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        # Never leave the temporary file behind, whatever stopped the write.
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return path


def atomic_write_json(path: Path | str, data: Any) -> Path:
    """Write ``data`` as indented JSON to ``path`` atomically."""
    return atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


PROGRESS_FILE = "label_progress.json"


def load_done(root: Path | str) -> set[str]:
    """The photos (paths relative to the dataset) a person has accepted; empty if none yet.

    A damaged progress file counts as nothing done rather than stopping the page: progress only
    orders the work, the labels themselves live in the label files.
    """
    path = Path(root) / PROGRESS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(p) for p in data.get("done", [])}
    except (OSError, ValueError, AttributeError, TypeError):
        return set()


def set_done(root: Path | str, photo: str, done: bool = True) -> set[str]:
    """Mark one photo accepted (or not) and save the progress file atomically; returns the new set."""
    paths = load_done(root)
    (paths.add if done else paths.discard)(photo)
    atomic_write_json(Path(root) / PROGRESS_FILE, {"done": sorted(paths)})
    return paths
