"""Where `tilelens train classifier|boxcheck|orient` put the models they make, as a developer trying a short
experiment meets it: in the run folder unless a models folder is named (never silently over the shipped
ones), said with how to read with them (the detector and `train all` too); a `--resume` given other data or
crops than the run's own; a run started over an unfinished one; and the help and option checks on this path."""
import shutil
from pathlib import Path

import numpy as np
import pytest

from tilelens.cli import main as tilelens
from vision import classifier_train
from vision.cropset import CropSet
from vision.detector import default_models_dir

MODELS = default_models_dir()  # the models `tilelens read` uses

HK_DATA = Path(__file__).parent / "data" / "detector" / "data.yaml"


@pytest.fixture
def quick_train(monkeypatch):
    """Training that returns an untrained network at once (and checkpoints it, as training does)."""
    import torch

    def quick(data, spec, cfg, out_dir, **kw):
        out_dir.mkdir(parents=True, exist_ok=True)
        model = classifier_train.build_model(spec, cfg)
        torch.save({"model": model.state_dict(), "opt": {}, "epoch": 1, "elapsed": 1.0, "spec": spec.to_json(),
                    "config": {"width": cfg.width}}, out_dir / "last.pt")
        return model.eval()

    monkeypatch.setattr(classifier_train, "train", quick)


def _tiny_crops(games, per_kind, seed, cache, size=96):
    spec = classifier_train.spec_for_games(games)
    n = len(spec.classes)
    return CropSet(np.zeros((n, size, size, 3), np.uint8), np.arange(n), list(spec.classes), np.array(["x"] * n))


def test_classifier_exports_into_its_run_folder_unless_a_models_folder_is_named(tmp_path, monkeypatch, capsys,
                                                                                 quick_train):
    """`--models` defaulted to models/: a two-minute experiment wrote over the shipped classifier."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(classifier_train, "game_cropset", _tiny_crops)
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--epochs", "1", "--out", "run"]) == 0
    said = capsys.readouterr().out
    assert not (tmp_path / "models").exists()
    assert (tmp_path / "run" / "classifier-nogizaka.onnx").is_file()
    assert (tmp_path / "run" / "classifier-nogizaka.pt").is_file()
    assert "TILELENS_MODELS" in said and f"--models {MODELS}" in said  # how to read with it, how to ship it
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--epochs", "1", "--out", "run",
                     "--models", "models"]) == 0
    assert (tmp_path / "models" / "classifier-nogizaka.onnx").is_file()
    assert "`tilelens read` uses it from now on" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["boxcheck", "orient"])
def test_boxcheck_and_orient_export_into_their_run_folder_unless_onnx_is_named(tmp_path, monkeypatch, capsys,
                                                                              command, quick_train):
    """Their --onnx defaulted to models/boxcheck.onnx and models/orient.onnx, the shipped models."""
    monkeypatch.chdir(tmp_path)
    assert tilelens(["train", command, "--data", str(HK_DATA), "--out", "run", "--minutes", "0.02"]) == 0
    said = capsys.readouterr().out
    assert not (tmp_path / "models").exists()
    assert (tmp_path / "run" / f"{command}.onnx").is_file() and (tmp_path / "run" / f"{command}.json").is_file()
    assert str(Path("run") / f"{command}.onnx") in said and "TILELENS_MODELS" in said
    assert f"--onnx {MODELS}/{command}.onnx" in said  # how to replace the shipped one, when meant
    assert tilelens(["train", command, "--data", str(HK_DATA), "--out", "run2", "--minutes", "0.02",
                     "--onnx", f"models/{command}.onnx"]) == 0
    assert (tmp_path / "models" / f"{command}.onnx").is_file()


def _other_copy(tmp_path: Path) -> Path:
    other = tmp_path / "other"
    shutil.copytree(HK_DATA.parent, other)
    return other / "data.yaml"


@pytest.mark.parametrize("command", ["boxcheck", "orient"])
def test_resume_with_other_data_than_the_runs_is_refused_not_trained_on_the_old_crops(tmp_path, capsys, command,
                                                                                      quick_train):
    """--resume reused the cached crops.npz and trained on the first run's photos, whatever --data said."""
    out = tmp_path / "run"
    common = ["--out", str(out), "--onnx", str(tmp_path / "m.onnx"), "--minutes", "0.02"]
    assert tilelens(["train", command, "--data", str(HK_DATA), *common]) == 0
    capsys.readouterr()
    other = _other_copy(tmp_path)
    assert tilelens(["train", command, "--data", str(other), *common, "--resume"]) == 2
    err = capsys.readouterr().err
    assert f"--data {other}" in err and str(HK_DATA.resolve()) in err and "--resume" in err
    assert "Traceback" not in err
    # the run's own data (named by its folder this time) goes ahead
    assert tilelens(["train", command, "--data", str(HK_DATA.parent), *common, "--resume"]) == 0


