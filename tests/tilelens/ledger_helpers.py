"""What the `tilelens ledger` tests share (test_ledger_cli_48.py, test_ledger_cli_49.py, test_ledger_safety_52.py,
test_ledger_upgrade_54.py): the app's data folder with no ``TILELENS_LEDGER``, and the command as called; and
(test_ledger_totals_55.py, tests/app/test_ledger_tonight_55.py) a walker's evening of matches at the times played;
(test_league_totals_f6_59.py, tests/app/test_league_totals_page_f6_59.py) a riichi club's match with uma and oka."""
from __future__ import annotations

import sqlite3
import time
from dataclasses import replace
from pathlib import Path

from tilelens.cli import main
from tilelens.ledger import DrawKeep, Ledger, rules_for


def app_home(tmp_path: Path, monkeypatch, *, no_language: bool = True) -> Path:
    """The app's data folder ``tmp_path/home``, with no TILELENS_LEDGER: the ledger the app uses is
    ``home/ledger.sqlite``. ``no_language``: no TILELENS_LANG either (the root conftest's English unset)."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    if no_language:
        monkeypatch.delenv("TILELENS_LANG", raising=False)
    return tmp_path / "home"


def run(capsys, *argv):
    """``tilelens ARGV``: its exit status, stdout and stderr (a usage error's SystemExit is raised)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def at(day: int, hour: int, minute: int = 0) -> float:
    """A local time in December 2026."""
    return time.mktime((2026, 12, day, hour, minute, 0, 0, 0, -1))


def started(ledger: Ledger, match_id: int, when: float) -> None:
    """The match's start time set, as a match started then has it."""
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE matches SET created = ? WHERE id = ?", (when, match_id))


def walkers_evening(ledger: Ledger) -> tuple[Ledger, tuple[int, int, int, int]]:
    """Three Cinderella Girls matches of one evening (#2, #3, #4) after a match of another evening (#1), in
    ``ledger``: the ledger and the four matches' ids. The walker summed each player's results by hand: Ann +35 -188 -4
    = -157, Ben -34 +68 +0 = +34, Chika +18 -20 +4 = +2, Daiki -19 +140 = +121 (he left before the last match)."""
    four = ["Ann", "Ben", "Chika", "Daiki"]
    old = ledger.new_match("cinderella-neo", four)
    ledger.add_win(old, 0, "ron", {1: 50})
    started(ledger, old, at(1, 20))
    one = ledger.new_match("cinderella-neo", four)
    ledger.add_win(one, 0, "ron", {1: 34})
    ledger.add_win(one, 2, "ron", {3: 19})
    ledger.add_win(one, 0, "ron", {2: 1})  # Ann +35, Ben -34, Chika +18, Daiki -19
    started(ledger, one, at(6, 19, 2))
    two = ledger.new_match("cinderella-neo", four)
    ledger.add_win(two, 1, "ron", {0: 48})
    ledger.add_win(two, 1, "ron", {2: 20})
    ledger.add_win(two, 3, "ron", {0: 140})  # Ann falls to -88: the match ends early
    started(ledger, two, at(6, 21, 15))
    three = ledger.new_match("cinderella-neo", four[:3])  # Daiki has left
    ledger.add_win(three, 2, "ron", {0: 4})
    started(ledger, three, at(7, 0, 40))  # after midnight: the same evening
    return ledger, (old, one, two, three)


# A riichi club's table (``club_match``): uma 20/10, 30,000 returned, one lap
CLUB_GAME = "tokyo-mahjong"
CLUB = dict(uma=(20, 10, -10, -20), return_points=30000, laps=1, keep_on_dealer_win=False,
            keep_on_draw=DrawKeep.NEVER, noten_total=0)


def club_match(ledger: Ledger, players, when: float) -> int:
    """The club's sheet: 45,000 / 30,000 / 15,000 / 10,000 -> +55, +10, -25, -40 (seat order), ended, started at
    ``when``."""
    m = ledger.new_match(CLUB_GAME, players, replace(rules_for(CLUB_GAME), **CLUB))
    ledger.add_win(m, 0, "ron", {3: 15000})
    ledger.add_win(m, 0, "ron", {2: 5000})
    ledger.add_win(m, 1, "ron", {2: 5000})
    ledger.add_draw(m)
    assert ledger.state(m).ended
    started(ledger, m, when)
    return m
