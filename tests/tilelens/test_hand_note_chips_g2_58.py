"""A Donjara win's note says the chips it took from the table with their count, as the ledger page, Tonight's
totals and `tilelens ledger show`'s pot say them ("20 points (2 chips)", 「20点 (2枚)」: ``sticks_said``), in both
languages; the note said the amount bare ("+ 10 points of riichi chips", 「場のリーチのチップ 10点も獲得」) while a
riichi game's Japanese note counted its sticks. Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di (58, G2)."""
from __future__ import annotations

import csv
import io

import pytest

from tilelens.ledger import Ledger, hand_notes
from tilelens.ledger_cli import show_text

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _two_chips(ledger):
    m = ledger.new_match("nogizaka", PLAYERS)  # a 10-point riichi chip
    ledger.add_draw(m, riichi=(0, 3))
    ledger.add_win(m, 1, "ron", {2: 60})
    return m


def test_a_donjara_winners_note_counts_the_chips_it_took_in_both_languages(ledger):
    m = _two_chips(ledger)
    state, hands = ledger.table(m)
    chip = ledger.match(m).rules.riichi_chip
    en = hand_notes(PLAYERS, hands, state, "en", engine="donjara", chip=chip)[1]
    ja = hand_notes(PLAYERS, hands, state, "ja", engine="donjara", chip=chip)[1]
    assert en == "plus 20 points (2 chips) from the riichi chips on the table", en
    assert ja == "場のリーチのチップ 20点 (2枚)も獲得", ja


def test_one_chip_is_said_as_one_and_a_riichi_note_keeps_its_words(ledger):
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(m, riichi=(0,))
    ledger.add_win(m, 1, "ron", {2: 60})
    state, hands = ledger.table(m)
    assert "10 points (1 chip) from the riichi chips on the table" in hand_notes(PLAYERS, hands, state, "en", engine="donjara", chip=10)[1]
    r = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(r, riichi=(0,), tenpai=(0,))
    ledger.add_win(r, 1, "ron", {2: 1300})
    state, hands = ledger.table(r)
    assert "+ 1,000 points of riichi sticks from the table" in hand_notes(PLAYERS, hands, state, "en", chip=1000)[1]
    assert "場のリーチ棒 1,000点 (1本)も獲得" in hand_notes(PLAYERS, hands, state, "ja", chip=1000)[1]


def test_a_table_counted_in_chips_is_not_counted_twice(ledger):
    m = _two_chips(ledger)
    state, hands = ledger.table(m)
    units = {"en": "chips", "ja": "チップ"}
    en = hand_notes(PLAYERS, hands, state, "en", units, engine="donjara", chip=10)[1]
    assert en == "plus 20 chips from the riichi chips on the table", en


def test_ledger_show_and_the_csv_count_the_chips(ledger):
    m = _two_chips(ledger)
    state, hands = ledger.table(m)
    match = ledger.match(m)
    assert "場のリーチのチップ 20点 (2枚)も獲得" in show_text(match, hands, state, "ja")
    assert "20 points (2 chips) from the riichi chips on the table" in show_text(match, hands, state, "en")
    rows = list(csv.DictReader(io.StringIO(ledger.to_csv(m))))
    assert rows[2]["note"] == "plus 20 points (2 chips) from the riichi chips on the table", rows[2]
