"""A review's findings on the zip import (session 60, RV2 -> F15, ``tilelens.labelling.archive``):

1. A zip made on Japanese Windows (Shift JIS names, no UTF-8 flag) lost a photo whose name holds the byte 0x5C
   (``表.jpg``: 95 5C): the backslash was read as a folder's before the name was decoded.
2. A folder entry written with Windows separators (``train\\``, PowerShell 5's Compress-Archive) was written as a
   file, and a zip holding both a file ``train`` and ``train/a.json`` said only "File exists".
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from tilelens.labelling.archive import _member_name, unzipped
from tilelens.labelling.model import LabelFileError


def _jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 20, 20)).save(buf, "JPEG")
    return buf.getvalue()


def _sjis_zip(target: Path, names: list[str]) -> Path:
    """A zip whose members are named in raw Shift JIS without the UTF-8 flag, as Windows' Explorer writes them."""
    raws = [name.encode("cp932") for name in names]
    placeholders = [bytes([ord("A") + i]) * len(raw) for i, raw in enumerate(raws)]
    with zipfile.ZipFile(target, "w") as z:
        for placeholder in placeholders:
            z.writestr(placeholder.decode("ascii"), _jpeg())
    data = target.read_bytes()
    for placeholder, raw in zip(placeholders, raws):
        data = data.replace(placeholder, raw)
    target.write_bytes(data)
    return target


@pytest.mark.parametrize("name", ["表.jpg", "ソ/能.jpg", "写真.jpg"])
def test_a_shift_jis_name_holding_the_byte_5c_is_decoded_before_its_separators(tmp_path, name):
    assert (b"\\" in name.encode("cp932")) == (name != "写真.jpg")  # 表, ソ and 能 hold 0x5C; 写真 does not
    zipped = _sjis_zip(tmp_path / "dl.zip", [name, "写真.png"])  # two: the zip is not given as one folder
    with zipfile.ZipFile(zipped) as z:
        info = z.infolist()[0]
        assert not info.flag_bits & 0x800
        assert _member_name(info) == name
    with unzipped(zipped, tmp_path / "ds") as folder:
        found = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        assert found == sorted([name, "写真.png"]), found


def test_a_shift_jis_name_in_a_windows_folder_keeps_both(tmp_path):
    zipped = _sjis_zip(tmp_path / "dl.zip", ["写真\\表.jpg"])  # a folder written with Windows' separator
    with unzipped(zipped, tmp_path / "ds") as folder:  # a zip of one folder is given as that folder
        assert folder.name == "写真" and [p.name for p in folder.iterdir()] == ["表.jpg"], list(folder.rglob("*"))


def test_a_folder_entry_with_windows_separators_is_a_folder(tmp_path):
    zipped = tmp_path / "dl.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr(zipfile.ZipInfo("train\\"), b"")  # a folder entry, Windows style
        z.writestr("train\\a.jpg", _jpeg())
        z.writestr("train\\_annotations.coco.json", "{}")
    with unzipped(zipped, tmp_path / "ds") as folder:  # a zip of one folder is given as that folder
        found = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
        assert folder.name == "train" and found == ["_annotations.coco.json", "a.jpg"], found


@pytest.mark.parametrize("order", ["file first", "folder first"])
def test_a_zip_holding_a_file_and_a_folder_of_one_name_says_which(tmp_path, order):
    zipped = tmp_path / "dup.zip"
    members = [("train", b"x"), ("train/a.json", b"{}")]
    with zipfile.ZipFile(zipped, "w") as z:
        for name, data in (members if order == "file first" else members[::-1]):
            z.writestr(name, data)
    with pytest.raises(LabelFileError) as caught:
        with unzipped(zipped, tmp_path / "ds"):
            pass
    said, said_ja = str(caught.value), caught.value.message_ja
    assert "dup.zip" in said and "'train'" in said and "a file and a folder" in said, said
    assert "File exists" not in said and "Traceback" not in said, said
    assert "dup.zip" in said_ja and "「train」" in said_ja and "ファイルとフォルダ" in said_ja, said_ja
    assert [p.name for p in tmp_path.iterdir()] == ["dup.zip"]  # nothing left unzipped
