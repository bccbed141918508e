"""Session 55: an evening's totals across matches. A walker played three Cinderella Girls matches (one ended early,
the last with three players, started after midnight) and summed each player's results by hand, each relative to its
match's start: Ann +35 -188 -4 = -157, Ben -34 +68 +0 = +34, Chika +18 -20 +4 = +2, Daiki -19 +140 = +121 (he left
before match 3). ``tilelens.ledger.evening_totals`` sums them; `tilelens ledger totals` prints them."""
from __future__ import annotations

import json

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started, walkers_evening

from tilelens.ledger import (DEFAULT_RULES, EveningTotals, HandKind, HandRecord, Ledger, LedgerError, Match,
                             evening_matches, evening_of, evening_totals, replay)


@pytest.fixture
def evening(tmp_path):
    """The walker's evening (#2, #3, #4), after a match of another evening (#1)."""
    ledger, (old, one, two, three) = walkers_evening(Ledger(tmp_path / "ledger.sqlite"))
    assert ledger.state(two).ended  # Ann fell to -88: the match ended early
    return ledger, (old, one, two, three)


def tables(ledger, ids):
    read = ledger.tables([ledger.match(i) for i in ids])
    return [(ledger.match(i), read[i][0]) for i in ids]


def test_the_walkers_evening_is_summed_per_player_relative_to_each_start(evening):
    ledger, (_, one, two, three) = evening
    totals = evening_totals(tables(ledger, [one, two, three]))
    assert isinstance(totals, EveningTotals)
    assert [m.id for m in totals.matches] == [one, two, three]
    assert [(p.name, p.nets, p.total) for p in totals.players] == [  # the highest total first
        ("Daiki", (-19, 140, None), 121), ("Ben", (-34, 68, 0), 34), ("Chika", (18, -20, 4), 2),
        ("Ann", (35, -188, -4), -157)]
    assert totals.units == {"en": "x10,000 fans", "ja": "万"}
    assert totals.look_alike == ()


def test_the_matches_are_in_the_order_they_were_played_whatever_order_given(evening):
    ledger, (_, one, two, three) = evening
    totals = evening_totals(tables(ledger, [three, one, two]))
    assert [m.id for m in totals.matches] == [one, two, three]
    assert totals.players[0].nets == (-19, 140, None)


def test_a_player_absent_from_a_match_has_no_entry_there_not_0(evening):
    ledger, (_, _, two, three) = evening
    totals = evening_totals(tables(ledger, [two, three]))
    daiki = next(p for p in totals.players if p.name == "Daiki")
    assert daiki.nets == (140, None) and daiki.total == 140


def test_matches_in_different_units_are_refused_in_one_message(evening):
    ledger, (_, one, two, _) = evening
    riichi = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Chika", "Daiki"])
    with pytest.raises(LedgerError) as caught:
        evening_totals(tables(ledger, [one, two, riichi]))
    said, said_ja = str(caught.value), caught.value.message_ja
    assert "\n" not in said and "x10,000 fans" in said and "points" in said
    assert f"#{one}" in said and f"#{riichi}" in said
    assert "万" in said_ja and "点" in said_ja and f"#{riichi}" in said_ja


def test_each_match_counts_from_its_own_start(evening):
    """A riichi match starts at 25,000: a player at 33,000 is +8,000, not +32,900."""
    ledger, _ = evening
    a = ledger.new_match("tokyo-mahjong", ["Ann", "Ben"] + ["Cy", "Di"])
    ledger.add_win(a, 0, "ron", {1: 8000})
    b = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cy"])
    ledger.add_win(b, 1, "ron", {0: 1000})
    totals = evening_totals(tables(ledger, [a, b]))
    assert {p.name: (p.nets, p.total) for p in totals.players} == {
        "Ann": ((8000, -1000), 7000), "Ben": ((-8000, 1000), -7000), "Cy": ((0, 0), 0), "Di": ((0, None), 0)}
    assert totals.units == {"en": "points", "ja": "点"}


