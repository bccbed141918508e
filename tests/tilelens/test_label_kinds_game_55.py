"""Session 55: ``kinds.add_game_kinds``, the public way to add a tile of the game's table in use that a dataset does
not name yet (a member a club's house table took back) to its ``names``: the Label page's picker used the private
``kinds._write``."""
from __future__ import annotations

import pytest
import yaml
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelFileError, LabelledImage, write_yolo
from tilelens.labelling.kinds import add_game_kinds


def _dataset(root, names):
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (100, 50), (9, 9, 9)).save(root / "images/train/a.jpg")
    write_yolo(Dataset(names, (LabelledImage("images/train/a.jpg", (100, 50), (Box(names[1], (0.1, 0.1, 0.4, 0.9)),)),),
                       "nogizaka"), root)
    return root


def _shipped():
    from scorer import load_game

    return tuple(t.id for t in load_game("nogizaka").tiles)


def test_a_tile_of_the_table_is_added_after_the_names_not_as_an_own_kind(tmp_path):
    names = tuple(k for k in _shipped() if k != "himetan")
    root = _dataset(tmp_path / "ds", names)
    label = (root / "labels/train/a.txt").read_text()
    config = add_game_kinds(root, ["himetan"])
    assert config.names == (*names, "himetan") and "himetan" not in config.own_kinds
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    assert data["game"] == "nogizaka" and "own_kinds" not in data
    assert (root / "labels/train/a.txt").read_text() == label  # class numbers as they were
    before = (root / "data.yaml").stat().st_mtime_ns
    assert add_game_kinds(root, ["himetan"]).names == config.names  # named already: left as it is
    assert (root / "data.yaml").stat().st_mtime_ns == before


def test_a_house_table_s_member_is_a_tile_of_the_table_in_use(tmp_path):
    from app import settings

    text = (settings.game_text("nogizaka").replace('id = "himetan"', 'id = "sakura"', 1)
            .replace('member = "himetan"', 'member = "sakura"', 1))
    settings.save_house_table("nogizaka", text)
    root = _dataset(tmp_path / "ds", _shipped())
    with pytest.raises(LabelFileError):  # the box's table (no table given) has no sakura
        add_game_kinds(root, ["sakura"])
    assert add_game_kinds(root, ["sakura"], settings.edited_path("nogizaka")).names == (*_shipped(), "sakura")


@pytest.mark.parametrize("kind", ["f1", "no such member"])
def test_a_kind_that_is_no_tile_of_the_table_is_refused_in_both_languages_and_nothing_written(tmp_path, kind):
    root = _dataset(tmp_path / "ds", _shipped())
    before = (root / "data.yaml").read_text()
    with pytest.raises(LabelFileError) as refused:
        add_game_kinds(root, [kind])
    assert kind in str(refused.value) and kind in refused.value.message_ja
    assert "Traceback" not in str(refused.value) and (root / "data.yaml").read_text() == before
