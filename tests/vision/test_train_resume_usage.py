"""`tilelens train ...` as a developer retraining a model uses it: Ctrl-C then resume, resuming with other
options, a re-run over an unfinished run, a smoke run that must not touch models/."""
import json
from pathlib import Path

import pytest
import torch

from tilelens.cli import main as tilelens
from vision import classifier_train, train as train_mod
from vision.classifier_train import ClassifierTrainError
from vision.train import TrainError, main

HK_DATA = Path(__file__).parent / "data" / "detector" / "data.yaml"


def _fake_detector_run(out: Path, epoch: int = 2, epochs: int = 8, imgsz: int = 128, batch: int = 4) -> Path:
    """An Ultralytics-like ``weights/last.pt`` (what ``checkpoint_state`` reads of it); ``epoch`` -1: finished."""
    last = out / "weights" / "last.pt"
    last.parent.mkdir(parents=True)
    torch.save({"train_args": {"imgsz": imgsz, "epochs": epochs, "batch": batch, "data": "/x/data.yaml"},
                "epoch": epoch}, last)
    return last


def test_detector_resume_with_other_settings_is_refused_not_silently_ignored(tmp_path):
    """--resume keeps the checkpoint's settings: --epochs 10 trained 8, --imgsz 160 exported a model at 160
    that had trained at 128."""
    out = tmp_path / "run"
    _fake_detector_run(out, epoch=-1)
    with pytest.raises(TrainError, match=r"--imgsz 160.*run's own settings.*imgsz 128"):
        main(["detector", "--resume", "--out", str(out), "--imgsz", "160"])
    with pytest.raises(TrainError, match=r"--epochs 10.*epochs 8"):
        main(["detector", "--resume", "--out", str(out), "--epochs", "10"])
    with pytest.raises(TrainError, match=r"--hours"):
        main(["detector", "--resume", "--out", str(out), "--hours", "1"])
    with pytest.raises(TrainError, match=r"--data"):
        main(["detector", "--resume", "--out", str(out), "--data", str(tmp_path / "d.yaml")])


def test_detector_resume_with_its_own_settings_repeated_goes_ahead(tmp_path, monkeypatch):
    """`train all` resumes with `--imgsz 480 --threads 1` given again: the same size is no change."""
    out = tmp_path / "run"
    _fake_detector_run(out, epoch=-1, imgsz=480)
    seen = {}
    monkeypatch.setattr(train_mod, "train_detector", lambda *a, **k: seen.update(k) or out / "weights" / "last.pt")
    monkeypatch.setattr(train_mod, "export_onnx", lambda w, dest, imgsz: seen.update(export=imgsz) or dest)
    assert main(["detector", "--resume", "--out", str(out), "--imgsz", "480", "--threads", "1", "--epochs", "8"]) == 0
    assert seen["resume"] and seen["export"] == 480


