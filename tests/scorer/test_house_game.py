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
    ('points = 10', 'points = "ten"', r"yaku\[0\]\.points: must be a whole number \(got 'ten'\)"),
    # a typo was ignored and its default taken: the file's rule silently not in force
    ('rounding = "remainder"', 'rounding = "remainder"\nround_too = 50',
     r"payout\.round_too: unknown key \(did you mean round_to\?\)"),
    ("[payout]", "[payuot]", r"field payuot: unknown key \(did you mean payout\?\)"),
    ("copies = 2\nalmighty = true", "copise = 2\nalmighty = true", r"tiles\[4\]\.copise: unknown key"),
    ('riichi_required = false', 'riichi_requried = false', r"win\.riichi_requried: unknown key"),
    ('cases = ["false-win"]', 'cases = ["false-win"]\npenalti = 9', r"chombo\.penalti: unknown key"),
    # names that can never match: a yaku that never scores, an Almighty that never substitutes
    ('points = 10', 'points = 10\nuniform = ["color"]', r"yaku\[0\]\.uniform: names an attribute the game lacks"),
    ("stands_for = {}", 'stands_for = { colour = "blue" }', r"tiles\[4\]\.stands_for\.colour: matches no tile"),
    ('attrs = { fruit = "apple", colour = "red" }', 'attrs = { fruit = "apple" }',
     r"groups\.trio\.same: needs attribute 'colour' of every tile; apple has none"),
    ("hand_size = 6", "hand_size = 33333333333", r"hand_size: must be 1 to 64"),
    ("dealer = 6", "dealer = 6\ndealr = 5", r"deal\.dealr: unknown key"),
    ("[payout]", "[scout]\nallowed = true\ngroups = { pear = [3, 3] }\n\n[payout]",
     r"scout\.groups\.pear: names an undefined group kind"),
], ids=["undefined-group-kind", "shape-does-not-fill-the-hand", "unknown-chombo-case", "unknown-rounding",
        "unknown-attribute", "points-not-a-number", "typo-in-a-key", "typo-in-a-table", "typo-in-a-tile",
        "typo-in-win", "typo-in-chombo", "yaku-attribute-unknown", "almighty-for-nothing", "tile-lacks-attribute",
        "hand-size-absurd", "typo-in-deal", "scout-undefined-group-kind"])
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


def test_a_game_file_edited_in_place_is_read_again(tmp_path):
    """Games were cached by path alone: a house table edited by hand where it lies kept being scored as it was
    until a restart, while an editor showed the new text."""
    import os

    from scorer.catalog import GAMES_DIR

    path = tmp_path / "nogizaka-house.toml"
    shipped = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    path.write_text(shipped, encoding="utf-8")
    three_colours = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
    assert score(path, three_colours, riichi=True, win="ron").points == 60
    path.write_text(shipped + NOGIDAN, encoding="utf-8")
    os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)  # a later save, as an editor's would be
    assert score(path, three_colours, riichi=True, win="ron").points == 120
    assert load_game(path) is load_game(path)  # unchanged since: the same game, not parsed again


def test_a_riichi_game_file_edited_in_place_is_scored_by_its_new_rules(tmp_path):
    """The riichi rules were cached by the game's id and file: a house table edited in place (open tanyao
    turned off) kept scoring an open tanyao hand."""
    import os

    from scorer.catalog import GAMES_DIR

    path = tmp_path / "tokyo-house.toml"
    shipped = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    path.write_text(shipped, encoding="utf-8")
    tiles, hand = "234m456p678s22p", dict(melds=["chi:345s"], win_tile="2p", win="ron")
    assert score(path, tiles, **hand).winning
    path.write_text(shipped.replace("open_tanyao = true", "open_tanyao = false"), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)
    assert not score(path, tiles, **hand).winning


def test_a_game_file_not_in_utf8_or_a_folder_is_one_line(tmp_path, capsys):
    from tilelens.cli import main as tilelens

    (tmp_path / "sjis.toml").write_bytes(BASE.encode("utf-8").replace("りんご".encode(), "りんご".encode("shift_jis")))
    (tmp_path / "dir.toml").mkdir()
    for name, said in (("sjis.toml", "not UTF-8 text"), ("dir.toml", "is a folder, not a file")):
        assert tilelens(["games", str(tmp_path / name)]) == 2
        assert said in capsys.readouterr().err


def test_a_game_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    """Windows Notepad's "UTF-8 with BOM": it was "not valid TOML: Invalid statement (at line 1, column 1)"."""
    from scorer import load_game

    (tmp_path / "bom.toml").write_bytes(b"\xef\xbb\xbf" + BASE.replace("\n", "\r\n").encode("utf-8"))
    (tmp_path / "plain.toml").write_text(BASE, encoding="utf-8")
    assert load_game(tmp_path / "bom.toml").tiles == load_game(tmp_path / "plain.toml").tiles


def test_games_checks_the_rules_of_a_file_not_only_its_tiles(tmp_path, capsys):
    # `tilelens games FILE` said nothing wrong about a file whose rules score would refuse
    from tilelens.cli import main as tilelens

    path = tmp_path / "broken.toml"
    path.write_text(BASE.replace("points = 10", "points = 0", 1), encoding="utf-8")
    assert tilelens(["games", str(path)]) == 2
    assert "yaku[0].points: must be at least 1" in capsys.readouterr().err
