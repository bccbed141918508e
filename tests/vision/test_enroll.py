"""``tilelens enroll``: a tiny real enrolment (a few crops, one epoch) and its errors."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision.classifier import Classifier
from vision.enroll import class_attributes, coverage_warnings, mahjong_attrs

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
    said = capsys.readouterr().out
    assert (out / "classifier.pt").is_file() and "tiny" in said
    assert ", 1 epoch\n" in said  # not "1 epochs"


def test_enrolment_tells_its_stages_in_order_and_the_training_share_up_to_all(crop_folder, tmp_path):
    from vision.enroll import main as enroll

    told = []
    rc = enroll(["--name", "tiny", "--data", str(crop_folder), "--epochs", "2", "--width", "8", "--crop-size", "32",
                 "--models", str(tmp_path / "models"), "--work", str(tmp_path / "run")],
                on_progress=lambda stage, fraction: told.append((stage, fraction)))
    assert rc == 0
    stages = [stage for stage, _ in told]
    assert stages[0] == "crops" and stages[-1] == "orientation"
    assert stages.index("export") > max(i for i, stage in enumerate(stages) if stage == "training")
    for part in ("training", "orientation"):
        share = [f for stage, f in told if stage == part]
        assert share == sorted(share) and share[0] == 0.0 and share[-1] == 1.0 and len(share) > 2, part


def test_a_tile_set_learns_which_way_up_its_tiles_stand_and_reads_with_that(crop_folder, tmp_path, capsys):
    from vision.orient import Orientation
    from vision.recognizer import Recognizer

    models = tmp_path / "models"
    models.mkdir()
    for shipped in ("detector.onnx", "orient.onnx", "orient.json"):
        (models / shipped).symlink_to(Path(__file__).parents[2] / "models" / shipped)
    common = ["enroll", "--name", "tiny", "--data", str(crop_folder), "--epochs", "1", "--width", "8",
              "--crop-size", "32", "--models", str(models), "--work", str(tmp_path / "run")]
    assert tilelens(common + ["--orient-minutes", "0"]) == 0
    out = models / "tilesets" / "tiny"
    assert "orient" not in json.loads((out / "tileset.json").read_text())
    assert Recognizer.load(tileset="tiny", models_dir=models).orient.classifier.spec.name == "orient"  # the shipped one
    capsys.readouterr()
    classifier = (out / "classifier.onnx").read_bytes()
    assert tilelens(common + ["--orient-only", "--orient-threshold", "0.6"]) == 0
    assert (out / "classifier.onnx").read_bytes() == classifier  # --orient-only keeps the classifier
    meta = json.loads((out / "tileset.json").read_text())
    assert meta["orient"] == "orient.onnx" and meta["orient_minutes"] >= 0 and meta["kinds"] == ["1m", "5m", "7z"]
    own = Orientation.load(out / "orient.onnx")
    assert own.classifier.spec.name == "tiny-orient" and own.threshold == 0.6
    assert own.p_upside_down(np.zeros((64, 64, 3), np.uint8), [[8, 8, 40, 56]]).shape == (1,)
    rec = Recognizer.load(tileset="tiny", models_dir=models)
    assert rec.orient.classifier.spec.name == "tiny-orient" and rec.orient.threshold == 0.6
    assert Recognizer.load(tileset="tiny", models_dir=models, orient=False).orient is None
    assert "orientation model written to" in capsys.readouterr().out


def test_orient_only_needs_an_enrolled_set_and_some_time(crop_folder, tmp_path, capsys):
    common = ["enroll", "--data", str(crop_folder), "--models", str(tmp_path), "--orient-only"]
    assert tilelens(common + ["--name", "never"]) == 2
    assert "no tile set 'never'" in capsys.readouterr().err
    assert tilelens(common + ["--name", "never", "--orient-minutes", "0"]) == 2
    assert "--orient-minutes must be positive, got 0" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--name", "Bad Name!"], "must be lower-case"),
    (["--name", "x", "--base", "no-such-game"], "unknown base"),
    (["--name", "x", "--lr", "-1"], "argument --lr: must be more than 0, got -1"),  # was torch's traceback
    (["--name", "x", "--lr", "nan"], "argument --lr: must be more than 0, got nan"),
    (["--name", "x", "--lr", "0"], "argument --lr: must be more than 0, got 0"),  # was the default, silently
])
def test_enroll_rejects_bad_requests(crop_folder, tmp_path, capsys, args, message):
    try:
        rc = tilelens(["enroll", "--data", str(crop_folder), "--models", str(tmp_path), *args])
    except SystemExit as usage:  # argparse's one-line usage error
        rc = usage.code
    assert rc == 2 and message in capsys.readouterr().err


def test_enroll_needs_two_kinds_and_an_existing_folder(tmp_path, capsys):
    (tmp_path / "one" / "1m").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "one" / "1m" / "a.png"), np.zeros((40, 30, 3), np.uint8))
    assert tilelens(["enroll", "--name", "x", "--data", str(tmp_path / "one")]) == 2
    assert "at least two kinds" in capsys.readouterr().err
    assert tilelens(["enroll", "--name", "x", "--data", str(tmp_path / "nowhere")]) == 2
    assert "not found" in capsys.readouterr().err


def test_enroll_data_that_is_a_file_but_not_a_data_yaml_says_so(tmp_path, capsys):
    """A photo or a zip given as --data was called "data folder not found", though it is there."""
    from vision.cropset import CropDataError, from_dir

    given = tmp_path / "photos.zip"
    given.write_bytes(b"PK")
    assert tilelens(["enroll", "--name", "x", "--data", str(given), "--models", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tilelens enroll: {given} is a file, not a data.yaml or a folder of labelled photos or crops"]
    with pytest.raises(CropDataError) as said:
        from_dir(given)
    assert "data.yaml" in said.value.message_ja and str(given) in said.value.message_ja


def test_attributes_come_from_the_catalog_or_mahjong_names():
    assert mahjong_attrs("9s") == {"suit": "s", "rank": "9"}
    assert class_attributes(["1m", "f2"], None) == [{"suit": "m", "rank": "1"}, {"suit": "f", "rank": "2"}]
    assert class_attributes(["yokai-01", "almighty"], "yokai-watch")[0] == {"picture": "01"}
    assert class_attributes(["left", "right"], None) == [{}, {}]


def test_kinds_the_data_never_shows_or_barely_shows_are_named_before_training():
    from scorer.catalog import load_game

    assert coverage_warnings(["1m", "5m", "7z"], [3, 4, 9]) == []
    absent, thin = coverage_warnings(["1m", "5m", "7z", "9s"], [3, 0, 1, 2])
    assert "(5m)" in absent and "never read it" in absent
    assert thin.startswith("2 kinds have fewer than 3 labelled tiles (7z, 9s)")
    catalog = [t.id for t in load_game("tokyo-mahjong").tiles]
    [warning] = coverage_warnings(["1m", "5m", "7z"], [3, 3, 3], "tokyo-mahjong")
    assert warning.startswith(f"{len(catalog) - 3} of {len(catalog)} kinds have no labelled tile (")
    assert "2m" in warning and " 1m" not in warning and "more)" in warning  # the first 12 named, then a count
    # kinds outside the game's catalog (an HK set's flowers): not that game's set, so no catalog check
    assert coverage_warnings(["1m", "f1"], [3, 3], "tokyo-mahjong") == []


def test_labelled_tiles_are_counted_from_the_label_files(tmp_path):
    from vision.cropset import labelled_counts

    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    for name, lines in {"a": ["1 .5 .5 .1 .1", "1 .2 .2 .1 .1"], "b": ["0 .5 .5 .1 .1", ""]}.items():
        cv2.imwrite(str(tmp_path / "images" / f"{name}.jpg"), np.zeros((8, 8, 3), np.uint8))
        (tmp_path / "labels" / f"{name}.txt").write_text("\n".join(lines))
    (tmp_path / "data.yaml").write_text("path: .\ntrain: images\nnames: [1m, 2m, 3m]\n")
    assert labelled_counts(tmp_path).tolist() == [1, 2, 0]
    assert labelled_counts(tmp_path / "data.yaml").tolist() == [1, 2, 0]
    assert labelled_counts(tmp_path / "images") is None  # a folder of crops


def test_a_base_lends_its_game_unless_told_none(crop_folder, tmp_path, capsys):
    models = tmp_path / "models"
    models.mkdir()
    (models / "classifier-tokyo-mahjong.pt").symlink_to(Path(__file__).parents[2] / "models" / "classifier-tokyo-mahjong.pt")
    common = ["enroll", "--data", str(crop_folder), "--epochs", "1", "--crop-size", "32", "--base", "tokyo-mahjong",
              "--models", str(models)]
    assert tilelens(common + ["--name", "a", "--work", str(tmp_path / "a")]) == 0
    assert "kinds have no labelled tile" in capsys.readouterr().err  # the crops show 3 of the catalog's kinds
    assert json.loads((models / "tilesets" / "a" / "tileset.json").read_text())["game"] == "tokyo-mahjong"
    assert tilelens(common + ["--name", "b", "--game", "none", "--work", str(tmp_path / "b")]) == 0
    assert "no labelled tile" not in capsys.readouterr().err
    assert json.loads((models / "tilesets" / "b" / "tileset.json").read_text())["game"] == ""


def test_the_enrolment_module_examples_hold():
    import doctest

    import vision.enroll

    result = doctest.testmod(vision.enroll)
    assert result.attempted >= 3 and result.failed == 0


def test_a_set_enrolled_already_is_written_over_only_when_asked(crop_folder, tmp_path, capsys):
    # it was replaced without a word, the shipped hk-mahjong included, its old orientation model left behind
    models = tmp_path / "models"
    common = ["enroll", "--name", "tiny", "--data", str(crop_folder), "--epochs", "1", "--width", "8",
              "--crop-size", "32", "--models", str(models), "--work", str(tmp_path / "run"), "--orient-minutes", "0"]
    assert tilelens(common) == 0
    out = models / "tilesets" / "tiny"
    (out / "orient.onnx").write_bytes(b"an orientation model of the set as it was")
    before = (out / "classifier.onnx").read_bytes()
    capsys.readouterr()
    assert tilelens(common) == 2
    assert "a tile set 'tiny' is enrolled already" in capsys.readouterr().err
    assert (out / "classifier.onnx").read_bytes() == before
    assert tilelens(common + ["--replace", "--seed", "1"]) == 0
    assert (out / "classifier.onnx").read_bytes() != before and not (out / "orient.onnx").exists()


def test_kinds_named_outside_ascii_are_refused_before_training(crop_folder, tmp_path, capsys):
    # a set of them trained for minutes and could then never be read (its model files keep ASCII ids)
    (crop_folder / "7z").rename(crop_folder / "中")
    rc = tilelens(["enroll", "--name", "jp", "--data", str(crop_folder), "--epochs", "1",
                   "--models", str(tmp_path / "models"), "--work", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert rc == 2 and "must be named in ASCII" in err and "'中'" in err and "Traceback" not in err
    assert not (tmp_path / "models" / "tilesets" / "jp").exists()


def test_backs_and_unreadable_faces_are_not_kinds_a_set_learns(crop_folder, tmp_path):
    # a photo set labelled as make_synth_hands writes it names `back` and `tile`: with them the set lost
    # its base's game and learnt two kinds no reading should give
    (crop_folder / "back").mkdir()
    (crop_folder / "tile").mkdir()
    for j, kind in enumerate(("back", "tile")):
        cv2.imwrite(str(crop_folder / kind / f"{j}.png"), np.full((40, 30, 3), 90, np.uint8))
    models = tmp_path / "models"
    models.mkdir()
    (models / "classifier-tokyo-mahjong.pt").symlink_to(Path(__file__).parents[2] / "models" / "classifier-tokyo-mahjong.pt")
    assert tilelens(["enroll", "--name", "a", "--data", str(crop_folder), "--epochs", "1", "--crop-size", "32",
                     "--base", "tokyo-mahjong", "--models", str(models), "--work", str(tmp_path / "a"),
                     "--orient-minutes", "0"]) == 0
    meta = json.loads((models / "tilesets" / "a" / "tileset.json").read_text())
    assert meta["kinds"] == ["1m", "5m", "7z"] and meta["game"] == "tokyo-mahjong" and meta["crops"] == 6
    assert Classifier.load(models / "tilesets" / "a" / "classifier.onnx").spec.classes == ("1m", "5m", "7z")


@pytest.mark.parametrize("damage, said", [
    (b'{"name": "x", "classif', "cannot be read as a tile set"),
    (b'["a list"]', "not a tile set"),
    (b"", "cannot be read as a tile set"),
    (b"\xff\xfe\x00binary", "cannot be read as a tile set"),
    (b'{"classifier": "classifier.onnx", "detector": 5}', "field detector must be a name"),
])
def test_a_damaged_tileset_json_is_one_line_and_costs_nothing(tmp_path, capsys, damage, said):
    shipped = Path(__file__).parents[2] / "models"
    models = tmp_path / "models"
    (models / "tilesets" / "x").mkdir(parents=True)
    for name in ("classifier.onnx", "classifier.json", "classifier.pt", "orient.onnx", "orient.json"):
        (models / "tilesets" / "x" / name).write_bytes((shipped / "tilesets" / "hk-mahjong" / name).read_bytes())
    (models / "tilesets" / "x" / "tileset.json").write_bytes(damage)
    orient = (models / "tilesets" / "x" / "orient.onnx").read_bytes()
    photo = tmp_path / "a.png"
    cv2.imwrite(str(photo), np.zeros((40, 60, 3), np.uint8))
    for command in (["read", str(photo), "--tileset", "x", "--models", str(models)],
                    ["enroll", "--name", "x", "--data", str(photo.parent), "--models", str(models), "--orient-only"],
                    ["enroll", "--name", "y", "--data", str(photo.parent), "--models", str(models), "--base", "x"]):
        assert tilelens(command) == 2, command
        err = capsys.readouterr().err
        assert said in err and "tileset.json" in err and "Traceback" not in err, command
    assert (models / "tilesets" / "x" / "orient.onnx").read_bytes() == orient


def test_a_checkpoint_that_is_not_one_is_said_before_the_crops_are_read(crop_folder, tmp_path, capsys):
    bad = tmp_path / "trunc.pt"
    bad.write_bytes((Path(__file__).parents[2] / "models" / "classifier-nogizaka.pt").read_bytes()[:500])
    for command in (["enroll", "--name", "t", "--data", str(crop_folder), "--base", str(bad),
                     "--models", str(tmp_path / "models")],
                    ["train", "classifier", "--data", str(crop_folder), "--init", str(bad), "--epochs", "1",
                     "--out", str(tmp_path / "run"), "--models", str(tmp_path / "models")]):
        assert tilelens(command) == 2, command
        err = capsys.readouterr().err
        assert "trunc.pt: not a classifier checkpoint" in err and "Traceback" not in err, command
    assert tilelens(["enroll", "--name", "t", "--data", str(crop_folder), "--base", str(tmp_path / "gone.pt")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_photo_folder_without_its_data_yaml_is_named_so(tmp_path, capsys):
    # its images/ and labels/ were taken for two tile kinds ("needs at least two kinds, found 1")
    for sub in ("images", "labels"):
        (tmp_path / "set" / sub).mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "set" / "images" / "a.png"), np.zeros((40, 30, 3), np.uint8))
    assert tilelens(["enroll", "--name", "x", "--data", str(tmp_path / "set")]) == 2
    assert "holds images/ and labels/ but no data.yaml" in capsys.readouterr().err


def test_a_tile_set_is_not_named_like_a_game(crop_folder, tmp_path, capsys):
    # a set called tokyo-mahjong hid that game's model as a --base, and the Teach picker named it the game's
    assert tilelens(["enroll", "--name", "tokyo-mahjong", "--data", str(crop_folder),
                     "--models", str(tmp_path / "models")]) == 2
    assert "tile set name 'tokyo-mahjong' is a game's" in capsys.readouterr().err
    assert tilelens(["label", "teach", str(crop_folder), "--name", "nogizaka"]) == 2
    assert "tile set name 'nogizaka' is a game's" in capsys.readouterr().err


def test_a_tile_set_being_enrolled_is_not_enrolled_again_at_the_same_time(tmp_path):
    """Two datasets' Teach (or a command beside the page) naming one set wrote its files at once."""
    from vision.enroll import EnrollError, _enrolling, main

    with _enrolling(tmp_path / "tilesets" / "mine", "mine"):
        with pytest.raises(EnrollError, match="tile set 'mine' is being enrolled by another run") as err:
            main(["--name", "mine", "--data", str(tmp_path / "nothing"), "--models", str(tmp_path)])
        assert "別の登録" in err.value.message_ja
    with pytest.raises(Exception) as free:  # held no more: this one goes on (and finds no data)
        main(["--name", "mine", "--data", str(tmp_path / "nothing"), "--models", str(tmp_path)])
    assert "being enrolled" not in str(free.value)


def test_a_misspelt_game_is_refused_with_the_near_one_before_any_crop_is_made(crop_folder, tmp_path, monkeypatch,
                                                                               capsys):
    """`--game nogizak` was found unknown only after the crops had been made (half-way into an enrolment)."""
    import vision.cropset

    made = []
    monkeypatch.setattr(vision.cropset, "from_dir", lambda *a, **k: made.append(a) or pytest.fail("crops made"))
    assert tilelens(["enroll", "--name", "x", "--data", str(crop_folder), "--game", "nogizak",
                     "--models", str(tmp_path / "models")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown game 'nogizak' (did you mean: nogizaka?)" in err and made == []
    assert not (tmp_path / "models").exists()
