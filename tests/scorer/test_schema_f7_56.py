"""Game-file schema gaps a maintainer adding a fifth game (a club's Hololive Donjara) ran into (session 56, f7):
two tiles of one English name were taken and the name then typed named neither (``unknown tile 'Tokino'``); a group
kind without ``name_ja`` was said by its TOML key on Japanese screens; ``tilelens games --yaku`` in Japanese said a
yaku's English description; a reading in Latin letters, a unit holding the Almighty and an attribute no tile carries
were taken; and the messages named an item only by its 0-based index (``tiles[0].copeis``), a key a letter short as
missing (``point = 90``: "points: is missing"), types as Python's ("must be list", "must be dict"), and a wrong
value by a repr of hundreds of characters."""
from __future__ import annotations

import pytest

from scorer.catalog import list_games, load_game
from scorer.result import GameFileError
from scorer.rules import donjara_rules
from tilelens.cli import main

CLUB = """\
id = "club"
name_ja = "クラブドンジャラ"
name_en = "Club Donjara"
hand_size = 6
attributes = ["gen", "member"]

[[tiles]]
id = "sora"
name_ja = "ときのそら"
name_en = "Tokino Sora"
reading = "ときの そら"
copies = 4
attrs = { gen = "gen0", member = "sora" }

[[tiles]]
id = "roboco"
name_ja = "ロボ子"
name_en = "Roboco"
reading = "ろぼこ"
copies = 4
attrs = { gen = "gen0", member = "roboco" }

[[tiles]]
id = "miko"
name_ja = "さくらみこ"
name_en = "Sakura Miko"
copies = 4
attrs = { gen = "gen0", member = "miko" }

[[tiles]]
id = "mel"
name_ja = "夜空メル"
name_en = "Yozora Mel"
copies = 4
attrs = { gen = "gen1", member = "mel" }

[[tiles]]
id = "almighty"
name_ja = "オールマイティ"
name_en = "Almighty"
copies = 2
almighty = true

[[units]]
name = "0期生"
members = ["sora", "roboco", "miko"]

[groups.set]
name_ja = "セット"
name_en = "set"
same = ["member"]
max_almighty = 1

[groups.unit]
name_ja = "ユニット"
name_en = "unit"
unit = "part"

[[yaku]]
id = "basic"
name_ja = "基本セット"
name_en = "Basic set"
points = 60
groups = [{ kinds = ["set"], size = 3, count = 2 }]
description = "two sets of one member each"
description_ja = "同じメンバー3枚のセット2つ"

[[yaku]]
id = "unit"
name_ja = "ユニットセット"
name_en = "Unit set"
points = 90
groups = [{ kinds = ["unit"], size = 3, count = 1 }, { kinds = ["set"], size = 3, count = 1 }]
description = "three members of one unit and a set"
description_ja = "ユニットのメンバー3人とセット1つ"
"""


def club(tmp_path, old: str = "", new: str = "", count: int = 1):
    """The club's file with ``old`` replaced by ``new`` (``count`` times), loaded."""
    text = CLUB.replace(old, new, count) if old else CLUB
    assert not old or text != CLUB
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> GameFileError:
    """What a file written or named on purpose is refused for (``strict``: a stored file is spared the checks that
    came after it was saved, tests/scorer/test_schema_compat_f26_56.py)."""
    with pytest.raises(GameFileError) as caught:
        load_game(path, strict=True)
    return caught.value


def test_the_club_file_loads(tmp_path):
    game = load_game(club(tmp_path))
    assert game.tile("Tokino Sora").id == "sora" and len(donjara_rules(game).yaku) == 2


# 1. two tiles of one English name


@pytest.mark.parametrize("name", ["Tokino Sora", "tokino  SORA", "Ｔｏｋｉｎｏ Ｓｏｒａ"])
def test_an_english_name_two_tiles_share_is_refused_naming_both(tmp_path, name):
    exc = refused(club(tmp_path, 'name_en = "Roboco"', f'name_en = "{name}"'))
    said = str(exc)
    assert "tiles[1]" in said and "name_en" in said and "sora" in said and "roboco" in said, said
    assert "name_en" in exc.message_ja and "sora" in exc.message_ja and "roboco" in exc.message_ja
    assert "正しくありません" not in exc.message_ja, exc.message_ja


def test_a_japanese_name_two_tiles_share_in_katakana_is_refused(tmp_path):
    exc = refused(club(tmp_path, 'name_ja = "ロボ子"', 'name_ja = "トキノソラ"'))
    assert "tiles[1]" in str(exc) and "name_ja" in str(exc) and "sora" in str(exc), str(exc)


def test_tiles_without_english_names_are_not_duplicates(tmp_path):
    text = CLUB.replace('name_en = "Roboco"\n', "").replace('name_en = "Sakura Miko"\n', "")
    (tmp_path / "two.toml").write_text(text, encoding="utf-8")
    game = load_game(tmp_path / "two.toml", strict=True)  # English screens say each by its id
    assert (game.tile("roboco").name_en, game.tile("miko").name_en) == ("roboco", "miko")


def test_every_shipped_game_still_loads():
    for game_id in list_games():
        assert load_game(game_id).tiles


# 2. a group kind without its names


def test_a_group_without_name_ja_is_not_said_by_its_key(tmp_path):
    path = club(tmp_path, 'name_ja = "セット"\n', "")
    path.write_text(path.read_text(encoding="utf-8").replace('name_ja = "ユニット"\n', ""), encoding="utf-8")
    groups = donjara_rules(load_game(path)).groups
    assert groups["set"].name_ja not in ("", "set") and groups["unit"].name_ja not in ("", "unit")
    assert not groups["set"].name_ja.isascii() and not groups["unit"].name_ja.isascii()
    assert groups["set"].name_en == "set"  # the name given kept


