"""Session 57: the Rules page's Save (and Restore) that the disk refused said the laptop's whole path to a phone
(``os_error_text`` with the error's own file name); a phone is told the folder from the app's home, the person at the
laptop the whole path."""
from __future__ import annotations

import errno

import pytest

from app import settings


def _full_disk(monkeypatch, where):
    def refused(game_id, text, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(where))
    monkeypatch.setattr(settings, "save_house_table", refused)


@pytest.mark.parametrize("visitor", ["network", "local"])
def test_a_refused_save_names_the_folder_as_this_visitor_is_told_it(home, page, monkeypatch, visitor):
    if visitor == "network":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    where = home / "games" / "nogizaka"
    text = settings.game_text("nogizaka")
    at = page("rules", "nogizaka")
    _full_disk(monkeypatch, where)
    at.text_area(key="rules_text_nogizaka").set_value(text + "\n# an edit\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = " ".join(e.value for e in at.error)
    assert "No space left on device" in said or "disk is full" in said or "空き" in said, said
    if visitor == "network":  # a phone: the folder by its name, never the laptop's folders
        assert str(home) not in said and "nogizaka" in said, said
    else:  # the person at the laptop: where it is
        assert str(where) in said or "games/nogizaka" in said, said
