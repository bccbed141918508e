"""Session 66, W13's walk (a club teaches its own Cinderella Girls set), F8: the photos kept out to measure the set on
were the only ones of 7 kinds (the set never learnt them) and the "kinds have no labelled tile" warning was counted
before they were kept out; the "reads poorly" warning blamed the training alone and told a 5-minute run to train "5 or
more"; `read --tileset` pointed a set's own photos to a new `tilelens enroll` rather than its own dataset."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from tilelens.labelling import set_done
from vision import enroll as enroll_module
from vision.cropset import CropSet
from vision.enroll import POOR_DO, held_out_split, held_unlearnt, poor_words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))
from test_label_teach import make_dataset  # noqa: E402 (the teaching tests' dataset of real crops)


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))  # no detector there: labels only
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("LANG", raising=False)
    return tmp_path


def _accepted(root: Path, shown) -> Path:
    """The dataset ``root`` of the photos ``shown`` (each showing 1m and 1p: the crops say their kinds), all accepted."""
    make_dataset(root, {p: ["1m", "1p"] for p in shown})
    for p in shown:
        set_done(root, f"images/train/{p}.png")
    return root


def _crops(shown: dict[str, list[str]]) -> CropSet:
    """Crops of the photos ``shown`` (``p0.png``: its kinds), two a photo."""
    classes = sorted({k for kinds in shown.values() for k in kinds})
    groups = [f"{p}.png" for p, kinds in shown.items() for _ in kinds]
    labels = [classes.index(k) for kinds in shown.values() for k in kinds]
    return CropSet(np.zeros((len(labels), 8, 8, 3), np.uint8), np.array(labels), tuple(classes), np.array(groups))


# ---- 1. the photos kept out never take a kind's last photo from the learnt ones where another choice exists

@pytest.mark.parametrize("seed", range(8))
def test_the_photos_kept_out_are_those_whose_kinds_other_photos_show(env, capsys, seed):
    shown = {f"p{i}": [f"k{i}", "common"] for i in range(8)} | {"p8": ["common", "common"], "p9": ["common", "common"]}
    root = _accepted(env / "ds", shown)
    data = _crops(shown)
    a = argparse.Namespace(hold_out=0.2, data=root / "data.yaml", val=None, seed=seed, lang="en")
    learnt, held = held_out_split(a, data)
    assert set(held.groups.tolist()) == {"p8.png", "p9.png"}  # before: 2 of the 10 drawn, k-kinds lost most draws
    assert (learnt.counts() > 0).sum() == len(data.classes) and a.held_only == []
    assert capsys.readouterr().out.startswith("2 of the 10 accepted photos kept out")


def test_the_choice_is_the_seeds_own(env):
    shown = {f"p{i}": ["common", "common"] for i in range(10)}
    root = _accepted(env / "ds", shown)
    kept = [tuple(sorted(set(held_out_split(argparse.Namespace(hold_out=0.3, data=root / "data.yaml", val=None,
                                                               seed=seed, lang="en"), _crops(shown))[1].groups.tolist())))
            for seed in (0, 0, 1, 2, 3)]
    assert kept[0] == kept[1] and len(set(kept)) > 1  # the same seed, the same photos; another seed, others


def test_kinds_no_choice_keeps_are_counted_after_the_split_and_said(env, monkeypatch, capsys):
    """Ten photos, four of them the only ones of a kind: keeping 8 out must take 2 such kinds from the set."""
    photos = {"p0": ["1p", "1m"], "p1": ["1s", "1m"], "p2": ["2m", "1m"], "p3": ["3m", "1m"]}
    photos |= {f"p{i}": ["1m", "1m"] for i in range(4, 10)}
    root = make_dataset(env / "ds", photos)
    for p in photos:
        set_done(root, f"images/train/{p}.png")
    monkeypatch.setattr(enroll_module, "enroll", lambda *args, **kwargs: 0)  # the training: not this test's
    warned = []
    argv = ["--name", "club", "--data", str(root / "data.yaml"), "--models", str(env / "models"), "--game", "none",
            "--hold-out", "0.8"]
    assert enroll_module.main(argv, on_warning=lambda en, ja: warned.append((en, ja))) == 0
    [(never, never_ja)] = [w for w in warned if "no labelled tile" in w[0]]
    assert never.startswith("2 of 5 kinds have no labelled tile"), never  # before: none said (counted before)
    lost = [k for k in ("1p", "1s", "2m", "3m") if k in never]
    assert len(lost) == 2 and "only on the photos kept out" in never and "--hold-out 0" in never, never
    assert "5種類のうち2種類" in never_ja and all(k in never_ja for k in lost) and "残した写真にしか" in never_ja
    assert never_ja.endswith("てください。"), never_ja


# ---- 2. a set that reads poorly: the tiles of kinds it never learnt counted, and minutes more than the run's

def test_the_tiles_kept_out_of_kinds_never_learnt_are_counted():
    learnt = _crops({"a": ["1m", "1p"], "b": ["1m", "1m"]})
    held = CropSet(np.zeros((3, 8, 8, 3), np.uint8), np.array([0, 1, 1]), learnt.classes, np.array(["c.png"] * 3))
    assert held_unlearnt(learnt, held) == 0
    fewer = learnt.subset(learnt.groups == "b.png")  # 1p no longer learnt: the two 1p kept out
    assert held_unlearnt(fewer, held) == 2


def test_a_poor_set_says_the_tiles_of_kinds_it_never_learnt_and_minutes_more_than_it_had():
    held = {"photos": 3, "tiles": 27, "right": 17, "share": 0.6296, "unlearnt": 7}
    english, japanese = poor_words(held, 12, argparse.Namespace(epochs=None, minutes=5.0))
    assert "7 of the 27 tiles kept out are of kinds it never learnt" in english, english
    assert "cannot read" in english and "10 min or more" in english, english
    assert "--minutes 5 or more" not in english and POOR_DO[0] in english  # the Label page still says its own words
    assert "27枚のうち7枚" in japanese and "10分以上" in japanese and POOR_DO[1] in japanese, japanese
    # no tile of a kind never learnt (or a set of an older tilelens): said as before, minutes more than the run's
    english, japanese = poor_words({"tiles": 20, "right": 3, "share": 0.15}, 16, argparse.Namespace(epochs=None,
                                                                                                  minutes=2.0))
    assert "never learnt" not in english and "5 min or more" in english and "5分以上" in japanese
    english, _ = poor_words({"tiles": 20, "right": 3, "share": 0.15}, 16, argparse.Namespace(epochs=1, minutes=5.0))
    assert "1 epoch" in english and "5 min or more" in english, english


# ---- 3. `read --tileset` names the set's own dataset and how to teach it again

def _set(env, name: str, meta: dict) -> Path:
    folder = env / "models" / "tilesets" / name  # $TILELENS_MODELS named: its sets only
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": name, "kinds": ["1m", "1p"], **meta}))
    return folder


def _reading(tileset: str):
    from vision.recognizer import HandReading, ReadTile

    tiles = [ReadTile((40.0 * i, 0, 40.0 * i + 38, 60), k, confidence={"kind": 0.3, "detection": 0.9})
             for i, k in enumerate(["1m", "1p"])]
    return HandReading(tiles, (200, 100), "tokyo-mahjong", tileset, unlearnt_kinds=("2m",))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_sets_reading_names_its_own_dataset_to_teach_it_again(env, lang):
    from vision.read_cli import other_set_said, teach_again, unlearnt_said

    root = make_dataset(env / "ds", {"a": ["1m", "1p"]})
    _set(env, "club-cg", {"data": str(root / "data.yaml"), "base": "classifier-tokyo-mahjong.pt"})
    command = f"`tilelens label teach {root} --name club-cg --base tokyo-mahjong --replace`"
    again = teach_again("club-cg")  # worked out once a run (``read_cli.main``), not for each photo
    other, never = other_set_said(_reading("club-cg"), lang, again), unlearnt_said(_reading("club-cg"), lang, again)
    for line in (other, never):
        assert command in line and "tilelens enroll" not in line, line
    # taught on the Label page (its Teach job's data.yaml): the dataset's folder all the same
    _set(env, "club-job", {"data": str(root / ".tilelens" / "teach" / "data.yaml"), "base": "classifier.pt"})
    assert f"`tilelens label teach {root} --name club-job --base tokyo-mahjong --replace`" in \
        other_set_said(_reading("club-job"), lang, teach_again("club-job"))


def test_a_set_recording_no_dataset_or_one_gone_is_said_as_before(env):
    from vision.read_cli import WORDS, other_set_said, teach_again, unlearnt_said

    _set(env, "shipped-like", {"base": "classifier-tokyo-mahjong.pt"})
    _set(env, "moved", {"data": str(env / "gone" / "data.yaml")})
    for name in ("shipped-like", "moved", "no-such-set"):
        assert teach_again(name) is None
        assert "teach it with tilelens enroll" in other_set_said(_reading(name), "en", teach_again(name))
        assert "tilelens enroll --game tokyo-mahjong --name NAME" in unlearnt_said(_reading(name), "en")
    assert "{teach}" in WORDS["en"]["other_set"]


def test_a_set_taught_from_a_folder_made_elsewhere_is_enrolled_again(env):
    """A dataset no Label page made (no game in its data.yaml, no accepted list): `label teach` would refuse it."""
    from vision.read_cli import other_set_said, teach_again

    root = env / "elsewhere"
    (root / "images").mkdir(parents=True)
    (root / "data.yaml").write_text("train: images\nval: images\nnames: [1m, 1p]\n")
    _set(env, "club", {"data": str(root / "data.yaml"), "base": "classifier-tokyo-mahjong.pt"})
    line = other_set_said(_reading("club"), "en", teach_again("club"))
    assert f"`tilelens enroll --name club --data {root / 'data.yaml'} --base tokyo-mahjong --replace`" in line, line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_kinds_a_set_lacks_are_taught_to_it_from_its_own_dataset(env, lang):
    from types import SimpleNamespace

    from vision.read_cli import lacks_said, teach_again

    root = make_dataset(env / "ds", {"a": ["1m", "1p"]})
    _set(env, "club-cg", {"data": str(root / "data.yaml"), "base": "classifier-tokyo-mahjong.pt"})
    rec = SimpleNamespace(game="tokyo-mahjong", tileset="club-cg", unlearnt_kinds=("2m", "3m"), tilesets_naming_all=())
    assert f"`tilelens label teach {root} --name club-cg --base tokyo-mahjong --replace`" in \
        lacks_said(rec, lang, teach_again("club-cg"))
    rec.tileset = "no-such-set"  # nothing recorded: the Label page, as before
    assert "`tilelens label teach`" in lacks_said(rec, lang, teach_again("no-such-set"))


@pytest.mark.parametrize("seed", range(8))
def test_two_photos_of_one_kind_each_are_kept_out_before_one_showing_both(seed):
    """p0 shows kinds 0 and 1, p1 kind 0, p2 kind 1, p3-p9 each the only photo of its kind: keeping p1 and p2 out loses
    no kind; a greedy pass in the drawn order took p0 first, then had to take a kind's only photo (review RV5)."""
    from types import SimpleNamespace

    from vision.enroll import held_out_count, photos_kept_out

    shown = {"p0": [0, 1], "p1": [0], "p2": [1]} | {f"p{i}": [i] for i in range(3, 10)}
    data = SimpleNamespace(groups=np.array([p for p, ks in shown.items() for _ in ks]),
                           labels=np.array([k for ks in shown.values() for k in ks]))
    kept, lost = photos_kept_out(sorted(shown), data, held_out_count(len(shown)), seed)
    assert lost == [] and kept == {"p1", "p2"}, (kept, lost)
