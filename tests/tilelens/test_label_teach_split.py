"""Teaching (the Label page's Teach, ``tilelens label teach``) learns from the accepted photos of the
training split, as ``tilelens enroll --data DIR/data.yaml`` does: a validation or test split's photos are
kept out, so that ``tilelens eval --data DIR`` measures the set on photos it never learned."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tilelens.cli import main as tilelens
from tilelens.labelling import set_done
from tilelens.labelling import teach
from tilelens.labelling.teach import TeachError

from test_label_teach import make_dataset


def with_val(root: Path, *stems: str) -> Path:
    """Move the photos ``stems`` (and their labels) of ``root`` into images/val, named so in data.yaml."""
    for stem in stems:
        for kind, suffix in (("images", ".png"), ("labels", ".txt")):
            (root / kind / "val").mkdir(parents=True, exist_ok=True)
            shutil.move(root / kind / "train" / f"{stem}{suffix}", root / kind / "val" / f"{stem}{suffix}")
    data = yaml.safe_load((root / "data.yaml").read_text())
    data["val"] = "images/val"
    (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return root


@pytest.fixture
def dataset(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p", "1s", "2m"], "b": ["2m", "1s", "1p", "1m"],
                                          "c": ["3m", "3m", "1m"]})
    return with_val(root, "c")


def test_the_accepted_photos_of_a_validation_split_are_not_taught(dataset):
    for photo in ("images/train/a.png", "images/train/b.png", "images/val/c.png"):
        set_done(dataset, photo)
    args, photos = teach.enroll_args(dataset, "mine", None, 1)
    listed = (teach.job_dir(dataset.resolve()) / "photos.txt").read_text().split()
    assert photos == 2 and [Path(p).name for p in listed] == ["a.png", "b.png"]
    assert teach.accepted_photos(dataset)[2] == 1  # one accepted photo held out


def test_with_only_validation_photos_accepted_teaching_says_why_in_both_languages(dataset, capsys):
    set_done(dataset, "images/val/c.png")
    with pytest.raises(TeachError) as exc:
        teach.enroll_args(dataset, "mine", None, 1)
    assert "of the training split" in str(exc.value) and "1 accepted photo of the validation or test split" \
        in str(exc.value), str(exc.value)
    assert "学習用" in exc.value.message_ja and "検証" in exc.value.message_ja
    assert tilelens(["label", "teach", str(dataset), "--name", "mine"]) == 2
    assert "of the training split" in capsys.readouterr().err


def test_the_command_line_says_how_many_accepted_photos_it_leaves_out(dataset, monkeypatch, capsys):
    for photo in ("images/train/a.png", "images/val/c.png"):
        set_done(dataset, photo)
    monkeypatch.setattr(teach, "enrol_here", lambda root, args: 0)  # the enrolment itself: test_label_teach
    assert tilelens(["label", "teach", str(dataset), "--name", "mine"]) == 0
    out = capsys.readouterr().out
    assert "the tiles of 1 accepted photo of" in out and \
        "1 accepted photo of the validation or test split left out" in out, out


def test_a_dataset_whose_val_is_its_train_folder_teaches_every_accepted_photo(tmp_path, monkeypatch):
    # tilelens's own layout with no val folder (`val: images/train`): nothing is held out
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"], "b": ["2m", "1s"]})
    set_done(root, "images/train/a.png")
    set_done(root, "images/train/b.png")
    assert teach.enroll_args(root, "mine", None, 1)[1] == 2 and teach.accepted_photos(root)[2] == 0
