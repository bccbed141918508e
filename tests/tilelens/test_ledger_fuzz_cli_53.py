"""Session 53 fuzz walkthrough of `tilelens ledger`: never a traceback, one clear line in the language chosen.

- a match id too large for SQLite (`ledger show 99999999999999999999999`) was "OverflowError: Python int too large
  to convert to SQLite INTEGER": there is no such match;
- a match whose start time is stored wrong (text, 1e300, -1e18) broke `list` (a traceback, or the system's "Value
  too large for defined data type" and the whole list lost) and `show`: that match is named and left out, as a
  match with its players or rules stored wrong is;
- a match with no players said "seats 0--1", one with no game said "Match #1 ·  · started": named and left out;
- sqlite's own words ("unable to open database file") inside a Japanese line: said in plain words in both;
- `tilelens X: interrupted` was English on a Japanese command line."""
from __future__ import annotations

import json
import sqlite3

import pytest
from ledger_fuzz_helpers import edit, run, two_matches

import tilelens.ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError, open_existing

BIG = "99999999999999999999999"


@pytest.fixture(autouse=True)
def _lang(monkeypatch):
    monkeypatch.delenv("TILELENS_LANG", raising=False)


@pytest.fixture
def ledger(tmp_path):
    """Two matches: #1 (Yokai Watch, one hand) is the one edited by the tests; #2 (riichi) is kept good."""
    return two_matches(tmp_path)


# ---- 1. a match id too large for SQLite -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("en", f"no match with id {BIG} in "), ("ja", f"ID {BIG} の対局はありません")])
@pytest.mark.parametrize("action", [["show"], ["show", "--json"], ["csv"]])
def test_a_match_id_too_large_for_the_file_is_no_such_match(ledger, capsys, monkeypatch, lang, said, action):
    code, out, err = run(capsys, monkeypatch, lang, "ledger", action[0], BIG, *action[1:], "--db", str(ledger.path))
    assert code == 2 and not out, out
    assert err.count("\n") == 1 and said in err, err


@pytest.mark.parametrize("match_id", [2 ** 63 - 1, 2 ** 63, 10 ** 30])
def test_the_ledger_has_no_match_of_an_id_beyond_sqlites_integers(ledger, match_id):
    with pytest.raises(ledger_module.NoMatchError):
        ledger.match(match_id)
    with pytest.raises(ledger_module.NoMatchError):
        ledger.to_csv(match_id)


# ---- 2. and 4. a match stored wrong: named and left out, the others listed --------------------------------------

DAMAGED = {  # what the row holds -> what the message says of it (en, ja)
    "created text": ("UPDATE matches SET created = 'yesterday' WHERE id = 1", "start time", "開始日時"),
    "created 1e300": ("UPDATE matches SET created = 1e300 WHERE id = 1", "start time", "開始日時"),
    "created -1e18": ("UPDATE matches SET created = -1e18 WHERE id = 1", "start time", "開始日時"),
    "created NaN-like blob": ("UPDATE matches SET created = x'00' WHERE id = 1", "start time", "開始日時"),
    "no players": ("UPDATE matches SET players = '[]' WHERE id = 1", "no players", "プレイヤーがいません"),
    "no game": ("UPDATE matches SET game_id = '' WHERE id = 1", "no game", "ゲームが記録されていません"),
    "game blank": ("UPDATE matches SET game_id = '  ' WHERE id = 1", "no game", "ゲームが記録されていません"),
}


@pytest.mark.parametrize("case", list(DAMAGED))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_list_names_a_match_stored_wrong_and_lists_the_others(ledger, capsys, monkeypatch, case, lang):
    sql, en, ja = DAMAGED[case]
    edit(ledger, sql)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(ledger.path))
    assert code == 2
    assert [line.split()[0] for line in out.splitlines()] == ["#2"], out  # the good match, and only it
    (line,) = err.splitlines()
    assert (("match #1" in line and en in line) if lang == "en" else ("対局 #1" in line and ja in line)), line
    assert "seats 0--1" not in line and "席は 0--1" not in line and "Value too large" not in line, line


@pytest.mark.parametrize("case", list(DAMAGED))
@pytest.mark.parametrize("more", [[], ["--json"]])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_show_of_a_match_stored_wrong_is_one_line_naming_it(ledger, capsys, monkeypatch, case, more, lang):
    sql, en, ja = DAMAGED[case]
    edit(ledger, sql)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "1", *more, "--db", str(ledger.path))
    assert code == 2 and not out, out
    (line,) = err.splitlines()
    assert (en if lang == "en" else ja) in line, line
    # the good match is still shown
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "2", *more, "--db", str(ledger.path))
    assert code == 0 and not err, err
    if more:
        assert json.loads(out)["id"] == 2


