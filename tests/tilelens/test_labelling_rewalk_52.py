"""Session 52 re-walk of labelling: `label accept` in any order, photos not pre-labelled, already accepted and
./paths; Label Studio round trips of --as-annotations exports (a person's Update accepts, tilelens's own
annotation does not, old files as before) and cancelled tasks."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from tilelens.labelling import load_done, read_yolo, set_done
from tilelens.labelling.labelstudio import from_labelstudio, to_labelstudio

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


# ---------------------------------------------------------------- 1. accept: options anywhere

def test_accept_takes_options_between_the_folder_and_the_photos(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "--undo", "images/train/a.jpg")
    assert code == 0, err
    assert load_done(tmp_path / "ds") == set()
    code, out, err = run(capsys, "label", "accept", "--undo", tmp_path / "ds", "b.png")  # and before the folder
    assert code == 0, err
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "a.jpg", "--all")
    assert code != 0 and "--all" in err and "unrecognized" not in err  # both: the one clear refusal


# ---------------------------------------------------------------- 5. and wording: accept's other cases

def test_accept_refuses_a_photo_not_pre_labelled_and_all_skips_them(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    shutil.copy(tmp_path / "ds/images/train/a.jpg", tmp_path / "ds/images/train/new.jpg")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "new.jpg", "a.jpg")
    assert code != 0 and "new.jpg" in err and "not pre-labelled yet" in err and "label init" in err, err
    assert load_done(tmp_path / "ds") == set()
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "--all")
    assert code == 1, err
    assert load_done(tmp_path / "ds") == {"images/train/a.jpg", "images/train/b.png", "images/val/c.jpg"}
    assert "1 photo not pre-labelled yet" in out + err and "accepted: 3 of 4" in out
    lang("ja")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "new.jpg")
    assert code != 0 and JAPANESE.search(err) and "new.jpg" in err


def test_accept_says_already_accepted_and_takes_dot_slash_paths(tmp_path, lang, capsys, monkeypatch):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "a.jpg")
    assert code == 0 and "already accepted" in out and "0 photos" not in out, out
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "./images/train/b.png")
    assert code == 0, err
    assert "images/train/b.png" in load_done(tmp_path / "ds")
    monkeypatch.chdir(tmp_path / "ds")  # inside the folder: the same path, as the shell completes it
    code, out, err = run(capsys, "label", "accept", ".", "./images/val/c.jpg")
    assert code == 0, err
    assert "images/val/c.jpg" in load_done(tmp_path / "ds")
    lang("ja")
    code, out, err = run(capsys, "label", "accept", tmp_path / "ds", "a.jpg")
    assert code == 0 and "OK 済み" in out and "already accepted" not in out


# ---------------------------------------------------------------- 2., 3. --as-annotations through Label Studio

def _through_label_studio(task: dict, number: int, updated: str | None = None, lead_time: float | None = None):
    """A task as Label Studio exports it after importing it: its annotation given an id, its user and times
    (imported: created and updated at once); ``updated`` and ``lead_time`` as a person's Update leaves them."""
    annotation = dict(task["annotations"][0], id=number, completed_by=1, ground_truth=False,
                      created_at="2026-12-05T19:00:00.000000Z", updated_at=updated or "2026-12-05T19:00:00.000412Z",
                      lead_time=lead_time)
    return dict(task, id=number, annotations=[annotation])


def test_a_person_updating_tilelens_annotation_accepts_the_photo(tmp_path):
    make_dataset(tmp_path / "ds")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], as_annotations=True, accepted=set())
    back = [_through_label_studio(t, n) for n, t in enumerate(tasks, start=1)]
    back[1] = _through_label_studio(tasks[1], 2, updated="2026-12-05T19:45:00Z", lead_time=30.0)
    assert [im.accepted for im in from_labelstudio(back).images] == [False, True, False]
    # updated later alone (an older Label Studio without lead_time) says a person's edit too
    back[2] = _through_label_studio(tasks[2], 3, updated="2026-12-05T19:47:00Z")
    assert [im.accepted for im in from_labelstudio(back).images] == [False, True, True]


def test_an_old_as_annotations_export_accepts_only_what_a_person_edited(tmp_path):
    make_dataset(tmp_path / "ds")
    tasks = to_labelstudio(read_yolo(tmp_path / "ds")[0], as_annotations=True, accepted={"images/train/a.jpg"})
    for task in tasks:  # written before the annotations were marked: no tilelens_annotated
        task["data"].pop("tilelens_annotated", None)
    assert [im.accepted for im in from_labelstudio(tasks).images] == [True, False, False]
    back = [_through_label_studio(t, n) for n, t in enumerate(tasks, start=1)]
    assert [im.accepted for im in from_labelstudio(back).images] == [True, False, False]
    back[2] = _through_label_studio(tasks[2], 3, updated="2026-12-05T19:45:00Z", lead_time=30.0)
    assert [im.accepted for im in from_labelstudio(back).images] == [True, False, True]


