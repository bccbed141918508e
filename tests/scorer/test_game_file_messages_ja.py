"""A broken game file or house table is said in plain Japanese on a Japanese screen: every kind of field
error the validators raise (the catalog, the Donjara rule tables, the [house] and [riichi] tables), loaded
from a deliberately broken TOML file, has a ``message_ja`` with no English prose left in it. Field names, TOML
keys, enum values and the values quoted as given may stay; "項目 X が正しくありません: <English>" may not.
"""
import dataclasses
import re
from pathlib import Path

import pytest

import scorer
from scorer import GameFileError, load_game
from scorer.catalog import _CATALOG_KEYS, _TILE_KEYS, ENGINES, RULE_TABLES
from scorer.result import game_file_ja
from scorer.riichi_rules import KazoeLimit, RiichiRules, rules_for
from scorer.rules import ChomboCase, Rounding, UnitMode, donjara_rules

FRUITS = (Path(__file__).parent / "data" / "house-fruits.toml").read_text(encoding="utf-8")
TOKYO = (Path(scorer.__file__).parent / "games" / "tokyo-mahjong.toml").read_text(encoding="utf-8")
MINIMAL = 'id = "x"\nname_ja = "x"\nname_en = "x"\nhand_size = 2\n'
NO_YAKU = FRUITS[:FRUITS.index("[[yaku]]")]
NO_GROUPS = FRUITS.replace('[groups.pair]\nname_en = "pair"\nsame = ["fruit"]\nmax_almighty = 1\n\n'
                           '[groups.trio]\nname_en = "colour trio"\nsame = ["colour"]\n', "")
NO_PAYOUT = FRUITS.replace('[payout]\nrounding = "remainder"\nfavourite_multiplier = 3\n', "")
TOP = "[deal]"  # a top-level key is written before the first table
UNIT_A = '{ name = "U", members = ["apple"] }'

# Words a Japanese message may hold: the file's keys, enum values, TOML's own words and placeholders.
SCHEMA_WORDS = ({"true", "false", "TOML", "UTF", "NAME", "id", "groups", "units", "members", "defaults",
                 "east", "south", "west", "north", "tsumo", "ron", "same", "unit"}
                | _CATALOG_KEYS | _TILE_KEYS | RULE_TABLES | set(ENGINES)
                | {f.name for f in dataclasses.fields(RiichiRules)}
                | {str(v) for enum in (Rounding, ChomboCase, UnitMode, KazoeLimit) for v in enum})


def _words(data) -> set[str]:
    """The file's keys and its string values (ids, names, enum values as given)."""
    if isinstance(data, dict):
        return set(map(str, data)) | {k for v in data.values() for k in _words(v)}
    if isinstance(data, list):
        return {k for v in data for k in _words(v)}
    return {data} if isinstance(data, str) else set()


def english_left(message_ja: str, source: str, keys: set[str]) -> list[str]:
    """The words of ``message_ja`` that are neither Japanese nor a key, value or enum of the file."""
    text = message_ja.replace(source, "")
    text = re.sub(r" \(いま .*$", "", text, flags=re.S)  # the value given, said last
    text = re.sub(r"項目 \S+", "", text)  # the field's name
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)  # values quoted as given
    text = re.sub(r"\((?:使えるのは|あるのは|定義済み:|もしかして)[^)]*\)|\(\S+ のことですか[?？]\)", "", text)
    words = re.findall(r"[A-Za-z][A-Za-z0-9_\-]*", text)
    allowed = SCHEMA_WORDS | keys | {part for k in keys | SCHEMA_WORDS for part in re.split(r"[._\s]", k)}
    return [w for w in words if w not in allowed]


def _assert_japanese(exc: GameFileError, source: str, words: set[str]) -> None:
    ja = exc.message_ja
    assert ja.startswith(source), ja
    assert "が正しくありません" not in ja, ja
    assert english_left(ja, source, words) == [], f"{ja!r} (for: {exc})"
    # spaced as the other messages are: "true か false にしてください", "0 以上にしてください"
    assert not re.search(r"[!-~]にして|[A-Za-z0-9)\]'\"]か|か[A-Za-z0-9(\['\"]", ja.replace(source, "")), ja


def _r(*pairs):
    """The edit: (old, new) replacements, each of a text the file holds once."""
    def edit(text):
        for old, new in pairs:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        return text
    return edit


def _add(tail):
    return lambda text: text + tail


def _whole(text):
    return lambda _: text


