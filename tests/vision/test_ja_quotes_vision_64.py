"""A Japanese message of labelling or vision that echoes a typed or named value (a tile set's name,
a label file's value, a tile kind) quotes it in Japanese quotes, the particle straight after them
(牌セットの名前「riichi」はゲームの名前です), as the scorer's do (``scorer.result.quoted_ja``), not Python's
('riichi' は…). English messages keep their quotes."""
from __future__ import annotations

import re
import string

import pytest

from tilelens.labelling.model import LabelFileError


def _quoted(ja: str, said: str) -> None:
    assert said in ja and "'" not in ja, ja


def test_a_coco_import_quotes_a_value_that_is_no_number():
    from tilelens.labelling.coco import from_coco

    data = {"images": [{"id": 1, "file_name": "a.jpg", "width": "wide", "height": 40}], "annotations": [],
            "categories": [{"id": 1, "name": "1m"}]}
    with pytest.raises(LabelFileError) as caught:
        from_coco(data)
    assert str(caught.value) == "COCO: image a.jpg width must be a number, got 'wide'"
    _quoted(caught.value.message_ja, "COCO: 写真 a.jpg の幅は数でなければなりません (「wide」になっています)")


def test_a_coco_file_naming_a_category_twice_quotes_each_name():
    from tilelens.labelling.coco import from_coco

    data = {"images": [], "annotations": [],
            "categories": [{"id": 1, "name": "1m"}, {"id": 2, "name": "1m"}, {"id": 3, "name": "白"},
                           {"id": 4, "name": "白"}]}
    with pytest.raises(LabelFileError) as caught:
        from_coco(data)
    assert "categories name '1m', '白' more than once" in str(caught.value)
    _quoted(caught.value.message_ja, "COCO: カテゴリー名「1m」、「白」が2回以上あります")


def test_a_label_studio_import_quotes_a_value_that_is_no_number():
    from tilelens.labelling.labelstudio import from_labelstudio

    tasks = [{"data": {"image": "a.jpg"}, "annotations": [{"result": [
        {"type": "rectanglelabels", "value": {"x": 1, "y": 1, "width": "w", "height": 5,
                                              "rectanglelabels": ["1m"]}}]}]}]
    with pytest.raises(LabelFileError) as caught:
        from_labelstudio(tasks)
    assert str(caught.value) == "Label Studio: a.jpg: width must be a number, got 'w'"
    _quoted(caught.value.message_ja, "Label Studio: a.jpg: width は数でなければなりません (「w」になっています)")


def test_a_yolo_label_line_and_an_export_of_an_unknown_kind_are_quoted():
    from tilelens.labelling.model import Box
    from tilelens.labelling.yolo import format_labels, parse_label_line

    with pytest.raises(LabelFileError) as caught:
        format_labels([Box("9z", (0.1, 0.1, 0.2, 0.2))], ("1m",))
    assert str(caught.value) == "tile kind '9z' is not among the dataset's class names"
    _quoted(caught.value.message_ja, "牌の種類「9z」はデータセットの種類名にありません")
    with pytest.raises(ValueError) as bad:
        parse_label_line("zero 0.5 0.3 0.2 0.4", ("1m",))
    _quoted(bad.value.args[2], "「zero 0.5 0.3 0.2 0.4」に数値でない項目があります")


@pytest.mark.parametrize("name", ["nogizaka", "tokyo-mahjong"])
def test_a_tile_set_named_as_a_game_is_quoted(name):
    from vision.enroll import EnrollError, game_name_refused

    with pytest.raises(EnrollError) as caught:
        game_name_refused(name)
    assert str(caught.value).startswith(f"tile set name '{name}' is a game's")
    _quoted(caught.value.message_ja, f"牌セットの名前「{name}」はゲームの名前です: 別の名前にしてください (例: {name}-home)")


def test_tile_kinds_not_in_ascii_are_quoted_one_by_one():
    from vision.enroll import EnrollError, kinds_not_ascii_refused

    with pytest.raises(EnrollError) as caught:
        kinds_not_ascii_refused(["1m", "白", "中"], "d/data.yaml")
    assert "not '白', '中'" in str(caught.value)
    _quoted(caught.value.message_ja, ": 「白」、「中」")


def test_an_unknown_tile_set_is_quoted(tmp_path):
    from vision.recognizer import RecognizerError, tileset_folder

    with pytest.raises(RecognizerError) as caught:
        tileset_folder("nope", tmp_path)
    assert str(caught.value).startswith("unknown tile set 'nope'")
    _quoted(caught.value.message_ja, "牌セット「nope」は登録されていません")


def test_train_quotes_a_setting_and_a_kind_it_has_not():
    from vision.train import TrainError, _no_kind_said, _parse_settings

    with pytest.raises(TrainError) as caught:
        _parse_settings(["lr0"])
    assert str(caught.value) == "--set takes KEY=VALUE, got 'lr0'"
    _quoted(caught.value.message_ja, "--set は KEY=VALUE の形で指定してください (「lr0」になっています)")
    assert _no_kind_said(["frob"], "en").startswith("tilelens train: error: 'frob' is no kind to train")
    _quoted(_no_kind_said(["frob"], "ja"), "tilelens train: エラー: 「frob」は学習できるものではありません")


def test_the_label_command_quotes_an_unknown_subcommand(capsys, monkeypatch):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", "ja")
    with pytest.raises(SystemExit) as ended:
        main(["label", "bogus"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "Traceback" not in err, err
    assert "「bogus」は tilelens label のサブコマンドではありません" in err and "'bogus'" not in err, err


def _ja_tables():
    from tilelens.labelling import cli as label_cli
    from vision import enroll, retrain, train

    return {"enroll": enroll.WORDS["ja"], "retrain": retrain.WORDS["ja"], "train": train.KIND_WORDS["ja"],
            "label": label_cli.WORDS["ja"]}


def test_no_japanese_message_table_says_a_value_by_its_repr():
    """A table's line is filled by the caller: a ``!r`` field in Japanese would say the value in Python's quotes."""
    fields = {f"{table}.{key}": field for table, words in _ja_tables().items() for key, line in words.items()
              for _, field, _, conversion in string.Formatter().parse(line) if field is not None and conversion == "r"}
    assert fields == {}


def test_the_enrolment_lines_quote_the_tile_set():
    from scorer.result import quoted_ja
    from vision.enroll import _said

    for key in ("staging_cleaned", "replaced_restored"):
        line = _said(key, "ja", name="home", name_ja=quoted_ja("home"))
        assert re.search("牌セット「home」[をは]", line) and "'" not in line, line
        assert "'home'" in _said(key, "en", name="home", name_ja=quoted_ja("home"))


def test_a_zip_holding_a_file_and_a_folder_of_one_name_quotes_it(tmp_path):
    import zipfile

    from tilelens.labelling.archive import _members

    path = tmp_path / "set.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("train", b"x")
        z.writestr("train/a.txt", b"0 0.5 0.5 0.1 0.1\n")
    with zipfile.ZipFile(path) as z, pytest.raises(LabelFileError) as caught:
        _members(z, "set.zip")
    assert "a folder named 'train'" in str(caught.value)
    _quoted(caught.value.message_ja, "set.zip: 読み込みません: 「train」という名前のファイルとフォルダが両方あります。")
