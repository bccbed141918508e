"""Helpers of the tests of the record of photos decoded whole (``yolo.DecodedPhotos``, ``DATASET/.tilelens/
decoded.json``): the photos decoded, counted; a fresh process's memory; a dataset with its ``.tilelens`` folder. A
plain module imported by name (as ``label_helpers``); a test module takes the fixture as ``decodes =
decode_helpers.decodes``."""
from __future__ import annotations

from pathlib import Path

import pytest

from tilelens.labelling import yolo
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import IssueKind
from vision import image_io

from label_helpers import make_dataset


@pytest.fixture
def decodes(monkeypatch) -> list[str]:
    """The photos ``check_whole`` decodes from now on (each check run as a new process would after ``fresh``)."""
    seen: list[str] = []
    whole = image_io.check_whole

    def counted(path, name=""):
        seen.append(Path(path).name)
        return whole(path, name)

    monkeypatch.setattr(image_io, "check_whole", counted)
    return seen


def fresh(monkeypatch) -> None:
    """As a new process starts: no size remembered in memory."""
    monkeypatch.setattr(yolo, "_SIZES", yolo.FileMemo())


def dataset(tmp_path: Path) -> Path:
    """``make_dataset``'s, in ``tmp_path/ds``, with the ``.tilelens`` folder a dataset tilelens made has."""
    root = tmp_path / "ds"
    make_dataset(root)
    (root / ".tilelens").mkdir()
    return root


def unreadable(root: Path) -> list[str]:
    """The photos a check of ``root`` says cannot be read whole."""
    return [i.path for i in check_dataset(root).issues if i.kind is IssueKind.UNREADABLE_IMAGE]
