"""Session 65 (W3's house-rules walk): a club's edit or added game passed over in silence. A house table saved as a
folder (``games/<id>/<hash>.toml/``), or by Notepad as ``x.toml.txt`` / ``x.TOML``, was skipped and the box's table
played with no word; an added game saved as ``_added/kitchen.toml.txt`` or ``kitchen.TOML`` was not listed with no
word, where ``Kitchen.toml`` was said ("rename it kitchen.toml"). Each is said now, in English and Japanese: an edit
as a broken edit is (``cannot be used … or add --shipped-rules``), an added game's file as one not listed."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scorer import GameFileError, catalog
from tilelens import cli, home

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def kitchen_text(game_id: str = "kitchen") -> str:
    """A club's own game: the shipped Nogizaka file with its id, names and tile ids changed."""
    text = NOGIZAKA.read_text(encoding="utf-8")
    text = re.sub(r'^id = "([a-z-]+)"$', r'id = "k-\1"', text, flags=re.M)
    text = text.replace('id = "k-nogizaka"', f'id = "{game_id}"', 1)
    text = text.replace('name_en = "Nogizaka Donjara (fan-made)"', 'name_en = "Kitchen Donjara"', 1)
    return text.replace('name_ja = "乃木坂ドンジャラ"', 'name_ja = "やさいドンジャラ"', 1)


@pytest.fixture
def games(tmp_path, monkeypatch, cli_env):
    """An empty TILELENS_HOME's games folder (the added games' folder and nogizaka's house tables in it)."""
    cli_env(TILELENS_LANG="en")
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(home.added_games_dir)  # as the command line registers it
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "games"
    (folder / "nogizaka").mkdir(parents=True)
    (folder / "_added").mkdir()
    return folder


def score(capsys, *extra: str) -> tuple[int, str, str]:
    code = cli.main(["score", "--game", "nogizaka", *HAND, "--riichi", *extra])
    out, err = capsys.readouterr()
    return code, out, err


# ---- 1. an edit that is a folder

def test_an_edit_that_is_a_folder_is_refused_naming_it(games, capsys):
    edit = games / "nogizaka" / "fad565c264b1.toml"
    edit.mkdir()
    code, out, err = score(capsys)
    assert code == 2 and out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert str(edit) in err and "cannot be used" in err and "is a folder, not a game file" in err, err
    assert "--shipped-rules" in err, err
    code, out, err = score(capsys, "--shipped-rules")  # the way out it names
    assert code == 0 and "Basic set): 60 points" in out and err == ""


