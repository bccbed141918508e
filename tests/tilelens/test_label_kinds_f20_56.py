"""Session 56 (f20): the kinds of a dataset after the phone teaching re-walk.

A kind could be said "not in my set" only while no box had it: the red fives a shipped model pre-labelled on photos
nobody had checked yet (17 boxes) had to be fixed by hand first. Now the boxes of such a kind on the photos not accepted
become the plain kind (a red five's plain five: ``prelabel.variant_kinds``), or are removed where there is none, said
with a count and undoable; a kind an accepted photo uses is still refused, naming the photo. A dataset pre-labelled
with a taught tile set (whose ``tileset.json`` says no game) got no game, no names for its own kinds and not the kinds
its set lacks: they are taken from the set's base game and the dataset it was taught from. The id refusal says 半角英数字
as the field does."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo
from tilelens.labelling.yolo import read_data_yaml

NAMES = ("1m", "5m", "0m", "5p", "f3")
A, B = "images/train/a.jpg", "images/train/b.jpg"


def _dataset(root: Path, boxes: dict[str, tuple[str, ...]], own: dict[str, str] | None = None) -> Path:
    """A tokyo-mahjong dataset at ``root``: each photo of ``boxes`` with a box of each kind given, side by side;
    ``f3`` a kind of its own (named ``own``)."""
    images = []
    for rel, kinds in boxes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (200, 100), (90, 140, 90)).save(root / rel)
        images.append(LabelledImage(rel, (200, 100), tuple(
            Box(kind, (0.1 * i, 0.2, 0.1 * i + 0.08, 0.8)) for i, kind in enumerate(kinds))))
    write_yolo(Dataset(NAMES, tuple(images), "tokyo-mahjong"), root)
    data = yaml.safe_load((root / "data.yaml").read_text())
    data["own_kinds"] = own or {"f3": "秋"}
    (root / "data.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return root


def _kinds(root: Path, photo: str) -> list[str]:
    from tilelens.labelling import editing

    return [b.kind for b in editing.load_boxes(root, photo, read_data_yaml(root).names)[0]]


# ---- 1. a kind in use on photos not accepted can be said not in the set ---------------------------------------------
def test_a_red_five_on_photos_to_do_becomes_the_plain_five_when_marked_absent(tmp_path):
    from tilelens.labelling.kinds import mark_absent

    root = _dataset(tmp_path / "ds", {A: ("0m", "1m", "0m"), B: ("5p",)})
    marked = mark_absent(root, ["0m"])
    assert _kinds(root, A) == ["5m", "1m", "5m"] and _kinds(root, B) == ["5p"]
    assert read_data_yaml(root).absent == ("0m",)
    assert marked.made == (("0m", "5m", 2),) and marked.photos == (A,)


def test_a_kind_with_no_plain_kind_has_its_boxes_removed(tmp_path):
    from tilelens.labelling.kinds import mark_absent

    root = _dataset(tmp_path / "ds", {A: ("f3", "1m"), B: ("f3",)})
    marked = mark_absent(root, ["f3"])
    assert _kinds(root, A) == ["1m"] and _kinds(root, B) == []
    assert marked.made == (("f3", "", 2),) and set(marked.photos) == {A, B}


def test_a_kind_an_accepted_photo_uses_is_refused_naming_the_photo_and_nothing_changes(tmp_path):
    from tilelens.labelling.kinds import AbsentInUse, mark_absent

    root = _dataset(tmp_path / "ds", {A: ("0m",), B: ("0m", "1m")})
    set_done(root, B)
    before = {p.name: p.read_bytes() for p in (root / "labels/train").iterdir()}, (root / "data.yaml").read_text()
    with pytest.raises(AbsentInUse) as refused:
        mark_absent(root, ["0m"])
    assert refused.value.photos == (B,) and refused.value.kinds == ("0m",)
    assert B in str(refused.value) and B in refused.value.message_ja
    assert ({p.name: p.read_bytes() for p in (root / "labels/train").iterdir()},
            (root / "data.yaml").read_text()) == before


def test_marking_absent_is_undone_boxes_and_all(tmp_path):
    from tilelens.labelling.kinds import mark_absent, unmark_absent

    root = _dataset(tmp_path / "ds", {A: ("0m", "f3", "1m"), B: ("5p",)})
    before = (root / "labels/train/a.txt").read_text()
    marked = mark_absent(root, ["0m", "f3"])
    assert _kinds(root, A) == ["5m", "1m"]
    assert unmark_absent(root, marked) == ()
    assert (root / "labels/train/a.txt").read_text() == before and read_data_yaml(root).absent == ()


def test_undo_leaves_a_photo_changed_since_and_says_which(tmp_path):
    from tilelens.labelling import editing
    from tilelens.labelling.kinds import mark_absent, unmark_absent

    root = _dataset(tmp_path / "ds", {A: ("0m", "1m")})
    marked = mark_absent(root, ["0m"])
    names = read_data_yaml(root).names
    editing.save_boxes(root, A, editing.load_boxes(root, A, names)[0][:1], names)  # a person's edit since
    assert unmark_absent(root, marked) == (A,)
    assert _kinds(root, A) == ["5m"] and read_data_yaml(root).absent == ()


def test_a_kind_absent_already_is_kept_when_undoing_another(tmp_path):
    from tilelens.labelling.kinds import mark_absent, set_absent, unmark_absent

    root = _dataset(tmp_path / "ds", {A: ("0m",)})
    set_absent(root, ["f3"])
    marked = mark_absent(root, ["0m", "f3"])
    unmark_absent(root, marked)
    assert read_data_yaml(root).absent == ("f3",)


# ---- 2. the id refusal in the words of the field ---------------------------------------------------------------------
def test_an_id_not_in_ascii_is_refused_in_the_words_of_the_field(tmp_path):
    from tilelens.labelling.kinds import kind_refused

    root = _dataset(tmp_path / "ds", {A: ("1m",)})
    refused = kind_refused("春", read_data_yaml(root))
    assert "半角英数字" in refused.message_ja and "ASCII" not in refused.message_ja


# ---- 3. a dataset pre-labelled with a taught set: its game, its own kinds' names, the kinds its set lacks ------------
class _Reader:
    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.1 * w, 0.2 * h, 0.3 * w, 0.8 * h), kind="8m",
                                                      is_back=False),
                                      SimpleNamespace(xyxy=(0.5 * w, 0.2 * h, 0.7 * w, 0.8 * h), kind="f1",
                                                      is_back=False)], other_game=False)


SET_KINDS = ["1m", "5m", "8m", "0m", "f1", "f2"]


def _taught_set(tmp_path: Path, monkeypatch, source: Path | None, game: str = "",
                base: str | None = "classifier-tokyo-mahjong.pt") -> str:
    """A tile set ``club-set`` in a models folder of its own, taught from the dataset ``source`` (its Teach job's copy
    of data.yaml naming it by ``path:``, as ``teach.enroll_args`` writes it), its ``tileset.json`` as enrolment writes
    it: no game (``game``), its base's weights file, the kinds its set lacks."""
    models = tmp_path / "models"
    folder = models / "tilesets" / "club-set"
    folder.mkdir(parents=True)
    data = ""
    if source is not None:
        job = source / ".tilelens" / "teach"
        job.mkdir(parents=True)
        (job / "data.yaml").write_text(yaml.safe_dump({"path": str(source), "train": str(job / "photos.txt"),
                                                       "names": SET_KINDS, "absent": ["0m"]}))
        data = str(job / "data.yaml")
    (folder / "tileset.json").write_text(json.dumps({"name": "club-set", "game": game, "classifier": "classifier.onnx",
                                                     "base": base, "data": data, "kinds": SET_KINDS,
                                                     "absent": ["0m"]}))
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    return "club-set"


