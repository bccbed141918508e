"""Session 57: two tables, one evening, two laptops. Each table records its matches in the ledger of its own laptop;
`tilelens ledger merge OTHER.sqlite` (``tilelens.ledger_merge``) copies the other laptop's matches into this ledger,
each with its hands, players, notes, game and table rules, under this ledger's next numbers, so that `ledger totals`
adds up every table. A match already here is not copied twice (a second merge changes nothing: "already here"); one
both have with different hands is kept twice, both named, never written over; one this ledger has fewer hands of is
brought up to date. A file that is no ledger, damaged, of a newer tilelens, or this ledger itself is refused in one
line, nothing changed; the merge is one transaction, the ledger as it was kept beside it."""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import asdict

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at
from ledger_merge_helpers_57 import GAME, table_one, table_two

import tilelens.ledger as ledger_module
import tilelens.ledger_merge as merge_module
from tilelens.ledger import Ledger, LedgerError, rules_for
from tilelens.ledger_merge import merge_ledgers, merge_summary



@pytest.fixture
def laptops(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    return table_one(tmp_path / "a" / "ledger.sqlite"), table_two(tmp_path / "b" / "ledger.sqlite")


def dump(path):
    """Everything stored in a ledger file, to tell whether anything changed."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


def before_merge_copies(path):
    return sorted(path.parent.glob(f"{path.stem}.before-merge-*{path.suffix}"))


# --- 1: two laptops' matches, then one evening's totals


def test_the_other_laptops_matches_are_added_under_new_numbers_with_their_hands(laptops):
    a, b = laptops
    report = merge_ledgers(a.path, b.path)
    assert [(m.theirs, m.ours) for m in report.added] == [(1, 3), (2, 4)]  # #1 and #2 there: #3 and #4 here
    assert report.added_hands == 4 and not report.already and not report.conflicts
    assert a.match(3).players == ("Eri", "Fumi", "Goro", "Hana") and a.match(3).created == at(6, 19, 5)
    assert a.match(3).rules == b.match(1).rules and a.match(3).game_id == GAME
    assert [h.id for h in a.hands(3)] == [h.id for h in b.hands(1)]  # each hand as recorded there, its id kept
    assert a.hands(3) == b.hands(1) and a.state(3) == b.state(1)
    assert [m.id for m in a.matches()] == [4, 3, 2, 1]
    assert a.hands(1)[0].note == "first"  # this laptop's own kept as they were


def test_ledger_totals_then_adds_up_both_tables(laptops, capsys, monkeypatch):
    a, b = laptops
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert "added 2 matches (4 hands)" in out
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(a.path), "--json")
    assert code == 0, err
    totals = json.loads(out)
    assert [m["id"] for m in totals["matches"]] == [1, 3, 2, 4]  # in the order played, both tables
    by_name = {p["name"]: p["total"] for p in totals["players"]}
    assert by_name == {"Ann": 100 - 40, "Ben": -100 + 40, "Chika": 60, "Daiki": -60,
                       "Eri": -80 + 30, "Fumi": 20 - 30, "Goro": -20, "Hana": 80}


# --- 2: the same file twice changes nothing


def test_merging_the_same_file_twice_is_merging_it_once(laptops, capsys, monkeypatch):
    a, b = laptops
    merge_ledgers(a.path, b.path)
    once = dump(a.path)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert dump(a.path) == once
    assert "already here: 2" in out and "added no match" in out
    assert len(before_merge_copies(a.path)) == 1  # no copy kept for a merge that changed nothing


def test_a_copy_of_this_ledger_adds_nothing(laptops, tmp_path):
    a, _ = laptops
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(a.path.read_bytes())
    before = dump(a.path)
    report = merge_ledgers(a.path, copy)
    assert [(m.theirs, m.ours) for m in report.already] == [(1, 1), (2, 2)] and not report.added
    assert dump(a.path) == before


def test_merging_back_the_other_way_adds_only_what_that_laptop_lacks(laptops):
    a, b = laptops
    merge_ledgers(a.path, b.path)  # A has all four
    report = merge_ledgers(b.path, a.path)  # B gets A's two; its own two are already there
    assert sorted(m.theirs for m in report.added) == [1, 2] and sorted(m.ours for m in report.already) == [1, 2]
    assert sorted(m.players for m in b.matches()) == sorted(m.players for m in a.matches())


# --- 3: one match on both laptops, not the same


def copied_then_played_on(tmp_path, a):
    """Laptop B took a copy of A's file, then both recorded another hand of match #2, each its own."""
    b_path = tmp_path / "b-copy.sqlite"
    b_path.write_bytes(a.path.read_bytes())
    b = Ledger(b_path)
    a.add_win(2, 0, "ron", {1: 10})
    b.add_win(2, 3, "ron", {2: 70})
    return b


def test_a_match_with_other_hands_on_each_laptop_is_kept_twice_and_named(laptops, tmp_path, capsys, monkeypatch):
    a, _ = laptops
    b = copied_then_played_on(tmp_path, a)
    ours = a.hands(2)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert a.hands(2) == ours  # never written over
    assert [m.id for m in a.matches()] == [3, 2, 1]  # the other laptop's #2 kept as #3 beside it
    assert [h.note for h in a.hands(3)] == [h.note for h in b.hands(2)] and a.state(3) == b.state(2)
    assert {h.id for h in a.hands(3)}.isdisjoint(h.id for h in a.hands(2))  # each hand of the file its own id
    assert "already here: 1" in out and "conflicting: 1 (kept both: #2 here and #3 added)" in out
    assert "their hands differ from hand 2" in out
    again = dump(a.path)
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0 and dump(a.path) == again and "already here: 2" in out  # the kept copy is found again


def test_a_match_renamed_on_one_laptop_is_the_same_match_its_names_said(laptops, tmp_path):
    # (RV1: it was kept twice, and every later merge added it again) the same hands' ids: the same match, this
    # laptop's names kept, the other's said
    a, _ = laptops
    b_path = tmp_path / "b-copy.sqlite"
    b_path.write_bytes(a.path.read_bytes())
    Ledger(b_path).rename_player(1, "Daiki", "Dai")
    report = merge_ledgers(a.path, b_path)
    assert not report.conflicts and [(m.theirs, m.ours) for m in report.already] == [(1, 1), (2, 2)]
    (renamed,) = [m for m in report.already if m.why]
    assert renamed.ours == 1 and "Dai" in renamed.why and "names are kept" in renamed.why
    assert [m.id for m in a.matches()] == [2, 1] and a.match(1).players[3] == "Daiki"


def test_a_match_this_laptop_has_fewer_hands_of_is_brought_up_to_date(laptops, tmp_path):
    a, _ = laptops
    b_path = tmp_path / "b-copy.sqlite"
    b_path.write_bytes(a.path.read_bytes())
    b = Ledger(b_path)
    b.add_win(2, 2, "ron", {3: 10})
    b.add_win(2, 0, "ron", {1: 20})
    report = merge_ledgers(a.path, b_path)
    assert [(m.theirs, m.ours, m.hands) for m in report.extended] == [(2, 2, 2)] and not report.conflicts
    assert a.hands(2) == b.hands(2) and a.state(2) == b.state(2)
    assert "brought up to date: 1 (2 hands added)" in merge_summary(report, "en")[0]
    # and the other way: a file with fewer hands of it adds nothing, and takes nothing away
    earlier = tmp_path / "earlier.sqlite"
    earlier.write_bytes(b_path.read_bytes())
    with closing(sqlite3.connect(earlier)) as db, db:
        db.execute("DELETE FROM hands WHERE match_id = 2 AND seq > 0")
    report = merge_ledgers(b_path, earlier)
    assert [(m.theirs, m.ours) for m in report.already] == [(1, 1), (2, 2)]
    assert not (report.added or report.extended or report.conflicts)
    assert len(b.hands(2)) == 3


# --- 4: bad input, one line, nothing changed


@pytest.mark.parametrize("lang, words", [
    ("en", "cannot be read as a ledger file: it is damaged, or it is not a ledger file"),
    ("ja", "成績表のファイルとして読めません。壊れているか、成績表のファイルではありません")])
def test_a_file_that_is_no_database_is_said_so(laptops, tmp_path, capsys, monkeypatch, lang, words):
    a, _ = laptops
    bad = tmp_path / "photo.sqlite"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not a ledger" * 100)
    before = dump(a.path)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "merge", str(bad), "--db", str(a.path))
    assert code == 2 and out == "" and "Traceback" not in err
    assert words in err and str(bad) in err and len(err.strip().splitlines()) == 1
    assert dump(a.path) == before and not before_merge_copies(a.path)


