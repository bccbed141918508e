"""Session 52 walkthrough of labelling and teaching: photos checked and submitted in Label Studio come back
accepted; the command line says how many photos are accepted and can accept them; enrolment's words (the
Japanese missing-kinds total, no photo accepted, the photos learnt beside the held-out measure, one photo)."""
from __future__ import annotations

import argparse
import json
import re

import numpy as np
import pytest

from tilelens.labelling import load_done, set_done
from tilelens.labelling.labelstudio import from_labelstudio, to_labelstudio
from tilelens.labelling import read_yolo
from vision import enroll as enroll_module
from vision.enroll import coverage_warnings, held_out_split, measured_words

from label_helpers import make_dataset, run

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def lang(monkeypatch):
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)

    def use(code: str) -> None:
        monkeypatch.setenv("TILELENS_LANG", code)
    use("en")
    return use


def _submitted(task: dict, annotation_id: int) -> dict:
    """A task as Label Studio exports it after a person pressed Submit on its pre-annotations: the predictions'
    boxes copied into an annotation of theirs; ``data`` kept as imported."""
    result = json.loads(json.dumps(task["predictions"][0]["result"]))
    task = dict(task, id=annotation_id)
    task["annotations"] = [{"id": annotation_id, "completed_by": 1, "result": result, "was_cancelled": False,
                            "ground_truth": False, "created_at": "2026-12-05T10:00:00.000000Z",
                            "updated_at": "2026-12-05T10:00:00.000000Z", "lead_time": 12.5}]
    return task


# ---------------------------------------------------------------- 1. submitted in Label Studio: accepted

def test_photos_submitted_in_label_studio_come_back_accepted(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    assert run(capsys, "label", "export", tmp_path / "ds", "--to", "labelstudio", tmp_path / "t.json")[0] == 0
    tasks = json.loads((tmp_path / "t.json").read_text())
    assert all(t["data"]["tilelens_accepted"] is False for t in tasks)  # none accepted when exported
    tasks = [_submitted(t, n) for n, t in enumerate(tasks, start=1)]
    tasks[0]["annotations"][0]["result"] = tasks[0]["annotations"][0]["result"][:1]  # a box taken away too
    (tmp_path / "t.json").write_text(json.dumps(tasks))
    code, out, err = run(capsys, "label", "import", tmp_path / "t.json", "--from", "labelstudio", tmp_path / "ds",
                         "--overwrite")
    assert code == 0, err
    assert load_done(tmp_path / "ds") == {"images/train/a.jpg", "images/train/b.png", "images/val/c.jpg"}
    assert "accepted: 3 of 3" in out


def test_a_cancelled_annotation_or_predictions_alone_do_not_accept(tmp_path):
    make_dataset(tmp_path / "ds")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], accepted=set())
    skipped = _submitted(tasks[0], 1)
    skipped["annotations"][0]["was_cancelled"] = True
    images = from_labelstudio([skipped, tasks[1], _submitted(tasks[2], 3)]).images
    assert [im.accepted for im in images] == [False, False, True]


def test_tilelens_own_annotations_unaccepted_stay_unaccepted(tmp_path):
    make_dataset(tmp_path / "ds")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], as_annotations=True, accepted=set())
    assert [im.accepted for im in from_labelstudio(tasks).images] == [False, False, False]
    # ... and through Label Studio (it adds its own fields to an annotation imported with the task)
    seen = [dict(t, annotations=[dict(t["annotations"][0], id=n, completed_by=1)]) for n, t in enumerate(tasks)]
    assert [im.accepted for im in from_labelstudio(seen).images] == [False, False, False]


# ---------------------------------------------------------------- 2. accepted counted, and accepted on the CLI

def test_check_and_stats_say_how_many_photos_are_accepted(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    for action in ("check", "stats"):
        code, out, _ = run(capsys, "label", action, tmp_path / "ds")
        assert code == 0 and "accepted: 1 of 3" in out, out
    code, out, _ = run(capsys, "label", "stats", tmp_path / "ds", "--json")
    assert json.loads(out)["accepted"] == {"accepted": 1, "photos": 3}
    lang("ja")
    code, out, _ = run(capsys, "label", "stats", tmp_path / "ds")
    assert "accepted" not in out and "3枚のうち1枚" in out


def test_label_accept_marks_photos_and_all_and_undo(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "images/train/a.jpg", "c.jpg")
    assert code == 0, err
    assert load_done(tmp_path / "ds") == {"images/train/a.jpg", "images/val/c.jpg"}
    assert "accepted: 2 of 3" in out
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "--all")
    assert code == 0 and load_done(tmp_path / "ds") == {"images/train/a.jpg", "images/train/b.png",
                                                        "images/val/c.jpg"}
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", str(tmp_path / "ds/images/train/b.png"),
                         "--undo")
    assert code == 0 and "images/train/b.png" not in load_done(tmp_path / "ds")
    assert "accepted: 2 of 3" in out
    lang("ja")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "b.png")
    assert code == 0 and JAPANESE.search(out) and "accepted" not in out


def test_label_accept_refuses_a_photo_not_in_the_folder_and_nothing_named(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "nope.jpg", "a.jpg")
    assert code != 0 and "nope.jpg" in err and "Traceback" not in err
    assert load_done(tmp_path / "ds") == set()  # nothing marked when one is wrong
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds")
    assert code != 0 and "--all" in err
    code, out, err = run(capsys, "label", "accept", "--help")
    assert code == 0 and "--all" in out and "--undo" in out


# ---------------------------------------------------------------- 3.-5., 9. enrolment's words

