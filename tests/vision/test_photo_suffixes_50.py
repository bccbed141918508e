"""One list of photo files (what ``load_image`` opens) that every place looking for photos uses: an AVIF a
phone or Chrome saved is filed and pre-labelled by ``tilelens label init`` as the README says."""
from __future__ import annotations

import numpy as np
from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.event import layout
from tilelens.labelling import prelabel
from vision import data_yaml
from vision.image_io import load_image


def test_label_init_files_an_avif_photo(tmp_path, capsys):
    photos = tmp_path / "av"
    photos.mkdir()
    Image.fromarray(np.full((64, 96, 3), 200, np.uint8)).save(photos / "a.avif")
    code = tilelens(["label", "init", str(photos), "--game", "nogizaka"])
    out = capsys.readouterr()
    assert "no photos found" not in out.out + out.err
    assert code == 0, out.err
    filed = data_yaml.photos_in(photos / "images")
    assert [p.name for p in filed] == ["a.avif"]


def test_the_photo_lists_are_one():
    assert layout.IMAGE_SUFFIXES == data_yaml.PHOTO_SUFFIXES
    assert prelabel.LOOSE_SUFFIXES == data_yaml.PHOTO_SUFFIXES
    # a labelled set's folders hold every photo but HEIC, which label init files as JPEG
    assert data_yaml.IMAGE_SUFFIXES == data_yaml.PHOTO_SUFFIXES - prelabel.CONVERTED_SUFFIXES
    for suffix in (".avif", ".jfif", ".jpe", ".webp", ".gif"):
        assert suffix in data_yaml.PHOTO_SUFFIXES


def test_every_listed_photo_kind_but_heic_is_one_load_image_opens(tmp_path):
    picture = Image.fromarray(np.full((40, 60, 3), 90, np.uint8))
    for suffix in sorted(data_yaml.PHOTO_SUFFIXES - {".heic", ".heif"}):
        path = tmp_path / f"p{suffix}"
        fmt = {".jpe": "JPEG", ".jfif": "JPEG"}.get(suffix)
        picture.save(path, format=fmt) if fmt else picture.save(path)
        assert load_image(path).shape[:2] == (40, 60), suffix
