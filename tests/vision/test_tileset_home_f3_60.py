"""Session 60 (F3): where a user's taught tile sets land in a repository checkout.

Before, a set taught in a checkout (`tilelens enroll`, the Label page's Teach) went to the checkout's
models/tilesets however TILELENS_HOME was set: two clubs on one checkout, each with its own TILELENS_HOME, shared
their taught sets, and a test or a helper setting TILELENS_HOME still wrote into the checkout. Now an explicitly
set TILELENS_HOME (the variable, not the default ~/.tilelens) holds them in a checkout too, as it does for an
installed package: $TILELENS_HOME/tilesets first, then the checkout's models/tilesets (the shipped sets, and the
sets taught there before, still found and read). TILELENS_HOME unset, or TILELENS_MODELS set: as before.
The checkout is a tiny fake (``vision.detector.package_models_dir`` pointed at a temporary models folder with a
pyproject.toml beside it); no training (the shipped hk-mahjong set's files stand in for it)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_tileset_home_47 import HK, SHIPPED, _copy_as, _enrol, _fake_training

import vision.detector
from vision.recognizer import Recognizer, RecognizerError


@pytest.fixture
def checkout(tmp_path, monkeypatch) -> dict[str, Path]:
    """A checkout's models folder (pyproject.toml beside it) holding the shipped hk-mahjong and a set taught there
    before this change (``old``); a TILELENS_HOME of its own."""
    models = tmp_path / "repo" / "models"
    (models / "tilesets").mkdir(parents=True)
    for p in SHIPPED.iterdir():
        if p.is_file():
            (models / p.name).symlink_to(p)
    shutil.copytree(HK, models / "tilesets" / "hk-mahjong")
    (models.parent / "pyproject.toml").write_text("[project]\nname = 'tilelens'\n", encoding="utf-8")
    _copy_as(models / "tilesets", "old")
    monkeypatch.setattr(vision.detector, "package_models_dir", lambda: models)
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("TILELENS_HOME", str(home))
    assert not vision.detector.installed_models()
    return {"models": models, "home": home}


def test_with_tilelens_home_set_a_new_set_goes_to_its_tilesets(checkout):
    models, home = checkout["models"], checkout["home"]
    assert vision.detector.tileset_dirs() == [home / "tilesets", models / "tilesets"]
    assert vision.detector.new_tileset_dir("mine") == home / "tilesets" / "mine"
    assert vision.detector.new_tileset_dir("mine", models) == home / "tilesets" / "mine"  # --models the checkout's


def test_enroll_writes_there_and_read_finds_it(checkout, tmp_path, monkeypatch):
    _fake_training(monkeypatch)
    assert _enrol(tmp_path, "mine") == 0
    mine = checkout["home"] / "tilesets" / "mine"
    assert (mine / "tileset.json").is_file() and (mine / "classifier.onnx").is_file()
    assert not (checkout["models"] / "tilesets" / "mine").exists()  # nothing written into the checkout
    rec = Recognizer.load(tileset="mine", boxcheck=False, orient=False)
    assert Path(rec.classifier.path).resolve().parent == mine.resolve()


def test_teach_writes_its_set_there(checkout, tmp_path, monkeypatch):
    """The Label page's Teach runs `enroll` with the arguments ``teach.enroll_args`` makes (no --models)."""
    from PIL import Image

    from tilelens.labelling import Box, Dataset, LabelledImage, Split, set_done, teach, write_yolo
    from vision.enroll import main

    root = tmp_path / "ds"
    images = []
    for i in range(4):
        rel = f"images/train/p{i}.jpg"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (100, 100), (90 + 20 * i, 140, 90)).save(root / rel)
        images.append(LabelledImage(rel, (100, 100), (Box("1m", (0.1, 0.2, 0.3, 0.8)), Box("7z", (0.5, 0.1, 0.7, 0.9))),
                                    Split.TRAIN))
    write_yolo(Dataset(("1m", "7z"), tuple(images), "tokyo-mahjong"), root)
    for image in images:
        set_done(root, image.path)
    args, photos = teach.enroll_args(root, "taught", None, 1)
    assert photos == 4 and "--models" not in args
    _fake_training(monkeypatch)
    assert main([*args, "--no-detector-crops", "--orient-minutes", "0", "--epochs", "1"], read_hint=False) == 0
    assert (checkout["home"] / "tilesets" / "taught" / "tileset.json").is_file()
    assert not (checkout["models"] / "tilesets" / "taught").exists()
    assert teach.own_tilesets(root) == ["taught"]


