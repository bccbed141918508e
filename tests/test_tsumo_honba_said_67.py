"""Session 67 (a sanma club night walked through): a hand's note said a ron's honba ("incl. 300 for 1 honba") but not a
tsumo's: at three players a tsumo's honba are 200 a counter (100 from each of two payers), and a player checking a row
of `ledger show`, the CSV or the app's hands table could not see them. A tsumo's note says them as a ron's does, the
amount the winner got for them from all its payers (``honba_tsumo_each`` x honba x payers)."""
from __future__ import annotations

import csv
import io

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger, hand_notes

NOTE = "Menzen Tsumo (closed self-draw), Yakuhai: white dragon; 2 han 40 fu"


@pytest.fixture
def three(tmp_path, monkeypatch):
    """A riichi match of three (Ann deals): Ann's tsumo at honba 0 and 1 (she keeps the deal), Bo's at honba 2."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy"])
    ledger.add_win(match, 0, "tsumo", {1: 1300, 2: 1300}, note=NOTE, honba=0)
    ledger.add_win(match, 0, "tsumo", {1: 1400, 2: 1400}, note=NOTE, honba=1)
    ledger.add_win(match, 1, "tsumo", {0: 1500, 2: 900}, note=NOTE, honba=2)
    return ledger, match


def _notes(ledger, match, lang):
    return hand_notes(ledger.match(match).players, ledger.hands(match), ledger.state(match), lang)


@pytest.mark.parametrize("lang, said", [
    ("en", ["", "incl. 200 for 1 honba", "incl. 400 for 2 honba"]),
    ("ja", ["", "1本場分 200点を含む", "2本場分 400点を含む"])])
def test_a_tsumos_honba_are_said_in_its_note_at_three(three, lang, said):
    notes = _notes(*three, lang)
    assert "honba" not in notes[0] and "本場" not in notes[0], notes[0]
    for note, words in zip(notes[1:], said[1:]):
        assert note.count(words) == 1, note
        assert note.endswith(words), note  # after the yaku, as a ron's


def test_a_tsumos_honba_at_four_are_the_three_payers(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 0, "tsumo", {1: 1300, 2: 1300, 3: 1300}, note=NOTE, honba=0)
    ledger.add_win(match, 0, "tsumo", {1: 1400, 2: 1400, 3: 1400}, note=NOTE, honba=1)
    ledger.add_win(match, 2, "ron", {0: 2900}, note="Tanyao (all simples); 1 han 30 fu", honba=2)
    notes = _notes(ledger, match, "en")
    assert notes[1].endswith("incl. 300 for 1 honba"), notes[1]
    assert notes[2].endswith("incl. 600 for 2 honba"), notes[2]  # a ron's, as before


def test_a_tsumo_note_that_states_its_honba_says_them_once(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy"])
    ledger.add_win(match, 0, "tsumo", {1: 1300, 2: 1300}, note=NOTE, honba=0)
    ledger.add_win(match, 0, "tsumo", {1: 1400, 2: 1400}, note=f"{NOTE}; incl. 200 for 1 honba", honba=1)
    assert _notes(ledger, match, "en")[1] == f"{NOTE}; incl. 200 for 1 honba"


@pytest.mark.parametrize("lang, said", [("en", "incl. 400 for 2 honba"), ("ja", "2本場分 400点を含む")])
def test_ledger_show_says_a_tsumos_honba(three, tmp_path, capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["ledger", "show", "1", "--db", str(tmp_path / "ledger.sqlite")])
    out = capsys.readouterr().out
    assert code == 0 and out.count(said) == 1, out


def test_the_csv_says_a_tsumos_honba(three):
    ledger, match = three
    rows = [r for r in csv.DictReader(io.StringIO(ledger.to_csv(match))) if r["kind"] == "win"]
    assert [r["note"].endswith("honba") for r in rows] == [False, True, True], rows
    assert rows[1]["note"] == f"{NOTE}; incl. 200 for 1 honba", rows[1]


# A Donjara table whose house rules count honba (``[table] honba = true``) took Tokyo Mahjong's
# amounts as a fallback (``_honba_each``: a riichi match stored before they were kept): a
# tsumo's note said "incl. 300 for 1 honba" (today), a ron's "incl. 300 for 1 honba" (before), and a double ron's
# head bump moved 300 from one winner to the other. No Donjara payment carries honba (scorer.payout prices none):
# its counter is counted, never paid, moved or said as paid.

@pytest.fixture
def donjara(tmp_path, monkeypatch):
    """A Nogizaka match of four whose table counts honba and takes two rons on a discard: Ann's dealer tsumo (honba 1
    after it), then Cy's ron on Ann's discard and Bo's, nearer Ann, on the same discard."""
    from dataclasses import replace

    from tilelens.ledger import DEFAULT_RULES

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    ledger = Ledger(tmp_path / "ledger.sqlite")
    rules = replace(DEFAULT_RULES["nogizaka"], honba=True, several_ron=True)
    match = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"], rules=rules)
    ledger.add_win(match, 0, "tsumo", {1: 10, 2: 10, 3: 10}, note="Basic set")
    ledger.add_win(match, 0, "tsumo", {1: 10, 2: 10, 3: 10}, note="Basic set")  # at honba 1
    ledger.add_win(match, 2, "ron", {0: 30}, note="Basic set")  # at honba 2
    ledger.add_win(match, 1, "ron", {0: 20}, note="Basic set", same_discard=True)
    return ledger, match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_donjara_win_says_no_honba_at_a_table_counting_them(donjara, lang):
    ledger, match = donjara
    assert ledger.state(match).deals[1][2] == 1  # the counter is counted
    notes = hand_notes(ledger.match(match).players, ledger.hands(match), ledger.state(match), lang, engine="donjara")
    assert notes == [{"en": "Basic set", "ja": "基本セット"}[lang]] * 4, notes


def test_a_donjara_double_ron_moves_no_honba_between_its_winners(donjara):
    ledger, match = donjara
    state = ledger.state(match)
    assert state.totals == (1000 + 60 - 50, 1000 - 20 + 20, 1000 - 20 + 30, 1000 - 20), state.totals
    assert not [t for t in state.taken if t.honba_points or t.passed_points], state.taken


def test_a_donjara_csv_says_no_honba(donjara):
    ledger, match = donjara
    rows = [r for r in csv.DictReader(io.StringIO(ledger.to_csv(match))) if r["kind"] == "win"]
    assert [r["note"] for r in rows] == ["Basic set"] * 4, rows
