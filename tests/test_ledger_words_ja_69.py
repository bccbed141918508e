"""The ledger's refusals that a player can meet are said in Japanese on a Japanese screen and under TILELENS_LANG=ja,
not in English alone.

Two were English only: a chombo whose every payment is 0 (a riichi match whose stored reverse mangan was edited by
hand to 1 point: the ledger page shares it out as 0, 0 and 0), and a hand recorded after the end of a match ended early
(a file edited by hand), said as "局か規則が、この版では読めない形で記録されています: hand 2 is recorded after ...".
"""
from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError, chombo_payments

MAIN = Path(__file__).resolve().parents[1] / "app" / "main.py"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ENGLISH_WORDS = re.compile(r"\b(?:every|payment|costs|hand|recorded|after|ended|entry)\b")


def _one_point_chombo(path: Path) -> int:
    """A Tokyo Mahjong match whose stored reverse mangan was edited by hand to 1 point: its id."""
    match_id = Ledger(path).new_match("tokyo-mahjong", PLAYERS)
    with closing(sqlite3.connect(path)) as db, db:
        rules = json.loads(db.execute("SELECT rules FROM matches WHERE id = ?", (match_id,)).fetchone()[0])
        rules["riichi_chombo"] = 1
        db.execute("UPDATE matches SET rules = ? WHERE id = ?", (json.dumps(rules), match_id))
    return match_id


def _hand_after_the_end(path: Path) -> int:
    """A Nogizaka match ended early after two hands, its first hand edited by hand into that end (and the end into a
    hand): a hand recorded after the end. Its id."""
    ledger = Ledger(path)
    match_id = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_win(match_id, 0, "tsumo", {1: 20, 2: 20, 3: 20})
    ledger.add_win(match_id, 1, "ron", {0: 60})
    ledger.end_match(match_id)
    columns = "kind, winner, win_kind, payments, riichi, tenpai, note"
    with closing(sqlite3.connect(path)) as db, db:
        rows = {seq: db.execute(f"SELECT {columns} FROM hands WHERE match_id = ? AND seq = ?",
                                (match_id, seq)).fetchone() for seq in (0, 2)}
        for seq, row in ((0, rows[2]), (2, rows[0])):
            db.execute(f"UPDATE hands SET ({columns}) = ({', '.join('?' * 7)}) WHERE match_id = ? AND seq = ?",
                       (*row, match_id, seq))
    return match_id


def test_a_chombo_that_costs_nothing_is_refused_in_japanese(tmp_path):
    path = tmp_path / "ledger.sqlite"
    match_id = _one_point_chombo(path)
    ledger = Ledger(path)
    paid = chombo_payments("tokyo-mahjong", 2, 4, ledger.match(match_id).rules, dealer=0)  # as the page shares it
    assert set(paid.values()) == {0}
    with pytest.raises(LedgerError) as refused:
        ledger.add_chombo(match_id, 2, paid)
    assert str(refused.value) == "a chombo costs its declarer something: every payment is 0"
    assert refused.value.message_ja == "チョンボの支払いがすべて 0 です (チョンボをした人はほかの人に払います)"
    assert not ledger.hands(match_id)


def test_the_ledger_page_says_it_on_a_japanese_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    match_id = _one_point_chombo(tmp_path / "ledger.sqlite")
    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    at.session_state["lang"] = "ja"
    at.switch_page("views/ledger.py").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.selectbox(key=f"ledger_chombo_offender_{match_id}_0").set_value(2)
    at.button(key=f"FormSubmitter:ledger_chombo_{match_id}_0-チョンボを記録").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [e.value for e in at.error]
    assert said == ["チョンボの支払いがすべて 0 です (チョンボをした人はほかの人に払います)"], said


def test_a_hand_after_the_end_is_said_in_the_language_chosen(tmp_path, capsys, monkeypatch):
    path = tmp_path / "ledger.sqlite"
    match_id = _hand_after_the_end(path)
    said = {}
    for lang in ("en", "ja"):
        monkeypatch.setenv("TILELENS_LANG", lang)
        code = main(["ledger", "--db", str(path), "show", str(match_id)])
        out, said[lang] = capsys.readouterr()
        assert code == 2 and not out.strip() and "Traceback" not in said[lang], (out, said[lang])
    assert "hand 2 is recorded after the match was ended early (entry 1)" in said["en"], said["en"]
    assert "2局目が、対局を途中で終了した記録 (1番目の記録) のあとに記録されています" in said["ja"], said["ja"]
    assert not ENGLISH_WORDS.search(said["ja"]), said["ja"]


def test_a_merge_leaves_it_out_in_japanese(tmp_path, capsys, monkeypatch):
    other = tmp_path / "other.sqlite"
    _hand_after_the_end(other)
    target = tmp_path / "club.sqlite"
    Ledger(target).make_file()
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code = main(["ledger", "--db", str(target), "merge", str(other)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err, (out, err)
    assert "2局目が、対局を途中で終了した記録 (1番目の記録) のあとに記録されています" in err, err
    assert not ENGLISH_WORDS.search(err), err
    assert not Ledger(target).matches()
