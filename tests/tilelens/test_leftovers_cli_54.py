"""Session 54, f1: the command line's leftovers. Output to a closed standard output (`tilelens games >&-`) was lost
without a word, exit 0 (a pipe closed early, `| head -1`, stays quiet); the games added in the app that
``scorer.catalog.added_games`` passes over (a link to a file gone, a folder named .toml, a shipped game's id, an
``_added`` that is a file) were dropped without a word: the library records them (``skipped_added_games``) and
`tilelens games` and an unknown ``--game`` say them."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
HAND = "rarin rarin rarin marika marika marika minami minami minami".split()


def _closed(command: str, home: Path, lang: str = "en") -> subprocess.CompletedProcess:
    """``tilelens COMMAND >&-``: standard output closed, as the shell closes it (``home``: its TILELENS_HOME)."""
    env = {"PATH": "/usr/bin:/bin", "TILELENS_LANG": lang, "YOLO_OFFLINE": "1", "TILELENS_HOME": str(home)}
    return subprocess.run(f"{sys.executable} -m tilelens.cli {command} >&-", shell=True, capture_output=True,
                          text=True, env=env)


# ------------------------------------------------------------------ 2. output to a closed standard output

@pytest.mark.parametrize("command", ["games", "score --game nogizaka " + " ".join(HAND), "--version"])
def test_output_to_a_closed_stdout_is_said_and_fails(command, tmp_path):
    run = _closed(command, tmp_path)
    assert run.returncode != 0
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "standard output is closed" in lines[0] and "Traceback" not in run.stderr


def test_output_to_a_closed_stdout_is_said_in_japanese(tmp_path):
    run = _closed("games", tmp_path, "ja")
    assert run.returncode != 0
    assert run.stderr.startswith("tilelens games: 標準出力が閉じられています") and len(run.stderr.splitlines()) == 1


def test_a_pipe_closed_early_stays_quiet(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "TILELENS_LANG": "en", "YOLO_OFFLINE": "1", "TILELENS_HOME": str(tmp_path)}
    run = subprocess.run(f"{sys.executable} -m tilelens.cli games | head -1", shell=True, capture_output=True,
                         text=True, env=env)
    assert run.stdout.startswith("cinderella-neo") and len(run.stdout.splitlines()) == 1
    assert run.stderr == ""


def test_closed_stdout_in_process(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)  # what Python makes of a standard output closed when it starts
    assert cli.main(["games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens games: standard output is closed") and err.count("\n") == 1
    assert sys.stdout is None  # left as it was found


def test_a_command_that_prints_nothing_is_not_refused_for_a_closed_stdout(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setitem(cli.COMMANDS, "quiet", ("builtins", "len", "prints nothing"))  # len([]): 0, no output
    assert cli.main(["quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_an_open_stdout_is_not_said(capsys):
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("cinderella-neo") and "closed" not in err


# ------------------------------------------------------------------ 4. games added in the app that are passed over

@pytest.fixture
def added(tmp_path, monkeypatch):
    """$TILELENS_HOME/games/_added with one good game and three passed over: a link to a file gone, a folder
    named .toml, a file of a shipped game's id."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    shutil.copy(FRUITS, folder / "house-fruits.toml")
    (folder / "precure.toml").symlink_to(tmp_path / "moved-away.toml")
    (folder / "odd.toml").mkdir()
    shutil.copy(catalog.GAMES_DIR / "nogizaka.toml", folder / "nogizaka.toml")
    (folder / ".check-1.toml").write_text("hidden: the app's own check, never a game")
    return folder


def test_the_library_records_what_it_passes_over_and_says_nothing(added, capsys):
    from tilelens.home import added_games_dir

    catalog.add_games_dir(added_games_dir)
    assert list(catalog.added_games()) == ["house-fruits"]
    skipped = catalog.skipped_added_games()
    assert [(s.path.name, s.game_id) for s in skipped] == [("nogizaka.toml", "nogizaka"), ("odd.toml", "odd"),
                                                            ("precure.toml", "precure")]
    why = {s.game_id: s.why for s in skipped}
    assert "shipped game nogizaka" in why["nogizaka"]
    assert "folder" in why["odd"]
    assert "link to" in why["precure"] and "moved-away.toml" in why["precure"]
    assert all(s.why_ja and any("\u3040" <= c <= "\u9fff" for c in s.why_ja) for s in skipped)
    assert capsys.readouterr() == ("", "")


def test_tilelens_games_says_each_added_game_passed_over(added, capsys):
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert "house-fruits" in out and "precure" not in out
    for name in ("precure.toml", "odd.toml", "nogizaka.toml"):
        assert f"tilelens games: {added / name} is not listed: " in err
    assert ".check-1.toml" not in err
    assert cli.main(["games", "--json"]) == 0
    assert "precure.toml" in capsys.readouterr().err  # a script's stdout stays the JSON alone
    assert cli.main(["games", "nogizaka"]) == 0
    assert capsys.readouterr().err == ""  # one game's tiles: not the list


def test_tilelens_games_says_them_in_japanese(added, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    assert cli.main(["games"]) == 0
    err = capsys.readouterr().err
    assert f"tilelens games: {added / 'precure.toml'} は一覧にありません: " in err and "link" not in err


def test_an_unknown_game_names_the_added_file_passed_over(added, capsys):
    assert cli.main(["score", "--game", "precure", "a"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'precure'" in err and str(added / "precure.toml") in err and "moved-away.toml" in err
    assert cli.main(["score", "--game", "nothing-like-it", "a"]) == 2
    assert "precure.toml" not in capsys.readouterr().err  # only the file of the game asked for


def test_an_added_folder_that_is_a_file_is_said(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "games").mkdir(parents=True)
    (tmp_path / "home" / "games" / "_added").write_text("not a folder")
    assert cli.main(["games"]) == 0
    err = capsys.readouterr().err
    assert f"{tmp_path / 'home' / 'games' / '_added'} is not listed: " in err and "file" in err
    assert cli.main(["score", "--game", "precure", "a"]) == 2
    assert "_added" in capsys.readouterr().err  # why no added game is known


def test_no_added_folder_is_no_word(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    assert cli.main(["games"]) == 0
    assert capsys.readouterr().err == ""


def test_an_added_folder_that_cannot_be_listed_is_said(added, monkeypatch, capsys):
    iterdir = Path.iterdir

    def denied(self):
        if self == added:
            raise PermissionError(13, "Permission denied", str(self))
        return iterdir(self)

    monkeypatch.setattr(Path, "iterdir", denied)  # as a folder without its read permission (the tests may run as root)
    assert cli.main(["games"]) == 0
    err = capsys.readouterr().err
    assert f"tilelens games: {added} is not listed: the folder of added games cannot be read (Permission denied)" in err
