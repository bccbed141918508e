"""Session 54: a house table saved by a tilelens older than the record of the shipped table it was made from
(``app.settings.made_from_unknown``) keeps its whole old copy of the box: the command line's one line saying it
plays the house table sends the organiser to the Rules page, which lists what the edit lacks of today's box."""
from __future__ import annotations

import pytest

from scorer import catalog
from scorer.catalog import GAMES_DIR
from tilelens import cli

HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
NOTE = {"en": "(saved by an older tilelens: rules added to the box's table since", "ja": "古い tilelens で保存した表なので"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home/games/nogizaka"
    folder.mkdir(parents=True)
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8").replace("points = 60\n", "points = 70\n", 1)
    (folder / "0123abcd.toml").write_text(text, encoding="utf-8")
    return folder


def said(capsys) -> str:
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 0
    return capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_old_edit_is_said_to_be_one_and_where_to_look(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    err = said(capsys)
    assert len(err.splitlines()) == 1 and NOTE[lang] in err, err
    (home / ".0123abcd.shipped").write_text("", encoding="utf-8")  # the record an edit saved now has
    err = said(capsys)
    assert err and NOTE[lang] not in err, err
