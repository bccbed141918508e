"""Session 57 (K2, the club evening's re-walk R1): a match both laptops recorded with different hands is kept twice by a
merge (#2 here, #3 the other laptop's record of it). `ledger totals` counted that table twice without a word: now the
copy is left out of the evening's totals, and the pair is said under them (delete the wrong one); named both, both
are added up and it says that table counts twice. A second merge says the pair is still there. The merge counts hands
as `ledger list` does (a double ron is one hand), the standings CSV gives the sticks left in thousands as the score,
and a totals of final scores says its unit right, every result with as many decimals."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from ledger_fuzz_helpers import run
from recorded_twice_helpers import laptops_recorded_twice

from tilelens.ledger import DrawKeep, Ledger, recorded_twice, rules_for
from tilelens.ledger_merge import merge_ledgers, merge_summary

GAME = "yokai-watch"

# the standings CSV of a match with uma or oka: the total in points, the rest in thousands, each header its unit
STANDINGS_HEAD = ("place,player,total (points),score (thousands of points),uma (thousands of points),"
                  "oka (thousands of points),sticks (thousands of points)")


@pytest.fixture
def twice(tmp_path):
    return laptops_recorded_twice(tmp_path)


def test_the_copy_is_known_as_another_record_of_the_match(twice):
    a, _ = twice
    assert recorded_twice(a.matches()) == {3: 2}
    assert recorded_twice([m for m in a.matches() if m.id != 2]) == {}  # the right one kept, the other deleted


def test_totals_leave_the_copy_out_and_say_the_pair(twice, capsys, monkeypatch):
    a, _ = twice
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(a.path))
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("Player"))
    assert head.split() == ["Player", "#1", "#2", "Total", "Matches"], out  # the table counted once
    fumi = next(line for line in out.splitlines() if line.startswith("Fumi"))
    assert fumi.split()[-2] == "+20", out  # not +20 and -60 added
    assert ("#2 and #3 are one match recorded differently on two laptops: #3 is "
            "left out of these totals, as on every laptop that has both; delete the wrong one (the ledger page: \"Delete this match\")") in out, out
    assert f"tilelens ledger totals 1 3 --db {a.path}" in out, out  # the command to add up #3 in #2's place


def test_totals_in_japanese(twice, capsys, monkeypatch):
    a, _ = twice
    _, out, _ = run(capsys, monkeypatch, "ja", "ledger", "totals", "--db", str(a.path))
    assert "#2と#3は、2台のパソコンで違って記録された同じ対局です。#3はこの合計" \
           "に入れていません (両方があるどのパソコンでも同じ)。間違っているほうを削除してください (成績表のページの「この対局を削除」)" in out, out
    assert "one match" not in out


def test_both_named_are_added_up_and_said_to_count_twice(twice, capsys, monkeypatch):
    a, _ = twice
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "2", "3", "--db", str(a.path))
    assert code == 0
    assert "#2 and #3 are one match recorded differently on two laptops: both are added up here, so that table " \
           "counts twice; delete the wrong one (the ledger page: \"Delete this match\")" in out, out
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(a.path))
    data = json.loads(out)
    assert [m["id"] for m in data["matches"]] == [1, 2]
    assert data["recorded_twice"] == [{"ids": [2, 3], "left_out": [3]}]


def test_a_second_merge_says_the_pair_is_still_here(twice):
    a, b = twice
    report = merge_ledgers(a.path, b.path)
    assert report.twice == ((2, 3),)
    said = "\n".join(merge_summary(report))
    assert "already here: 2" in said
    assert "#2 and #3 here are one match recorded differently on two laptops (both kept at an earlier merge): keep " \
           "the right one and delete the other (the ledger page: \"Delete this match\")" in said, said
    said_ja = "\n".join(merge_summary(report, "ja"))
    assert "ここの #2と#3は、2台のパソコンで違って記録された同じ対局です" in said_ja, said_ja


def test_the_merge_counts_hands_as_the_list_does(tmp_path, capsys, monkeypatch):
    b = Ledger(tmp_path / "b.sqlite")
    m = b.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    b.add_win(m, 1, "ron", {0: 2000})
    b.add_win(m, 2, "ron", {0: 1000})
    b.add_win(m, 3, "ron", {0: 1000}, same_discard=True)  # a double ron: one hand, two entries
    report = merge_ledgers(tmp_path / "a.sqlite", b.path)
    said = "\n".join(merge_summary(report))
    assert "added 1 match (2 hands)" in said and "· 2 hands ·" in said, said
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", str(tmp_path / "a.sqlite"))
    assert "2 hands" in out, out
    b.add_win(m, 0, "ron", {1: 1000})
    b.add_win(m, 2, "ron", {1: 1000}, same_discard=True)
    report = merge_ledgers(tmp_path / "a.sqlite", b.path)  # played on: one hand more, in two entries
    assert "brought up to date: 1 (1 hand added)" in "\n".join(merge_summary(report)), merge_summary(report)


def club_match(ledger, leftover="top"):
    rules = replace(rules_for("tokyo-mahjong"), uma=(20, 10, -10, -20), return_points=30000, laps=1,
                    keep_on_dealer_win=False, keep_on_draw=DrawKeep.NEVER, noten_total=0, leftover_sticks=leftover)
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"], rules)
    ledger.add_win(m, 0, "ron", {3: 15000})
    ledger.add_win(m, 0, "ron", {2: 5000})
    ledger.add_win(m, 1, "ron", {2: 5000})
    ledger.add_draw(m, riichi=(3,))
    return m


def test_standings_csv_gives_the_sticks_in_thousands(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = club_match(ledger)
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(m), "--standings", "--db", str(ledger.path))
    assert out.splitlines()[:2] == [STANDINGS_HEAD, "1,Ann,45000,56,20,20,1"], out


def test_totals_of_final_scores_say_thousands_and_one_decimal_for_all(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = club_match(ledger, leftover="nobody")
    plain = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])  # no options: (total - 25,000) / 1,000
    ledger.add_win(plain, 1, "ron", {0: 8300})
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(m), str(plain), "--db", str(ledger.path))
    assert out.startswith("Matches (results in thousands of points): "), out
    assert "Matches (points)" not in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.split()[:1] in (["Ann"], ["Bo"])}
    assert rows == {"Ann": ["+55.0", "-8.3", "+46.7", "2"], "Bo": ["+10.0", "+8.3", "+18.3", "2"]}, out
    _, out, _ = run(capsys, monkeypatch, "ja", "ledger", "totals", str(m), str(plain), "--db", str(ledger.path))
    assert out.startswith("対局 (成績は千点単位): "), out


def test_a_conflict_names_its_hands_as_the_list_does(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    a.add_win(m, 1, "ron", {0: 2000})
    a.add_win(m, 2, "ron", {0: 1000})
    a.add_win(m, 3, "ron", {0: 1000}, same_discard=True)  # hand 2, in two entries
    b_path = tmp_path / "b.sqlite"
    b_path.write_bytes(a.path.read_bytes())
    a.add_win(m, 0, "ron", {1: 1000})
    Ledger(b_path).add_win(m, 1, "ron", {0: 1000})
    said = "\n".join(merge_summary(merge_ledgers(a.path, b_path)))
    assert "their hands differ from hand 3 (here 3 hands, there 3)" in said, said
