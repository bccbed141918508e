"""The Label page of a dataset folder moved after a set was taught from it (session 59, F10; W2's walk): the set is
still offered to pre-label new photos, the panel's "ready" is true, and says the photos it can pre-label again only
where there are such."""
from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tilelens.labelling import set_done, teach

from app_helpers import label_teach_support, open_page


support = label_teach_support()


def _taught(root: Path, models: Path, name: str = "mine") -> None:
    """A finished Teach of ``root`` that made the set ``name``, as `label teach` leaves it (its id recorded)."""
    args, _ = teach.enroll_args(root, name, None, 1)
    folder = teach.job_dir(root)
    (folder / "job.json").write_text(json.dumps({"name": name, "started": time.time(), "minutes": 1}))
    (folder / "result.json").write_text(json.dumps({"ok": True, "message": "ready", "warnings": []}))
    set_dir = models / "tilesets" / name
    set_dir.mkdir(parents=True)
    (set_dir / "tileset.json").write_text(json.dumps({
        "name": name, "game": "tokyo-mahjong", "classifier": "classifier.onnx", "kinds": ["1m", "1p", "1s", "2m", "3m"],
        "data": args[args.index("--data") + 1], "dataset_id": teach.dataset_id(root)}))


@pytest.fixture
def moved(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "3m"]})
    set_done(root, "images/train/a.png")
    _taught(root, tmp_path / "models")
    later = time.time() - 100  # b was pre-labelled before the set was taught
    os.utime(root / "labels" / "train" / "b.txt", (later, later))
    there = tmp_path / "moved" / "ds"
    there.parent.mkdir()
    shutil.move(root, there)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(there))
    return there


def test_a_moved_folder_still_offers_its_set_and_its_ready_is_true(moved):
    at = open_page("label", lang="en")
    choices = [s for s in at.selectbox if s.key == "label_add_with"]
    assert choices and "mine" in choices[0].options[0], [s.options for s in choices]  # the first, chosen
    ready = [s.value for s in at.success if "is ready" in s.value]
    assert ready, [s.value for s in at.success]
    # said once (session 61), above "Pre-label again": the moved folder's photo still offered to its set
    said = [m.value for m in [*at.info, *at.success, *at.markdown, *at.caption]]
    assert sum("the 1 photo not accepted can be pre-labelled again with it" in v for v in said) == 1, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_photo_to_pre_label_again_once_each_was_pre_labelled_with_the_set(moved, lang):
    later = time.time() + 100  # b pre-labelled with the set since (Add photos, or Pre-label again)
    os.utime(moved / "labels" / "train" / "b.txt", (later, later))
    at = open_page("label", lang=lang)
    ready = [s.value for s in at.success if ("is ready" if lang == "en" else "ができました") in s.value]
    assert ready and "not accepted" not in ready[0] and "OK にしていない" not in ready[0], ready


def test_a_set_no_longer_the_folders_is_not_said_to_be_ready(moved, tmp_path):
    shutil.rmtree(tmp_path / "models" / "tilesets" / "mine")
    at = open_page("label", lang="en")
    assert not [s.value for s in at.success if "is ready" in s.value]
    assert any("is not this folder's any more" in w.value for w in at.warning), [w.value for w in at.warning]
