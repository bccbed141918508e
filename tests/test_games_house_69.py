"""`tilelens games` with a house table edited in the app that no longer loads: the game is still listed (with the
box's table, or a game added in the app with its file as added), and now marked so in its line and in `--json`
(``house_table_error``, ``house_table_error_ja``), where it was listed with the box's counts as if nothing were wrong
but for a warning on stderr. The listing is an answer, exit status 0, as `--help` now says."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorer import catalog
from tilelens import cli

BROKEN = 'id = "nogizaka"\nthis is broken [[\n'  # what a hand edit of a saved table can leave
FRUITS = Path(__file__).resolve().parent / "scorer" / "data" / "house-fruits.toml"
MARK = {"en": "(the box's table: the one edited in the app cannot be used)",
        "ja": "(アプリで編集した表が使えないため、箱のままの表)"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "games" / "nogizaka"
    folder.mkdir(parents=True)
    (folder / "0123abcd.toml").write_text(BROKEN, encoding="utf-8")
    return tmp_path / "home"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["games", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_listing_marks_the_game_whose_edit_cannot_be_used(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, out, err = _run(capsys)
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert list(lines) == catalog.list_games()  # every game still listed
    assert lines["nogizaka"].endswith(MARK[lang]), lines["nogizaka"]
    assert " 81" in lines["nogizaka"]  # the box's counts, as the mark says
    assert not any(MARK[lang] in line for game, line in lines.items() if game != "nogizaka")
    assert len(err.splitlines()) == 1 and str(home / "games" / "nogizaka" / "0123abcd.toml") in err


def test_the_json_entry_says_why(home, capsys):
    code, out, err = _run(capsys, "--json")
    assert code == 0
    listed = {g["id"]: g for g in json.loads(out)}
    nogi = listed["nogizaka"]
    path = str(home / "games" / "nogizaka" / "0123abcd.toml")
    assert path in nogi["house_table_error"] and "cannot be used" in nogi["house_table_error"]
    assert path in nogi["house_table_error_ja"] and "使えません" in nogi["house_table_error_ja"]
    assert (nogi["tiles"], nogi["kinds"]) == (81, 17)
    assert all("house_table_error" not in g for gid, g in listed.items() if gid != "nogizaka")


def test_the_box_asked_for_is_no_problem(home, capsys):
    code, out, err = _run(capsys, "--json", "--shipped-rules")
    assert code == 0 and err == ""
    assert all("house_table_error" not in g for g in json.loads(out))


def test_an_added_game_whose_edit_cannot_be_used_is_listed_as_added_and_marked(home, capsys):
    added = home / "games" / "_added" / "house-fruits.toml"
    added.parent.mkdir(parents=True)
    shutil.copy(FRUITS, added)
    edits = home / "games" / "house-fruits"
    edits.mkdir()
    (edits / "0123abcd.toml").write_text('id = "house-fruits"\nbroken [[\n', encoding="utf-8")
    code, out, err = _run(capsys, "--json")
    assert code == 0
    fruits = next(g for g in json.loads(out) if g["id"] == "house-fruits")
    assert fruits["added"] == str(added) and str(edits / "0123abcd.toml") in fruits["house_table_error"]
    code, out, _ = _run(capsys)
    assert out.splitlines()[-1].startswith("house-fruits") and out.splitlines()[-1].endswith(
        "(the table as added: the one edited in the app cannot be used)")


@pytest.mark.parametrize("lang, words", [("en", ("Exit status: 0", "cannot be used", "2 ")),
                                         ("ja", ("終了ステータス", "使えない", "2"))])
def test_help_says_the_exit_status(capsys, monkeypatch, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit):
        cli.main(["games", "--help"])
    said = capsys.readouterr().out
    for word in words:
        assert word in said, said
