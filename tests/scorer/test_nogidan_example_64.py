"""Nogizaka's game file and `tilelens games --yaku`.

- The 乃木團 example commented in nogizaka.toml had exactly 基本セット's shape, so once uncommented every basic set
  scored 乃木團 120. Uncommented, it is a unit yaku of particular members (a ``[[units]]`` entry whose placeholder
  members the organiser replaces): a basic set of other members still scores 基本セット 60.
- ``games --yaku`` (and its ``--json``) said a Donjara yaku's points only, though the file's comment says it tells
  who pays what: it says the ron and the tsumo shares, as the Rules page does (``scorer.payout.payments``).
"""
from __future__ import annotations

import json
import tomllib

import pytest

from scorer.catalog import GAMES_DIR, load_game
from scorer.engine import score
from tilelens.cli import main

SHIPPED = GAMES_DIR / "nogizaka.toml"
OTHERS = ["misa-senpai"] * 3 + ["minami"] * 3 + ["kotoko"] * 3


def uncommented(text: str) -> str:
    """The shipped file with its commented 乃木團 example uncommented: from its first TOML table (``# [[``) after
    the line that introduces it to the end of the file, each line's leading ``# `` stripped (a bare ``#`` is a blank
    line)."""
    start = text.index("\n# [[", text.index("\n# 乃木團")) + 1
    lines = [line[2:] if line.startswith("# ") else "" if line == "#" else line
             for line in text[start:].splitlines()]
    assert all(not line.startswith("#") for line in lines), lines  # the block is the file's end, all of it TOML
    return text[:start] + "\n".join(lines) + "\n"


@pytest.fixture
def nogidan(tmp_path):
    path = tmp_path / "nogizaka-nogidan.toml"
    path.write_text(uncommented(SHIPPED.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def test_the_shipped_file_loads_without_the_example():
    assert [y["id"] for y in tomllib.loads(SHIPPED.read_text(encoding="utf-8"))["yaku"]] == ["basic-set"]


def test_the_uncommented_example_is_a_unit_yaku_of_particular_members(nogidan):
    game = load_game(nogidan)
    others = score(game, OTHERS, riichi=True, win="ron")  # it scored 乃木團 120
    assert others.winning and others.points == 60 and [y.name for y in others.yaku] == ["基本セット"], others
    data = tomllib.loads(nogidan.read_text(encoding="utf-8"))
    (unit,) = data["units"]
    members = unit["members"]
    tiles = {t["id"] for t in data["tiles"] if not t.get("almighty")}
    assert len(members) == 3 and set(members) <= tiles and "rarin" in members, members
    unit_hand = members + ["minami"] * 3 + ["kotoko"] * 3  # the unit in one group, and two sets
    won = score(game, unit_hand, riichi=True, win="ron")
    assert won.winning and won.points == 120 and [y.name for y in won.yaku] == ["乃木團"], won
    # one Almighty in a group of the unit, as in a set
    with_almighty = ["almighty-god"] + unit_hand[1:]
    assert score(game, with_almighty, riichi=True, win="ron").points == 120


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_yaku_says_who_pays_what(capsys, cli_env):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "games", "nogizaka", "--yaku")
    assert code == 0 and out.startswith("  60 points  基本セット (Basic set): three sets of one member each"), out
    assert "(ron: 60 from the discarder; tsumo: 20 from each other player)" in out, out
    code, out, _ = run(capsys, "games", "cinderella-neo", "--yaku")
    assert "  60 x10,000 fans  シンデレラガールズ (Cinderella Girls): all 9 tiles from the 10 tiara idols (ron: 60 " \
           "from the discarder; tsumo: 20 from each other player)" in out, out
    assert "万" not in out and "点" not in out


def test_games_yaku_says_who_pays_what_in_japanese(capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", "nogizaka", "--yaku")
    assert code == 0 and "60点  基本セット: 同じメンバー3枚のセット3つ (ロンは捨てた人から60点、ツモはほかの人から20点ずつ)" in out, out
    assert "ron" not in out and "tsumo" not in out and "放銃" not in out
    code, out, _ = run(capsys, "games", "cinderella-neo", "--yaku")
    assert "(ロンは捨てた人から60万、ツモはほかの人から20万ずつ)" in out, out


def test_games_yaku_json_says_who_pays_what(capsys):
    code, out, _ = run(capsys, "games", "nogizaka", "--yaku", "--json")
    (row,) = json.loads(out)["yaku"]
    assert code == 0 and row["pays"] == {"players": 4, "ron": 60, "tsumo_each": 20, "tsumo_remainder": 0}, row
    code, out, _ = run(capsys, "games", "yokai-watch", "--yaku", "--json")
    assert json.loads(out)["yaku"][0]["pays"] == {"players": 4, "ron": 100, "tsumo_each": 40, "tsumo_remainder": 0}


def test_a_tsumo_that_leaves_a_remainder_says_it(capsys, cli_env, tmp_path):
    """A club's 100 at a table that splits evenly and settles the remainder (Cinderella Girls' rounding)."""
    path = tmp_path / "club.toml"
    text = SHIPPED.read_text(encoding="utf-8").replace('rounding = "up"', 'rounding = "remainder"', 1)
    path.write_text(text.replace("round_to = 10", "round_to = 1", 1).replace("points = 60", "points = 100", 1),
                    encoding="utf-8")
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "games", str(path), "--yaku")
    assert code == 0 and "(ron: 100 from the discarder; tsumo: 33 from each other player, the remainder of 1 settled " \
                         "by rock-paper-scissors)" in out, (out, err)
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "games", str(path), "--yaku")
    assert "(ロンは捨てた人から100点、ツモはほかの人から33点ずつで、端数の1点はじゃんけんで決めます)" in out, out
    code, out, _ = run(capsys, "games", str(path), "--yaku", "--json")
    assert json.loads(out)["yaku"][0]["pays"] == {"players": 4, "ron": 100, "tsumo_each": 33, "tsumo_remainder": 1}
