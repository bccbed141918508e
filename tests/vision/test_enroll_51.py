"""Session 51 walkthrough: enrolment says nothing of kinds the set does not have (data.yaml's ``absent:``), and
counts the accepted photos as teaching does ("4 accepted photos (3 with tiles)")."""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest
from test_enroll_49 import _support  # the teaching tests' dataset helpers

from tilelens.labelling import set_done
from vision import enroll as enroll_module
from vision.enroll import coverage_warnings, held_out_split

def test_kinds_said_absent_are_no_kinds_without_a_labelled_tile():
    assert coverage_warnings(["1m", "0m", "7z"], [3, 0, 4], absent=("0m",)) == []
    [warning] = coverage_warnings(["1m", "0m", "5m", "7z"], [3, 0, 0, 4], absent=("0m",))
    assert warning.startswith("1 of 3 kinds has no labelled tile (5m)")
    [ja] = coverage_warnings(["1m", "0m", "5m", "7z"], [3, 0, 0, 4], absent=("0m",), japanese=True)
    assert "0m" not in ja and "3種類のうち1種類" in ja
    # a catalog kind the data does not name, said absent, is none either
    assert not [w for w in coverage_warnings(["1m"], [5], "tokyo-mahjong", absent=("0m",)) if "0m" in w]


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("LANG", raising=False)
    return tmp_path


def test_enrol_does_not_warn_of_a_kind_its_data_yaml_says_absent(env, capsys, monkeypatch):
    root = _support().make_dataset(env / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"]})
    (root / "data.yaml").write_text((root / "data.yaml").read_text() + "absent: [3m]\n")
    monkeypatch.setattr(enroll_module, "enroll", lambda *args, **kwargs: 0)  # the training itself: not this test's
    warned = []
    assert enroll_module.main(["--name", "absent-set", "--data", str(root / "data.yaml"), "--models",
                               str(env / "models"), "--game", "none"], on_warning=lambda en, ja: warned.append(en)) == 0
    assert not [w for w in warned if "3m" in w], warned
    assert "3m" not in capsys.readouterr().err


def _job(root: Path, photos: list[str]) -> Path:
    """A teach job's data.yaml listing ``photos`` (``tilelens.labelling.teach``)."""
    job = root / ".tilelens" / "teach"
    job.mkdir(parents=True)
    (job / "photos.txt").write_text("".join(f"{root / p}\n" for p in photos))
    (job / "data.yaml").write_text(f"path: {root}\ntrain: {job / 'photos.txt'}\nnames: [1m, 1p, 1s, 2m, 3m]\n")
    return job / "data.yaml"


def test_the_photos_too_few_to_keep_out_are_counted_as_teach_counts_them(env, capsys):
    root = _support().make_dataset(env / "ds", {"a": ["1m", "1p"], "b": ["2m", "1s"], "c": ["3m", "1m"]})
    (root / "labels/train/c.txt").write_text("")  # accepted as a photo with no tiles
    data = _job(root, ["images/train/a.png", "images/train/b.png", "images/train/c.png"])
    a = argparse.Namespace(hold_out=None, data=data, val=None, seed=0, lang="en")
    crops = argparse.Namespace(groups=np.array(["a.png", "a.png", "b.png", "b.png"]))
    assert held_out_split(a, crops) == (crops, None)
    out = capsys.readouterr().out
    assert "3 accepted photos (2 with tiles) are too few" in out, out
    a.lang = "ja"
    held_out_split(a, crops)
    assert "OK にした写真 3枚 (牌の写った写真 2枚)では少なすぎて" in capsys.readouterr().out


def test_photos_all_with_tiles_are_counted_as_before(env, capsys):
    root = _support().make_dataset(env / "ds", {"a": ["1m", "1p"], "b": ["2m", "1s"]})
    set_done(root, "images/train/a.png")
    data = _job(root, ["images/train/a.png", "images/train/b.png"])
    a = argparse.Namespace(hold_out=None, data=data, val=None, seed=0, lang="en")
    held_out_split(a, argparse.Namespace(groups=np.array(["a.png", "b.png"])))
    assert "every photo learnt: 2 accepted photos are too few" in capsys.readouterr().out
