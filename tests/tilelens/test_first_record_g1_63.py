"""A match kept twice by a merge: `ledger show --json`'s ``copy_of`` reads only the matches of its game and start
(``Ledger.first_record``), and says what `ledger list` says of every match (``recorded_twice`` of all of them); the
ledger and the merge tell the two records apart by one reading of their hands (``record_keys``)."""
from __future__ import annotations

import json
import sqlite3

import pytest
from ledger_fuzz_helpers import run
from recorded_twice_helpers import merged_both_ways

from tilelens.ledger import record_key, record_keys, recorded_twice


@pytest.mark.parametrize("b_first", [True, False])
def test_first_record_is_what_the_list_says(tmp_path, b_first):
    for ledger in merged_both_ways(tmp_path, b_first):
        listed = recorded_twice(ledger.matches())
        assert listed  # the pair is there
        for match in ledger.matches():
            assert ledger.first_record(ledger.match(match.id)) == listed.get(match.id)


def test_show_json_copy_of_leaves_out_a_damaged_row_of_the_same_start(tmp_path, capsys, monkeypatch):
    a, _ = merged_both_ways(tmp_path, b_first=True)
    (copy, first), = recorded_twice(a.matches()).items()
    with sqlite3.connect(a.path) as db:  # a third row of that game and start, stored wrong (a file edited by hand)
        db.execute("INSERT INTO matches (game_id, players, rules, created) "
                   "SELECT game_id, 'not a list', rules, created FROM matches WHERE id = ?", (first,))
    for match_id, said in ((copy, first), (first, None)):
        code, out, err = run(capsys, monkeypatch, "en", "ledger", "show", str(match_id), "--json", "--db",
                             str(a.path))
        assert code == 0, err
        assert json.loads(out)["copy_of"] == said


def test_record_keys_are_record_key_of_each_match_hands(tmp_path):
    a, _ = merged_both_ways(tmp_path, b_first=False)
    ids = [m.id for m in a.matches()]
    with sqlite3.connect(a.path) as db:
        by_db = record_keys(db, ids)
        rows = {i: db.execute("SELECT created, kind, winner, win_kind, payments, riichi, tenpai FROM hands "
                              "WHERE match_id = ? ORDER BY seq", (i,)).fetchall() for i in ids}
    assert by_db == record_keys(a._query, ids) == {i: record_key(rows[i]) for i in ids}
    assert record_keys(a._query, [ids[0], ids[0]]) == {ids[0]: by_db[ids[0]]}
    assert record_keys(a._query, []) == {} and record_keys(a._query, [999]) == {999: ()}