def test_japanese_missing_kinds_total_is_the_english_one():
    [en, _] = coverage_warnings(["1m", "2m", "3m", "4m"], [4, 0, 2, 9], game="tokyo-mahjong")
    [ja, _] = coverage_warnings(["1m", "2m", "3m", "4m"], [4, 0, 2, 9], game="tokyo-mahjong", japanese=True)
    assert en.startswith("34 of 37 kinds") and ja.startswith("37種類のうち34種類"), ja


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    monkeypatch.delenv("LANG", raising=False)
    return tmp_path


def _dataset(root, photos: int):
    make_dataset(root, {f"images/train/p{i}.jpg": ((100, 100), read_yolo_boxes()) for i in range(photos)})
    return root / "data.yaml"


def read_yolo_boxes():
    from tilelens.labelling import Box
    return (Box("1m", (0.1, 0.2, 0.3, 0.8)), Box("7z", (0.5, 0.1, 0.7, 0.9)))


def test_no_photo_accepted_says_all_are_learnt_and_none_kept_out(env, capsys):
    data = _dataset(env / "ds", 4)
    a = argparse.Namespace(hold_out=None, data=data, val=None, seed=0, lang="en")
    crops = argparse.Namespace(groups=np.array([f"p{i}.jpg" for i in range(4)]))
    assert held_out_split(a, crops) == (crops, None)
    out = capsys.readouterr().out
    assert "0 accepted photos are too few" not in out
    assert "no photo" in out and "accepted" in out and "all 4 photos are learnt" in out and "none" in out, out
    a.lang = "ja"
    held_out_split(a, crops)
    out = capsys.readouterr().out
    assert "4枚をすべて覚えさせ" in out and " 0枚" not in out, out


def test_held_out_measure_counts_the_photos_learnt_as_photos():
    en, ja = measured_words({"photos": 3, "tiles": 42, "right": 34, "share": 0.81}, 12)
    assert en.endswith("34 of the 42 tiles named right (81%); it learnt from the other 12 photos"), en
    assert "残りの写真 12枚" in ja, ja
    en, _ = measured_words({"photos": 2, "tiles": 4, "right": 4, "share": 1.0}, 1)
    assert en.endswith("the other 1 photo") or en.endswith("the other photo"), en


def test_one_photo_too_few_is_singular(env, capsys):
    assert "1 photo is too few" in enroll_module.orient_too_few_said(1, "en", "x")
    assert "3 photos are too few" in enroll_module.orient_too_few_said(3, "en", "x")
    data = _dataset(env / "ds", 1)
    set_done(env / "ds", "images/train/p0.jpg")
    a = argparse.Namespace(hold_out=None, data=data, val=None, seed=0, lang="en")
    held_out_split(a, argparse.Namespace(groups=np.array(["p0.jpg"])))
    assert "every photo learnt: 1 accepted photo is too few" in capsys.readouterr().out


# ---------------------------------------------------------------- 7. a set is listed once it is whole

def test_a_set_is_not_listed_until_its_orientation_model_is_written(env, monkeypatch, capsys):
    """The training stubbed (no torch run): while the orientation model trains, no list shows the set, nor a
    replaced set's old files mixed with the new classifier; at the end it is there, whole."""
    import vision.classifier_train as classifier_train
    import vision.orient as orient
    from vision.detector import enrolled_tilesets, new_tileset_dir

    models = env / "models"
    final = new_tileset_dir("club", models)
    final.mkdir(parents=True)
    (final / "tileset.json").write_text('{"name": "club", "kinds": ["old"]}\n')
    (final / "orient.onnx").write_text("old orientation model")
    seen = []
    monkeypatch.setattr(classifier_train, "train", lambda *a, **k: object())
    monkeypatch.setattr(classifier_train, "export", lambda model, spec, dest: dest.write_text("new") and dest)
    monkeypatch.setattr(classifier_train, "save_weights", lambda model, spec, dest: dest.write_text("new") and dest)
    monkeypatch.setattr(orient, "both_ways", lambda faces: faces)

    def train_model(data, out, onnx, *args, **kwargs):
        seen.append({name: json.loads((folder / "tileset.json").read_text()).get("kinds")
                     for name, folder in enrolled_tilesets(models).items()})
        onnx.write_text("new orientation model")
    monkeypatch.setattr(orient, "train_model", train_model)
    data = _dataset(env / "ds", 30)  # as many photos as a set's own orientation model needs (ORIENT_LEAST_PHOTOS)
    for i in range(30):
        set_done(env / "ds", f"images/train/p{i}.jpg")
    crops = type("Crops", (), {"classes": ["1m", "7z"], "groups": np.array([f"p{i}.jpg" for i in range(30)]),
                               "counts": lambda self: np.array([30, 30]), "faces": lambda self: [1],
                               "__len__": lambda self: 60})()
    a = argparse.Namespace(width=16, crop_size=32, name="club", lr=None, epochs=1, minutes=1.0, seed=0,
                           work=env / "runs", resume=False, data=data, held_out=None, read_hint=False,
                           orient_minutes=1.0, orient_threshold=0.5, lang="en")
    assert enroll_module.enroll(a, crops, models, None, "tokyo-mahjong") == 0
    assert seen == [{"club": ["old"]}]  # the old set, whole, while the new one was being finished
    assert json.loads((final / "tileset.json").read_text())["kinds"] == ["1m", "7z"]
    assert (final / "orient.onnx").read_text() == "new orientation model"
    assert list(enrolled_tilesets(models)) == ["club"] and not (final.parent / ".enrolling").exists()
    out = capsys.readouterr().out
    assert f"tile set written to {final}" in out and str(final / "orient.onnx") in out
