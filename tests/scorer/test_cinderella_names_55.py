"""Cinderella Girls names as fans write them (session 55, f9): English names given name first in the seed's
spelling, every other way a player writes one (either order, the long vowels spelt or not, kana readings) read as
the tile, units named in English, and the tile ids (the classifier's classes) unchanged."""
import json
import re
from pathlib import Path

import pytest

from scorer import load_game
from scorer.catalog import parse_game
from scorer.result import GameFileError, UnknownTileError
from tilelens.cli import main

ROOT = Path(__file__).parents[2]
GAME = load_game("cinderella-neo")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def test_the_tile_ids_are_still_the_classifier_classes():
    classes = json.loads((ROOT / "models" / "classifier-cinderella-neo.json").read_text(encoding="utf-8"))["classes"]
    assert sorted(t.id for t in GAME.tiles) == sorted(classes)


@pytest.mark.parametrize("tile_id, name_en", [
    ("miyamoto-furederika", "Frederica Miyamoto"),
    ("anasutashia", "Anastasia"),
    ("nataaria", "Natalia"),
    # the seed's own spelling and order (its tiara skill list)
    ("shiomi-shuuko", "Syuko Shiomi"), ("houjou-karen", "Karen Hojo"), ("shibuya-rin", "Rin Shibuya"),
    ("shimamura-uzuki", "Uzuki Shimamura"), ("honda-mio", "Mio Honda"), ("abe-nana", "Nana Abe"),
    ("kanzaki-ranko", "Ranko Kanzaki"), ("sagisawa-fumika", "Fumika Sagisawa"),
    ("takagaki-kaede", "Kaede Takagaki"), ("totoki-airi", "Airi Totoki"),
    # Hepburn without the long vowels, as English-speaking fans write them
    ("igarashi-kyouko", "Kyoko Igarashi"), ("doumyouji-karin", "Karin Domyoji"), ("hoshi-shouko", "Shoko Hoshi"),
    ("satou-shin", "Shin Sato"), ("jougasaki-mika", "Mika Jogasaki"), ("kiryuu-tsukasa", "Tsukasa Kiryu"),
    ("shirasaka-koume", "Koume Shirasaka"),  # ko-ume: no long vowel to drop
    ("tada-riina", "Riina Tada"), ("shiina-noriko", "Noriko Shiina"),
])
def test_an_idol_is_named_in_english_as_fans_write_her(tile_id, name_en):
    assert GAME.tile(tile_id).name_en == name_en


def test_no_english_name_spells_a_long_vowel_letter_by_letter():
    spelt = [t.name_en for t in GAME.tiles if not t.almighty and t.id != "shirasaka-koume"
             and re.search(r"ou|uu|aa|oo", t.name_en.lower())]
    assert spelt == [], spelt


@pytest.mark.parametrize("typed, tile_id", [
    ("anastasia", "anasutashia"), ("Anastasia", "anasutashia"), ("ANASUTASHIA", "anasutashia"),
    ("Natalia", "nataaria"), ("Frederica Miyamoto", "miyamoto-furederika"),
    ("Miyamoto Frederica", "miyamoto-furederika"), ("miyamoto furederika", "miyamoto-furederika"),
    ("Rin Shibuya", "shibuya-rin"), ("Shibuya Rin", "shibuya-rin"), ("rin  shibuya", "shibuya-rin"),
    ("Syuko Shiomi", "shiomi-shuuko"), ("Shiomi Syuko", "shiomi-shuuko"), ("Shuko Shiomi", "shiomi-shuuko"),
    ("Shuuko Shiomi", "shiomi-shuuko"), ("shiomi shuuko", "shiomi-shuuko"),
    ("Karen Hojo", "houjou-karen"), ("Hojo Karen", "houjou-karen"), ("Karen Houjou", "houjou-karen"),
    ("Hōjō Karen", "houjou-karen"),
    ("Kyoko Igarashi", "igarashi-kyouko"), ("Kyouko Igarashi", "igarashi-kyouko"), ("igarashi kyoko", "igarashi-kyouko"),
    ("Yui Ohtsuki", "ootsuki-yui"), ("Yui Otsuki", "ootsuki-yui"), ("Ootsuki Yui", "ootsuki-yui"),
    # the kana reading, in hiragana or katakana, with or without its space
    ("しぶや りん", "shibuya-rin"), ("しぶやりん", "shibuya-rin"), ("シブヤ リン", "shibuya-rin"),
    ("ほうじょう かれん", "houjou-karen"), ("なたーりあ", "nataaria"),
])
def test_a_tile_is_found_by_any_name_a_player_writes(typed, tile_id):
    assert GAME.tile(typed).id == tile_id


def test_every_idol_carries_her_reading():
    idols = [t for t in GAME.tiles if not t.almighty]
    assert GAME.tile("shibuya-rin").reading == "しぶや りん"
    assert all(t.reading for t in idols), [t.id for t in idols if not t.reading]


def test_a_misspelt_english_name_suggests_the_tile():
    with pytest.raises(UnknownTileError) as info:
        GAME.tile("anastacia")
    assert "anasutashia" in info.value.suggestions


