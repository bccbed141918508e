"""Session 52: "does it lose my data". A folder named as the ledger is never renamed (said once, with the file
to name instead, and where the name came from); `ledger csv --all` writes over no file without --force; CSV text
cells that a spreadsheet would run as a formula are written as text; an old ledger file (hands without ids) is
read without being changed, a read-only one viewable; a 0-byte file is a new ledger; a nagashi mangan draw."""
from __future__ import annotations

import csv
import io
import os
import sqlite3

import pytest

from ledger_helpers import app_home, run
import tilelens.ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError, LedgerFileError


@pytest.fixture
def home(tmp_path, monkeypatch):
    return app_home(tmp_path, monkeypatch)


# --- 2: a folder named as the ledger


def test_a_folder_named_by_tilelens_ledger_is_no_file_to_move_aside(tmp_path, monkeypatch):
    folder = tmp_path / "myclub"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    monkeypatch.setenv("TILELENS_LEDGER", str(folder))
    with pytest.raises(LedgerError) as refused:
        Ledger(folder)
    assert not isinstance(refused.value, LedgerFileError)  # the page's move-aside button is for files only
    said = str(refused.value)
    assert said.startswith("TILELENS_LEDGER names a folder") and str(folder / "ledger.sqlite") in said
    assert "move it aside" not in said and "フォルダ" in refused.value.message_ja
    assert "ファイルの名前を変え" not in refused.value.message_ja
    with pytest.raises(LedgerError):
        ledger_module.move_aside(folder)  # never renamed, even if asked
    assert (folder / "notes.txt").read_text() == "mine"


def test_a_folder_holding_a_ledger_names_that_file(tmp_path, monkeypatch):
    folder = tmp_path / "myclub"
    folder.mkdir()
    Ledger(folder / "ledger.sqlite").new_match("yokai-watch", ["A", "B", "C"])
    monkeypatch.setenv("TILELENS_LEDGER", str(folder))
    with pytest.raises(LedgerError) as refused:
        Ledger(folder)
    assert f"set it to {folder / 'ledger.sqlite'}" in str(refused.value)


def test_the_cli_names_where_the_folder_came_from(tmp_path, home, capsys, monkeypatch):
    folder = tmp_path / "adir"
    folder.mkdir()
    monkeypatch.setenv("TILELENS_LEDGER", str(folder))
    code, out, err = run(capsys, "ledger", "list")
    assert code == 2 and "TILELENS_LEDGER names a folder" in err and "--db" not in err
    monkeypatch.delenv("TILELENS_LEDGER")
    code, out, err = run(capsys, "ledger", "list", "--db", str(folder))
    assert code == 2 and "--db names a folder" in err


# --- 3: csv --all writes over nothing without --force


def test_csv_all_keeps_files_there_already(tmp_path, home, capsys):
    db = tmp_path / "l.sqlite"
    ledger = Ledger(db)
    one = ledger.new_match("yokai-watch", ["A", "B", "C"])
    two = ledger.new_match("yokai-watch", ["D", "E", "F"])
    out = tmp_path / "out"
    out.mkdir()
    kept = out / f"tilelens-match-{one}.csv"
    kept.write_text("my own edits")
    code, _, err = run(capsys, "ledger", "csv", "--all", "--db", str(db), "--out", str(out))
    assert code != 0 and kept.read_text() == "my own edits" and str(kept) in err and "--force" in err
    assert (out / f"tilelens-match-{two}.csv").exists()  # the others written
    code, _, err = run(capsys, "ledger", "csv", "--all", "--db", str(db), "--out", str(out), "--force")
    assert code == 0 and kept.read_text() != "my own edits"


# --- 4: formulas


