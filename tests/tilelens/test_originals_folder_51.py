"""Item 2 (session 51): a converted photo's original (HEIC, .jfif, .jpe, GIF) is kept in ``originals/``, not
``heic/``; a dataset made before, with its originals in ``heic/``, still knows them (a photo filed again is the same
photo). Needs the prelabel.py change of /tmp/f4_51/prelabel_originals.diff."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from tilelens.labelling import prelabel
from tilelens.labelling.uploads import add_photos, photo_count

from label_helpers import FixedReader


def _gif(colour: int) -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.full((80, 120, 3), colour, np.uint8)).save(out, "GIF")
    return out.getvalue()


def test_a_gifs_original_is_kept_in_originals(tmp_path):
    root = tmp_path / "ds"
    data = _gif(90)
    add_photos(root, [("still.gif", data)])
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 1 and (root / "originals" / "still.gif").read_bytes() == data
    assert not (root / "heic").exists() and photo_count(root) == 1


@pytest.mark.parametrize("folder", ["originals", "heic"])
def test_an_original_kept_before_is_the_same_photo_when_filed_again(tmp_path, folder):
    root = tmp_path / "ds"
    data = _gif(90)
    add_photos(root, [("still.gif", data)])
    prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    if folder == "heic":  # as a dataset made before session 51 keeps it
        (root / "originals").rename(root / "heic")
    (root / "again.gif").write_bytes(data)  # put in the folder by hand, not uploaded
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert [s.photo for s in summary.unreadable] == ["again.gif"]
    assert f"the same photo as {folder}/still.gif" in summary.unreadable[0].why
