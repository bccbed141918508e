"""A riichi house table edited on the Rules page: a field the riichi engine never reads, or a value the ledger
then refuses under another field's name, is said at save naming the field the organiser wrote."""
import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.riichi_rules import rules_for

TOKYO = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")


def _load(tmp_path, text):
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return rules_for(load_game(path))


@pytest.mark.parametrize("table", ["[chombo]\npenalty = 8000", '[payout]\nrounding = "up"', "[win]\nplayers = 3",
                                   "[scout]\nallowed = false"])
def test_a_donjara_table_in_a_riichi_game_is_refused_not_silently_ignored(tmp_path, table):
    """``[chombo] penalty = 8000`` was saved and every chombo still cost nothing: the riichi engine reads [riichi]."""
    name = table.split("]")[0][1:]
    with pytest.raises(GameFileError, match=rf"field {name}: the riichi engine does not read \[{name}\]") as info:
        _load(tmp_path, TOKYO.replace("[riichi]", f"{table}\n\n[riichi]", 1))
    assert f"[{name}]" in info.value.message_ja and "読みません" in info.value.message_ja


def test_starting_points_of_nothing_is_refused_under_its_own_name(tmp_path):
    """It was refused as "[table] start_points must be 1 or more": a field the organiser had not written."""
    with pytest.raises(GameFileError, match=r"field riichi\.starting_points: must be 1 or more \(got 0\)") as info:
        _load(tmp_path, TOKYO.replace("starting_points = 25000", "starting_points = 0", 1))
    assert "riichi.starting_points: 1 以上" in info.value.message_ja


def test_the_shipped_riichi_table_still_loads():
    assert rules_for(load_game("tokyo-mahjong")).starting_points == 25000
