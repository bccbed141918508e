"""Game-file gaps the re-walk of "a maintainer adds a fifth game" found after f7's fixes (session 56, f23): a group
named by its shape was made plural at the end of the whole phrase ("three set of one tiles", "three group of one
members"); a required name written as "" (or spaces) was taken (a game with no English name, a yaku whose Japanese
line was `  60点  : …`, a unit with no name); a duplicate yaku id said no place, and players_min above players_max
named neither value; SCHEMA.md said [table] was checked only by the app and the ledger; and --shipped-rules' help
spoke of the box's table only."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer.catalog import load_game
from scorer.engine import groups_account, score
from scorer.result import GameFileError
from scorer.rules import donjara_rules
from tilelens.cli import main

from test_schema_f7_56 import CLUB  # the club game of the first schema fixes (f7): one copy

# f7's club file (tests/scorer/test_schema_f7_56.py)

SCHEMA = Path(__file__).resolve().parents[2] / "scorer" / "games" / "SCHEMA.md"


def club(tmp_path, *edits: tuple[str, str]) -> Path:
    """f7's club file with each ``(old, new)`` replaced once, written."""
    text = CLUB
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        donjara_rules(load_game(path, strict=True))
    return caught.value


# Groups left unnamed: said by their shape
UNNAMED_SET = ('name_ja = "セット"\nname_en = "set"\nsame = ["member"]', 'same = ["id"]')
UNNAMED_MEMBER = ('name_ja = "セット"\nname_en = "set"\n', "")


# 1. plurals of a group said by its shape


def test_a_set_of_one_tile_is_made_plural_at_its_head_noun(tmp_path):
    game = load_game(club(tmp_path, UNNAMED_SET))
    rules = donjara_rules(game)
    en, _ = groups_account(game, rules, rules.yaku[0])
    assert en == "two sets of one tile of 3 tiles", en


def test_a_group_of_one_member_is_made_plural_at_its_head_noun(tmp_path):
    game = load_game(club(tmp_path, UNNAMED_MEMBER))
    rules = donjara_rules(game)
    en, _ = groups_account(game, rules, rules.yaku[0])
    assert en == "two groups of one member of 3 tiles", en
    one, _ = groups_account(game, rules, rules.yaku[1])
    assert "one group of one member of 3 tiles" in one, one  # one: no plural


def test_games_yaku_says_the_plural_of_an_unnamed_group(tmp_path, capsys):
    path = club(tmp_path, UNNAMED_SET, ('description = "two sets of one member each"\n', ""))
    assert main(["games", str(path), "--yaku"]) == 0
    out = capsys.readouterr().out
    assert "two sets of one tile of 3 tiles" in out and "set of one tiles" not in out, out


def test_the_no_win_reason_says_the_plural_of_an_unnamed_group(tmp_path):
    path = club(tmp_path, UNNAMED_MEMBER, ('description = "two sets of one member each"\n', ""))
    result = score(load_game(path), ["sora", "roboco", "miko", "mel", "sora", "roboco"], riichi=True)
    # two tiles from a yaku: the route is named, not the simplest's shape (whose plural groups_account pins above)
    assert not result.winning and "; 2 tiles from Unit set (90 points) by swapping " in result.reason, result.reason
    assert "group of one members" not in result.reason


@pytest.mark.parametrize("name, said", [("set", "sets"), ("unit", "units"), ("pair of twins", "pairs of twins"),
                                        ("same generation", "same generations"), ("sets", "sets"),
                                        ("match", "matches"), ("party", "parties"),
                                        ("status-set", "status-sets"), ("ペア", "ペア")])
def test_a_named_group_is_made_plural_at_its_head_noun(tmp_path, name, said):
    game = load_game(club(tmp_path, ('name_en = "set"', f'name_en = "{name}"')))
    rules = donjara_rules(game)
    en, _ = groups_account(game, rules, rules.yaku[0])
    assert en == f"two {said} of 3 tiles", en


# 2. a required name written empty


