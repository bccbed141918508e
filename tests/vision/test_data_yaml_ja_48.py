"""A data.yaml that cannot be read is said in Japanese too (the command line's and the app's language)."""
from __future__ import annotations

import pytest

from scorer.result import error_text
from vision.data_yaml import read_data_yaml
from vision.train import TrainError


@pytest.mark.parametrize("text, en, ja", [
    ("names: [a\n", "not valid YAML", "YAML として正しくありません"),
    ("- a\n", "not a mapping of settings", "設定のマッピング"),
    ("path: [1, 2]\n", "path: must name a folder", "path: フォルダを指定してください"),
    ("train: 3\n", "train: must name a folder or .txt list", "train: フォルダか画像の .txt リスト"),
])
def test_a_data_yaml_that_cannot_be_read_is_said_in_both_languages(tmp_path, text, en, ja):
    path = tmp_path / "data.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TrainError) as caught:
        read_data_yaml(path, TrainError)
    assert en in error_text(caught.value, "en") and str(path) in error_text(caught.value, "en")
    assert ja in error_text(caught.value, "ja") and str(path) in error_text(caught.value, "ja")


def test_a_data_yaml_not_text_is_said_in_japanese(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(TrainError) as caught:
        read_data_yaml(path, TrainError)
    assert "テキストファイルではありません" in error_text(caught.value, "ja")
