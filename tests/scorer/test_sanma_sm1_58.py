"""Session 58 (SM1): three-player riichi (sanma) numbers and options, from a referee's club night.

- A table of three (``[riichi] players = 3``) plays sanma's dora: the indicator 1m makes 9m dora (2m-8m are not in
  a sanma set; riichi.wiki "Sanma"), as the ``mahjong`` package's ``OptionalRules(is_three_player=True)`` counts it.
  A four-player game scored for three players (``players=3``) is a four-player set with a seat empty: 1m makes 2m.
- A house table whose tile list leaves tiles out (the 108-tile set: no 2m-8m, no 0m) refuses a hand holding one,
  naming the tile and the table; such a set's 1m makes 9m dora too.
- Nukidora (kita): ``[riichi] nukidora = true`` and ``score(..., nuki=N)`` / ``--nuki N``, each north set aside a
  dora (the package's ``HandConfig(num_nuki_dora=N)``), listed "Nukidora N" (抜きドラ); refused at four players.
- ``[riichi] tsumo_loss = false``: the empty seat's share of a tsumo split between the payers (北家折半).
- ``default_seat = "north"`` at a table of three is refused when the file is read, naming the key.
- Chi is refused at a sanma table (``[riichi] chi_at_three = true`` allows it).
- ``tilelens score --help``: ``--players`` defaults to the game's.
"""
from __future__ import annotations

import json
import re

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

from scorer import riichi
from scorer.catalog import load_game
from scorer.result import GameFileError
from scorer.riichi_cli import score_main, waits_main
from scorer.riichi_rules import listed_yaku
from scorer.riichi_tiles import RiichiInputError

TOKYO = "scorer/games/tokyo-mahjong.toml"
NINES = "999m234p456p789s55s"  # riichi, a triplet of 9m: 1m makes them three dora at three players
PLAIN = "123p456p789s23455s"  # no manzu: sanma or not, the same
MANZU = "234m456p789s23455s"  # 2m-8m: not in a 108-tile set


def _house(tmp_path, riichi_lines="", *, players=3, drop=(), name="sanma"):
    """Tokyo Mahjong as a club's house table: ``players`` seats, ``riichi_lines`` added to ``[riichi]``, the tiles
    ``drop`` left out of its list."""
    text = open(TOKYO, encoding="utf-8").read()
    text = text.replace('id = "tokyo-mahjong"', f'id = "{name}"', 1)
    text = text.replace("\nplayers = 4 ", f"\nplayers = {players} ", 1)
    for line in filter(None, riichi_lines.split("\n")):  # a key the file writes is written anew, another added
        key = line.split("=")[0].strip()
        text, found = re.subn(rf"^{key} = .*$", line, text, count=1, flags=re.M)
        if not found:
            text = text.replace("\n[riichi]\n", f"\n[riichi]\n{line}\n", 1)
    head, *blocks = text.split("\n[[tiles]]\n")
    kept = [b for b in blocks if not any(b.startswith(f'id = "{tile}"') for tile in drop)]
    path = tmp_path / f"{name}.toml"
    path.write_text("\n[[tiles]]\n".join([head, *kept]), encoding="utf-8")
    return load_game(path)


NO_2_TO_8 = ("2m", "3m", "4m", "5m", "6m", "7m", "8m", "0m")


def _package(hand, win_tile, *, tsumo=False, riichi_=True, dora=(), nuki=0, three=True):
    """The ``mahjong`` package's value of a closed hand at seat south (han, fu, cost)."""
    tiles = TilesConverter.one_line_string_to_136_array(hand, has_aka_dora=True)
    kind = TilesConverter.one_line_string_to_136_array(win_tile, has_aka_dora=True)[0] // 4
    win = next(t for t in tiles if t // 4 == kind)
    indicators = [TilesConverter.one_line_string_to_136_array(d, has_aka_dora=True)[0] for d in dora]
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi_, player_wind=SOUTH, round_wind=EAST, num_nuki_dora=nuki,
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, is_three_player=three))
    r = HandCalculator.estimate_hand_value(tiles, win, dora_indicators=indicators or None, config=config)
    assert not r.error, r.error
    return r.han, r.fu, r.cost


# --- 1. a table of three: 1m makes 9m dora ---------------------------------------------------------------------

