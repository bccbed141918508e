"""Session 57 (W1 finding 1): a ledger write killed part way leaves a hot ``ledger.sqlite-journal`` beside the file.
`tilelens ledger list/show/csv/totals` open the file read-only, and sqlite refuses a read-only open of a file with a
hot journal (SQLITE_READONLY_ROLLBACK): they said "cannot be opened: it is read-only" though nothing was. Where the
file and its folder can be written the read is done after the cut write is rolled back (it changes no saved data);
else one line says a write was cut short, nothing is lost, and what to do, in both languages."""
from __future__ import annotations

import os
import shutil
import sqlite3
import time
from contextlib import closing

import pytest

from ledger_helpers import app_home, run
from tilelens.ledger import Ledger, LedgerError, open_existing


@pytest.fixture
def home(tmp_path, monkeypatch):
    return app_home(tmp_path, monkeypatch)


def _cut_write(path):
    """A ledger at ``path`` (one match, two hands) with a hot journal beside it: the file and journal as a write
    killed part way leaves them (its pages spilled into the file, the journal holding what was there before)."""
    work = path.with_name("work.sqlite")
    ledger = Ledger(work)
    mid = ledger.new_match("nogizaka", ["Ann", "Bob", "Cy", "Di"])
    ledger.add_draw(mid)
    ledger.add_draw(mid)
    with closing(sqlite3.connect(work, isolation_level=None)) as db:
        db.execute("PRAGMA cache_size=1")
        db.execute("BEGIN IMMEDIATE")
        for i in range(300):
            db.execute("INSERT INTO hands (match_id, seq, kind, winner, win_kind, payments, riichi, tenpai, note, "
                       "created, uid) VALUES (?, ?, 'draw', NULL, NULL, '{}', '[]', '[]', ?, ?, ?)",
                       (mid, 1000 + i, "x" * 200, time.time(), f"hot{i}"))
        db.execute("UPDATE matches SET players = 'GARBAGE-not-json'")
        shutil.copy(work, path)
        shutil.copy(str(work) + "-journal", str(path) + "-journal")
        db.execute("ROLLBACK")
    journal = path.with_name(path.name + "-journal")
    assert journal.exists()
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db, pytest.raises(sqlite3.DatabaseError) as e:
        db.execute("SELECT count(*) FROM hands").fetchall()
    assert e.value.sqlite_errorname == "SQLITE_READONLY_ROLLBACK"  # the state the walk found
    return journal


def test_the_cli_reads_a_ledger_whose_last_write_was_cut_short(tmp_path, home, capsys):
    path = tmp_path / "ledger.sqlite"
    journal = _cut_write(path)
    code, out, err = run(capsys, "ledger", "list", "--db", str(path))
    assert code == 0, err
    assert "read-only" not in err and "#1" in out
    assert not journal.exists()  # rolled back: the file as it was before the cut write
    code, out, err = run(capsys, "ledger", "show", "1", "--db", str(path))
    assert code == 0 and "Ann" in out and "GARBAGE" not in out, err


def test_open_existing_rolls_back_and_keeps_every_saved_hand(tmp_path):
    path = tmp_path / "ledger.sqlite"
    _cut_write(path)
    ledger = open_existing(path)
    (match,) = ledger.matches()
    assert match.players == ("Ann", "Bob", "Cy", "Di") or list(match.players) == ["Ann", "Bob", "Cy", "Di"]
    assert len(ledger.hands(match.id)) == 2


def test_a_read_only_ledger_object_rolls_back_too(tmp_path):
    path = tmp_path / "ledger.sqlite"
    _cut_write(path)
    ledger = Ledger(path, read_only=True)
    (match,) = ledger.matches()
    assert len(ledger.hands(match.id)) == 2


def test_a_folder_that_cannot_be_written_says_a_write_was_cut_short(tmp_path, home, capsys, monkeypatch):
    path = tmp_path / "ledger.sqlite"
    journal = _cut_write(path)
    before = path.read_bytes()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, *a, **k: False if mode & os.W_OK else real(p, mode, *a, **k))
    with pytest.raises(LedgerError) as refused:
        open_existing(path)
    en, ja = str(refused.value), refused.value.message_ja
    assert "cut short" in en and "nothing" in en and "Ledger page" in en and "writable" in en, en
    assert "read-only" not in en
    assert "途中" in ja and "失われていません" in ja and "成績表" in ja and "読み取り専用" not in ja, ja
    assert path.read_bytes() == before and journal.exists()  # nothing touched
    code, out, err = run(capsys, "ledger", "list", "--db", str(path))
    assert code == 2 and "cut short" in err and "Traceback" not in err and err.count("\n") == 1, err
