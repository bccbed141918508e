"""Session 66 (W14): the English `tilelens score` says a group's label once (not "past Cinderella Girls [past
Cinderella Girls]", "WONDERFUL M@GIC!! members [WONDERFUL M@GIC!!]"), a status set's type capitalised as the app
writes it ("status set [Cute Vi]"), and the favourite by its name ("favourite Uzuki Shimamura in the hand: x2"), as
the Japanese text and the app say them. The JSON's labels stay as the file writes them (a script matches them)."""
from __future__ import annotations

import json

import pytest

from scorer import load_game, score
from scorer.cli import format_result
from tilelens.cli import main

GAME = "cinderella-neo"
SYMPHONY = ["島村卯月", "中野有香", "椎名法子", "水本ゆかり", "三村かな子", "五十嵐響子", "小日向美穂", "櫻井桃華", "関裕美"]
PAST = ["十時愛梨", "神崎蘭子", "渋谷凛", "塩見周子", "島村卯月", "高垣楓", "安部菜々", "北条加蓮", "鷺沢文香"]
MAGIC = ["赤城みりあ", "アナスタシア", "小日向美穂", "城ヶ崎美嘉", "城ヶ崎莉嘉", "白坂小梅", "多田李衣菜", "新田美波", "日野茜"]


def _out(capsys, monkeypatch, *args, lang="en"):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", "--game", GAME, "--riichi", *args])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


@pytest.mark.parametrize("hand, line", [(PAST, "  past Cinderella Girls: totoki-airi "),
                                        (MAGIC, "  WONDERFUL M@GIC!! members: akagi-miria ")])
def test_a_label_the_kind_says_already_is_said_once(capsys, monkeypatch, hand, line):
    out = _out(capsys, monkeypatch, *hand)
    assert line in out and "[past" not in out and "[WONDERFUL" not in out, out


def test_a_status_set_says_its_type_capitalised_and_a_unit_keeps_its_name(capsys, monkeypatch):
    out = _out(capsys, monkeypatch, "--win", "ron", *SYMPHONY)
    assert "  status set [Cute Vi]: shimamura-uzuki" in out and "[cute" not in out, out
    unit = ["島村卯月", "渋谷凛", "本田未央", "神谷奈緒", "多田李衣菜", "三船美優", "城ヶ崎美嘉", "諸星きらり", "喜多日菜子"]
    out = _out(capsys, monkeypatch, *unit)
    assert "  unit [new generations]: " in out and "  status set [Cool Vi]: " in out, out


def test_the_favourite_is_named(capsys, monkeypatch):
    out = _out(capsys, monkeypatch, "--win", "ron", "--favourite", "島村卯月", *SYMPHONY)
    assert "  favourite Uzuki Shimamura in the hand: x2" in out and "shimamura-uzuki in the hand" not in out, out
    ja = _out(capsys, monkeypatch, "--win", "ron", "--favourite", "島村卯月", *SYMPHONY, lang="ja")
    assert "担当アイドル (島村卯月) が手牌にあるので2倍" in ja, ja


@pytest.mark.parametrize("options, said", [({"favourite": "abe-nana"}, "favourite Nana Abe not doubled"),
                                           ({"favourite": "shimamura-uzuki", "favourite_doubling": False},
                                            "favourite Uzuki Shimamura not doubled")])
def test_a_favourite_not_doubled_is_named_too(options, said):
    game = load_game(GAME)
    r = score(game, SYMPHONY, win="ron", riichi=True, **options)
    assert said in format_result(game, r, "en")


def test_the_json_labels_stay_as_the_file_writes_them(capsys, monkeypatch):
    out = _out(capsys, monkeypatch, "--json", *PAST)
    assert [g["label"] for g in json.loads(out)["decomposition"]] == ["past Cinderella Girls"]
    out = _out(capsys, monkeypatch, "--json", *SYMPHONY)
    assert {g["label"] for g in json.loads(out)["decomposition"]} == {"cute Vi", "cute Vo", "cute Da"}


def test_other_games_labels_as_before(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    code = main(["score", "--game", "nogizaka", "--riichi", *["rarin"] * 3, *["marika"] * 3, *["minami"] * 3])
    out = capsys.readouterr().out
    assert code == 0 and "  set [Rarin]: rarin rarin rarin" in out, out
