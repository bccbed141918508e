"""Session 55 (with the keep_photo.py change proposed by f3): "Keep this photo" into the club's dataset labelled under
another table of the game. A dataset made before the house table dropped himetan (or took sakura in) was not offered
(its names were not the table's) and, named as a new one, was "a folder photos cannot be added to": the club could keep
no more photos in it. Now it is offered; a tile read as himetan is boxed as himetan where the dataset still has her,
and a box of a kind the dataset lacks is left out and said, the photo then not accepted."""
from __future__ import annotations

import numpy as np
import pytest

from test_label_house_table_54 import house_text, shipped_names

from app import settings


def _reading(kinds_in_hand, foreign, shade: int = 120):
    """A photo read with ``kinds_in_hand`` face up, and ``foreign`` (kinds the table in use lacks) under them."""
    from app.components.photo import PhotoReading, PhotoTile

    tiles = [PhotoTile((10.0 + 40 * i, 10.0, 40.0 + 40 * i, 60.0), k, 0.9) for i, k in enumerate(kinds_in_hand)]
    tiles += [PhotoTile((10.0 + 40 * i, 70.0, 40.0 + 40 * i, 95.0), k, 0.9, foreign=True)
              for i, k in enumerate(foreign)]
    return PhotoReading(np.full((100, 400, 3), shade, np.uint8), tuple(tiles))


def _club(home):
    """The club's dataset, one photo kept in it under the box's table (himetan still a member)."""
    from app.components import keep_photo

    game = settings.app_game("nogizaka")
    reading = _reading(["rarin", "himetan"], [], shade=30)  # another photo than those kept after it
    kind, said, root = keep_photo._keep(game, reading, reading.hand, "first.jpg", keep_photo.NEW, "club", {}, None)
    assert kind == "success", said
    return root


def test_a_dataset_made_before_the_table_dropped_a_member_is_offered_and_keeps_her_box(home):
    from app.components import keep_photo
    from app.components.photo import stand_ins
    from tilelens.labelling.store import read_progress
    from tilelens.labelling.yolo import read_data_yaml

    root = _club(home)
    settings.save_house_table("nogizaka", house_text())  # himetan graduated
    game = settings.app_game("nogizaka")
    mine = {r.name: r for r in keep_photo._datasets_of(game)}
    assert list(mine) == ["club"]
    # a tile read as himetan, as the photo page keeps it: a stand-in of sakura, in the hand, unchecked
    reading = stand_ins(game, _reading(["rarin", "sayurin"], ["himetan"]))
    assert reading.hand == ["rarin", "sayurin", "sakura"] and reading.tiles[2].read_as == "himetan"
    kind, said, kept_in = keep_photo._keep(game, reading, reading.hand, "hand.jpg", "club", "", mine, None)
    assert kind == "success" and kept_in == root, said
    assert "boxes: 3" in said[0], said
    assert len(read_progress(root)) == 2  # every tile boxed: accepted
    label = sorted(root.glob("labels/**/hand*.txt"))[0].read_text().splitlines()
    assert [line.split()[0] for line in label] == [str(shipped_names().index(k)) for k in ("rarin", "sayurin",
                                                                                         "himetan")]
    assert read_data_yaml(root).names == shipped_names()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_member_the_dataset_does_not_have_is_left_out_said_and_the_photo_not_accepted(home, lang):
    from app.components import keep_photo
    from tilelens.labelling.store import read_progress

    root = _club(home)
    settings.save_house_table("nogizaka", house_text())  # sakura joined
    game = settings.app_game("nogizaka")
    mine = {r.name: r for r in keep_photo._datasets_of(game)}
    reading = _reading(["rarin", "sakura"], [])
    kind, said, _ = keep_photo._keep(game, reading, reading.hand, "hand.jpg", "club", "", mine, None)
    assert kind == "warning", said
    assert len(read_progress(root)) == 1  # the first photo only
    text = said[lang == "ja"]
    named = game.tile("sakura").name_en if lang == "en" else game.tile("sakura").name_ja  # as the table names her
    assert named in text and "sakura" not in text, text  # never by the id
    assert ("this dataset does not have" in text and "not marked accepted" in text) if lang == "en" else \
        ("このデータセットにない種類" in text and "OK にしていません" in text), text
    labels = sorted(root.glob("labels/**/hand*.txt"))[0].read_text().splitlines()
    assert len(labels) == 1
