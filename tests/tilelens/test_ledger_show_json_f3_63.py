"""Session 63 (F3): `tilelens ledger show --json` for scripts. Each hand's row had its payments and the totals after it,
not what it changed for each player (riichi sticks put down and taken included), the sticks on the table after it, nor
who took them; the match had no ``copy_of`` (a match kept twice by a merge, as `list --json` says it) nor the hands
undone in it; ``options`` was there only for a match with uma or oka. Now every key is there in every match (null or
[] where none), checked here against the ledger's own replay (``Ledger.table``), through the command line."""
from __future__ import annotations

import json
from datetime import datetime

import pytest
from ledger_fuzz_helpers import run
from recorded_twice_helpers import laptops_recorded_twice

from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND_KEYS = {"entry", "id", "hand", "round", "honba", "dealer", "kind", "win", "same_discard", "nagashi", "winner",
             "dealt_in", "chombo_by", "payments", "riichi", "tenpai", "note", "totals", "changes", "pot",
             "sticks_taken", "sticks_to"}
MATCH_KEYS = {"id", "game", "players", "created", "copy_of", "hands", "undone", "hands_played", "totals", "standings",
              "options", "pot", "ended", "end_reason", "end_reason_ja", "dealer", "honba", "unit"}


def show(capsys, monkeypatch, ledger: Ledger, match_id: int, lang: str = "en") -> dict:
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", str(match_id), "--json", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert out.count("\n") == 1, out
    return json.loads(out)


@pytest.fixture
def riichi(tmp_path):
    """A riichi match: Ann's ron with Ann and Cy in riichi, a draw with Bo in riichi and tenpai (his stick left on the
    table), Cy's tsumo (taking it), then a chombo."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(m, 0, "ron", {1: 2900}, riichi=[0, 2])
    ledger.add_draw(m, riichi=[1], tenpai=[1])
    ledger.add_win(m, 2, "tsumo", {0: 1100, 1: 1100, 3: 1100})
    ledger.add_chombo(m, 3, {0: 4000, 1: 4000, 2: 4000})
    return ledger, m


def test_every_key_is_there_in_every_hand(riichi, capsys, monkeypatch):
    ledger, m = riichi
    data = show(capsys, monkeypatch, ledger, m)
    assert set(data) == MATCH_KEYS
    assert data["copy_of"] is None and data["undone"] == [] and data["options"] is None
    for row in data["hands"]:
        assert set(row) == HAND_KEYS, row


def test_each_hands_changes_and_pot_are_the_replays(riichi, capsys, monkeypatch):
    ledger, m = riichi
    data = show(capsys, monkeypatch, ledger, m)
    state, hands = ledger.table(m)
    assert [row["id"] for row in data["hands"]] == [hand.id for hand in hands]
    start = state.history[0]
    pot = 0
    for row, before, after in zip(data["hands"], state.history[:-1], state.history[1:], strict=True):
        assert row["changes"] == {p: b - a for p, a, b in zip(PLAYERS, before, after, strict=True)}, row
        # what leaves the players' totals is on the table: points are neither made nor lost
        assert row["pot"] == sum(start) - sum(after)
        assert sum(row["changes"].values()) == pot - row["pot"]
        pot = row["pot"]
    assert data["hands"][-1]["pot"] == state.pot == data["pot"]


def test_the_sticks_go_to_the_winner_who_took_them(riichi, capsys, monkeypatch):
    ledger, m = riichi
    match = ledger.match(m)
    chip = match.rules.riichi_chip
    ron, draw, tsumo, chombo = show(capsys, monkeypatch, ledger, m)["hands"]
    # Ann's ron: her stick and Cy's, both taken by her at once (the pot empty after it)
    assert (ron["sticks_taken"], ron["sticks_to"], ron["pot"]) == (2 * chip, "Ann", 0)
    assert ron["changes"]["Cy"] == -chip
    assert ron["changes"]["Ann"] == sum(p["amount"] for p in ron["payments"]) + chip  # her own stick back, Cy's won
    # the draw: Bo's stick stays on the table; Cy's tsumo takes it
    assert (draw["sticks_taken"], draw["sticks_to"], draw["pot"]) == (0, None, chip)
    assert (tsumo["sticks_taken"], tsumo["sticks_to"], tsumo["pot"]) == (chip, "Cy", 0)
    assert tsumo["changes"]["Cy"] == sum(p["amount"] for p in tsumo["payments"]) + chip
    assert (chombo["sticks_taken"], chombo["sticks_to"]) == (0, None)
    assert chombo["changes"]["Di"] == -sum(p["amount"] for p in chombo["payments"])


def test_a_double_ron_gives_the_sticks_to_the_nearer_winner(tmp_path, capsys, monkeypatch):
    """Bo discards after a draw (Ann and Cy tenpai in riichi): Di entered first, then Cy, nearer Bo, who takes the
    sticks (the head bump) in the entry of the discard's last winner."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_draw(m, tenpai=(0, 2), riichi=(0, 2))
    ledger.add_win(m, 3, "ron", {1: 2300})
    ledger.add_win(m, 2, "ron", {1: 5200}, same_discard=True, honba=0)
    chip = ledger.match(m).rules.riichi_chip
    draw, first, second = show(capsys, monkeypatch, ledger, m)["hands"]
    assert draw["pot"] == 2 * chip
    assert (first["winner"], first["sticks_taken"], first["sticks_to"], first["pot"]) == ("Di", 0, None, 2 * chip)
    assert (second["winner"], second["same_discard"]) == ("Cy", True)
    assert (second["sticks_taken"], second["sticks_to"], second["pot"]) == (2 * chip, "Cy", 0)


