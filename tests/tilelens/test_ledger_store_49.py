"""The ledger file (49): another program's SQLite database named as the ledger file is refused as `tilelens ledger`
refuses it, nothing written into it (a new empty file, or none, still starts a ledger); a stored hand that cannot be
read as the hand it says it is (a win with no winner, a chombo with no declarer, a kind not known, payments or riichi
not stored as the ledger stores them) is a damaged match naming the hand, in plain words in both languages: never a
Python exception's name."""
from __future__ import annotations

import re
import sqlite3

import pytest

from tilelens.ledger import Ledger, LedgerError, MatchDamagedError, open_existing

GAME = "tokyo-mahjong"
# a Python exception's name, as the fallback messages said them ("TypeError: unsupported operand ...")
PYTHON = re.compile(r"\b\w*(Error|Exception)\b|Traceback|NoneType|object has no attribute|not subscriptable")


def _other_program(path) -> bytes:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        db.execute("INSERT INTO notes (body) VALUES ('shopping')")
    return path.read_bytes()


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "notes.sqlite"
    before = _other_program(path)
    with pytest.raises(LedgerError) as cli:
        open_existing(path)
    with pytest.raises(LedgerError) as app:
        Ledger(path)
    said, said_ja = str(app.value), app.value.message_ja
    assert str(path) in said and "not a ledger file" in said and "nothing in it was changed" in said.lower(), said
    assert str(path) in said_ja and "成績表のファイルではありません" in said_ja and "変更していません" in said_ja, said_ja
    assert "not a ledger file" in str(cli.value)
    assert path.read_bytes() == before and _tables(path) == {"notes"}  # no ledger table added


def test_a_ledger_replaced_by_another_programs_database_is_refused_by_every_reader_and_change(tmp_path):
    """A ``Ledger`` opened on its file, which another program's database replaces while the app runs: the next read
    (which finds its tables gone) and the next change refuse it, and add nothing to it."""
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    ledger.new_match(GAME, ["A", "B", "C", "D"])
    path.unlink()
    before = _other_program(path)
    for use in (ledger.matches, lambda: ledger.new_match(GAME, ["A", "B", "C", "D"]), lambda: ledger.hands(1)):
        with pytest.raises(LedgerError, match="not a ledger file"):
            use()
    assert path.read_bytes() == before and _tables(path) == {"notes"}


@pytest.mark.parametrize("made", ["no file", "empty file", "ledger"])
def test_a_new_empty_file_no_file_or_a_ledger_is_still_a_ledger(tmp_path, made):
    path = tmp_path / "ledger.sqlite"
    if made == "empty file":
        path.write_bytes(b"")
    elif made == "ledger":
        Ledger(path).new_match("yokai-watch", ["A", "B"])
    ledger = Ledger(path)
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {2: 1000})
    assert ledger.state(m).totals == (25000, 26000, 24000, 25000)
    assert {"matches", "hands"} <= _tables(path)


# What a hand is edited into (``?``: the match's id), the kind of hand it was first, and what the message says.
CASES = {
    "chombo, no declarer, no payments": ("chombo", "winner = NULL, payments = '{}'", "chombo with no player"),
    "chombo, no declarer": ("chombo", "winner = NULL", "chombo with no player"),
    "win, no winner, no payments": ("win", "winner = NULL, payments = '{}'", "win with no winner"),
    "win, no winner": ("win", "winner = NULL", "win with no winner"),
    "kind not known": ("win", "kind = 'tsumo'", "'tsumo'"),
    "win, neither ron nor tsumo": ("win", "win_kind = 'foo'", "no ron or tsumo"),
    "win, no ron or tsumo said": ("win", "win_kind = NULL", "no ron or tsumo"),
    "kind empty": ("draw", "kind = ''", "kind"),
    "payments a list": ("win", "payments = '[1000]'", "payments"),
    "payments a number": ("win", "payments = '5'", "payments"),
    "payments not JSON": ("win", "payments = 'two thousand'", "payments"),
    "payment amount a word": ("win", "payments = '{\"2\": \"x\"}'", "payments"),
    "payment amount negative": ("win", "payments = '{\"2\": -1000}'", "payments"),
    "payment seat a word": ("win", "payments = '{\"x\": 1000}'", "payments"),
    "riichi a number": ("win", "riichi = '5'", "riichi"),
    "riichi not JSON": ("win", "riichi = 'A'", "riichi"),
    "tenpai a mapping": ("draw", "tenpai = '{\"0\": 1}'", "tenpai"),
}


