"""Session 50: an added game whose own file ($TILELENS_HOME/games/_added/<id>.toml) was edited by hand until it no
longer loads, with no saved edit, showed the error and the Remove button but no editor on the Rules page: it is
fixed there now, in the editor opened on the file's text."""
from __future__ import annotations

import pytest

from app_helpers import open_page
from test_added_game_50 import club_text

from app import settings

BROKEN = "points = 60\n[[yaku]\n"  # a hand-edit's slip: a table header left unclosed


def _broken_club() -> str:
    settings.add_game(club_text())
    path = settings.added_path("club")
    text = path.read_text(encoding="utf-8").replace("points = 60\n", BROKEN, 1)
    path.write_text(text, encoding="utf-8")
    return text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_broken_added_game_opens_the_editor_on_its_files_text(home, lang):
    text = _broken_club()
    at = open_page("rules", "club", lang)
    assert not at.exception, [e.value for e in at.exception]
    assert at.error and "$TILELENS_HOME/games/_added/club.toml" in at.error[0].value, [e.value for e in at.error]
    assert at.text_area(key="rules_text_club").value == text  # the file as it is, to be fixed
    assert at.button(key="rules_reset").disabled  # no saved edit to go back from: Remove, or fix it
    assert at.button(key="rules_remove")  # still offered


def test_a_broken_added_game_is_fixed_in_the_editor(home):
    _broken_club()
    at = open_page("rules", "club")
    at.text_area(key="rules_text_club").set_value(club_text()).run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert settings.edited_path("club") is not None and settings.app_game("club").id == "club"
    assert any("Club Donjara" in h.value for h in at.subheader) and at.table  # its rules shown again
