"""A dataset folder copied, then the original renamed, is two datasets (session 60, F5; review RV1): each folder saw the
folder its id file names gone and took itself for moved, so both kept the one id, and a set taught from the copy was
the renamed original's (teaching it replaced the copy's set without asking). The first folder opened after the rename
keeps the id and its sets (it records the claim in the home); the other is given a new id and says so once, in English
and Japanese, naming the folder that kept them. A folder genuinely moved (one copy only) keeps its id and sets."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taught_helpers import models, taught  # noqa: F401 (fixtures)
from tilelens.labelling import teach
from tilelens.labelling.teach import TeachError


def copied_then_renamed(tmp_path: Path, taught: Path) -> tuple[Path, Path]:
    copy = tmp_path / "set2"
    shutil.copytree(taught, copy)  # cp -r ds set2: a second set labelled from the first's photos
    old = tmp_path / "ds-old"
    taught.rename(old)  # then the original renamed, tidying the folders
    return copy, old


def test_the_copy_opened_first_keeps_the_id_and_the_renamed_original_is_told(tmp_path, taught):
    ident = teach.dataset_id(taught)
    copy, old = copied_then_renamed(tmp_path, taught)
    assert teach.dataset_id(copy) == ident and teach.own_tilesets(copy) == ["mine"]
    assert teach.id_note(copy) is None
    new = teach.dataset_id(old)
    assert new and new != ident and teach.dataset_id(old) == new  # a new id, kept
    assert teach.own_tilesets(old) == [] and teach.taught_elsewhere("mine", old) is not None
    with pytest.raises(TeachError, match="taught from"):  # teaching it does not replace the copy's set in silence
        teach.enroll_args(old, "mine", None, 1)
    note = teach.id_note(old)
    assert note is not None and str(copy.resolve()) in note[0] and str(copy.resolve()) in note[1]
    assert "new id" in note[0] and "フォルダ" in note[1]
    assert teach.id_note(old) is None  # said once
    assert teach.dataset_id(copy) == ident and teach.own_tilesets(copy) == ["mine"]


def test_the_renamed_original_opened_first_keeps_the_id(tmp_path, taught):
    ident = teach.dataset_id(taught)
    copy, old = copied_then_renamed(tmp_path, taught)
    assert teach.dataset_id(old) == ident and teach.own_tilesets(old) == ["mine"]
    assert teach.own_tilesets(copy) == [] and teach.dataset_id(copy) not in (None, ident)
    note = teach.id_note(copy)
    assert note is not None and str(old.resolve()) in note[0] and str(old.resolve()) in note[1]
    assert teach.dataset_id(old) == ident and teach.id_note(old) is None


def test_two_folders_never_share_an_id_whichever_is_asked(tmp_path, taught):
    copy, old = copied_then_renamed(tmp_path, taught)
    for _ in range(2):
        assert teach.dataset_id(copy, make=True) != teach.dataset_id(old, make=True)


def test_a_genuinely_moved_folder_keeps_its_id_and_sets_and_says_nothing(tmp_path, taught):
    ident = teach.dataset_id(taught)
    moved = tmp_path / "elsewhere" / "ds"
    moved.parent.mkdir()
    shutil.move(taught, moved)
    assert teach.dataset_id(moved) == ident and teach.own_tilesets(moved) == ["mine"] and teach.id_note(moved) is None
    again = tmp_path / "again"
    moved.rename(again)  # moved once more: the claim follows it
    assert teach.dataset_id(again) == ident and teach.own_tilesets(again) == ["mine"] and teach.id_note(again) is None


def test_a_claimant_deleted_since_leaves_the_id_to_the_next(tmp_path, taught):
    ident = teach.dataset_id(taught)
    copy, old = copied_then_renamed(tmp_path, taught)
    assert teach.dataset_id(copy) == ident
    shutil.rmtree(copy)  # the copy thrown away: the renamed original is the only folder of that id
    assert teach.dataset_id(old) == ident and teach.own_tilesets(old) == ["mine"] and teach.id_note(old) is None


def test_a_copy_beside_its_original_is_told_too(tmp_path, taught):
    copy = tmp_path / "second-set"
    shutil.copytree(taught, copy)
    assert teach.dataset_id(copy) != teach.dataset_id(taught)
    note = teach.id_note(copy)
    assert note is not None and str(taught.resolve()) in note[0] and str(taught.resolve()) in note[1]
    assert teach.id_note(copy) is None and teach.id_note(taught) is None


def test_a_claims_file_that_cannot_be_read_is_as_if_none(tmp_path, taught):
    from tilelens.home import home_dir

    ident = teach.dataset_id(taught)
    home_dir().mkdir(parents=True, exist_ok=True)
    (home_dir() / teach.CLAIMS_FILE).write_text("not json")
    moved = tmp_path / "moved"
    taught.rename(moved)
    assert teach.dataset_id(moved) == ident and teach.own_tilesets(moved) == ["mine"]
