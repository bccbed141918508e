"""A house riichi set is held to its own copies (its ``[[tiles]]`` ``copies``), as the app's palette holds it
(``played_copies``): the copy check of a scored, typed or read hand, the waits' draws and their tiles left. Where no
game is known the copies are a standard set's (``STANDARD_COPIES``).

The house sets here are Tokyo Mahjong's file with its copies changed, as a club adds one (README, "Add a game"):
two red 5p and two plain ones (a common parlour set), a set without red fives (four plain fives each, the table
still playing ``red_fives = true``, the default), and a set one east short (a tile lost)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer import riichi
from scorer.catalog import load_game
from scorer.likely import shape_wins
from scorer.riichi_hand import check_hand_copies
from scorer.riichi_rules import STANDARD_COPIES, set_copies
from scorer.riichi_tiles import RiichiInputError

TOKYO = Path(__file__).resolve().parents[2] / "scorer" / "games" / "tokyo-mahjong.toml"
NO_REDS = {"5m": 4, "5p": 4, "5s": 4, "0m": 0, "0p": 0, "0s": 0}


def _house(tmp_path, name: str, copies: dict[str, int], riichi_lines: str = ""):
    """Tokyo Mahjong as a club's house set: each tile of ``copies`` given that many copies (0: left out of the
    list), ``riichi_lines`` written into ``[riichi]`` over the key they name."""
    text = TOKYO.read_text(encoding="utf-8").replace('id = "tokyo-mahjong"', f'id = "{name}"', 1)
    for line in filter(None, riichi_lines.split("\n")):
        key = line.split("=")[0].strip()
        text = re.sub(rf"^{key} = .*$", line, text, count=1, flags=re.M)
    head, *blocks = text.split("\n[[tiles]]\n")
    kept = []
    for block in blocks:
        tile_id = re.match(r'id = "(\w+)"', block).group(1)
        if copies.get(tile_id) == 0:
            continue
        if tile_id in copies:
            block = re.sub(r"^copies = \d+$", f"copies = {copies[tile_id]}", block, count=1, flags=re.M)
        kept.append(block)
    path = tmp_path / f"{name}.toml"
    path.write_text("\n[[tiles]]\n".join([head, *kept]), encoding="utf-8")
    return load_game(path)


@pytest.fixture
def two_red_pins(tmp_path):
    return _house(tmp_path, "two-red-pins", {"5p": 2, "0p": 2})


@pytest.fixture
def no_reds(tmp_path):
    return _house(tmp_path, "no-reds", NO_REDS)


def _refused(call, *args, **kwargs) -> tuple[str, str]:
    with pytest.raises(RiichiInputError) as info:
        call(*args, **kwargs)
    return str(info.value), info.value.message_ja


# --- the copies of a set --------------------------------------------------------------------------------------------

def test_a_standard_set_s_copies_are_the_default_and_a_house_set_s_its_own(two_red_pins):
    assert set_copies(None) is STANDARD_COPIES
    assert set_copies(load_game("tokyo-mahjong")) is STANDARD_COPIES
    house = set_copies(two_red_pins)
    assert (house["5p"], house["0p"], house["5m"], house["0m"]) == (2, 2, 3, 1)


# --- the copy check -------------------------------------------------------------------------------------------------

def test_two_red_5p_of_a_set_that_has_two_score_as_two_red_fives(two_red_pins):
    r = riichi.score(two_red_pins, "234m340p067p11z555z", win_tile="7p", riichi=True)
    assert r.extra["dora"]["aka_dora"] == 2
    assert (r.extra["han"], r.points) == (4, 8000)  # riichi, haku and two red fives: a mangan off the discarder


def test_a_standard_set_still_refuses_a_second_red_5p():
    en, ja = _refused(riichi.score, "tokyo-mahjong", "234m340p067p11z555z", win_tile="7p", riichi=True)
    assert en == ("too many Red 5 Pin (0p): 2 across the hand, melds, indicators and discards; the set has one")
    assert ja.endswith("セットには1枚です")


def test_a_third_red_5p_is_refused_naming_the_set_s_two(two_red_pins):
    en, ja = _refused(riichi.score, two_red_pins, "234m340p067p11z550p", win_tile="7p")
    assert en.endswith("0p): 3 across the hand, melds, indicators and discards; the set has 2"), en
    assert ja.endswith("セットには2枚です"), ja


def test_a_third_plain_5p_is_refused_where_the_set_has_two(two_red_pins):
    en, ja = _refused(riichi.score, two_red_pins, "234m555p789s11z666z", win_tile="6z")
    assert en == "too many plain 5 Pin (5p): 3; the set has 2 (and 2 red fives, Red 5 Pin (0p))"
    assert ja == "普通の 五筒が 3枚あります。セットには2枚です (ほかに赤五筒が2枚)"
    assert riichi.score("tokyo-mahjong", "234m555p789s11z666z", win_tile="6z").winning  # a standard set has 3


def test_the_app_s_typed_hand_is_checked_against_the_set(two_red_pins):
    check_hand_copies(two_red_pins, "00p")  # the set's two red 5p: nothing said
    assert "the set has 2" in _refused(check_hand_copies, two_red_pins, "5p", melds=["pon:555p"])[0]
    assert "the set has one" in _refused(check_hand_copies, load_game("tokyo-mahjong"), "00p")[0]


def test_four_plain_fives_of_a_set_without_red_ones_score_with_no_red_five(no_reds):
    r = riichi.score(no_reds, "345m555m789s11z666z", win_tile="6z")
    assert r.winning and r.extra["dora"]["aka_dora"] == 0
    assert (r.extra["han"], r.points) == (1, 1300)  # hatsu alone: the fourth plain 5m is no red five
    en, _ja = _refused(riichi.score, no_reds, "345m555m789s11z5m66z", win_tile="6z")
    assert en == "too many 5 Man (5m): 5 across the hand, melds, indicators and discards; the set has 4"


def test_a_shape_check_takes_the_set_s_copies_and_names_a_tile_it_lacks(tmp_path, two_red_pins):
    assert riichi.tiles_from_win(two_red_pins, "234m340p067p11z555z") == 0
    three_plain = ["2m", "3m", "4m", "5p", "5p", "5p", "7s", "8s", "9s", "1z", "1z", "6z", "6z", "6z"]
    assert shape_wins("tokyo-mahjong", three_plain) and not shape_wins(two_red_pins, three_plain)
    sanma = _house(tmp_path, "no-manzu-middle", {f"{n}m": 0 for n in "02345678"})
    en, _ja = _refused(riichi.tiles_from_win, sanma, "234m456p789s11z555z")
    assert en.startswith("hand: 2 Man (2m) is not in the set of"), en


def test_the_command_line_says_the_set_s_copies_in_one_line(two_red_pins, capsys):
    from tilelens.cli import main

    assert main(["score", "--game", two_red_pins.source, "234m555p789s11z666z", "--win-tile", "6z"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("tilelens score: too many plain 5 Pin (5p): 3; the set has 2 (and 2 red fives, Red 5 Pin (0p))")


# --- waits ----------------------------------------------------------------------------------------------------------

def test_a_5p_wait_with_both_plain_ones_held_is_won_on_a_red_5p(two_red_pins):
    found = {w.tile: w for w in riichi.waits(two_red_pins, "234m55p789s11z666z")}
    assert sorted(found) == ["0p", "1z"]
    assert found["0p"].remaining == 2 and found["0p"].ron.extra["dora"]["aka_dora"] == 1


def test_a_5m_wait_of_a_set_without_red_fives_is_a_plain_5m(no_reds):
    found = {w.tile: w for w in riichi.waits(no_reds, "34m555m789s11z666z")}
    assert sorted(found) == ["1z", "2m", "5m"]
    assert found["5m"].remaining == 1 and found["5m"].ron.extra["dora"]["aka_dora"] == 0


@pytest.mark.parametrize(("easts", "left"), [(3, 1), (2, None), (4, 2)], ids=["one lost", "two lost", "standard"])
def test_the_tiles_left_of_a_wait_are_the_set_s(tmp_path, easts, left):
    game = _house(tmp_path, f"easts-{easts}", {"1z": easts})
    found = {w.tile: w.remaining for w in riichi.waits(game, "234m55p789s11z666z")}
    assert found.get("1z") == left, found  # both of a set of two held: no east is left to draw, no wait


@pytest.mark.parametrize("game_id, red_fives, hand", [("aka", "true", "0m123p456p789s"),
                                                      ("no-aka", "false", "5m123p456p789s")],
                         ids=["red fives", "no red fives"])
def test_a_wait_on_a_kind_whose_every_copy_is_held_is_no_wait(tmp_path, game_id, red_fives, hand):
    game = _house(tmp_path, game_id, {}, f"red_fives = {red_fives}")
    assert riichi.waits(game, hand, melds=["pon:555m"]) == []


def test_a_house_set_of_more_than_four_of_a_tile_is_refused_a_hand_of_five_saying_why(tmp_path):
    """The scoring package scores four of a kind at most: a set of eight Easts scored two pons of East "no winning
    shape" in silence once the check took the set's copies; a hand of more than four is refused, and why."""
    eight = _house(tmp_path, "eight-easts", {"1z": 8})
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(eight, "111111z234m567p99s", win_tile="9s")
    assert "6 across the hand" in str(refused.value), refused.value
    assert "plays 4 of a tile at most" in str(refused.value) and "同じ牌4枚まで" in refused.value.message_ja
    assert riichi.score(eight, "111z234m567p555z99s", win_tile="9s").winning  # four of them score as ever
