"""``[table] noten_total`` (a key the ledger reads, overriding ``[riichi] noten_total``) must share evenly at every
exhaustive draw, as ``[riichi]``'s must (session 61, F26 after RV3: ``[table] noten_total = 1000`` played 333 x 3, 999
paid). One check for both: ``scorer.riichi_rules.check_noten_total``."""
import re
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from tilelens.ledger import LedgerError, rules_for

TOKYO = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
YOKAI = (GAMES_DIR / "yokai-watch.toml").read_text(encoding="utf-8")


def _game(tmp_path: Path, text: str, line: str):
    edited, n = re.subn(r"(?m)^\[table\]\n", f"[table]\n{line}\n", text, count=1)
    assert n == 1
    path = tmp_path / "house.toml"
    path.write_text(edited, encoding="utf-8")
    return load_game(path)


def test_a_table_noten_total_that_does_not_split_evenly_is_refused(tmp_path):
    game = _game(tmp_path, TOKYO, "noten_total = 1000")
    with pytest.raises(GameFileError) as info:
        load_game(game.source, strict=True)
    exc = info.value
    assert "[table] noten_total: must be a multiple of 12 at a table of 4" in str(exc), str(exc)
    assert "333" in str(exc) and "(got 1000)" in str(exc), str(exc)
    assert "[table] noten_total" in exc.message_ja and "12 の倍数" in exc.message_ja, exc.message_ja
    assert "riichi.noten_total" not in str(exc) + exc.message_ja


@pytest.mark.parametrize("text, line, total", [
    (TOKYO, "noten_total = 1200", 1200),
    (TOKYO, "noten_total = 0", 0),
    (re.sub(r"(?m)^players = 4\b", "players = 3", TOKYO, count=1), "noten_total = 1000", 1000),  # 2 ways
    (YOKAI, "noten_total = 120", 120),
], ids=["tokyo-1200", "tokyo-none", "three-players", "donjara-120"])
def test_a_table_noten_total_that_splits_evenly_is_played(tmp_path, text, line, total):
    assert rules_for(_game(tmp_path, text, line)).noten_total == total


def test_a_donjara_table_is_checked_for_four(tmp_path):
    with pytest.raises(GameFileError, match=r"\[table\] noten_total: must be a multiple of 12 at a table of 4"):
        load_game(_game(tmp_path, YOKAI, "noten_total = 100").source, strict=True)


def test_a_value_of_the_wrong_type_is_still_said_by_the_table_rules(tmp_path):
    with pytest.raises(LedgerError, match=r"\[table\] noten_total must be a whole number"):
        rules_for(_game(tmp_path, TOKYO, 'noten_total = "1000"'))
