"""Session 59 (F5, from W1's league across two laptops and three evenings): `tilelens ledger merge` and the ledger
page's merge.

1. A match deleted on the other laptop (after a mid-evening merge brought it here) stayed here and was counted: the
   other laptop's delete of a match this ledger has as the same one is honoured here ("deleted on the other laptop"),
   remembered as a delete here, and can be brought back as one deleted here; brought back, the next merge keeps it.
2. An older match merged late was said as "that laptop's clock may be off", with a totals command mixing evenings:
   it is said as of its own evening, with the ids of that evening's matches here; the clock is named only where it is
   likely off (a day or two, no match here of that evening); several older evenings in one line.
3. A player named otherwise on the other laptop was said by the whole list of names, at every merge: the names that
   differ are said (ann here, Ann there), once.
4. "already here: 0; brought up to date: 1" of a match that was here; "2 hands added after its own (…, played on)"."""
from __future__ import annotations

import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import DELETED_TABLE, Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"
FOUR = ["Ann", "Ben", "Chika", "Daiki"]
OTHERS = ["Eri", "Fumi", "Goro", "Hana"]


def text(report, lang="en", **kw):
    return "\n".join(merge_summary(report, lang, **kw))


def match_at(ledger, players, when, hands=1):
    m = ledger.new_match(GAME, players)
    for i in range(hands):
        ledger.add_win(m, i % 4, "ron", {(i + 1) % 4: 20})
    started(ledger, m, when)
    return m


@pytest.fixture
def laptops(tmp_path):
    return Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")


# --- 1: deleted on the other laptop


def _deleted_there(laptops):
    """A's own match (#1); B's wrong match merged into A mid-evening (#2 here), then deleted on B; B's right one."""
    a, b = laptops
    match_at(a, FOUR, at(6, 19, 0))
    wrong = match_at(b, ["Eri", "Fumi", "Goro", "Ann"], at(6, 19, 5))
    (added,) = merge_ledgers(a.path, b.path).added
    b.delete_match(wrong)
    match_at(b, OTHERS, at(6, 20, 10))
    return a, b, added.ours


def test_a_match_deleted_on_the_other_laptop_is_deleted_here_too_and_said(laptops):
    a, b, ours = _deleted_there(laptops)
    report = merge_ledgers(a.path, b.path)
    assert [m.ours for m in report.deleted_there] == [ours] and [m.ours for m in report.added] == [3]
    assert sorted(m.id for m in a.matches()) == [1, 3]  # counted no more
    en, ja = text(report), text(report, "ja")
    assert f"deleted on the other laptop, so deleted here too: #{ours}" in en.splitlines()[0], en
    assert any(f"#{ours}" in line and "Eri, Fumi, Goro, Ann" in line and "deleted on the other laptop" in line
               for line in en.splitlines()[1:]), en
    assert f"ほかのパソコンで削除したので、ここでも削除した対局: #{ours}" in ja and "Eri、Fumi、Goro、Ann" in ja, ja
    with closing(sqlite3.connect(a.path)) as db:  # remembered as a delete here: a third laptop's copy not added back
        assert db.execute(f"SELECT count(*) FROM {DELETED_TABLE}").fetchone() == (1,)
    again = merge_ledgers(a.path, b.path)  # said once: the match is gone
    assert not again.deleted_there and "deleted on the other laptop" not in text(again)


def test_the_dry_run_says_the_delete_and_changes_nothing(laptops):
    a, b, ours = _deleted_there(laptops)
    report = merge_ledgers(a.path, b.path, dry_run=True)
    assert [m.ours for m in report.deleted_there] == [ours] and ours in [m.id for m in a.matches()]
    assert f"deleted on the other laptop, would be deleted here too: #{ours}" in text(report)
    assert f"ほかのパソコンで削除したので、ここでも削除する対局: #{ours}" in text(report, "ja")


def test_a_match_deleted_there_can_be_brought_back_and_stays_back(laptops):
    a, b, ours = _deleted_there(laptops)
    report = merge_ledgers(a.path, b.path)
    (gone,) = report.removed  # as a delete here keeps it (the page's Bring back)
    assert gone.id == ours
    assert a.restore_match(gone) == ours and len(a.hands(ours)) == 1
    again = merge_ledgers(a.path, b.path)  # brought back after the delete there: the later decision, kept
    assert not again.deleted_there and ours in [m.id for m in a.matches()]


