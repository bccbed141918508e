"""Session 53 fuzz re-walk: the ledger page on a file whose match has a hand numbered wrong (text, below 0): the
match, shown, is said damaged in plain words (Python's "can only concatenate str (not "int") to str" was said), as
the command line's `list` and `show` say it, with the way to undo its last hand; the other matches kept."""
from __future__ import annotations

import sqlite3

import pytest
from app_helpers import open_page

from tilelens.ledger import Ledger

GAME = "yokai-watch"


@pytest.mark.parametrize("seq", ["abc", -5])
@pytest.mark.parametrize("lang, word, said", [("en", "match #{id}", "number stored wrong"),
                                              ("ja", "対局 #{id}", "局の番号が正しく記録されていません")])
def test_a_hand_numbered_wrong_names_its_match_and_the_others_are_kept(home, seq, lang, word, said):
    ledger = Ledger(home / "ledger.sqlite")
    good = ledger.new_match(GAME, ["Di", "Ed", "Fi"])
    bad = ledger.new_match(GAME, ["Ann", "Bo", "Cy"])  # the newest: shown
    ledger.add_win(bad, 1, "ron", {2: 40})
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET seq = ? WHERE match_id = ?", (seq, bad))
    at = open_page("ledger", GAME, lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error if word.format(id=bad) in e.value]
    assert len(errors) == 1 and said in errors[0] and "concatenate" not in errors[0], [e.value for e in at.error]
    assert any(f"#{good}" in o for o in at.selectbox(key=f"ledger_match_{GAME}").options)  # the others kept
