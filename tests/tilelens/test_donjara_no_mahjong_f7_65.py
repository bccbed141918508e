"""F7 (session 65): `tilelens score --game nogizaka ...` loaded the riichi scorer's ``mahjong`` package (and its 60
yaku modules): the command line checks each game file it reads as the app does (``tilelens.home.check_rule_tables``,
the ledger's ``[table]``), and ``tilelens.ledger`` imported ``scorer.riichi_pay`` whole, which imports ``mahjong``;
the scorer says "``mahjong`` ... not loaded for a Donjara game". A riichi game still loads it (the control)."""
import json
import os
import subprocess
import sys

import pytest

NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
# the command run as `tilelens` runs it, then which of the packages it loaded
WRAPPER = ("import json, sys\nfrom tilelens.cli import main\ncode = main(sys.argv[1:])\n"
           "print(json.dumps({'code': code, 'loaded': sorted(m for m in ('mahjong', 'scorer.riichi_pay') "
           "if m in sys.modules)}))")


def loaded(tmp_path, *argv):
    env = dict(os.environ, TILELENS_HOME=str(tmp_path / "home"), TILELENS_LANG="en")
    done = subprocess.run([sys.executable, "-c", WRAPPER, *argv], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("shipped", [[], ["--shipped-rules"]], ids=["house-table", "box-table"])
def test_donjara_score_loads_no_mahjong(tmp_path, shipped):
    got = loaded(tmp_path, "score", "--game", "nogizaka", *shipped, "--riichi", *NOGI)
    assert got == {"code": 0, "loaded": []}


def test_riichi_score_loads_mahjong(tmp_path):
    got = loaded(tmp_path, "score", "--game", "tokyo-mahjong", "--riichi", "123m456p789s1122z", "2z")
    assert got["code"] == 0 and "mahjong" in got["loaded"]


def test_a_donjara_file_with_a_bad_table_is_still_refused(tmp_path):
    """What is checked is unchanged: the ledger's [table] of a Donjara file named by its path is still read."""
    from scorer.catalog import GAMES_DIR

    game = tmp_path / "nogi-house.toml"
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    game.write_text(text.replace("\n[table]\n", "\n[table]\nstart_pointz = 100\n", 1), encoding="utf-8")
    env = dict(os.environ, TILELENS_HOME=str(tmp_path / "home"), TILELENS_LANG="en")
    done = subprocess.run([sys.executable, "-c", WRAPPER, "score", "--game", str(game), "--riichi", *NOGI],
                          capture_output=True, text=True, env=env, timeout=120)
    assert json.loads(done.stdout.strip().splitlines()[-1])["code"] != 0, done.stderr
    assert "[table] has an unknown key 'start_pointz'" in done.stderr and "Traceback" not in done.stderr
