"""`tilelens label`'s exit status says what its --help says, alike in every action: 1 where something was left out and
named (a photo init skipped, a photo or label file an export left out, a photo `accept --all` could not accept), 2
where nothing could be done (an export with no photo to write: refused, nothing written, in one line). A label file or
a photo that is a folder is said to be one, in the language of the run, not in the system's English."""
from __future__ import annotations

import re
import shutil

import pytest
from PIL import Image

from label_helpers import FixedReader, make_dataset, plain_photos, run

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def fixed_reader(monkeypatch):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


def _lines(err: str) -> list[str]:
    return [line for line in err.replace("\r", "\n").splitlines() if line.strip()]


# ---- an export with no photo: refused, nothing written ----------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_export_of_a_dataset_whose_photos_are_gone_writes_nothing_and_says_so_in_one_line(tmp_path, cli_env,
                                                                                            capsys, lang):
    cli_env(TILELENS_LANG=lang)
    root = tmp_path / "ds"
    make_dataset(root)
    shutil.rmtree(root / "images")  # the photos moved away, their labels left
    out_file = tmp_path / "out.json"
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", out_file)
    assert code == 2, err
    assert not out_file.exists() and out == ""  # no file, and no "next: import it back"
    [line] = _lines(err)
    assert str(root) in line and "images/train" in line
    if lang == "en":
        assert "no photo to export" in line and "nothing written" in line
    else:
        assert "書き出す写真がありません" in line and JAPANESE.search(line.split(str(root))[-1])


def test_an_accepted_only_export_with_nothing_accepted_writes_nothing(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    out_file = tmp_path / "out.json"
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", out_file, "--accepted-only")
    assert code == 2 and not out_file.exists() and out == "", err
    [line] = _lines(err)
    assert "none of its 3 photos is accepted" in line and f"tilelens label accept {root} --all" in line


def test_an_export_that_left_a_photo_out_exits_1_and_one_that_left_none_0(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", tmp_path / "whole.json")
    assert code == 0, err
    (root / "images/train/a.jpg").write_bytes(b"not a photo at all")
    out_file = tmp_path / "out.json"
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", out_file)
    assert code == 1, err
    assert out_file.is_file() and "images/train/a.jpg" in err  # the rest written, the one left out named


# ---- accept --all and init: what was left out makes it 1 -------------------------------------------------------

def test_accept_all_that_accepts_nothing_for_want_of_labels_exits_1(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)
    shutil.rmtree(root / "labels")
    code, out, err = run(capsys, "label", "accept", root, "--all")
    assert code == 1, out + err
    assert "not pre-labelled yet" in err


def test_init_that_skipped_a_photo_exits_1_as_import_does(tmp_path, fixed_reader, capsys):
    d = plain_photos(tmp_path / "lab", 2)
    (d / "broken.jpg").write_bytes(b"\xff\xd8 not a jpeg at all")
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 1, err
    assert "skipped broken.jpg" in err and (d / "labels/train/p0.txt").is_file()  # the others pre-labelled


def test_init_again_over_a_photo_filed_already_exits_0(tmp_path, fixed_reader, capsys):
    """The phone's folder filed again with a new photo: the old one, a copy of one the dataset holds, is skipped and
    named, but is nothing to see to."""
    d = plain_photos(tmp_path / "lab", 1)
    keep = (d / "p0.jpg").read_bytes()
    assert run(capsys, "label", "init", d, "--game", "nogizaka")[0] == 0
    (d / "p0.jpg").write_bytes(keep)
    Image.new("RGB", (160, 120), (200, 30, 30)).save(d / "new.jpg")
    code, _, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert "skipped p0.jpg: the same photo as" in err, err
    assert code == 0, err


@pytest.mark.parametrize("lang, said", [
    ("en", ("`init` or `import` skipped photos", "`export` left photos or label files out", "nothing to export")),
    ("ja", ("`init` か `import` が写真を飛ばした", "`export` が写真かラベルファイルを書き出しから外した",
            "書き出す写真がない")),
])
def test_the_help_says_every_exit_1(cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang, COLUMNS="400")  # one line: the words unbroken
    code, out, _ = run(capsys, "label", "--help")
    assert code == 0
    for words in said:
        assert words in out, out


# ---- a folder where a file belongs ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_init_over_a_label_file_that_is_a_folder_says_so_in_plain_words(tmp_path, fixed_reader, cli_env, capsys,
                                                                         lang):
    cli_env(TILELENS_LANG=lang)
    d = tmp_path / "lab"
    plain_photos(d / "images/train", 1)  # filed already: a loose photo would be filed beside the folder's name
    (d / "labels/train/p0.txt").mkdir(parents=True)
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 2, err
    [line] = _lines(err)
    assert "labels/train/p0.txt" in line and "Is a directory" not in line and "Traceback" not in err
    if lang == "en":
        assert "is a folder where the label file of images/train/p0.jpg belongs" in line
    else:
        assert "フォルダ" in line and "images/train/p0.jpg" in line


@pytest.mark.parametrize("lang, said", [("en", "a folder, not an image file"), ("ja", "フォルダで、写真のファイルではありません")])
def test_a_photo_that_is_a_folder_is_said_to_be_one(tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "images/train/b.png").unlink()
    (root / "images/train/b.png").mkdir()
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", tmp_path / "out.json")
    [line] = [line for line in _lines(err) if "images/train/b.png" in line]
    assert said in line and "unknown or unsupported format" not in line and "形式が不明" not in line, line
    assert "。。" not in err  # the reader's sentence and the export's joined once


def test_an_unreadable_photo_left_out_of_an_export_is_one_sentence_then_the_next_in_japanese(tmp_path, cli_env,
                                                                                              capsys):
    cli_env(TILELENS_LANG="ja")
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "images/train/a.jpg").write_bytes(b"not a photo at all")
    code, out, err = run(capsys, "label", "export", root, "--to", "coco", tmp_path / "out.json")
    [line] = [line for line in _lines(err) if "images/train/a.jpg" in line]
    assert "。書き出しから外しました" in line and "。。" not in line, line