def _source(tmp_path: Path) -> Path:
    root = tmp_path / "club"
    root.mkdir()
    (root / "data.yaml").write_text(yaml.safe_dump({"train": "images/train", "val": "images/train",
                                                    "names": SET_KINDS, "game": "tokyo-mahjong",
                                                    "own_kinds": {"f1": "春", "f2": "夏"}, "absent": ["0m"]},
                                                   allow_unicode=True))
    return root


def _photos(root: Path) -> Path:
    root.mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "IMG_8001.jpg")
    return root


def test_a_dataset_pre_labelled_with_a_taught_set_gets_its_game_names_and_absent_kinds(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import prelabel_folder

    tileset = _taught_set(tmp_path, monkeypatch, _source(tmp_path))
    root = _photos(tmp_path / "more")
    prelabel_folder(root, None, tileset, reader=_Reader(), progress=False)
    config = read_data_yaml(root)
    assert config.tileset == "club-set" and config.game == "tokyo-mahjong"
    assert config.own_kinds == {"f1": "春", "f2": "夏"} and config.absent == ("0m",)
    assert config.names == tuple(SET_KINDS)
    assert _kinds(root, "images/train/IMG_8001.jpg") == ["8m", "f1"]


def test_the_game_comes_from_the_sets_base_where_its_dataset_is_gone(tmp_path, monkeypatch):
    from tilelens.labelling.checks import check_dataset
    from tilelens.labelling.prelabel import prelabel_folder

    tileset = _taught_set(tmp_path, monkeypatch, None)
    root = _photos(tmp_path / "more")
    prelabel_folder(root, None, tileset, reader=_Reader(), progress=False)
    config = read_data_yaml(root)
    assert config.game == "tokyo-mahjong" and config.absent == ("0m",)
    assert config.own_kinds == {"f1": "f1", "f2": "f2"}  # kinds of the set's own, by their ids: no name known
    assert not [i for i in check_dataset(root).issues if str(i.kind) == "unknown-tile-kind"]


def test_a_set_of_no_known_game_leaves_the_dataset_without_one(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import prelabel_folder

    tileset = _taught_set(tmp_path, monkeypatch, None, base=None)
    root = _photos(tmp_path / "more")
    prelabel_folder(root, None, tileset, reader=_Reader(), progress=False)
    config = read_data_yaml(root)
    assert config.game is None and config.tileset == "club-set" and config.absent == ("0m",)


def test_the_sets_own_game_wins(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import tileset_origin

    _taught_set(tmp_path, monkeypatch, _source(tmp_path), game="tokyo-mahjong", base="classifier.pt")
    origin = tileset_origin("club-set")
    assert origin.game == "tokyo-mahjong" and origin.own_kinds == {"f1": "春", "f2": "夏"}


def test_a_red_five_of_a_taught_sets_dataset_has_its_plain_five(tmp_path, monkeypatch):
    from tilelens.labelling.prelabel import _variants_for

    _taught_set(tmp_path, monkeypatch, None)
    assert _variants_for(None, "club-set", None)["0m"] == "5m"
