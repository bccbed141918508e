"""Reading an Ultralytics ``data.yaml`` (a labelled photo set) as a mapping, with one clear error when it
cannot be: missing or unreadable, not text, not valid YAML, or not a mapping of settings."""
from __future__ import annotations

from pathlib import Path

import yaml


def read_data_yaml(path: str | Path, error: type[Exception]) -> dict:
    """The settings of ``path`` (``{}`` for an empty file); ``error`` naming the file and what is wrong
    with it otherwise (the YAML parser's first line, where it stopped)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file (a data.yaml is YAML text)") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + 1}, column {where.column + 1}" if where is not None else ""
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise error(f"{path}: not valid YAML ({what}{at})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):  # a list or a bare word parses too: say so, not AttributeError later
        raise error(f"{path}: not a mapping of settings (path:, train:, val:, names:)")
    for key in ("path", "train", "val", "test"):
        value = data.get(key)
        if value is None or isinstance(value, str):
            continue
        if key == "path" or not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            what = "a folder" if key == "path" else "a folder or .txt list of images, or a list of them"
            raise error(f"{path}: {key}: must name {what} (got {value!r})")
    return data