# name -> the edit of the base file (fruits: checked as Donjara; tokyo: as riichi), each the simplest file
# showing one kind of field error.
DONJARA = {
    # the catalog (scorer.catalog)
    "top-level key typo": _r(("hand_size = 6", "hand_size = 6\nhand_sise = 6")),
    "top-level key unknown": _r(("hand_size = 6", "hand_size = 6\nzzz = 6")),
    "engine unknown": _r(('engine = "donjara"', 'engine = "poker"')),
    "hand_size missing": _r(("hand_size = 6\n", "")),
    "hand_size not int": _r(("hand_size = 6", 'hand_size = "six"')),
    "hand_size out of range": _r(("hand_size = 6", "hand_size = 100")),
    "deal not a table": _r(("[deal]\ndealer = 6\nothers = 5", "deal = 3")),
    "deal key typo": _r(("others = 5", "others = 5\nother = 5")),
    "deal out of range": _r(("dealer = 6", "dealer = 7")),
    "attributes not a list": _r(('attributes = ["fruit", "colour"]', 'attributes = "fruit"')),
    "tiles missing": _whole(MINIMAL),
    "tiles empty": _whole(MINIMAL + "tiles = []\n"),
    "tile not a table": _whole(MINIMAL + "tiles = [1]\n"),
    "tile key typo": _r(("copies = 2\nalmighty", "copise = 2\nalmighty")),
    "tile id with a space": _r(('id = "apple"', 'id = "app le"')),
    "tile id twice": _r(('id = "cherry"', 'id = "apple"')),
    "tile id not a string": _r(('id = "cherry"', "id = 5")),
    "copies below 1": _r(("copies = 2\n", "copies = 0\n")),
    "copies not int": _r(("copies = 2\n", 'copies = "two"\n')),
    "attrs value not a string": _r(('fruit = "apple", colour = "red"', 'fruit = "apple", colour = 1')),
    "attrs not an attribute": _r(('fruit = "apple", colour = "red"', 'fruit = "apple", colour = "red", size = "big"')),
    "almighty not bool": _r(("almighty = true", 'almighty = "yes"')),
    "stands_for without almighty": _r(("almighty = true\nstands_for = {}", 'stands_for = { colour = "red" }')),
    "name_ja twice": _r(('name_ja = "さくらんぼ"', 'name_ja = "りんご"')),
    "stands_for not an attribute": _r(("stands_for = {}", 'stands_for = { size = "big" }')),
    "stands_for matching nothing": _r(("stands_for = {}", 'stands_for = { colour = "blue" }')),
    "name_ja missing": _r(('name_ja = "フルーツドンジャラ"\n', "")),
    "units not a list": _r((TOP, "units = 3\n" + TOP)),
    "unit not a table": _r((TOP, "units = [1]\n" + TOP)),
    "unit key typo": _r((TOP, 'units = [{ name = "U", members = ["apple"], memebrs = 1 }]\n' + TOP)),
    "unit members missing": _r((TOP, 'units = [{ name = "U" }]\n' + TOP)),
    "unit members empty": _r((TOP, 'units = [{ name = "U", members = [] }]\n' + TOP)),
    "unit member not a tile": _r((TOP, 'units = [{ name = "U", members = ["grape"] }]\n' + TOP)),
    "unit member twice": _r((TOP, 'units = [{ name = "U", members = ["apple", "apple"] }]\n' + TOP)),
    "unit name twice": _r((TOP, f"units = [{UNIT_A}, {UNIT_A}]\n" + TOP)),
    "unit absent with a tile": _r((TOP, 'units = [{ name = "U", members = ["apple"], absent = ["apple"] }]\n'
                                         + TOP)),
    # the Donjara rule tables (scorer.rules)
    "riichi game read as Donjara": _r(('engine = "donjara"', 'engine = "riichi"')),
    "groups missing": _whole(NO_GROUPS),
    "group not a table": _r(("[groups.pair]", "[groups]\nbad = 3\n\n[groups.pair]")),
    "group neither same nor unit": _r(('name_en = "colour trio"\nsame = ["colour"]\n', 'name_en = "colour trio"\n')),
    "group same not an attribute": _r(('same = ["colour"]\n\n', 'same = ["size"]\n\n')),
    "group same not a list": _r(('same = ["colour"]\n\n', 'same = "colour"\n\n')),
    "group same not strings": _r(('same = ["colour"]\n\n', "same = [1]\n\n")),
    "group unit not full or part": _r(('same = ["colour"]\n\n', 'unit = "half"\n\n')),
    "group unit not in the catalog": _r(('same = ["colour"]\n\n', 'unit = "full"\nunits = ["U"]\n\n')),
    "group unit_sizes not a span": _r(('same = ["colour"]\n\n', 'unit = "full"\nunit_sizes = [1]\n\n')),
    "group same lacking on a tile": _r(('attrs = { fruit = "banana", colour = "yellow" }', 'attrs = { fruit = "banana" }')),
    "group max_almighty below 0": _r(("max_almighty = 1", "max_almighty = -1")),
    "group key typo": _r(("max_almighty = 1", "max_almighti = 1")),
    "yaku not a list": _whole(NO_YAKU.replace(TOP, "yaku = 3\n" + TOP)),
    "yaku empty": _whole(NO_YAKU),
    "yaku not a table": _whole(NO_YAKU.replace(TOP, "yaku = [1]\n" + TOP)),
    "yaku id twice": _r(('id = "two-trios"', 'id = "fruit-salad"')),
    "yaku groups missing": _r(('groups = [{ kinds = ["trio"], size = 3, count = 2 }]\ndistinct', "distinct")),
    "yaku slot not a table": _r(('groups = [{ kinds = ["pair"], size = 2, count = 3 }]', "groups = [1]")),
    "yaku kinds empty": _r(('kinds = ["pair"]', "kinds = []")),
    "yaku kind undefined": _r(('kinds = ["pair"]', 'kinds = ["pear"]')),
    "yaku size below 1": _r(("size = 2, count = 3", "size = 0, count = 3")),
    "yaku size not int": _r(("size = 2, count = 3", 'size = "two", count = 3')),
    "yaku count beyond the hand": _r(("size = 2, count = 3", "size = 2, count = 40")),
    "yaku slot key typo": _r(("size = 2, count = 3", "size = 2, cuont = 3")),
    "yaku groups not the hand": _r(("size = 2, count = 3", "size = 2, count = 2")),
    "yaku min_kind bad": _r(("points = 10\n", "points = 10\nmin_kind = { pear = 1 }\n")),
    "yaku points missing": _r(("points = 10\n", "")),
    "yaku points not int": _r(("points = 10", 'points = "ten"')),
    "yaku points below 1": _r(("points = 10", "points = 0")),
    "yaku local not bool": _r(("local = true", 'local = "yes"')),
    "yaku label_attr not a string": _r(("points = 10\n", "points = 10\nlabel_attr = 1\n")),
    "yaku key typo": _r(("local = true", "locale = true")),
    "payout not a table": _whole(NO_PAYOUT.replace(TOP, "payout = 3\n" + TOP)),
    "payout rounding unknown": _r(('rounding = "remainder"', 'rounding = "sideways"')),
    "payout round_to below 1": _r(('rounding = "remainder"', 'rounding = "remainder"\nround_to = 0')),
    "payout currency not a string": _r(("favourite_multiplier = 3", "favourite_multiplier = 3\ncurrency_ja = 1")),
    "payout key typo": _r(("favourite_multiplier = 3", "favorite_multiplier = 3")),
    "win players outside the span": _r(("players = 3", "players = 6")),
    "win players_min below 2": _r(("players_min = 2", "players_min = 1")),
    "win riichi_required not bool": _r(("riichi_required = false", "riichi_required = 0")),
    "win key typo": _r(("players = 3", "player = 3")),
    "scout not a table": _r((TOP, "scout = 3\n" + TOP)),
    "scout groups not a table": _add("\n[scout]\ngroups = 3\n"),
    "scout group undefined": _add("\n[scout]\ngroups = { pear = [2, 3] }\n"),
    "scout group span bad": _add("\n[scout]\ngroups = { pair = 3 }\n"),
    "scout min_size below 1": _add("\n[scout]\nmin_size = 0\n"),
    "scout key typo": _add("\n[scout]\nalowed = true\n"),
    "chombo case unknown": _r(('cases = ["false-win"]', 'cases = ["cheat"]')),
    "chombo cases not a list": _r(('cases = ["false-win"]', 'cases = "false-win"')),
    "chombo penalty below 0": _r(("penalty = 50", "penalty = -50")),
    # the house table
    "house not a table": _r((TOP, "house = 3\n" + TOP)),
    "house defaults not a list": _add("\n[house]\ndefaults = 5\n"),
    "house defaults not strings": _add("\n[house]\ndefaults = [5]\n"),
    "house key typo": _add('\n[house]\ndefault = ["yaku"]\n'),
}

