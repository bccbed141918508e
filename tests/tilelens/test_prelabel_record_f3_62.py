"""Session 62 (F3): the pre-label record names the model that made the proposals.

The Label page's "Pre-label again with another game or set", given a set (or game) of the dataset's own tile list,
read the photos with the model picked but recorded in ``.tilelens/prelabelled.json`` the dataset's own (its data.yaml's
set or game). A later ``tilelens label init DIR --tileset OWN`` then took the other set's proposals for its own and
kept them ("3 kept their labels"), and ``--tileset PICKED`` read them again for nothing. ``reader_of`` names the model
the reader is where it is not the dataset's."""
from __future__ import annotations

from pathlib import Path

from tilelens.labelling.prelabel import prelabel_folder, prelabelled_record
from tilelens.labelling.relabel import prelabel_again

import label_helpers
from label_helpers import OneTileReader as _Reader, prelabelled_photos

sets = label_helpers.sets_of_one_list  # two taught sets of one tile list, mine and other, in a models folder of its own


def _dataset(tmp_path: Path) -> Path:
    """Three photos pre-labelled with the set ``mine`` (one 1m each)."""
    return prelabelled_photos(tmp_path / "ds", 3, tileset="mine")


def _by(root: Path) -> set[str]:
    return {entry["by"] for entry in prelabelled_record(root).values()}


def _kinds(root: Path) -> list[str]:
    return [(root / "labels/train" / f"p{i}.txt").read_text().split()[0] for i in range(3)]


def test_pre_labelled_again_with_another_set_of_its_list_the_record_names_that_set(tmp_path, sets):
    root = _dataset(tmp_path)
    assert _by(root) == {"tileset:mine"}
    prelabel_again(root, None, "mine", reader=_Reader("5p"), reader_of=(None, "other"))
    assert _kinds(root) == ["2"] * 3  # 5p: the other set's proposals
    assert _by(root) == {"tileset:other"}


def test_after_another_set_the_dataset_s_own_set_pre_labels_them_again_and_the_other_keeps_them(tmp_path, sets):
    root = _dataset(tmp_path)
    prelabel_again(root, None, "mine", reader=_Reader("5p"), reader_of=(None, "other"))
    kept = prelabel_folder(root, None, "other", reader=_Reader("5p"), progress=False)
    assert (kept.labelled, kept.again) == (0, 0)  # its own proposals: not read again for nothing
    again = prelabel_folder(root, None, "mine", reader=_Reader("1m"), progress=False)
    assert (again.labelled, again.again) == (3, 3)  # were kept as "mine"'s before
    assert _kinds(root) == ["0"] * 3 and _by(root) == {"tileset:mine"}


def test_a_game_s_model_on_a_set_s_dataset_is_recorded_as_the_game_s(tmp_path, sets):
    root = _dataset(tmp_path)
    prelabel_again(root, None, "mine", reader=_Reader("1p"), reader_of=("tokyo-mahjong", None))
    assert _by(root) == {"game:tokyo-mahjong"}
    assert all("taught" not in entry for entry in prelabelled_record(root).values())
    again = prelabel_folder(root, None, "mine", reader=_Reader("1m"), progress=False)
    assert again.again == 3


def test_without_reader_of_the_record_names_the_dataset_s_own_model_as_before(tmp_path, sets):
    root = _dataset(tmp_path)
    prelabel_again(root, None, "mine", reader=_Reader("5p"))
    assert _by(root) == {"tileset:mine"}
