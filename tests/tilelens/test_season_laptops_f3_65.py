"""Session 65, F3 (walk W2: a riichi club's season over three laptops): one match recorded twice by a merge counts its
finished record, not a copy stopped mid-match, on every laptop and in either merge order; a season's header names the
matches under way; `csv ID --standings` of a match under way says its standings are so far; `totals` notes a name
that another laptop's record of the same match gives otherwise (a rename there); `list` lists by when the matches
started, not by their numbers."""
from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import Ledger, recorded_twice
from tilelens.ledger_merge import merge_ledgers

GAME = "tokyo-mahjong"
FOUR = ["Aki", "Ben", "Dai", "Fumi"]


def _hand_time(ledger: Ledger, match_id: int, seq: int, when: float) -> None:
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET created = ? WHERE match_id = ? AND seq = ?", (when, match_id, seq))


def stopped_and_finished(tmp_path):
    """Laptop A stopped the match after its 2nd hand (entered otherwise, and earlier, than B's); B played it to its end
    (Ben falls below 0). Each then merged into the other: each holds its own record as #1, the other's as #2."""
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, FOUR)
    a.add_win(m, 0, "ron", {1: 1000})
    started(a, m, at(6, 19, 0))
    _hand_time(a, m, 0, at(6, 19, 10))
    b = Ledger(tmp_path / "b.sqlite")
    b.path.write_bytes(a.path.read_bytes())
    a.add_win(m, 2, "ron", {3: 2000})  # A: Dai's ron from Fumi, then the laptop was closed
    b.add_win(m, 3, "ron", {1: 30000})  # B: Fumi's ron from Ben, who falls below 0: the match ends
    _hand_time(a, m, 1, at(6, 19, 20))  # A's differing hand recorded earlier: the rule before took A's as the first
    _hand_time(b, m, 1, at(6, 19, 25))
    assert not a.state(m).ended and b.state(m).ended
    a_before = tmp_path / "a-before.sqlite"
    a_before.write_bytes(a.path.read_bytes())
    conflicts = [merge_ledgers(a.path, b.path), merge_ledgers(b.path, a_before)]
    assert [[(c.here, c.ours) for c in r.conflicts] for r in conflicts] == [[(1, 2)], [(1, 2)]]
    assert all("differ" in c.why for r in conflicts for c in r.conflicts)  # the conflict is still said
    return a, b


def test_a_finished_record_is_counted_over_a_stopped_one_on_every_laptop(tmp_path, capsys, monkeypatch):
    a, b = stopped_and_finished(tmp_path)
    # A's #2 and B's #1 are B's finished record: the first one, on both laptops
    assert recorded_twice(a.matches()) == {1: 2}
    assert recorded_twice(b.matches()) == {2: 1}
    for ledger, finished, copy in ((a, 2, 1), (b, 1, 2)):
        assert ledger.first_record(ledger.match(copy)) == finished
        assert ledger.first_record(ledger.match(finished)) is None
        code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(ledger.path))
        assert code == 0, err
        got = json.loads(out)
        assert [m["id"] for m in got["matches"]] == [finished]
        assert got["recorded_twice"] == [{"ids": [finished, copy], "left_out": [copy]}]
        assert {p["name"]: p["total"] for p in got["players"]} == {"Fumi": 30000, "Aki": 1000, "Dai": 0, "Ben": -31000}
        for lang, mark in (("en", f"(another record of #{finished})"), ("ja", f"(#{finished}の別の記録)")):
            code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(ledger.path))
            lines = {line.split(" ")[0]: line for line in out.splitlines()}
            assert mark in lines[f"#{copy}"] and mark not in lines[f"#{finished}"], out
        code, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--json", "--db", str(ledger.path))
        assert {m["id"]: m["copy_of"] for m in json.loads(out)} == {finished: None, copy: finished}


def test_a_merge_says_the_finished_record_first(tmp_path):
    a, b = stopped_and_finished(tmp_path)
    again = merge_ledgers(a.path, b.path)  # already here: the pair said again, the finished record first
    assert again.twice == ((2, 1),)


