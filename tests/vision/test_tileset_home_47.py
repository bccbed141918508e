"""Where a user's enrolled tile sets live when tilelens is installed as a package.

Installed from the wheel, the models folder is ``site-packages/models``: `tilelens enroll` wrote the user's
tile set into site-packages (refused on a root-owned install, lost on an upgrade). Now the shipped models
are read from the package and a set the user enrols is written to ``$TILELENS_HOME/tilesets/NAME``; every
lookup and listing finds both (the user's first). In a repository checkout, and with ``TILELENS_MODELS``
set, everything stays in that models folder. "Installed" is simulated by pointing
``vision.detector.package_models_dir`` at a temporary folder with no ``pyproject.toml`` beside it; no
training: enrolment's training and export are replaced by copies of the shipped hk-mahjong set's files."""
from __future__ import annotations

import json
import shutil
import sys
import types
from pathlib import Path

import numpy as np
import pytest

import vision.detector
from vision.recognizer import Recognizer, RecognizerError

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "models"
HK = SHIPPED / "tilesets" / "hk-mahjong"


def _fake_package(tmp_path: Path) -> Path:
    """An installed package's models folder: the shipped top-level models linked, hk-mahjong copied (so a
    wrong write lands here, never in the repository)."""
    models = tmp_path / "site-packages" / "models"
    (models / "tilesets").mkdir(parents=True)
    for p in SHIPPED.iterdir():
        if p.is_file():
            (models / p.name).symlink_to(p)
    shutil.copytree(HK, models / "tilesets" / "hk-mahjong")
    return models


@pytest.fixture
def installed(tmp_path, monkeypatch) -> dict[str, Path]:
    """tilelens as if installed from the wheel: its models in a site-packages folder, a fresh TILELENS_HOME."""
    models = _fake_package(tmp_path)
    monkeypatch.setattr(vision.detector, "package_models_dir", lambda: models)
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    return {"models": models, "home": home}


