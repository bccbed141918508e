"""Session 50, the Event check page: an unexpected error while a table from uploads is checked is that table's one
finding ("could not be checked", as ``tilelens check`` says it: ``runner.not_checked``), not an exception on the
page."""
from __future__ import annotations

import pytest

from app_helpers import open_page, texts
from test_event_page import _check_clean_table, clean_photos  # noqa: F401 - a fixture
from tilelens.event import runner

SAID = {"en": ("This table could not be checked: RuntimeError: a fault of tilelens (an error in tilelens, not in "
               "the photos"),
        "ja": ("この卓はチェックできませんでした: RuntimeError: a fault of tilelens (写真ではなく tilelens のエラーです")}


def _fault(*args, **kwargs):
    raise RuntimeError("a fault of tilelens")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unexpected_error_is_the_tables_finding_not_an_exception(home, clean_photos, monkeypatch, lang):
    monkeypatch.setattr(runner, "check_readings", _fault)  # inside check_table, after the photos are read
    at = open_page("event_check", game="nogizaka", lang=lang)
    for seat, data in clean_photos.items():
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", data, "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert SAID[lang] in texts(at), texts(at)
    assert "event_checked" in at.session_state  # its report is kept and shown as any table's


def test_a_table_checked_again_after_the_error_is_checked_anew(home, clean_photos, monkeypatch):
    """The report of the error keeps no fingerprint: the same photos checked again are read again."""
    at = open_page("event_check", game="nogizaka")
    with monkeypatch.context() as patched:
        patched.setattr(runner, "check_readings", _fault)
        _check_clean_table(at, clean_photos)
    assert "could not be checked" in texts(at)
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "could not be checked" not in texts(at)
    assert [e.value for e in at.success] or "in order" in texts(at).lower()