def test_a_ledger_file_cut_short_is_said_damaged(laptops, tmp_path, capsys, monkeypatch):
    a, b = laptops
    for n in range(30):  # a file of several pages, to cut in the middle of one
        b.new_match(GAME, ["Eri", "Fumi", "Goro", f"Hana{n}" + "x" * 200])
    data = b.path.read_bytes()
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(data[: len(data) // 2 + 100])
    before = dump(a.path)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(cut), "--db", str(a.path))
    assert code == 2 and "Traceback" not in err and "damaged" in err and str(cut) in err
    assert dump(a.path) == before


def test_another_programs_database_is_no_ledger(laptops, tmp_path, capsys, monkeypatch):
    a, _ = laptops
    other = tmp_path / "photos.db"
    with closing(sqlite3.connect(other)) as db, db:
        db.execute("CREATE TABLE photos (name TEXT)")
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(other), "--db", str(a.path))
    assert code == 2 and "is not a ledger file" in err and "nothing was added" in err


def test_a_ledger_of_a_newer_tilelens_is_refused_with_the_way_forward(laptops, tmp_path, capsys, monkeypatch):
    a, b = laptops
    with closing(sqlite3.connect(b.path)) as db, db:  # a column this version does not know: its data would be lost
        db.execute("ALTER TABLE hands ADD COLUMN liable INTEGER")
    before = dump(a.path)
    for lang, words in (("en", "was written by a newer tilelens"), ("ja", "新しい版の tilelens で書かれています")):
        code, _, err = run(capsys, monkeypatch, lang, "ledger", "merge", str(b.path), "--db", str(a.path))
        assert code == 2 and words in err and "hands.liable" in err
    assert dump(a.path) == before


