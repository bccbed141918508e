"""A kind marked absent keeps the photos not accepted pre-labellable.

``label kinds DIR --absent 0m`` made the red fives a game's model proposed plain fives on the photos nobody had checked
(``kinds.mark_absent``), but left ``.tilelens/prelabelled.json`` naming the label files as they were: a later
``label init DIR --tileset SET`` took those photos for fixed by hand and kept the game model's guesses ("changed since
they were pre-labelled"). A label file a tilelens command rewrote that was a proposal stays one; one a person fixed
stays kept."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilelens.labelling import editing
from tilelens.labelling.kinds import mark_absent, unmark_absent
from tilelens.labelling.prelabel import class_names, prelabel_folder
from tilelens.labelling.yolo import read_data_yaml

from label_helpers import OneTileReader, prelabelled_photos

GAME = "tokyo-mahjong"


@pytest.fixture
def club_set(tmp_path, monkeypatch) -> str:
    """A taught set ``club`` of the game's kinds, in a models folder of the test's own."""
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    folder = tmp_path / "models" / "tilesets" / "club"
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": "club", "game": GAME, "kinds": list(class_names(GAME))}))
    return "club"


def _kinds(root: Path, i: int) -> list[str]:
    names = read_data_yaml(root).names
    return [b.kind for b in editing.load_boxes(root, f"images/train/p{i}.jpg", names)[0]]


def test_photos_marked_absent_are_pre_labelled_again_by_a_set_and_a_hand_fix_is_kept(tmp_path, club_set):
    root = prelabelled_photos(tmp_path / "ds", 4, game=GAME, kind="0m")  # the game's model: a red five on each
    marked = mark_absent(root, ["0m"])
    assert len(marked.photos) == 4 and all(_kinds(root, i) == ["5m"] for i in range(4))
    names = read_data_yaml(root).names
    editing.save_boxes(root, "images/train/p3.jpg", (), names)  # a person's fix since
    again = prelabel_folder(root, None, club_set, reader=OneTileReader("1m"), progress=False)
    assert (again.again, again.changed) == (3, ("images/train/p3.jpg",))
    assert [_kinds(root, i) for i in range(4)] == [["1m"]] * 3 + [[]]


def test_undone_the_photos_are_still_proposals(tmp_path, club_set):
    root = prelabelled_photos(tmp_path / "ds", 3, game=GAME, kind="0m")
    assert unmark_absent(root, mark_absent(root, ["0m"])) == ()
    again = prelabel_folder(root, None, club_set, reader=OneTileReader("1m"), progress=False)
    assert (again.again, again.changed) == (3, ())
