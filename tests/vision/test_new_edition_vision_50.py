"""A new edition's game file (tiles no shipped classifier names) read with the tile set taught for it; what is said
when none was taught; a tile set keeping its game file by its absolute path, and what is said when that file is gone.
Tile sets here are fakes: the shipped hk-mahjong set's model files under a ``tileset.json`` naming the edition."""
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from scorer.catalog import load_game
from test_tileset_home_47 import _fake_training  # vision.classifier_train without torch
from vision import recognizer
from vision.recognizer import Recognizer, RecognizerError
from vision.enroll import ORIENT_LEAST_PHOTOS

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
HK = MODELS / "tilesets" / "hk-mahjong"
PHOTO = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"





def test_a_new_editions_file_reads_with_the_tile_set_taught_for_it(taught, models, edition):
    """Before: "its tiles are not those of any game with a classifier", though a set was taught for that file."""
    taught(models, "fruits-club", str(edition))
    rec = Recognizer.load(game=str(edition), boxcheck=False, orient=False)
    assert rec.tileset == "fruits-club" and rec.taught_for == ("fruits-club",)
    assert Path(rec.classifier.path).resolve() == (models / "tilesets" / "fruits-club" / "classifier.onnx").resolve()
    assert load_game(rec.game).id == "house-fruits"  # the file given: the reading's rules (winning reading, names)
    assert rec.copies == load_game(str(edition)).inventory()  # the edition's own set bounds the reading


def test_the_newest_of_several_sets_taught_for_it_reads_it_and_a_set_of_its_id_counts(taught, models, edition,
                                                                                       tmp_path):
    taught(models, "older", str(edition), stamp=1_000_000)
    taught(models, "by-id", "house-fruits", stamp=2_000_000)  # names the game's id
    copy = tmp_path / "elsewhere" / "fruits.toml"
    copy.parent.mkdir()
    shutil.copy(edition, copy)
    taught(models, "copy", str(copy), stamp=1_500_000)  # another file of the same id
    taught(models, "other", str(REPO / "scorer" / "games" / "nogizaka.toml"), stamp=3_000_000)  # another game
    taught(models, "none", "", stamp=3_000_000)
    spec = load_game(str(edition))
    assert [f.name for f in recognizer.taught_tilesets(spec, models)] == ["by-id", "copy", "older"]
    assert recognizer.game_reader(spec, models) == ("", recognizer.taught_tilesets(spec, models))
    rec = Recognizer.load(game=str(edition), boxcheck=False, orient=False)
    assert rec.tileset == "by-id" and rec.taught_for == ("by-id", "copy", "older")


def test_a_shipped_game_and_a_house_table_of_its_tiles_still_read_with_its_classifier(taught, models, edition):
    taught(models, "fruits-club", "nogizaka")  # a set of a shipped game's: not chosen by --game nogizaka
    assert recognizer.game_reader(load_game("nogizaka"), models) == ("nogizaka", [])
    assert Recognizer.load(game="nogizaka", boxcheck=False, orient=False).tileset == ""


def test_with_no_tile_set_taught_the_message_names_the_next_step(models, edition):
    """Before: only "not those of any game with a classifier", no route to reading the edition."""
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(game=str(edition), boxcheck=False, orient=False)
    en, ja = str(err.value), err.value.message_ja
    assert "not those of any game with a classifier" in en and "no tile set was taught for it" in en
    assert f"tilelens label init DIR --game {edition}" in en and "tilelens label teach DIR --name NAME" in en
    assert "\n" not in en and "label teach" in ja and str(edition) in ja
    assert type(err.value).__name__ == "NoReaderError"  # a RecognizerError: callers catching that still do


