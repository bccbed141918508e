"""A re-walk of the ledger (52): a nagashi mangan said by `ledger show` (text and JSON: names, not a seat number, and
its payments); a deleted match brought back under a new id where its own is taken; a hand brought back after a
rename names the players as they are called now; no comma in a new name; TILELENS_LEDGER ending in "/" is a folder."""
from __future__ import annotations

import json

import pytest

from tilelens.ledger import Ledger, LedgerError, note_said, yaku_note
from tilelens.ledger_cli import main, show_json, show_text


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def test_show_says_a_nagashi_mangan_with_its_payments(ledger):
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=[0, 2], nagashi=[2])
    match = ledger.match(m)
    state, hands = ledger.table(m)
    text = show_text(match, hands, state, "en")
    line = next(x for x in text.splitlines() if "East 1, honba 0" in x)
    assert "draw · nagashi mangan: Cy" in line, line
    assert "Ann pays Cy 4,000" in line and "Bo pays Cy 2,000" in line, line
    ja = next(x for x in show_text(match, hands, state, "ja").splitlines() if "東1局 0本場" in x)
    assert "流局 · 流し満貫: Cy" in ja, ja
    (row,) = show_json(match, hands, state)["hands"]
    assert row["nagashi"] == ["Cy"]
    assert "nagashi:" not in json.dumps(row)  # no seat number where every other field names the player
    assert sorted((p["from"], p["to"], p["amount"]) for p in row["payments"]) == [
        ("Ann", "Cy", 4000), ("Bo", "Cy", 2000), ("Di", "Cy", 2000)]
    paid = {p: 0 for p in match.players}
    for p in row["payments"]:
        paid[p["from"]] -= p["amount"]
        paid[p["to"]] += p["amount"]
    assert [25000 + paid[p] for p in match.players] == list(state.totals)  # they add up to the totals


def test_a_draw_without_nagashi_has_no_nagashi_in_json(ledger):
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=[0])
    match = ledger.match(m)
    state, hands = ledger.table(m)
    (row,) = show_json(match, hands, state)["hands"]
    assert row["nagashi"] == []


def test_a_deleted_match_comes_back_under_a_new_id_where_its_own_is_taken(tmp_path):
    first = Ledger(tmp_path / "a.sqlite")
    m = first.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    first.add_win(m, 0, "ron", {1: 3900})
    deleted = first.delete_match(m)
    (tmp_path / "a.sqlite").rename(tmp_path / "a-old.sqlite")  # the file moved aside, a new ledger started there
    first = Ledger(tmp_path / "a.sqlite")
    taken = first.new_match("tokyo-mahjong", ["Eve", "Fay", "Gus", "Hal"])
    assert taken == m
    back = first.restore_match(deleted)
    assert back != m
    assert first.match(back).players == ("Ann", "Bo", "Cy", "Di")
    assert first.hands(back)[0].payments == {1: 3900}
    assert first.match(m).players == ("Eve", "Fay", "Gus", "Hal")  # the other match untouched
    with pytest.raises(LedgerError):  # brought back once: a second tap brings back no copy
        first.restore_match(deleted)
    assert len(first.matches()) == 2


def test_a_hand_brought_back_after_a_rename_names_the_players_as_called_now(ledger):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cyy"])
    ledger.add_win(m, 1, "tsumo", {0: 40, 2: 40},
                   note=yaku_note([("基本セット", "Basic set")], remainder_payers=["Cyy"]))
    players = ledger.match(m).players
    hand = ledger.hands(m)[-1]
    ledger.undo(m)
    ledger.rename_player(m, "Cyy", "Cy")
    ledger.restore(m, hand, expected_hands=0, expected_last=None, players=players)
    assert note_said(ledger.hands(m)[-1].note, "en").endswith("remainder paid by Cy")


@pytest.mark.parametrize("new", ["Bo, Cy", "Bo、Cy", "Bo，Cy"])
def test_a_new_name_with_a_comma_is_refused_in_both_languages(ledger, new):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    with pytest.raises(LedgerError) as caught:
        ledger.rename_player(m, "Bo", new)
    assert "comma" in str(caught.value)
    assert "、" in caught.value.message_ja or "カンマ" in caught.value.message_ja
    assert ledger.match(m).players == ("Ann", "Bo", "Cy")


def test_tilelens_ledger_ending_in_a_slash_is_a_folder(tmp_path, monkeypatch):
    from tilelens.ledger import default_path

    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "clubdir") + "/")
    with pytest.raises(LedgerError) as caught:
        Ledger(default_path()).new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    assert str(tmp_path / "clubdir" / "ledger.sqlite") in str(caught.value)
    assert "TILELENS_LEDGER" in str(caught.value)
    assert not (tmp_path / "clubdir").is_file()


def test_cli_show_json_of_a_nagashi(ledger, capsys):
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, nagashi=[1, 3])
    assert main(["show", str(m), "--db", str(ledger.path), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["hands"]
    assert row["nagashi"] == ["Bo", "Di"] and row["win"] == "nagashi mangan"
