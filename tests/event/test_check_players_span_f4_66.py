"""Session 66 (F4): `tilelens check --players N` follows the game's players_min..players_max, as `tilelens score
--players N` does: Nogizaka (players_min = players_max = 4) refuses --players 3 in one line before any photo is read,
naming the game and its count, in English and Japanese; a game played by 2 to 4 takes 3 as before."""
from __future__ import annotations

import pytest

from scorer import load_game
from tilelens import cli
from tilelens.event.rules import players_refused, players_span


@pytest.mark.parametrize("game, span", [("nogizaka", (4, 4, 4)), ("cinderella-neo", (2, 4, 4)),
                                        ("yokai-watch", (2, 4, 4)), ("tokyo-mahjong", (2, 4, 4))])
def test_each_game_says_how_many_play_it(game, span):
    assert players_span(load_game(game)) == span


def test_a_count_the_game_is_not_played_by_is_refused_in_words():
    game = load_game("nogizaka")
    assert players_refused(game, 4) is None
    en, ja = players_refused(game, 3)
    assert en == "--players 3: Nogizaka Donjara is played by 4 players (leave --players out for 4)", en
    assert ja == "--players 3: 「乃木坂ドンジャラ」は 4人で遊びます (--players を省けば 4人)", ja
    assert players_refused(load_game("cinderella-neo"), 3) is None


@pytest.mark.parametrize("lang, said", [("en", "--players 3: Nogizaka Donjara is played by 4 players"),
                                        ("ja", "--players 3: 「乃木坂ドンジャラ」は 4人で遊びます")])
def test_check_refuses_three_players_for_nogizaka(tmp_path, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", lang)
    (tmp_path / "ev" / "table-01").mkdir(parents=True)
    code = cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--players", "3", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and said in err, (code, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "ev" / "_report").exists()
