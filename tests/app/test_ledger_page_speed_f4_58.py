"""Session 58 (F4): the ledger page replayed every match of the game on each tap (Streamlit runs the page again): with
notes stored before cf21e04, 180-315 ms a tap at 300-600 matches. Now a tap replays what it shows, the chosen match;
the other matches' tables (the picker's finished ones, Tonight's totals) are kept between taps and read again only
where the file's rows of a match have changed, so a hand added from another session (another phone, a score page,
a merge) is shown at once. No timing here: the replays are counted."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tilelens.ledger as ledger_module
from tilelens.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at, started  # noqa: E402

GAME = "yokai-watch"


@pytest.fixture
def club(home):
    """Six matches of one game, the last three of one evening, each with a hand (notes of the older, plain form)."""
    ledger = Ledger(home / "ledger.sqlite")
    ids = []
    for k in range(6):
        m = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
        ledger.add_win(m, k % 4, "ron", {(k + 1) % 4: 100}, note="first")
        started(ledger, m, at(1 + k // 3 * 5, 19, k))
        ids.append(m)
    return ledger, ids


@pytest.fixture
def replays(monkeypatch):
    """The tables replayed, counted (``tilelens.ledger.replay``, which every reading of a match's table runs)."""
    calls = []
    real = ledger_module.replay
    monkeypatch.setattr(ledger_module, "replay", lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def tonight(at_):
    (table,) = [d for d in at_.dataframe if "Total" in d.value.columns]
    return table.value.set_index("Player")


def test_a_second_tap_replays_at_most_the_chosen_match(club, page, replays):
    at_ = page("ledger", GAME)
    assert len(replays) >= 6  # the first run reads them all
    replays.clear()
    at_.run()
    assert not at_.exception
    assert len(replays) <= 1, len(replays)
    replays.clear()
    at_.selectbox(key=f"ledger_match_{GAME}").select_index(1).run()  # another match chosen: that one replayed
    assert not at_.exception
    assert len(replays) <= 1, len(replays)


def test_an_add_from_another_session_is_shown_at_once(club, page, replays):
    ledger, ids = club
    at_ = page("ledger", GAME)
    shown = at_.selectbox(key=f"ledger_match_{GAME}").value.id
    assert shown == ids[-1]
    assert tonight(at_).loc["Ann", f"#{ids[3]}"] == "-100"
    before = [m.value for m in at_.metric]
    Ledger(ledger.path).add_win(ids[3], 2, "ron", {0: 300})  # another phone, on a match not shown
    Ledger(ledger.path).add_win(ids[-1], 0, "ron", {1: 200})  # and on the one shown
    replays.clear()
    at_.run()
    assert not at_.exception
    assert [m.value for m in at_.metric] != before
    assert at_.metric[0].value == "1,200" and at_.metric[1].value == "900"  # the shown match's new totals
    assert tonight(at_).loc["Ann", f"#{ids[3]}"] == "-400"  # Tonight's totals: the other match's new result
    assert tonight(at_).loc["Cy", f"#{ids[3]}"] == "+300"
    assert len(replays) <= 3, len(replays)  # the two matches changed and the one shown, none of the others


def test_an_undo_and_a_delete_elsewhere_are_shown_at_once(club, page):
    ledger, ids = club
    at_ = page("ledger", GAME)
    Ledger(ledger.path).add_win(ids[3], 2, "ron", {0: 300})
    at_.run()
    assert tonight(at_).loc["Ann", f"#{ids[3]}"] == "-400"
    Ledger(ledger.path).undo(ids[3])
    at_.run()
    assert tonight(at_).loc["Ann", f"#{ids[3]}"] == "-100"
    Ledger(ledger.path).delete_match(ids[4])
    at_.run()
    assert not at_.exception
    assert f"#{ids[4]}" not in tonight(at_).columns
    assert all(not o.startswith(f"#{ids[4]} ") for o in at_.selectbox(key=f"ledger_match_{GAME}").options)
