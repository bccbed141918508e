"""Session 56 (final sweep r5): a phone on the Event page's Browse a report was told of `tilelens check` and its
`--out`, a command line it cannot run; the laptop keeps them. The event opened is named in quotes, to "another device"."""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_told_where_reports_come_from_without_a_command(home, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", "nogizaka", lang)
    assert not at.exception, [e.value for e in at.exception]
    box = at.text_input(key="event_folder")
    assert "tilelens check" not in (box.help or "") and "--out" not in (box.help or ""), box.help
    assert "`tilelens check`" not in texts(at), texts(at)
    assert {"en": "organiser's laptop", "ja": "主催者のパソコン"}[lang] in texts(at)


def test_the_laptop_keeps_the_command():
    at = open_page("event_check", "nogizaka", "en")
    assert "`tilelens check`" in texts(at) and "--out" in (at.text_input(key="event_folder").help or "")


def test_an_event_opened_is_named_in_quotes_to_another_device():
    from app.views.event_check import S

    assert S["opened"][1].format(e="spring cup").startswith("The event \u201cspring cup\u201d is open: on another device")
