"""Session 55 (f5, walkthrough w1): a yaku no hand can have is refused in plain words. The Japanese said TOML keys in
its sentences (「項目 yaku[1].groups[0]: …3枚の unit (ユニット) の組を作れません。unit の組は…」, 「set の組は member が同じ
牌で…」) and the English named the yaku by its id ("yaku hiyoko") and said "(set: at most 6 tiles share member)". Now
both name the yaku by its name and the groups and attributes in words; the field is said last, as code, for whoever
edits the file."""
from __future__ import annotations

import re

import pytest

from scorer import GameFileError, load_game
from test_game_file_checks_54 import NOGIZAKA, _club


def _refusal(path) -> tuple[str, str]:
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    return str(caught.value), caught.value.message_ja


def _words(text: str, path) -> list[str]:
    """The ASCII words of ``text`` outside code (backticks) and the file's path."""
    return re.findall(r"[A-Za-z]{3,}", re.sub(r"`[^`]*`", " ", text.replace(str(path), " ")))


def test_a_unit_no_hand_can_make_is_said_in_words_with_the_yaku_s_name(tmp_path):
    path = _club(tmp_path, ["minami", "miona", "miria", "kotoko"])
    en, ja = _refusal(path)
    assert not _words(ja, path), ja
    assert "役「ひよこ組セット」" in ja and "ユニット" in ja and "ひよこ組は4人" in ja, ja
    assert ja.endswith("(項目 `yaku[1].groups[0]`)"), ja
    assert "Hiyoko set" in en and "yaku hiyoko" not in en and "ひよこ組 has 4" in en, en
    assert en.endswith("(field `yaku[1].groups[0]`)") and "field yaku" not in en.split("(field")[0], en


def test_a_set_larger_than_any_member_s_tiles_is_said_in_words(tmp_path):
    path = tmp_path / "nine.toml"
    path.write_text(NOGIZAKA.replace('groups = [{ kinds = ["set"], size = 3, count = 3 }]',
                                     'groups = [{ kinds = ["set"], size = 9, count = 1 }]', 1), encoding="utf-8")
    en, ja = _refusal(path)
    assert not _words(ja, path), ja
    assert "役「基本セット」" in ja and "メンバーが同じ牌" in ja and "6枚" in ja, ja
    assert "share member" not in en and "same member" in en and "Basic set" in en and "basic-set" not in en, en
    assert en.endswith("(field `yaku[0].groups[0]`)"), en


def test_a_min_kind_no_hand_can_meet_is_said_in_words(tmp_path):
    path = _club(tmp_path, ["minami", "miona", "miria", "kotoko"], kinds='["unit", "set"]')
    path.write_text(path.read_text(encoding="utf-8") + "min_kind = { unit = 1 }\n", encoding="utf-8")
    en, ja = _refusal(path)
    assert not _words(ja, path), ja
    assert "役「ひよこ組セット」" in ja and "ユニット" in ja, ja
    assert ja.endswith("(項目 `yaku[1].min_kind.unit`)"), ja
    assert "Hiyoko set" in en and "yaku hiyoko" not in en, en
    assert en.endswith("(field `yaku[1].min_kind.unit`)"), en