def _busted(ledger: Ledger, when: float) -> int:
    m = ledger.new_match(GAME, FOUR)
    ledger.add_win(m, 0, "ron", {1: 30000})  # Ben falls below 0: ended
    started(ledger, m, when)
    return m


@pytest.mark.parametrize("lang, said", [("en", "1 under way: #{id}"), ("ja", "対局中 1: #{id}")])
def test_a_season_header_names_the_match_under_way(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "l.sqlite")
    ids = [_busted(ledger, at(1 + day, 19)) for day in range(13)]
    under = ledger.new_match(GAME, FOUR)
    ledger.add_win(under, 2, "ron", {3: 1000})
    started(ledger, under, at(20, 19))
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--since", "2026-12-01", "--db",
                         str(ledger.path))
    assert code == 0, err
    assert said.format(id=under) in out.splitlines()[0], out
    ledger.end_match(under)
    _, out, _ = run(capsys, monkeypatch, lang, "ledger", "totals", "--since", "2026-12-01", "--db", str(ledger.path))
    assert f"#{under}" not in out.splitlines()[0] and len(ids) == 13


def test_standings_of_a_match_under_way_say_so_far(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "l.sqlite")
    done = _busted(ledger, at(1, 19))
    under = ledger.new_match(GAME, FOUR)
    ledger.add_win(under, 2, "ron", {3: 1000})
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(under), "--standings", "--db", str(ledger.path))
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["place", "player", "total (points)", "standings"]  # the columns before it as they were
    assert rows[1] == ["1", "Dai", "26000", "so far"] and all(r[-1] == "so far" for r in rows[1:])
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "csv", str(done), "--standings", "--db", str(ledger.path))
    assert list(csv.reader(io.StringIO(out)))[0] == ["place", "player", "total (points)"]  # final: as before


@pytest.mark.parametrize("lang, said", [
    ("en", "Fumj (#{id}) is Fumi in another laptop's record of that match"),
    ("ja", "#{id}のFumjは、ほかのパソコンの記録ではFumiです")])
def test_totals_note_a_name_another_laptop_renamed(tmp_path, capsys, monkeypatch, lang, said):
    one = Ledger(tmp_path / "one.sqlite")
    typo = one.new_match(GAME, ["Aki", "Fumj", "Chie", "Dai"])
    one.add_win(typo, 0, "ron", {1: 1000})
    started(one, typo, at(6, 19))
    two = Ledger(tmp_path / "two.sqlite")
    merge_ledgers(two.path, one.path)  # laptop two takes the match with the typo
    later = two.new_match(GAME, FOUR)
    two.add_win(later, 3, "ron", {0: 1000})
    started(two, later, at(6, 20))
    one.rename_player(typo, "Fumj", "Fumi")  # corrected on laptop one
    merge_ledgers(two.path, one.path)  # two keeps its name (said by the merge)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(two.path))
    assert code == 0, err
    (note,) = [line for line in out.splitlines() if "Fumj" in line and "Fumi" in line]
    assert said.format(id=typo) in note and ("Rename" in note or "名前を直す" in note), out
    # laptop one (the name corrected there) has nothing to say: its Fumj is no player of its totals
    merge_ledgers(one.path, two.path)
    _, out, _ = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(one.path))
    assert "Fumj" not in out, out


def test_list_is_by_start_not_by_number(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "l.sqlite")
    late = _busted(ledger, at(27, 19))  # #1: merged in first, started last
    early = _busted(ledger, at(13, 19))
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", str(ledger.path))
    assert [line.split(" ")[0] for line in out.splitlines()] == [f"#{late}", f"#{early}"]
    third = _busted(ledger, at(20, 19))
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", str(ledger.path))
    assert [line.split(" ")[0] for line in out.splitlines()] == [f"#{late}", f"#{third}", f"#{early}"]
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--json", "--db", str(ledger.path))
    assert [m["id"] for m in json.loads(out)] == [late, third, early]
