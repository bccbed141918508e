"""The ledger after a review (56, f27): an abortive draw of a kind a later tilelens adds (``abortive:<kind>``) reads,
replays and is said as "abortive draw" (its match not "damaged"), a malformed one is still refused; a round is named
in one place (``tilelens.ledger.hand_round``/``round_said``): `ledger show`, `show --json` and the CSV say it alike.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import sqlite3
from contextlib import closing

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError, hand_notes, rules_for
from tilelens.ledger_cli import show_json, show_text

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _stored_as(ledger: Ledger, win_kind: str) -> None:
    with closing(sqlite3.connect(ledger.path)) as db, db:
        db.execute("UPDATE hands SET win_kind = ?", (win_kind,))


# 1. an abortive draw of a kind this version does not know

def test_an_abortive_draw_of_a_kind_added_later_reads_replays_and_is_said_as_an_abortive_draw(ledger, capsys,
                                                                                             monkeypatch):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, riichi=(0, 1, 2, 3), abortive="four-riichi")
    _stored_as(ledger, "abortive:five-kans-2")  # as a later tilelens might store a kind it adds
    state, hands = ledger.table(m)  # read, not a damaged match
    (hand,) = hands
    assert hand.abortive == "five-kans-2"
    # replayed as an abortive draw: the deal stays with one more honba, the sticks stay, nobody pays
    assert state.dealer == 0 and state.honba == 1 and state.pot == 4000
    assert state.totals == (24000, 24000, 24000, 24000)
    # said as an abortive draw, the kind this version cannot name left out
    assert hand_notes(PLAYERS, hands, state, "en") == ["abortive draw"]
    assert hand_notes(PLAYERS, hands, state, "ja") == ["途中流局"]
    match = ledger.match(m)
    assert ": abortive draw" in show_text(match, hands, state, "en")
    assert ": 途中流局" in show_text(match, hands, state, "ja")
    row = show_json(match, hands, state)["hands"][0]
    assert row["kind"] == "draw" and row["win"] == "abortive draw" and row["note"] == "abortive draw"
    (csv_row,) = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))[1:]
    assert csv_row["kind"] == "draw" and csv_row["win"] == "abortive draw"
    # the command line lists it as fine and shows it (exit status 0)
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["ledger", "list", "--db", str(ledger.path)]) == 0
    assert main(["ledger", "show", str(m), "--db", str(ledger.path)]) == 0
    out = capsys.readouterr()
    assert "East 1, honba 0: abortive draw" in out.out and "damaged" not in out.out + out.err, out


def test_the_ledger_page_says_an_abortive_draw_of_a_kind_added_later(ledger):
    from app.components.ledger_view import hand_said

    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, abortive="four-kans")
    _stored_as(ledger, "abortive:five-kans")
    assert hand_said(ledger.match(m), ledger.hands(m)[0]) == "途中流局"  # the page's language: Japanese by default


@pytest.mark.parametrize("win_kind", ["abortive:", "abortive:Five-Kans", "abortive:five kans", "abortive:five_kans",
                                      "abortive:four-kans:2", "abortive-four-kans", "abortives", "Abortive"])
def test_a_malformed_abortive_draw_in_a_file_is_a_damaged_match(ledger, win_kind):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, abortive="four-kans")
    _stored_as(ledger, win_kind)
    with pytest.raises(LedgerError, match="draw stored with a win") as refused:
        ledger.table(m)
    assert "流局ですが" in refused.value.message_ja


# 2. a round named in one place

@pytest.fixture
def long_table(ledger):
    """A riichi house table of 6 laps, every hand a non-dealer's ron (the deal moves each hand): 21 hands, the 17th
    East 1 of the fifth lap."""
    from scorer import load_game

    game = load_game(GAME)
    m = ledger.new_match(game, PLAYERS, rules=dataclasses.replace(rules_for(game), laps=6, ends_at_or_below=None))
    for hand in range(21):
        dealer = hand % 4
        ledger.add_win(m, (dealer + 1) % 4, "ron", {(dealer + 2) % 4: 1000})
    return m


def test_show_json_names_a_round_past_north_with_its_lap_as_show_and_the_csv_do(ledger, long_table):
    state, hands = ledger.table(long_table)
    rows = show_json(ledger.match(long_table), hands, state)["hands"]
    assert [(r["round"], r["honba"]) for r in rows[15:18]] == [("North 4", 0), ("East 1 (lap 5)", 0),
                                                               ("East 2 (lap 5)", 0)]
    csv_rows = list(csv.DictReader(io.StringIO(ledger.to_csv(long_table))))[1:]
    assert [r["round"] for r in csv_rows] == [r["round"] for r in rows]


def test_show_show_json_and_the_csv_name_rounds_with_the_ledgers_words(ledger, long_table, monkeypatch, capsys):
    """One set of round words (``tilelens.ledger.ROUND_WINDS``, ``ROUND_FORMS``): `ledger show` and `show --json`
    kept their own, which a change of the ledger's would have left behind."""
    import tilelens.ledger as ledger_module

    monkeypatch.setitem(ledger_module.ROUND_WINDS, "en", ("E", "S", "W", "N"))
    monkeypatch.setitem(ledger_module.ROUND_FORMS, "en", {"round": "{wind}{n}", "lap": "{wind}{n}/{lap}",
                                                          "honba": "{round} h{honba}"})
    state, hands = ledger.table(long_table)
    text = show_text(ledger.match(long_table), hands, state, "en")
    assert "  #17  E1/5 h0: " in text and "  #1   E1 h0: " in text, text
    rows = show_json(ledger.match(long_table), hands, state)["hands"]
    assert [r["round"] for r in rows[15:17]] == ["N4", "E1/5"]
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["ledger", "show", str(long_table), "--db", str(ledger.path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][16]["round"] == "E1/5"
    csv_rows = list(csv.DictReader(io.StringIO(ledger.to_csv(long_table))))[1:]
    assert csv_rows[16]["round"] == "E1/5"


def test_a_donjara_match_names_its_hands_by_number(ledger):
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_win(m, 2, "tsumo", {0: 40, 1: 40, 3: 40})
    state, hands = ledger.table(m)
    text = show_text(ledger.match(m), hands, state, "en")
    assert "  #1   Hand 1: " in text, text
    assert "  #1   1局目: " in show_text(ledger.match(m), hands, state, "ja")
    assert show_json(ledger.match(m), hands, state)["hands"][0]["round"] is None
