"""A house table that cannot be read is refused, not skipped (session 53's fuzz re-walk): a games/<id>/ folder
without read permission, or an edit that is a link to no file, had `tilelens score --game nogizaka` play the box's
table with no word (exit 0). Now one line naming the folder or the link and the way out (``--shipped-rules``), as an
edit that does not load is said. A unit member written as a table in an edit is that one line too, not a
traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import GameFileError, catalog
from tilelens import cli, home

REPO = Path(__file__).resolve().parents[2]
NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
NOCAP = ["setpriv", "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]


@pytest.fixture
def house(tmp_path, monkeypatch):
    """An empty TILELENS_HOME; the folder of nogizaka's house tables in it."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "games" / "nogizaka"
    folder.mkdir(parents=True)
    return folder


def score(capsys, *extra: str) -> tuple[int, str, str]:
    code = cli.main(["score", "--game", "nogizaka", *HAND, "--riichi", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_edit_that_is_a_link_to_no_file_is_refused_naming_it(house, capsys, tmp_path):
    link = house / "e.toml"
    link.symlink_to(tmp_path / "nope.toml")
    code, out, err = score(capsys)
    assert code == 2 and out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert str(link) in err and str(tmp_path / "nope.toml") in err and "--shipped-rules" in err
    code, out, err = score(capsys, "--shipped-rules")  # the way out it names
    assert code == 0 and "Basic set): 60 points" in out and err == ""


def test_a_link_to_no_file_is_refused_beside_an_older_edit_too(house, capsys, tmp_path):
    older = house / "aaaa.toml"
    older.write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(older, ns=(1_000_000_000, 1_000_000_000))
    (house / "e.toml").symlink_to(tmp_path / "nope.toml")  # the newest, perhaps: it cannot be told
    code, _, err = score(capsys)
    assert code == 2 and str(house / "e.toml") in err


def test_the_link_is_said_in_japanese(house, capsys, cli_env, tmp_path):
    cli_env(TILELENS_LANG="ja")
    (house / "e.toml").symlink_to(tmp_path / "nope.toml")
    code, _, err = score(capsys)
    assert code == 2 and "リンク" in err and "--shipped-rules" in err and "乃木坂ドンジャラ" in err, err


def test_the_list_of_games_says_the_link_and_lists_every_game(house, capsys, tmp_path):
    (house / "e.toml").symlink_to(tmp_path / "nope.toml")
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == catalog.list_games()
    assert len(err.splitlines()) == 1 and str(house / "e.toml") in err


def test_a_link_to_an_edit_that_is_there_is_played(house, capsys, tmp_path):
    target = tmp_path / "club.toml"
    target.write_text(NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n"), encoding="utf-8")
    (house / "e.toml").symlink_to(target)
    code, out, err = score(capsys)
    assert code == 0 and "Basic set): 70 points" in out and "edited in the app" in err


def test_a_folder_that_cannot_be_listed_is_refused(house, monkeypatch):
    def no_permission(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(home.os, "listdir", no_permission)
    with pytest.raises(GameFileError) as caught:
        home.edited_path("nogizaka")
    exc = caught.value
    assert str(house) in str(exc) and "Permission denied" in str(exc) and "--shipped-rules" in str(exc)
    assert str(house) in exc.message_ja and "権限がありません" in exc.message_ja


def test_no_folder_or_hidden_files_only_is_no_edit(house, monkeypatch):
    assert home.edited_path("yokai-watch") is None  # no folder
    (house / ".check-1.toml").write_text("x", encoding="utf-8")
    (house / "history").mkdir()
    (house / "history" / "old.toml").write_text("x", encoding="utf-8")
    assert home.edited_path("nogizaka") is None


def _nocap() -> list[str]:
    """How to run a command that the folder's permissions bind: as it is for a user, without root's override."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root reads a folder of mode 000 and setpriv is not here to drop that")
    return NOCAP


def test_a_folder_without_read_permission_is_refused_by_the_command(house, tmp_path):
    shutil.copy(NOGIZAKA, house / "e.toml")
    house.chmod(0)
    try:
        run = subprocess.run([*_nocap(), sys.executable, "-m", "tilelens.cli", "score", "--game", "nogizaka", *HAND,
                              "--riichi"], capture_output=True, text=True, timeout=120,
                             env={**os.environ, "TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LANG": "en",
                                  "PYTHONPATH": str(REPO)})  # this tree's tilelens, run from another folder
    finally:
        house.chmod(0o755)
    assert run.returncode == 2 and run.stdout == "", run.stdout
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr, run.stderr
    assert str(house) in run.stderr and "--shipped-rules" in run.stderr


def test_an_edit_with_a_table_as_a_unit_member_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    text = (catalog.GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8")
    bad = text.replace('members = ["ichinose-shiki", ', 'members = [{id = "ichinose-shiki"}, ', 1)
    assert bad != text
    folder = tmp_path / "home" / "games" / "cinderella-neo"
    folder.mkdir(parents=True)
    (folder / "e.toml").write_text(bad, encoding="utf-8")
    for argv in (["games", "cinderella-neo"], ["score", "--game", "cinderella-neo", "shimamura-uzuki"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "members" in err and str(folder / "e.toml") in err, err
