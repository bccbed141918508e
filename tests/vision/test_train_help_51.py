"""Proposed (needs the item-3 patch of vision/boxcheck.py and vision/orient.py): their --help without torch."""
from __future__ import annotations

import sys

import pytest

from tilelens.cli import main


@pytest.fixture
def no_torch(monkeypatch):
    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.") or n in (
            "vision.classifier_train", "vision.classifier_net")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "torch", None)


@pytest.mark.parametrize("kind,option", [("classifier", "--per-kind"), ("boxcheck", "--positives"),
                                         ("orient", "--threshold")])
def test_train_help_needs_no_torch(no_torch, capsys, kind, option):
    with pytest.raises(SystemExit) as shown:
        main(["train", kind, "--help"])
    out = capsys.readouterr().out
    assert shown.value.code == 0 and out.startswith(f"usage: tilelens train {kind}") and option in out


@pytest.mark.parametrize("kind", ["boxcheck", "orient"])
def test_train_without_torch_still_says_the_package(no_torch, capsys, kind, tmp_path):
    (tmp_path / "data.yaml").write_text("path: .\ntrain: images\nval: images\nnames: [a]\n")
    (tmp_path / "images").mkdir()
    assert main(["train", kind, "--data", str(tmp_path / "data.yaml"), "--out", str(tmp_path / "run")]) == 2
    assert "needs the package 'torch'" in capsys.readouterr().err