def test_a_table_of_three_makes_9m_dora_from_1m_as_the_package_does(tmp_path):
    game = _house(tmp_path)
    r = riichi.score(game, NINES, win_tile="5s", riichi=True, dora_indicators=["1m"])
    han, fu, cost = _package(NINES, "5s", dora=("1m",))
    assert (r.extra["han"], r.extra["fu"], r.points) == (han, fu, cost["main"]) == (4, 40, 8000)
    assert r.extra["dora"]["dora"] == 3
    # a sanma table's 9m indicator wraps to 1m, as at four
    assert riichi.score(game, "111m234p456p789s55s", win_tile="5s", riichi=True,
                        dora_indicators=["9m"]).extra["dora"]["dora"] == 3


def test_the_command_line_scores_the_table_of_three_so(tmp_path, capsys):
    game = _house(tmp_path)
    assert score_main(["--game", game.source, NINES, "--win-tile", "5s", "--riichi", "--dora", "1m", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["han"], out["points"]) == (4, 8000)


def test_a_four_player_game_scored_for_three_keeps_its_set_1m_makes_2m():
    r = riichi.score("tokyo-mahjong", NINES, win_tile="5s", riichi=True, dora_indicators=["1m"], players=3)
    assert r.extra["dora"]["dora"] == 0 and r.points == 1300
    with_2m = riichi.score("tokyo-mahjong", "234m234p456p789s55s", win_tile="5s", riichi=True,
                           dora_indicators=["1m"], players=3)
    assert with_2m.extra["dora"]["dora"] == 1


def test_waits_at_a_table_of_three_count_9m_from_1m(tmp_path):
    game = _house(tmp_path)
    found = riichi.waits(game, "999m234p456p789s5s", riichi=True, dora_indicators=["1m"])
    assert [w.tile for w in found] == ["5s"] and found[0].ron.points == 8000


# --- 2. a house set without some tiles ---------------------------------------------------------------------------

def test_a_108_tile_table_refuses_a_hand_holding_a_tile_it_has_not(tmp_path):
    game = _house(tmp_path, drop=NO_2_TO_8, name="sanma108")
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, MANZU, win_tile="5s", riichi=True)
    message = str(info.value)
    assert "2 Man (2m)" in message and "Tokyo Mahjong" in message and "hand" in message, message
    assert "二萬" in info.value.message_ja and "手牌" in info.value.message_ja


@pytest.mark.parametrize("where", [dict(dora_indicators=["5m"]), dict(melds=["pon:333m"]), dict(discards=["0m"])])
def test_a_108_tile_table_refuses_such_a_tile_anywhere(tmp_path, where):
    game = _house(tmp_path, drop=NO_2_TO_8, name="sanma108")
    hand = "11z123p456p789s" if "melds" in where else PLAIN
    with pytest.raises(RiichiInputError, match="is not in the set of"):
        riichi.score(game, hand, win_tile="5s" if hand == PLAIN else "9s", riichi="melds" not in where, **where)


def test_the_command_line_says_it_in_one_line(tmp_path, capsys):
    from tilelens.cli import main

    game = _house(tmp_path, drop=NO_2_TO_8, name="sanma108")
    code = main(["score", "--game", game.source, MANZU, "--win-tile", "5s", "--riichi"])
    err = capsys.readouterr().err
    assert code != 0 and "2 Man (2m)" in err and "Traceback" not in err, err


def test_a_108_tile_set_makes_9m_dora_from_1m_whatever_its_players(tmp_path):
    game = _house(tmp_path, drop=NO_2_TO_8, players=4, name="four108")
    r = riichi.score(game, NINES, win_tile="5s", riichi=True, dora_indicators=["1m"])
    assert r.extra["dora"]["dora"] == 3 and r.points == 8000
    assert riichi.score(game, PLAIN, win_tile="5s", riichi=True).winning  # a hand of its tiles as before


# --- 3. nukidora -------------------------------------------------------------------------------------------------

def test_nukidora_count_as_the_package_counts_them(tmp_path):
    game = _house(tmp_path, "nukidora = true")
    r = riichi.score(game, PLAIN, win_tile="5s", riichi=True, nuki=2)
    han, fu, cost = _package(PLAIN, "5s", nuki=2)
    assert (r.extra["han"], r.extra["fu"], r.points) == (han, fu, cost["main"])
    assert r.extra["dora"]["nuki"] == 2 and r.extra["dora"]["dora"] == 0
    lines = [(y.name, y.name_en, y.han) for y in listed_yaku(r)]
    assert ("抜きドラ", "Nukidora", 2) in lines, lines


