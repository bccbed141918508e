"""Session 58 (u3): two of a merge's words (``tilelens.ledger_merge``).

1. A conflict said "(here 1 hands, there 3)": one hand is said as one.
2. `tilelens ledger merge --dry-run` into a ledger of an older tilelens (hands without ids) said nothing of the upgrade
   the merge itself would make first (older versions then no longer record in it; a copy kept): it says so now, and
   still changes nothing.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import asdict

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at
from ledger_merge_helpers_57 import table_two
from test_ledger import SCHEMA_BEFORE_HAND_IDS

import tilelens.ledger as ledger_module
from tilelens.ledger import rules_for
from tilelens.ledger_merge import _Here, _why_differ, merge_ledgers


def test_one_hand_is_said_as_one():
    here = _Here(id=1, head=(), hands=[("a",)], last_seq=0)
    theirs = _Here(id=2, head=(), hands=[("b",), ("c",), ("d",)], last_seq=2)
    en, ja = _why_differ(here, theirs, [])
    assert en == "their hands differ from hand 1 (here 1 hand, there 3)", en
    assert ja == "1局目から局が違います (ここは1局、ほかのパソコンは3局)", ja
    en, _ = _why_differ(theirs, here, [])
    assert en == "their hands differ from hand 1 (here 3 hands, there 1)", en


def _older_file(path):
    """An older tilelens's ledger: one Nogizaka match of one won hand, hands without ids."""
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(SCHEMA_BEFORE_HAND_IDS)
        db.execute("INSERT INTO matches VALUES (1, 'nogizaka', ?, ?, ?)",
                   (json.dumps(["Iku", "Jun", "Kei", "Rin"]), json.dumps(asdict(rules_for("nogizaka"))), at(6, 19, 30)))
        db.execute("INSERT INTO hands VALUES (1, 0, 'win', 0, 'tsumo', ?, '[]', '[]', '', ?)",
                   (json.dumps({"1": 100, "2": 100, "3": 100}), at(6, 19, 40)))
    ledger_module._TABLES_MADE.discard(str(path))
    return path


@pytest.mark.parametrize("lang, would, did", [
    ("en", "would be upgraded for this version of tilelens first", "was upgraded for this version of tilelens first"),
    ("ja", "先にこの版の tilelens に合わせて更新します", "先にこの版の tilelens に合わせて更新しました")])
def test_a_dry_run_into_an_older_file_says_the_merge_would_upgrade_it(tmp_path, capsys, monkeypatch, lang, would,
                                                                       did):
    other = table_two(tmp_path / "other.sqlite").path
    old = _older_file(tmp_path / "old.sqlite")
    before = old.read_bytes()
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "merge", str(other), "--db", str(old), "--dry-run")
    assert code == 0, err
    assert would in out, out
    assert old.read_bytes() == before and not list(tmp_path.glob("old.before-*"))  # nothing changed, no copy
    assert merge_ledgers(old, other).upgraded is not None  # the merge itself does upgrade it
    code, out, _ = run(capsys, monkeypatch, lang, "ledger", "merge", str(other), "--db", str(old), "--dry-run")
    assert would not in out and did not in out, out  # upgraded now: nothing more to say


def test_a_dry_run_into_a_ledger_of_this_version_says_no_upgrade(tmp_path, capsys, monkeypatch):
    other = table_two(tmp_path / "other.sqlite").path
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(other), "--db",
                         str(tmp_path / "new.sqlite"), "--dry-run")
    assert code == 0, err
    assert "upgraded" not in out, out