def test_read_says_which_taught_set_it_read_with(taught, models, edition, capsys):
    from tilelens.cli import main as tilelens

    taught(models, "older", str(edition), stamp=1_000_000)
    taught(models, "newer", str(edition), stamp=2_000_000)
    assert tilelens(["read", str(PHOTO), "--game", str(edition), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["tileset"] == "newer"
    assert "read with tile set newer, taught for it (of the 2 taught for it: newer, older" in err


def _crops(root: Path) -> Path:
    """Crops of two of the edition's kinds (three each), as DIR/<kind>/*.png."""
    from PIL import Image

    rng = np.random.default_rng(0)
    for kind in ("apple", "lemon"):
        (root / kind).mkdir(parents=True)
        for i in range(3):
            Image.fromarray(rng.integers(0, 255, (48, 36, 3), np.uint8)).save(root / kind / f"{kind}-{i}.png")
    return root


def test_enroll_keeps_a_game_file_named_relative_by_its_absolute_path(models, edition, tmp_path, monkeypatch):
    """Before: "game": "fruits.toml" as typed; read from another folder: "game file 'fruits.toml' does not exist"."""
    from vision.enroll import main as enroll

    _fake_training(monkeypatch)
    crops = _crops(tmp_path / "crops")
    monkeypatch.chdir(edition.parent)
    assert enroll(["--name", "rel", "--data", str(crops), "--epochs", "1", "--no-detector-crops", "--orient-minutes",
                   "0", "--game", edition.name, "--work", str(tmp_path / "run")]) == 0
    meta = json.loads((models / "tilesets" / "rel" / "tileset.json").read_text(encoding="utf-8"))
    assert meta["game"] == str(edition.resolve())
    monkeypatch.chdir(tmp_path)
    rec = Recognizer.load(tileset="rel", boxcheck=False, orient=False)
    assert load_game(rec.game).id == "house-fruits"
    assert Recognizer.load(game=str(edition), boxcheck=False, orient=False).tileset == "rel"


@pytest.mark.parametrize("named", ["fruits.toml", "ABS"])
def test_a_tile_set_whose_game_file_is_gone_names_the_set_the_file_and_the_fix(taught, models, edition, tmp_path,
                                                                               named):
    """Before: "game file 'fruits.toml' does not exist", naming neither the tile set nor the fix."""
    game = str(tmp_path / "moved-away.toml") if named == "ABS" else named
    folder = taught(models, "club-set", game)
    with pytest.raises(RecognizerError) as err:
        Recognizer.load(tileset="club-set", boxcheck=False, orient=False)
    en, ja = str(err.value), err.value.message_ja
    assert "tile set 'club-set'" in en and game in en and "does not exist" in en
    assert str(folder / "tileset.json") in en and '"game"' in en
    assert ("put the file back" in en) == (named == "ABS") and ("by its full path" in en) == (named != "ABS")
    assert "club-set" in ja and str(folder / "tileset.json") in ja


def _photo_dataset(root: Path, photos: int) -> Path:
    """A labelled photo dataset of ``photos`` photos, two of the edition's kinds on each (data.yaml, YOLO labels)."""
    from PIL import Image

    rng = np.random.default_rng(1)
    (root / "images" / "train").mkdir(parents=True)
    (root / "labels" / "train").mkdir(parents=True)
    for i in range(photos):
        Image.fromarray(rng.integers(0, 255, (120, 160, 3), np.uint8)).save(root / "images" / "train" / f"p{i}.png")
        (root / "labels" / "train" / f"p{i}.txt").write_text("0 0.25 0.5 0.2 0.5\n1 0.75 0.5 0.2 0.5\n")
    (root / "data.yaml").write_text(f"path: {root}\ntrain: images/train\nval: images/train\nnames:\n  0: apple\n"
                                    f"  1: lemon\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("photos, own", [(3, False), (ORIENT_LEAST_PHOTOS, True)])
def test_a_set_taught_from_few_photos_keeps_the_shipped_orientation_model(models, tmp_path, monkeypatch, capsys,
                                                                          photos, own):
    """Before: 3 photos trained the set's own orientation model, which read an upright photo as turned round."""
    import vision.orient
    from vision.enroll import main as enroll

    _fake_training(monkeypatch)
    trained = []

    def fake_orient(data, out, onnx, *args, **kwargs):
        trained.append(onnx)
        shutil.copy(MODELS / "orient.onnx", onnx)
        shutil.copy(MODELS / "orient.json", Path(onnx).with_suffix(".json"))
        return onnx

    monkeypatch.setattr(vision.orient, "train_model", fake_orient)
    data = _photo_dataset(tmp_path / "photos", photos)
    assert enroll(["--name", "few", "--data", str(data), "--epochs", "1", "--no-detector-crops", "--hold-out", "0",
                   "--game", "none", "--work", str(tmp_path / "run")]) == 0
    err = capsys.readouterr().err
    meta = json.loads((models / "tilesets" / "few" / "tileset.json").read_text(encoding="utf-8"))
    assert bool(trained) == own and ("orient" in meta) == own
    assert (models / "tilesets" / "few" / "orient.onnx").is_file() == own
    if not own:
        assert f"no orientation model of its own: {photos} photos are too few" in err
        assert f"tilelens enroll --name few --data {data} --orient-only" in err
    else:
        assert "too few" not in err