@pytest.mark.parametrize("case", list(DAMAGED))
def test_csv_all_names_a_match_stored_wrong_and_writes_the_others(ledger, tmp_path, capsys, monkeypatch, case):
    sql, en, _ = DAMAGED[case]
    edit(ledger, sql)
    out_dir = tmp_path / "csv"
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "csv", "--all", "--db", str(ledger.path),
                         "--out", str(out_dir))
    assert code == 2
    assert sorted(p.name for p in out_dir.iterdir()) == ["tilelens-match-2.csv"]
    assert "match #1" in err and en in err, err


@pytest.mark.parametrize("case", list(DAMAGED))
def test_the_ledger_reads_a_match_stored_wrong_as_damaged(ledger, case):
    edit(ledger, DAMAGED[case][0])
    good, bad = ledger.read_matches()
    assert [m.id for m in good] == [2]
    assert len(bad) == 1 and isinstance(bad[0][1], ledger_module.MatchDamagedError)
    with pytest.raises(ledger_module.MatchDamagedError):
        ledger.match(1)


def test_a_start_time_stored_as_a_whole_number_is_read(ledger):
    """An integer of seconds (as another tool may write it) is a time all the same."""
    edit(ledger, "UPDATE matches SET created = CAST(1700000000 AS INTEGER) WHERE id = 1")
    assert ledger.match(1).created == 1700000000


# ---- 3. sqlite's own words said in plain words ----------------------------------------------------------------

RAW = ("unable to open database file", "database is locked", "file is not a database", "disk I/O error",
       "database or disk is full")


def _sqlite_error(message: str, name: str) -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError(message)
    exc.sqlite_errorname = name
    return exc


CANT_OPEN = ("unable to open database file", "SQLITE_CANTOPEN")
ERRORS = {
    "cannot open": CANT_OPEN,
    "locked": ("database is locked", "SQLITE_BUSY"),
    "not a database": ("file is not a database", "SQLITE_NOTADB"),
    "disk I/O": ("disk I/O error", "SQLITE_IOERR_READ"),
    "disk full": ("database or disk is full", "SQLITE_FULL"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_opening_says_sqlites_errors_in_plain_words(tmp_path, monkeypatch, case):
    path = tmp_path / "ledger.sqlite"
    Ledger(path).new_match("yokai-watch", ["A", "B", "C"])

    def refuse(*args, **kwargs):
        raise _sqlite_error(*ERRORS[case])

    monkeypatch.setattr(sqlite3, "connect", refuse)
    for opening in (lambda: open_existing(path), lambda: Ledger(path)):
        with pytest.raises(LedgerError) as refused:
            opening()
        en, ja = str(refused.value), refused.value.message_ja
        assert str(path) in en and str(path) in ja
        assert not any(raw in ja for raw in RAW), ja
        assert not any(raw in en for raw in RAW), en


@pytest.mark.parametrize("case", list(ERRORS))
@pytest.mark.parametrize("writing", [False, True])
def test_reading_and_writing_say_sqlites_errors_in_plain_words(tmp_path, case, writing):
    path = tmp_path / "ledger.sqlite"
    said = ledger_module._file_error(path, _sqlite_error(*ERRORS[case]), writing=writing)
    assert not any(raw in said.message_ja for raw in RAW), said.message_ja
    assert not any(raw in str(said) for raw in RAW), str(said)


def test_an_error_without_its_name_is_known_by_its_words(tmp_path):
    path = tmp_path / "ledger.sqlite"
    said = ledger_module._file_error(path, sqlite3.OperationalError("disk I/O error"), writing=False)
    assert "disk I/O error" not in said.message_ja and "ディスク" in said.message_ja


@pytest.mark.parametrize("lang, said", [("en", "cannot be opened"), ("ja", "開けません")])
def test_a_ledger_file_that_cannot_be_opened_on_the_command_line(tmp_path, capsys, monkeypatch, lang, said):
    """`tilelens ledger list --db F` on a file the user may not read (chmod 0, as a user other than root)."""
    path = tmp_path / "ledger.sqlite"
    Ledger(path).new_match("yokai-watch", ["A", "B", "C"])

    def refuse(*args, **kwargs):
        raise _sqlite_error(*CANT_OPEN)

    monkeypatch.setattr(sqlite3, "connect", refuse)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(path))
    assert code == 2 and not out
    (line,) = err.splitlines()
    assert said in line and str(path) in line and "unable to open database file" not in line, line


# ---- 5. interrupted -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("en", "tilelens ledger: interrupted"), ("ja", "tilelens ledger: 中断しました")])
def test_interrupted_is_said_in_the_language_chosen(capsys, monkeypatch, lang, said):
    import tilelens.ledger_cli as ledger_cli

    def stopped(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr(ledger_cli, "main", stopped)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list")
    assert code == 130 and err.strip() == said, err
