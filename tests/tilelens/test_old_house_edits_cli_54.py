"""Session 54: a house table saved by a tilelens older than the record of the shipped table it was made from
(``app.settings.made_from_unknown``) keeps its whole old copy of the box: the command line's one line saying it
plays the house table sends the organiser to the Rules page, which lists what the edit lacks of today's box."""
from __future__ import annotations

import pytest

from club_helpers import edited_home, older_table

from scorer.catalog import GAMES_DIR
from tilelens import cli

HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
NOTE = {"en": "(saved by an older tilelens: rules added to the box's table since", "ja": "古い tilelens で保存した表なので"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    return edited_home(tmp_path, monkeypatch, older_table(), added=False) / "games" / "nogizaka"


def said(capsys) -> str:
    assert cli.main(["score", "--game", "nogizaka", *HAND, "--riichi"]) == 0
    return capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_old_edit_is_said_to_be_one_and_where_to_look(home, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    err = said(capsys)
    assert len(err.splitlines()) == 1 and NOTE[lang] in err, err
    # the record an edit saved now has: the shipped table it was made from (an empty record is one cut short, not known)
    (home / ".0123abcd.shipped").write_text((GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8"), encoding="utf-8")
    err = said(capsys)
    assert err and NOTE[lang] not in err, err