def test_a_north_that_is_dora_counts_twice_set_aside(tmp_path):
    game = _house(tmp_path, "nukidora = true")
    r = riichi.score(game, PLAIN, win_tile="5s", riichi=True, nuki=1, dora_indicators=["3z"])
    han, _fu, cost = _package(PLAIN, "5s", nuki=1, dora=("3z",))
    assert r.extra["han"] == han and r.points == cost["main"]
    assert (r.extra["dora"]["nuki"], r.extra["dora"]["dora"]) == (1, 1)


def test_no_nuki_key_where_none_were_set_aside(tmp_path):
    game = _house(tmp_path, "nukidora = true")
    assert riichi.score(game, PLAIN, win_tile="5s", riichi=True).extra["dora"] == \
        {"dora": 0, "aka_dora": 0, "ura_dora": 0}


def test_nukidora_are_refused_at_four_players():
    with pytest.raises(RiichiInputError) as info:
        riichi.score("tokyo-mahjong", PLAIN, win_tile="5s", riichi=True, nuki=1)
    assert "three-player" in str(info.value) and "4" in str(info.value)
    assert "三人麻雀" in info.value.message_ja


def test_nukidora_are_refused_where_the_rules_have_none(tmp_path):
    game = _house(tmp_path)
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, PLAIN, win_tile="5s", riichi=True, nuki=1)
    assert "[riichi] nukidora = true" in str(info.value) and "[riichi] nukidora = true" in info.value.message_ja


@pytest.mark.parametrize("nuki,said", [(-1, "0 or more"), (True, "whole number"), ("2", "whole number"),
                                       (5, "the set has 4")])
def test_a_nuki_count_that_is_none_is_refused(tmp_path, nuki, said):
    game = _house(tmp_path, "nukidora = true")
    with pytest.raises(RiichiInputError, match=said):
        riichi.score(game, PLAIN, win_tile="5s", riichi=True, nuki=nuki)


def test_norths_set_aside_and_held_are_four_at_most(tmp_path):
    game = _house(tmp_path, "nukidora = true")
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, "123p456p789s44z444z", win_tile="4z", nuki=1)
    assert "North" in str(info.value) and "set aside" in str(info.value) and "抜きドラ" in info.value.message_ja


def test_the_command_line_takes_nuki(tmp_path, capsys, monkeypatch):
    game = _house(tmp_path, "nukidora = true")
    argv = ["--game", game.source, PLAIN, "--win-tile", "5s", "--riichi", "--nuki", "2"]
    assert score_main(argv) == 0
    assert "Nukidora" in capsys.readouterr().out
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert score_main(argv) == 0
    assert "抜きドラ" in capsys.readouterr().out
    assert waits_main(["--game", game.source, "123p456p789s2345s", "--riichi", "--nuki", "1", "--json"]) == 0
    waits = json.loads(capsys.readouterr().out)["waits"]
    assert all(w["ron"]["dora"].get("nuki") == 1 for w in waits) and waits


def test_a_kita_replacement_win_may_be_rinshan(tmp_path):
    game = _house(tmp_path, "nukidora = true")
    r = riichi.score(game, PLAIN, win_tile="5s", win="tsumo", riichi=True, rinshan=True, nuki=1)
    assert "Rinshan Kaihou (win on a kan replacement)" in [y.name_en for y in r.yaku]


# --- 4. tsumo loss ----------------------------------------------------------------------------------------------

# riichi, tsumo, on a single wait: 2 han 30 fu (500/1,000 at four); with the dora 5s 5s 2s a mangan (2,000/4,000)
MANGAN_TSUMO = PLAIN
MANGAN_DORA = ["4s", "1s"]


@pytest.mark.parametrize("seat,dora,paid", [
    ("south", MANGAN_DORA, [("east (dealer)", 5000), ("west", 3000)]),  # the north's 2,000 split: 3,000/5,000
    ("east", MANGAN_DORA, [("south", 6000), ("west", 6000)]),  # a dealer's mangan: 6,000 all
    ("south", [], [("east (dealer)", 1300), ("west", 800)]),  # the north's 500 split, each 250 up to 300
])
def test_without_tsumo_loss_the_empty_seats_share_is_split(tmp_path, seat, dora, paid):
    game = _house(tmp_path, "tsumo_loss = false")
    r = riichi.score(game, MANGAN_TSUMO, win_tile="5s", win="tsumo", riichi=True, seat=seat, dora_indicators=list(dora))
    assert [(p.payer, p.amount) for p in r.payments] == paid
    assert r.points == sum(a for _, a in paid)


