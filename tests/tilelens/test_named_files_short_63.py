"""The router's strict checks reach a game file named by a shortened ``--game`` (``--gam FILE``, ``--g=FILE``), as
``scorer.cli.with_game_id`` resolves it: the file is checked as a file, not passed by as a name."""
from pathlib import Path

import pytest

from tilelens.cli import named_files


@pytest.mark.parametrize("args", [["--game", "{f}"], ["--gam", "{f}"], ["--g", "{f}"], ["--gam={f}"], ["--g={f}"],
                                  ["kotoko", "--ga", "{f}", "rarin"]])
def test_a_shortened_game_option_names_its_file(tmp_path: Path, args: list[str]) -> None:
    f = tmp_path / "house.toml"
    f.write_text("id = 'x'\n", encoding="utf-8")
    assert named_files("score", [a.format(f=f) for a in args]) == {f.resolve()}


@pytest.mark.parametrize("args", [["--gamex", "{f}"], ["--", "--gam", "{f}"], ["--grid={f}"]])
def test_other_options_name_no_game_file(tmp_path: Path, args: list[str]) -> None:
    f = tmp_path / "house.toml"
    f.write_text("id = 'x'\n", encoding="utf-8")
    assert named_files("score", [a.format(f=f) for a in args]) == set()


def test_games_takes_its_file_after_a_shortened_option_too(tmp_path: Path) -> None:
    f, g = tmp_path / "a.toml", tmp_path / "b.toml"
    for p in (f, g):
        p.write_text("id = 'x'\n", encoding="utf-8")
    assert named_files("games", ["--gam", str(f), str(g)]) == {f.resolve(), g.resolve()}