def test_boxcheck_resume_with_another_crop_size_or_margin_is_refused(tmp_path, capsys, quick_train):
    """The network trained on crops of one size and context went on with another's, saying nothing."""
    out = tmp_path / "run"
    common = ["--data", str(HK_DATA), "--out", str(out), "--onnx", str(tmp_path / "m.onnx"), "--minutes", "0.02"]
    assert tilelens(["train", "boxcheck", *common]) == 0
    capsys.readouterr()
    assert tilelens(["train", "boxcheck", *common, "--resume", "--crop-size", "48"]) == 2
    assert "crop size 32" in capsys.readouterr().err
    assert tilelens(["train", "boxcheck", *common, "--resume", "--margin", "0.1"]) == 2
    assert "margin 0.3" in capsys.readouterr().err


def test_classifier_resume_of_a_crop_folder_without_a_run_is_said_before_reading_it(tmp_path, monkeypatch):
    """With --data (and no --out) 'nothing to resume' came only after every photo or crop had been read."""
    import vision.cropset as cropset

    def no_reading(*a, **k):
        raise AssertionError("read the crops before checking the run to resume")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cropset, "from_dir", no_reading)
    (tmp_path / "mine").mkdir()
    with pytest.raises(classifier_train.ClassifierTrainError, match=r"nothing to resume: runs/classifier/mine"):
        classifier_train.main(["--data", "mine", "--resume"])


@pytest.mark.parametrize("command", ["classifier", "boxcheck", "orient"])
def test_a_run_over_an_unfinished_one_says_it_starts_afresh(tmp_path, monkeypatch, capsys, command, quick_train):
    """As `train detector` does: a run without --resume in a folder whose run was cut wrote over it unsaid."""
    import torch

    monkeypatch.setattr(classifier_train, "game_cropset", _tiny_crops)
    out = tmp_path / "run"
    out.mkdir()
    torch.save({"model": {}, "opt": {}, "epoch": 3, "elapsed": 30.0, "spec": "{}",
                "config": {"epochs": 30, "minutes": None}}, out / "last.pt")
    argv = ["--game", "nogizaka", "--epochs", "1"] if command == "classifier" else \
        ["--data", str(HK_DATA), "--minutes", "0.02"]
    assert tilelens(["train", command, *argv, "--out", str(out), "--onnx" if command != "classifier" else "--models",
                     str(tmp_path / ("m.onnx" if command != "classifier" else "m"))]) == 0
    said = capsys.readouterr().out
    assert "unfinished run (epoch 3 of 30)" in said and "starts afresh" in said and "--resume" in said
    # a run that ended is no news
    capsys.readouterr()
    torch.save({"model": {}, "opt": {}, "epoch": 30, "elapsed": 30.0, "spec": "{}",
                "config": {"epochs": 30, "minutes": None}}, out / "last.pt")
    assert tilelens(["train", command, *argv, "--out", str(out), "--onnx" if command != "classifier" else "--models",
                     str(tmp_path / ("m.onnx" if command != "classifier" else "m"))]) == 0
    assert "starts afresh" not in capsys.readouterr().out


