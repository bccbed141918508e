"""A phone-photo re-walk (session 54): a HEIC added on the Label page is decoded once (the JPEG written from the
decode that checked it, the original kept in ``originals/``), and one pair of photos sharing a label file is one
error, also in a dataset whose val split is its train photos."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from tilelens.labelling import prelabel
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import IssueKind
from tilelens.labelling.uploads import add_photos, photo_count
from vision import image_io

from label_helpers import FixedReader, make_dataset

HEIC = Path(__file__).resolve().parents[1] / "vision" / "data" / "heic" / "marked-orientation6.heic"


def test_a_heic_upload_is_decoded_once_and_filed_as_its_upright_jpeg(tmp_path, monkeypatch):
    decoded = []
    apart = image_io._heif_apart
    monkeypatch.setattr(image_io, "_heif_apart", lambda data, *a, **k: decoded.append(1) or apart(data, *a, **k))
    root = tmp_path / "ds"
    data = HEIC.read_bytes()
    added = add_photos(root, [("image.HEIC", data)])
    assert added.saved == ("image.HEIC",)
    assert (root / "image.jpg").is_file() and not (root / "image.HEIC").exists()
    assert (root / "originals" / "image.HEIC").read_bytes() == data
    assert photo_count(root) == 1
    summary = prelabel.prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 1 and not summary.unreadable
    filed = root / "images" / "train" / "image.jpg"
    with Image.open(filed) as im:
        assert im.format == "JPEG" and im.size == (60, 100)  # upright (orientation 6)
    # one decode to check it and make its JPEG (the reader's FixedReader decodes none), none again to file it
    assert len(decoded) == 1
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and "label" not in p.name
                  and p.suffix != ".txt" and p.name != "data.yaml" and ".tilelens" not in p.parts) == ["images/train/image.jpg",
                                                                                                  "originals/image.HEIC"]
    assert add_photos(root, [("copy.heic", data)]).duplicates == ("copy.heic",)


def test_photos_sharing_a_label_file_are_one_error_when_val_is_the_train_photos(tmp_path):
    make_dataset(tmp_path)
    yaml = tmp_path / "data.yaml"
    yaml.write_text(yaml.read_text().replace("val: images/val", "val: images/train"))
    (tmp_path / "images/train/b.jpg").write_bytes((tmp_path / "images/train/b.png").read_bytes())
    issues = [i for i in check_dataset(tmp_path).issues if i.kind is IssueKind.SHARED_LABEL_FILE]
    assert len(issues) == 1