RIICHI = {
    "riichi not a table": _r(("[riichi]", "[house]"), (TOP, "riichi = 3\n" + TOP)),
    "riichi key typo": _r(("double_yakuman = true", "double_yakumen = true")),
    "riichi int not int": _r(("starting_points = 25000", 'starting_points = "25000"')),
    "riichi bool not bool": _r(("red_fives = true", "red_fives = 1")),
    "riichi str not str": _r(('default_seat = "south"', "default_seat = 2")),
    "riichi kazoe_limit unknown": _r(('kazoe_limit = "yakuman"', 'kazoe_limit = "all"')),
    "riichi players": _r(("players = 4 ", "players = 5 ")),
    "riichi seat": _r(('default_seat = "south"', 'default_seat = "up"')),
    "riichi round": _r(('default_round = "east"', 'default_round = "up"')),
    "riichi win": _r(('default_win = "ron"', 'default_win = "draw"')),
    "riichi below 0": _r(("riichi_stick = 1000", "riichi_stick = -1000")),
}


def _raised(tmp_path, text, check):
    import tomllib

    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        check(load_game(path))
    return info.value, str(path), _words(tomllib.loads(text))


@pytest.mark.parametrize("case", DONJARA)
def test_donjara_game_file_errors_are_said_in_japanese(tmp_path, case):
    _assert_japanese(*_raised(tmp_path, DONJARA[case](FRUITS), donjara_rules))


