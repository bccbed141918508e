"""The Label page's Teach panel for a new tile set: the whole job's time up front and its stages named as steps,
and the set measured on accepted photos kept out of it (AppTest; tiny stand-in datasets)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tilelens.labelling import set_done
from tilelens.labelling import teach

from app_helpers import label_teach_support, open_page, texts

TINY = ("--epochs", "1", "--width", "8", "--crop-size", "32", "--orient-minutes", "0", "--no-detector-crops")
ROWS = [["1m", "1p", "1s", "2m"], ["2m", "1s", "1p", "1m"], ["3m", "3m", "1m", "1p"]]


def _make(tmp_path, monkeypatch, photos: int) -> Path:
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_teach_support().make_dataset(tmp_path / "My Tiles", {f"p{i:02d}": ROWS[i % 3] for i in range(photos)})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    return root


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return _make(tmp_path, monkeypatch, 2)


def _progress_texts(at) -> list[str]:
    return [e.proto.text for e in at.get("progress")]


def test_the_whole_time_is_said_before_teaching_orientation_included(dataset):
    set_done(dataset, "images/train/p00.png")
    at = open_page("label", lang="en")
    at.pills(key="teach_minutes").set_value(2).run()
    said = texts(at)
    # 2 training + the start and the crops: one photo teaches no orientation model of its own (fewer than
    # vision.enroll.ORIENT_LEAST_PHOTOS: the shipped one reads; session 50), so its minute is not counted
    assert "Takes about 2.3 min in all" in said and "training (2 min)." in said, said
    at = open_page("label", lang="ja")
    assert "全体で約" in texts(at) and "牌の上下" not in texts(at), texts(at)


@pytest.mark.parametrize("stage, fraction, en, ja", [
    ("training", 0.4, "Training 40% (step 2 of 2, ", "学習中 40% (手順 2/2、全体で約 7.3分のうち"),
    ("crops", 0.0, "Cutting the tiles out of the photos… (step 1 of 2, ", "写真から牌を切り出しています… (手順 1/2、"),
])
def test_each_stage_is_a_step_of_the_whole_job_and_its_time_counts_all_of_it(dataset, stage, fraction, en, ja):
    # one photo: no orientation model of its own (fewer than vision.enroll.ORIENT_LEAST_PHOTOS), so two steps
    set_done(dataset, "images/train/p00.png")
    teach.claim_here(dataset, "mine", None, 7)  # a job bounded by 7 minutes of training
    teach._progress_writer(teach.job_dir(dataset))(stage, fraction)
    shown = _progress_texts(open_page("label", lang="en"))
    assert any(t.startswith(en) and t.endswith("of about 7.3 min in all)") for t in shown), shown
    shown = _progress_texts(open_page("label", lang="ja"))
    assert any(t.startswith(ja) for t in shown), shown


def test_without_an_orientation_model_there_are_two_steps(dataset):
    set_done(dataset, "images/train/p00.png")
    teach.claim_here(dataset, "mine", None, 3, ("--orient-minutes", "0"))
    teach._progress_writer(teach.job_dir(dataset))("training", 0.5)
    shown = _progress_texts(open_page("label", lang="en"))
    assert any("step 2 of 2" in t and "of about 3.3 min in all" in t for t in shown), shown


def test_a_set_taught_from_enough_photos_is_measured_on_those_kept_out(tmp_path, monkeypatch, home):
    root = _make(tmp_path, monkeypatch, 10)
    for i in range(10):
        set_done(root, f"images/train/p{i:02d}.png")
    at = open_page("label", lang="en")
    assert "2 of them are kept out of training, to measure how well the set reads photos it never saw." \
        in texts(at), texts(at)
    teach.start(root, "mine", None, 1, extra=TINY)
    end = time.monotonic() + 180
    while (job := teach.status(root)).state == "running":
        assert time.monotonic() < end, job.log_tail()
        time.sleep(0.2)
    assert job.state == "done", job.message
    at = open_page("label", lang="en")
    infos = [i.value for i in at.info]
    assert any(i.startswith("on the 2 photos kept out") and "of the 8 tiles named right" in i
               and "it learnt from the other 8 photos" in i for i in infos), infos
    at = open_page("label", lang="ja")
    assert any("覚えさせずに残した写真 2枚" in i.value for i in at.info), [i.value for i in at.info]
