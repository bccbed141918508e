"""A tile set whose files are not what they say: another model copied in as its classifier, a classifier that
cannot be read, a damaged JSON beside a model, a tileset.json naming a game tilelens does not know. Each said
in one line naming the file, in both languages; never onnxruntime's traceback or its raw words."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.result import TilelensInputError
from tilelens.cli import main as tilelens_main
from vision.classifier import Classifier, ClassifierFileError

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"
HK = MODELS / "tilesets" / "hk-mahjong"
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _pair(tmp_path: Path, onnx: Path, spec: Path, stem: str = "classifier") -> Path:
    """``stem.onnx`` copied from ``onnx`` beside ``stem.json`` copied from ``spec``."""
    shutil.copyfile(onnx, tmp_path / f"{stem}.onnx")
    shutil.copyfile(spec, tmp_path / f"{stem}.json")
    return tmp_path / f"{stem}.onnx"


@pytest.mark.parametrize("model", ["detector.onnx", "orient.onnx", "classifier-nogizaka.onnx"],
                         ids=["detector", "orient", "other-game"])
def test_another_model_beside_a_classifiers_json_is_refused_on_load(tmp_path, model):
    """A detector (input `images`), an orientation model (40 px crops, 2 classes) or another game's classifier
    (64 px crops, 17 kinds) copied in as the tile set's classifier.onnx: onnxruntime's traceback at the first
    photo ("Required inputs (['images']) are missing", "index: 3 Got: 48 Expected: 40")."""
    path = _pair(tmp_path, MODELS / model, HK / "classifier.json")
    with pytest.raises(ClassifierFileError) as refused:
        Classifier.load(path)
    said = str(refused.value)
    assert said.startswith(f"{path}: not the classifier") and "classifier.json" in said
    assert "ONNXRuntimeError" not in said and JA.search(refused.value.message_ja)


@pytest.mark.parametrize("onnx, spec", [
    (HK / "classifier.onnx", HK / "classifier.json"), (HK / "orient.onnx", HK / "orient.json"),
    (MODELS / "orient.onnx", MODELS / "orient.json"), (MODELS / "boxcheck.onnx", MODELS / "boxcheck.json"),
    *[(p, p.with_suffix(".json")) for p in sorted(MODELS.glob("classifier-*.onnx"))]],
    ids=lambda p: p.parent.name + "/" + p.name)
def test_every_shipped_model_still_loads_and_reads(onnx, spec):
    clf = Classifier.load(onnx)
    size = clf.spec.crop_size
    guesses = clf.classify_crops(np.zeros((2, size, size, 3), np.uint8))
    assert len(guesses) == 2 and all(g.kind in clf.spec.classes for g in guesses)


def _tileset(root: Path, name: str = "ts", **meta) -> Path:
    """A tile set ``name`` under ``root/tilesets`` with the shipped hk-mahjong set's files, ``meta`` over its
    tileset.json; the shipped detector beside it."""
    folder = root / "tilesets" / name
    shutil.copytree(HK, folder)
    data = json.loads((folder / "tileset.json").read_text(encoding="utf-8"))
    data.update(meta)
    (folder / "tileset.json").write_text(json.dumps(data), encoding="utf-8")
    if not (root / "detector.onnx").exists():
        shutil.copyfile(MODELS / "detector.onnx", root / "detector.onnx")
    return folder


@pytest.fixture
def photo(tmp_path):
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), np.full((120, 160, 3), 90, np.uint8))
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_read_with_a_detector_copied_in_as_the_classifier_says_so(tmp_path, capsys, monkeypatch, photo, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    folder = _tileset(tmp_path / "models")
    shutil.copyfile(MODELS / "detector.onnx", folder / "classifier.onnx")
    rc = tilelens_main(["read", "--tileset", "ts", "--models", str(tmp_path / "models"), str(photo)])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err and str(folder / "classifier.onnx") in err
    assert len(err.strip().splitlines()) == 1 and "ONNXRuntimeError" not in err
    assert bool(JA.search(err)) == (lang == "ja")


def test_a_damaged_orient_json_is_said_as_json_at_its_line(tmp_path):
    path = _pair(tmp_path, MODELS / "orient.onnx", MODELS / "orient.json", "orient")
    path.with_suffix(".json").write_text('{\n  "classes": ["upright",\n  oops\n}\n', encoding="utf-8")
    from vision.orient import Orientation, OrientationError

    with pytest.raises(TilelensInputError) as refused:
        Orientation.load(path)
    said = str(refused.value)
    assert said.startswith(f"{path.with_suffix('.json')}: not valid JSON") and "line 3" in said
    assert "JSONDecodeError" not in said and "Error" not in said and JA.search(refused.value.message_ja)
    assert "3" in refused.value.message_ja
    assert isinstance(refused.value, (ClassifierFileError, OrientationError))


def test_a_spec_that_is_no_utf8_is_said_not_a_traceback(tmp_path):
    path = _pair(tmp_path, HK / "classifier.onnx", HK / "classifier.json")
    path.with_suffix(".json").write_bytes(b"\xff\xfe{ bad")
    with pytest.raises(ClassifierFileError) as refused:
        Classifier.load(path)
    assert str(path.with_suffix(".json")) in str(refused.value) and "Error" not in str(refused.value)


_UNREADABLE = """
import sys
from vision.classifier import Classifier, ClassifierFileError
try:
    Classifier.load(sys.argv[1])
