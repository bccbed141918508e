"""Catalog rules of RULES.md: tile counts, attributes, Almighty scope, units; malformed game files."""
from collections import Counter
from pathlib import Path

import pytest

from scorer import GameFileError, UnknownTileError, list_games, load_game

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("game_id, total", [("cinderella-neo", 84), ("nogizaka", 81), ("yokai-watch", 81),
                                            ("tokyo-mahjong", 136)])
def test_every_catalog_adds_up_to_its_tile_count(game_id, total):
    assert load_game(game_id).total_tiles == total


def test_list_games_names_the_four_games():
    assert list_games() == ["cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong"]


def test_cinderella_has_27_idols_per_type_9_per_status_mark():
    idols = [t for t in load_game("cinderella-neo").tiles if not t.almighty]
    assert len(idols) == 81
    assert Counter((t.attrs["type"], t.attrs["status"]) for t in idols) == {
        (ty, st): 9 for ty in ("cute", "cool", "passion") for st in ("Vo", "Da", "Vi")}


def test_cinderella_tiara_mark_is_on_the_ten_past_cinderella_girls():
    game = load_game("cinderella-neo")
    tiara = {t.id for t in game.tiles if t.attrs.get("tiara") == "yes"}
    unit = next(u for u in game.units if u.name == "歴代シンデレラガール")
    assert len(tiara) == 10 and tiara == set(unit.members)


def test_cinderella_ids_are_romanised_furigana():
    game = load_game("cinderella-neo")
    assert game.tile("島村卯月").id == "shimamura-uzuki"
    assert game.tile("shimamura-uzuki").name_ja == "島村卯月"
    assert all(t.id.isascii() for t in game.tiles)


def test_cinderella_has_244_units_and_the_one_with_an_absent_member():
    game = load_game("cinderella-neo")
    assert len(game.units) == 244
    eternity = next(u for u in game.units if u.name == "ETERNITY MEMORIES")
    assert eternity.absent == ("喜多見柚",) and eternity.size == 10


def test_cinderella_almighty_stands_for_its_own_type_only():
    game = load_game("cinderella-neo")
    cute = game.tile("almighty-cute")
    assert cute.can_stand_for(game.tile("shimamura-uzuki"))
    assert not cute.can_stand_for(game.tile("shibuya-rin"))
    assert not cute.can_stand_for(game.tile("almighty-cool"))


def test_nogizaka_has_12_members_x6_and_nine_almighty():
    inv = load_game("nogizaka").inventory()
    assert sum(n for i, n in inv.items() if not i.startswith("almighty")) == 72
    assert {i: n for i, n in inv.items() if i.startswith("almighty")} == {
        "almighty-pink": 2, "almighty-lightblue": 2, "almighty-yellow": 2, "almighty-green": 1,
        "almighty-god": 2}


def test_nogizaka_colour_almighty_covers_its_colour_and_god_covers_everyone():
    game = load_game("nogizaka")
    assert game.tile("almighty-pink").can_stand_for(game.tile("さゆりん"))
    assert not game.tile("almighty-pink").can_stand_for(game.tile("らりん"))
    assert all(game.tile("almighty-god").can_stand_for(t) for t in game.tiles if not t.almighty)


def test_yokai_watch_default_catalog_is_26_pictures_x3_plus_3_almighty():
    inv = load_game("yokai-watch").inventory()
    assert inv == {**{f"yokai-{n:02d}": 3 for n in range(1, 27)}, "almighty": 3}


def test_tokyo_mahjong_red_fives_take_one_copy_of_each_five():
    inv = load_game("tokyo-mahjong").inventory()
    assert inv["5m"] == inv["5p"] == inv["5s"] == 3
    assert inv["0m"] == inv["0p"] == inv["0s"] == 1
    assert len(inv) == 37 and load_game("tokyo-mahjong").engine == "riichi"


def test_unknown_tile_names_near_matches():
    with pytest.raises(UnknownTileError, match="shimamura-uzuki"):
        load_game("cinderella-neo").tile("shimamura-uzki")


def test_japanese_name_with_fullwidth_space_is_accepted():
    assert load_game("cinderella-neo").tile("島村\u3000卯月").id == "shimamura-uzuki"


def test_unknown_game_names_near_matches():
    with pytest.raises(GameFileError, match="nogizaka"):
        load_game("nogisaka")


