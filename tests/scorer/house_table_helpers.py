"""What the house-table tests share (test_rules_hints_f2_62.py, test_table_saved_f13_62.py,
test_saved_house_f7_62.py): the shipped rules texts, a line of one edited, a rules file written, a home of the test's
own (``own_home``, a fixture: ``home = house_table_helpers.own_home`` in a test module) and a house table saved in it
as the Rules page saves one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer.catalog import GAMES_DIR

TOKYO = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
YOKAI = (GAMES_DIR / "yokai-watch.toml").read_text(encoding="utf-8")
NOGIZAKA = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
CINDERELLA = (GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8")


def sub_once(text: str, pattern: str, new: str) -> str:
    """``text`` with the first line matching ``pattern`` (``^`` a line's start) made ``new``; the pattern must match."""
    edited, n = re.subn(pattern, new, text, count=1, flags=re.M)
    assert n == 1, pattern
    return edited


def rules_file(folder: Path, text: str, name: str = "house") -> Path:
    """``text`` written as the rules file ``folder/NAME.toml``; its path."""
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def own_home(tmp_path, monkeypatch) -> Path:
    """A TILELENS_HOME of the test's own (``tmp_path/home``), with no ledger or language set from outside; its path."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    return tmp_path / "home"


def saved(home: Path, text: str, game_id: str = "tokyo-mahjong") -> Path:
    """``text`` saved as ``game_id``'s house table, as an earlier tilelens's Rules page saved it."""
    folder = home / "games" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    return rules_file(folder, text, "bebd644cd617")
