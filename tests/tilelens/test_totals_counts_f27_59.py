"""Session 59 (F27, walk W1 #6): `tilelens ledger totals --json` says each player's count of matches played
(``played``) and of places (``places``: how many times 1st, 2nd, ..., as the totals CSV counts them), the same
counts as the text table's Matches column and the CSV's columns."""
from __future__ import annotations

import csv
import io
import json

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import app_home, walkers_evening

from tilelens.ledger import Ledger, evening_totals, places_counted, totals_csv

# The walker's evening: #one Ann +35, Chika +18, Daiki -19, Ben -34 (1st to 4th); #two Daiki +140, Ben +68, Chika -20, Ann -188;
# #three (three players, Daiki gone) Chika +4, Ben 0, Ann -4
COUNTS = {"Daiki": (2, [1, 0, 1, 0]), "Ben": (3, [0, 2, 0, 1]), "Chika": (3, [1, 1, 1, 0]), "Ann": (3, [1, 0, 1, 1])}


@pytest.fixture
def evening(tmp_path):
    return walkers_evening(Ledger(tmp_path / "ledger.sqlite"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_totals_json_says_each_players_matches_played_and_places(evening, capsys, monkeypatch, lang):
    ledger, _ = evening
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--json", "--db", str(ledger.path))
    assert code == 0 and not err, err
    data = json.loads(out)
    assert {p["name"]: (p["played"], p["places"]) for p in data["players"]} == COUNTS
    assert all(isinstance(p["played"], int) and p["played"] == len(p["nets"]) for p in data["players"])


def test_the_json_counts_are_the_csvs(evening, capsys, monkeypatch):
    ledger, _ = evening
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--csv", "--db", str(ledger.path))
    rows = list(csv.reader(io.StringIO(out)))
    head = rows[0]
    said = {row[0]: (int(row[head.index("matches")]), [int(n) for n in row[head.index("matches") + 1:]])
            for row in rows[1:]}
    assert said == COUNTS


def test_places_counted_is_the_one_count(evening):
    ledger, (_, one, two, three) = evening
    read = ledger.tables([ledger.match(i) for i in (one, two, three)])
    states = {i: read[i][0] for i in (one, two, three)}
    totals = evening_totals([(ledger.match(i), states[i]) for i in (one, two, three)])
    assert places_counted(totals, states) == {name: places for name, (_, places) in COUNTS.items()}
    assert {p.name: p.played for p in totals.players} == {name: n for name, (n, _) in COUNTS.items()}
    assert totals_csv(totals, states).splitlines()[1].endswith(",2,1,0,1,0")  # Daiki: 2 played, 1st once, 3rd once


def test_no_match_the_json_has_no_players(tmp_path, capsys, monkeypatch):
    app_home(tmp_path, monkeypatch)  # the app's ledger not made yet
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--json")
    assert code == 0 and json.loads(out)["players"] == []