@pytest.mark.parametrize("text, message", [
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\n", "field hand_size: is missing"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 'nine'\n[[tiles]]\nid = 'a'\n",
     r"field hand_size: must be a whole number \(got .nine.\)"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\ncopies = 0\n",
     r"field tiles\[0\].copies: must be at least 1 \(got 0\)"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\n[[tiles]]\nid = 'a'\n",
     r"field tiles\[1\].id: is a duplicate"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\nengine = 'poker'\n[[tiles]]\nid = 'a'\n",
     "field engine: must be one of"),
    ("id = 'x'\nhand_size = [", "not valid TOML"),
    # accepted before: a seat dealt -3 tiles, or more than a hand holds; a unit of nobody; two units of a name
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[deal]\ndealer = -3\n[[tiles]]\nid = 'a'\n",
     r"field deal.dealer: must be 1 to the hand's size, 9 \(got -3\)"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[deal]\nothers = 12\n[[tiles]]\nid = 'a'\n",
     r"field deal.others: must be 1 to the hand's size, 9 \(got 12\)"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\n[[units]]\nname = 'U'\nmembers = []\n",
     r"field units\[0\].members: must name at least one tile"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\n[[units]]\nname = 'U'\n"
     "members = ['a']\n[[units]]\nname = 'U'\nmembers = ['a']\n", r"field units\[1\].name: is the name of an earlier unit"),
    # a hand typed in Japanese could not say which; a member both with a tile and without one
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\nname_ja = 'あ'\n[[tiles]]\nid = 'b'\n"
     "name_ja = 'あ'\n", r"field tiles\[1\].name_ja: is also the name of a \(got 'あ'\)"),
    ("id = 'x'\nname_ja = 'x'\nname_en = 'x'\nhand_size = 9\n[[tiles]]\nid = 'a'\n[[units]]\nname = 'U'\n"
     "members = ['a']\nabsent = ['a']\n", r"field units\[0\].absent: names a member that has a tile"),
])
def test_malformed_game_file_names_file_field_and_value(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError, match=message) as info:
        load_game(path)
    assert "bad.toml" in str(info.value) and "\n" not in str(info.value).strip()


def _builder():
    import importlib.util

    path = Path(__file__).parents[2] / "scripts" / "build_cinderella_catalog.py"
    spec = importlib.util.spec_from_file_location("build_cinderella_catalog", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_romanisation_of_the_furigana():
    romanise = _builder().romanise
    assert [romanise(k) for k in ("しまむら うづき", "じょうがさき みか", "なたーりあ", "きりゅう つかさ", "いっしき")] == [
        "shimamura-uzuki", "jougasaki-mika", "nataaria", "kiryuu-tsukasa", "isshiki"]


def test_committed_cinderella_catalog_matches_the_shared_data():
    builder = _builder()
    if not builder.DATA.is_dir():
        pytest.skip("../shared/data/cinderella-neo is not here")
    committed = (Path(__file__).parents[2] / "scorer" / "games" / "cinderella-neo.toml").read_text(encoding="utf-8")
    assert committed.split(builder.RULES_MARKER)[0] == builder.build(builder.DATA)


def test_near_match_ignores_separators_and_zero_padding():
    with pytest.raises(UnknownTileError) as info:
        load_game("yokai-watch").tile("yokai 1")
    assert info.value.suggestions[0] == "yokai-01"


@pytest.mark.parametrize("game_id", ["cinderella-neo", "nogizaka", "yokai-watch"])
def test_every_yaku_described_is_described_in_japanese_too(game_id):
    from scorer.rules import donjara_rules

    for y in donjara_rules(load_game(game_id)).yaku:
        assert bool(y.description) == bool(y.description_ja), y.id
        assert not y.description_ja or any("\u3040" <= ch <= "\u9fff" for ch in y.description_ja)


def test_an_unknown_tile_is_said_in_japanese_with_the_games_name():
    """A Japanese screen read "'foo' は nogizaka の牌にありません": the game's id, not its name."""
    import pytest

    from scorer import score
    from scorer.result import UnknownTileError

    with pytest.raises(UnknownTileError) as refused:
        score("nogizaka", ["foo"] * 9)
    assert refused.value.message_ja.startswith("「乃木坂ドンジャラ」に「foo」という牌はありません")
    assert "nogizaka" in str(refused.value)  # the English keeps the id a command takes
