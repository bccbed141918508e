"""Session 66 (F6): `tilelens train detector --set KEY=VALUE` for a key the command sets itself. `--set workers=0` ended
in a traceback (``TypeError: got multiple values for keyword argument 'workers'``), as did `--set epochs=`, `imgsz=`,
`batch=`, `model=`, `resume=` and `data=`. ``workers`` (which the command sets without an option of its own) is now the
one asked for; a key that an option of the command sets is refused in one line naming the key and that option (exit
2), before anything is written or Ultralytics trains; and a value of a type Ultralytics refuses is said the same way,
not as Ultralytics' traceback once training starts. No training runs here: the trainer is a fake."""
from __future__ import annotations

import pytest

import vision.train as train
from tilelens.cli import main as cli


@pytest.fixture
def data(tmp_path):
    (tmp_path / "images").mkdir()
    path = tmp_path / "data.yaml"
    path.write_text("path: .\ntrain: images\nval: images\nnames: {0: tile, 1: back}\n", encoding="utf-8")
    return path


@pytest.fixture
def trained(monkeypatch, tmp_path):
    """The keyword arguments ``train_detector`` was called with (its training and the export faked)."""
    seen: dict = {}

    def fake_train(data, out, **kwargs):
        seen.update(kwargs, data=data, out=out)
        return out / "weights" / "last.pt"

    monkeypatch.setattr(train, "train_detector", fake_train)
    monkeypatch.setattr(train, "export_onnx", lambda weights, dest, imgsz: dest)
    return seen


@pytest.fixture
def yolo_args(monkeypatch):
    """What Ultralytics' ``YOLO.train`` is handed by the real ``train_detector`` (the model and the dataset check
    faked, the export too)."""
    import ultralytics

    seen: dict = {}

    class FakeYolo:
        def __init__(self, model):
            seen["model"] = model

        def add_callback(self, event, fn):
            pass

        def train(self, **kwargs):
            seen.update(kwargs)

    monkeypatch.setattr(ultralytics, "YOLO", FakeYolo)
    monkeypatch.setattr(train, "check_dataset", lambda data, out=None: data)
    monkeypatch.setattr(train, "export_onnx", lambda weights, dest, imgsz: dest)
    return seen


def _run(capsys, argv):
    code = cli(["train", "detector", *argv])
    return code, capsys.readouterr().err


def test_set_workers_is_the_number_of_workers_asked_for(cli_env, capsys, data, tmp_path, trained):
    code, err = _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run"), "--set", "workers=0"])
    assert code == 0, err
    assert trained["workers"] == 0 and "Traceback" not in err


def test_without_set_workers_the_commands_own_number_stands(cli_env, capsys, data, tmp_path, trained):
    assert _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run")])[0] == 0
    assert trained["workers"] == 2


def test_set_workers_reaches_ultralytics(cli_env, capsys, data, tmp_path, yolo_args):
    code, err = _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run"), "--set", "workers=0",
                              "--set", "lr0=2e-3"])  # 2e-3: a number, as Ultralytics reads it
    assert code == 0, err
    assert yolo_args["workers"] == 0 and yolo_args["lr0"] == 0.002 and yolo_args["epochs"] == 30


@pytest.mark.parametrize("pair, option", [
    ("epochs=5", "--epochs 5"), ("imgsz=320", "--imgsz 320"), ("batch=8", "--batch 8"),
    ("data=other.yaml", "--data other.yaml"), ("model=yolo11s.yaml", "--model yolo11s.yaml"),
    ("resume=true", "--resume"), ("time=0.5", "--hours 0.5"), ("project=elsewhere", "--out"),
    ("name=mine", "--out"), ("exist_ok=false", "--out"), ("pretrained=true", "--init"),
])
def test_a_key_an_option_sets_is_refused_naming_the_option(cli_env, capsys, data, tmp_path, trained, pair, option):
    code, err = _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run"), "--set", pair])
    assert code == 2 and not trained and not (tmp_path / "run").exists(), err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    key = pair.split("=")[0]
    assert err.startswith(f"tilelens train: --set {pair}: ") and f" {key} " in err and f"use {option}" in err, err


def test_the_refusal_is_said_in_japanese_too(cli_env, capsys, data, tmp_path, trained):
    cli_env(TILELENS_LANG="ja")
    code, err = _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run"), "--set", "batch=8"])
    assert code == 2 and not trained, err
    assert err.startswith("tilelens train: --set batch=8: ") and "--batch 8" in err and "指定してください" in err, err


@pytest.mark.parametrize("pair, said", [("workers=many", "workers"), ("workers=-1", "workers"), ("lr0=fast", "lr0"),
                                        ("fliplr=2", "fliplr")])
def test_a_value_ultralytics_refuses_is_one_line_before_training(cli_env, capsys, data, tmp_path, trained, pair, said):
    code, err = _run(capsys, ["--data", str(data), "--out", str(tmp_path / "run"), "--set", pair])
    assert code == 2 and not trained, err
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"tilelens train: --set {pair}: "), err
    assert "Traceback" not in err and said in err
