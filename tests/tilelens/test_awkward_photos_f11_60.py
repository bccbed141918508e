"""Session 60 (F11, walk W3): awkward photos in labelling and teaching.

1. `tilelens enroll` and `label teach` stopped at the first photo that could not be read and named only it: a folder
   with a photo cut short, an empty one and a text file named .jpg took three runs. Every photo is checked before
   any is cut up, and every bad one named in one message (a count, the list capped with "and N more"), pointing to
   `tilelens label check DIR`. `label check` called an empty file "not a readable image (damaged...)" where `read`
   says "empty file": one wording (``vision.image_io.empty_file``).
2. `label import roboflow.zip --from coco DIR` said "not valid JSON (not UTF-8 text)": a zip is unzipped into a
   folder of its own beside the dataset, imported, and removed; a zip that would write outside that folder, or
   unzip to more than ``archive.MAX_BYTES`` or ``archive.MAX_FILES``, is refused before anything is written.
   `label init` on a folder with photos.zip in it said nothing of it: one line says it was left zipped.
"""
from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo

from label_helpers import FixedReader, coco_of_one_photo, make_dataset, run
from test_label_roboflow_coco import roboflow_coco

NAMES = ("1m", "2m", "3m")


def _dataset(root: Path, n: int = 6) -> Path:
    """``n`` labelled noisy JPEGs (enough bytes to be cut short), two kinds each, in ``root`` (tokyo-mahjong)."""
    rng = np.random.default_rng(0)
    images = []
    for i in range(n):
        rel = f"images/train/p{i}.jpg"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(rng.integers(0, 255, (120, 200, 3), np.uint8)).save(root / rel, quality=90)
        images.append(LabelledImage(rel, (200, 120), (Box("1m", (0.1, 0.2, 0.3, 0.8)),
                                                      Box("2m", (0.5, 0.2, 0.7, 0.8)))))
    write_yolo(Dataset(NAMES, tuple(images), "tokyo-mahjong"), root)
    return root


def _spoil(root: Path) -> list[str]:
    """A photo cut short, one emptied and one replaced by text, as W3 found them: their paths in ``root``."""
    photos = root / "images" / "train"
    data = (photos / "p1.jpg").read_bytes()
    (photos / "p1.jpg").write_bytes(data[: len(data) // 2])
    (photos / "p2.jpg").write_bytes(b"")
    (photos / "p4.jpg").write_text("not a photo")
    return ["images/train/p1.jpg", "images/train/p2.jpg", "images/train/p4.jpg"]


@pytest.fixture
def nothing_cut(monkeypatch, tmp_path):
    """No photo is cut up: the photos are checked first. No detector (labels only)."""
    import vision.cropset

    def never(*args, **kwargs):
        raise AssertionError("the photos were cut up before they were checked")

    monkeypatch.setattr(vision.cropset, "from_dir", never)
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))


# ---------------------------------------------------------------- 1. every bad photo named at once

@pytest.mark.parametrize("language", ["en", "ja"])
def test_enroll_names_every_photo_it_cannot_read_in_one_message(tmp_path, cli_env, capsys, nothing_cut, language):
    cli_env(TILELENS_LANG=language)
    root = _dataset(tmp_path / "ds")
    bad = _spoil(root)
    code, out, err = run(capsys, "enroll", "--name", "club", "--data", root, "--epochs", "1")
    assert code == 2 and "Traceback" not in err, err
    (line,) = [line for line in err.splitlines() if line.startswith("tilelens enroll: ")]
    assert all(line.count(photo) == 1 for photo in bad), line
    assert f"tilelens label check {root}" in line, line
    if language == "en":
        assert f"3 photos of {root} cannot be read" in line and "empty file, not an image" in line, line
    else:
        assert f"{root} の写真 3枚が読めない" in line and "空のファイルで、写真ではありません" in line, line


@pytest.mark.parametrize("language, more", [("en", "(and 2 more)"), ("ja", "(ほか 2枚)")])
def test_a_long_list_of_bad_photos_is_cut_at_five(tmp_path, cli_env, capsys, nothing_cut, language, more):
    cli_env(TILELENS_LANG=language)
    root = _dataset(tmp_path / "ds", 8)
    for i in range(7):
        (root / f"images/train/p{i}.jpg").write_bytes(b"")
    code, out, err = run(capsys, "enroll", "--name", "club", "--data", root, "--epochs", "1")
    assert code == 2 and more in err, err
    assert "7" in err and sum(f"images/train/p{i}.jpg" in err for i in range(7)) == 5, err
    assert "p7.jpg" not in err


