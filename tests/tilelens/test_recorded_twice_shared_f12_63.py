"""A match two laptops recorded differently is kept twice by a merge, on each laptop its own record under the lower
number and the other laptop's beside it. `recorded_twice` counted the lower number, so after merging both ways the
same evening added up to other totals on each laptop (Fujii +64,179 on one, +43,279 on the other). Now every laptop
counts the same record: the one whose hands, compared in order, part from the other's at a hand recorded earlier; the
other is left out (``copy_of``, "left_out") on each alike. `ledger csv --all` reads every match's hands in one query
(it read them per match), the same bytes written."""
from __future__ import annotations

import json

from ledger_fuzz_helpers import run
from recorded_twice_helpers import merged_both_ways

from tilelens.ledger import Ledger, csv_bytes
from tilelens.ledger_merge import merge_ledgers


def totals(capsys, monkeypatch, ledger: Ledger) -> dict:
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(ledger.path))
    assert code == 0, err
    return json.loads(out)


def counted(data: dict, ledger: Ledger) -> tuple:
    """What `totals --json` says, the match ids (each laptop's own numbers) said as the records they are: each
    match's first hands' winners and payments, so that two laptops' totals compare."""
    def record(match_id: int) -> tuple:
        return tuple((h.winner, tuple(sorted(h.payments.items()))) for h in ledger.hands(match_id))

    players = {p["name"]: (p["total"], {record(int(i)): n for i, n in p["nets"].items()}) for p in data["players"]}
    twice = [([record(i) for i in pair["ids"]], [record(i) for i in pair["left_out"]])
             for pair in data["recorded_twice"]]
    return [record(m["id"]) for m in data["matches"]], players, twice


def test_totals_are_the_same_on_both_laptops_b_first(tmp_path, capsys, monkeypatch):
    a, b = merged_both_ways(tmp_path, b_first=True)
    on_a, on_b = totals(capsys, monkeypatch, a), totals(capsys, monkeypatch, b)
    assert counted(on_a, a) == counted(on_b, b)
    # B's record (its hand recorded first) counted on both: Fumi paid Goro 60
    fumi = {p["name"]: p["total"] for p in on_a["players"]}["Fumi"]
    assert fumi == -60, on_a
    assert on_a["recorded_twice"] == [{"ids": [3, 2], "left_out": [2]}], on_a  # A's own record left out on A
    assert on_b["recorded_twice"] == [{"ids": [2, 3], "left_out": [3]}], on_b


def test_totals_are_the_same_on_both_laptops_a_first(tmp_path, capsys, monkeypatch):
    a, b = merged_both_ways(tmp_path, b_first=False)
    on_a, on_b = totals(capsys, monkeypatch, a), totals(capsys, monkeypatch, b)
    assert counted(on_a, a) == counted(on_b, b)
    assert {p["name"]: p["total"] for p in on_b["players"]}["Fumi"] == 20, on_b  # A's record counted


def test_list_and_show_name_the_same_record_as_the_copy(tmp_path, capsys, monkeypatch):
    a, b = merged_both_ways(tmp_path, b_first=True)
    copies = {}
    for name, ledger in (("a", a), ("b", b)):
        _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--json", "--db", str(ledger.path))
        by_id = {m["id"]: m["copy_of"] for m in json.loads(out)}
        copies[name] = {i: first for i, first in by_id.items() if first is not None}
        for copy, first in copies[name].items():
            _, shown, _ = run(capsys, monkeypatch, "en", "ledger", "show", str(copy), "--json", "--db",
                              str(ledger.path))
            assert json.loads(shown)["copy_of"] == first
    assert copies == {"a": {2: 3}, "b": {3: 2}}  # A's record the copy on both: #2 on A, #3 on B
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--db", str(a.path))
    line = next(line for line in out.splitlines() if line.startswith("#2 "))
    assert "from another laptop" not in line, out  # A's own record: not said to come from another laptop


def test_a_merge_says_the_pair_in_the_same_order(tmp_path):
    a, b = merged_both_ways(tmp_path, b_first=True)
    assert merge_ledgers(a.path, b.path).twice == ((3, 2),)  # (the one counted, the copy)
    assert merge_ledgers(b.path, a.path).twice == ((2, 3),)


def test_csv_all_reads_the_hands_once(tmp_path, capsys, monkeypatch):
    a, _ = merged_both_ways(tmp_path, b_first=True)
    one_by_one = {m.id: a.to_csv(m.id) for m in a.matches()}
    reads = []
    hands = Ledger.hands
    monkeypatch.setattr(Ledger, "hands", lambda self, match_id: reads.append(match_id) or hands(self, match_id))
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "csv", "--all", "--out", str(tmp_path / "csv"),
                         "--db", str(a.path))
    assert code == 0, err
    assert reads == []
    for match_id, text in one_by_one.items():
        assert (tmp_path / "csv" / f"tilelens-match-{match_id}.csv").read_bytes() == csv_bytes(text)