def test_a_donjara_match_says_its_chips_alike(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(m, riichi=[1])
    ledger.add_win(m, 0, "ron", {2: 60}, riichi=[0])
    chip = ledger.match(m).rules.riichi_chip
    data = show(capsys, monkeypatch, ledger, m)
    assert set(data) == MATCH_KEYS and all(set(row) == HAND_KEYS for row in data["hands"])
    draw, win = data["hands"]
    assert (draw["pot"], win["sticks_taken"], win["sticks_to"], win["pot"]) == (chip, 2 * chip, "Ann", 0)
    assert win["changes"] == {"Ann": 60 + chip, "Bo": 0, "Cy": -60, "Di": 0}


def test_a_hand_undone_is_named_with_when(riichi, capsys, monkeypatch):
    ledger, m = riichi
    last = ledger.hands(m)[-1]
    assert ledger.undo(m)
    data = show(capsys, monkeypatch, ledger, m)
    assert last.id not in [row["id"] for row in data["hands"]]
    (undone,) = data["undone"]
    assert set(undone) == {"id", "undone"} and undone["id"] == last.id
    assert datetime.fromisoformat(undone["undone"]).tzinfo is not None, undone
    ledger.restore(m, last)  # brought back: no longer undone
    again = show(capsys, monkeypatch, ledger, m)
    assert again["undone"] == [] and again["hands"][-1]["id"] == last.id


def test_copy_of_names_the_first_record_as_list_does(tmp_path, capsys, monkeypatch):
    twice = laptops_recorded_twice(tmp_path)[0]
    _, out, _ = run(capsys, monkeypatch, "en", "ledger", "list", "--json", "--db", str(twice.path))
    listed = {m["id"]: m["copy_of"] for m in json.loads(out)}
    assert listed == {1: None, 2: None, 3: 2}
    assert {i: show(capsys, monkeypatch, twice, i)["copy_of"] for i in listed} == listed
    twice.delete_match(2)  # the wrong record dropped: the other no longer a copy
    assert show(capsys, monkeypatch, twice, 3)["copy_of"] is None


def test_the_json_is_the_same_in_japanese(riichi, capsys, monkeypatch):
    ledger, m = riichi
    ledger.undo(m)
    assert show(capsys, monkeypatch, ledger, m, "ja") == show(capsys, monkeypatch, ledger, m, "en")


@pytest.mark.parametrize("stored", ["not a time", 1e300])
def test_an_undo_time_stored_wrong_is_null_not_a_traceback(riichi, capsys, monkeypatch, stored):
    import sqlite3

    ledger, m = riichi
    last = ledger.hands(m)[-1]
    ledger.undo(m)
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE tilelens_undone SET undone = ?", (stored,))
    assert show(capsys, monkeypatch, ledger, m)["undone"] == [{"id": last.id, "undone": None}]
