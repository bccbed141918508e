"""Session 51 walkthrough: what labelling keeps, warns of and says (lines it cannot read kept on an edit, file
modes, an accepted photo with no tiles, kinds said absent, counts of photos, folders that are files)."""
from __future__ import annotations

import os
import stat

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import Box, editing, set_done
from tilelens.labelling.checks import check_dataset
from tilelens.labelling.model import IssueKind
from tilelens.labelling.store import atomic_write_text

from label_helpers import NAMES, make_dataset


def test_editing_a_photo_keeps_the_label_lines_it_cannot_read(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    label = root / "labels/train/a.txt"
    label.write_text(label.read_text() + "57 0.4 0.4 0.05 0.07\nnot a line\n")
    boxes, issues = editing.load_boxes(root, "images/train/a.jpg", NAMES)
    assert len(boxes) == 2 and len(issues) == 2
    editing.save_boxes(root, "images/train/a.jpg", editing.nudge(boxes, 0, dx=0.01), NAMES)
    lines = label.read_text().splitlines()
    assert "57 0.4 0.4 0.05 0.07" in lines and "not a line" in lines  # kept as they were
    again, issues = editing.load_boxes(root, "images/train/a.jpg", NAMES)
    assert len(again) == 2 and round(again[0].xyxyn[0], 3) == 0.11 and len(issues) == 2


def test_a_polygon_line_is_rewritten_as_its_box_not_kept_twice(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    label = root / "labels/train/b.txt"
    label.write_text("1 0.1 0.1 0.4 0.1 0.4 0.4 0.1 0.4\n")
    boxes, _ = editing.load_boxes(root, "images/train/b.png", NAMES)
    editing.save_boxes(root, "images/train/b.png", boxes, NAMES)
    assert len(label.read_text().splitlines()) == 1 and len(label.read_text().split()) == 5


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_files_written_get_the_umasks_mode_and_keep_an_existing_ones(tmp_path, umask_022):
    new = atomic_write_text(tmp_path / "data.yaml", "names: []\n")
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    kept = tmp_path / "shared.txt"
    kept.write_text("old\n")
    kept.chmod(0o664)
    atomic_write_text(kept, "new\n")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o664 and kept.read_text() == "new\n"
    os.umask(0o077)
    assert stat.S_IMODE(atomic_write_text(tmp_path / "private.txt", "x").stat().st_mode) == 0o600


def test_an_accepted_photo_with_no_tiles_is_no_warning(tmp_path):
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "labels/train/b.txt").write_text("")
    empty = [i for i in check_dataset(root).issues if i.kind is IssueKind.EMPTY_LABEL_FILE]
    assert [i.path for i in empty] == ["labels/train/b.txt"]  # not looked at yet: worth a look
    set_done(root, "images/train/b.png")
    assert not [i for i in check_dataset(root).issues if i.kind is IssueKind.EMPTY_LABEL_FILE]


def test_a_kind_said_absent_that_labels_use_is_flagged_and_refused(tmp_path, capsys):
    root = tmp_path / "ds"
    make_dataset(root)  # a.jpg holds a 7z
    set_done(root, "images/train/a.jpg"), set_done(root, "images/val/c.jpg")  # accepted: their boxes stay as they are
    assert tilelens(["label", "kinds", str(root), "--absent", "7z"]) == 2
    err = capsys.readouterr().err
    assert "7z" in err and "images/train/a.jpg" in err and "\nabsent:" not in (root / "data.yaml").read_text()
    assert tilelens(["label", "kinds", str(root), "--absent", "5p"]) == 2  # c.jpg, in the val split
    capsys.readouterr()
    # said absent by hand (or before the box was drawn): `label check` says so
    (root / "data.yaml").write_text((root / "data.yaml").read_text() + "absent: [7z]\n")
    flagged = [i for i in check_dataset(root).issues if "7z" in i.message and "absent" in i.message]
    assert [i.path for i in flagged] == ["labels/train/a.txt"] and flagged[0].is_error  # an error since session 59
    assert flagged[0].message_ja


def test_no_message_sends_an_installed_user_to_dev_app():
    from tilelens.labelling import cli, teach

    said = [w for words in cli.WORDS.values() for w in words.values()]
    assert not [w for w in said if "./dev app" in w]
    assert any("`tilelens app`" in w for w in said)
    source = open(teach.__file__, encoding="utf-8").read()
    assert "./dev app" not in source


@pytest.mark.parametrize("action", ["init", "check", "stats"])
def test_a_file_given_for_the_folder_is_said_to_be_a_file(tmp_path, capsys, action):
    photo = tmp_path / "good.jpg"
    photo.write_bytes(b"\xff\xd8")
    extra = ["--game", "tokyo-mahjong"] if action == "init" else []
    assert tilelens(["label", action, str(photo), *extra]) == 2
    err = capsys.readouterr().err
    assert "no such folder" not in err and "is a file, not a folder" in err and str(tmp_path) in err


def test_teach_says_a_missing_folder_before_anything_of_the_name(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("tilelens.labelling.teach._refuse_enrolled",
                        lambda name, root: pytest.fail("the name was looked at first"))
    missing = tmp_path / "nothere"
    assert tilelens(["label", "teach", str(missing), "--name", "hk-mahjong"]) == 2
    assert "no such folder" in capsys.readouterr().err and not missing.exists()


def test_teach_counts_the_accepted_photos_with_tiles_apart(tmp_path):
    from tilelens.labelling import teach

    root = tmp_path / "ds"
    make_dataset(root)
    (root / "labels/train/b.txt").write_text("")
    for photo in ("images/train/a.jpg", "images/train/b.png"):
        set_done(root, photo)
    photos, _, _ = teach.accepted_photos(root)
    assert teach.photos_said(photos) == ("2 accepted photos (1 with tiles)", "OK にした写真 2枚 (牌の写った写真 1枚)")
    assert teach.photos_said(photos[:1]) == ("1 accepted photo", "OK にした写真 1枚")


def test_the_audit_never_suggests_a_kind_the_set_does_not_have():
    from types import SimpleNamespace

    import numpy as np

    from tilelens.labelling.audit import audit_photo

    guess = SimpleNamespace(kind="0m", alternatives=(("0m", 0.93), ("7z", 0.05), ("5m", 0.02)))
    sure = SimpleNamespace(kind="5m", alternatives=(("0m", 0.05), ("5m", 0.9), ("7z", 0.05)))
    classifier = SimpleNamespace(spec=SimpleNamespace(classes=("0m", "5m", "7z")),
                                 classify=lambda image, boxes, top: [guess, sure][:len(boxes)])
    reader = SimpleNamespace(classifier=classifier, read=lambda image: SimpleNamespace(tiles=()))
    boxes = [Box("7z", (0.1, 0.1, 0.3, 0.5)), Box("7z", (0.5, 0.1, 0.7, 0.5))]
    image = np.zeros((50, 100, 3), np.uint8)
    assert [s.reads for s in audit_photo(image, boxes, reader)] == ["0m", "5m"]
    assert [s.reads for s in audit_photo(image, boxes, reader, absent=("0m",))] == ["5m"]


def test_the_refusal_of_a_kind_in_use_is_said_in_japanese_and_nothing_is_added(tmp_path, capsys, monkeypatch):
    root = tmp_path / "ds"
    make_dataset(root)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    set_done(root, "images/train/a.jpg")  # accepted: its 7z stays (session 56: a photo not accepted has it made plain)
    before = (root / "data.yaml").read_text()
    assert tilelens(["label", "kinds", str(root), "--add", "f1", "--absent", "7z"]) == 2
    assert "セットにない種類にはしません: 7z は OK にした写真 1枚" in capsys.readouterr().err
    assert (root / "data.yaml").read_text() == before
