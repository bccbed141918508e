"""Session 57 (L1, P4): the name of an event opened by name (``club-night``), typed into the Event check page's
"Browse a report", said there was no such folder (the laptop looked in its datasets folder, a phone likewise): a bare
name is looked up among the events opened by name too, and that event's tables are shown, on the laptop and a phone."""
from __future__ import annotations

import pytest

import test_event_page_51 as session_51
from app_helpers import open_page, texts
from test_event_page_51 import _check, _upload


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _club_night(photos):
    """The event ``club-night`` opened on the laptop, one table checked into it."""
    at = open_page("event_check", game="nogizaka", lang="en")
    at.text_input(key="event_new_name").set_value("club-night").run()
    at.button(key="event_open").click().run()
    _upload(at, photos["clean"])
    _check(at)
    assert at.selectbox(key="event").value == "club-night"
    return at.text_input(key="event_table_name").value


def _said(at) -> str:
    return "\n".join(m.value for m in [*at.warning, *at.error])


@pytest.mark.parametrize("visitor", ["laptop", "network"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_events_name_browses_its_tables(home, photos, monkeypatch, visitor, lang):
    _club_night(photos)
    if visitor == "network":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.text_input(key="event_folder").set_value("club-night").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "table-01" in texts(at), texts(at)
    assert "no folder" not in _said(at) and "フォルダがありません" not in _said(at), _said(at)
    assert not at.error, [e.value for e in at.error]  # not refused to a phone: every phone's event
    shown = [m.value for m in at.subheader]
    assert any("1" in v for v in shown), shown  # the event's tables: 1 of 1 in order


@pytest.mark.parametrize("visitor", ["laptop", "network"])
def test_a_name_of_no_event_still_says_no_folder(home, monkeypatch, visitor):
    if visitor == "network":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang="en")
    at.text_input(key="event_folder").set_value("no-such-night").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "no-such-night" in _said(at)


@pytest.mark.parametrize("visitor", ["laptop", "network"])
@pytest.mark.parametrize("lang, words", [("en", "event opened by name"), ("ja", "名前で開いたイベント")])
def test_the_fields_help_says_an_events_name_is_taken(home, monkeypatch, visitor, lang, words):
    if visitor == "network":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert words in at.text_input(key="event_folder").help