def test_a_group_without_name_en_is_not_said_by_its_key(tmp_path):
    path = club(tmp_path, 'name_en = "set"\n', "")
    groups = donjara_rules(load_game(path)).groups
    assert groups["set"].name_en not in ("", "set") and groups["set"].name_ja == "セット"


# 3. tilelens games --yaku in Japanese


def test_games_yaku_in_japanese_never_says_the_english_description(tmp_path, capsys, monkeypatch):
    path = club(tmp_path, 'description_ja = "同じメンバー3枚のセット2つ"\n', "")
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["games", str(path), "--yaku"]) == 0
    out = capsys.readouterr().out
    assert "two sets of one member each" not in out and "基本セット" in out, out
    line = next(line for line in out.splitlines() if "基本セット" in line)
    assert "セット" in line.split(":", 1)[1] and "2" in line.split(":", 1)[1], line


# 4. what SCHEMA.md states, enforced


def test_a_reading_not_in_kana_is_refused(tmp_path):
    exc = refused(club(tmp_path, 'reading = "ときの そら"', 'reading = "tokino sora"'))
    assert "tiles[0].reading" in str(exc) and "kana" in str(exc) and "tokino sora" in str(exc), str(exc)
    assert "かな" in exc.message_ja and "正しくありません" not in exc.message_ja, exc.message_ja


@pytest.mark.parametrize("reading", ["ときのそら", "トキノ・ソラ", "ときの\u3000そら", "ﾄｷﾉｿﾗ", "ゆうじん えー"])
def test_a_reading_in_kana_is_taken(tmp_path, reading):
    assert load_game(club(tmp_path, 'reading = "ときの そら"', f'reading = "{reading}"'), strict=True).tile("sora")


def test_a_unit_holding_the_almighty_is_refused(tmp_path):
    exc = refused(club(tmp_path, 'members = ["sora", "roboco", "miko"]',
                       'members = ["sora", "roboco", "miko", "almighty"]'))
    assert "units[0].members" in str(exc) and "Almighty" in str(exc) and "almighty" in str(exc), str(exc)
    assert "オールマイティ" in exc.message_ja and "正しくありません" not in exc.message_ja, exc.message_ja


def test_an_attribute_no_tile_carries_is_refused_as_a_value_no_tile_carries_is(tmp_path):
    exc = refused(club(tmp_path, 'attributes = ["gen", "member"]', 'attributes = ["gen", "member", "colour"]'))
    assert "attributes" in str(exc) and "colour" in str(exc) and "no tile" in str(exc), str(exc)
    assert "colour" in exc.message_ja and "正しくありません" not in exc.message_ja, exc.message_ja


def test_an_almighty_without_stands_for_stands_for_any_tile(tmp_path):
    game = load_game(club(tmp_path))
    almighty = game.tile("almighty")
    assert all(almighty.can_stand_for(t) for t in game.tiles if not t.almighty)


# 5. messages that say where and what


def test_a_tile_field_is_said_with_the_tiles_id_and_place(tmp_path):
    exc = refused(club(tmp_path, "copies = 4", "copeis = 4"))
    said = str(exc)
    assert "tiles[0].copeis" in said and "'sora'" in said and "1st [[tiles]]" in said, said
    assert "'sora'" in exc.message_ja and "1番目の [[tiles]]" in exc.message_ja, exc.message_ja
    exc = refused(club(tmp_path, "copies = 2", "copies = 0"))
    assert "tiles[4].copies" in str(exc) and "5th [[tiles]]" in str(exc) and "'almighty'" in str(exc), str(exc)


def test_a_yaku_field_is_said_with_the_yakus_id_and_place(tmp_path):
    exc = refused(club(tmp_path, 'points = 90', 'points = "90"'))
    assert "yaku[1].points" in str(exc) and "2nd [[yaku]]" in str(exc) and "'unit'" in str(exc), str(exc)
    assert "2番目の [[yaku]]" in exc.message_ja and "整数にしてください" in exc.message_ja, exc.message_ja


def test_a_key_a_letter_short_is_said_as_found_not_only_missing(tmp_path):
    exc = refused(club(tmp_path, "points = 90", "point = 90"))
    said = str(exc)
    assert "yaku[1].points" in said and "found 'point'" in said and "did you mean 'points'?" in said, said
    assert "「point」" in exc.message_ja and "「points」" in exc.message_ja, exc.message_ja
    assert "正しくありません" not in exc.message_ja, exc.message_ja


@pytest.mark.parametrize("old, new, words, ja", [
    ('attrs = { gen = "gen0", member = "sora" }', 'attrs = "gen0"', "must be a table", "表にしてください"),
    ('members = ["sora", "roboco", "miko"]', 'members = "sora"', "must be a list", "リスト ([...]) にしてください"),
])
def test_types_are_said_in_words(tmp_path, old, new, words, ja):
    exc = refused(club(tmp_path, old, new))
    assert words in str(exc) and "must be dict" not in str(exc) and "must be list" not in str(exc), str(exc)
    assert ja in exc.message_ja and "正しくありません" not in exc.message_ja, exc.message_ja


def test_a_long_value_of_the_wrong_type_is_said_short(tmp_path):
    exc = refused(club(tmp_path, "[groups.set]", "[[groups]]"))
    said = str(exc)
    assert "field groups: must be a table" in said and "[groups.NAME]" in said, said
    got = said.split("(got ", 1)[1]
    assert got.startswith("a list of 1 table: ") and len(got) < 100, said
    assert "表にしてください" in exc.message_ja and "[groups.NAME]" in exc.message_ja, exc.message_ja
    assert len(exc.message_ja.split("(いま ", 1)[1]) < 100, exc.message_ja
