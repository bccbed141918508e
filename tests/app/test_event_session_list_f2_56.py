"""Session 56 (f2): the upload tab's "Tables checked in this session" list follows the seals' reasons as Browse a
report does (session 55, f27): an event changed since its check (a photo retaken, a table added) is no forgery.

It still called ``untrusted`` without the reason: a phone was told falsely that the session's own event "was not
written by this computer's check" and saw no list; and a table added since the check was neither counted nor named
("1 of 2 tables in order" with three)."""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts
from test_event_page_since_55 import AWAY, SINCE, _added, _retaken, _verdicts


def _session(out, lang: str = "en"):
    """The Event page's upload tab with ``out`` as this browser's own event of Nogizaka (its session list)."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.session_state["event_outs"] = {"nogizaka": str(out)}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_sees_its_sessions_event_changed_since_the_check(home, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = _session(_retaken(tmp_path), lang)
    warned = [w.value for w in at.warning]
    assert any({"en": "again on this page", "ja": "このページで"}[lang] in w for w in warned) and AWAY[lang] not in warned, \
        warned  # session 56: a phones' event is mended on this page
    assert _verdicts(at)["t1"] == SINCE[lang], _verdicts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_added_since_the_check_is_counted_in_the_sessions_list(home, tmp_path, lang):
    at = _session(_added(tmp_path), lang)
    assert at.subheader[0].value == {"en": "1 of 3 tables in order", "ja": "3卓中1卓が問題なし"}[lang]
    assert _verdicts(at)["t3"] == SINCE[lang], _verdicts(at)
    assert {"en": "Not trusted", "ja": "信用できません"}[lang] not in texts(at)