def test_this_ledger_itself_is_refused(laptops, capsys, monkeypatch):
    a, _ = laptops
    before = dump(a.path)
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(a.path), "--db", str(a.path))
    assert code == 2 and "is this ledger's own file" in err
    assert dump(a.path) == before


def test_no_file_or_a_folder_is_said(laptops, tmp_path, capsys, monkeypatch):
    a, _ = laptops
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(tmp_path / "nope.sqlite"), "--db", str(a.path))
    assert code == 2 and "there is no file at" in err
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(tmp_path), "--db", str(a.path))
    assert code == 2 and "is a folder" in err
    _, b = laptops
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(tmp_path))
    assert code == 2 and "--db names a folder" in err


@pytest.mark.parametrize("how", ["0 bytes", "no table"])
def test_an_empty_other_ledger_adds_nothing_and_makes_nothing(tmp_path, how):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    if how == "no table":
        with closing(sqlite3.connect(empty)) as db:
            db.execute("PRAGMA user_version = 1")  # a database file with its header, and no table
    report = merge_ledgers(tmp_path / "new.sqlite", empty)
    assert not report.added and not (tmp_path / "new.sqlite").exists()
    assert "nothing to add" in merge_summary(report, "en")[0]


def test_a_failure_part_way_leaves_the_ledger_as_it_was(laptops, monkeypatch):
    a, b = laptops
    before = dump(a.path)
    calls = []
    real = merge_module._insert_hands

    def fail_on_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise sqlite3.OperationalError("disk I/O error")
        return real(*args, **kwargs)

    monkeypatch.setattr(merge_module, "_insert_hands", fail_on_the_second)
    with pytest.raises(LedgerError) as caught:
        merge_ledgers(a.path, b.path)
    assert "nothing was changed" in str(caught.value)
    assert dump(a.path) == before


def test_the_ledger_as_it_was_is_kept_beside_it(laptops):
    a, b = laptops
    before = dump(a.path)
    report = merge_ledgers(a.path, b.path)
    (copy,) = before_merge_copies(a.path)
    assert report.copy == copy and dump(copy) == before
    assert copy.name in merge_summary(report, "en")[-1]


# --- 5: a match that cannot be read, and an older laptop's file


def test_a_match_of_the_other_file_that_cannot_be_read_is_named_the_rest_added(laptops, capsys, monkeypatch):
    a, b = laptops
    with closing(sqlite3.connect(b.path)) as db, db:
        db.execute("UPDATE matches SET rules = '{\"start_points\": \"lots\"}' WHERE id = 1")
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 2
    assert "added 1 match (1 hand)" in out and "match #1" in err and "left out" in err
    assert [m.players for m in a.matches()][0] == ("Eri", "Fumi", "Goro", "Hana") and len(a.matches()) == 3