def test_an_edit_that_is_a_folder_is_said_in_japanese(games, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    (games / "nogizaka" / "e.toml").mkdir()
    code, _, err = score(capsys)
    assert code == 2 and "フォルダ" in err and "使えません" in err and "--shipped-rules" in err, err
    assert "乃木坂ドンジャラ" in err, err


def test_a_folder_edit_in_the_app_gives_the_apps_way_out(games):
    (games / "nogizaka" / "e.toml").mkdir()
    with pytest.raises(GameFileError) as caught:
        home.edited_path("nogizaka", ("Until then the app cannot play this game", "直すまで遊べません"))
    assert "is a folder, not a game file" in str(caught.value) and "--shipped-rules" not in str(caught.value)


# ---- 2. an edit saved under another extension (Notepad's x.toml.txt, x.TOML)

@pytest.mark.parametrize("name", ["house.toml.txt", "house.TOML", "house.Toml.TXT"])
def test_an_edit_with_the_wrong_extension_is_said_not_read(games, capsys, name):
    edit = games / "nogizaka" / name
    edit.write_text(NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n", 1),
                    encoding="utf-8")
    code, out, err = score(capsys)
    assert code == 2 and out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert str(edit) in err and "is not read" in err and "rename it house.toml" in err, err
    assert "--shipped-rules" in err, err


def test_an_edit_with_the_wrong_extension_in_japanese(games, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    (games / "nogizaka" / "house.toml.txt").write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = score(capsys)
    assert code == 2 and "house.toml にしてください" in err and "読みません" in err and "--shipped-rules" in err, err


def test_a_misnamed_file_older_than_the_edit_in_use_leaves_it_played(games, capsys):
    old = games / "nogizaka" / "house.toml.txt"
    old.write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(old, ns=(1_000_000_000, 1_000_000_000))
    edit = games / "nogizaka" / "abc.toml"
    edit.write_text(NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n", 1),
                    encoding="utf-8")
    code, out, err = score(capsys)
    assert code == 0 and "Basic set): 70 points" in out, (out, err)


def test_other_files_in_the_house_folder_are_no_edit(games):
    (games / "nogizaka" / "notes.txt").write_text("x", encoding="utf-8")
    (games / "nogizaka" / "e.toml.bak").write_text("x", encoding="utf-8")
    (games / "nogizaka" / "history").mkdir()
    assert home.edited_path("nogizaka") is None


# ---- 2. an added game saved under another extension

@pytest.mark.parametrize("name", ["kitchen.toml.txt", "kitchen.TOML", "Kitchen.TOML"])
def test_an_added_game_with_the_wrong_extension_is_said(games, capsys, name):
    path = games / "_added" / name
    path.write_text(kitchen_text(), encoding="utf-8")
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == catalog.list_games()
    assert len(err.splitlines()) == 1 and str(path) in err, err
    assert "is not read" in err and "rename it kitchen.toml" in err, err
    # asked for by its id, the game's "unknown" says why
    assert cli.main(["score", "--game", "kitchen", "k-rarin"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "rename it kitchen.toml" in err, err


def test_an_added_game_with_the_wrong_extension_in_japanese(games, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    path = games / "_added" / "kitchen.toml.txt"
    path.write_text(kitchen_text(), encoding="utf-8")
    assert cli.main(["games"]) == 0
    err = capsys.readouterr().err
    assert str(path) in err and "kitchen.toml にしてください" in err and "読みません" in err, err


def test_a_misnamed_copy_beside_the_added_game_says_which_is_played(games, capsys):
    (games / "_added" / "kitchen.toml").write_text(kitchen_text(), encoding="utf-8")
    copy = games / "_added" / "kitchen.toml.txt"
    copy.write_text(kitchen_text(), encoding="utf-8")
    assert "kitchen" in catalog.added_games()
    (skipped,) = catalog.skipped_added_games()
    assert skipped.path == copy and "is not read" in skipped.why and str(games / "_added" / "kitchen.toml") in skipped.why


def test_other_files_in_the_added_folder_are_nothing_passed_over(games):
    (games / "_added" / "README.txt").write_text("x", encoding="utf-8")
    (games / "_added" / "kitchen.toml.bak").write_text("x", encoding="utf-8")
    assert catalog.skipped_added_games() == []


def test_a_pipe_or_folder_of_a_misnamed_name_is_never_opened_nor_said(games, tmp_path):
    """A named pipe called ``kitchen.toml.txt`` in the added games' folder: reading it to find its id waited for a
    writer for ever, and every command hung (a shipped game's score too); a folder called ``x.TOML`` was told to be
    renamed x.toml, where it would only be refused as a folder."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    os.mkfifo(games / "_added" / "kitchen.toml.txt")
    (games / "_added" / "folder.TOML").mkdir()
    (games / "_added" / "odd.toml").mkdir()  # a folder of a game file's name: said, as before, never opened
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", "import sys; from tilelens.cli import main; "
                           "sys.exit(main(['score', '--game', 'nogizaka', *sys.argv[1:]]))", *HAND, "--riichi"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "points" in done.stdout, (done.stdout, done.stderr)
    assert "kitchen.toml.txt" not in done.stderr and "folder.TOML" not in done.stderr, done.stderr
