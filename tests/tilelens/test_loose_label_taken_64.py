"""A loose photo never takes the label file a photo removed earlier left behind.

A photo lying in ``images/`` was filed as ``images/train/a.jpg`` while ``labels/train/a.txt`` was left there by a
photo removed earlier: the new photo got that old label, its own ``labels/a.txt`` stayed behind, nothing said so, and
pre-labelling skipped it (it had a label). A stem whose label file exists now counts as taken when the filed name is
chosen (``prelabel.unique_stem``): the photo is filed as ``a-2`` with its own boxes, the old label left as it was."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from tilelens.labelling.prelabel import file_loose_photos

OLD = "5 0.1 0.1 0.1 0.1\n"  # left by a photo removed earlier
OWN = "0 0.5 0.5 0.2 0.2\n"


def _dataset(root: Path, where: str = "images") -> Path:
    (root / "images").mkdir(parents=True)
    (root / "labels" / "train").mkdir(parents=True)
    Image.new("RGB", (64, 64), (128, 128, 128)).save(root / where / "a.jpg")
    (root / "labels" / "train" / "a.txt").write_text(OLD)
    return root


def _rel(root: Path, photos: list[Path]) -> list[str]:
    return [p.relative_to(root).as_posix() for p in photos]


def test_a_photo_in_images_keeps_its_own_label_beside_an_orphan(tmp_path):
    root = _dataset(tmp_path / "ds")
    (root / "labels" / "a.txt").write_text(OWN)
    filed, skipped = file_loose_photos(root)
    assert skipped == []
    assert _rel(root, filed) == ["images/train/a-2.jpg"]
    assert (root / "labels/train/a-2.txt").read_text() == OWN  # its own boxes went with it
    assert (root / "labels/train/a.txt").read_text() == OLD  # the old one untouched
    assert not (root / "labels/a.txt").exists()


def test_a_photo_in_the_folder_does_not_take_an_orphan_label(tmp_path):
    root = _dataset(tmp_path / "ds", where=".")
    filed, skipped = file_loose_photos(root)
    assert skipped == [] and _rel(root, filed) == ["images/train/a-2.jpg"]
    assert not (root / "labels/train/a-2.txt").exists()  # no boxes: pre-labelling proposes them
    assert (root / "labels/train/a.txt").read_text() == OLD


def test_a_stem_with_no_label_left_is_kept(tmp_path):
    root = _dataset(tmp_path / "ds")
    (root / "labels" / "train" / "a.txt").unlink()
    (root / "labels" / "a.txt").write_text(OWN)
    filed, _ = file_loose_photos(root)
    assert _rel(root, filed) == ["images/train/a.jpg"]
    assert (root / "labels/train/a.txt").read_text() == OWN
