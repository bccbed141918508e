"""Session 53: `tilelens ledger show` names a riichi hand by its round, as the ledger page does (東1局 0本場, "East 1,
honba 0"), a Donjara hand by its number as the page does (1局目, "Hand 1"); an exhaustive draw's noten payments are
listed with its payments (--json and the text), as a ron's and a tsumo's are."""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger


def show(capsys, monkeypatch, path, match_id, lang, *more):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["ledger", "show", str(match_id), "--db", str(path), *more])
    out, err = capsys.readouterr()
    assert code == 0 and not err, err
    return out


@pytest.fixture
def riichi(tmp_path):
    """A riichi match of five entries: a dealer ron (the dealer keeps the deal, a honba), a tsumo (the deal moves),
    a draw with the dealer noten (the deal moves, a honba), a chombo (dealt again) and a ron."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {1: 2900})  # East 1, honba 0: Ann deals and keeps the deal
    ledger.add_win(m, 1, "tsumo", {0: 1100, 2: 600, 3: 600})  # East 1, honba 1: the deal moves to Bo
    ledger.add_draw(m, tenpai=[2])  # East 2, honba 0: Bo noten, the deal moves to Cy, a honba
    ledger.add_chombo(m, 3, {0: 4000, 1: 4000, 2: 4000})  # East 3, honba 1, dealt again
    ledger.add_win(m, 2, "ron", {3: 1300})  # East 3, honba 1
    return ledger, m


@pytest.mark.parametrize("lang, rounds", [
    ("en", ["East 1, honba 0", "East 1, honba 1", "East 2, honba 0", "East 3, honba 1", "East 3, honba 1"]),
    ("ja", ["東1局 0本場", "東1局 1本場", "東2局 0本場", "東3局 1本場", "東3局 1本場"])])
def test_show_names_a_riichi_hand_by_its_round_as_the_app_does(riichi, capsys, monkeypatch, lang, rounds):
    ledger, m = riichi
    out = show(capsys, monkeypatch, ledger.path, m, lang)
    entries = [line for line in out.splitlines() if line.startswith("  #")]
    assert len(entries) == 5, out
    for entry, (n, said) in zip(entries, enumerate(rounds, 1), strict=True):
        assert entry.startswith(f"  #{n:<3} {said}: "), entry
    assert "Hand " not in out and "局目" not in out, out


def test_the_south_round_is_named_too(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    for winner in (1, 2, 3, 0):  # a non-dealer wins each hand: East 1-4, then South 1
        ledger.add_win(m, winner, "ron", {(winner + 1) % 4: 1000})
    ledger.add_draw(m, tenpai=[0, 1, 2, 3])
    out = show(capsys, monkeypatch, ledger.path, m, "ja")
    assert [line.split(": ")[0].split()[-2:] for line in out.splitlines() if line.startswith("  #")] == [
        ["東1局", "0本場"], ["東2局", "0本場"], ["東3局", "0本場"], ["東4局", "0本場"], ["南1局", "0本場"]]


@pytest.mark.parametrize("lang, said", [("en", "  #1   Hand 1: "), ("ja", "  #1   1局目: ")])
def test_a_donjara_hand_keeps_its_number_as_the_app_says_it(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {2: 100})
    out = show(capsys, monkeypatch, ledger.path, m, lang)
    assert said in out and "East" not in out and "東1局" not in out, out


def test_json_lists_a_draws_noten_payments_as_payments(riichi, capsys, monkeypatch):
    ledger, m = riichi
    data = json.loads(show(capsys, monkeypatch, ledger.path, m, "en", "--json"))
    draw = data["hands"][2]
    assert draw["kind"] == "draw" and draw["tenpai"] == ["Cy"]
    assert sorted((p["from"], p["to"], p["amount"]) for p in draw["payments"]) == [
        ("Ann", "Cy", 1000), ("Bo", "Cy", 1000), ("Di", "Cy", 1000)]
    # the existing keys kept; every hand's payments add up to its change of the totals, a draw's too
    before = dict.fromkeys(data["players"], 25000)
    for row in data["hands"]:
        assert {"entry", "hand", "kind", "win", "winner", "dealt_in", "payments", "tenpai", "totals"} <= set(row)
        after = dict(before)
        for p in row["payments"]:
            after[p["from"]] -= p["amount"]
            after[p["to"]] += p["amount"]
        if row["kind"] != "win":  # a win's totals hold the honba and the sticks too (said in its note)
            assert after == row["totals"], row
        before = row["totals"]


@pytest.mark.parametrize("lang, said", [("en", "Bo pays Cy 1,000 points"), ("ja", "BoがCyに1,000点払う")])
def test_the_text_says_a_draws_noten_payments_too(riichi, capsys, monkeypatch, lang, said):
    ledger, m = riichi
    (line,) = [x for x in show(capsys, monkeypatch, ledger.path, m, lang).splitlines() if x.startswith("  #3 ")]
    assert said in line, line


def test_a_draw_with_everyone_or_no_one_tenpai_lists_no_payment(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=[0, 1, 2, 3])
    ledger.add_draw(m)
    data = json.loads(show(capsys, monkeypatch, ledger.path, m, "en", "--json"))
    assert [row["payments"] for row in data["hands"]] == [[], []]