except ClassifierFileError as exc:
    print(exc); print(exc.message_ja)
"""


def _without_root_powers() -> list[str]:
    """The prefix that runs a command without root's right to read any file: none where one is not root."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if not setpriv:
        pytest.skip("root, and no setpriv to drop the right to read any file")
    return [setpriv, "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="file modes say little here")
@pytest.mark.parametrize("which", ["classifier.onnx", "classifier.json"])
def test_a_classifier_that_cannot_be_read_is_said_so(tmp_path, which):
    """onnxruntime's "[ONNXRuntimeError] : 1 : FAIL : Load model from ... failed:system error number 13"."""
    path = _pair(tmp_path, HK / "classifier.onnx", HK / "classifier.json")
    (tmp_path / which).chmod(0)
    done = subprocess.run([*_without_root_powers(), sys.executable, "-c", _UNREADABLE, str(path)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    en, ja = (done.stdout.strip().splitlines() + ["", ""])[:2]
    assert en == f"{tmp_path / which}: cannot be read (permission denied)", (done.stdout, done.stderr)
    assert ja.startswith(f"{tmp_path / which}: ") and JA.search(ja)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tileset_naming_a_game_tilelens_does_not_know_names_the_set(tmp_path, capsys, monkeypatch, photo, lang):
    """`unknown game 'nope' (... a game of your own: give its file (--game path/to/game.toml))`: neither the set
    nor the file that names the game was said, and --game is no option of `read --tileset`."""
    monkeypatch.setenv("TILELENS_LANG", lang)
    folder = _tileset(tmp_path / "models", game="nope")
    rc = tilelens_main(["read", "--tileset", "ts", "--models", str(tmp_path / "models"), str(photo)])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err
    assert ("「ts」" if lang == "ja" else "'ts'") in err and str(folder / "tileset.json") in err and ("「nope」" if lang == "ja" else "'nope'") in err
    assert "--game path/to/game.toml" not in err and bool(JA.search(err)) == (lang == "ja")


def test_a_classifier_in_the_orientation_models_place_is_said_in_both_languages(tmp_path):
    from vision.orient import Orientation, OrientationError

    path = _pair(tmp_path, MODELS / "classifier-nogizaka.onnx", MODELS / "classifier-nogizaka.json", "orient")
    with pytest.raises(OrientationError) as refused:
        Orientation.load(path)
    assert str(refused.value).startswith(f"{path}: not an orientation model") and JA.search(refused.value.message_ja)
