"""A HEIC's size in a dataset (``yolo.image_size``): its header and its picture are read through one child process
(``vision.image_io._heif_apart`` gives the upright size as it decodes the photo whole); it started two before, one to
check the photo whole before its header was opened and one more after."""
from pathlib import Path

import pytest

from tilelens.labelling import yolo
from tilelens.labelling.model import LabelFileError
from vision import image_io

ROOT = Path(__file__).resolve().parents[2]
HEIC = ROOT / "tests" / "vision" / "data" / "heic" / "marked-orientation6.heic"

pytestmark = pytest.mark.skipif(image_io.register_heif_opener is None, reason="pi-heif is not installed")


def _counting_children(monkeypatch) -> list:
    started = []
    run = image_io.subprocess.run

    def counted(*args, **kwargs):
        started.append(args[0])
        return run(*args, **kwargs)

    monkeypatch.setattr(image_io.subprocess, "run", counted)
    return started


def test_a_heics_size_starts_one_decoding_child(tmp_path, monkeypatch):
    path = tmp_path / "seat1.heic"
    path.write_bytes(HEIC.read_bytes())
    started = _counting_children(monkeypatch)
    w, h = yolo.image_size(path)
    assert len(started) == 1, f"{len(started)} decoding children started for one photo's size"
    assert (w, h) == image_io.load_image_sized(path.read_bytes(), "seat1.heic")[1]  # upright, as the reader shows it
    assert (w, h) == (60, 100)  # the file's known upright size (marked_rgb(60, 100), orientation 6): 60 wide


def test_a_damaged_heics_size_is_one_error_from_one_child(tmp_path, monkeypatch):
    data = bytearray(HEIC.read_bytes())
    data[len(data) // 2:] = b"\0" * (len(data) - len(data) // 2)  # its picture's second half gone
    path = tmp_path / "seat2.heic"
    path.write_bytes(bytes(data))
    started = _counting_children(monkeypatch)
    with pytest.raises(LabelFileError) as said:
        yolo.image_size(path)
    assert str(said.value).startswith("seat2.heic: ") and str(said.value).count("seat2.heic") == 1
    assert said.value.message_ja.startswith("seat2.heic: ")
    assert len(started) == 1
