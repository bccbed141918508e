"""A detector knows two classes, ``0 tile`` and ``1 back``. `tilelens train detector` on a dataset labelled by tile
kind (17 Nogizaka kinds) trained a 17-class model and exited 0, and `read --detector` with it then said "no tiles
found (... photograph the hand closer)". The dataset is now refused before any training, naming its classes, what a
detector dataset is and which command makes one; and a model whose classes are not tile and back is refused where
it is loaded, in one line."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens
from vision import train as train_mod
from vision.detector import Detector, ModelError, default_model

KINDS = ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona", "himetan", "miria",
         "kotoko", "ashu", "almighty-pink", "almighty-lightblue", "almighty-yellow", "almighty-green", "almighty-god"]
PHOTO = sorted((Path(__file__).parent / "vision" / "data" / "detector" / "images").glob("*.jpg"))[0]


@pytest.fixture
def trained(monkeypatch):
    """What training would have been handed: nothing here is trained (a refusal comes before)."""
    calls = []
    monkeypatch.setattr(train_mod, "train_detector", lambda *a, **k: calls.append(a) or Path("last.pt"))
    monkeypatch.setattr(train_mod, "export_onnx", lambda w, dest, imgsz: dest)
    return calls


def _dataset(folder: Path, names) -> Path:
    """A labelled set of one photo (label class 0) under ``names``, as the Label page or `synth` writes one."""
    (folder / "images" / "train").mkdir(parents=True)
    (folder / "labels" / "train").mkdir(parents=True)
    shutil.copy(PHOTO, folder / "images" / "train" / "a.jpg")
    (folder / "labels" / "train" / "a.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    listed = "".join(f"  {i}: {n}\n" for i, n in enumerate(names))
    (folder / "data.yaml").write_text(f"train: images/train\nval: images/train\nnames:\n{listed}game: nogizaka\n")
    return folder / "data.yaml"


@pytest.mark.parametrize("lang, words", [
    ("en", ("17 classes (misa-senpai, sayurin, maimai", "0 tile and 1 back", "tilelens synth", "tilelens enroll")),
    ("ja", ("17種類 (misa-senpai、sayurin、maimai", "0 tile と 1 back", "tilelens synth", "tilelens enroll"))])
def test_a_dataset_of_tile_kinds_is_refused_before_training(tmp_path, capsys, monkeypatch, trained, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    data = _dataset(tmp_path / "p0", KINDS)
    out = tmp_path / "runs" / "d1"
    assert tilelens(["train", "detector", "--data", str(data), "--epochs", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert trained == [] and not out.exists()
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith(f"tilelens train: --data {data} ")
    for word in words:
        assert word in err, err


def test_the_folder_of_such_a_dataset_is_refused_too(tmp_path, capsys, trained):
    _dataset(tmp_path / "p0", ["rarin", "maimai"])  # two kinds: as many classes as a detector's, other names
    assert tilelens(["train", "detector", "--data", str(tmp_path / "p0"), "--out", str(tmp_path / "d")]) == 2
    assert "2 classes (rarin, maimai)" in capsys.readouterr().err and trained == []


@pytest.mark.parametrize("names", [["tile", "back"], ["tile"]])
def test_a_detector_dataset_goes_on_to_training(tmp_path, trained, names):
    data = _dataset(tmp_path / "det", names)
    assert tilelens(["train", "detector", "--data", str(data), "--out", str(tmp_path / "d")]) == 0
    assert len(trained) == 1


def _model_named(tmp_path: Path, names: dict[int, str]) -> Path:
    """The shipped detector with other class names in its metadata (as Ultralytics writes them)."""
    onnx = pytest.importorskip("onnx")
    model = onnx.load(str(default_model()))
    for prop in model.metadata_props:
        if prop.key == "names":
            prop.value = repr(names)
    path = tmp_path / "kinds-detector.onnx"
    onnx.save(model, str(path))
    return path


def test_a_model_of_other_classes_is_refused_where_it_is_loaded(tmp_path):
    path = _model_named(tmp_path, {0: "rarin", 1: "maimai"})
    with pytest.raises(ModelError) as raised:
        Detector.load(path)
    said = str(raised.value)
    assert str(path) in said and "2 classes (rarin, maimai)" in said and "0 tile and 1 back" in said, said
    assert "0 tile と 1 back" in raised.value.message_ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_read_with_such_a_model_says_so_in_one_line(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    path = _model_named(tmp_path, {0: "rarin", 1: "maimai"})
    assert tilelens(["read", str(PHOTO), "--game", "nogizaka", "--detector", str(path)]) == 2
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and str(path) in err and "Traceback" not in err, err
    assert ("0 tile and 1 back" if lang == "en" else "0 tile と 1 back") in err, err
    assert "no tiles found" not in err and "見つかりません" not in err


def test_the_shipped_detector_loads_as_before():
    assert Detector.load().names == {0: "tile", 1: "back"}
