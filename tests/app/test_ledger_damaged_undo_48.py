"""Undo on a match that cannot be read (48): a last hand stored wrong (a file edited by hand) is said in one message,
with an Undo of the last hand next to it, so that the organiser recovers the match from the page; after it the
page reads the match again. No Undo where the match has no hands, nor for a file that is busy."""
from __future__ import annotations

import sqlite3

import pytest

from tilelens.ledger import Ledger, LedgerError, MatchDamagedError

GAME = "tokyo-mahjong"
UNDO = {"en": "Undo the last hand", "ja": "最後の局を取り消す"}


def _undo_buttons(at):
    return [b for b in at.button if (b.key or "").startswith("ledger_undo")]


def _damaged_last_hand(home) -> int:
    """A match of two hands whose last one names seat -1 (Python would read it as D)."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_win(m, 0, "ron", {1: 2000})
    ledger.add_win(m, 2, "ron", {3: 1000})
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET winner = -1 WHERE match_id = ? AND seq = (SELECT MAX(seq) FROM hands "
                   "WHERE match_id = ?)", (m, m))
    return m


@pytest.mark.parametrize("lang, word, seat", [("en", "match #{id}", "seat 0"), ("ja", "対局 #{id}", "席 0")])
def test_a_damaged_last_hand_is_undone_from_the_page(home, page, lang, word, seat):
    m = _damaged_last_hand(home)
    at = page("ledger", GAME, lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and word.format(id=m) in errors[0] and seat in errors[0], errors
    assert not at.metric and not at.dataframe  # no player named from the damaged reading
    (undo,) = _undo_buttons(at)
    assert undo.label == UNDO[lang] and not undo.disabled
    undo.click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    # the match read again: its first hand only
    assert [x.value for x in at.metric] == ["27,000", "23,000", "25,000", "25,000"] and at.dataframe
    assert len(Ledger(home / "ledger.sqlite").hands(m)) == 1


def test_no_undo_for_a_damaged_match_without_hands(home, page, monkeypatch):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])

    def damaged(self, match):  # the page hands on the Match it has read (session 49), an id elsewhere
        raise MatchDamagedError(f"match #{getattr(match, 'id', match)} in {self.path} cannot be read (x); it was left out")

    monkeypatch.setattr(Ledger, "table", damaged)
    at = page("ledger", GAME)
    assert not at.exception and len(at.error) == 1 and f"match #{m}" in at.error[0].value
    assert not _undo_buttons(at)


def test_no_undo_for_a_ledger_file_that_is_busy(home, page, monkeypatch):
    # a file another program holds is not a damaged match: its last hand is no reason to undo
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_win(m, 0, "ron", {1: 2000})

    def busy(self, match_id):
        raise LedgerError(f"ledger file {self.path} is busy (another program is writing to it)")

    monkeypatch.setattr(Ledger, "table", busy)
    at = page("ledger", GAME)
    assert not at.exception and len(at.error) == 1 and "busy" in at.error[0].value
    assert not _undo_buttons(at)
    assert len(Ledger(home / "ledger.sqlite").hands(m)) == 1


def test_the_undo_of_a_damaged_match_is_refused_when_another_phone_changed_it(home, page):
    m = _damaged_last_hand(home)
    at = page("ledger", GAME)
    (undo,) = _undo_buttons(at)
    Ledger(home / "ledger.sqlite").undo(m)  # another phone undid the damaged hand meanwhile
    undo.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(Ledger(home / "ledger.sqlite").hands(m)) == 1  # the good hand was not undone as well
    assert any(f"Match #{m} has changed" in e.value for e in at.error), [e.value for e in at.error]


def test_undo_is_offered_where_the_hands_table_cannot_be_drawn(home, page, monkeypatch):
    from app.components import ledger_view

    m = _damaged_last_hand(home)
    with sqlite3.connect(home / "ledger.sqlite") as db:  # the last hand readable again; its table is not
        db.execute("UPDATE hands SET winner = 2 WHERE winner = -1")

    def broken(*args, **kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(ledger_view, "hands_table", broken)
    at = page("ledger", GAME)
    assert not at.exception and len(at.error) == 1 and f"#{m}" in at.error[0].value
    (undo,) = _undo_buttons(at)
    undo.click().run()
    assert len(Ledger(home / "ledger.sqlite").hands(m)) == 1
