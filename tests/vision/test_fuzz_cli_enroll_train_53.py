"""Session 53 fuzz walkthrough of `tilelens enroll` and `tilelens train detector`: `enroll --hold-out 1.5` (or 20,
meant as 20%) was clamped without a word to keep all but one photo out of training; `train detector --data
/nope.yaml --smoke` trained 40 s on the sample photos and exited 0, --data ignored. Only the refusals run here."""
from __future__ import annotations

import re

import pytest
from cli_helpers import run as _run

from vision import train as train_module
from vision.enroll import _parse
from vision.train import TrainError, main as train

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def lang(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    for key in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)

    def use(code: str) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
    use("en")
    return use


# ---------------------------------------------------------------- enroll --hold-out: a share below 1

@pytest.mark.parametrize("share", ["1.5", "20", "1", "-0.1", "nan"])
def test_enroll_hold_out_refuses_a_share_not_below_one(tmp_path, lang, capsys, share):
    code, out, err = _run(capsys, "enroll", "--name", "mine", "--data", tmp_path, "--hold-out", share)
    assert code == 2 and "Traceback" not in err, err
    line = err.strip().splitlines()[-1]
    assert "--hold-out" in line and "from 0 up to (not including) 1" in line and share in line, err


def test_enroll_hold_out_refused_in_japanese(tmp_path, lang, capsys):
    lang("ja")
    code, out, err = _run(capsys, "enroll", "--name", "mine", "--data", tmp_path, "--hold-out", "20")
    line = err.strip().splitlines()[-1]
    assert code == 2 and "--hold-out" in line and "0 以上 1 未満" in line and "20" in line, err
    assert "must be" not in err


@pytest.mark.parametrize("share, held", [("0", 0.0), ("0.2", 0.2), ("0.99", 0.99)])
def test_enroll_hold_out_takes_a_share_from_zero_below_one(share, held):
    assert _parse(["--name", "mine", "--data", "d", "--hold-out", share]).hold_out == held


# ---------------------------------------------------------------- train detector --smoke: its own photos and sizes

@pytest.fixture
def no_training(monkeypatch):
    """Training (and the Ultralytics import it starts with) must not be reached: the refusal comes first."""
    def never(*args, **kwargs):
        raise AssertionError("training started")
    monkeypatch.setattr(train_module, "train_detector", never)


@pytest.mark.parametrize("data", ["none.yaml", "data.yaml"])
def test_smoke_with_data_is_refused_not_data_ignored(tmp_path, no_training, data):
    (tmp_path / "data.yaml").write_text("path: .\ntrain: images\nval: images\nnames: [tile, back]\n")
    with pytest.raises(TrainError, match=r"--smoke.*--data|--data.*--smoke") as refused:
        train(["detector", "--smoke", "--data", str(tmp_path / data), "--out", str(tmp_path / "run")])
    assert "sample" in str(refused.value)
    assert refused.value.message_ja and JAPANESE.search(refused.value.message_ja)
    assert not (tmp_path / "run").exists()  # refused before the sample photos were laid out


@pytest.mark.parametrize("option", [["--epochs", "5"], ["--imgsz", "640"], ["--batch", "8"]])
def test_smoke_refuses_the_sizes_it_would_override(tmp_path, no_training, option):
    with pytest.raises(TrainError, match=re.escape(option[0])):
        train(["detector", "--smoke", *option, "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()


def test_smoke_with_data_says_one_line_in_japanese(tmp_path, lang, capsys, no_training):
    lang("ja")
    code, out, err = _run(capsys, "train", "detector", "--smoke", "--data", "/nope.yaml", "--out", tmp_path / "run")
    assert code == 2 and "Traceback" not in err and JAPANESE.search(err), err
    assert "--smoke" in err and "--data" in err and len(err.strip().splitlines()) == 1, err


def test_a_missing_data_file_is_refused_before_training_starts(tmp_path, no_training):
    with pytest.raises(TrainError, match="data file not found: .*nope.yaml"):
        train(["detector", "--data", str(tmp_path / "nope.yaml"), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()
