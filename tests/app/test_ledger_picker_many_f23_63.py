"""Session 63, F23 (W5: a club's ledger of 721 matches of one game): the ledger page's match picker listed all 721,
built on every tap. It lists the latest matches now (the newest evening's and the last 30), the one shown always
among them, with a switch for all of them; a match kept twice is named as before, and the newest is shown where
none is chosen."""
from __future__ import annotations

import sqlite3
import time

import pytest

from tilelens.ledger import Ledger

GAME = "yokai-watch"
KEY = f"ledger_match_{GAME}"
RECENT = 30  # app/views/ledger.py's PICKER_RECENT
ALL = {"en": "Show all {n} matches", "ja": "全{n}件の対局を表示"}


def _started(db, match_id, days_ago, minutes=0):
    """Started at 20:00 (plus ``minutes``) ``days_ago`` before yesterday: an evening's, whatever the hour now."""
    day = time.localtime(time.time() - 86400)
    when = time.mktime((day.tm_year, day.tm_mon, day.tm_mday - days_ago, 20, minutes, 0, 0, 0, -1))
    db.execute("UPDATE matches SET created = ? WHERE id = ?", (when, match_id))


def club(home, earlier: int, tonight: int) -> tuple[Ledger, list[int], list[int]]:
    """``earlier`` matches, one an evening (the oldest first), then ``tonight`` of the last evening; their ids."""
    ledger = Ledger(home / "ledger.sqlite")
    old = [ledger.new_match(GAME, ["Ann", "Bo", "Cy"]) for _ in range(earlier)]
    new = [ledger.new_match(GAME, ["Di", "Eve", "Fu"]) for _ in range(tonight)]
    with sqlite3.connect(ledger.path) as db:
        for n, m in enumerate(old):
            _started(db, m, earlier - n)
        for n, m in enumerate(new):
            _started(db, m, 0, minutes=n)
    return ledger, old, new


def listed(at) -> list[int]:
    return [int(o.split(" ")[0][1:]) for o in at.selectbox(key=KEY).options]


def show_all(at):
    return at.toggle(key=f"ledger_all_matches_{GAME}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_picker_lists_the_latest_matches_and_a_switch_lists_all(home, page, lang):
    ledger, old, new = club(home, 52, 8)
    at = page("ledger", GAME, lang=lang)
    latest = [*reversed(new), *reversed(old)][:RECENT]  # newest first, as the picker lists them
    assert listed(at) == latest
    assert at.selectbox(key=KEY).value.id == new[-1]  # none chosen: the newest, as before
    switch = show_all(at)
    assert switch.label == ALL[lang].format(n=60) and not switch.value
    switch.set_value(True).run()
    assert not at.exception and listed(at) == [*reversed(new), *reversed(old)]
    assert at.selectbox(key=KEY).value.id == new[-1]


def test_an_old_match_chosen_stays_listed_once_the_switch_is_off(home, page):
    ledger, old, new = club(home, 52, 8)
    at = page("ledger", GAME)
    show_all(at).set_value(True).run()
    at.selectbox(key=KEY).set_value(ledger.match(old[0])).run()
    assert not at.exception and at.selectbox(key=KEY).value.id == old[0]
    show_all(at).set_value(False).run()
    assert not at.exception and at.selectbox(key=KEY).value.id == old[0]
    assert listed(at)[:RECENT] == [*reversed(new), *reversed(old)][:RECENT] and listed(at)[RECENT:] == [old[0]]
    assert at.metric[0].label.startswith("Ann")  # the match shown is the one chosen
    at.run()  # and kept on the next tap
    assert at.selectbox(key=KEY).value.id == old[0] and old[0] in listed(at)


def test_the_newest_evening_is_listed_whole(home, page):
    ledger, old, new = club(home, 25, RECENT + 5)
    at = page("ledger", GAME)
    assert listed(at) == list(reversed(new))  # all 35 of the evening, none of the earlier ones
    assert show_all(at).label == ALL["en"].format(n=60)


def test_a_game_of_few_matches_lists_them_all_with_no_switch(home, page):
    ledger, old, new = club(home, RECENT - 3, 3)
    at = page("ledger", GAME)
    assert listed(at) == [*reversed(new), *reversed(old)]
    assert not [t for t in at.toggle if t.key == f"ledger_all_matches_{GAME}"]


def test_a_match_kept_twice_is_named_as_before_beside_its_first_record(home, page):
    ledger, old, new = club(home, 52, 8)
    copy = ledger.new_match(GAME, ["Ann", "Bo", "Cy"])  # another laptop's record of an old match, kept by a merge
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE matches SET created = (SELECT created FROM matches WHERE id = ?) WHERE id = ?",
                   (old[-1], copy))
    at = page("ledger", GAME)
    options = at.selectbox(key=KEY).options
    assert f"#{copy} · Ann, Bo, Cy (another record of #{old[-1]})" in options, options
    assert f"#{old[-1]} · Ann, Bo, Cy" in options