def test_every_unit_has_an_english_name_and_keeps_its_japanese_one():
    named = [u for u in GAME.units if JAPANESE.search(u.name)]
    assert len(named) > 100
    unnamed = [u.name for u in named if not u.name_en or JAPANESE.search(u.name_en)]
    assert unnamed == [], unnamed
    by_name = {u.name: u for u in GAME.units}
    assert by_name["ピンキーキュート"].name_en == "Pinky Cute"
    assert by_name["凸レーション"].name_en == "Dekoration"
    assert by_name["歴代シンデレラガール"].name_en == "past Cinderella Girls"  # as the group kind says it


def test_a_unit_is_said_in_english_on_english_output_and_in_japanese_on_japanese():
    from scorer import score

    hand = ["ogata-chieri", "shimamura-uzuki", "kohinata-miho", "nakano-yuka", "shiina-noriko",
            "mizumoto-yukari", "shibuya-rin", "kamiya-nao", "houjou-karen"]
    result = score(GAME, hand, riichi=True)
    labels = {(g["label"], g["label_ja"]) for g in result.to_dict()["decomposition"]}
    assert ("Pinky Cute", "ピンキーキュート") in labels, labels


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_takes_the_names_fans_write(capsys):
    code, out, err = _run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", "Rin Shibuya",
                          "しまむら うづき", "Mio Honda", "Miho Kohinata", "sakurai momoka", "Hiromi Seki",
                          "Kawashima Mizuki", "MINAMI NITTA", "Kaede Takagaki")
    assert code == 0, err
    data = json.loads(out)
    assert data["winning"] is True
    held = sorted(t for g in data["decomposition"] for t in g["tiles"])
    assert held == sorted(["shibuya-rin", "shimamura-uzuki", "honda-mio", "kohinata-miho", "sakurai-momoka",
                           "seki-hiromi", "kawashima-mizuki", "nitta-minami", "takagaki-kaede"])


def test_the_command_line_no_longer_asks_did_you_mean_for_anastasia(capsys):
    code, out, err = _run(capsys, "waits", "--game", "cinderella-neo", "--json", "anastasia", "Natalia",
                          "Frederica Miyamoto", "Syuko Shiomi", "Karen Hojo", "Kyoko Igarashi", "Shoko Hoshi",
                          "Yuko Hori")
    assert code == 0, err
    assert "did you mean" not in err


def test_the_waits_command_says_the_tile_wanted_in_english(capsys):
    code, out, err = _run(capsys, "waits", "--game", "cinderella-neo", "--json", "Rin Shibuya", "Uzuki Shimamura",
                          "Mio Honda", "kohinata miho", "Momoka Sakurai", "Hiromi Seki", "Mizuki Kawashima",
                          "Minami Nitta")
    assert code == 0, err
    waits = {w["tile"]: w["name_en"] for w in json.loads(out)["waits"]}
    assert waits.get("takagaki-kaede") == "Kaede Takagaki", waits


def _two_tiles(**second):
    tile = {"id": "b", "name_ja": "び", "name_en": "B", **second}
    return {"id": "t", "name_ja": "t", "name_en": "t", "hand_size": 1,
            "tiles": [{"id": "a", "name_ja": "あ", "name_en": "A", "aliases": ["Ay"]}, tile]}


def test_an_alias_of_two_tiles_is_refused_naming_both():
    with pytest.raises(GameFileError, match=r"tiles\[1\]\.aliases.*also names the tile a"):
        parse_game(_two_tiles(aliases=["ay"]), "house.toml")


def test_a_reading_that_names_another_tile_is_refused():
    with pytest.raises(GameFileError, match=r"tiles\[1\]\.reading.*also names the tile a"):
        parse_game(_two_tiles(reading="ア"), "house.toml")


@pytest.mark.parametrize("field, value", [("aliases", "Bee"), ("aliases", [1]), ("reading", ["び"])])
def test_a_malformed_alias_or_reading_is_one_clear_line(field, value):
    with pytest.raises(GameFileError, match=rf"tiles\[1\]\.{field}"):
        parse_game(_two_tiles(**{field: value}), "house.toml")


def test_aliases_and_readings_are_said_in_the_schema():
    schema = (ROOT / "scorer" / "games" / "SCHEMA.md").read_text(encoding="utf-8")
    assert "`aliases`" in schema and "`reading`" in schema.split("[[tiles]]")[1].split("\n")[0]


def _plain(word: str) -> str:
    return word if word == "koume" else word.replace("ou", "o").replace("uu", "u").replace("oo", "o")


@pytest.mark.parametrize("kind", [t for t in GAME.tiles if not t.almighty], ids=lambda t: t.id)
def test_every_idol_is_found_by_her_name_either_way_round_with_or_without_long_vowels(kind):
    family, _, given = kind.id.partition("-")
    written = {kind.name_en, " ".join(reversed(kind.name_en.split())), kind.reading,
               f"{given} {family}".strip(), f"{family} {given}".strip(),
               f"{_plain(given)} {_plain(family)}".strip(), f"{_plain(family)} {_plain(given)}".strip()}
    assert {name: GAME.tile(name).id for name in written} == {name: kind.id for name in written}


def test_an_alias_of_two_tiles_is_said_in_japanese_too():
    with pytest.raises(GameFileError) as info:
        parse_game(_two_tiles(aliases=["AY"]), "house.toml")
    assert "牌 a の名前でもあります" in info.value.message_ja