def test_the_import_counts_the_photo_updated_as_accepted(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    assert run(capsys, "label", "export", tmp_path / "ds", "--to", "labelstudio", tmp_path / "t.json",
               "--as-annotations")[0] == 0
    tasks = json.loads((tmp_path / "t.json").read_text())
    back = [_through_label_studio(t, n) for n, t in enumerate(tasks, start=1)]
    back[2] = _through_label_studio(tasks[2], 3, updated="2026-12-05T19:45:00Z", lead_time=30.0)
    (tmp_path / "back.json").write_text(json.dumps(back))
    code, out, err = run(capsys, "label", "import", tmp_path / "back.json", "--from", "labelstudio", tmp_path / "ds",
                         "--overwrite")
    assert code == 0, err
    assert "accepted: 2 of 3" in out, out
    assert load_done(tmp_path / "ds") == {"images/train/a.jpg", "images/val/c.jpg"}


# ---------------------------------------------------------------- 4. cancelled in Label Studio

def test_a_photo_cancelled_in_label_studio_is_no_longer_accepted_and_said(tmp_path, lang, capsys):
    make_dataset(tmp_path / "ds")
    set_done(tmp_path / "ds", "images/train/a.jpg")
    set_done(tmp_path / "ds", "images/train/b.png")
    assert run(capsys, "label", "export", tmp_path / "ds", "--to", "labelstudio", tmp_path / "t.json")[0] == 0
    tasks = json.loads((tmp_path / "t.json").read_text())
    for n in (0, 1):  # a person pressed Skip on both accepted photos (a's annotation left with no boxes)
        tasks[n]["annotations"] = [dict(tasks[n]["annotations"][0], id=n + 1, was_cancelled=True,
                                        created_at="2026-12-05T19:40:00Z", updated_at="2026-12-05T19:41:00Z")]
    tasks[0]["annotations"][0]["result"] = []
    (tmp_path / "back.json").write_text(json.dumps(tasks))
    code, out, err = run(capsys, "label", "import", tmp_path / "back.json", "--from", "labelstudio", tmp_path / "ds",
                         "--overwrite")
    assert code == 0, err
    assert load_done(tmp_path / "ds") == set()
    assert "2 photos cancelled in Label Studio: no longer accepted" in out + err, out + err
    assert "accepted: 0 of 3" in out
    assert (tmp_path / "ds/labels/train/a.txt").read_text().strip()  # its labels kept as they were
    set_done(tmp_path / "ds", "images/train/a.jpg")
    lang("ja")
    code, out, err = run(capsys, "label", "import", tmp_path / "back.json", "--from", "labelstudio", tmp_path / "ds",
                         "--overwrite")
    assert code == 0 and "Label Studio" in out + err and JAPANESE.search(out + err)
    assert "no longer accepted" not in out + err and "キャンセル" in err


# ---------------------------------------------------------------- 8. taught again: the latest set offered

def test_the_set_taught_last_from_the_folder_comes_first(tmp_path, monkeypatch):
    import os

    from tilelens.labelling import teach

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    make_dataset(tmp_path / "ds")
    data = teach._job_data(tmp_path / "ds")  # both taught on the Label page (or `label teach`)
    for name, when in (("club-c", 1_000_000), ("club-b", 2_000_000)):  # club-b taught last
        folder = tmp_path / "models" / "tilesets" / name
        folder.mkdir(parents=True)
        (folder / "tileset.json").write_text(json.dumps({"name": name, "game": "", "kinds": ["1m"], "data": data}))
        os.utime(folder / "tileset.json", (when, when))
    assert teach.own_tilesets(tmp_path / "ds") == ["club-b", "club-c"]
    os.utime(tmp_path / "models/tilesets/club-c/tileset.json", (3_000_000, 3_000_000))  # club-c taught again
    assert teach.own_tilesets(tmp_path / "ds") == ["club-c", "club-b"]


# ---------------------------------------------------------------- 9. photos of one name in train and val

def test_photos_of_one_name_in_two_splits_are_named_with_their_split():
    from app.views.label import photo_names

    photos = ["images/train/a.jpg", "images/val/a.jpg", "images/train/b.jpg", "train/images/c.jpg"]
    assert photo_names(photos) == {"images/train/a.jpg": "a.jpg (train)", "images/val/a.jpg": "a.jpg (val)",
                                   "images/train/b.jpg": "b.jpg", "train/images/c.jpg": "c.jpg"}
