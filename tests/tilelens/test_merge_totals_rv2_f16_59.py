"""Session 59 (F16, from review RV2): `tilelens ledger merge` and `tilelens ledger totals`.

1. A match deleted on the other laptop came back where that laptop undid a hand of it first: the hands the other
   laptop undid are dropped before its delete is compared with the match here (and, the other way, the hands undone
   here before a match of the other file is compared with the delete here).
2. Tonight's matches merged into a ledger last used a week ago were said to be left out of `totals` (they are its
   newest evening after the merge), and "other evenings" was said of two matches of one evening.
3. `ledger totals --until DATE` alone left out an unreadable match silently.
5. `ledger totals --csv` with nothing to add up wrote its sentence to standard output (taken for the CSV).
6. "2 hands added after the 0 hands here" of a match that had no hand here."""
from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"
FOUR = ["Ann", "Ben", "Chika", "Daiki"]
OTHERS = ["Eri", "Fumi", "Goro", "Hana"]


@pytest.fixture
def laptops(tmp_path):
    return Ledger(tmp_path / "a.sqlite"), Ledger(tmp_path / "b.sqlite")


def match_at(ledger, players, when, hands=1):
    m = ledger.new_match(GAME, players)
    for i in range(hands):
        ledger.add_win(m, i % 4, "ron", {(i + 1) % 4: 20})
    started(ledger, m, when)
    return m


# --- 1: deleted there after an undo there


def _undone_then_deleted(laptops):
    """A's match of two hands, merged into B; B undid its last hand, then deleted the match."""
    a, b = laptops
    m = match_at(a, FOUR, at(6, 19, 0), hands=2)
    (copy,) = merge_ledgers(b.path, a.path).added
    b.undo(copy.ours)
    b.delete_match(copy.ours)
    return a, b, m


def test_a_match_deleted_there_after_an_undo_there_is_deleted_here(laptops):
    a, b, m = _undone_then_deleted(laptops)
    report = merge_ledgers(a.path, b.path)
    assert [x.ours for x in report.deleted_there] == [m] and a.matches() == []
    assert f"deleted on the other laptop, so deleted here too: #{m}" in merge_summary(report)[0]
    back = merge_ledgers(b.path, a.path)  # nothing of it left to give back there
    assert b.matches() == [] and not back.added


def test_the_laptop_that_deleted_it_does_not_take_it_back(laptops):
    a, b, _ = _undone_then_deleted(laptops)
    report = merge_ledgers(b.path, a.path)  # before A learns of the delete
    assert not report.added and len(report.deleted) == 1 and b.matches() == []
    assert "deleted here: 1" in merge_summary(report)[0]
    assert "ここで削除した対局: 1件" in merge_summary(report, "ja")[0]


def test_a_hand_recorded_here_after_the_one_undone_there_keeps_the_match(laptops):
    a, b, m = _undone_then_deleted(laptops)
    a.add_win(m, 2, "ron", {3: 20})  # this table played on after the hand undone there: the match is not deleted
    report = merge_ledgers(a.path, b.path)
    assert not report.deleted_there and [x.id for x in a.matches()] == [m]


# --- 2: tonight's matches into a ledger last used a week ago


def _week_late(laptops):
    a, b = laptops
    match_at(a, FOUR, at(1, 20, 0))  # #1: last week's, here
    for hour in (19, 21):  # tonight's, on the other laptop
        match_at(b, OTHERS, at(6, hour, 0))
    return a, b


def test_tonights_matches_into_a_ledger_of_last_week_are_not_said_left_out(laptops, capsys, monkeypatch):
    a, b = _week_late(laptops)
    report = merge_ledgers(a.path, b.path)
    for lang, word in (("en", "evening"), ("ja", "晩")):
        assert not [line for line in merge_summary(report, lang) if word in line], merge_summary(report, lang)
    assert not [line for line in merge_summary(report, on_page=True) if "evening" in line]
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(a.path))
    assert code == 0 and "#2" in out.splitlines()[0] and "#3" in out.splitlines()[0], out  # what totals adds up