def test_a_set_taught_into_the_checkout_before_is_still_listed_found_and_read(checkout, tmp_path):
    from tilelens.labelling import prelabel, teach
    from vision.enroll import resolve_base
    from vision.evaluate import learnt_photos

    models, home = checkout["models"], checkout["home"]
    old = models / "tilesets" / "old"
    meta = json.loads((old / "tileset.json").read_text(encoding="utf-8"))
    meta["data"] = "/somewhere/old-tiles"
    (old / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    _copy_as(home / "tilesets", "mine")
    assert vision.detector.find_tileset("old") == old
    assert vision.detector.enrolled_tilesets() == {"hk-mahjong": models / "tilesets" / "hk-mahjong",
                                                   "mine": home / "tilesets" / "mine", "old": old}
    assert prelabel.enrolled_tilesets() == ["hk-mahjong", "mine", "old"]
    assert teach._tileset_data("old") == "/somewhere/old-tiles"
    assert resolve_base("old", models)[0] == old / "classifier.pt"
    assert learnt_photos([], "old", models)["tileset"] == "old"
    rec = Recognizer.load(tileset="old", boxcheck=False, orient=False)
    assert Path(rec.classifier.path).resolve().parent == old.resolve()
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(tileset="nosuch", boxcheck=False, orient=False)
    said = str(err.value)
    assert all(name in said for name in ("hk-mahjong", "mine", "old")) and str(home / "tilesets") in said, said


def test_the_shipped_set_is_still_found(checkout):
    shipped = checkout["models"] / "tilesets" / "hk-mahjong"
    assert vision.detector.find_tileset("hk-mahjong") == shipped
    rec = Recognizer.load(tileset="hk-mahjong", boxcheck=False, orient=False)
    assert Path(rec.classifier.path).resolve().parent == shipped.resolve()


def test_the_app_offers_the_sets_of_both_places(checkout):
    pytest.importorskip("streamlit")
    from app.components import resources
    from scorer import load_game

    _copy_as(checkout["home"] / "tilesets", "mine")
    offered = resources.tilesets_for(load_game("tokyo-mahjong"))
    assert {"mine", "old", "hk-mahjong"} <= set(offered), offered


def test_enrolling_the_name_of_an_older_set_is_refused_naming_where_it_is(checkout, tmp_path, monkeypatch):
    from vision.enroll import EnrollError

    _fake_training(monkeypatch)
    with pytest.raises(EnrollError, match="enrolled already") as err:
        _enrol(tmp_path, "old")
    said = str(err.value)
    assert str(checkout["models"] / "tilesets" / "old") in said and "shipped" not in said, said
    assert str(checkout["home"] / "tilesets" / "old") in said  # where --replace writes it
    assert "置き換え" in err.value.message_ja and str(checkout["home"] / "tilesets" / "old") in err.value.message_ja
    assert _enrol(tmp_path / "again", "old", "--replace") == 0  # written to the home, the checkout's copy left there
    assert vision.detector.find_tileset("old") == checkout["home"] / "tilesets" / "old"
    assert (checkout["models"] / "tilesets" / "old" / "tileset.json").is_file()


def test_with_tilelens_home_unset_sets_stay_in_the_checkout(checkout, tmp_path, monkeypatch):
    models = checkout["models"]
    monkeypatch.setenv("HOME", str(tmp_path / "user"))  # the default ~/.tilelens: not a place sets go in a checkout
    for unset in (lambda: monkeypatch.delenv("TILELENS_HOME"), lambda: monkeypatch.setenv("TILELENS_HOME", "")):
        unset()
        assert vision.detector.tileset_dirs() == [models / "tilesets"]
        assert vision.detector.new_tileset_dir("mine") == models / "tilesets" / "mine"
        assert vision.detector.tilesets_listed() == "hk-mahjong, old"


def test_tilelens_models_or_another_models_folder_still_holds_everything(checkout, tmp_path, monkeypatch):
    own = tmp_path / "own-models"
    (own / "tilesets").mkdir(parents=True)
    assert vision.detector.tileset_dirs(own) == [own / "tilesets"]  # --models FOLDER
    monkeypatch.setenv("TILELENS_MODELS", str(own))
    assert vision.detector.tileset_dirs() == [own / "tilesets"]
    assert vision.detector.new_tileset_dir("mine") == own / "tilesets" / "mine"


def test_the_home_made_for_a_set_is_private(checkout, tmp_path, monkeypatch):
    import stat

    _fake_training(monkeypatch)
    assert not checkout["home"].exists()
    assert _enrol(tmp_path, "mine") == 0
    assert stat.S_IMODE(checkout["home"].stat().st_mode) == 0o700


def test_the_real_checkout_with_a_home_set_keeps_its_shipped_sets(tmp_path, monkeypatch):
    """This checkout, as a test or a helper runs it with a TILELENS_HOME of its own: nothing taught into it."""
    shipped = Path(__file__).resolve().parents[2] / "models" / "tilesets"
    if not (shipped / "hk-mahjong" / "tileset.json").is_file():
        pytest.skip("no shipped tile set hk-mahjong")
    monkeypatch.delenv("TILELENS_MODELS", raising=False)
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    assert vision.detector.tileset_dirs() == [tmp_path / "home" / "tilesets", shipped]
    assert vision.detector.enrolled_tilesets()["hk-mahjong"] == shipped / "hk-mahjong"
    shutil.rmtree(tmp_path / "home", ignore_errors=True)


def test_a_home_that_cannot_be_written_names_tilelens_home(checkout, monkeypatch):
    """The folder refused is the home's: the way out is another TILELENS_HOME, not --models."""
    import vision.enroll as enroll_module
    from vision.enroll import EnrollError

    checkout["home"].mkdir()
    monkeypatch.setattr(enroll_module.os, "access", lambda path, mode: False)  # root may write anywhere
    with pytest.raises(EnrollError, match="set TILELENS_HOME to a folder you may write in") as err:
        enroll_module._writable_or_refused(vision.detector.new_tileset_dir("mine").parent, "--models", None)
    assert "TILELENS_HOME" in err.value.message_ja and "--models" not in str(err.value)
