"""Session 63, F1: a Japanese message that echoes what the user typed quotes it in Japanese quotes, the particle
straight after them (「筒」の前に数字がありません, 「nope」というゲームはありません), as the other Japanese messages do
(``scorer.result.quoted_ja``), not Python's ('筒' の前に…); a value that is no text (a script's 5, None) is said as
before (its repr), the particle after it all the same. English messages keep their quotes."""
from __future__ import annotations

import os
import sqlite3

import pytest

from scorer.catalog import load_game
from scorer.result import GameFileError
from scorer.riichi_tiles import RiichiInputError, Wind, parse_melds, parse_tiles
from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError

HAND = "123m456p789s11z222z"


def _said(capsys, monkeypatch, *argv):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code = main(["score", *argv])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("argv, said", [
    (["--seat", "up", HAND], "自風「up」は風ではありません (東・南・西・北のどれかにしてください)"),
    (["123m456p789s11z白筒"], "(「筒」の前に数字がありません)"),
    (["123m東$"], "(「$」は使えない文字です)"),
    (["123m456p789s11z2x"], "(「x」は使えない文字です)"),
    (["123m456p789s1z", "--melds", "pong:555z"], ": 「pong」という鳴きはありません (チー・ポン・カン・暗カン・加カン)"),
    (["--game", "nope", "1m"], "tilelens score: 「nope」というゲームはありません"),
    (["--game", "/dev/null", "1m"], "ゲームファイル「/dev/null」は通常のファイルではありません"),
    (["--game", "__DIR__", "1m"], "ゲームファイル「__DIR__」はフォルダです。"),
    (["--game", "__DIR__/gone.toml", "1m"], "ゲームファイル「__DIR__/gone.toml」がありません"),
], ids=["wind", "suit-without-numbers", "character", "letter-after-digits", "meld-kind", "game", "not-a-file",
        "folder", "missing"])
def test_the_command_line_quotes_what_was_typed_in_japanese(capsys, monkeypatch, tmp_path, argv, said):
    argv = [a.replace("__DIR__", str(tmp_path)) for a in argv]
    if "--game" not in argv:
        argv = ["--game", "tokyo-mahjong", *argv]
    err = _said(capsys, monkeypatch, *argv)
    assert said.replace("__DIR__", str(tmp_path)) in err, err


def test_a_broken_link_and_a_name_too_long_quote_the_game_file(capsys, monkeypatch, tmp_path):
    link = tmp_path / "mine.toml"
    link.symlink_to(tmp_path / "gone.toml")
    err = _said(capsys, monkeypatch, "--game", str(link), "1m")
    assert f"ゲームファイル「{link}」は {tmp_path / 'gone.toml'} へのリンクですが" in err, err
    long = "a" * 300 + ".toml"
    err = _said(capsys, monkeypatch, "--game", long, "1m")
    assert "ゲームファイル「aaa" in err and "がありません (ファイルの名前としては長すぎます)" in err, err


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a folder it may not")
def test_a_game_file_that_cannot_be_read_is_quoted(tmp_path):
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0)
    try:
        with pytest.raises(GameFileError) as refused:
            load_game(str(shut / "mine.toml"))
    finally:
        shut.chmod(0o700)
    assert f"ゲームファイル「{shut / 'mine.toml'}」を読めません (" in refused.value.message_ja, refused.value.message_ja


def test_english_keeps_its_quotes(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["score", "--game", "nope", "1m"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err
    with pytest.raises(RiichiInputError) as refused:
        parse_tiles("123m456p789s11z白筒", "tokyo-mahjong")
    assert "suit '筒' has no numbers before it" in str(refused.value)
    assert "「筒」の前に数字がありません" in refused.value.message_ja


@pytest.mark.parametrize("call, said", [
    (lambda: parse_tiles("123m東十"), "(「十」は使えない文字です)"),
    (lambda: Wind.parse("up"), "自風「up」は風ではありません"),
    (lambda: Wind.parse(9), "自風9は風ではありません"),  # no text: said as its repr
    (lambda: parse_tiles(5, "hand"), "手牌: 5は牌ではありません: 文字列"),
    (lambda: parse_tiles(["1m", None], "hand"), "手牌: Noneは牌ではありません"),
    (lambda: parse_melds(5), "鳴き (melds): 5は鳴きのリストではありません"),
], ids=["character", "wind", "wind-number", "tiles-no-text", "tile-no-text", "melds-no-list"])
def test_a_script_s_value_is_echoed_in_one_style(call, said):
    with pytest.raises(RiichiInputError) as refused:
        call()
    assert said in refused.value.message_ja, refused.value.message_ja


@pytest.mark.parametrize("column, value, said", [
    ("seq", "abc", "局の番号が正しく記録されていません (「abc」。"),
    ("seq", -5, "局の番号が正しく記録されていません (-5。"),
    ("game", "mine.toml", "ゲームが ID ではなくファイルとして記録されています (「mine.toml」)"),
])
def test_a_damaged_ledger_quotes_what_it_holds(tmp_path, column, value, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(match, 1, "ron", {2: 40})
    with sqlite3.connect(ledger.path) as db:
        if column == "seq":
            db.execute("UPDATE hands SET seq = ? WHERE match_id = ?", (value, match))
        else:
            db.execute("UPDATE matches SET game_id = ? WHERE id = ?", (value, match))
    errors = ledger.damaged()
    if not errors:  # a hand's number is read with the hands
        with pytest.raises(LedgerError) as refused:
            ledger.hands(match)
        errors = [refused.value]
    assert any(said in e.message_ja for e in errors), [e.message_ja for e in errors]