@pytest.mark.parametrize("old, new, key", [
    ('name_en = "Club Donjara"', 'name_en = ""', "field name_en"),
    ('name_ja = "クラブドンジャラ"', 'name_ja = "  "', "field name_ja"),
    ('name_ja = "基本セット"', 'name_ja = ""', "field yaku[0].name_ja"),
    ('name_en = "Unit set"', 'name_en = "\u3000"', "field yaku[1].name_en"),
    ('id = "basic"', 'id = ""', "field yaku[0].id"),
    ('name = "0期生"', 'name = ""', "field units[0].name"),
])
def test_a_required_name_written_empty_is_refused_with_its_key(tmp_path, old, new, key):
    exc = refused(club(tmp_path, (old, new)))
    said = str(exc)
    assert key in said and "empty" in said, said
    assert key.split()[-1] in exc.message_ja and "空" in exc.message_ja, exc.message_ja
    assert "正しくありません" not in exc.message_ja, exc.message_ja


def test_an_empty_unit_name_says_which_unit(tmp_path):
    said = str(refused(club(tmp_path, ('name = "0期生"', 'name = ""'))))
    assert "1st [[units]]" in said, said


def test_the_cli_refuses_a_yaku_with_an_empty_japanese_name(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    path = club(tmp_path, ('name_ja = "基本セット"', 'name_ja = ""'))
    assert main(["games", str(path), "--yaku"]) != 0
    out, err = capsys.readouterr()
    assert "yaku[0].name_ja" in err and "Traceback" not in err and "60点" not in out, (out, err)


@pytest.mark.parametrize("key", ["name_en", "name_ja"])
def test_a_tile_name_written_empty_is_said_by_the_tile_id(tmp_path, key):
    old = 'name_en = "Roboco"' if key == "name_en" else 'name_ja = "ロボ子"'
    game = load_game(club(tmp_path, (old, f'{key} = ""')))
    assert getattr(game.tile("roboco"), key) == "roboco"


# 3. messages that say where and what


def test_a_duplicate_yaku_id_says_which_entries(tmp_path):
    exc = refused(club(tmp_path, ('id = "unit"', 'id = "basic"')))
    said = str(exc)
    assert "yaku[1].id" in said and "2nd [[yaku]]" in said and "1st [[yaku]]" in said and "'basic'" in said, said
    assert "2番目" in exc.message_ja and "1番目" in exc.message_ja and "basic" in exc.message_ja, exc.message_ja


def test_players_min_above_players_max_says_both(tmp_path):
    path = club(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "\n[win]\nplayers = 4\nplayers_min = 5\nplayers_max = 4\n",
                    encoding="utf-8")
    exc = refused(path)
    said = str(exc)
    assert "win.players_min" in said and "5" in said and "4" in said and "players_max" in said, said
    assert "players_max" in exc.message_ja and "5" in exc.message_ja and "4" in exc.message_ja, exc.message_ja


def test_players_outside_min_and_max_says_both(tmp_path):
    path = club(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "\n[win]\nplayers = 2\nplayers_min = 3\nplayers_max = 4\n",
                    encoding="utf-8")
    exc = refused(path)
    said = str(exc)
    assert "win.players" in said and "3..4" in said and "(got 2)" in said, said
    assert "3" in exc.message_ja and "4" in exc.message_ja and "2" in exc.message_ja, exc.message_ja


# 4. and 5. what the schema and the help say


def test_schema_says_every_tilelens_command_checks_the_table():
    text = " ".join(SCHEMA.read_text(encoding="utf-8").split())
    assert "not checked when the file is read" not in text or "every `tilelens` command" in text
    assert "every `tilelens` command" in text and "extra_checks" in text, "SCHEMA.md [table]"


def test_the_shipped_rules_help_speaks_of_an_added_game_too():
    from scorer.cli import SHIPPED_RULES_HELP

    assert "box's table" in SHIPPED_RULES_HELP and "added" in SHIPPED_RULES_HELP, SHIPPED_RULES_HELP
