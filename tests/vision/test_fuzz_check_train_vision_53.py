"""Session 53, a fuzz re-walk of the training commands:

4. `tilelens train` and `tilelens train frob` printed the kinds' usage alone, never naming `frob` as no kind;
5. `tilelens enroll --resume --work NOWHERE` and `--models READ_ONLY` read the labelled data for seconds and printed
   its warnings before refusing ("nothing to resume", "Permission denied"): refused first;
6. `tilelens train detector --init photo.jpg` said "(UnpicklingError: invalid load key, '8'.)": a photo is said to be
   no model file (.pt), in plain words;
7. `tilelens contact-sheet --out FILE` wrote over FILE in place (cut short, a cut PNG): written beside it and put in
   its place whole.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run as _run

from vision import enroll as enroll_module
from vision import train as train_module
from vision.train import TrainError

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
KINDS = ("detector", "classifier", "boxcheck", "orient", "quantize", "all")


@pytest.fixture
def lang(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    for key in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)

    def use(code: str) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
    use("en")
    return use


# ---------------------------------------------------------------- 4. train with no kind, or one it has not

def test_train_with_no_kind_says_to_name_one_after_the_usage(lang, capsys):
    code, out, err = _run(capsys, "train")
    assert code == 2 and not out and err.startswith("usage: tilelens train "), err
    assert err.splitlines()[-1] == ("tilelens train: error: name what to train: detector, classifier, boxcheck, "
                                    "orient, quantize or all")


def test_train_of_an_unknown_kind_names_it(lang, capsys):
    code, _, err = _run(capsys, "train", "frob")
    assert code == 2 and err.startswith("usage: tilelens train "), err
    assert err.splitlines()[-1] == ("tilelens train: error: 'frob' is no kind to train: choose detector, classifier, "
                                    "boxcheck, orient, quantize or all")


def test_train_of_a_misspelt_kind_asks_which_was_meant(lang, capsys):
    code, _, err = _run(capsys, "train", "detecter")
    assert code == 2 and err.splitlines()[-1].endswith("choose detector, classifier, boxcheck, orient, quantize or "
                                                       "all (did you mean detector?)"), err


def test_train_says_it_in_japanese(lang, capsys):
    lang("ja")
    code, _, err = _run(capsys, "train", "frob")
    assert code == 2 and err.startswith("使い方: tilelens train "), err
    last = err.splitlines()[-1]
    assert last.startswith("tilelens train: エラー: 「frob」は学習できるものではありません"), last
    assert all(kind in last for kind in KINDS)
    assert "  detector    YOLO の牌の検出器" in err  # the usage as every command's, in Japanese
    code, _, err = _run(capsys, "train")
    assert code == 2 and err.splitlines()[-1].startswith("tilelens train: エラー: 何を学習するか指定してください"), err


def test_train_help_is_still_the_kinds_on_stdout(lang, capsys):
    code, out, err = _run(capsys, "train", "--help")
    assert code == 0 and not err and out.startswith("usage: tilelens train ")
    assert all(f"  {kind} " in out for kind in KINDS) and "error:" not in out


# ---------------------------------------------------------------- 5. enroll's cheap refusals first

@pytest.fixture
def no_data_read(monkeypatch):
    """The labelled data must not be read (nor its warnings said): the refusal comes first."""
    def never(*args, **kwargs):
        raise AssertionError("the labelled data was read")

    import vision.cropset

    monkeypatch.setattr(vision.cropset, "from_dir", never)
    monkeypatch.setattr(enroll_module, "elsewhere_warned", never)
    monkeypatch.setattr(enroll_module, "accepted_said", never)


@pytest.mark.parametrize("language, said", [
    ("en", "nothing to resume: {last} does not exist"),
    ("ja", "再開する学習がありません: {last} がありません")])
def test_enroll_resume_with_no_run_is_refused_before_the_data_is_read(tmp_path, lang, capsys, no_data_read,
                                                                        language, said):
    lang(language)
    (tmp_path / "lab").mkdir()
    code, out, err = _run(capsys, "enroll", "--name", "x9", "--data", tmp_path / "lab", "--resume",
                          "--work", tmp_path / "nowork", "--models", tmp_path / "models")
    assert code == 2 and not out, err
    assert err.strip() == f"tilelens enroll: {said.format(last=tmp_path / 'nowork' / 'last.pt')}", err


@pytest.mark.parametrize("language, said", [
    ("en", "--models {models}: {where} cannot be written: the tile set is written there; give --models a folder "
           "you may write in"),
    ("ja", "--models {models}: {where} に書き込めません: 牌セットはそこに書き出します。書き込めるフォルダを --models に"
           "指定してください")])
def test_enroll_into_a_folder_it_cannot_write_is_refused_before_the_data_is_read(tmp_path, lang, capsys,
                                                                                   monkeypatch, no_data_read,
                                                                                   language, said):
    lang(language)
    (tmp_path / "lab").mkdir()
    ro = tmp_path / "ro"
    ro.mkdir()
    access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path) != ro and access(path, mode, **kw))
    code, out, err = _run(capsys, "enroll", "--name", "x1", "--data", tmp_path / "lab", "--models", ro,
                          "--work", tmp_path / "work", "--epochs", "1")
    assert code == 2 and not out, err
    assert err.strip() == f"tilelens enroll: {said.format(models=ro, where=ro)}", err
    assert not (ro / "tilesets").exists()


def test_enroll_with_a_work_folder_it_cannot_write_is_refused_before_the_data_is_read(tmp_path, lang, capsys,
                                                                                       monkeypatch, no_data_read):
    (tmp_path / "lab").mkdir()
    ro = tmp_path / "ro"
    ro.mkdir()
    access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path) != ro and access(path, mode, **kw))
    code, _, err = _run(capsys, "enroll", "--name", "x1", "--data", tmp_path / "lab", "--models",
                        tmp_path / "models", "--work", ro / "run", "--epochs", "1")
    assert code == 2 and f"--work {ro / 'run'}: {ro} cannot be written" in err, err


def test_enroll_where_a_file_stands_for_the_models_folder_is_refused_first(tmp_path, lang, capsys, no_data_read):
    (tmp_path / "lab").mkdir()
    (tmp_path / "models").write_text("x")
    code, _, err = _run(capsys, "enroll", "--name", "x1", "--data", tmp_path / "lab", "--models",
                        tmp_path / "models", "--work", tmp_path / "work")
    assert code == 2 and f"{tmp_path / 'models'} is a file, not a folder" in err, err


# ---------------------------------------------------------------- 6. --init a photo

@pytest.mark.parametrize("head, said, said_ja", [
    (b"\xff\xd8\xff\xe0\x00\x10JFIF", "a JPEG photo, not a model file (.pt)", "JPEG の写真で、モデルのファイル (.pt) ではありません"),
    (b"\x89PNG\r\n\x1a\n", "a PNG photo, not a model file (.pt)", "PNG の写真で、モデルのファイル (.pt) ではありません"),
    (b"hello, world", "not a model file (.pt) saved by PyTorch", "PyTorch が保存したモデルのファイル (.pt) ではありません"),
    (b"", "an empty file, not a model file (.pt)", "空のファイルで、モデルのファイル (.pt) ではありません")])
def test_a_file_that_is_no_model_is_said_in_plain_words(tmp_path, head, said, said_ja):
    path = tmp_path / "garbage.jpg"
    path.write_bytes(head + b"\x00" * 64 * bool(head))
    with pytest.raises(TrainError) as refused:
        train_module._read_checkpoint(path)
    assert str(refused.value) == f"{path}: {said}"
    assert refused.value.message_ja == f"{path}: {said_ja}"
    assert "Unpickling" not in str(refused.value) and "load key" not in str(refused.value)


def test_a_model_file_cut_short_is_said_so(tmp_path):
    path = tmp_path / "last.pt"
    path.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    with pytest.raises(TrainError) as refused:
        train_module._read_checkpoint(path)
    assert str(refused.value).startswith(f"{path}: a model file (.pt) that cannot be read: cut short or damaged")
    assert "PytorchStreamReader" not in str(refused.value) and JAPANESE.search(refused.value.message_ja)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_train_detector_init_a_photo_is_one_plain_line_before_training(tmp_path, lang, capsys, monkeypatch, language):
    lang(language)

    def never(*args, **kwargs):
        raise AssertionError("training started")

    monkeypatch.setattr(train_module, "train_detector", never)
    photo = tmp_path / "garbage.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(100))
    code, out, err = _run(capsys, "train", "detector", "--init", photo, "--smoke", "--out", tmp_path / "run")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert ("a JPEG photo, not a model file (.pt)" if language == "en" else "JPEG の写真で") in err, err
    assert "Unpickling" not in err and not (tmp_path / "run").exists()


# ---------------------------------------------------------------- 7. contact-sheet writes its PNG whole

@pytest.fixture
def quick_sheet(tmp_path, monkeypatch):
    """A 1 x 1 sheet of tiny pictures: no real photo read, no scene rendered."""
    from types import SimpleNamespace

    from vision.synth import contact

    real = tmp_path / "real.jpg"
    real.write_bytes(b"x")
    monkeypatch.setattr(contact, "real_photos", lambda n, seed: [real] * n)
    monkeypatch.setattr(contact, "_read", lambda path: np.full((32, 32, 3), 90, np.uint8))
    monkeypatch.setattr(contact, "render_scene", lambda *a, **k: SimpleNamespace(image=np.full((32, 32, 3), 200,
                                                                                                np.uint8)))
    return contact


def test_contact_sheet_puts_a_new_file_in_place_of_the_old(tmp_path, quick_sheet):
    out = tmp_path / "cs.png"
    other = tmp_path / "other.png"
    other.write_bytes(b"old sheet")
    os.link(other, out)  # written in place, the other name of the same file would change too
    path, _ = quick_sheet.contact_sheet(out, rows=1, cols=1, thumb=16)
    assert path == out and out.read_bytes().startswith(b"\x89PNG") and other.read_bytes() == b"old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cs.png", "other.png", "real.jpg"]  # no temporary file left


def test_contact_sheet_cut_short_leaves_the_old_file_whole(tmp_path, quick_sheet, monkeypatch):
    out = tmp_path / "cs.png"
    out.write_bytes(b"old sheet")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        quick_sheet.contact_sheet(out, rows=1, cols=1, thumb=16)
    assert out.read_bytes() == b"old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cs.png", "real.jpg"]