def test_a_photo_with_no_label_file_is_not_checked(tmp_path, cli_env, capsys, nothing_cut):
    """Enrolment learns the labelled photos only: an unlabelled one it never reads is no reason to refuse."""
    root = _dataset(tmp_path / "ds")
    (root / "images/train/p2.jpg").write_bytes(b"")
    (root / "labels/train/p2.txt").unlink()
    with pytest.raises(AssertionError, match="cut up"):  # checked, and on to cutting the crops
        run(capsys, "enroll", "--name", "club", "--data", root, "--epochs", "1")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_label_teach_names_every_accepted_photo_it_cannot_read(tmp_path, cli_env, capsys, nothing_cut, language):
    cli_env(TILELENS_LANG=language)
    root = _dataset(tmp_path / "ds")
    for i in range(6):
        set_done(root, f"images/train/p{i}.jpg")
    bad = _spoil(root)  # accepted, then spoilt (copied again, a sync cut short)
    code, out, err = run(capsys, "label", "teach", root, "--name", "club", "--epochs", "1")
    assert code == 2 and "Traceback" not in err, err
    (line,) = [line for line in err.splitlines() if line.startswith("tilelens label: ")]
    assert all(line.count(photo) == 1 for photo in bad), line
    assert f"tilelens label check {root}" in line and "--undo" in line, line
    assert (f"3 photos of {root} cannot be read" if language == "en" else f"{root} の写真 3枚が読めない") in line


@pytest.mark.parametrize("language, said", [("en", "images/train/p2.jpg: empty file, not an image"),
                                            ("ja", "images/train/p2.jpg: 空のファイルで、写真ではありません")])
def test_label_check_calls_an_empty_file_as_read_does(tmp_path, cli_env, capsys, language, said):
    cli_env(TILELENS_LANG=language)
    root = _dataset(tmp_path / "ds")
    (root / "images/train/p2.jpg").write_bytes(b"")
    code, out, err = run(capsys, "label", "check", root)
    assert code == 1 and said in out, out
    code, out, err = run(capsys, "label", "check", root, "--json")
    issue = next(i for i in json.loads(out)["issues"] if i["kind"] == "unreadable-photo")
    assert issue["message"] == "empty file, not an image: copy the photo again", issue


def test_read_and_check_say_an_empty_file_in_the_same_words(tmp_path):
    from tilelens.labelling.yolo import LabelFileError, image_size
    from vision.image_io import ImageError, check_whole, load_image

    empty = tmp_path / "a.jpg"
    empty.write_bytes(b"")
    said = set()
    for reading, error in ((load_image, ImageError), (check_whole, ImageError), (image_size, LabelFileError)):
        with pytest.raises(error) as caught:
            reading(empty)
        said.add((str(caught.value).split(": ", 1)[1], caught.value.message_ja.split(": ", 1)[1]))
    assert said == {("empty file, not an image: copy the photo again", "空のファイルで、写真ではありません。写真をコピーし直してください。")}, said


# ---------------------------------------------------------------- 2. zip files