def test_two_older_matches_of_one_evening_are_said_of_one_evening(laptops):
    a, b = laptops
    for hour in (19, 21):  # the other laptop's, of last week
        match_at(b, OTHERS, at(1, hour, 0))
    match_at(a, FOUR, at(6, 20, 0))  # tonight's, here
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report, db=a.path) if "the evening of" in line]
    assert "#2 and #3 started on another evening than this ledger's newest match (the evening of 2026-12-06)" in line
    assert "other evenings" not in line and f"tilelens ledger totals 2 3 --db {a.path}" in line, line
    (ja,) = [line for line in merge_summary(report, "ja") if "晩" in line]
    assert "#2、#3は、この成績表の最新の対局の晩 (2026-12-06) とは別の晩に始まった対局です" in ja, ja
    assert "晩ごと" not in ja and "tilelens ledger totals 2 3" in ja, ja
    (page,) = [line for line in merge_summary(report, on_page=True) if "the evening of" in line]
    assert "another evening" in page and "other evenings" not in page and "#2 and #3" in page, page


def test_a_match_added_before_the_newest_evening_after_the_merge_is_still_said(laptops):
    a, b = laptops
    match_at(a, FOUR, at(1, 20, 0))  # #1: last week's, here
    match_at(b, OTHERS, at(1, 20, 5))  # the other table of last week (#2)
    match_at(b, OTHERS, at(6, 19, 0))  # and tonight's (#3): the newest evening now
    report = merge_ledgers(a.path, b.path)
    (line,) = [line for line in merge_summary(report, db=a.path) if "the evening of" in line]
    assert "#2 started 2026-12-01 20:05" in line and "(the evening of 2026-12-06)" in line, line
    assert f"tilelens ledger totals 1 2 --db {a.path}" in line, line


# --- 3: --until alone says an unreadable match


def test_until_alone_says_an_unreadable_match_left_out(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "l.sqlite")
    for day in (1, 2, 3):
        match_at(ledger, FOUR, at(day, 20))
    with closing(sqlite3.connect(ledger.path)) as db:  # Dec 1's match stored wrong
        db.execute("UPDATE hands SET payments = 'garbage' WHERE match_id = 1")
        db.commit()
    for args in (["--until", "2026-12-02"], ["--since", "2026-11-20", "--until", "2026-12-02"]):
        code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(ledger.path), *args)
        assert code == 2 and "match #1" in err and "left out" in err, (args, code, err)
        assert "#2" in out.splitlines()[0] and "#3" not in out.splitlines()[0], out
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(ledger.path), "--until",
                       "2026-11-30")  # before it: nothing of it chosen
    assert "match #1" not in err, err


# --- 5: totals --csv with nothing to add up


@pytest.mark.parametrize("lang, said", [("en", "nothing to add up"), ("ja", "合計する対局がありません")])
def test_totals_csv_with_nothing_to_add_up_says_it_on_standard_error(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "l.sqlite")
    match_at(ledger, FOUR, at(1, 20))
    plain = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path), "--evening", "2026-12-05")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path), "--evening",
                         "2026-12-05", "--csv")
    assert out == "" and said in err and code == plain[0] == 0, (code, out, err)
    target = tmp_path / "out.csv"
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path), "--evening",
                         "2026-12-05", "--csv", "--out", str(target))
    assert out == "" and said in err and code == 0 and not target.exists(), (code, out, err)


def test_totals_csv_of_no_ledger_yet_says_it_on_standard_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--csv")
    assert code == 0 and out == "" and "no match" in err.lower(), (code, out, err)


# --- 6: brought up to date, no hand here before


def test_a_match_with_no_hand_here_brought_up_to_date_is_said_plainly(laptops):
    a, b = laptops
    m = a.new_match(GAME, FOUR)
    merge_ledgers(b.path, a.path)  # B has it with no hand
    a.add_win(m, 0, "ron", {1: 20})
    a.add_win(m, 1, "ron", {2: 20})
    report = merge_ledgers(b.path, a.path)
    en, ja = merge_summary(report), merge_summary(report, "ja")
    assert "  #1 (the other ledger's #1): that table played on: 2 hands added (it had no hand here)" in en, en
    assert "  #1 (ほかのパソコンの #1): その卓で記録された2局を追加しました (ここには局がありませんでした)" in ja, ja
    assert not any("0 hands" in line or "0局" in line for line in (*en, *ja)), (en, ja)