@pytest.mark.parametrize("command, says", [
    ("classifier", ["--epochs EPOCHS     epochs to train (default 30)", "default: the run folder"]),
    ("boxcheck", ["training time (default 20)", "crops it reads (default 32)", "default OUT/boxcheck.onnx"]),
    ("orient", ["training time (default 12)", "default OUT/orient.onnx"]),
    ("all", ["the orientation model"])])  # it listed every model it retrains but that one
def test_the_help_says_the_budget_sizes_and_where_the_model_goes(command, says, capsys):
    """--minutes, --epochs, --crop-size showed no help at all: a developer could not tell a 20-minute run."""
    with pytest.raises(SystemExit):
        tilelens(["train", command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for text in says:
        assert " ".join(text.split()) in said, text


def test_the_command_list_names_every_model_train_makes(capsys):
    """`tilelens --help` listed the detector, a classifier, the box check and all, not the orientation model."""
    assert tilelens(["--help"]) == 0
    line = " ".join(capsys.readouterr().out.split("\n  train ")[1].split("\n  enroll ")[0].split())
    assert "orientation" in line and "box check" in line and "classifier" in line


@pytest.mark.parametrize("command, option, value, message", [
    ("boxcheck", "--threshold", "1.5", "must be from 0 to 1, got 1.5"),   # a p(none) never reached: no box dropped
    ("boxcheck", "--threshold", "nan", "must be from 0 to 1, got nan"),
    ("boxcheck", "--margin", "-1", "must be more than -1 and finite, got -1"),     # a crop of no size, deep in training
    ("orient", "--margin", "nan", "must be more than -1 and finite, got nan"),
    ("orient", "--threshold", "inf", "must be a finite number, got inf"),     # a hand never turned round
])
def test_a_threshold_or_margin_that_means_nothing_is_a_usage_error(capsys, command, option, value, message):
    with pytest.raises(SystemExit) as exc:
        tilelens(["train", command, "--data", "x.yaml", option, value])
    assert exc.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(f"error: argument {option}: {message}")


def test_detector_says_how_to_read_with_the_model_it_exported(tmp_path, monkeypatch, capsys):
    """It said only "detector exported to runs/detector/detector.onnx", as the others said where alone."""
    from vision import train as train_mod

    monkeypatch.chdir(tmp_path)  # models/ is shown as the path it is from here
    monkeypatch.setattr(train_mod, "train_detector", lambda *a, **k: tmp_path / "last.pt")
    monkeypatch.setattr(train_mod, "export_onnx", lambda w, dest, imgsz: dest)
    (tmp_path / "d.yaml").touch()  # a --data not there is refused before training (session 53)
    assert train_mod.main(["detector", "--data", str(tmp_path / "d.yaml"), "--out", "run"]) == 0
    said = capsys.readouterr().out
    assert "tilelens read --detector run/detector.onnx" in said and f"--onnx {MODELS}/detector.onnx" in said


def test_a_finished_retrain_says_how_to_read_and_measure_with_its_models(tmp_path, monkeypatch, capsys):
    """It said "models in OUT/models" and stopped: the shipped models/ are untouched, and using the new ones
    takes TILELENS_MODELS, said only in the module's docstring."""
    import vision.retrain as retrain

    monkeypatch.setattr(retrain, "run_plan", lambda plan: {"detector": 1.5})
    assert retrain.main(["--out", str(tmp_path / "r"), "--hours", "1"]) == 0
    said = capsys.readouterr().out
    models = (tmp_path / "r" / "models").resolve()
    assert f"TILELENS_MODELS={models} tilelens read" in said and "benchmarks/eval_all.sh" in said
