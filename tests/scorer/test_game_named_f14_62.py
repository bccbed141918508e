"""Session 62 (F14): one place says whether a text names a game (``scorer.cli.games_named``), for --game of score,
waits and check (``game_named``) and of ``ledger totals`` (the ledger's games, one no longer installed by its id). A
start that is a word several games' names share (ドンジャラ, Donjara, Mahjong) names none of them alone: the command
says the choices."""
from __future__ import annotations

import pytest

from scorer.cli import game_named, games_named
from scorer.result import TilelensInputError

NAMES = {"cinderella-neo": ["Donjara NEO: THE iDOLM@STER Cinderella Girls", "ドンジャラNEO アイドルマスター シンデレラガールズ"],
         "nogizaka": ["Nogizaka Donjara (fan-made)", "乃木坂ドンジャラ"],
         "yokai-watch": ["Yokai Watch Donjara", "妖怪ウォッチ ドンジャラ"],
         "tokyo-mahjong": ["Tokyo Mahjong (riichi)", "東京麻雀"]}


@pytest.mark.parametrize("text, ids", [
    ("nogizaka", ["nogizaka"]), ("乃木坂ドンジャラ", ["nogizaka"]), ("乃木坂", ["nogizaka"]),
    ("Nogizaka Donjara", ["nogizaka"]), ("nogizaka donjara (FAN-MADE)", ["nogizaka"]), ("Tokyo", ["tokyo-mahjong"]),
    ("Tokyo Mahjong", ["tokyo-mahjong"]), ("東京麻雀", ["tokyo-mahjong"]), ("Donjara NEO", ["cinderella-neo"]),
    ("ドンジャラNEO", ["cinderella-neo"]), ("妖怪", ["yokai-watch"]), ("no-such-game", []), ("nogizak", []),
    # a word every Donjara's name holds: the start of one name, but not that game's alone
    ("ドンジャラ", ["cinderella-neo", "nogizaka", "yokai-watch"]),
    ("Donjara", ["cinderella-neo", "nogizaka", "yokai-watch"]),
    ("donjara", ["cinderella-neo", "nogizaka", "yokai-watch"]),
])
def test_what_a_text_names(text, ids):
    assert games_named(text, NAMES) == ids


def test_mahjong_names_no_game_alone_where_two_names_hold_it():
    names = {**NAMES, "mahjong-soul": ["Mahjong Soul (riichi)", "雀魂"]}
    assert games_named("Mahjong", names) == ["tokyo-mahjong", "mahjong-soul"]
    assert games_named("Mahjong Soul", names) == ["mahjong-soul"]
    assert games_named("Mahjong", NAMES) == []  # one game's, and not its start: the id's "did you mean" says it


def test_a_generic_word_is_refused_naming_the_choices():
    with pytest.raises(TilelensInputError) as refused:
        game_named("ドンジャラ")
    said, said_ja = str(refused.value), refused.value.message_ja
    for game_id in ("cinderella-neo", "nogizaka", "yokai-watch"):
        assert f"[{game_id}]" in said and f"[{game_id}]" in said_ja
    assert "Nogizaka Donjara (fan-made) [nogizaka]" in said and "乃木坂ドンジャラ [nogizaka]" in said_ja
    assert said.startswith("--game ドンジャラ names more than one game: "), said
    assert said_ja.startswith("--game ドンジャラ に当てはまるゲームが複数あります: "), said_ja
    assert "tokyo-mahjong" not in said
    with pytest.raises(TilelensInputError):
        game_named("Donjara")


def test_a_whole_name_an_id_or_a_file_still_resolves():
    assert game_named("乃木坂ドンジャラ") == game_named("乃木坂") == "nogizaka"
    assert game_named("Yokai Watch Donjara") == "yokai-watch"
    assert game_named("club/ドンジャラ.toml") == "club/ドンジャラ.toml"
    assert game_named("no-such-game") == "no-such-game"


def test_score_says_the_choices_in_one_line(capsys, monkeypatch):
    from tilelens import cli

    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["score", "--game", "ドンジャラ", "kotoko"]) != 0
    err = capsys.readouterr().err
    assert "複数あります" in err and "乃木坂ドンジャラ [nogizaka]" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err


# --- ledger totals --game: the same matching, among the ledger's games ---------------------------------------------

def _ledger(tmp_path):
    import sqlite3
    import time

    from tilelens.ledger import Ledger

    ledger = Ledger(tmp_path / "ledger.sqlite")
    ids = {}
    for day, game in enumerate(("yokai-watch", "cinderella-neo"), start=1):
        ids[game] = ledger.new_match(game, ["Ann", "Bo", "Cy", "Di"])
        ledger.add_win(ids[game], 0, "ron", {1: 30})
        with sqlite3.connect(ledger.path) as db:  # an evening of December each
            db.execute("UPDATE matches SET created = ? WHERE id = ?",
                       (time.mktime((2026, 12, day, 20, 0, 0, 0, 0, -1)), ids[game]))
    return ledger, ids


def _totals(capsys, monkeypatch, ledger, lang, game):
    import json

    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["ledger", "totals", "--game", game, "--since", "2026-12-01", "--json", "--db", str(ledger.path)])
    out, err = capsys.readouterr()
    return code, [m["id"] for m in json.loads(out)["matches"]] if code == 0 else out, err


@pytest.mark.parametrize("typed", ["yokai-watch", "Yokai Watch Donjara", "妖怪ウォッチ ドンジャラ", "妖怪", "Yokai"])
def test_ledger_totals_takes_a_game_as_score_does(tmp_path, capsys, monkeypatch, typed):
    ledger, ids = _ledger(tmp_path)
    code, matches, err = _totals(capsys, monkeypatch, ledger, "en", typed)
    assert code == 0 and not err and matches == [ids["yokai-watch"]], err


@pytest.mark.parametrize("lang, said", [
    ("en", "--game ドンジャラ names more than one game: Donjara NEO: THE iDOLM@STER Cinderella Girls [cinderella-neo], "
           "Yokai Watch Donjara [yokai-watch]: give its id or more of its name"),
    ("ja", "--game ドンジャラ に当てはまるゲームが複数あります: ドンジャラNEO アイドルマスター シンデレラガールズ "
           "[cinderella-neo]、妖怪ウォッチ ドンジャラ [yokai-watch]。ID か、名前をもっと詳しく指定してください")])
def test_ledger_totals_says_the_choices_of_a_generic_word(tmp_path, capsys, monkeypatch, lang, said):
    ledger, _ = _ledger(tmp_path)
    code, out, err = _totals(capsys, monkeypatch, ledger, lang, "ドンジャラ")
    assert code == 2 and not out and err.strip() == f"tilelens ledger: {said}", err


def test_ledger_totals_names_a_game_no_longer_installed_by_its_id(tmp_path, capsys, monkeypatch):
    from tilelens.ledger import Ledger

    ledger = Ledger(tmp_path / "ledger.sqlite")
    gone = ledger.new_match("gone-donjara", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(gone, 0, "ron", {1: 30})
    for typed in ("gone-donjara", "Gone Donjara"):  # its id, as typed (case, spaces and hyphens aside)
        monkeypatch.setenv("TILELENS_LANG", "en")
        from tilelens.cli import main

        assert main(["ledger", "totals", "--game", typed, "--json", "--db", str(ledger.path)]) == 0, typed
        assert '"game": "gone-donjara"' in capsys.readouterr().out
