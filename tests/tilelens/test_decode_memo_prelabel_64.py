"""(For the lead, with /tmp/F10/prelabel.patch.) `label init`'s pre-labelling decodes every photo it labels whole
(``load_image_sized``): it keeps them in ``.tilelens/decoded.json`` as the check does, so the first check after it
decodes none of them again."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from tilelens.labelling import yolo
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.prelabel import prelabel_folder
from vision import image_io

from label_helpers import FixedReader


def test_the_check_after_a_prelabel_decodes_no_photo_again(tmp_path, monkeypatch):
    root = tmp_path / "club"
    root.mkdir()
    for n in range(3):
        Image.new("RGB", (320, 240), (90, 140, 90 + n)).save(root / f"IMG_{n}.jpg")
    (root / "broken.jpg").write_bytes(b"not a photo")
    prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    seen = []
    whole = image_io.check_whole
    monkeypatch.setattr(image_io, "check_whole", lambda path, name="": seen.append(Path(path).name) or whole(path, name))
    monkeypatch.setattr(yolo, "_SIZES", yolo.FileMemo())
    report = check_dataset(root)
    assert seen == [] and len(report.dataset.images) == 3
    assert {im.resolution_wh for im in report.dataset.images} == {(320, 240)}
