"""Session 52's consolidation of the scoring side: ``--favourite`` on a table whose favourite doubling is off is
said as an option that changed nothing; the note and the error of a house table edited in the app name the game
and the app's page and button as the app says them; a game file's value types are said in words ("a whole
number", "true or false"), and a riichi key written the way players say it (``kuitan``, ``aka``) names the key
meant; the value messages of the commands' counts are said in Japanese under Japanese."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer import catalog
from scorer.catalog import load_game, parse_game
from scorer.cli import argparse_ja, usage_error
from scorer.result import GameFileError, game_file_ja
from tilelens import cli

NORMAL = ["shibuya-rin", "島村卯月", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
          "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
TOKYO = Path(catalog.GAMES_DIR) / "tokyo-mahjong.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def _edit(home: Path, text: str, game_id: str = "nogizaka") -> Path:
    folder = home / "games" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "0123abcd.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- (A) --favourite where the table's favourite doubling is off -------------------------------------------------

def test_favourite_on_a_table_without_doubling_is_listed_as_unused(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    body = open(load_game("cinderella-neo").source, encoding="utf-8").read()
    path = tmp_path / "house.toml"
    path.write_text(body.replace("favourite_multiplier = 2", "favourite_multiplier = 1", 1), encoding="utf-8")
    code = cli.main(["score", "--game", str(path), "--win", "ron", "--riichi", "--favourite", "島村卯月", "--json",
                     *NORMAL])
    out, _ = capsys.readouterr()
    assert code == 0
    unused = json.loads(out)["extra"]["unused_options"]
    fav = [u for u in unused if u["option"] == "--favourite"]
    assert fav and "favourite_multiplier = 1" in fav[0]["why"] and "favourite_multiplier = 1" in fav[0]["why_ja"]
    assert "担当アイドル" in fav[0]["why_ja"]


def test_favourite_on_the_shipped_table_is_not_unused(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
    code = cli.main(["score", "--game", "cinderella-neo", "--win", "ron", "--riichi", "--favourite", "島村卯月",
                     "--json", *NORMAL])
    out, _ = capsys.readouterr()
    assert code == 0
    assert not [u for u in json.loads(out)["extra"].get("unused_options", []) if u["option"] == "--favourite"]


# --- (B) the house table's note and error -----------------------------------------------------------------------

def _seventy() -> str:
    return NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n")


def test_the_note_names_the_game_in_japanese_and_the_box_table_in_english(home, capsys, monkeypatch):
    path = _edit(home, _seventy())
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 0
    err = capsys.readouterr().err
    assert f"アプリで編集した「乃木坂ドンジャラ」のハウスルールを使います ({path})" in err, err
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 0
    err = capsys.readouterr().err
    assert err.rstrip().endswith("--shipped-rules for the box's table"), err


def test_a_broken_edit_names_the_apps_page_and_button(home, capsys, monkeypatch):
    path = _edit(home, _seventy().replace("points = 70\n", "points = \n"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 2
    err = capsys.readouterr().err
    assert "Fix it on the app's “Rules and yaku” page (or press “Restore the shipped default” there)" in err, err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 2
    err = capsys.readouterr().err
    assert f"アプリで編集した「乃木坂ドンジャラ」のハウスルール ({path}) が使えません" in err, err
    assert "アプリの「ルールと役」のページで直すか「同梱の表に戻す」を押してください" in err, err


# --- (C) value types in words, and the riichi keys as players say them -----------------------------------------

def _fails(text: str, source: Path) -> GameFileError:
    from scorer.riichi_rules import rules_for
    from scorer.rules import donjara_rules

    path = Path("/nonexistent") / source.name
    with pytest.raises(GameFileError) as caught:
        game = parse_game(__import__("tomllib").loads(text), str(path))
        rules_for(game) if game.engine == "riichi" else donjara_rules(game)
    return caught.value


def test_a_catalog_int_is_a_whole_number():
    text = NOGIZAKA.read_text(encoding="utf-8").replace("hand_size = 9", 'hand_size = "nine"', 1)
    exc = _fails(text, NOGIZAKA)
    assert "field hand_size: must be a whole number (got 'nine')" in str(exc), exc
    assert "項目 hand_size: 整数にしてください (いま 'nine')" in game_file_ja(str(exc)), game_file_ja(str(exc))


def test_a_rules_int_is_a_whole_number():
    text = _seventy().replace("points = 70\n", 'points = "seventy"\n')
    exc = _fails(text, NOGIZAKA)
    assert "must be a whole number (got 'seventy')" in str(exc), exc
    assert "整数にしてください" in game_file_ja(str(exc))


def test_a_riichi_bool_is_true_or_false():
    text = TOKYO.read_text(encoding="utf-8").replace("red_fives = true", "red_fives = 1", 1)
    exc = _fails(text, TOKYO)
    assert "field riichi.red_fives: must be true or false (got 1)" in str(exc), exc
    assert "true か false にしてください" in game_file_ja(str(exc))
    text = TOKYO.read_text(encoding="utf-8").replace("honba_ron = 300", 'honba_ron = "300"', 1)
    assert "field riichi.honba_ron: must be a whole number (got '300')" in str(_fails(text, TOKYO))


@pytest.mark.parametrize("typed, meant", [("kuitan", "open_tanyao"), ("aka", "red_fives"), ("Akadora", "red_fives"),
                                          ("kiriage_mangan", "kiriage"), ("kazoe", "kazoe_limit"),
                                          ("noten_bappu", "noten_total"), ("riichibou", "riichi_stick"),
                                          ("genten", "starting_points")])
def test_a_riichi_key_as_players_say_it_names_the_key_meant(typed, meant):
    text = TOKYO.read_text(encoding="utf-8").replace("[riichi]\n", f"[riichi]\n{typed} = 1\n", 1)
    exc = _fails(text, TOKYO)
    assert f"field riichi.{typed}: unknown key (did you mean {meant}?)" in str(exc), exc


def test_a_synonym_whose_key_the_table_lacks_is_not_offered():
    with pytest.raises(GameFileError) as caught:
        catalog.unknown_key("f.toml", {"kuitan": True}, {"players", "laps"}, "table")
    assert "open_tanyao" not in str(caught.value)


# --- the commands' value messages (vision.cli_args) in Japanese --------------------------------------------------

@pytest.mark.parametrize("message, ja", [
    ("argument --limit: must be 1 or more, got 0", "--limit: 1 以上にしてください (いま 0)"),
    ("argument --seed: must be 0 or more, got -3", "--seed: 0 以上にしてください (いま -3)"),
    ("argument --limit: not a whole number: 'x'", "--limit: 「x」は整数ではありません"),
    ("argument --minutes: not a number: 'x'", "--minutes: 「x」は数ではありません"),
    ("argument --minutes: must be more than 0, got 0", "--minutes: 0 より大きくしてください (いま 0)"),
    ("argument --p: must be from 0 to 1, got 2", "--p: 0 から 1 までにしてください (いま 2)"),
    ("argument --imgsz: must be at most 8192, got 9000", "--imgsz: 8192 以下にしてください (いま 9000)"),
])
def test_the_value_messages_are_said_in_japanese(message, ja):
    assert argparse_ja(message) == ja
    en, said_ja = usage_error(message, "tilelens eval")
    assert en == f"{message} (see tilelens eval --help)" and said_ja.startswith(ja)


# --- one word for "folder" in Japanese (フォルダ, as the rest of the app and the commands say it) -------------------

@pytest.mark.parametrize("source", ["app/settings.py", "app/components/rules_view.py"])
def test_folder_is_said_one_way_in_japanese(source):
    text = (Path(__file__).resolve().parents[2] / source).read_text(encoding="utf-8")
    assert "フォルダー" not in text and "フォルダ" in text