def test_detector_ctrl_c_says_how_to_continue(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"

    def interrupted(*a, **k):
        _fake_detector_run(out, epoch=2)
        raise KeyboardInterrupt

    monkeypatch.setattr(train_mod, "train_detector", interrupted)
    data = tmp_path / "data.yaml"
    data.touch()  # a --data not there is refused before training (session 53)
    assert tilelens(["train", "detector", "--data", str(data), "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert f"tilelens train detector --resume --out {out}" in err and "epoch 3 of 8" in err


def test_detector_rerun_over_an_unfinished_run_says_it_starts_afresh(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    _fake_detector_run(out, epoch=2)
    monkeypatch.setattr(train_mod, "train_detector", lambda *a, **k: out / "weights" / "last.pt")
    monkeypatch.setattr(train_mod, "export_onnx", lambda w, dest, imgsz: dest)
    (tmp_path / "data.yaml").touch()  # a --data not there is refused before training (session 53)
    assert main(["detector", "--data", str(tmp_path / "data.yaml"), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "unfinished run" in said and "starts afresh" in said and "--resume" in said


def test_classifier_resume_without_a_checkpoint_is_said_before_rendering(tmp_path, monkeypatch):
    """With --per-kind 60 --game all, rendering takes minutes before 'nothing to resume' was said."""
    def no_rendering(*a, **k):
        raise AssertionError("rendered crops before checking the run to resume")

    monkeypatch.setattr(classifier_train, "game_cropset", no_rendering)
    with pytest.raises(ClassifierTrainError, match="nothing to resume"):
        classifier_train.main(["--game", "nogizaka", "--smoke", "--resume", "--out", str(tmp_path / "run")])


def test_classifier_resume_of_another_games_run_is_said_before_rendering(tmp_path, monkeypatch):
    out = tmp_path / "run"
    spec = classifier_train.spec_for_game("nogizaka")
    cfg = classifier_train.TrainConfig(width=8)
    model = classifier_train.build_model(spec, cfg)
    out.mkdir()
    torch.save({"model": model.state_dict(), "opt": {}, "epoch": 1, "elapsed": 1.0, "spec": spec.to_json(),
                "config": {"width": 8}}, out / "last.pt")

    def no_rendering(*a, **k):
        raise AssertionError("rendered crops before checking the run to resume")

    monkeypatch.setattr(classifier_train, "game_cropset", no_rendering)
    with pytest.raises(ClassifierTrainError, match="cannot resume"):
        classifier_train.main(["--game", "yokai-watch", "--smoke", "--resume", "--out", str(out)])


def test_classifier_says_its_budget_where_it_resumes_and_a_finished_run(tmp_path, capsys):
    out = tmp_path / "run"
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--out", str(out)]) == 0
    first = capsys.readouterr()
    assert "training for 1 epoch" in first.out + first.err
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--resume", "--out", str(out)]) == 0
    again = capsys.readouterr()
    said = again.out + again.err
    assert "already finished" in said and "epoch 1" in said
    assert json.loads(again.out.strip().splitlines()[-1])["onnx"]


def test_classifier_ctrl_c_says_how_to_continue(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"

    def interrupted(*a, **k):
        out.mkdir(parents=True, exist_ok=True)
        torch.save({"epoch": 2, "elapsed": 3.0}, out / "last.pt")
        raise KeyboardInterrupt

    monkeypatch.setattr(classifier_train, "train", interrupted)
    assert tilelens(["train", "classifier", "--game", "nogizaka", "--smoke", "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert "holds epoch 2" in err
    assert f"tilelens train classifier --game nogizaka --smoke --out {out} --resume" in err


def test_orient_smoke_run_leaves_models_alone(tmp_path, monkeypatch):
    """`--smoke` is a run for a test, but without --onnx it wrote models/orient.onnx, the shipped model."""
    monkeypatch.chdir(tmp_path)
    assert tilelens(["train", "orient", "--data", str(HK_DATA), "--out", "run", "--smoke"]) == 0
    assert (tmp_path / "run" / "orient.onnx").is_file()
    assert not (tmp_path / "models").exists()


def test_an_init_that_is_no_classifier_checkpoint_is_said_without_torchs_advice(tmp_path):
    """--init models/detector.onnx or a detector's last.pt printed torch's weights_only lecture (re-run with
    weights_only=False, arbitrary code execution ...), which is no advice for this command."""
    import argparse

    from vision.classifier_train import load_checkpoint

    foreign = tmp_path / "last.pt"
    torch.save({"model": argparse.Namespace(a=1)}, foreign)  # pickles a class: what Ultralytics saves
    with pytest.raises(ClassifierTrainError) as caught:
        load_checkpoint(foreign)
    said = str(caught.value)
    assert "weights_only" not in said and "trust" not in said and "not a classifier checkpoint" in said
    onnx = tmp_path / "classifier-x.onnx"
    onnx.write_bytes(b"\x08\x07\x12\x07pytorch")
    with pytest.raises(ClassifierTrainError, match=r"classifier-x.onnx: an exported model.*classifier-x.pt"):
        load_checkpoint(onnx)


@pytest.mark.parametrize("command", ["boxcheck", "orient"])
def test_boxcheck_and_orient_resume_without_a_checkpoint_is_said_before_collecting_crops(tmp_path, command,
                                                                                        monkeypatch):
    import vision.boxcheck as boxcheck  # imported before cropset is patched: it binds labelled_photos
    import vision.cropset as cropset

    def no_crops(*a, **k):
        raise AssertionError("collected crops before checking the run to resume")

    monkeypatch.setattr(cropset, "from_yolo", no_crops)
    monkeypatch.setattr(boxcheck, "labelled_photos", no_crops)
    rc = tilelens(["train", command, "--data", str(HK_DATA), "--out", str(tmp_path / "run"), "--resume",
                   "--onnx", str(tmp_path / "m.onnx")])
    assert rc == 2


def test_a_dataset_with_no_val_split_is_one_clear_line(tmp_path):
    """Ultralytics' own two-line message was cut to "'val:' key missing ." (a stray ' .', no reason why)."""
    from vision.train import check_dataset

    (tmp_path / "images" / "train").mkdir(parents=True)
    data = tmp_path / "data.yaml"
    data.write_text(f"path: {tmp_path}\ntrain: images/train\nnames: {{0: tile, 1: back}}\n")
    with pytest.raises(TrainError) as caught:
        check_dataset(data)
    said = str(caught.value)
    assert "\n" not in said and " ." not in said
    assert "'val:' key missing" in said and "'train' and 'val' are required" in said
    assert "val: images/train" in said  # how to train on a set with no validation photos


def test_a_bad_init_is_said_before_rendering(tmp_path, monkeypatch):
    def no_rendering(*a, **k):
        raise AssertionError("rendered crops before checking --init")

    monkeypatch.setattr(classifier_train, "game_cropset", no_rendering)
    with pytest.raises(ClassifierTrainError, match="c.onnx: no such checkpoint"):
        classifier_train.main(["--game", "nogizaka", "--smoke", "--init", str(tmp_path / "c.onnx"),
                               "--out", str(tmp_path / "run")])
    (tmp_path / "c.onnx").write_bytes(b"\x08\x07")
    with pytest.raises(ClassifierTrainError, match="an exported model"):
        classifier_train.main(["--game", "nogizaka", "--smoke", "--init", str(tmp_path / "c.onnx"),
                               "--out", str(tmp_path / "run")])


def test_detector_takes_a_budget_in_minutes_too(tmp_path, monkeypatch):
    """The classifier, box check and orientation model take --minutes; the detector took --hours alone."""
    seen = {}
    monkeypatch.setattr(train_mod, "train_detector", lambda *a, **k: seen.update(k) or tmp_path / "last.pt")
    monkeypatch.setattr(train_mod, "export_onnx", lambda w, dest, imgsz: dest)
    (tmp_path / "d.yaml").touch()  # a --data not there is refused before training (session 53)
    assert main(["detector", "--data", str(tmp_path / "d.yaml"), "--out", str(tmp_path / "run"),
                 "--minutes", "6"]) == 0
    assert seen["time"] == pytest.approx(0.1)
    with pytest.raises(SystemExit):
        main(["detector", "--data", str(tmp_path / "d.yaml"), "--hours", "1", "--minutes", "6"])


@pytest.mark.parametrize("command", ["boxcheck", "orient"])
def test_boxcheck_and_orient_ctrl_c_says_how_to_continue(tmp_path, monkeypatch, capsys, command):
    out = tmp_path / "run"

    def interrupted(*a, **k):
        torch.save({"epoch": 4, "elapsed": 3.0}, out / "last.pt")
        raise KeyboardInterrupt

    monkeypatch.setattr(classifier_train, "train", interrupted)
    argv = ["--data", str(HK_DATA), "--out", str(out), "--onnx", str(tmp_path / "m.onnx")]
    assert tilelens(["train", command, *argv, *(["--smoke"] if command == "orient" else [])]) == 130
    err = capsys.readouterr().err
    assert "holds epoch 4" in err and f"tilelens train {command} --data {HK_DATA}" in err and "--resume" in err


def test_ctrl_c_before_a_runs_first_checkpoint_does_not_offer_an_earlier_runs(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    last = _fake_detector_run(out, epoch=9, epochs=30)  # an earlier run, cut at epoch 10
    import os

    os.utime(last, (1_000_000_000, 1_000_000_000))

    def interrupted(*a, **k):
        raise KeyboardInterrupt  # before this run's first epoch ended

    monkeypatch.setattr(train_mod, "train_detector", interrupted)
    (tmp_path / "d.yaml").touch()  # a --data not there is refused before training (session 53)
    assert tilelens(["train", "detector", "--data", str(tmp_path / "d.yaml"), "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert "no checkpoint of this run" in err and "epoch 10 of 30" not in err.split("note:")[-1]
    # resumed and cut again before an epoch ended: the checkpoint it resumed from is still the one to go on from
    assert tilelens(["train", "detector", "--resume", "--out", str(out)]) == 130
    assert "holds epoch 10 of 30; continue with" in capsys.readouterr().err
