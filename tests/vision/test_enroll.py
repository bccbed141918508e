"""``tilelens enroll``: a tiny real enrolment (a few crops, one epoch) and its errors."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision.classifier import Classifier
from vision.enroll import class_attributes, mahjong_attrs

DATA = Path(__file__).parent / "data" / "classifier"


def _mosaic_crops():
    meta = json.loads((DATA / "hk-heldout-crops.json").read_text())
    mosaic = cv2.imread(str(DATA / "hk-heldout-crops.png"))
    s, cols = meta["size"], meta["cols"]
    crops = [mosaic[(j // cols) * s:(j // cols + 1) * s, (j % cols) * s:(j % cols + 1) * s]
             for j in range(len(meta["labels"]))]
    return crops, meta["labels"]


@pytest.fixture
def crop_folder(tmp_path):
    """Crops of three kinds laid out as DIR/<tile id>/*.png."""
    crops, labels = _mosaic_crops()
    root = tmp_path / "crops"
    for j, (crop, kind) in enumerate(zip(crops, labels)):
        if kind in {"1m", "5m", "7z"}:
            (root / kind).mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(root / kind / f"{j}.png"), crop)
    return root


def test_enroll_smoke_writes_a_tileset_that_loads(crop_folder, tmp_path, capsys):
    models = tmp_path / "models"
    rc = tilelens(["enroll", "--name", "tiny", "--data", str(crop_folder), "--epochs", "1", "--width", "8",
                   "--crop-size", "32", "--models", str(models), "--work", str(tmp_path / "run")])
    assert rc == 0
    out = models / "tilesets" / "tiny"
    meta = json.loads((out / "tileset.json").read_text())
    assert meta["kinds"] == ["1m", "5m", "7z"] and meta["crops"] == 6
    clf = Classifier.load(out / "classifier.onnx")
    assert clf.spec.classes == ("1m", "5m", "7z") and clf.spec.heads == {"suit": ("m", "z")}
    guesses = clf.classify_crops(np.zeros((2, 32, 32, 3), np.uint8))
    assert len(guesses) == 2 and guesses[0].kind in clf.spec.classes
    assert set(guesses[0].confidence) == {"kind", "suit"}
    assert (out / "classifier.pt").is_file() and "tiny" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["--name", "Bad Name!"], "must be lower-case"),
    (["--name", "x", "--base", "no-such-game"], "unknown base"),
])
def test_enroll_rejects_bad_requests(crop_folder, tmp_path, capsys, args, message):
    rc = tilelens(["enroll", "--data", str(crop_folder), "--models", str(tmp_path), *args])
    assert rc == 2 and message in capsys.readouterr().err


def test_enroll_needs_two_kinds_and_an_existing_folder(tmp_path, capsys):
    (tmp_path / "one" / "1m").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "one" / "1m" / "a.png"), np.zeros((40, 30, 3), np.uint8))
    assert tilelens(["enroll", "--name", "x", "--data", str(tmp_path / "one")]) == 2
    assert "at least two kinds" in capsys.readouterr().err
    assert tilelens(["enroll", "--name", "x", "--data", str(tmp_path / "nowhere")]) == 2
    assert "not found" in capsys.readouterr().err


def test_attributes_come_from_the_catalog_or_mahjong_names():
    assert mahjong_attrs("9s") == {"suit": "s", "rank": "9"}
    assert class_attributes(["1m", "f2"], None) == [{"suit": "m", "rank": "1"}, {"suit": "f", "rank": "2"}]
    assert class_attributes(["yokai-01", "almighty"], "yokai-watch")[0] == {"picture": "01"}
    assert class_attributes(["left", "right"], None) == [{}, {}]
