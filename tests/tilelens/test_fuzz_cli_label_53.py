"""Session 53 fuzz walkthrough of `tilelens label`: `accept --all` marked photos accepted whose photo was 0 bytes or
garbage and whose label file could not be parsed ("2 photos marked accepted", no warning); `kinds --add f1 f2
--name one` took a name count that is not the kind count without a word."""
from __future__ import annotations

import re

from tilelens.labelling import load_done, set_done
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import make_dataset, run

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
GOOD = "images/val/c.jpg"


def _broken(root):
    """``make_dataset``'s three photos: a.jpg 0 bytes, b.png's label file garbage, c.jpg as it was."""
    make_dataset(root)
    (root / "images/train/a.jpg").write_bytes(b"")
    (root / "labels/train/b.txt").write_text("x y z w v\n0 0.5 0.5\n")
    return root


# ---------------------------------------------------------------- accept: photos label check flags as broken

def test_accept_all_leaves_out_and_names_photos_that_cannot_be_read_or_parsed(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = _broken(tmp_path / "ds")
    code, out, err = run(capsys, "label", "accept", root, "--all")
    assert load_done(root) == {GOOD}  # the rest accepted, the two broken ones not
    assert code == 1 and "Traceback" not in err, (code, err)
    assert "images/train/a.jpg" in err and "images/train/b.png" in err and "labels/train/b.txt" in err, err
    assert "label check" in err and "2 photos" in err, err
    assert "1 photo marked accepted" in out and "accepted: 1 of 3" in out, out


def test_accept_refuses_a_named_photo_that_cannot_be_read_and_marks_nothing(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = _broken(tmp_path / "ds")
    code, out, err = run(capsys, "label", "accept", root, "c.jpg", "a.jpg")
    assert code == 2 and "images/train/a.jpg" in err and "empty file, not an image" in err, err
    assert load_done(root) == set() and "Traceback" not in err  # nothing marked when one is refused
    code, out, err = run(capsys, "label", "accept", root, "b.png")
    assert code == 2 and "labels/train/b.txt:1" in err and load_done(root) == set(), err
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "label", "accept", root, "a.jpg")
    assert code == 2 and JAPANESE.search(err) and "images/train/a.jpg" in err and "cannot" not in err, err


def test_accept_all_in_japanese_names_the_broken_photos_in_japanese(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    root = _broken(tmp_path / "ds")
    code, out, err = run(capsys, "label", "accept", root, "--all")
    assert code == 1 and load_done(root) == {GOOD}
    assert JAPANESE.search(err) and "images/train/a.jpg" in err and "images/train/b.png" in err, err
    assert "photos" not in err and "cannot" not in err, err


def test_accept_takes_a_photo_with_only_warnings_and_undo_of_a_broken_one(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = _broken(tmp_path / "ds")
    (root / "labels/val/c.txt").write_text("")  # no boxes: a photo with no tiles (a warning, not an error)
    code, out, err = run(capsys, "label", "accept", root, "c.jpg")
    assert code == 0 and load_done(root) == {GOOD}, err
    set_done(root, "images/train/a.jpg")  # accepted before it broke: un-accepting it is no problem
    code, out, err = run(capsys, "label", "accept", root, "a.jpg", "--undo")
    assert code == 0 and load_done(root) == {GOOD}, err


def test_accept_all_with_every_photo_broken_accepts_none_and_says_so(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = _broken(tmp_path / "ds")
    (root / "images/val/c.jpg").write_bytes(b"\x89PNG garbage")
    code, out, err = run(capsys, "label", "accept", root, "--all")
    assert code == 1 and load_done(root) == set()
    assert "3 photos" in err and "0 photos marked" not in out, (out, err)


# ---------------------------------------------------------------- kinds: --name one per kind of --add

def test_kinds_refuses_fewer_names_than_kinds_naming_both_counts(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = tmp_path / "ds"
    make_dataset(root)
    before = (root / "data.yaml").read_text()
    code, out, err = run(capsys, "label", "kinds", root, "--add", "f1", "f2", "--name", "one")
    assert code == 2 and "Traceback" not in err, err
    assert "2 kinds" in err and "1 name" in err and "f1, f2" in err, err
    assert (root / "data.yaml").read_text() == before  # nothing added
    code, out, err = run(capsys, "label", "kinds", root, "--add", "f1", "--name", "one", "two")
    assert code == 2 and "1 kind" in err and "2 names" in err, err
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "label", "kinds", root, "--add", "f1", "f2", "--name", "one")
    assert code == 2 and JAPANESE.search(err) and "2" in err and "1" in err and "kinds" not in err, err
    assert (root / "data.yaml").read_text() == before


def test_kinds_takes_one_name_per_kind(tmp_path, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    root = tmp_path / "ds"
    make_dataset(root)
    code, out, err = run(capsys, "label", "kinds", root, "--add", "f1", "f2", "--name", "one", "two")
    assert code == 0, err
    assert "f1 (one), f2 (two)" in out
    assert read_data_yaml(root).own_kinds == {"f1": "one", "f2": "two"}