def test_csv_text_that_starts_like_a_formula_is_kept_as_text(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    mid = ledger.new_match("nogizaka", ["=1+1", "+Bo", "@Cy", "-Di"])
    for _ in range(2):  # -Di goes below 0: a negative total stays a number
        ledger.add_chombo(mid, 3, ledger_module.chombo_payments("nogizaka", 3, 4), note="=HYPERLINK(\"x\")")
    rows = list(csv.reader(io.StringIO(ledger.to_csv(mid))))
    assert rows[0][7:11] == ["'=1+1", "'+Bo", "'@Cy", "'-Di"]
    assert all(not cell.startswith(("=", "+", "@", "\t", "\r")) for row in rows for cell in row)
    assert "'=HYPERLINK" in rows[1][6] or any(cell.startswith("'=HYPERLINK") for row in rows for cell in row)
    assert rows[2][7:11] == ["1100", "1100", "1100", "700"]
    # a number is written as a number, a negative total too; only text is marked
    assert ledger_module.csv_cell(-8000) == -8000 and ledger_module.csv_cell("-8000") == "'-8000"
    assert ledger_module.csv_cell("\tx") == "'\tx" and ledger_module.csv_cell("Ann") == "Ann"


# --- 6: an old ledger file is read without being changed


def _old_ledger(path):
    Ledger(path).new_match("yokai-watch", ["A", "B", "C"])
    led = Ledger(path)
    led.add_draw(1)
    ledger_module._TABLES_MADE.clear()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE hands DROP COLUMN uid")
    return path


def test_ledger_list_does_not_write_an_old_file(tmp_path, home, capsys):
    path = _old_ledger(tmp_path / "old.sqlite")
    before = path.read_bytes()
    code, out, err = run(capsys, "ledger", "list", "--db", str(path))
    assert code == 0 and "#1" in out, err
    assert path.read_bytes() == before
    code, out, err = run(capsys, "ledger", "show", "1", "--db", str(path))
    assert code == 0 and path.read_bytes() == before


def test_an_old_read_only_ledger_is_viewable(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes a read-only file")
    path = _old_ledger(tmp_path / "old.sqlite")
    path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        ledger = Ledger(path)
        (match,) = ledger.matches()
        state, hands = ledger.table(match)
        assert len(hands) == 1 and hands[0].id
        with pytest.raises(LedgerError) as refused:
            ledger.add_draw(match.id)
        assert "read-only" in str(refused.value) and ("make" in str(refused.value) or "copy" in str(refused.value))
    finally:
        tmp_path.chmod(0o755)
        path.chmod(0o644)


# --- 7 and 8


def test_a_zero_byte_file_is_an_empty_ledger_to_the_cli_too(tmp_path, home, capsys):
    path = tmp_path / "empty.sqlite"
    path.write_bytes(b"")
    code, out, err = run(capsys, "ledger", "list", "--db", str(path))
    assert code == 0 and "no matches yet" in out, err


def test_a_relative_tilelens_ledger_is_said_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILELENS_LEDGER", "rel.sqlite")
    assert ledger_module.default_path() == tmp_path / "rel.sqlite"


def test_the_cli_says_a_folder_in_the_way_as_the_page_does(tmp_path, home, capsys, monkeypatch):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    monkeypatch.setenv("TILELENS_LEDGER", str(blocker / "ledger.sqlite"))
    code, out, err = run(capsys, "ledger", "list")
    assert code == 2 and "cannot be read" in err and str(blocker) in err


def test_a_not_a_database_message_is_one_sentence_without_sqlites_words(tmp_path):
    path = tmp_path / "ledger.sqlite"
    path.write_bytes(b"junk" * 500)
    with pytest.raises(LedgerFileError) as refused:
        Ledger(path)
    said = str(refused.value)
    assert "file is not a database" not in said and said.count(". ") == 0, said


def test_a_new_ledger_path_makes_nothing_until_a_match_starts(tmp_path):
    path = tmp_path / "typo" / "deeper" / "ledger.sqlite"
    ledger = Ledger(path)
    assert ledger.read_matches() == ([], []) and ledger.matches() == []
    assert not (tmp_path / "typo").exists()  # no folder, no file for a page opened on a mistyped path
    ledger.new_match("yokai-watch", ["A", "B", "C"])
    assert path.is_file() and len(Ledger(path).matches()) == 1


def test_a_new_ledger_under_a_file_is_refused_at_once(tmp_path):
    (tmp_path / "afile").write_text("x")
    with pytest.raises(LedgerError) as refused:
        Ledger(tmp_path / "afile" / "ledger.sqlite")
    assert "is a file, not a folder" in str(refused.value)


def test_a_match_deleted_comes_back_as_it_was(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    keep = ledger.new_match("yokai-watch", ["A", "B", "C"])
    typo = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Dii"])
    ledger.add_win(typo, 0, "ron", {1: 3900})
    before = ledger.table(typo)
    deleted = ledger.delete_match(typo, expected_hands=1)
    assert [m.id for m in ledger.matches()] == [keep]
    assert ledger.restore_match(deleted) == typo
    assert ledger.table(typo) == before
    with pytest.raises(LedgerError):
        ledger.restore_match(deleted)  # it is there again: nothing doubled
    with pytest.raises(LedgerError):
        ledger.delete_match(typo, expected_hands=0)  # played on since the page showed it


def test_a_name_given_twice_is_named_in_japanese_too(tmp_path):
    with pytest.raises(LedgerError) as said:
        Ledger(tmp_path / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Ann"])
    assert "Ann" in str(said.value)
    assert said.value.message_ja.startswith("Annという名前が2回あります"), said.value.message_ja


def test_counting_a_match_of_a_ledger_not_made_yet_is_nothing(tmp_path):
    """_query returns no rows where the file is not made yet (since session 52: the first change makes it):
    count_and_last indexed them and raised IndexError (a code review)."""
    assert Ledger(tmp_path / "none" / "ledger.sqlite").count_and_last(1) == (0, None)
