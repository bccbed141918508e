"""Session 61, F21 (walkthrough W7, a year's ledger): the ledger page with no match chosen named 77 matches "under
way" (every one a club left unended when its evening ended), drew 77 "Switch to #N" buttons in one row, and kept Undo
waiting. Only the newest evening's count now, a few buttons at most, the rest said by count."""
from __future__ import annotations

import sqlite3
import time

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger

SWITCH_MOST = 3  # app/views/ledger.py's: the switch buttons drawn at most

SAID = {"en": "No match was chosen", "ja": "この端末では対局を選んでいない"}
MORE = {"en": "of the same evening", "ja": "同じ夜の対局"}


def _started(ledger, match_id, days_ago, minutes=0):
    """Started at 20:00 (plus ``minutes``) ``days_ago`` before yesterday: an evening's, whatever the hour now."""
    day = time.localtime(time.time() - 86400)
    when = time.mktime((day.tm_year, day.tm_mon, day.tm_mday - days_ago, 20, minutes, 0, 0, 0, -1))
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE matches SET created = ? WHERE id = ?", (when, match_id))


def club(home, tonight: int, earlier: int = 10):
    """``earlier`` matches of earlier evenings left unended (one hand each, a week apart), then ``tonight`` under way,
    each with a hand."""
    ledger = Ledger(home / "ledger.sqlite")
    for week in range(earlier, 0, -1):
        old = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
        ledger.add_win(old, 0, "tsumo", {1: 40, 2: 40, 3: 40})
        _started(ledger, old, week * 7)
    ids = []
    for i in range(tonight):
        m = ledger.new_match("yokai-watch", [f"P{i}a", f"P{i}b", f"P{i}c", f"P{i}d"])
        ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40, 3: 40})
        _started(ledger, m, 0, minutes=i)
        ids.append(m)
    return ledger, ids


def _switches(at):
    return [b.key for b in at.button if b.key and b.key.startswith("ledger_switch_match_")]


def _undo(at):
    return next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))


def test_matches_left_unended_on_earlier_evenings_say_nothing_and_undo_is_ready(home, page):
    ledger, ids = club(home, 1)
    at = page("ledger", "yokai-watch")
    assert not at.exception and at.selectbox(key="ledger_match_yokai-watch").value.id == ids[0]
    assert not [i for i in at.info if SAID["en"] in i.value], texts(at)
    assert not _switches(at) and not _undo(at).disabled


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_tables_tonight_are_named_and_not_last_weeks(home, page, lang):
    ledger, ids = club(home, 2)
    at = page("ledger", "yokai-watch", lang=lang)
    said = [i.value for i in at.info if SAID[lang] in i.value]
    assert len(said) == 1 and f"#{ids[0]} (" in said[0] and "#1 (" not in said[0], said
    assert _switches(at) == [f"ledger_switch_match_{ids[0]}"] and _undo(at).disabled


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_few_buttons_at_most_the_rest_said_by_count(home, page, lang):
    ledger, ids = club(home, SWITCH_MOST + 3)
    at = page("ledger", "yokai-watch", lang=lang)
    newest_first = ids[-2::-1]
    assert _switches(at) == [f"ledger_switch_match_{i}" for i in newest_first[:SWITCH_MOST]], _switches(at)
    said = next(i.value for i in at.info if SAID[lang] in i.value)
    assert f"#{newest_first[SWITCH_MOST]} (" not in said
    more = [c.value for c in at.caption if MORE[lang] in c.value]
    assert len(more) == 1 and "2" in more[0], texts(at)
    at.button(key=f"ledger_switch_match_{newest_first[0]}").click().run()
    assert not at.exception and at.selectbox(key="ledger_match_yokai-watch").value.id == newest_first[0]
    assert not _switches(at) and not _undo(at).disabled
