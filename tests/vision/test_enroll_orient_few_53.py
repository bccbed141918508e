"""A set's own orientation model is never learnt from fewer than 10 photos, asked for alone either; and the hint
after a Teach of too few photos names a command that takes the photos labelled since.

Before: `tilelens enroll --orient-only` trained one from 3 photos without a word, although enrolment leaves such a
set with the shipped model (one learnt from so few turns upright hands round), and `label teach`'s hint named the
Teach's own photo list (.tilelens/teach/data.yaml), frozen as of that Teach."""
from __future__ import annotations

import json
import re

import pytest

from test_new_edition_vision_50 import _photo_dataset  # n labelled photos, two kinds on each
from test_tileset_home_47 import _fake_training  # vision.classifier_train without torch
from vision.enroll import ORIENT_LEAST_PHOTOS

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def trained(monkeypatch):
    """The orientation models trained (their folders), none for real."""
    import vision.enroll

    seen = []
    monkeypatch.setattr(vision.enroll, "enroll_orientation", lambda a, data, out, meta, *rest, **kw: seen.append(out))
    return seen


def _orient_only(tmp_path, models, photos: int):
    from tilelens.cli import main as tilelens

    data = _photo_dataset(tmp_path / f"photos{photos}", photos)
    return tilelens(["enroll", "--name", "few", "--data", str(data / "data.yaml"), "--orient-only",
                     "--no-detector-crops"]), data


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_orient_only_from_too_few_photos_is_refused_in_one_line(tmp_path, taught, models, trained, capsys,
                                                                monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    before = sorted(p.name for p in taught(models, "few", "").iterdir())
    code, _ = _orient_only(tmp_path, models, ORIENT_LEAST_PHOTOS - 1)
    err = capsys.readouterr().err
    assert code == 2 and trained == [] and len(err.strip().splitlines()) == 1, err
    assert f"{ORIENT_LEAST_PHOTOS - 1}" in err and f"{ORIENT_LEAST_PHOTOS}" in err and "Traceback" not in err
    assert ("too few" in err) == (lang == "en") and bool(JAPANESE.search(err)) == (lang == "ja")
    assert sorted(p.name for p in (models / "tilesets" / "few").iterdir()) == before  # the set as it was


def test_orient_only_from_enough_photos_trains_it(tmp_path, taught, models, trained, capsys):
    taught(models, "few", "")
    code, _ = _orient_only(tmp_path, models, ORIENT_LEAST_PHOTOS)
    assert code == 0 and trained == [models / "tilesets" / "few"], capsys.readouterr().err


def test_a_teach_of_too_few_photos_names_teaching_again_not_its_frozen_photo_list(tmp_path, models, monkeypatch,
                                                                                  capsys):
    from vision.enroll import main as enroll

    _fake_training(monkeypatch)
    root = _photo_dataset(tmp_path / "my photos", 3)
    job = root / ".tilelens" / "teach"  # as a Teach writes it: the accepted photos, listed then
    job.mkdir(parents=True)
    (job / "data.yaml").write_text(f"path: {root}\ntrain: images/train\nnames:\n  0: apple\n  1: lemon\n",
                                   encoding="utf-8")
    assert enroll(["--name", "few", "--data", str(job / "data.yaml"), "--epochs", "1", "--no-detector-crops",
                   "--game", "none", "--work", str(tmp_path / "run")]) == 0
    err = capsys.readouterr().err
    assert "3 photos are too few" in err and ".tilelens" not in err, err
    assert f"`tilelens label teach '{root}' --name few --replace`" in err
    assert "orient" not in json.loads((models / "tilesets" / "few" / "tileset.json").read_text(encoding="utf-8"))


def test_teaching_again_starts_from_the_same_base_and_any_other_data_keeps_orient_only(tmp_path):
    from types import SimpleNamespace

    from vision.enroll import orient_later_command

    job = tmp_path / "ds" / ".tilelens" / "teach" / "data.yaml"
    job.parent.mkdir(parents=True)
    job.write_text("names: [a, b]\n", encoding="utf-8")
    said = orient_later_command(SimpleNamespace(name="mine", data=job, base="tokyo-mahjong"))
    assert said == f"tilelens label teach {tmp_path / 'ds'} --name mine --base tokyo-mahjong --replace"
    other = tmp_path / "hk" / "data.yaml"
    other.parent.mkdir()
    other.write_text("names: [a, b]\n", encoding="utf-8")
    said = orient_later_command(SimpleNamespace(name="mine", data=other, base="tokyo-mahjong"))
    assert said == f"tilelens enroll --name mine --data {other} --orient-only"
