"""Session 58 (SM3): nukidora's words, from a re-walk of a three-player (sanma) club night.

- ``[riichi] nukidora = true`` at a table that does not seat three was saved without a word, and the Rules page said
  nothing of it (it says nukidora at a table of three only), while ``--players 3 --nuki 1`` counted it: it is refused
  when the file is read, naming the key, as ``default_seat = "north"`` at three is. Nukidora is a rule of a table of
  three (SCHEMA: "at a table of three"); a table that plays it seats three.
- ``--nuki 1`` at a four-player table advised "score it for 3 players", which at Tokyo Mahjong was refused next
  ("this game's rules have no nukidora"): the advice is one that works where it is given. The English said
  "nuki 2: ..." on the score pages (the command line's name): "Nukidora 2: ...", as the Japanese says 抜きドラ 2枚.
"""
from __future__ import annotations

import re

import pytest

from scorer import riichi
from scorer.catalog import load_game
from scorer.result import GameFileError
from scorer.riichi_tiles import RiichiInputError

TOKYO = "scorer/games/tokyo-mahjong.toml"
PLAIN = "123p456p789s23455s"  # a riichi win on 5s, no manzu


def _table(tmp_path, riichi_lines: str = "", *, players: int = 3):
    """Tokyo Mahjong as a house table of ``players`` seats, ``riichi_lines`` added to its ``[riichi]``."""
    text = open(TOKYO, encoding="utf-8").read()
    text = text.replace('id = "tokyo-mahjong"', 'id = "house"', 1)
    text = text.replace("\nplayers = 4 ", f"\nplayers = {players} ", 1)
    text = text.replace("\n[riichi]\n", f"\n[riichi]\n{riichi_lines}", 1)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- nukidora = true at a table that does not seat three ------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 2])
def test_nukidora_at_a_table_not_of_three_is_refused_when_read(tmp_path, players):
    with pytest.raises(GameFileError) as info:
        load_game(_table(tmp_path, "nukidora = true\n", players=players))
    en, ja = str(info.value), info.value.message_ja
    assert "riichi.nukidora" in en and "three-player" in en and "riichi.players = 3" in en, en
    assert f"seats {players}" in en and "house.toml" in en, en
    assert "riichi.nukidora" in ja and "三人麻雀" in ja and "riichi.players = 3" in ja and f"{players}人" in ja, ja


def test_nukidora_at_a_table_of_three_and_none_at_four_are_read_as_before(tmp_path):
    assert riichi.score(load_game(_table(tmp_path, "nukidora = true\n")), PLAIN, win_tile="5s", riichi=True,
                        nuki=1).extra["dora"]["nuki"] == 1
    load_game(_table(tmp_path, "nukidora = false\n", players=4))


# --- the nuki messages: advice that works, named "Nukidora" -----------------------------------------------------

def _refused(game, **options) -> RiichiInputError:
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, PLAIN, win_tile="5s", riichi=True, **options)
    return info.value


def test_nuki_at_four_players_advises_what_works_at_tokyo_mahjong():
    exc = _refused("tokyo-mahjong", nuki=1)
    en, ja = str(exc), exc.message_ja
    assert en.startswith("Nukidora 1: ") and ja.startswith("抜きドラ 1枚: "), (en, ja)
    assert "three-player" in en and "三人麻雀" in ja  # as before (test_sanma_sm1_58)
    # scoring it for 3 players is refused too at Tokyo Mahjong (no nukidora): not advised
    assert "score it for 3" not in en and "3人で採点" not in ja, (en, ja)
    assert "leave the nukidora out" in en and "抜きドラを外して" in ja, (en, ja)
    assert "[riichi] players = 3 and nukidora = true" in en, en
    assert "players = 3" in ja and "nukidora = true" in ja, ja
    assert "no nukidora" in str(_refused("tokyo-mahjong", nuki=1, players=3))  # what that advice would have met


def test_nuki_at_a_table_of_three_scored_for_four_is_refused_for_the_count(tmp_path):
    game = load_game(_table(tmp_path, "nukidora = true\n"))
    exc = _refused(game, nuki=1, players=4)
    assert str(exc) == "Tokyo Mahjong is played by 2-3 players, got 4", str(exc)
    assert exc.message_ja == "「東京麻雀」は 2〜3人で遊びます。人数を 2〜3人にしてください (いま 4人)"
    assert riichi.score(game, PLAIN, win_tile="5s", riichi=True, nuki=1, players=3).winning  # the advice works


def test_a_four_seat_table_scored_for_three_without_nukidora_says_what_table_plays_it():
    en = str(_refused("tokyo-mahjong", nuki=1, players=3))
    assert en.startswith("Nukidora 1: ") and "[riichi] players = 3 and nukidora = true" in en, en


def test_a_table_of_three_without_nukidora_says_the_key_as_before(tmp_path):
    exc = _refused(load_game(_table(tmp_path)), nuki=2)
    assert str(exc).startswith("Nukidora 2: ") and "[riichi] nukidora = true" in str(exc), str(exc)
    assert "[riichi] nukidora = true" in exc.message_ja and "players = 3" not in str(exc)


def test_norths_over_four_are_said_as_nukidora(tmp_path):
    game = load_game(_table(tmp_path, "nukidora = true\n"))
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, "123p456p789s11z444z", win_tile="1z", nuki=2)
    assert re.match(r"Nukidora 2: 2 North .* set aside and 3 more", str(info.value)), str(info.value)
    assert info.value.message_ja.startswith("抜きドラ 2枚: "), info.value.message_ja
