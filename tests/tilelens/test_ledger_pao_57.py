"""Pao (責任払い) in the riichi ledger: a tsumo paid by the liable player alone, a ron paid by the discarder and the
liable player half and half, the discarder kept first (who dealt in), the note saying pao and who in both languages,
and ledger files stored before (no pao) read and totalled as they were.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest

from scorer import load_game, score
from scorer.result import Payment
from tilelens.ledger import (Ledger, LedgerError, dealt_in, hand_notes, note_said, result_note, seat_payments)
from tilelens.ledger_cli import show_json, show_text

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
MELDS = ["pon:555z", "pon:666z", "pon:777z", "chi:123p"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _daisangen(win, **options):
    return score(load_game(GAME), "22z", melds=MELDS, win_tile="2z", win=win, seat="south", **options)


# --- the payments the scorer gives, seated ----------------------------------------------------------------------

def test_a_pao_tsumo_is_seated_on_the_liable_player_alone():
    result = _daisangen("tsumo", pao="west")
    # Bo (seat 1) wins at south under Ann's deal: west is Cy (2)
    assert seat_payments(result.payments, 1, 0, 4, "tsumo", pao=2) == {2: 32000}


def test_a_pao_ron_is_seated_on_the_discarder_first_then_the_liable_player():
    result = _daisangen("ron", pao="west", honba=1)
    assert seat_payments(result.payments, 1, 0, 4, "ron", discarder=3, pao=2) == {3: 16300, 2: 16000}
    assert list(seat_payments(result.payments, 1, 0, 4, "ron", discarder=3, pao=2)) == [3, 2]


def test_the_liable_player_dealing_in_pays_both_halves():
    result = _daisangen("ron", pao="west")
    assert seat_payments(result.payments, 1, 0, 4, "ron", discarder=2, pao=2) == {2: 32000}


def test_payments_without_pao_are_seated_as_before():
    plain = [Payment("east (dealer)", 16000), Payment("west", 8000), Payment("north", 8000)]
    assert seat_payments(plain, 1, 0, 4, "tsumo") == {0: 16000, 2: 8000, 3: 8000}
    assert seat_payments([Payment("discarder", 32000)], 1, 0, 4, "ron", discarder=3) == {3: 32000}
    with pytest.raises(LedgerError):  # a tsumo paid by one seat is no tsumo without pao
        seat_payments([Payment("west", 32000)], 1, 0, 4, "tsumo")


# --- recorded: totals, who dealt in, round trip ------------------------------------------------------------------

def test_a_pao_tsumo_is_recorded_and_totalled(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "tsumo", {2: 32000}, pao=2)
    assert ledger.state(m).totals == (25000, 57000, -7000, 25000)
    assert ledger.hands(m)[0].payments == {2: 32000}


def test_a_tsumo_paid_by_one_seat_is_still_refused_without_pao(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    with pytest.raises(LedgerError, match="every other seat"):
        ledger.add_win(m, 1, "tsumo", {2: 32000})


def test_a_pao_ron_is_recorded_with_the_discarder_first(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 16000, 3: 16300}, pao=2)  # given liable first: stored discarder first
    hand = Ledger(ledger.path).hands(m)[0]  # read back from the file
    assert list(hand.payments.items()) == [(3, 16300), (2, 16000)]
    assert dealt_in(hand) == 3
    assert ledger.state(m).totals == (25000, 57300, 9000, 8700)


def test_a_ron_with_two_payers_needs_pao(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    with pytest.raises(LedgerError, match="discarder alone"):
        ledger.add_win(m, 1, "ron", {2: 16000, 3: 16000})


@pytest.mark.parametrize("win,payments,pao,words", [
    ("tsumo", {2: 32000}, 1, "won"),  # the winner is not liable
    ("tsumo", {0: 16000, 3: 8000}, 2, "pao"),  # the liable player pays nothing
    ("ron", {0: 16000, 3: 16000}, 2, "pao"),  # neither payer is liable
    ("ron", {0: 10000, 2: 10000, 3: 12000}, 2, "pao"),  # three payers on a ron
    ("tsumo", {2: 32000}, 7, "seat"),  # no such seat
])
def test_a_pao_that_cannot_be_is_refused(ledger, win, payments, pao, words):
    m = ledger.new_match(GAME, PLAYERS)
    with pytest.raises(LedgerError, match=words) as refused:
        ledger.add_win(m, 1, win, payments, pao=pao)
    assert refused.value.message_ja
    assert ledger.hands(m) == []


def test_another_winner_on_a_pao_rons_discard_is_taken(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {3: 16000, 2: 16000}, pao=2)
    ledger.add_win(m, 0, "ron", {3: 1000}, same_discard=True)
    assert [dealt_in(h) for h in ledger.hands(m)] == [3, 3]


# --- the note says pao and who ----------------------------------------------------------------------------------

def test_the_note_says_pao_and_who_in_both_languages(ledger):
    game = load_game(GAME)
    m = ledger.new_match(GAME, PLAYERS)
    result = _daisangen("ron", pao="west")
    note = result_note(game, result, pao={"name": "Cy", "how": "half"})
    ledger.add_win(m, 1, "ron", {3: 16000, 2: 16000}, note=note, pao=2)
    en, ja = note_said(note, "en"), note_said(note, "ja")
    assert "pao" in en and "Cy" in en and "half" in en and "last dragon" in en, en
    assert "包" in ja and "Cy" in ja and "半分" in ja, ja
    state, hands = ledger.table(m)
    assert "Cy" in hand_notes(PLAYERS, hands, state)[0]
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert "pao" in rows[1]["note"] and rows[1]["dealt in"] == "Di"  # rows[0]: the start
    shown = show_json(ledger.match(m), hands, state)
    assert shown["hands"][0]["dealt_in"] == "Di"
    assert {(p["from"], p["amount"]) for p in shown["hands"][0]["payments"]} >= {("Di", 16000), ("Cy", 16000)}
    assert "包" in show_text(ledger.match(m), hands, state, "ja")


@pytest.mark.parametrize("how,en,ja", [("tsumo", "alone", "1人で"), ("all", "dealt in", "放銃")])
def test_the_note_says_the_share(how, en, ja):
    result = _daisangen("tsumo" if how == "tsumo" else "ron", pao="west")
    note = result_note(load_game(GAME), result, pao={"name": "Cy", "how": how})
    assert en in note_said(note, "en") and ja in note_said(note, "ja")


def test_a_note_without_pao_reads_as_before():
    result = _daisangen("tsumo")
    note = result_note(load_game(GAME), result)
    assert "pao" not in json.loads(note) and note_said(note, "en") == "Daisangen (big three dragons); yakuman"


# --- ledger files stored before pao ---------------------------------------------------------------------------

def test_an_old_ledger_file_reads_and_totals_the_same(tmp_path):
    """A file of the layout before hands had ids (no uid column), written as tilelens wrote it, with a tsumo and a
    ron: read as it was, the same totals."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript("""
            CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, players TEXT NOT NULL,
                rules TEXT NOT NULL, created REAL NOT NULL);
            CREATE TABLE hands (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,
                kind TEXT NOT NULL, winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL,
                tenpai TEXT NOT NULL, note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq));""")
        rules = json.dumps({"start_points": 25000, "riichi_chip": 1000, "honba": True, "noten_total": 3000,
                            "keep_on_draw": "dealer-tenpai", "ends_at_or_below": -1, "several_ron": True})
        db.execute("INSERT INTO matches VALUES (1, ?, ?, ?, 0)", (GAME, json.dumps(PLAYERS), rules))
        db.execute("INSERT INTO hands VALUES (1, 0, 'win', 1, 'tsumo', ?, '[]', '[]', 'Daisangen', 0)",
                   (json.dumps({"0": 16000, "2": 8000, "3": 8000}),))
        db.execute("INSERT INTO hands VALUES (1, 1, 'win', 2, 'ron', ?, '[3]', '[]', '', 0)",
                   (json.dumps({"3": 8000}),))
    old = Ledger(path, read_only=True)
    state, hands = old.table(1)
    assert state.totals == (25000 - 16000, 25000 + 32000, 25000 - 8000 + 8000 + 1000, 25000 - 8000 - 8000 - 1000)
    assert [dealt_in(h) for h in hands] == [None, 3]
    assert hand_notes(PLAYERS, hands, state)[0] == "Daisangen"
