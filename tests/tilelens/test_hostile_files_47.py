"""Hostile or broken files a careless (or malicious) user hands tilelens: deeply nested JSON/TOML/YAML,
numbers too long to read, values whose repr is megabytes (YAML aliases), paths that lead out of the folder
chosen. Each gets one clear message naming the file, never a traceback or a hang. Tiny data only."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import load_game
from scorer.result import GameFileError
from scorer.rules import parse_rules
from tilelens.event.layout import read_table_folder
from tilelens.event.model import FindingKind
from tilelens.labelling import coco, labelstudio
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.yolo import parse_data_yaml
from vision.data_yaml import read_data_yaml

DEEP = 100_000  # past Python's recursion limit, a few hundred KB of brackets
GAME = Path(__file__).resolve().parents[2] / "scorer" / "games" / "nogizaka.toml"
# YAML aliases: a file of a few hundred bytes that reads as a million strings (a "billion laughs", kept small)
LAUGHS = "a0: &a0 [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 6))


def _table(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "event" / "table-01"
    folder.mkdir(parents=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


# ---------------------------------------------------------------- event table manifest (table.toml / .json)

@pytest.mark.parametrize("name, text", [
    ("table.json", '{"seats": ' + "[" * DEEP + "]" * DEEP + "}"),
    ("table.toml", "seats = " + "[" * DEEP + "]" * DEEP + "\n"),
    ("table.json", '{"players": 1' + "0" * 5000 + "}"),
    ("table.toml", "players = 1" + "0" * 5000 + "\n"),
])
def test_manifest_nested_too_deep_or_number_too_long_is_a_finding(tmp_path, name, text):
    table = read_table_folder(_table(tmp_path, name, text))
    bad = [f for f in table.problems if f.kind is FindingKind.BAD_MANIFEST]
    assert len(bad) == 1 and name in bad[0].message and name in bad[0].message_ja


@pytest.mark.parametrize("key", ["²", "1" * 5000])
def test_manifest_seat_key_that_is_no_plain_number_is_no_traceback(tmp_path, key):
    folder = _table(tmp_path, "table.toml", f'[seats]\n"{key}" = "a.jpg"\n')
    (folder / "a.jpg").write_bytes(b"x")
    table = read_table_folder(folder)
    assert any("does not exist" in f.message for f in table.problems)


@pytest.mark.parametrize("photo", ["/etc/hostname", "../../secret.jpg", "..\\\\..\\\\secret.jpg"])
def test_manifest_photo_outside_the_table_folder_is_not_read(tmp_path, photo):
    (tmp_path / "secret.jpg").write_bytes(b"not yours")
    folder = _table(tmp_path, "table.toml", f'wall = "{photo}"\n[seats]\n1 = "{photo}"\n')
    table = read_table_folder(folder)
    assert "1" not in table.seats and table.wall is None
    shown = repr(photo.replace("\\\\", "\\"))  # as the finding says it: quoted
    said = [f for f in table.problems if f.kind is FindingKind.BAD_MANIFEST and shown in f.message]
    assert said and "table folder" in said[0].message and said[0].message_ja


# ---------------------------------------------------------------- COCO / Label Studio files

@pytest.mark.parametrize("read", [coco.read_coco, labelstudio.read_labelstudio])
@pytest.mark.parametrize("text", ["[" * DEEP + "]" * DEEP, '{"images": [], "x": 1' + "0" * 5000 + "}"])
def test_annotation_file_nested_too_deep_or_number_too_long(tmp_path, read, text):
    path = tmp_path / "tasks.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LabelFileError, match="tasks.json"):
        read(path)


def _coco(bbox, **ann):
    return {"images": [{"id": 1, "file_name": "a.jpg", "width": 100, "height": 100}],
            "annotations": [{"id": 7, "image_id": 1, "category_id": 1, "bbox": bbox} | ann],
            "categories": [{"id": 1, "name": "1m"}]}


@pytest.mark.parametrize("bbox", [[float("nan"), 1, 2, 3], [1, float("inf"), 2, 3], [1, 1, -float("inf"), 3]])
def test_coco_nan_box_names_the_file_annotation_and_photo(tmp_path, bbox):
    path = tmp_path / "_annotations.coco.json"
    path.write_text(json.dumps(_coco(bbox)), encoding="utf-8")  # json writes NaN / Infinity, and reads them
    with pytest.raises(LabelFileError) as caught:
        coco.read_coco(path)
    assert str(path) in str(caught.value) and "annotation 7" in str(caught.value) and "a.jpg" in str(caught.value)


@pytest.mark.parametrize("ann", [{"category_id": [1]}, {"image_id": [1]}, {"category_id": {"a": 1}}])
def test_coco_id_that_is_a_list_is_a_clear_error(ann):
    with pytest.raises(LabelFileError, match="annotation 7"):
        coco.from_coco(_coco([1, 1, 2, 3], **ann))


def test_coco_image_id_that_is_a_list_is_a_clear_error():
    data = _coco([1, 1, 2, 3])
    data["images"][0]["id"] = [1]
    with pytest.raises(LabelFileError, match="a.jpg"):
        coco.from_coco(data)


@pytest.mark.parametrize("size", ["abc", float("inf"), float("nan")])
def test_labelstudio_photo_size_not_a_number(size):
    task = {"data": {"image": "/data/local-files/?d=a.jpg"}, "annotations": [{"result": [
        {"type": "rectanglelabels", "original_width": size, "original_height": 50,
         "value": {"x": 1, "y": 1, "width": 10, "height": 10, "rectanglelabels": ["1m"]}}]}]}
    with pytest.raises(LabelFileError, match="original_width"):
        labelstudio.from_labelstudio([task])


# ---------------------------------------------------------------- data.yaml

@pytest.mark.parametrize("text", ["path: " + "[" * 20000 + "]" * 20000 + "\n", LAUGHS + "path: *a5\ntrain: x\n"])
def test_data_yaml_deep_or_alias_bomb_is_one_short_message(tmp_path, text):
    path = tmp_path / "data.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        read_data_yaml(path, ValueError)
    assert str(path) in str(caught.value) and len(str(caught.value)) < 1000
    with pytest.raises(LabelFileError) as caught:
        parse_data_yaml(text, str(path))
    assert str(path) in str(caught.value) and len(str(caught.value)) < 1000


# ---------------------------------------------------------------- game / house-rule TOML

def _game(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new", [
    ("points = 60", "points = 1" + "0" * 5000),  # past Python's 4300 digits: int() refuses it
    ("[table]", "x = " + "[" * DEEP + "]" * DEEP + "\n[table]"),
    ("[house]", "[house]\nnested = " + "{a = " * 3000 + "1" + "}" * 3000),
])
def test_game_file_number_too_long_or_nested_too_deep(tmp_path, old, new):
    path = _game(tmp_path, GAME.read_text(encoding="utf-8").replace(old, new, 1))
    with pytest.raises(GameFileError) as caught:
        parse_rules(load_game(path))
    assert str(path) in str(caught.value) and caught.value.message_ja


def test_game_file_value_shown_short(tmp_path):
    base = GAME.read_text(encoding="utf-8")
    path = _game(tmp_path, base.replace('defaults = ["tiles", "yaku"]', "defaults = [" + "1," * 50_000 + "]"))
    with pytest.raises(GameFileError) as caught:
        parse_rules(load_game(path))
    assert "house.defaults" in str(caught.value) and len(str(caught.value)) < 1000
    assert len(caught.value.message_ja) < 1000


def test_game_file_duplicate_yaku_names_the_duplicate_once(tmp_path):
    base = GAME.read_text(encoding="utf-8")
    yaku = base[base.index("[[yaku]]"):base.index("# 乃木團")]
    path = _game(tmp_path, base + yaku * 2000)
    with pytest.raises(GameFileError) as caught:
        parse_rules(load_game(path))
    assert "basic-set" in str(caught.value) and len(str(caught.value)) < 1000


def test_game_file_points_too_large_for_the_ledger(tmp_path):
    path = _game(tmp_path, GAME.read_text(encoding="utf-8").replace("points = 60", "points = 1" + "0" * 30))
    with pytest.raises(GameFileError, match="yaku\\[0\\].points"):
        parse_rules(load_game(path))


def test_game_file_copies_too_many_for_a_wall(tmp_path):
    """A typo's billions of copies would be a dealt wall the size of the memory (scorer.deal builds it)."""
    path = _game(tmp_path, GAME.read_text(encoding="utf-8").replace("copies = 6", "copies = 1" + "0" * 12, 1))
    with pytest.raises(GameFileError, match="tiles\\[0\\].copies") as caught:
        load_game(path)
    assert caught.value.message_ja
