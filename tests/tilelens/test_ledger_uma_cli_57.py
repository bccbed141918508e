"""Session 57 (W4 6): `tilelens ledger show`, `csv --standings` and `totals` say a match's final score where its rules
set uma and oka, how it was made, and where the riichi sticks left at the end went; a match without them reads as
before. The club's sheet: 45,000 / 30,000 / 15,000 / 10,000, 30,000 returned, uma 20/10: +55, +10, -25, -40."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from ledger_fuzz_helpers import run

from tilelens.ledger import DrawKeep, Ledger, rules_for

GAME = "tokyo-mahjong"

# the standings CSV of a match with uma or oka: the total in points, the rest in thousands, each header its unit
STANDINGS_HEAD = ("place,player,total (points),score (thousands of points),uma (thousands of points),"
                  "oka (thousands of points),sticks (thousands of points)")


def club_match(ledger, leftover="nobody", **options):
    # the deal moving on after every hand, no noten payment: one lap of four hands
    rules = replace(rules_for(GAME), uma=(20, 10, -10, -20), return_points=30000, laps=1, keep_on_dealer_win=False,
                    keep_on_draw=DrawKeep.NEVER, noten_total=0, leftover_sticks=leftover, **options)
    m = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"], rules)
    ledger.add_win(m, 0, "ron", {3: 15000})
    ledger.add_win(m, 0, "ron", {2: 5000})
    ledger.add_win(m, 1, "ron", {2: 5000})
    ledger.add_draw(m, riichi=(3,) if leftover == "top" else ())
    assert ledger.state(m).ended
    return m


@pytest.fixture
def club(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    return ledger, club_match(ledger)


def test_show_says_each_final_score_and_how_it_is_made(club, capsys, monkeypatch):
    ledger, m = club
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--db", str(ledger.path))
    assert code == 0
    assert "  1. Ann: 45,000 points → +55 (uma +20, oka +20)" in out, out
    assert "  4. Di: 10,000 points → -40 (uma -20)" in out, out
    assert "Final score: (total − 30,000) ÷ 1,000, uma +20/+10/-10/-20, oka +20 to the top; tied places share" in out


def test_show_in_japanese(club, capsys, monkeypatch):
    ledger, m = club
    _, out, _ = run(capsys, monkeypatch, "ja", "ledger", "show", str(m), "--db", str(ledger.path))
    assert "  1位 Ann: 45,000点 → +55 (ウマ +20、オカ +20)" in out, out
    assert "最終スコア: (持ち点 − 30,000) ÷ 1,000、ウマ +20/+10/-10/-20、トップにオカ +20" in out, out


def test_show_json_gives_the_scores(club, capsys, monkeypatch):
    ledger, m = club
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--json", "--db", str(ledger.path))
    data = json.loads(out)
    assert data["standings"][0] == {"place": 1, "player": "Ann", "total": 45000, "score": 55000, "uma": 20000,
                                    "oka": 20000, "sticks": 0}
    assert data["options"] == {"uma": [20, 10, -10, -20], "return_points": 30000, "leftover_sticks": "nobody"}


def test_the_sticks_left_to_the_top_are_said_so(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = club_match(ledger, leftover="top")
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--db", str(ledger.path))
    assert "1. Ann: 45,000 points → +56 (uma +20, oka +20, sticks left +1)" in out, out
    assert "in no player's total" not in out
    assert "Riichi sticks left on the table: 1,000 points (1 stick), to the top player's final score" in out, out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(m), "--db", str(ledger.path))
    assert "in no player's result" not in out, out


def test_csv_standings_has_the_score(club, capsys, monkeypatch):
    ledger, m = club
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(m), "--standings", "--db", str(ledger.path))
    assert code == 0 and out.splitlines()[:2] == [STANDINGS_HEAD, "1,Ann,45000,55,20,20,0"]


def test_totals_add_up_the_final_scores_in_thousands(club, capsys, monkeypatch):
    ledger, m = club
    plain = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])  # no options: (total - 25,000) / 1,000
    ledger.add_win(plain, 1, "ron", {0: 8000})
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(m), str(plain), "--db", str(ledger.path))
    assert code == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.split()[:1] in (["Ann"], ["Bo"])}
    assert rows == {"Ann": ["+55", "-8", "+47", "2"], "Bo": ["+10", "+8", "+18", "2"]}, out
    assert "final score" in out, out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(m), "--json", "--db", str(ledger.path))
    data = json.loads(out)
    assert data["players"][0] == {"name": "Ann", "nets": {str(m): 55000}, "total": 55000, "played": 1,
                                  "places": [1, 0, 0, 0]}
    assert data["matches"][0]["final_score"] is True


def test_a_match_without_options_shows_as_before(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {0: 8000})
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--db", str(ledger.path))
    assert "  1. Bo: 33,000 points" in out and "→" not in out and "Final score" not in out, out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(m), "--db", str(ledger.path))
    assert "+8,000" in out and "final score" not in out, out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--json", "--db", str(ledger.path))
    assert json.loads(out)["standings"][0] == {"place": 1, "player": "Bo", "total": 33000}
