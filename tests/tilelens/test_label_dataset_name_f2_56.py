"""Session 56 (f2): a dataset name refused is said in natural Japanese sentences, not 「「a/b」: 名前に…」 (a colon
after the quoted name, the sentence without its subject)."""
from __future__ import annotations

import pytest

from tilelens.labelling.model import LabelFileError
from tilelens.labelling.uploads import MAX_NAME, dataset_folder


def _ja(tmp_path, name: str) -> str:
    with pytest.raises(LabelFileError) as err:
        dataset_folder(tmp_path, name)
    return err.value.message_ja


@pytest.mark.parametrize("name", ["a/b", ".hidden", "what?"])
def test_a_name_with_a_forbidden_character_is_one_natural_sentence_pair(tmp_path, name):
    said = _ja(tmp_path, name)
    assert said.startswith(f"「{name}」という名前は使えません。"), said
    assert "」:" not in said and said.endswith("。"), said
    assert "データセットの名前" in said, said


def test_a_name_too_long_says_how_long_it_is_and_the_most(tmp_path):
    said = _ja(tmp_path, "x" * (MAX_NAME + 5))
    assert said == f"データセットの名前が{MAX_NAME + 5}文字あります。{MAX_NAME}文字までにしてください。", said
