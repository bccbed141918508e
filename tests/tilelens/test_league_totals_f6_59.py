"""Session 59 (F6, from walk W1: a riichi league of three evenings): `tilelens ledger totals` names a match without
uma or oka among final scores, names the matches of look-alike names, writes the standings as a CSV (--csv, in the
style of `ledger csv`), counts each player's matches, chooses a past evening (--evening) or a range (--until), says
an impossible date as such; `show` and `totals` say a score in one form; `csv --standings` has its units in its
headers."""
from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import CLUB, at, club_match, started

from tilelens.ledger import Ledger, rules_for

GAME = "tokyo-mahjong"


@pytest.fixture
def league(tmp_path):
    """#1 (Dec 1), #2 and #3 (Dec 2: #3 without uma or oka, as a laptop's New match started it), #4 (Dec 3). Ann sits
    in #1 and #4, "ann" in #2."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    one = club_match(ledger, ["Ann", "Bo", "Cy", "Di"], at(1, 19))
    two = club_match(ledger, ["ann", "Bo", "Cy", "Di"], at(2, 19))
    three = ledger.new_match(GAME, ["Eve", "Fay", "Gus", "Hal"])  # no uma, no oka
    ledger.add_win(three, 1, "ron", {0: 8000})
    started(ledger, three, at(2, 19, 5))
    four = club_match(ledger, ["Ann", "Eve", "Cy", "Hal"], at(3, 19))
    return ledger, (one, two, three, four)


def totals(capsys, monkeypatch, ledger, *args, lang="en"):
    return run(capsys, monkeypatch, lang, "ledger", "totals", *args, "--db", str(ledger.path))


# 1. a match without uma or oka among final scores is named, as the ledger page names it

@pytest.mark.parametrize("lang, said", [
    ("en", "#3 has no uma or oka: its results are (total less the starting points) ÷ 1,000, added to the final "
           "scores of #2."),
    ("ja", "#3はウマ・オカのない対局です。その成績は (持ち点 − 開始時の持ち点) ÷ 1,000 で、#2の最終スコアと合わせて合計して"
           "います。")])
def test_a_match_without_uma_among_final_scores_is_named(league, capsys, monkeypatch, lang, said):
    ledger, (_, two, three, _) = league
    code, out, _ = totals(capsys, monkeypatch, ledger, str(two), str(three), lang=lang)
    assert code == 0 and said in out, out


# 2. and 6. look-alike names: the matches of each named, one wording in Japanese on the page and here

def test_look_alike_names_say_their_matches(league, capsys, monkeypatch):
    ledger, _ = league
    _, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01")
    assert "Ann / ann" in out and "(Ann: #1, #4; ann: #2;" in out and "Rename a player" in out, out
    _, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", lang="ja")
    assert "別のプレイヤーとして数えています" in out and "数えました" not in out, out
    assert "Annは#1・#4、annは#2" in out and "「プレイヤーの名前を直す」" in out, out


# 3. the standings as a CSV, and each player's count of matches in the text

def test_totals_csv_has_a_row_per_player_with_results_sum_matches_and_places(league, capsys, monkeypatch):
    ledger, (one, two, three, four) = league
    code, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--csv")
    assert code == 0 and not out.startswith("\ufeff")  # to standard output without the mark, as `ledger csv`
    rows = list(csv.reader(io.StringIO(out)))
    unit = "(thousands of points)"
    assert rows[0] == ["player", *(f"#{i} {unit}" for i in (one, two, three, four)), f"total {unit}", "matches",
                       "1st", "2nd", "3rd", "4th"], rows
    by_name = {row[0]: row[1:] for row in rows[1:]}
    assert by_name["Cy"] == ["-25", "-25", "", "-25", "-75", "3", "0", "0", "3", "0"], by_name
    assert by_name["Fay"] == ["", "", "8", "", "8", "1", "1", "0", "0", "0"], by_name  # #3: (33,000 - 25,000) / 1,000
    assert by_name["Ann"] == ["55", "", "", "55", "110", "2", "2", "0", "0", "0"], by_name
    assert by_name["ann"][-5:] == ["1", "1", "0", "0", "0"], by_name


def test_totals_csv_says_its_notes_on_standard_error(league, capsys, monkeypatch):
    ledger, (one, two, three, four) = league
    code, out, err = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--csv")
    assert code == 0 and "Ann / ann" in err and "#3 has no uma or oka" in err and "Ann / ann" not in out, err


def test_totals_csv_out_writes_the_pages_download_and_keeps_a_file_there(league, tmp_path, capsys, monkeypatch):
    ledger, _ = league
    folder = tmp_path / "out"
    code, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--csv", "--out", f"{folder}/")
    path = folder / "tilelens-totals-2026-12-01-to-2026-12-03.csv"
    assert code == 0 and out.strip() == f"wrote {path}", out
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # the byte-order mark, for spreadsheet programs
    code, _, err = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--csv", "--out", str(path))
    assert code == 2 and "exists already" in err and "--force" in err, err
    code, _, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--csv", "--out", str(path), "--force")
    assert code == 0
    _, out, _ = totals(capsys, monkeypatch, ledger, "--evening", "2026-12-02", "--csv", "--out", str(folder))
    assert (folder / "tilelens-totals-2026-12-02.csv").exists(), out


def test_totals_csv_keeps_a_name_that_reads_as_a_formula_as_text(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(GAME, ["=Ann", "Bo"])
    ledger.add_win(m, 0, "ron", {1: 8000})
    _, out, _ = totals(capsys, monkeypatch, ledger, "--csv")
    assert "'=Ann,+8000" not in out and "'=Ann,8000,8000,1,1,0" in out, out


def test_totals_csv_is_not_with_json_and_out_goes_with_csv(league, capsys, monkeypatch):
    ledger, _ = league
    code, _, err = totals(capsys, monkeypatch, ledger, "--csv", "--json")
    assert code == 2 and "--json" in err and "--csv" in err and "Traceback" not in err, err
    code, _, err = totals(capsys, monkeypatch, ledger, "--out", "x.csv")
    assert code == 2 and "--csv" in err, err


@pytest.mark.parametrize("lang, head", [("en", "Matches"), ("ja", "対局数")])
def test_the_text_table_counts_each_players_matches(league, capsys, monkeypatch, lang, head):
    ledger, _ = league
    _, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", lang=lang)
    lines = out.splitlines()
    (header,) = [line for line in lines if line.split()[-1:] == [head]]
    (cy,) = [line for line in lines if line.startswith("Cy ")]
    assert header.split()[-2:] == [{"en": "Total", "ja": "合計"}[lang], head] and cy.split()[-2:] == ["-75", "3"], cy


# 4. a past evening, a range, an impossible date

def ids_added(out):
    return [m["id"] for m in json.loads(out)["matches"]]


def test_evening_and_until_choose_past_evenings(league, capsys, monkeypatch):
    ledger, (one, two, three, four) = league
    _, out, _ = totals(capsys, monkeypatch, ledger, "--evening", "2026-12-02", "--json")
    assert ids_added(out) == [two, three]
    _, out, _ = totals(capsys, monkeypatch, ledger, "--since", "2026-12-01", "--until", "2026-12-02", "--json")
    assert ids_added(out) == [one, two, three]
    _, out, _ = totals(capsys, monkeypatch, ledger, "--until", "2026-12-01", "--json")
    assert ids_added(out) == [one]
    code, out, _ = totals(capsys, monkeypatch, ledger, "--evening", "2026-11-30")
    assert code == 0 and "in the evening of 2026-11-30 in" in out, out


@pytest.mark.parametrize("args, said", [
    (("--since", "2026-11-31"), "there is no such day as 2026-11-31"),
    (("--evening", "2026-02-30"), "there is no such day as 2026-02-30"),
    (("--until", "2026-13-01"), "there is no such day as 2026-13-01"),
    (("--since", "yesterday"), "--since takes a date as YYYY-MM-DD"),
    (("--since", "2026-12-03", "--until", "2026-12-01"), "--until 2026-12-01 is before --since 2026-12-03"),
    (("--evening", "2026-12-02", "--since", "2026-12-01"), "--evening"),
    (("1", "--evening", "2026-12-02"), "not both")])
def test_a_wrong_date_is_said_as_what_is_wrong(league, capsys, monkeypatch, args, said):
    ledger, _ = league
    code, out, err = totals(capsys, monkeypatch, ledger, *args)
    assert code == 2 and said in err and "Traceback" not in err, err


def test_an_impossible_date_in_japanese(league, capsys, monkeypatch):
    ledger, _ = league
    code, _, err = totals(capsys, monkeypatch, ledger, "--since", "2026-11-31", lang="ja")
    assert code == 2 and "2026-11-31 という日はありません" in err, err


# 7. one form for a score; units in the standings CSV's headers

def test_show_says_a_column_of_scores_as_totals_says_it(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match(GAME, ["Ann", "Bo", "Cy", "Di"], replace(rules_for(GAME), **CLUB))
    ledger.add_win(m, 0, "ron", {3: 10800})  # 35,800 / 25,000 / 25,000 / 14,200: +45.8, -5.0, -5.0, -35.8
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(m), "--db", str(ledger.path))
    assert "Bo: 25,000 points → -5.0" in out and "Ann: 35,800 points → +45.8" in out, out
    _, out, _ = totals(capsys, monkeypatch, ledger, str(m))
    assert "-5.0" in out and "+45.8" in out, out


def test_csv_standings_says_its_units_in_its_headers(league, tmp_path, capsys, monkeypatch):
    ledger, (one, _, three, _) = league
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(one), "--standings", "--db", str(ledger.path))
    unit = "(thousands of points)"
    assert out.splitlines()[:2] == [f"place,player,total (points),score {unit},uma {unit},oka {unit},sticks {unit}",
                                    "1,Ann,45000,55,20,20,0"], out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(three), "--standings", "--db", str(ledger.path))
    assert out.splitlines()[:2] == ["place,player,total (points),standings", "1,Fay,33000,so far"], out