def test_with_tsumo_loss_the_empty_seats_share_is_not_paid(tmp_path):
    game = _house(tmp_path)
    r = riichi.score(game, MANGAN_TSUMO, win_tile="5s", win="tsumo", riichi=True, dora_indicators=MANGAN_DORA)
    assert [(p.payer, p.amount) for p in r.payments] == [("east (dealer)", 4000), ("west", 2000)]


def test_tsumo_loss_changes_nothing_at_four(tmp_path):
    game = _house(tmp_path, "tsumo_loss = false", players=4, name="four")
    r = riichi.score(game, MANGAN_TSUMO, win_tile="5s", win="tsumo", riichi=True, dora_indicators=MANGAN_DORA)
    assert [p.amount for p in r.payments] == [4000, 2000, 2000]


def test_without_tsumo_loss_a_pao_tsumos_other_yakuman_is_split_too(tmp_path):
    game = _house(tmp_path, "tsumo_loss = false")
    r = riichi.score(game, "11z", melds=["pon:555z", "pon:666z", "pon:777z", "pon:333z"], win_tile="1z",
                     win="tsumo", seat="south", pao="west")
    # daisangen (pao: west pays 32,000) and tsuuiisou shared: 16,000 + 4,000 from east, 8,000 + 4,000 from west
    assert sorted((p.payer, p.amount) for p in r.payments) == [("east (dealer)", 20000), ("west", 44000)]


# --- 6. the table check ----------------------------------------------------------------------------------------

def test_a_table_of_three_seating_north_by_default_is_refused_when_read(tmp_path):
    with pytest.raises(GameFileError) as info:
        _house(tmp_path, 'default_seat = "north"').id
    message = str(info.value)
    assert "riichi.default_seat" in message and "north" in message and "3" in message, message
    assert "riichi.default_seat" in info.value.message_ja and "北" in info.value.message_ja


def test_a_default_seat_at_the_table_is_taken(tmp_path):
    assert riichi.score(_house(tmp_path, 'default_seat = "west"'), PLAIN, win_tile="5s", riichi=True).extra[
        "seat"] == "west"


@pytest.mark.parametrize("line", ["nukidora = 1", "tsumo_loss = \"no\"", "chi_at_three = 0"])
def test_the_new_keys_take_true_or_false(tmp_path, line):
    with pytest.raises(GameFileError, match=f"riichi.{line.split()[0]}: must be"):
        _house(tmp_path, line).id


# --- 9. no chi at three ----------------------------------------------------------------------------------------

CHI_HAND = dict(hand="456p789s22s555z", melds=["chi:123p"], win_tile="5z")  # haku, open


def test_chi_is_refused_at_a_table_of_three(tmp_path):
    game = _house(tmp_path)
    spec = dict(CHI_HAND)
    with pytest.raises(RiichiInputError) as info:
        riichi.score(game, spec.pop("hand"), **spec)
    assert "chi" in str(info.value) and "three" in str(info.value) and "chi_at_three" in str(info.value)
    assert "チー" in info.value.message_ja and "三人麻雀" in info.value.message_ja


def test_a_house_table_may_allow_chi_at_three(tmp_path):
    game = _house(tmp_path, "chi_at_three = true")
    spec = dict(CHI_HAND)
    assert riichi.score(game, spec.pop("hand"), **spec).winning


def test_chi_stays_at_a_four_player_game_scored_for_three():
    spec = dict(CHI_HAND)
    assert riichi.score(None, spec.pop("hand"), **spec, players=3).winning


# --- 8. --help -------------------------------------------------------------------------------------------------

def test_the_players_help_says_the_games_default(capsys):
    with pytest.raises(SystemExit):
        score_main(["--game", "tokyo-mahjong", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "players at the table (default: the game's;" in out and "(default 4)" not in out
    assert "--nuki" in out


def test_a_hand_still_being_entered_is_refused_such_a_tile_too(tmp_path):
    from scorer.riichi_hand import check_hand_copies

    game = _house(tmp_path, drop=NO_2_TO_8, name="sanma108")
    check_hand_copies(game, "19m19p")  # its own tiles: nothing said
    with pytest.raises(RiichiInputError, match="5 Man"):
        check_hand_copies(game, "19m", dora_indicators="5m")