# A ledger file as tilelens before 976e815 wrote it: hands without ``uid`` (test_ledger_upgrade_54.py).
SCHEMA_BEFORE_HAND_IDS = """
    CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
        players TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL);
    CREATE TABLE hands (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,
        kind TEXT NOT NULL, winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL,
        tenpai TEXT NOT NULL, note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq));"""


def old_laptop_file(path):
    """An older tilelens's ledger: one Nogizaka match of two won hands, hands without ids."""
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(SCHEMA_BEFORE_HAND_IDS)
        db.execute("INSERT INTO matches VALUES (1, 'nogizaka', ?, ?, ?)",
                   (json.dumps(["Iku", "Jun", "Kei", "Rin"]), json.dumps(asdict(rules_for("nogizaka"))), at(6, 19, 30)))
        for seq in range(2):
            db.execute("INSERT INTO hands VALUES (1, ?, 'win', ?, 'tsumo', ?, '[]', '[]', '', ?)",
                       (seq, seq, json.dumps({str(s): 100 for s in range(4) if s != seq}), at(6, 19, 40 + seq)))
    ledger_module._TABLES_MADE.discard(str(path))
    return path


def test_an_older_laptops_file_is_read_as_it_is_and_merged_once(laptops, tmp_path):
    a, _ = laptops
    old = old_laptop_file(tmp_path / "old.sqlite")
    untouched = old.read_bytes()
    report = merge_ledgers(a.path, old)
    assert [(m.theirs, m.ours, m.hands) for m in report.added] == [(1, 3, 2)]
    assert old.read_bytes() == untouched and not list(tmp_path.glob("old.before-upgrade-*"))  # only read
    hands = a.hands(3)
    assert len(hands) == 2 and all(len(h.id) == 32 for h in hands) and hands[0].id != hands[1].id  # ids given
    assert a.state(3).totals == Ledger(old, read_only=True).state(1).totals
    again = dump(a.path)
    report = merge_ledgers(a.path, old)
    assert len(report.already) == 1 and not report.added and dump(a.path) == again


def test_this_laptops_older_file_is_upgraded_as_the_app_upgrades_it(laptops, tmp_path):
    _, b = laptops
    old = old_laptop_file(tmp_path / "old.sqlite")
    report = merge_ledgers(old, b.path)
    assert len(report.added) == 2
    merged = Ledger(old)
    assert len(merged.upgrades()) == 1 and len(merged.matches()) == 3


# --- 6: --dry-run, a new ledger, the words


def test_dry_run_says_what_would_be_added_and_changes_nothing(laptops, tmp_path, capsys, monkeypatch):
    a, b = laptops
    before = dump(a.path)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path), "--dry-run")
    assert code == 0, err
    assert "would add 2 matches (4 hands)" in out and "nothing was changed (--dry-run)" in out
    assert "#3" in out and "#4" in out  # the numbers they would get
    assert dump(a.path) == before and not before_merge_copies(a.path)
    new = tmp_path / "new" / "ledger.sqlite"
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(new), "--dry-run")
    assert code == 0 and "would add 2 matches" in out and not new.parent.exists()


def test_a_laptop_with_no_ledger_yet_gets_one(tmp_path, capsys, monkeypatch):
    b = table_two(tmp_path / "b.sqlite")
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path))
    assert code == 0, err
    assert len(Ledger(tmp_path / "home" / "ledger.sqlite").matches()) == 2 and "added 2 matches" in out


def test_the_summary_in_japanese(laptops, tmp_path, capsys, monkeypatch):
    a, b = laptops
    code, out, err = run(capsys, monkeypatch, "ja", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert "対局を2件 (4局) 追加しました" in out and "すでにあった対局: 0件" in out
    assert "#3 (ほかのパソコンの #1)" in out and "妖怪ウォッチ" in out
    code, out, _ = run(capsys, monkeypatch, "ja", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert "追加した対局はありません" in out and "すでにあった対局: 2件" in out


def test_the_help_names_merge(capsys):
    from tilelens.cli import main

    with pytest.raises(SystemExit):
        main(["ledger", "--help"])
    out = capsys.readouterr().out
    assert "tilelens ledger merge OTHER [--db PATH] [--dry-run]" in out