def test_the_laptop_that_deleted_it_takes_back_a_match_brought_back_here(laptops):
    a, b, ours = _deleted_there(laptops)
    (gone,) = merge_ledgers(a.path, b.path).removed
    a.restore_match(gone)  # the organiser decides it counts after all
    report = merge_ledgers(b.path, a.path)  # B deleted it before: the later decision, added back there
    assert ["Eri", "Fumi", "Goro", "Ann"] in [list(m.players) for m in b.matches()], text(report)
    assert not report.deleted
    again = merge_ledgers(a.path, b.path)
    assert not again.deleted_there and ours in [m.id for m in a.matches()]


def test_a_match_played_on_here_after_it_came_is_not_deleted(laptops):
    a, b, ours = _deleted_there(laptops)
    a.add_win(ours, 0, "ron", {1: 30})  # this laptop recorded a hand in it since
    report = merge_ledgers(a.path, b.path)
    assert not report.deleted_there and ours in [m.id for m in a.matches()]


def test_a_file_of_deletes_alone_is_still_read(laptops):
    a, b = laptops
    match_at(a, FOUR, at(6, 19, 0))
    m = match_at(b, OTHERS, at(6, 19, 5))
    merge_ledgers(a.path, b.path)
    b.delete_match(m)  # B has no match left, only its delete
    report = merge_ledgers(a.path, b.path)
    assert [m.ours for m in report.deleted_there] == [2] and [m.id for m in a.matches()] == [1]


def test_the_page_says_the_delete_and_offers_to_bring_it_back(laptops, tmp_path, monkeypatch):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
    from app_helpers import open_page

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(laptops[0].path))
    a, b, ours = _deleted_there(laptops)
    at_ = open_page("ledger", GAME, lang="en")
    (up,) = [u for u in at_.get("file_uploader") if u.key.startswith("ledger_merge_file")]
    up.set_value(("b.sqlite", b.path.read_bytes(), "application/vnd.sqlite3"))
    at_.run()
    at_.button(key="ledger_merge").click().run()
    assert not at_.exception, [e.value for e in at_.exception]
    (block,) = [n for n in at_._tree if getattr(n, "key", None) == "ledger_merge_said"]
    said = "\n".join(str(e.value) for e in (*block.warning, *block.markdown)).replace("\\", "")
    assert f"deleted here too: #{ours}" in said, said
    at_.button(key="ledger_undelete").click().run()  # the page's Bring back, as for a match deleted here
    assert ours in [m.id for m in a.matches()]


# --- 2: a match of another evening


def test_an_older_evenings_match_is_said_as_of_its_evening_with_its_matches(laptops):
    a, b = laptops
    match_at(b, OTHERS, at(1, 19, 0))  # B's file of last week, merged only tonight
    match_at(a, FOUR, at(1, 19, 2))  # #1: last week's match here
    match_at(a, FOUR, at(8, 19, 0))  # #2: tonight's
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report, db=a.path) if "the evening of" in line]
    assert "#3 started 2026-12-01 19:00" in line and f"tilelens ledger totals 1 3 --db {a.path}" in line, line
    assert "clock" not in line and "2 3" not in line, line
    (ja,) = [line for line in merge_summary(report, "ja") if "晩" in line]
    assert "tilelens ledger totals 1 3" in ja and "時計" not in ja, ja
    (page,) = [line for line in merge_summary(report, on_page=True) if "the evening of" in line]
    assert "#1 and #3" in page and "clock" not in page, page


def test_older_evenings_taken_whole_are_said_in_one_line(laptops):
    a, b = laptops
    for day in (1, 8, 15):
        match_at(a, FOUR, at(day, 19, 0))
        match_at(b, OTHERS, at(day, 19, 2))
    report = merge_ledgers(b.path, a.path)  # B takes the whole league from A
    lines = [line for line in merge_summary(report) if "the evening of" in line]
    assert len(lines) == 1, lines
    assert "tilelens ledger totals 1 4" in lines[0] and "tilelens ledger totals 2 5" in lines[0], lines
    assert "clock" not in lines[0]
    (ja,) = [line for line in merge_summary(report, "ja") if "晩" in line]
    assert "tilelens ledger totals 1 4" in ja and "tilelens ledger totals 2 5" in ja, ja


