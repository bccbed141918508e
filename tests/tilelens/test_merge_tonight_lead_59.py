"""Session 59 (review RV3): tonight's matches merged into a ledger last used last night were said to come from a
laptop whose clock may be off, with a command adding last night's and tonight's money together. A match of this
laptop's own evening now is no clock's mistake; one a day ahead of it still is."""
from __future__ import annotations

import pytest
from ledger_helpers import at, started

from tilelens import ledger_merge
from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"


def _merged(tmp_path, monkeypatch, now: float):
    a, b = Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")
    for ledger, day, hours, players in ((a, 5, (20,), ["Ann", "Ben", "Chika", "Daiki"]),
                                        (b, 6, (19, 21), ["Eri", "Fumi", "Goro", "Hana"])):
        for hour in hours:
            m = ledger.new_match(GAME, players)
            ledger.add_win(m, 0, "ron", {1: 20})
            started(ledger, m, at(day, hour))
    monkeypatch.setattr(ledger_merge.time, "time", lambda: now)
    return merge_ledgers(a.path, b.path)


@pytest.mark.parametrize("on_page", [False, True])
def test_tonights_matches_into_last_nights_ledger_are_no_clocks_mistake(tmp_path, monkeypatch, on_page):
    report = _merged(tmp_path, monkeypatch, at(6, 23))  # this laptop's evening: the 6th, as the matches'
    said = merge_summary(report, on_page=on_page)
    assert not [line for line in said if "clock" in line or "evening" in line], said


def test_a_match_a_day_ahead_of_this_laptops_evening_is_still_said_as_a_clock(tmp_path, monkeypatch):
    report = _merged(tmp_path, monkeypatch, at(5, 23))  # this laptop's evening: the 5th; theirs say the 6th
    said = merge_summary(report)
    assert [line for line in said if "clock may be off" in line], said