def _edited(tmp_path, kind: str, change: str) -> tuple[Ledger, int, int]:
    """A good match, then a match whose second hand (a ``kind``) is edited by ``change``."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    good = ledger.new_match(GAME, ["E", "F", "G", "H"])
    ledger.add_win(good, 0, "ron", {1: 2000})
    bad = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_draw(bad, tenpai=[0])
    if kind == "win":
        ledger.add_win(bad, 1, "ron", {2: 1000}, riichi=[1])
    elif kind == "draw":
        ledger.add_draw(bad, tenpai=[0])
    else:
        ledger.add_chombo(bad, 2, {0: 4000, 1: 2000, 3: 2000})
    with sqlite3.connect(ledger.path) as db:
        db.execute(f"UPDATE hands SET {change} WHERE match_id = ? AND seq = 1", (bad,))
    return ledger, good, bad


@pytest.mark.parametrize("case", list(CASES))
def test_a_hand_that_is_not_what_its_kind_needs_is_a_damaged_match_naming_the_hand(tmp_path, case):
    kind, change, words = CASES[case]
    ledger, good, bad = _edited(tmp_path, kind, change)
    for read in (ledger.hands, ledger.table, ledger.to_csv, ledger.discard_state,
                 lambda m: ledger.add_draw(m), lambda m: ledger.add_chombo(m, 0, {1: 1, 2: 1, 3: 1})):
        with pytest.raises(MatchDamagedError) as exc:
            read(bad)
        said, said_ja = str(exc.value), exc.value.message_ja
        assert f"match #{bad}" in said and "hand 2" in said and words in said, said
        assert f"対局 #{bad}" in said_ja and "2局目" in said_ja, said_ja
        assert not PYTHON.search(said) and not PYTHON.search(said_ja), (said, said_ja)
    assert ledger.state(good).totals == (27000, 23000, 25000, 25000)  # the other match is read whole
    assert ledger.count_and_last(bad)[0] == 2  # its last hand can still be undone
    assert ledger.undo(bad) and len(ledger.hands(bad)) == 1


def test_a_hand_of_no_kind_in_a_file_whose_table_allows_it_is_a_damaged_match(tmp_path):
    """A ledger file whose hands table was made again by a hand-editing tool without its NOT NULL: a NULL kind."""
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {2: 1000})
    with sqlite3.connect(path) as db:
        db.executescript("CREATE TABLE loose AS SELECT * FROM hands; DROP TABLE hands; "
                         "ALTER TABLE loose RENAME TO hands; UPDATE hands SET kind = NULL;")
    with pytest.raises(MatchDamagedError) as exc:
        Ledger(path).table(m)
    said, said_ja = str(exc.value), exc.value.message_ja
    assert f"match #{m}" in said and "hand 1" in said and "kind" in said and not PYTHON.search(said), said
    assert "1局目" in said_ja and not PYTHON.search(said_ja), said_ja


@pytest.mark.parametrize("change, words", [("players = '{\"A\": 1}'", "players"), ("players = 'A, B'", "players"),
                                           ("rules = '[1000]'", "rules"), ("rules = 'none'", "rules")])
def test_a_match_row_stored_wrong_is_said_in_plain_words(tmp_path, change, words):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    with sqlite3.connect(ledger.path) as db:
        db.execute(f"UPDATE matches SET {change}")
    readable, ((_, exc),) = ledger.read_matches()
    said, said_ja = str(exc), exc.message_ja
    assert not readable and f"match #{m}" in said and words in said and f"対局 #{m}" in said_ja, said
    assert not PYTHON.search(said) and not PYTHON.search(said_ja), (said, said_ja)