def test_a_match_a_day_off_with_no_match_of_its_evening_names_the_clock(laptops, monkeypatch):
    a, b = laptops
    now = at(20, 12, 0)  # this laptop's own evening is none of the test's (on 2026-12-07 the 7th was "tonight")
    monkeypatch.setattr("tilelens.ledger_merge.time.time", lambda: now)
    match_at(a, FOUR, at(8, 19, 0))
    match_at(b, OTHERS, at(7, 19, 5))  # that laptop's date a day behind
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report) if "the evening of" in line]
    assert "clock may be off" in line and "tilelens ledger totals 1 2" in line, line


def test_the_cli_says_the_older_evening(laptops, capsys, monkeypatch):
    a, b = laptops
    match_at(b, OTHERS, at(1, 19, 0))
    match_at(a, FOUR, at(1, 19, 2))
    match_at(a, FOUR, at(8, 19, 0))
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "merge", str(b.path), "--db", str(a.path))
    assert code == 0, err
    assert f"tilelens ledger totals 1 3 --db {a.path}" in out and "clock" not in out, out


# --- 3: a player named otherwise on the other laptop


def _named_otherwise(laptops):
    a, b = laptops
    m = match_at(b, ["Eri", "ann", "Goro", "Chika"], at(6, 19, 5))
    merge_ledgers(a.path, b.path)
    return a, b, m


def test_a_rename_there_is_said_by_the_names_that_differ_once(laptops):
    a, b, m = _named_otherwise(laptops)
    b.rename_player(m, "ann", "Ann")
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report) if "#1" in line and "names" in line]
    assert "ann here is Ann there" in line and "this ledger's names are kept" in line, line
    assert "Eri" not in line and "Goro" not in line, line
    (ja,) = [line for line in merge_summary(report, "ja") if "名前" in line]
    assert "ここのannは、ほかのパソコンではAnn" in ja and "この成績表の名前のまま" in ja, ja
    again = merge_ledgers(a.path, b.path)  # said once
    assert not any("names" in line for line in merge_summary(again)), merge_summary(again)
    assert a.match(1).players[1] == "ann"  # this ledger's kept


def test_a_rename_here_is_said_once_and_a_dry_run_remembers_nothing(laptops):
    a, b, m = _named_otherwise(laptops)
    a.rename_player(1, "ann", "Ann")
    dry = merge_ledgers(a.path, b.path, dry_run=True)
    assert any("Ann here is ann there" in line for line in merge_summary(dry))
    first = merge_ledgers(a.path, b.path)
    assert any("Ann here is ann there" in line for line in merge_summary(first))
    later = merge_ledgers(a.path, b.path)
    assert not any("there" in line and "names" in line for line in merge_summary(later))
    b.rename_player(m, "ann", "Anne")  # named otherwise again: said again
    assert any("Ann here is Anne there" in line for line in merge_summary(merge_ledgers(a.path, b.path)))


# --- 4: the summary's words


def test_a_match_brought_up_to_date_is_said_plainly(laptops):
    a, b = laptops
    match_at(a, FOUR, at(6, 19, 0))
    m = match_at(b, OTHERS, at(6, 19, 5), hands=2)
    merge_ledgers(a.path, b.path)
    b.add_win(m, 2, "ron", {3: 20})
    b.add_win(m, 3, "ron", {0: 20})
    report = merge_ledgers(a.path, b.path)
    lines = merge_summary(report)
    assert "already here: 0" not in lines[0] and "brought up to date: 1 (2 hands added)" in lines[0], lines
    assert "  #2 (the other ledger's #1): that table played on: 2 hands added after the 2 hands here" in lines, lines
    ja = merge_summary(report, "ja")
    assert "すでにあった対局: 0件" not in ja[0], ja
    assert "  #2 (ほかのパソコンの #1): その卓で続けて記録された2局を、ここにある2局の後に追加しました" in ja, ja
