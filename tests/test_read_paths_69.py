"""`tilelens read`'s model paths, and a tile set's broken files, said in plain words in the language of the run: a
--models that is not there or is a file (not "no classifier: train one into this folder"), a --detector that is a
folder (not "not found"), a classifier.json holding no description (not Python's TypeError), a tileset.json that is
no JSON (not Python's English inside the Japanese), and a tile set's orientation model gone, with what to do."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens

MODELS = Path(__file__).resolve().parents[1] / "models"
HK = MODELS / "tilesets" / "hk-mahjong"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _run(capsys, *argv) -> tuple[int, str]:
    try:
        code = tilelens([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().err


@pytest.fixture
def photo(tmp_path) -> Path:
    path = tmp_path / "hand.png"
    Image.new("RGB", (64, 48), (90, 140, 90)).save(path)
    return path


@pytest.fixture
def set_x(tmp_path) -> Path:
    """A models folder (the shipped detector, linked) holding a copy of the hk-mahjong tile set named x."""
    models = tmp_path / "models"
    folder = models / "tilesets" / "x"
    folder.mkdir(parents=True)
    (models / "detector.onnx").symlink_to(MODELS / "detector.onnx")
    for f in HK.iterdir():
        shutil.copy(f, folder / f.name)
    meta = json.loads((folder / "tileset.json").read_text(encoding="utf-8"))
    (folder / "tileset.json").write_text(json.dumps({**meta, "name": "x"}), encoding="utf-8")
    return folder


@pytest.mark.parametrize("lang, said", [("en", "no such folder"), ("ja", "フォルダがありません")])
def test_models_not_there_is_said_so(photo, tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, err = _run(capsys, "read", photo, "--game", "nogizaka", "--models", tmp_path / "nosuchdir")
    assert code == 2 and said in err and str(tmp_path / "nosuchdir") in err, err
    assert "train" not in err and "classifier-nogizaka" not in err, err


@pytest.mark.parametrize("lang, said", [("en", "is a file, not a folder"), ("ja", "ファイルで、フォルダではありません")])
def test_models_that_is_a_file_is_said_so(photo, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    code, err = _run(capsys, "read", photo, "--game", "nogizaka", "--models", photo)
    assert code == 2 and said in err and "classifier-nogizaka" not in err, err


@pytest.mark.parametrize("lang, said", [("en", "is a folder, not a detector model"), ("ja", "フォルダです")])
def test_a_detector_that_is_a_folder_is_said_so(photo, tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    (tmp_path / "somedir.onnx").mkdir()
    code, err = _run(capsys, "read", photo, "--game", "nogizaka", "--detector", tmp_path / "somedir.onnx")
    assert code == 2 and said in err and "not found" not in err and "見つかりません" not in err, err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_classifier_description_that_is_a_list_is_said_in_plain_words(photo, set_x, cli_env, capsys, lang):
    cli_env(TILELENS_LANG=lang)
    (set_x / "classifier.json").write_text("[]", encoding="utf-8")
    code, err = _run(capsys, "read", photo, "--tileset", "x", "--models", set_x.parents[1])
    assert code == 2 and "classifier.json" in err, err
    for python in ("TypeError", "list indices", "integers or slices"):
        assert python not in err, err
    if lang == "en":
        assert "not a classifier's description" in err and "copy it again with its model" in err, err
    else:
        assert "分類モデルの説明ファイル" in err and "コピーし直して" in err, err


def test_a_classifier_description_missing_its_classes_names_the_field(photo, set_x, capsys):
    (set_x / "classifier.json").write_text('{"name": "x"}', encoding="utf-8")
    code, err = _run(capsys, "read", photo, "--tileset", "x", "--models", set_x.parents[1])
    assert code == 2 and 'no "classes"' in err and "KeyError" not in err, err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tileset_json_that_is_no_json_is_said_in_the_run_s_language(photo, set_x, cli_env, capsys, lang):
    cli_env(TILELENS_LANG=lang)
    (set_x / "tileset.json").write_text('{"name": bad', encoding="utf-8")
    code, err = _run(capsys, "read", photo, "--tileset", "x", "--models", set_x.parents[1])
    assert code == 2 and "tileset.json" in err and "Expecting value" not in err and "char 9" not in err, err
    if lang == "en":
        assert "cannot be read as a tile set (not valid JSON at line 1, column 10)" in err, err
    else:
        assert "1行目 10文字目" in err and not re.search(r"\([A-Za-z ]+:", err), err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_sets_orientation_model_gone_says_what_to_do(photo, set_x, cli_env, capsys, lang):
    cli_env(TILELENS_LANG=lang)
    (set_x / "orient.onnx").unlink()
    code, err = _run(capsys, "read", photo, "--tileset", "x", "--models", set_x.parents[1])
    assert code == 2 and str(set_x / "orient.onnx") in err, err
    assert "tilelens enroll --name x --data" in err and "--orient-only" in err, err
    assert f"--models {set_x.parents[1]}" in err, err  # the set is in that folder: the command must find it
    if lang == "en":
        assert "put it back" in err, err
    else:
        assert JAPANESE.search(err.split(":", 1)[1]) and "戻す" in err, err
