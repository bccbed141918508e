"""`label init`'s pre-labelling decodes every photo it labels whole
(``load_image_sized``): it keeps them in ``.tilelens/decoded.json`` as the check does, so the first check after it
decodes none of them again."""
from __future__ import annotations

from PIL import Image

from tilelens.labelling.checks import check_dataset
from tilelens.labelling.prelabel import prelabel_folder

import decode_helpers
from decode_helpers import fresh
from label_helpers import FixedReader

decodes = decode_helpers.decodes  # the photos decoded whole from now on


def test_the_check_after_a_prelabel_decodes_no_photo_again(tmp_path, monkeypatch, decodes):
    root = tmp_path / "club"
    root.mkdir()
    for n in range(3):
        Image.new("RGB", (320, 240), (90, 140, 90 + n)).save(root / f"IMG_{n}.jpg")
    (root / "broken.jpg").write_bytes(b"not a photo")
    prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    decodes.clear()
    fresh(monkeypatch)
    report = check_dataset(root)
    assert decodes == [] and len(report.dataset.images) == 3
    assert {im.resolution_wh for im in report.dataset.images} == {(320, 240)}
