"""`label accept` (``cli.broken_photos``, also the Label page's Accept) uses the record of photos
decoded whole (``yolo.DecodedPhotos``, ``DATASET/.tilelens/decoded.json``) as `label check` does: a photo decoded
whole before, unchanged since, is not decoded again (accepting 1,500 phone photos decoded each of them every time);
one changed since is, so one cut short is still refused. The record is kept only where the dataset has its
``.tilelens`` folder: accept makes none."""
from __future__ import annotations

from pathlib import Path

from tilelens.cli import main as tilelens
from tilelens.labelling import yolo
from tilelens.labelling.checks import check_dataset

import decode_helpers
from decode_helpers import dataset, fresh
from label_helpers import PHOTOS, make_dataset

decodes = decode_helpers.decodes  # the photos decoded whole from now on


def _accept(root: Path, *more: str) -> int | None:
    return tilelens(["label", "accept", str(root), "--all", *more])


def test_a_second_accept_decodes_nothing(tmp_path, monkeypatch, decodes, capsys):
    root = dataset(tmp_path)
    fresh(monkeypatch)
    assert _accept(root) in (0, None)
    assert sorted(decodes) == sorted(Path(p).name for p in PHOTOS)
    assert set(yolo._read_decoded(root)) == set(PHOTOS)
    assert _accept(root, "--undo") in (0, None)
    decodes.clear()
    fresh(monkeypatch)
    assert _accept(root) in (0, None)
    assert decodes == [], f"decoded again: {decodes}"


def test_accept_after_a_check_decodes_nothing(tmp_path, monkeypatch, decodes, capsys):
    root = dataset(tmp_path)
    check_dataset(root)
    decodes.clear()
    fresh(monkeypatch)
    assert _accept(root) in (0, None)
    assert decodes == []


def test_a_photo_cut_short_since_is_decoded_and_refused(tmp_path, monkeypatch, decodes, capsys):
    root = dataset(tmp_path)
    assert _accept(root) in (0, None)
    assert _accept(root, "--undo") in (0, None)
    photo = root / "images/train/a.jpg"
    photo.write_bytes(photo.read_bytes()[:-200])
    decodes.clear()
    fresh(monkeypatch)
    capsys.readouterr()
    assert _accept(root) == 1
    assert decodes == ["a.jpg"]
    assert "images/train/a.jpg" in capsys.readouterr().err


def test_accept_makes_no_tilelens_folder(tmp_path, monkeypatch, decodes, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    fresh(monkeypatch)
    assert _accept(root) in (0, None)
    assert not (root / yolo.DECODED).exists()