def test_names_are_matched_as_typed_and_look_alikes_are_said():
    """A match may seat "Ann" and "ann" as two players, so case tells no one apart: names are matched exactly;
    names that differ only in case or width, never at one table, are said (to rename one where they are one)."""
    rules = DEFAULT_RULES["yokai-watch"]
    first = Match(1, "yokai-watch", ("Ann", "Bo"), rules, at(6, 19))
    second = Match(2, "yokai-watch", ("ann", "ＢＯ"), rules, at(6, 20))
    both = Match(3, "yokai-watch", ("Cy", "cy"), rules, at(6, 21))
    won = replay(2, rules, [HandRecord(0, HandKind.WIN, 0, "ron", {1: 100})])
    totals = evening_totals([(first, won), (second, won), (both, won)])
    assert [p.name for p in totals.players] == ["Ann", "ann", "Cy", "Bo", "ＢＯ", "cy"]
    assert totals.look_alike == (("Ann", "ann"), ("Bo", "ＢＯ"))  # Cy and cy sat at one table: two players


def test_no_match_sums_to_nothing():
    totals = evening_totals([])
    assert totals.matches == () and totals.players == ()


def test_an_evening_runs_past_midnight_to_5_in_the_morning():
    assert [str(evening_of(at(7, h, 30))) for h in (0, 4, 5, 19)] == ["2026-12-06", "2026-12-06", "2026-12-07",
                                                                      "2026-12-07"]


def test_the_evening_of_the_newest_match_is_chosen(evening):
    ledger, (old, one, two, three) = evening
    matches = ledger.matches()
    assert [m.id for m in evening_matches(matches)] == [one, two, three]  # oldest first
    from datetime import date

    assert [m.id for m in evening_matches(matches, since=date(2026, 12, 1))] == [old, one, two, three]
    assert evening_matches([]) == []


# --- the command: `tilelens ledger totals` ---

def test_totals_prints_a_column_per_match_and_a_total(evening, capsys, monkeypatch):
    ledger, (old, one, two, three) = evening
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and not err, err
    lines = out.splitlines()
    head = next(line for line in lines if line.startswith("Player"))
    assert head.split() == ["Player", f"#{one}", f"#{two}", f"#{three}", "Total", "Matches"]
    rows = [line.split() for line in lines[lines.index(head) + 1:] if line.strip()][:4]
    assert rows == [["Daiki", "-19", "+140", "-", "+121", "2"], ["Ben", "-34", "+68", "0", "+34", "3"],
                    ["Chika", "+18", "-20", "+4", "+2", "3"], ["Ann", "+35", "-188", "-4", "-157", "3"]]
    assert "x10,000 fans" in out and f"#{old}" not in out  # another evening's match left out


def test_totals_in_japanese(evening, capsys, monkeypatch):
    ledger, _ = evening
    code, out, err = run(capsys, monkeypatch, "ja", "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and not err, err
    head = next(line for line in out.splitlines() if line.startswith("プレイヤー"))
    assert head.split()[-2:] == ["合計", "対局数"] and "万" in out


def test_totals_of_the_matches_named(evening, capsys, monkeypatch):
    ledger, (old, one, _, _) = evening
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", str(old), f"#{one}", "--db", str(ledger.path))
    assert code == 0 and not err, err
    head = next(line for line in out.splitlines() if line.startswith("Player"))
    assert head.split() == ["Player", f"#{old}", f"#{one}", "Total", "Matches"]
    ann = next(line for line in out.splitlines() if line.startswith("Ann"))
    assert ann.split() == ["Ann", "+50", "+35", "+85", "2"]


def test_totals_since_a_date(evening, capsys, monkeypatch):
    ledger, (old, *_), = evening
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--since", "2026-12-01", "--json",
                       "--db", str(ledger.path))
    assert code == 0
    assert [m["id"] for m in json.loads(out)["matches"]][0] == old


