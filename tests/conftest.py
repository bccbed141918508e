"""Fixtures shared by test folders that do not import each other: a new edition's game file (tiles no shipped
classifier names) and a models folder with fake tile sets taught for it (session 50's new-edition tests in
tests/vision and tests/tilelens)."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "models"
HK = MODELS / "tilesets" / "hk-mahjong"
FRUITS = REPO / "tests" / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def models(tmp_path, monkeypatch):
    """A models folder read by default: the shipped detector and classifiers (linked), no tile set."""
    root = tmp_path / "models"
    (root / "tilesets").mkdir(parents=True)
    for f in MODELS.iterdir():
        if f.is_file() and f.name.startswith(("classifier-", "detector")) and f.suffix in (".onnx", ".json"):
            (root / f.name).symlink_to(f)
    monkeypatch.setenv("TILELENS_MODELS", str(root))
    return root


@pytest.fixture
def edition(tmp_path):
    """The new edition's game file (house-fruits: no shipped classifier names an apple)."""
    path = tmp_path / "club" / "fruits.toml"
    path.parent.mkdir()
    shutil.copy(FRUITS, path)
    return path


def _fake_tileset(models: Path, name: str, game: str, stamp: int | None = None) -> Path:
    out = models / "tilesets" / name
    out.mkdir(parents=True)
    for f in ("classifier.onnx", "classifier.json"):
        shutil.copy(HK / f, out / f)
    meta = {"name": name, "game": game, "classifier": "classifier.onnx", "detector": None, "kinds": ["1m", "2m"]}
    (out / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    if stamp is not None:
        os.utime(out / "tileset.json", (stamp, stamp))
    return out


@pytest.fixture
def taught():
    """``taught(models, name, game, stamp=None)``: a fake tile set ``name`` taught for ``game`` (hk-mahjong's model
    files under a ``tileset.json`` naming it), its tileset.json written at ``stamp`` (seconds) where given."""
    return _fake_tileset
