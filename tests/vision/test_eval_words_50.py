"""``tilelens eval`` says one photo in the singular: "of the 1 photo not read exactly", not "1 photos"."""
from __future__ import annotations

import shutil
from pathlib import Path

from vision.evaluate import main, wrong_summary

DATA = Path(__file__).parent / "data" / "detector"


def test_one_photo_read_wrong_is_said_in_the_singular():
    said = wrong_summary({"wrong_count": 0, "wrong_marked": 0, "wrong_unmarked": 1})
    assert said.startswith("of the 1 photo not read exactly, "), said
    assert "1 photos" not in said
    many = wrong_summary({"wrong_count": 1, "wrong_marked": 0, "wrong_unmarked": 1})
    assert many.startswith("of the 2 photos not read exactly, "), many


def test_eval_of_one_photo_says_photo_not_photos(tmp_path, capsys):
    for sub in ("images", "labels"):
        (tmp_path / sub).mkdir()
    shutil.copy(DATA / "images/hk-1.jpg", tmp_path / "images")  # hk-mahjong reads one of its tiles wrong
    shutil.copy(DATA / "labels/hk-1.txt", tmp_path / "labels")
    shutil.copy(DATA / "data.yaml", tmp_path)
    shutil.copy(DATA / "images/hk-2.jpg", tmp_path / "images")  # no label file: left out, and said so
    assert main(["--data", str(tmp_path), "--tileset", "hk-mahjong", "--errors"]) == 0
    out, err = capsys.readouterr()
    assert "1 photos" not in out + err, out + err
    assert "1 photo has no label file and is left out" in err
    assert "of the 1 photo not read exactly" in out
    assert "1 of 1 photo not read exactly" in out
