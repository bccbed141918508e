"""Session 53 fuzz walkthrough: the ledger page on a file whose match has its start time stored wrong (text, 1e300,
-1e18) or no players. Starting a match with the same players was a traceback ("unsupported operand type(s) for -:
'float' and 'str'"); the match is named and left out, as one with its rules stored wrong is, the others kept."""
from __future__ import annotations

import sqlite3

import pytest
from app_helpers import open_page

from tilelens.ledger import Ledger

GAME = "yokai-watch"
CASES = {
    "created text": "UPDATE matches SET created = 'yesterday' WHERE id = ?",
    "created 1e300": "UPDATE matches SET created = 1e300 WHERE id = ?",
    "created -1e18": "UPDATE matches SET created = -1e18 WHERE id = ?",
    "no players": "UPDATE matches SET players = '[]' WHERE id = ?",
}


def _ledger(home, sql):
    """A match edited with ``sql`` (no hand yet, as a start tapped twice finds it), then a good one: both ids."""
    ledger = Ledger(home / "ledger.sqlite")
    bad = ledger.new_match(GAME, ["Ann", "Bo", "Cy"])
    good = ledger.new_match(GAME, ["Di", "Ed", "Fi"])
    ledger.add_win(good, 1, "ron", {2: 40})
    with sqlite3.connect(ledger.path) as db:
        db.execute(sql, (bad,))
    return bad, good


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("lang, word", [("en", "match #{id}"), ("ja", "対局 #{id}")])
def test_a_match_stored_wrong_is_named_and_the_others_kept(home, case, lang, word):
    bad, good = _ledger(home, CASES[case])
    at = open_page("ledger", GAME, lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    warnings = [w.value for w in at.warning if word.format(id=bad) in w.value]
    assert len(warnings) == 1, [w.value for w in at.warning]
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id == good
    assert [o for o in at.selectbox(key=f"ledger_match_{GAME}").options if f"#{bad}" in o] == []


@pytest.mark.parametrize("case", list(CASES))
def test_a_match_can_be_started_beside_it(home, case):
    bad, good = _ledger(home, CASES[case])
    at = open_page("ledger", GAME)
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy")
    at.button(key="FormSubmitter:ledger_new-Start the match").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id not in (bad, good)
