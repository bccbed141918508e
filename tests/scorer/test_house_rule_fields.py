"""Fields of a house table an organiser may get wrong in the Rules page's editor, each refused at save with the
field named, rather than saved and then silently scoring otherwise (a yaku that can never be had, a yaku's name
that lost its type)."""
import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.rules import donjara_rules

CINDERELLA = (GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message, message_ja", [
    # a typo: the Ensemble Set lost "(Cute)" from its name on every score, said nowhere
    ('label_attr = "type"', 'label_attr = "typ"', r"yaku\[2\]\.label_attr: names an attribute the game lacks",
     "このゲームにない属性です"),
    ('label_attr = "type"', 'label_attr = ["type"]', r"yaku\[2\]\.label_attr: must be text in quotes", ""),
    # no unit is 11 to 9 members: SP Live Set A could never be had, said nowhere
    ("unit_sizes = [9, 11]", "unit_sizes = [11, 9]", r"groups\.big-unit\.unit_sizes: must be \[min, max\]",
     "[最小, 最大]"),
    ("unit_sizes = [9, 11]", "unit_sizes = [0, 11]", r"groups\.big-unit\.unit_sizes: must be \[min, max\]", ""),
    ("unit_sizes = [9, 11]", "unit_sizes = [true, 11]", r"groups\.big-unit\.unit_sizes: must be \[min, max\]", ""),
    # Start Dash Live Unit has 4 groups: 99 of them units can never be, and -2 or true mean nothing
    ("min_kind = { unit = 2 }", "min_kind = { unit = 99 }", r"yaku\[8\]\.min_kind\.unit: .*at most 4", "4 以下"),
    ("min_kind = { unit = 2 }", "min_kind = { unit = -2 }", r"yaku\[8\]\.min_kind\.unit: ", ""),
    ("min_kind = { unit = 2 }", "min_kind = { unit = 0 }", r"yaku\[8\]\.min_kind\.unit: ", ""),
    ("min_kind = { unit = 2 }", "min_kind = { unit = true }", r"yaku\[8\]\.min_kind\.unit: ", ""),
], ids=["label-attr-typo", "label-attr-list", "unit-sizes-reversed", "unit-sizes-zero", "unit-sizes-bool",
        "min-kind-more-than-groups", "min-kind-negative", "min-kind-zero", "min-kind-bool"])
def test_a_yaku_field_that_could_never_work_is_refused_naming_it(tmp_path, old, new, message, message_ja):
    assert old in CINDERELLA
    path = tmp_path / "house.toml"
    path.write_text(CINDERELLA.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GameFileError, match=message) as info:
        donjara_rules(load_game(path))
    assert str(info.value).startswith(str(path))
    assert message_ja in info.value.message_ja


def test_the_shipped_fields_still_load():
    rules = donjara_rules(load_game("cinderella-neo"))
    assert rules.groups["big-unit"].unit_sizes == (9, 11)
    assert [y.min_kind for y in rules.yaku if y.min_kind] == [{"unit": 2}]


@pytest.mark.parametrize("old, new, message, message_ja", [
    # the first idol of the roster: her "Cute" matched no other cute idol's status set, nor the Cute Almighty
    ('type = "cute", status = "Vi", tiara = "yes" }', 'type = "Cute", status = "Vi", tiara = "yes" }',
     r"tiles\[0\]\.attrs\.type: differs from 'cute' .*only in case or spaces.*\(got 'Cute'\)", "「cute」"),
    ('name_en = "Yuka Nakano"\nattrs = { type = "cute", status = "Vi"',
     'name_en = "Yuka Nakano"\nattrs = { type = "cute", status = "VI"',
     r"tiles\[1\]\.attrs\.status: differs from 'Vi' .*\(got 'VI'\)", "大文字・小文字"),
    ('name_en = "Yuka Nakano"\nattrs = { type = "cute"', 'name_en = "Yuka Nakano"\nattrs = { type = "cute "',
     r"tiles\[1\]\.attrs\.type: differs from 'cute' .*\(got 'cute '\)", ""),
], ids=["type-case-first-tile", "status-case", "type-trailing-space"])
def test_a_roster_value_that_differs_only_in_case_is_refused_naming_the_odd_tile(tmp_path, old, new, message,
                                                                                  message_ja):
    assert old in CINDERELLA
    path = tmp_path / "house.toml"
    path.write_text(CINDERELLA.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GameFileError, match=message) as info:
        load_game(path)
    assert message_ja in info.value.message_ja


def test_every_shipped_game_still_loads():
    from scorer import list_games

    for game_id in list_games():
        assert load_game(game_id).tiles
