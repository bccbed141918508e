"""Session 63 (F7): how `--game` resolves, through the command line.

1. A game file in the current folder named like a game (`./Nogizaka`, no extension) is the game `--game Nogizaka`
   plays, as `--game ./Nogizaka` does and as before session 62 (the router already read it strictly as that file);
   it was scored silently with the shipped game, matched by name. A game's id still means the game; a folder or no
   file of that name leaves the name to name a game.
2. argparse takes a long option shortened (`--gam`, `--g=`); `score` and `waits` resolved only `--game` by a game's
   name, so `score --gam ドンジャラ` said "unknown game" where `read --gam ドンジャラ` named the choices."""
from __future__ import annotations

from pathlib import Path

import pytest

from tilelens.cli import main as tilelens

NOGIZAKA = Path(__file__).resolve().parents[2] / "scorer" / "games" / "nogizaka.toml"
HAND = ["--riichi", *["rarin"] * 3, *["marika"] * 3, *["minami"] * 3]
CHOICES = ("--game ドンジャラ names more than one game: Donjara NEO: THE iDOLM@STER Cinderella Girls [cinderella-neo], "
           "Nogizaka Donjara (fan-made) [nogizaka], Yokai Watch Donjara [yokai-watch]: give its id or more of its name")


def _run(capsys, argv):
    try:
        code = tilelens(argv)
    except SystemExit as exc:
        code = exc.code
    return code, *capsys.readouterr()


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A current folder of its own."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _house_copy(path: Path) -> Path:
    """A copy of the shipped Nogizaka game whose Basic set is worth 90 points (60 shipped)."""
    text = NOGIZAKA.read_text(encoding="utf-8")
    assert text.count('name_en = "Basic set"\npoints = 60\n') == 1
    path.write_text(text.replace('name_en = "Basic set"\npoints = 60\n', 'name_en = "Basic set"\npoints = 90\n'),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("game", [["--game", "Nogizaka"], ["--game=Nogizaka"], ["--game", "./Nogizaka"],
                                  ["--gam", "Nogizaka"]])
def test_a_file_named_like_a_game_is_the_file(capsys, here, game):
    _house_copy(here / "Nogizaka")
    code, out, err = _run(capsys, ["score", *game, *HAND])
    assert code == 0, err
    assert "Basic set): 90 points" in out, out


@pytest.mark.parametrize("name, points", [("乃木坂", 90), ("nogizaka", 60)],
                         ids=["a-japanese-name-is-the-file", "a-games-id-is-the-game-even-with-a-file-of-that-name"])
def test_a_file_named_in_japanese_or_by_a_games_id(capsys, here, name, points):
    _house_copy(here / name)
    code, out, err = _run(capsys, ["score", "--game", name, *HAND])
    assert code == 0, err
    assert f"Basic set): {points} points" in out, out


def test_games_lists_the_files_tiles(capsys, here):
    _house_copy(here / "Nogizaka")
    code, out, err = _run(capsys, ["games", "Nogizaka", "--yaku"])
    assert code == 0, err
    assert "90 points  基本セット (Basic set)" in out, out


@pytest.mark.parametrize("game", ["Nogizaka", "乃木坂", "nogizaka"])
def test_no_such_file_a_name_still_names_the_game(capsys, here, game):
    code, out, err = _run(capsys, ["score", "--game", game, *HAND])
    assert code == 0, err
    assert "Basic set): 60 points" in out, out


def test_a_folder_named_like_a_game_leaves_the_name_to_the_game(capsys, here):
    (here / "Nogizaka").mkdir()
    code, out, err = _run(capsys, ["score", "--game", "Nogizaka", *HAND])
    assert code == 0, err
    assert "Basic set): 60 points" in out, out


# --- a shortened --game: resolved as --game, as argparse takes it ------------------------------------------------

@pytest.mark.parametrize("option", [["--g", "ドンジャラ"], ["--ga", "ドンジャラ"], ["--gam", "ドンジャラ"],
                                    ["--gam=ドンジャラ"], ["--g=ドンジャラ"]])
@pytest.mark.parametrize("command", [["score", "kotoko"], ["waits", "kotoko"], ["read", "hand.jpg"], ["check", "."]])
def test_a_shortened_option_names_the_choices_as_game_does(capsys, here, command, option):
    code, out, err = _run(capsys, [*command, *option])
    assert code == 2 and out == "", out
    assert err.strip() == f"tilelens {command[0]}: {CHOICES}", err


@pytest.mark.parametrize("option", [["--gam", "乃木坂"], ["--g=乃木坂ドンジャラ"], ["--ga", "Nogizaka Donjara"]])
def test_a_shortened_option_takes_a_games_name(capsys, here, option):
    code, out, err = _run(capsys, ["score", *option, *HAND])
    assert code == 0, err
    assert "Basic set): 60 points" in out, out


def test_a_shortened_option_takes_a_riichi_games_name(capsys, here):
    code, out, err = _run(capsys, ["score", "--gam", "Tokyo Mahjong", "234m456p789s11z555z", "--win-tile", "4m"])
    assert code == 0, err
    assert "Traceback" not in err


def test_a_shortened_option_in_japanese(capsys, here, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, out, err = _run(capsys, ["score", "--gam", "ドンジャラ", "kotoko"])
    assert code == 2
    assert "--game ドンジャラ に当てはまるゲームが複数あります: " in err and len(err.strip().splitlines()) == 1, err


def test_an_option_other_than_game_is_left_alone(capsys, here):
    # `--gamex` is no shortening of --game: argparse says it is unknown; its value is not read as a game's name
    code, out, err = _run(capsys, ["score", "--game", "nogizaka", "--gamex", "ドンジャラ", *HAND])
    assert code == 2
    assert "names more than one game" not in err and "--gamex" in err, err
    assert "Traceback" not in err
