"""A set's own orientation model is learnt only from as many photos as turned no upright real photo round more often
than the shipped model does (``vision.enroll.ORIENT_LEAST_PHOTOS``; models/JOURNAL.md, "Which way up a new set's tiles
stand").

Before: a set that learnt 10 or more real photos got its own orientation model; such models of 10 to 20 Hong Kong
photos read up to 17 of 119 plainly upright held-out photos turned round (photographed from across the table), where
the shipped model read 1 so, and a first-time user's set of 11 learnt photos read 2 of 11 upright photos so."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "vision"))  # the enrolment tests' helpers

from test_enroll_orient_few_53 import trained  # noqa: E402, F401  (a fixture: the orientation models trained)
from test_new_edition_vision_50 import _photo_dataset  # noqa: E402  (n labelled photos, two kinds on each)
from test_tileset_home_47 import _fake_training  # noqa: E402  (vision.classifier_train without torch)
from vision.enroll import ORIENT_LEAST_PHOTOS  # noqa: E402

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
MEASURED = 20  # the most photos from which an own model was measured to turn many upright photos round (8 of 119)


def _enrol(tmp_path, photos: int) -> tuple[int, Path]:
    from vision.enroll import main as enroll

    data = _photo_dataset(tmp_path / f"photos{photos}", photos)
    return enroll(["--name", "club", "--data", str(data), "--epochs", "1", "--no-detector-crops", "--hold-out", "0",
                   "--game", "none", "--work", str(tmp_path / "run")]), data


def test_the_least_is_more_than_the_photos_measured_to_turn_upright_hands_round():
    assert ORIENT_LEAST_PHOTOS > MEASURED


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_set_that_learnt_20_photos_reads_with_the_shipped_model_and_says_so(tmp_path, models, trained, monkeypatch,
                                                                              capsys, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    _fake_training(monkeypatch)
    code, data = _enrol(tmp_path, MEASURED)
    err = capsys.readouterr().err
    meta = json.loads((models / "tilesets" / "club" / "tileset.json").read_text(encoding="utf-8"))
    assert code == 0 and trained == [] and "orient" not in meta, err
    assert not (models / "tilesets" / "club" / "orient.onnx").exists()
    said = [line for line in err.splitlines() if f"{ORIENT_LEAST_PHOTOS}" in line]
    assert len(said) == 1 and f"{MEASURED}" in said[0] and f"--data {data} --orient-only" in said[0], err
    assert ("20 photos are too few" in said[0]) == (lang == "en") and bool(JAPANESE.search(said[0])) == (lang == "ja")


def test_a_set_that_learnt_the_least_gets_its_own(tmp_path, models, trained, monkeypatch, capsys):
    _fake_training(monkeypatch)
    code, _ = _enrol(tmp_path, ORIENT_LEAST_PHOTOS)
    err = capsys.readouterr().err
    assert code == 0 and len(trained) == 1 and "too few" not in err, err


def test_orient_only_from_20_photos_is_refused_in_one_line(tmp_path, taught, models, trained, capsys):
    from tilelens.cli import main as tilelens

    taught(models, "club", "")
    data = _photo_dataset(tmp_path / "photos", MEASURED)
    code = tilelens(["enroll", "--name", "club", "--data", str(data / "data.yaml"), "--orient-only",
                     "--no-detector-crops"])
    err = capsys.readouterr().err
    assert code == 2 and trained == [] and len(err.strip().splitlines()) == 1, err
    assert "20 photos are too few" in err and f"{ORIENT_LEAST_PHOTOS} or more" in err and "Traceback" not in err


def test_a_teach_counts_the_orientation_minute_only_where_enroll_trains_it():
    """The Label page's Teach keeps a fifth of the accepted photos out to measure on: the photos it learns decide."""
    from tilelens.labelling.teach import held_out_count, orient_minutes_for

    enough = next(n for n in range(ORIENT_LEAST_PHOTOS, 4 * ORIENT_LEAST_PHOTOS)
                  if n - held_out_count(n) >= ORIENT_LEAST_PHOTOS)
    assert orient_minutes_for(MEASURED) == 0 and orient_minutes_for(enough - 1) == 0 and orient_minutes_for(enough) > 0
