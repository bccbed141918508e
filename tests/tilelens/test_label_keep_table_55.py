"""Session 55: a photo kept from the photo page ("Keep this photo", ``uploads.add_read_photo``) into a dataset of the
game labelled under another table of it (made before the club's house table dropped himetan, or took sakura in). It
was refused ("its class names are not the tiles of nogizaka"), so the club's dataset could take no more photos. Now
the photo is kept with the boxes of the kinds the dataset has, a tile of the dropped kind boxed as that kind where the
dataset still has it, and the boxes of kinds it does not have are left out and named (``KeptPhoto.left_out``): the
photo is then not marked accepted (accepted, it would teach the detector those tiles were background)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from tilelens.labelling import LabelFileError, load_done
from tilelens.labelling.model import Box
from tilelens.labelling.uploads import add_read_photo


def _jpeg(colour=(40, 120, 70)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (300, 100), colour).save(out, "JPEG")
    return out.getvalue()


def _shipped() -> tuple[str, ...]:
    from scorer import load_game

    return tuple(t.id for t in load_game("nogizaka").tiles)


def _house() -> tuple[str, ...]:
    """The house table's tile ids: himetan graduated, sakura joined in her place."""
    return tuple("sakura" if k == "himetan" else k for k in _shipped())


def _labels(root, rel) -> list[str]:
    from tilelens.labelling.yolo import label_path_for

    return [line.split()[0] for line in label_path_for(root / rel).read_text().splitlines()]


def _old_dataset(tmp_path):
    """A dataset of the game labelled under the box's table (himetan), one photo kept in it then."""
    root = tmp_path / "club"
    add_read_photo(root, "first.jpg", _jpeg((1, 2, 3)), (300, 100), [Box("rarin", (0.1, 0.1, 0.3, 0.9))], _shipped(),
                   game="nogizaka")
    return root


def test_a_tile_of_the_dropped_kind_is_boxed_as_it_in_a_dataset_that_still_has_it(tmp_path):
    root = _old_dataset(tmp_path)
    boxes = [Box("rarin", (0.1, 0.1, 0.3, 0.9)), Box("himetan", (0.4, 0.1, 0.6, 0.9))]  # himetan: read, not in hand
    kept = add_read_photo(root, "hand.jpg", _jpeg(), (300, 100), boxes, _house(), game="nogizaka")
    assert kept.left_out == ()
    assert _labels(root, kept.path) == [str(_shipped().index("rarin")), str(_shipped().index("himetan"))]
    assert kept.path in load_done(root)  # every tile boxed: accepted
    from tilelens.labelling.yolo import read_data_yaml

    assert read_data_yaml(root).names == _shipped()  # the dataset's names as they were


def test_a_box_of_a_kind_the_dataset_lacks_is_left_out_named_and_the_photo_not_accepted(tmp_path):
    root = _old_dataset(tmp_path)
    boxes = [Box("rarin", (0.1, 0.1, 0.3, 0.9)), Box("sakura", (0.4, 0.1, 0.6, 0.9)),
             Box("sakura", (0.7, 0.1, 0.9, 0.9))]
    kept = add_read_photo(root, "hand.jpg", _jpeg(), (300, 100), boxes, _house(), game="nogizaka")
    assert kept.left_out == ("sakura", "sakura")
    assert _labels(root, kept.path) == [str(_shipped().index("rarin"))]
    assert kept.path not in load_done(root)


def test_kept_again_with_a_box_left_out_it_is_no_longer_accepted(tmp_path):
    root = _old_dataset(tmp_path)
    photo = _jpeg()
    first = add_read_photo(root, "hand.jpg", photo, (300, 100), [Box("rarin", (0.1, 0.1, 0.3, 0.9))], _house(),
                           game="nogizaka")
    assert first.path in load_done(root)
    again = add_read_photo(root, "hand.jpg", photo, (300, 100),
                           [Box("rarin", (0.1, 0.1, 0.3, 0.9)), Box("sakura", (0.4, 0.1, 0.6, 0.9))], _house(),
                           game="nogizaka")
    assert again.updated and again.path == first.path and again.left_out == ("sakura",)
    assert again.path not in load_done(root)


def test_a_new_dataset_takes_the_table_s_kinds_and_leaves_out_a_dropped_one(tmp_path):
    root = tmp_path / "new"
    boxes = [Box("rarin", (0.1, 0.1, 0.3, 0.9)), Box("himetan", (0.4, 0.1, 0.6, 0.9))]
    kept = add_read_photo(root, "hand.jpg", _jpeg(), (300, 100), boxes, _house(), game="nogizaka")
    assert kept.left_out == ("himetan",) and kept.path not in load_done(root)
    assert _labels(root, kept.path) == [str(_house().index("rarin"))]


def test_a_dataset_of_another_game_or_none_is_still_refused(tmp_path):
    root = _old_dataset(tmp_path)
    with pytest.raises(LabelFileError, match="class names"):
        add_read_photo(root, "x.jpg", _jpeg(), (300, 100), [], ("1m", "7z"), game="tokyo-mahjong")
    with pytest.raises(LabelFileError, match="class names"):
        add_read_photo(root, "x.jpg", _jpeg(), (300, 100), [], _house())  # no game said: names must be the same
