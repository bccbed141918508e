"""What the session-53 ledger fuzz tests share (test_ledger_fuzz_cli_53.py, test_ledger_fuzz_more_cli_53.py): the
command as typed in a language, a ledger of two matches to damage, and a hand edit of its file."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from tilelens.cli import main
from tilelens.ledger import Ledger


def run(capsys, monkeypatch, lang, *argv):
    """``tilelens ARGV`` with TILELENS_LANG=``lang``: its exit status, stdout and stderr."""
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def two_matches(folder: Path) -> Ledger:
    """#1 (Yokai Watch, one hand) is the one the tests damage; #2 (riichi) is kept good."""
    ledger = Ledger(folder / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    ledger.add_win(first, 1, "ron", {2: 100})
    ledger.new_match("tokyo-mahjong", ["E", "F", "G", "H"])
    return ledger


def edit(ledger, sql, *args):
    """One SQL statement run on the ledger's file, as a hand-editing tool would."""
    with sqlite3.connect(ledger.path) as db:
        db.execute(sql, args)
