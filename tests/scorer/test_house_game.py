"""A Donjara edition is a data file: a house game that exists only as test data, and malformed rules."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game, score, tiles_from_win, waits

HOUSE = Path(__file__).parent / "data" / "house-fruits.toml"


def test_house_game_loads_from_a_path():
    game = load_game(HOUSE)
    assert (game.id, game.hand_size, game.total_tiles) == ("house-fruits", 6, 18)


@pytest.mark.parametrize("hand, name, points", [
    (["apple", "apple", "lemon", "lemon", "banana", "banana"], "Fruit salad", 10),
    (["apple", "cherry", "apple", "lemon", "banana", "lemon"], "Two trios", 30),
    (["apple", "joker", "lemon", "lemon", "banana", "banana"], "Fruit salad", 10),
], ids=["three-pairs", "a-red-and-a-yellow-trio", "joker-in-a-pair"])
def test_house_yaku_table(hand, name, points):
    result = score(HOUSE, hand, win="ron")
    assert result.winning and result.yaku[0].name_en == name and result.points == points


def test_house_distinct_constraint_rejects_two_trios_of_one_colour():
    hand = ["apple", "apple", "cherry", "cherry", "cherry", "apple"]
    assert not score(HOUSE, hand).winning
    assert score(HOUSE, hand, local_yaku=True).yaku[0].name_en == "One colour"


def test_house_game_needs_no_riichi_and_splits_among_its_default_three_players():
    result = score(HOUSE, ["apple", "apple", "lemon", "lemon", "banana", "banana"])
    assert result.winning and [p.amount for p in result.payments] == [5, 5]


def test_house_favourite_multiplier_comes_from_the_file():
    result = score(HOUSE, ["apple", "apple", "lemon", "lemon", "banana", "banana"], win="ron", favourite="lemon")
    assert result.points == 30


def test_house_chombo_penalty_comes_from_the_file():
    result = score(HOUSE, ["apple", "cherry", "lemon", "lemon", "banana", "banana"], declared=True)
    assert (result.chombo, result.penalty) == ("false-win", 50)


def test_house_waits_and_distance():
    assert {w.tile for w in waits(HOUSE, ["apple", "apple", "lemon", "lemon", "banana"])} >= {"banana", "joker"}
    assert tiles_from_win(HOUSE, ["apple", "apple", "lemon", "lemon", "banana", "cherry"]) == 0  # two trios
    assert tiles_from_win(HOUSE, ["apple", "lemon", "lemon", "banana", "banana", "banana"]) == 1


BASE = HOUSE.read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ('kinds = ["pair"], size = 2, count = 3', 'kinds = ["pear"], size = 2, count = 3',
     r"yaku\[0\]\.groups\[0\]\.kinds: names an undefined group kind .*'pear'"),
    ('kinds = ["pair"], size = 2, count = 3', 'kinds = ["pair"], size = 2, count = 2',
     r"yaku\[0\]\.groups: add up to 4 tiles, the hand has 6"),
    ('cases = ["false-win"]', 'cases = ["fasle-win"]', r"chombo\.cases: must be among .* \(got 'fasle-win'\)"),
    ('rounding = "remainder"', 'rounding = "down"', r"payout\.rounding: must be one of remainder, up"),
    ('same = ["colour"]\n\n', 'same = ["flavour"]\n\n', r"groups\.trio\.same: names an attribute"),
    ('points = 10', 'points = "ten"', r"yaku\[0\]\.points: must be int \(got 'ten'\)"),
], ids=["undefined-group-kind", "shape-does-not-fill-the-hand", "unknown-chombo-case", "unknown-rounding",
        "unknown-attribute", "points-not-a-number"])
def test_malformed_rules_name_file_field_and_value(tmp_path, old, new, message):
    assert old in BASE
    path = tmp_path / "broken.toml"
    path.write_text(BASE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GameFileError, match=message) as info:
        score(path, ["apple", "apple", "lemon", "lemon", "banana", "banana"])
    assert str(info.value).startswith(str(path))


NOGIDAN = '''
[[yaku]]
id = "nogidan"
name_ja = "乃木團"
name_en = "Nogidan"
points = 120
groups = [{ kinds = ["set"], size = 3, count = 3 }]
uniform = ["colour"]
distinct = ["colour"]
default = true
'''


def test_a_house_yaku_is_a_data_edit(tmp_path):
    from scorer.catalog import GAMES_DIR

    path = tmp_path / "nogizaka-house.toml"
    path.write_text((GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8") + NOGIDAN, encoding="utf-8")
    three_colours = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
    two_colours = ["rarin"] * 3 + ["marika"] * 3 + ["kotoko"] * 3
    assert score(path, three_colours, riichi=True, win="ron").points == 120
    assert score(path, two_colours, riichi=True, win="ron").points == 60
    assert score("nogizaka", three_colours, riichi=True, win="ron").points == 60
