"""Leftovers of the training commands: the resolved list copies written once; `train classifier --data`
with an option that only shapes rendered crops is refused, not ignored."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image


def _listed(where: Path) -> None:
    (where / "images").mkdir(parents=True)
    (where / "labels").mkdir()
    for k in (1, 2):
        Image.new("RGB", (32, 32), (10 * k, 90, 90)).save(where / "images" / f"mine-{k}.jpg")
        (where / "labels" / f"mine-{k}.txt").write_text("0 0.5 0.5 0.2 0.2\n")
    (where / "train.txt").write_text("images/mine-1.jpg\nimages/mine-2.jpg\n")
    (where / "data.yaml").write_text(f"path: {where}\ntrain: train.txt\nval: train.txt\nnames: [tile, back]\n")


def test_check_dataset_writes_the_resolved_list_copies_once(tmp_path, monkeypatch):
    """The lists were resolved and written twice in one run: into a temporary folder for the check, then
    again into the run folder."""
    pytest.importorskip("ultralytics")
    import vision.data_yaml as data_yaml
    from vision.train import check_dataset

    where = tmp_path / "ds"
    _listed(where)
    real, calls = data_yaml.resolved_lists, []

    def counted(*args, **kwargs):
        calls.append(args[2])
        return real(*args, **kwargs)

    monkeypatch.setattr(data_yaml, "resolved_lists", counted)
    monkeypatch.chdir(tmp_path)
    given = check_dataset(where, tmp_path / "run")
    assert len(calls) == 1, calls
    assert given == tmp_path / "run" / "data.yaml"
    copy = tmp_path / "run" / "lists" / "train.txt"
    assert copy.read_text().splitlines() == [str((where / "images" / f"mine-{k}.jpg").resolve()) for k in (1, 2)]
    text = given.read_text()
    assert str(copy.resolve()) in text and "tmp" not in text.replace(str(tmp_path), "")


def test_check_dataset_that_fails_writes_no_run_folder(tmp_path):
    pytest.importorskip("ultralytics")
    from vision.train import TrainError, check_dataset

    where = tmp_path / "ds"
    _listed(where)
    (where / "data.yaml").write_text(f"path: {where}\ntrain: train.txt\nval: gone\nnames: [tile, back]\n")
    with pytest.raises(TrainError):
        check_dataset(where, tmp_path / "run")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("option", ["--per-kind", "--val-per-kind"])
def test_train_classifier_data_with_a_rendered_crops_option_is_a_usage_error(tmp_path, capsys, option):
    """--per-kind 5 with --data trained on every labelled tile, as if it were not there."""
    from vision.classifier_train import main

    with pytest.raises(SystemExit) as exc:
        main(["--data", str(tmp_path / "ds"), option, "5", "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("usage: tilelens train classifier")
    last = err.strip().splitlines()[-1]
    assert f"argument {option}:" in last and "--game" in last and "--data" in last and "drop" in last, last
    assert not (tmp_path / "run").exists()


def test_train_classifier_data_says_how_to_read_with_it_as_an_enrolled_set(tmp_path, capsys, monkeypatch):
    """It said to put classifier-ds.onnx in a models folder, where `tilelens read` never looks for it (it reads
    classifier-GAME.onnx of --game, or an enrolled --tileset)."""
    from vision.classifier_train import main

    where = tmp_path / "ds"
    _listed(where)
    (where / "data.yaml").write_text(f"path: {where}\ntrain: images\nval: images\nnames: [1m, 2m]\n")
    monkeypatch.chdir(tmp_path)
    assert main(["--data", str(where), "--smoke", "--out", str(tmp_path / "run")]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "run" / "classifier-ds.onnx").is_file()
    assert "TILELENS_MODELS" not in out and "--models models" not in out, out
    assert f"tilelens enroll --name NAME --data {where}" in out and "--tileset NAME" in out
    assert "--base run/classifier-ds.pt" in out
