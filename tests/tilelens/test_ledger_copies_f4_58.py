"""Session 58 (F4): a match two laptops recorded differently, kept twice by `tilelens ledger merge` (a copy), is named
in the app's match picker ("#3 · Eri, Fumi (copy of #2 from another laptop)") and left out of the totals with a
warning; `tilelens ledger list` listed it as any other match, and `tilelens ledger --help` never said what such a
copy is or how to drop one. Now list marks it as the picker does, in both languages (--json: ``copy_of``), and the
help says what a copy is and how to drop one (there is no delete command: the ledger page's Delete this match).
The ledger's tables of several matches (``Ledger.tables``) are kept between readings: a match is replayed again only
where its stored rows have changed."""
from __future__ import annotations

import json

import pytest
from ledger_fuzz_helpers import run
from recorded_twice_helpers import laptops_recorded_twice

import tilelens.ledger as ledger_module
from tilelens.ledger import Ledger

GAME = "yokai-watch"


@pytest.fixture
def twice(tmp_path):
    """Laptop A's ledger after the merge of B's (session 57's: #1 A's own match, #2 a match of both tables, and #3
    B's record of #2, its last hand another, kept beside it by the merge)."""
    return laptops_recorded_twice(tmp_path)[0]


def lines_by_id(out: str) -> dict[str, str]:
    return {line.split()[0]: line for line in out.splitlines() if line.startswith("#")}


@pytest.mark.parametrize("lang, mark", [("en", "(another record of #2)"),
                                        ("ja", "(#2の別の記録)")])
def test_list_marks_the_copy_as_the_picker_does(twice, capsys, monkeypatch, lang, mark):
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(twice.path))
    assert code == 0 and not err, err
    lines = lines_by_id(out)
    assert set(lines) == {"#1", "#2", "#3"}, out
    assert lines["#3"].endswith(mark), out
    assert mark not in lines["#2"] and mark not in lines["#1"], out
    assert out.count("\n") == 3, out  # still one line a match


def test_the_mark_goes_with_the_wrong_record_deleted(twice, capsys, monkeypatch):
    twice.delete_match(2)
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", str(twice.path))
    assert "copy of" not in out, out


def test_list_json_names_the_first_record(twice, capsys, monkeypatch):
    _, en, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--json", "--db", str(twice.path))
    by_id = {m["id"]: m for m in json.loads(en)}
    assert by_id[3]["copy_of"] == 2 and by_id[2]["copy_of"] is None and by_id[1]["copy_of"] is None
    _, ja, _ = run(capsys, monkeypatch, "ja", "ledger", "list", "--json", "--db", str(twice.path))
    assert ja == en


def help_of(capsys, *argv) -> str:
    from tilelens.cli import main

    with pytest.raises(SystemExit):
        main(list(argv))
    return " ".join(capsys.readouterr().out.split())  # argparse's wrapping aside


def test_the_help_says_what_a_copy_is_and_how_to_drop_one(capsys):
    said = help_of(capsys, "ledger", "--help")
    assert "copy" in said
    assert "recorded differently on two laptops" in said, said
    assert "(another record of #2)" in said, said
    assert "Delete this match" in said, said  # the way to drop one: the ledger page's
    assert "no delete command" in said, said  # not a command that does not exist
    listing = help_of(capsys, "ledger", "list", "--help")
    assert "copy" in listing and "copy_of" in listing, listing


def test_tables_replay_only_a_match_whose_rows_changed(twice, monkeypatch):
    """A second reading of the same matches replays none of them; a hand added to one (by any Ledger of the file,
    another session's or laptop's) replays that one alone, its new totals read."""
    calls = []
    real = ledger_module.replay
    monkeypatch.setattr(ledger_module, "replay", lambda *a, **k: calls.append(a) or real(*a, **k))
    matches = twice.matches()
    first = twice.tables(matches)
    assert len(calls) == 3
    calls.clear()
    again = twice.tables(twice.matches())
    assert calls == []
    assert {i: got[0].totals for i, got in again.items()} == {i: got[0].totals for i, got in first.items()}
    Ledger(twice.path).add_win(1, 2, "ron", {3: 40})  # another session's add
    calls.clear()  # (the add replays its match to check the hand)
    after = twice.tables(twice.matches())
    assert len(calls) == 1
    assert after[1][0].totals == (1100, 900, 1040, 960) and after[1][0].hands == 2
    assert after[2] == again[2]


def test_tables_read_a_rename_and_an_undo_at_once(twice, monkeypatch):
    twice.tables(twice.matches())
    Ledger(twice.path).rename_player(1, "Ann", "Anna")
    renamed = twice.tables(twice.matches())
    assert renamed[1][0].totals == (1100, 900, 1000, 1000)
    Ledger(twice.path).undo(1)
    undone = twice.tables(twice.matches())
    assert undone[1][0].totals == (1000, 1000, 1000, 1000) and undone[1][0].hands == 0
    other = twice.tables([m for m in twice.matches() if m.id == 1])  # a game's matches alone: still read right
    assert other[1][0].hands == 0
