"""Session 55: `tilelens label` said "1 photos labelled", "1 photos: 1 pre-labelled (1 tiles)": one is said in the
singular in English (the Japanese counts with 枚 either way)."""
from __future__ import annotations

import json

import pytest

from label_helpers import coco_of_one_photo as _coco_of_one_photo, run


def test_an_import_of_one_photo_says_photo(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    _coco_of_one_photo(tmp_path / "out")
    code, out, _ = run(capsys, "label", "import", tmp_path / "out/coco.json", "--from", "coco", tmp_path / "ds")
    assert code == 0 and f"1 photo labelled in {tmp_path / 'ds'} (1 copied in, 0 skipped)" in out, out


def test_each_file_of_a_download_of_one_photo_each_says_photo(tmp_path, capsys, monkeypatch):
    from test_label_roboflow_coco import roboflow_coco

    monkeypatch.setenv("TILELENS_LANG", "en")
    roboflow_coco(tmp_path / "dl")
    code, out, _ = run(capsys, "label", "import", tmp_path / "dl", "--from", "coco", tmp_path / "ds")
    assert code == 0 and f"{tmp_path / 'dl/train/_annotations.coco.json'}: 1 photo labelled (" in out, out
    assert "1 photos" not in out and "3 photos labelled in" in out, out


def test_the_japanese_import_is_unchanged(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    _coco_of_one_photo(tmp_path / "out")
    code, out, _ = run(capsys, "label", "import", tmp_path / "out/coco.json", "--from", "coco", tmp_path / "ds")
    assert code == 0 and "の写真 1枚にラベルを付けました (コピー 1枚、飛ばした写真 0枚)" in out, out


def test_init_of_one_photo_says_photo_and_tile(tmp_path, capsys, monkeypatch):
    from PIL import Image

    from tilelens.labelling import prelabel

    class OneTile:
        def read(self, image, source=None):
            from types import SimpleNamespace

            h, w = image.shape[:2]
            return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.1 * w, 0.2 * h, 0.3 * w, 0.8 * h), kind="1m",
                                                          is_back=False)])

    monkeypatch.setenv("TILELENS_LANG", "en")
    root = tmp_path / "ds"
    root.mkdir()
    Image.new("RGB", (90, 60), (10, 120, 60)).save(root / "one.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: OneTile())
    code, out, _ = run(capsys, "label", "init", root, "--game", "tokyo-mahjong")
    assert code == 0 and "1 photo: 1 pre-labelled (1 tile), 0 kept their labels, 0 skipped" in out, out


@pytest.mark.parametrize("n, said", [(1, "1 picture in"), (2, "2 pictures in")])
def test_the_pictures_line_counts_in_the_singular(n, said):
    from tilelens.labelling.cli import _said, plural

    assert said in _said("en", "pictures", n=n, folder="out", s=plural(n))
    assert _said("ja", "pictures", n=n, folder="out", s=plural(n)) == f"out に画像 {n}枚"


@pytest.mark.parametrize("accepted, said", [
    (("images/train/a.jpg",), "this accepted photo would no longer be marked accepted (the file does not say it "
                              "was): images/train/a.jpg"),
    (("images/train/a.jpg", "images/train/b.png"), "these accepted photos would no longer be marked accepted (the "
                                                   "file does not say they were): images/train/a.jpg, "
                                                   "images/train/b.png")])
def test_an_import_refused_over_accepted_photos_counts_them(tmp_path, accepted, said):
    from tilelens.labelling import LabelFileError, read_yolo, set_done
    from tilelens.labelling.labelstudio import to_labelstudio
    from tilelens.labelling.transfer import Format, import_dataset

    from label_helpers import make_dataset

    make_dataset(tmp_path / "ds")
    for photo in accepted:
        set_done(tmp_path / "ds", photo)
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], accepted=set())
    for task in tasks[:2]:  # a.jpg and b.png: a box less each
        task["predictions"][0]["result"] = task["predictions"][0]["result"][1:]
    (tmp_path / "t.json").write_text(json.dumps(tasks))
    with pytest.raises(LabelFileError) as refused:
        import_dataset(tmp_path / "t.json", Format.LABELSTUDIO, tmp_path / "ds")
    assert said in str(refused.value), str(refused.value)


def test_label_checks_count_line_says_one_error_and_one_warning_in_the_singular():
    from tilelens.labelling.checks import REPORT_WORDS

    line = REPORT_WORDS["en"]["problems"]
    assert line.format(errors=1, warnings=1, es="", ws="", counts="") == "problems: 1 error, 1 warning"
    assert line.format(errors=2, warnings=0, es="s", ws="s", counts="") == "problems: 2 errors, 0 warnings"