def _zip(folder: Path, target: Path, top: str = "") -> Path:
    """``folder``'s files zipped into ``target`` (under ``top/`` where given), as a download arrives."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, top + path.relative_to(folder).as_posix())
    return target


@pytest.mark.parametrize("top", ["", "mahjong.v1i.coco/"])
def test_a_zipped_roboflow_coco_download_is_imported_and_unzipped_nowhere(tmp_path, capsys, top):
    photos = roboflow_coco(tmp_path / "dl")
    zipped = _zip(tmp_path / "dl", tmp_path / "roboflow.zip", top)
    (tmp_path / "work").mkdir()
    ds = tmp_path / "work" / "ds"
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", ds)
    assert code == 0, err
    assert (ds / "images/train" / photos["train"]).is_file() and (ds / "images/val" / photos["valid"]).is_file()
    assert (ds / "images/test" / photos["test"]).is_file()
    assert sorted(p.name for p in (tmp_path / "work").iterdir()) == ["ds"]  # the unzipped copy removed
    assert "3 photos labelled" in out and "tmp" not in err.replace(str(tmp_path), ""), (out, err)
    assert "roboflow.zip/" in out and "unzip-" not in out, out  # each split named in the zip, not where it went


def test_a_zip_with_one_coco_file_anywhere_is_imported(tmp_path, capsys):
    coco_of_one_photo(tmp_path / "export")
    zipped = _zip(tmp_path / "export", tmp_path / "export.zip", "result/")
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", tmp_path / "ds")
    assert code == 0 and (tmp_path / "ds/images/train/far.jpg").is_file(), err


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_zip_that_writes_outside_its_folder_is_refused_and_nothing_written(tmp_path, cli_env, capsys, language):
    cli_env(TILELENS_LANG=language)
    zipped = tmp_path / "evil.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr("train/_annotations.coco.json", "{}")
        z.writestr("../../escaped.json", "{}")
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", tmp_path / "ds")
    assert code == 2 and "Traceback" not in err, err
    assert "evil.zip" in err and "../../escaped.json" in err, err
    assert ("outside" in err) if language == "en" else ("外" in err)
    assert not (tmp_path.parent / "escaped.json").exists() and not (tmp_path / "ds").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["evil.zip"]


def test_a_zip_holding_a_link_is_refused(tmp_path, capsys):
    zipped = tmp_path / "linked.zip"
    link = zipfile.ZipInfo("train/photo.jpg")
    link.external_attr = 0o120777 << 16  # a symbolic link to /etc/passwd, as `zip --symlinks` stores one
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr(link, "/etc/passwd")
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", tmp_path / "ds")
    assert code == 2 and "links" in err and "train/photo.jpg" in err and not (tmp_path / "ds").exists(), err


@pytest.mark.parametrize("limit, said", [("MAX_BYTES", "unzips to"), ("MAX_FILES", "files")])
def test_a_zip_too_large_or_of_too_many_files_is_refused_before_it_is_unzipped(tmp_path, capsys, monkeypatch,
                                                                             limit, said):
    from tilelens.labelling import archive

    monkeypatch.setattr(archive, limit, 2 if limit == "MAX_FILES" else 1000)
    roboflow_coco(tmp_path / "dl")
    zipped = _zip(tmp_path / "dl", tmp_path / "roboflow.zip")
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", tmp_path / "ds")
    assert code == 2 and "roboflow.zip" in err and said in err and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dl", "roboflow.zip"]


def test_a_file_named_zip_that_is_not_one_is_said_so(tmp_path, capsys):
    fake = tmp_path / "roboflow.zip"
    fake.write_bytes(b"PK\x03\x04 cut short")
    code, out, err = run(capsys, "label", "import", fake, "--from", "coco", tmp_path / "ds")
    assert code == 2 and "roboflow.zip" in err and "zip" in err and "JSON" not in err, err


def test_a_zipped_yolo_dataset_is_said_to_be_unzipped_and_used_as_it_is(tmp_path, capsys):
    make_dataset(tmp_path / "yolo")
    zipped = _zip(tmp_path / "yolo", tmp_path / "yolo.zip")
    code, out, err = run(capsys, "label", "import", zipped, "--from", "coco", tmp_path / "ds")
    assert code == 2 and "data.yaml" in err and "unzip" in err and not (tmp_path / "ds").exists(), err


@pytest.mark.parametrize("language, said", [("en", "left as it is"), ("ja", "展開")])
def test_label_init_says_once_that_a_zip_in_the_folder_was_left_zipped(tmp_path, cli_env, capsys, monkeypatch,
                                                                       language, said):
    cli_env(TILELENS_LANG=language)
    import tilelens.labelling.prelabel as prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: FixedReader())
    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (64, 48), (90, 140, 90)).save(folder / "a.jpg")
    with zipfile.ZipFile(folder / "photos.zip", "w") as z:
        z.writestr("b.jpg", b"x")
    code, out, err = run(capsys, "label", "init", folder, "--game", "tokyo-mahjong")
    lines = [line for line in err.splitlines() if "photos.zip" in line]
    assert len(lines) == 1 and said in lines[0] and "Traceback" not in err, err
    assert (folder / "photos.zip").is_file()
