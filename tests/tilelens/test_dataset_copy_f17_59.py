"""A copied dataset folder is another dataset (session 59, F17): ``cp -r`` to label a second physical set from the
first's photos gives the copy a new id, so the first's taught set is not the copy's (Teach does not offer its name
nor replace it without asking), while a moved folder, or a copy whose original is gone, keeps its id and its sets."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taught_helpers import models, taught  # noqa: F401 (fixtures)
from tilelens.labelling import teach
from tilelens.labelling.teach import TeachError
from tilelens.labelling.yolo import read_data_yaml


def default_name(root: Path) -> str:
    from app.components.teach_view import default_name as offered

    return offered(root, read_data_yaml(root))


def test_a_copy_beside_its_original_is_another_dataset(tmp_path, taught):
    ident = teach.dataset_id(taught)
    copy = tmp_path / "second-set"
    shutil.copytree(taught, copy)
    assert teach.own_tilesets(copy) == []
    assert teach.taught_elsewhere("mine", copy) == str(taught.resolve())  # asked before it is written over
    assert default_name(copy) == "second-set"
    new = teach.dataset_id(copy)
    assert new and new != ident and teach.dataset_id(copy) == new  # a new id, kept
    assert teach.dataset_id(taught) == ident and teach.own_tilesets(taught) == ["mine"]  # the original's unchanged
    assert default_name(taught) == "mine"
    with pytest.raises(TeachError, match="taught from"):  # the copy's Teach does not replace the original's set
        teach.enroll_args(copy, "mine", None, 1)
    args, _ = teach.enroll_args(copy, "theirs", None, 1)  # its own set records the copy's id
    assert f"dataset_id: {new}" in Path(args[args.index("--data") + 1]).read_text()


def test_a_copy_whose_own_id_was_made_at_teach_is_another_dataset(tmp_path, taught):
    copy = tmp_path / "second-set"
    shutil.copytree(taught, copy)
    assert teach.dataset_id(copy, make=True) != teach.dataset_id(taught)


def test_a_moved_folder_keeps_its_sets_and_a_copy_of_it_then_does_not(tmp_path, taught):
    ident = teach.dataset_id(taught)
    moved = tmp_path / "elsewhere" / "ds"
    moved.parent.mkdir()
    shutil.move(taught, moved)
    assert teach.dataset_id(moved) == ident and teach.own_tilesets(moved) == ["mine"]
    assert teach.taught_elsewhere("mine", moved) is None and default_name(moved) == "mine"
    copy = tmp_path / "copy"
    shutil.copytree(moved, copy)  # the moved folder is where the id now lies
    assert teach.own_tilesets(copy) == [] and teach.dataset_id(copy) != ident
    assert teach.own_tilesets(moved) == ["mine"]


def test_a_copy_whose_original_is_gone_is_as_if_moved(tmp_path, taught):
    ident = teach.dataset_id(taught)
    copy = tmp_path / "copy"
    shutil.copytree(taught, copy)
    shutil.rmtree(taught)
    assert teach.dataset_id(copy) == ident and teach.own_tilesets(copy) == ["mine"]


def test_a_folder_reached_by_a_symlink_or_a_relative_path_is_itself(tmp_path, taught, monkeypatch):
    ident = teach.dataset_id(taught)
    link = tmp_path / "link"
    link.symlink_to(taught, target_is_directory=True)
    assert teach.dataset_id(link) == ident and teach.own_tilesets(link) == ["mine"]
    monkeypatch.chdir(tmp_path)
    assert teach.dataset_id(Path("ds")) == ident and teach.own_tilesets("ds") == ["mine"]
    assert teach.dataset_id(taught) == ident


def test_a_copy_reached_by_a_symlink_is_a_copy(tmp_path, taught):
    copy = tmp_path / "copy"
    shutil.copytree(taught, copy)
    link = tmp_path / "link"
    link.symlink_to(copy, target_is_directory=True)
    assert teach.own_tilesets(link) == [] and teach.dataset_id(link) == teach.dataset_id(copy)
    assert teach.dataset_id(copy) != teach.dataset_id(taught)


def test_a_copy_that_cannot_be_written_owns_nothing(tmp_path, taught, monkeypatch):
    copy = tmp_path / "copy"
    shutil.copytree(taught, copy)

    def read_only(*_):
        raise PermissionError("read-only")

    monkeypatch.setattr(teach, "_write_id", read_only)
    assert teach.dataset_id(copy) is None and teach.own_tilesets(copy) == []
    with pytest.raises(OSError):  # at teach time: said as a folder that cannot be written
        teach.dataset_id(copy, make=True)


def test_an_id_file_of_the_id_alone_is_still_read_and_learns_its_folder(tmp_path, taught):
    ident = teach.dataset_id(taught)
    (taught / teach.DATASET_ID).write_text(ident + "\n")  # as this session's first id files were
    assert teach.dataset_id(taught) == ident and teach.own_tilesets(taught) == ["mine"]
    copy = tmp_path / "copy"
    shutil.copytree(taught, copy)
    assert teach.own_tilesets(copy) == []