def _copy_as(folder: Path, name: str) -> Path:
    """The shipped hk-mahjong set's files as an enrolled set ``name`` in ``folder``."""
    out = folder / name
    shutil.copytree(HK, out)
    meta = json.loads((out / "tileset.json").read_text(encoding="utf-8"))
    meta["name"] = name
    (out / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    return out


def _fake_training(monkeypatch) -> None:
    """``vision.classifier_train`` without torch: training returns nothing, export copies hk-mahjong's model."""
    fake = types.ModuleType("vision.classifier_train")

    class TrainConfig:
        def __init__(self, **kw):
            self.__dict__.update(kw)

    def export(model, spec, path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(HK / "classifier.onnx", path)
        shutil.copy(HK / "classifier.json", Path(path).with_suffix(".json"))

    def save_weights(model, spec, path):
        shutil.copy(HK / "classifier.pt", path)

    fake.TrainConfig, fake.export, fake.save_weights = TrainConfig, export, save_weights
    fake.train = lambda *args, **kwargs: object()
    monkeypatch.setitem(sys.modules, "vision.classifier_train", fake)


def _crops(tmp_path: Path) -> Path:
    """A folder of crops of two kinds (three each)."""
    from PIL import Image

    root = tmp_path / "crops"
    rng = np.random.default_rng(0)
    for kind in ("1m", "2m"):
        (root / kind).mkdir(parents=True)
        for i in range(3):
            Image.fromarray(rng.integers(0, 255, (48, 36, 3), np.uint8)).save(root / kind / f"{kind}-{i}.png")
    return root


def _enrol(tmp_path: Path, name: str, *extra: str) -> int:
    from vision.enroll import main

    return main(["--name", name, "--data", str(_crops(tmp_path)), "--epochs", "1", "--no-detector-crops",
                 "--orient-minutes", "0", "--game", "none", "--work", str(tmp_path / "run"), *extra],
                read_hint=False)


def test_installed_enrolment_is_written_under_tilelens_home_and_read_from_there(installed, tmp_path, monkeypatch):
    _fake_training(monkeypatch)
    assert _enrol(tmp_path, "mine") == 0
    assert (installed["home"] / "tilesets" / "mine" / "tileset.json").is_file()
    assert (installed["home"] / "tilesets" / "mine" / "classifier.onnx").is_file()
    assert not (installed["models"] / "tilesets" / "mine").exists()  # nothing written into the package
    rec = Recognizer.load(tileset="mine", boxcheck=False, orient=False)
    assert rec.tileset == "mine"
    mine = installed["home"] / "tilesets" / "mine"
    assert Path(rec.classifier.path).resolve() == (mine / "classifier.onnx").resolve()


def test_installed_the_shipped_set_is_still_found_and_the_users_own_comes_first(installed):
    rec = Recognizer.load(tileset="hk-mahjong", boxcheck=False, orient=False)
    assert Path(rec.classifier.path).resolve().parent == (installed["models"] / "tilesets" / "hk-mahjong").resolve()
    mine = _copy_as(installed["home"] / "tilesets", "hk-mahjong")
    rec = Recognizer.load(tileset="hk-mahjong", boxcheck=False, orient=False)
    assert Path(rec.classifier.path).resolve().parent == mine.resolve()


def test_installed_listing_names_both_places_and_which_one_is_used(installed):
    _copy_as(installed["home"] / "tilesets", "mine")
    _copy_as(installed["home"] / "tilesets", "hk-mahjong")
    sets = vision.detector.enrolled_tilesets()
    assert list(sets) == ["hk-mahjong", "mine"]
    assert sets["mine"] == installed["home"] / "tilesets" / "mine"
    assert sets["hk-mahjong"] == installed["home"] / "tilesets" / "hk-mahjong"  # the user's hides the shipped
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(tileset="nosuch", boxcheck=False, orient=False)
    said = str(err.value)
    assert "mine" in said and "hk-mahjong" in said and str(installed["home"] / "tilesets") in said


def test_installed_an_enrolled_set_of_that_name_is_refused_without_replace(installed, tmp_path, monkeypatch):
    """`enroll` sees the user's sets (a second `enroll --name mine` is refused, not trained into the package)."""
    from vision.enroll import EnrollError

    _fake_training(monkeypatch)
    _copy_as(installed["home"] / "tilesets", "mine")
    with pytest.raises(EnrollError, match="enrolled already") as err:
        _enrol(tmp_path, "mine")
    assert str(installed["home"] / "tilesets" / "mine") in str(err.value)
    assert not (installed["models"] / "tilesets" / "mine").exists()


def test_installed_a_users_set_is_a_base_for_the_next(installed, tmp_path, monkeypatch):
    from vision.enroll import resolve_base

    _copy_as(installed["home"] / "tilesets", "mine")
    path, game = resolve_base("mine", installed["models"])
    assert path == installed["home"] / "tilesets" / "mine" / "classifier.pt"


def test_installed_the_app_offers_the_users_sets(installed):
    pytest.importorskip("streamlit")
    from app.components import resources
    from scorer import load_game

    _copy_as(installed["home"] / "tilesets", "mine")
    offered = resources.tilesets_for(load_game("tokyo-mahjong"))
    assert "mine" in offered and "hk-mahjong" in offered
    stamp = (installed["home"] / "tilesets" / "mine" / "tileset.json").stat().st_mtime_ns
    assert resources._version(installed["models"], "tokyo-mahjong", "mine") == stamp


def test_tilelens_models_still_holds_everything(installed, tmp_path, monkeypatch):
    """With TILELENS_MODELS set, sets are enrolled there and found only there (as before)."""
    own = _fake_package(tmp_path / "own")
    monkeypatch.setenv("TILELENS_MODELS", str(own))
    _copy_as(installed["home"] / "tilesets", "mine")
    assert vision.detector.tileset_dirs() == [own / "tilesets"]
    _fake_training(monkeypatch)
    assert _enrol(tmp_path, "theirs") == 0
    assert (own / "tilesets" / "theirs" / "tileset.json").is_file()
    assert not (installed["home"] / "tilesets" / "theirs").exists()
    with pytest.raises(RecognizerError, match="unknown tile set 'mine'"):
        Recognizer.load(tileset="mine", boxcheck=False, orient=False)


def test_in_the_repository_checkout_sets_stay_in_its_models_folder(tmp_path, monkeypatch):
    """Not installed (the real package_models_dir: this checkout), TILELENS_HOME unset: enrolled sets go to
    models/tilesets/ (with it set: tests/vision/test_tileset_home_f3_60.py)."""
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    monkeypatch.delenv("TILELENS_HOME", raising=False)
    assert vision.detector.tileset_dirs() == [SHIPPED / "tilesets"]
    assert vision.detector.enrolled_tilesets()["hk-mahjong"] == SHIPPED / "tilesets" / "hk-mahjong"


def test_installed_orientation_of_a_shipped_set_goes_to_the_users_copy(installed, tmp_path, monkeypatch):
    """`enroll --orient-only` of a shipped set: its files are copied to TILELENS_HOME and the orientation
    model written there (read first from then on); the package's files are left as installed."""
    import vision.enroll

    seen = []
    monkeypatch.setattr(vision.enroll, "enroll_orientation", lambda a, data, out, meta, spent, tell: seen.append(out))
    assert _enrol(tmp_path, "hk-mahjong", "--orient-only", "--orient-minutes", "1") == 0
    mine = installed["home"] / "tilesets" / "hk-mahjong"
    assert seen == [mine] and (mine / "classifier.onnx").is_file()
    assert vision.detector.find_tileset("hk-mahjong") == mine
    assert (installed["models"] / "tilesets" / "hk-mahjong" / "tileset.json").is_file()


def test_installed_labelling_teach_and_eval_find_the_users_set(installed):
    """The Label page's tile-set list, Teach's record of what a set learnt and eval's "learnt from" all looked in
    the package's models/tilesets only: a set the user enrolled into TILELENS_HOME was unknown to them."""
    from tilelens.labelling import prelabel, teach
    from vision.evaluate import learnt_photos

    mine = _copy_as(installed["home"] / "tilesets", "mine")
    meta = json.loads((mine / "tileset.json").read_text(encoding="utf-8"))
    meta["data"] = "/somewhere/my-tiles"
    (mine / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    assert "mine" in prelabel.enrolled_tilesets() and "hk-mahjong" in prelabel.enrolled_tilesets()
    assert prelabel.class_names(None, "mine") == tuple(meta["kinds"])
    assert teach._tileset_data("mine") == "/somewhere/my-tiles"
    assert learnt_photos([], "mine", installed["models"])["tileset"] == "mine"
