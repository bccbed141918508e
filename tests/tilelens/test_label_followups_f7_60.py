"""Labelling follow-ups (session 60, F7).

- A dataset folder given a new id (taken for a copy of another: ``teach.id_note``) said so nowhere: every
  ``tilelens label`` command now says it on stderr once, in the screen's language.
- A weak tile set taught by an older tilelens (its result.json has no "poor set" warning) was shown as ready with
  no warning, reading 11% of the tiles kept out right (walk W4): the warning is judged from the set's figures.
- ``label teach`` without --replace said in Japanese "別の名前にするか、置き換えてください", naming neither option."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from taught_helpers import accepted_dataset, fake_set, models  # noqa: F401 (fixtures)
from tilelens.labelling import teach
from tilelens.labelling.cli import main as label
from tilelens.labelling.teach import TeachError


@pytest.fixture
def dataset(tmp_path, models) -> Path:
    return accepted_dataset(tmp_path)


POOR = {"photos": 2, "tiles": 18, "right": 2, "share": 0.1111}
OLD_RESULT = {"ok": True, "message": "tile set 'club' is ready", "message_ja": "牌セット「club」ができました",
              "measured": ["on the 2 photos kept out ...: 2 of the 18 tiles named right (11%)", "... (11%)"],
              "warnings": [["3 kinds have fewer than 3 labelled tiles (a, b, c)", "3種類は ... (a, b, c)"]]}


def old_teach(root: Path, models: Path, held: dict, result: dict | None = None) -> None:
    """A teach of the set ``club`` from ``root`` as a tilelens of session 58 left it: its job's files, and a set whose
    tileset.json names the job's data.yaml (no dataset id) and its measure on the photos kept out."""
    folder = teach.job_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "club", "args": [], "minutes": 5.0, "epochs": 1,
                                                 "photos": 10, "held": 0, "orient_minutes": 0.0, "started": 1.0,
                                                 "pid": 1, "warnings": []}))
    (folder / "result.json").write_text(json.dumps(result or OLD_RESULT))
    fake_set(models, "club", {"data": str(folder.resolve() / "data.yaml"), "photos": 8, "held_out": held})


def poor_warnings(job) -> list[tuple[str, str]]:
    return [w for w in job.warnings if "below 80%" in w[0]]


def test_an_older_teachs_weak_set_is_warned_of_from_its_figures(dataset, models):
    old_teach(dataset, models, POOR)
    job = teach.status(dataset)
    assert job.state == "done"
    (english, japanese), = poor_warnings(job)
    assert "named only 11% of the tiles kept out right" in english and "1 epoch" in english
    assert "11% しか正しく読めませんでした" in japanese and "80% 未満" in japanese
    assert job.warnings[0] == tuple(OLD_RESULT["warnings"][0])  # the saved ones kept, first


def test_a_set_that_measured_well_is_not_warned_of(dataset, models):
    old_teach(dataset, models, {"photos": 2, "tiles": 18, "right": 17, "share": 0.9444})
    assert poor_warnings(teach.status(dataset)) == []


def test_a_warning_saved_already_is_said_once(dataset, models):
    import argparse

    from vision.enroll import poor_words

    saved = poor_words(POOR, 8, argparse.Namespace(epochs=1, minutes=5.0))
    old_teach(dataset, models, POOR, {**OLD_RESULT, "warnings": [*OLD_RESULT["warnings"], list(saved)]})
    assert poor_warnings(teach.status(dataset)) == [saved]


def test_the_figures_a_result_saves_are_judged_though_the_set_is_gone(dataset, models):
    old_teach(dataset, models, POOR, {**OLD_RESULT, "held_out": POOR, "learnt": 8})
    shutil.rmtree(models / "tilesets" / "club")
    assert len(poor_warnings(teach.status(dataset))) == 1


def test_a_set_taught_again_from_another_folder_is_not_this_jobs_to_judge(dataset, models, tmp_path):
    old_teach(dataset, models, {"photos": 2, "tiles": 18, "right": 17, "share": 0.9444})
    meta = models / "tilesets" / "club" / "tileset.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "data": str(tmp_path / "other" / "data.yaml"),
                                "held_out": POOR}))
    assert poor_warnings(teach.status(dataset)) == []


def test_the_outcome_saves_the_figures_it_is_judged_from(models):
    fake_set(models, "club", {"photos": 8, "held_out": POOR})
    outcome = teach._outcome(0, "club")
    assert outcome["held_out"] == POOR and outcome["learnt"] == 8


def test_teach_refused_in_japanese_names_both_options(dataset, models, tmp_path):
    fake_set(models, "mine", {"data": str(tmp_path / "elsewhere" / "data.yaml")})
    with pytest.raises(TeachError) as refused:
        teach.enroll_args(dataset, "mine", None, 1)
    assert "--name" in str(refused.value) and "--replace" in str(refused.value)
    ja = refused.value.message_ja
    assert "--name" in ja and "--replace" in ja, ja


def copy_of(root: Path, tmp_path: Path) -> Path:
    teach.dataset_id(root, make=True)
    copy = tmp_path / "second"
    shutil.copytree(root, copy)
    return copy


@pytest.mark.parametrize("lang, words", [("en", "was given a new id"), ("ja", "新しいIDを付けました")])
def test_a_label_command_says_the_new_id_once(dataset, tmp_path, monkeypatch, capsys, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    copy = copy_of(dataset, tmp_path)
    label(["stats", str(copy)])
    err = capsys.readouterr().err
    assert err.count(words) == 1 and str(dataset.resolve()) in err, err
    assert teach.dataset_id(copy) != teach.dataset_id(dataset)
    label(["stats", str(copy)])
    assert words not in capsys.readouterr().err  # said once
    label(["stats", str(dataset)])
    assert words not in capsys.readouterr().err  # the original keeps its id, and says nothing
