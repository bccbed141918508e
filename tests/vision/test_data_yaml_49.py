"""A data.yaml that is not YAML, said in Japanese by where the parser stopped, its English words left to English
(vision.data_yaml.read_data_yaml, as tilelens.labelling.yolo says it)."""
from __future__ import annotations

import pytest

from scorer.result import TilelensInputError
from vision.data_yaml import read_data_yaml


def test_a_data_yaml_not_yaml_is_said_in_japanese_by_its_line_and_column(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text("names: [1m, 2m\nval: images\n", encoding="utf-8")
    with pytest.raises(TilelensInputError) as caught:
        read_data_yaml(path, TilelensInputError)
    english, japanese = str(caught.value), caught.value.message_ja
    assert "not valid YAML (expected ',' or ']'" in english and "line 2, column" in english
    assert japanese.startswith(f"{path}: YAML として正しくありません (2行目 ") and "文字目)" in japanese
    assert "expected" not in japanese and "line" not in japanese
