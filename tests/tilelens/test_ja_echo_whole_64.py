"""A Japanese labelling message says a label line, a path, a kinds list whole, as the English does.

``scorer.result.quoted_ja`` cuts a value over ``ECHO_MAX`` (60 characters) to its first 40, where the old ``!r`` said
it whole: the Japanese of an 80-character label line lost the bad field at its end, that of a zip holding a file and
a folder of one 65-character name lost the end of the name, and a COCO photo entry with no ``file_name`` was quoted as
its whole dict, cut before anything that named it. Paths and label lines are said whole as far as ``PATH_ECHO_MAX``
goes (as ``event/layout.py`` and ``yolo._images_of_source`` say them); a COCO entry is named by its id."""
from __future__ import annotations

import io
import zipfile

import pytest

from tilelens.labelling.model import LabelFileError

LINE = "3 0.48627450980392156 0.51746031746031746 0.07450980392156863 0.1O58823529411764"  # a letter O
NAME = "club-photos-2026/autumn-tournament/table-03/images/train/IMG_0001"


def test_a_long_label_line_keeps_its_bad_field():
    from tilelens.labelling.yolo import parse_label_line

    assert len(LINE) > 60
    with pytest.raises(ValueError) as caught:
        parse_label_line(LINE, ("1m", "2m", "3m", "4m"))
    assert LINE in caught.value.args[1]
    assert f"「{LINE}」に数値でない項目があります" in caught.value.args[2]


def test_a_long_line_with_inf_is_said_whole():
    from tilelens.labelling.yolo import parse_label_line

    line = "0 0.48627450980392156 0.51746031746031746 0.07450980392156863 inf"
    with pytest.raises(ValueError) as caught:
        parse_label_line(line, ("1m",))
    assert f"「{line}」" in caught.value.args[2]


def test_a_zip_clash_names_the_whole_path():
    from tilelens.labelling.archive import _members

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(NAME, b"x")
        z.writestr(NAME + "/a.jpg", b"y")
    with pytest.raises(LabelFileError) as caught:
        _members(zipfile.ZipFile(buf), "x.zip")
    assert f"'{NAME}'" in str(caught.value)
    assert f"「{NAME}」という名前のファイルとフォルダが両方あります" in caught.value.message_ja


def _coco(entry) -> dict:
    return {"images": [entry], "annotations": [], "categories": [{"id": 1, "name": "1m"}]}


def test_a_coco_photo_with_no_file_name_is_named_by_its_id():
    from tilelens.labelling.coco import from_coco

    entry = {"width": 4032, "height": 3024, "date_captured": "2026-10-03T14:22:05+09:00", "license": 1,
             "id": 1234, "filename": "IMG_0001.jpg"}  # 'filename': a typo
    with pytest.raises(LabelFileError) as caught:
        from_coco(_coco(entry))
    assert str(caught.value) == f"COCO: image {entry!r} needs a 'file_name'"  # English unchanged
    assert "id 1234 の写真に 'file_name' がありません" in caught.value.message_ja
    assert "{" not in caught.value.message_ja


def test_a_coco_photo_with_no_id_either_is_named_by_its_place():
    from tilelens.labelling.coco import from_coco

    data = _coco({"width": 64, "height": 64, "filename": "b.jpg"})
    data["images"].insert(0, {"id": 1, "file_name": "a.jpg", "width": 64, "height": 64})
    with pytest.raises(LabelFileError) as caught:
        from_coco(data)
    assert "images の2番目の写真に 'file_name' がありません" in caught.value.message_ja


def test_a_coco_photo_that_is_no_object_is_quoted():
    from tilelens.labelling.coco import from_coco

    with pytest.raises(LabelFileError) as caught:
        from_coco(_coco("a.jpg"))
    assert "写真「a.jpg」に 'file_name' がありません" in caught.value.message_ja


def test_label_studio_kinds_are_said_whole():
    from tilelens.labelling.labelstudio import _box_from_result

    kinds = ["manzu-1-red-dora", "manzu-2-plain", "pinzu-5-red-dora", "souzu-7-plain"]
    result = {"type": "rectanglelabels",
              "value": {"x": 10, "y": 10, "width": 5, "height": 5, "rectanglelabels": kinds}}
    with pytest.raises(LabelFileError) as caught:
        _box_from_result(result, "task 1")
    assert repr(kinds) in str(caught.value)
    assert f"({repr(kinds)}になっています)" in caught.value.message_ja


def test_a_game_file_path_in_data_yaml_is_said_whole(tmp_path, monkeypatch):
    import scorer
    from scorer.result import TilelensInputError
    from tilelens.labelling.checks import _config_issues
    from tilelens.labelling.yolo import read_data_yaml

    game = "/home/club/tilelens-house-rules/autumn-tournament-2026/riichi-house.toml"

    def refused(name):
        raise TilelensInputError(f"game file {name!r} cannot be read")  # no Japanese of its own

    monkeypatch.setattr(scorer, "load_game", refused)
    (tmp_path / "images" / "train").mkdir(parents=True)
    (tmp_path / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/train\nnames: ['1m']\n")
    [issue] = _config_issues(tmp_path, read_data_yaml(tmp_path), game)
    assert f"「{game}」というゲームは登録されていません" in issue.message_ja