@pytest.mark.parametrize("case", RIICHI)
def test_riichi_game_file_errors_are_said_in_japanese(tmp_path, case):
    _assert_japanese(*_raised(tmp_path, RIICHI[case](TOKYO), rules_for))


@pytest.mark.parametrize("english, japanese", [
    ("f.toml: field x: is missing", "f.toml: 項目 x: ありません (必要な項目です)"),
    ("f.toml: field x: must be int (got 'six')", "f.toml: 項目 x: 整数にしてください (いま 'six')"),
    ("f.toml: field x: must be str (got 2)", "f.toml: 項目 x: 文字列にしてください (いま 2)"),
    ("f.toml: field x: must be bool (got 1)", "f.toml: 項目 x: true か false にしてください (いま 1)"),
    ("f.toml: field x: must be list (got 5)", "f.toml: 項目 x: リスト ([...]) にしてください (いま 5)"),
    ("f.toml: field x: must be dict (got 3)", "f.toml: 項目 x: 表にしてください (いま 3)"),
    ("f.toml: field x: must be int or float (got 'a')", "f.toml: 項目 x: 整数か数にしてください (いま 'a')"),
    ("f.toml: field x: must be a table (got 3)", "f.toml: 項目 x: 表にしてください (いま 3)"),
    ("f.toml: field x: must be a string (got 3)", "f.toml: 項目 x: 文字列にしてください (いま 3)"),
    ("f.toml: field x: must be a list of strings (got [5])",
     "f.toml: 項目 x: 文字列のリスト ([...]) にしてください (いま [5])"),
    ("f.toml: field x: must be at least 1 (got 0)", "f.toml: 項目 x: 1 以上にしてください (いま 0)"),
    ("f.toml: field x: must be 0 or more (got -1)", "f.toml: 項目 x: 0 以上にしてください (いま -1)"),
    ("f.toml: field x: must be 1 to 64 (got 100)", "f.toml: 項目 x: 1 から 64 までにしてください (いま 100)"),
    ("f.toml: field x: must be tsumo or ron (got 'draw')",
     "f.toml: 項目 x: tsumo か ron にしてください (いま 'draw')"),
    ("f.toml: field x: must be 2, 3 or 4 (got 5)", "f.toml: 項目 x: 2・3・4 のどれかにしてください (いま 5)"),
    ("f.toml: field x: must be one of donjara, riichi (got 'poker')",
     "f.toml: 項目 x: donjara か riichi にしてください (いま 'poker')"),
    ("f.toml: field x: must be among a, b (got 'c')", "f.toml: 項目 x: a か b にしてください (いま 'c')"),
    ("f.toml: field x: unknown key (did you mean y?)", "f.toml: 項目 x: 不明なキーです (y のことですか?)"),
    ("f.toml: field x: unknown key (known: y, z)", "f.toml: 項目 x: 不明なキーです (使えるのは y、z)"),
])
def test_game_file_ja_says_each_english_pattern_in_natural_japanese(english, japanese):
    assert game_file_ja(english) == japanese


@pytest.mark.parametrize("text", [
    MINIMAL + "a b = 1\n",             # Expected '=' after a key in a key/value pair
    MINIMAL + "x = [1, 2\n",           # Unclosed array
    MINIMAL + "y = \"open\n",          # Unterminated string (or Illegal character)
    MINIMAL + "z = what\n",            # Invalid value
    MINIMAL + "[deal\n",               # Expected ']' at the end of a table declaration
    MINIMAL + "hand_size = 3\n",       # Cannot overwrite a value
])
def test_a_file_that_is_no_toml_is_said_in_japanese_not_in_the_parsers_english(tmp_path, text):
    """The house-table editor said "TOML の書き方が正しくありません (2 行目 6 文字目): Expected '=' after a key in a
    key/value pair": the parser's English after the Japanese."""
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        load_game(path)
    ja = refused.value.message_ja
    assert "TOML の書き方が正しくありません" in ja and ("行目" in ja or "ファイルの終わり" in ja), ja
    assert english_left(ja, str(path), set()) == [], ja
