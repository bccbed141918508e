"""What a person with a new tile set meets walking from photos to a taught set: each a problem one met."""
from __future__ import annotations

import pytest

from tilelens.cli import main as tilelens
from tilelens.labelling import check_dataset

from label_helpers import make_dataset


def test_the_fix_a_moved_folder_is_told_is_a_command_that_runs_and_fixes_it(tmp_path, capsys):
    # it said `tilelens label init DIR`, which init refuses ("name the --game ..."): the fix did not run
    from scorer import load_game

    make_dataset(tmp_path, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    text = "path: /somewhere/else\n" + (tmp_path / "data.yaml").read_text()
    (tmp_path / "data.yaml").write_text(text)
    (issue,) = [i for i in check_dataset(tmp_path).issues if i.kind == "moved-folder"]
    command = f"tilelens label init {tmp_path} --game tokyo-mahjong"
    assert f"`{command}`" in issue.message and f"`{command}`" in issue.message_ja
    assert tilelens(command.split()[1:]) == 0
    assert not [i for i in check_dataset(tmp_path).issues if i.kind == "moved-folder"]


@pytest.mark.parametrize("path, elsewhere", [("../ds", False), ("./", False), ("ds", True), ("../other", True)])
def test_a_relative_path_is_read_from_the_data_yaml_folder_as_enroll_and_eval_read_it(tmp_path, monkeypatch,
                                                                                       path, elsewhere):
    # `path: ../ds` in ds/ was called a moved folder when checked from another folder (it was read from
    # there), and `path: ds` was not when checked from ds's parent, though enrolment and eval read the
    # photos of ds/ds, not of ds
    root = tmp_path / "ds"
    make_dataset(root)
    text = f"path: {path}\n" + (root / "data.yaml").read_text()
    (root / "data.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    moved = [i for i in check_dataset(root).issues if i.kind == "moved-folder"]
    assert bool(moved) is elsewhere, moved