def test_totals_json_is_one_line_with_no_entry_for_an_absent_player(evening, capsys, monkeypatch):
    ledger, (_, one, two, three) = evening
    code, out, err = run(capsys, monkeypatch, "ja", "ledger", "totals", "--json", "--db", str(ledger.path))
    assert code == 0 and not err and out.count("\n") == 1
    data = json.loads(out)
    assert [m["id"] for m in data["matches"]] == [one, two, three]
    assert data["matches"][1]["ended"] is True and data["matches"][0]["start_points"] == 100
    assert data["unit"] == {"en": "x10,000 fans", "ja": "万"}
    assert data["players"][0] == {"name": "Daiki", "nets": {str(one): -19, str(two): 140}, "total": 121, "played": 2,
                                  "places": [1, 0, 1, 0]}
    assert [p["total"] for p in data["players"]] == [121, 34, 2, -157]


def test_totals_of_different_units_is_one_line_exit_2(evening, capsys, monkeypatch):
    ledger, (_, one, _, _) = evening
    riichi = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Chika", "Daiki"])
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", str(one), str(riichi),
                         "--db", str(ledger.path))
    assert code == 2 and not out
    assert err.count("\n") == 1 and "x10,000 fans" in err and "points" in err and "Traceback" not in err


@pytest.mark.parametrize("lang, word", [("en", "YYYY-MM-DD"), ("ja", "YYYY-MM-DD")])
def test_a_since_that_is_no_date_is_one_line_exit_2(evening, capsys, monkeypatch, lang, word):
    ledger, _ = evening
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--since", "yesterday",
                         "--db", str(ledger.path))
    assert code == 2 and not out and err.count("\n") == 1 and word in err and "yesterday" in err
    if lang == "ja":
        assert "日付" in err


def test_ids_and_since_together_are_refused(evening, capsys, monkeypatch):
    ledger, (_, one, _, _) = evening
    code, _, err = run(capsys, monkeypatch, "en", "ledger", "totals", str(one), "--since", "2026-12-01",
                       "--db", str(ledger.path))
    assert code == 2 and err.count("\n") == 1 and "--since" in err


def test_an_unknown_id_is_exit_2(evening, capsys, monkeypatch):
    ledger, _ = evening
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "99", "--db", str(ledger.path))
    assert code == 2 and not out and "99" in err


def test_totals_before_any_match_says_so_exit_0(tmp_path, capsys, monkeypatch):
    from ledger_helpers import app_home

    app_home(tmp_path, monkeypatch)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals")
    assert code == 0 and "no matches yet" in out
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--json")
    assert code == 0 and json.loads(out)["players"] == []


def test_a_match_with_no_hand_is_left_out_of_the_evening_unless_named(evening, capsys, monkeypatch):
    ledger, (_, one, two, three) = evening
    empty = ledger.new_match("cinderella-neo", ["Eve", "Fay"])
    started(ledger, empty, at(7, 1))
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(ledger.path))
    assert [m["id"] for m in json.loads(out)["matches"]] == [one, two, three]
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", str(empty), "--json", "--db", str(ledger.path))
    assert [m["id"] for m in json.loads(out)["matches"]] == [empty]


def test_the_help_lists_totals(capsys):
    from tilelens.cli import main

    with pytest.raises(SystemExit):
        main(["ledger", "--help"])
    out = capsys.readouterr().out
    assert "totals" in out and "tilelens ledger totals [ID ...] [--since YYYY-MM-DD]" in out


def test_a_match_stored_wrong_that_evening_is_named_and_left_out_exit_2(evening, capsys, monkeypatch):
    from ledger_fuzz_helpers import edit

    ledger, (_, one, two, three) = evening
    edit(ledger, "UPDATE hands SET winner = 9 WHERE match_id = ?", two)  # a seat not at the table
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(ledger.path))
    assert code == 2 and f"#{two}" in err and err.count("\n") == 1
    assert [m["id"] for m in json.loads(out)["matches"]] == [one, three]
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", str(two), "--db", str(ledger.path))
    assert code == 2 and not out and f"#{two}" in err  # named: nothing added up
