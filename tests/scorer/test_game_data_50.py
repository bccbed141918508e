"""Session 50: what a club's own Donjara edition (a rules file of its own) says of itself.

- A set's label in English text and JSON is the tile's English name (its id where the file gives none), not its
  Japanese one; the Japanese stays in Japanese text and in the JSON's ``label_ja``.
- A game file names its attribute values in both languages as data (``[attribute_values.ATTR]``), and ``games``,
  ``score``, ``read`` and the app say them; a bad entry is one clear line.
- ``games FILE --yaku`` gives a yaku without a description an account made from its groups, in both languages,
  the same account the no-win reason gives of the simplest yaku.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorer.catalog import load_game
from scorer.result import GameFileError
from tilelens.cli import main

NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
FUTARI_WIN = ["nagisa", "honoka", "hikari", "rin", "rin", "rin", "urara", "urara", "urara"]

CLUB = '''\
id = "club"
name_ja = "クラブドンジャラ"
name_en = "Club Donjara"
engine = "donjara"
hand_size = 9
attributes = ["colour", "team"]

[deal]
dealer = 9
others = 8

[[tiles]]
id = "nagisa"
name_ja = "美墨なぎさ"
name_en = "Nagisa"
copies = 4
attrs = { colour = "black", team = "futari" }

[[tiles]]
id = "honoka"
name_ja = "雪城ほのか"
name_en = "Honoka"
copies = 4
attrs = { colour = "white", team = "futari" }

[[tiles]]
id = "hikari"
name_ja = "九条ひかり"
name_en = "Hikari"
copies = 4
attrs = { colour = "yellow", team = "futari" }

[[tiles]]
id = "rin"
name_ja = "夏木りん"
copies = 4
attrs = { colour = "red", team = "yes" }

[[tiles]]
id = "urara"
name_ja = "春日野うらら"
name_en = "Urara"
copies = 4
attrs = { colour = "yellow", team = "yes" }

[win]
riichi_required = true
players = 4

[payout]
rounding = "up"
round_to = 10
riichi_chip = 10

[groups.set]
name_ja = "セット"
name_en = "set"
same = ["id"]

[groups.team]
name_ja = "チーム"
name_en = "team"
same = ["team"]

[[yaku]]
id = "basic"
name_ja = "基本"
name_en = "Basic"
points = 30
groups = [{ kinds = ["set", "team"], size = 3, count = 3 }]
{basic_description}

[[yaku]]
id = "all-stars"
name_ja = "オールスターズ"
name_en = "All Stars"
points = 120
groups = [{ kinds = ["team"], size = 3, count = 3 }]
distinct = ["team"]
{extra}'''

NAMES = '''
[attribute_values.colour]
black = { name_ja = "黒", name_en = "black" }
white = { name_ja = "白" }

[attribute_values.team]
futari = { name_ja = "ふたりはプリキュア", name_en = "Futari wa" }

[attribute_names]
team = { name_ja = "チーム" }
'''


def club(tmp_path: Path, extra: str = "", basic_description: str = 'description = "three groups of three"') -> str:
    path = tmp_path / "club.toml"
    path.write_text(CLUB.replace("{extra}", extra).replace("{basic_description}", basic_description),
                    encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 8. a set's label in English ------------------------------------------------------------------------------

def test_english_text_labels_a_set_by_its_tiles_english_name(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI)
    assert code == 0
    assert "set [Rarin]: rarin rarin rarin" in out and "らりん" not in out and "琴子" not in out, out


def test_english_label_is_the_id_where_the_file_gives_no_english_name(cli_env, capsys, tmp_path):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", club(tmp_path), "--riichi", *FUTARI_WIN)
    assert code == 0 and "set [rin]: rin rin rin" in out and "set [Urara]:" in out, out
    assert "夏木りん" not in out


def test_json_label_is_english_with_the_japanese_beside_it(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")  # --json is the same whatever the language
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", "--json", *NOGI)
    groups = json.loads(out)["decomposition"]
    assert code == 0
    assert [(g["label"], g["label_ja"]) for g in groups] == [("Rarin", "らりん"), ("Miona", "みおな"),
                                                             ("Kotoko", "琴子")]


def test_attribute_and_unit_labels_keep_their_json_label_and_gain_a_japanese_one(cli_env, capsys):
    hand = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
            "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", *hand)
    labels = {g["label"]: g["label_ja"] for g in json.loads(out)["decomposition"]}
    assert code == 0
    assert labels == {"new generations": "new generations（ニュージェネレーションズ）", "cute Vo": "キュート Vo",
                      "passion Vi": "パッション Vi"}


def test_japanese_text_still_labels_a_set_by_its_japanese_name(cli_env, capsys):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "nogizaka", "--riichi", *NOGI)
    assert code == 0 and "セット [らりん]: らりん らりん らりん" in out and "Rarin" not in out, out


# --- 9. attribute values named by the game file --------------------------------------------------------------

def test_a_game_file_names_its_attribute_values(tmp_path):
    game = load_game(club(tmp_path, NAMES))
    from scorer.attribute_names import value_name

    assert value_name("team", "futari", "ja", game) == "ふたりはプリキュア"
    assert value_name("team", "futari", "en", game) == "Futari wa"
    assert value_name("colour", "white", "en", game) == "white"  # no English name: as the file writes it
    assert value_name("colour", "yellow", "ja", game) == "黄"  # not named by the file: the shipped table's
    assert value_name("team", "futari", "ja") == "futari"  # another game's names are not the shipped table's


def test_games_and_score_say_the_files_value_names_in_japanese(cli_env, capsys, tmp_path):
    path = club(tmp_path, NAMES)
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", path)
    assert code == 0
    nagisa = next(line for line in out.splitlines() if line.startswith("nagisa"))
    assert "色=黒" in nagisa and "チーム=ふたりはプリキュア" in nagisa and "futari" not in nagisa, nagisa
    assert "team" not in out
    code, out, _ = run(capsys, "score", "--game", path, "--riichi", *FUTARI_WIN)
    assert code == 0 and "チーム [ふたりはプリキュア]:" in out, out
    code, out, _ = run(capsys, "score", "--game", path, "--riichi", "--json", *FUTARI_WIN)
    team = next(g for g in json.loads(out)["decomposition"] if g["kind"] == "team")
    assert (team["label"], team["label_ja"]) == ("futari", "ふたりはプリキュア")  # label: as the file writes it


def test_read_says_the_files_value_names_in_japanese(tmp_path):
    from vision.read_cli import format_reading

    tile = SimpleNamespace(kind="nagisa", xyxy=(0, 0, 10, 10), attrs={"colour": "black", "team": "futari"},
                           confidence={"kind": 0.9, "detection": 0.9, "colour": 0.8, "team": 0.7})
    reading = SimpleNamespace(tiles=[tile], kinds=["nagisa"], game=club(tmp_path, NAMES), turned=0,
                              other_game=False, called_melds=lambda: (), winning_reading=lambda: None)
    said = format_reading("a.jpg", reading, lang="ja")
    assert "色=黒(0.80)" in said and "チーム=ふたりはプリキュア(0.70)" in said, said
    assert "colour=black" in format_reading("a.jpg", reading, lang="en")


def test_the_app_says_the_games_value_names_first(tmp_path, monkeypatch):
    from app.components import i18n

    game = load_game(club(tmp_path, NAMES))
    monkeypatch.setattr(i18n, "lang", lambda: "ja")
    assert i18n.attribute_value("team", "futari", game) == "ふたりはプリキュア"
    assert i18n.attribute_value("colour", "yellow", game) == "黄"
    assert i18n.attribute_name("team", game) == "チーム" and i18n.attribute_name("team") == "team"
    monkeypatch.setattr(i18n, "lang", lambda: "en")
    assert i18n.attribute_value("team", "futari", game) == "Futari wa"
    assert i18n.attribute_name("team", game) == "team"  # no English name given: as the file writes it


@pytest.mark.parametrize("names, said", [
    ('[attribute_values.size]\nbig = { name_ja = "大" }', "attribute_values.size"),
    ('[attribute_values.team]\nfutary = { name_ja = "ふたり" }', "attribute_values.team.futary"),
    ('[attribute_values.team]\nfutari = "ふたり"', "attribute_values.team.futari"),
    ('[attribute_values.team]\nfutari = { ja = "ふたり" }', "attribute_values.team.futari.ja"),
    ('[attribute_values.team]\nfutari = { name_ja = 2 }', "attribute_values.team.futari.name_ja"),
    ('[attribute_values]\nteam = 3', "attribute_values.team"),
    ('[attribute_names]\nsize = { name_ja = "大きさ" }', "attribute_names.size"),
    ('[attribute_names]\nteam = { }', "attribute_names.team"),
])
def test_a_bad_value_name_entry_is_one_clear_line(cli_env, capsys, tmp_path, names, said):
    path = club(tmp_path, names)
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert f"field {said}" in str(caught.value), caught.value
    code, out, err = run(capsys, "games", path)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and said in err, err


# --- 10. a yaku without a description ------------------------------------------------------------------------

def test_games_yaku_gives_an_account_of_a_yaku_without_a_description(cli_env, capsys, tmp_path):
    path = club(tmp_path, '[attribute_names]\nteam = { name_ja = "チーム" }\n')
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "games", path, "--yaku")
    line = next(x for x in out.splitlines() if "All Stars" in x)
    assert code == 0 and line.endswith(": three teams of 3 tiles, each of a different team (ron: 120 from the "
                                       "discarder; tsumo: 40 from each other player)"), line
    assert "three groups of three" in out  # a description the file gives is said as it is
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", path, "--yaku")
    line = next(x for x in out.splitlines() if "オールスターズ" in x)
    assert code == 0 and line.endswith(": チーム (3枚) を3組、チームはすべて違う (ロンは捨てた人から120点、"
                                       "ツモはほかの人から40点ずつ)"), line


def test_no_win_reason_and_yaku_table_give_the_same_account(cli_env, capsys, tmp_path):
    path = club(tmp_path, basic_description="")
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "games", path, "--yaku")
    line = next(x for x in out.splitlines() if "(Basic)" in x)
    assert code == 0 and line.endswith(": three sets or teams of 3 tiles (ron: 30 from the discarder; tsumo: 10 "
                                       "from each other player)"), line
    hand = ["nagisa", "honoka", "hikari", "rin", "rin", "rin", "urara", "urara", "nagisa"]
    code, out, _ = run(capsys, "score", "--game", path, "--riichi", "--json", *hand)
    d = json.loads(out)
    assert "; 1 tile from Basic (30 points) by swapping " in d["reason"], d["reason"]
    assert "。あと1枚で基本 (30点)。" in d["reason_ja"], d["reason_ja"]
