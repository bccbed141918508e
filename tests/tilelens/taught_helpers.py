"""A tile set taught from a dataset, faked for the tests of dataset ids, copies and moves (no training): the set's
``tileset.json`` alone, in a ``TILELENS_MODELS`` of the test's own."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_label_teach import make_dataset
from tilelens.labelling import set_done, teach


def fake_set(models: Path, name: str, meta: dict) -> None:
    """The set ``name`` in ``models/tilesets``, its ``tileset.json`` holding ``meta`` (where it was taught from)."""
    folder = models / "tilesets" / name
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": name, "kinds": ["1m", "1p"], **meta}))


@pytest.fixture
def models(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    return tmp_path / "models"


def accepted_dataset(tmp_path: Path) -> Path:
    """A dataset ``ds`` of two photos, the first accepted."""
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"], "b": ["1s", "2m"]})
    set_done(root, "images/train/a.png")
    return root


@pytest.fixture
def taught(tmp_path, models) -> Path:
    """A dataset ``ds`` from which the set ``mine`` was taught (its job's data.yaml and id recorded, as Teach does)."""
    root = accepted_dataset(tmp_path)
    args, _ = teach.enroll_args(root, "mine", None, 1)
    fake_set(models, "mine", {"data": args[args.index("--data") + 1], "dataset_id": teach.dataset_id(root)})
    return root
