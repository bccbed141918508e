"""Session 56 (f12): the ``tilelens`` command checks each game file as the app does (``tilelens.home.check_rule_tables``)
through the catalog's hook (``scorer.catalog.extra_checks``), not by swapping ``scorer.catalog.check_rules`` for the
command's run: a file the catalog had read before the command (a library call in the same process) was not checked,
and a near match of a typed tile now knows its number."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def six_seats(path: Path) -> Path:
    text = NOGIZAKA.read_text(encoding="utf-8").replace('id = "nogizaka"', 'id = "club-six"', 1)
    assert text.count("players_max = 4") == 1
    path.write_text(text.replace("players_max = 4", "players_max = 6"), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["games", "score"])
def test_a_file_read_before_the_command_is_still_checked_inside_it(home, tmp_path, capsys, command):
    path = six_seats(tmp_path / f"six-{command}.toml")
    assert catalog.load_game(path).id == "club-six"  # the library reads it (the engine's check passes six seats)
    argv = [command, str(path)] if command == "games" else [command, "--game", str(path), "--riichi", *HAND]
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (out, err)
    assert "players_max" in err and "at most 4" in err and err.count("\n") == 1, err


def test_the_command_leaves_the_catalogs_own_check_in_place(home, capsys, monkeypatch):
    """``scorer.catalog.check_rules`` is not swapped for the command's run (a module global another thread reads)."""
    seen = []

    def handler(argv):
        seen.append(catalog.check_rules)
        return 0

    import scorer.cli

    own = catalog.check_rules
    monkeypatch.setattr(scorer.cli, "games_main", handler)
    assert cli.main(["games"]) == 0
    assert seen == [own]


def test_score_offers_the_tile_of_the_number_typed(home, capsys):
    code = cli.main(["score", "--game", "yokai-watch", "妖怪1", *["yokai-02"] * 8])
    _, err = capsys.readouterr()
    assert code == 2 and "did you mean: 妖怪01" in err, err
