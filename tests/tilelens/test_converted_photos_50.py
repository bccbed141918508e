"""Photos a detector's training would not read (.jfif, .jpe, .gif, like an iPhone's HEIC) are filed into a
dataset as JPEG, their original kept aside, so every photo filed is also trained on."""
from __future__ import annotations

import io
import os

import numpy as np
import pytest
from PIL import Image

from tilelens.labelling import prelabel
from tilelens.labelling.uploads import add_photos, photo_count
from vision import data_yaml

from label_helpers import FixedReader


def test_the_photos_a_dataset_holds_are_the_ones_training_reads():
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from ultralytics.data.utils import IMG_FORMATS

    assert {s.lstrip(".") for s in data_yaml.IMAGE_SUFFIXES} <= set(IMG_FORMATS)
    for suffix in (".jfif", ".jpe", ".gif", ".heic"):
        assert suffix in prelabel.CONVERTED_SUFFIXES and suffix in prelabel.LOOSE_SUFFIXES


def picture(fmt: str, colour: int) -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.full((80, 120, 3), colour, np.uint8)).save(out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("name, fmt", [("web.jfif", "JPEG"), ("old.JPE", "JPEG"), ("still.gif", "GIF")])
def test_a_photo_training_cannot_read_is_filed_as_jpeg_and_its_original_kept(tmp_path, name, fmt):
    root = tmp_path / "ds"
    data = picture(fmt, 120)
    assert add_photos(root, [(name, data)]).saved == (name,)
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 1 and not summary.unreadable
    stem = name.rsplit(".", 1)[0]
    filed = data_yaml.photos_in(root / "images")
    assert [p.name for p in filed] == [f"{stem}.jpg"]
    assert Image.open(filed[0]).format == "JPEG"
    kept = [p for p in root.rglob("*") if p.is_file() and p.name == name]
    assert len(kept) == 1 and kept[0].read_bytes() == data and kept[0].parent.name == "originals"
    assert not (root / name).exists()
    assert photo_count(root) == 1  # the original is not counted as a second photo
    # the same photo uploaded again is one already there
    assert add_photos(root, [(f"again{name[-5:]}", data)]).duplicates == (f"again{name[-5:]}",)
