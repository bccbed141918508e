"""The riichi ledger after a club night's walk (56, f3): an abortive draw recorded as one (the deal stays, a honba is
added, the riichi sticks stay, nobody pays) and said so in the notes, the CSV and `tilelens ledger show`, an
all-tenpai draw stored before still the draw it was; a riichi game's sticks said as sticks; the CSV gives each
entry's hand number, round and honba (appended columns); a riichi hand's note says its dora count, han, fu and
limit; the stale-screen refusal starts with a capital.

Seats in turn order: 0 = Ann, 1 = Bo, 2 = Cy, 3 = Di; Ann deals first."""
from __future__ import annotations

import csv
import io

import pytest

from scorer import load_game, score
from tilelens.ledger import (HandKind, Ledger, LedgerChangedError, LedgerError, hand_notes, note_said, replay,
                             result_note)
from tilelens.ledger_cli import show_json, show_text

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _rows(ledger, m) -> list[dict]:
    return list(csv.DictReader(io.StringIO(ledger.to_csv(m))))


# 1. an abortive draw

def test_an_abortive_draw_keeps_the_deal_adds_a_honba_keeps_the_sticks_and_pays_no_one(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 1000})  # Bo deals next
    ledger.add_draw(m, riichi=(0, 1, 2, 3), abortive="four-riichi")
    state = ledger.state(m)
    assert state.dealer == 1 and state.honba == 1 and state.pot == 4000
    assert state.totals == (24000, 25000, 23000, 24000)
    (_, hand) = ledger.hands(m)
    assert hand.kind is HandKind.DRAW and hand.abortive == "four-riichi" and hand.tenpai == ()
    # the next winner takes the four sticks
    ledger.add_win(m, 3, "ron", {0: 1300 + 300})
    assert ledger.state(m).totals == (22400, 25000, 23000, 29600)


def test_an_abortive_draw_is_said_as_such_in_the_notes_the_csv_and_ledger_show(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, abortive="nine-terminals", note="Draw")
    state, hands = ledger.table(m)
    en, = hand_notes(PLAYERS, hands, state, "en")
    ja, = hand_notes(PLAYERS, hands, state, "ja")
    assert en == "abortive draw (nine terminals)" and ja == "途中流局 (九種九牌)", (en, ja)
    row = _rows(ledger, m)[1]
    assert row["kind"] == "draw" and row["win"] == "abortive draw (nine terminals)" and row["tenpai"] == ""
    text = show_text(ledger.match(m), hands, state, "en")
    assert "abortive draw (nine terminals)" in text and "tenpai:" not in text, text
    assert "途中流局 (九種九牌)" in show_text(ledger.match(m), hands, state, "ja")
    assert show_json(ledger.match(m), hands, state)["hands"][0]["note"] == "abortive draw (nine terminals)"


def test_an_all_tenpai_draw_stored_before_stays_the_draw_it_was(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0, 1, 2, 3), note="Draw")  # the old way to enter an abortive draw
    state, hands = ledger.table(m)
    assert hands[0].abortive is None and hands[0].tenpai == (0, 1, 2, 3)
    assert state.dealer == 0 and state.honba == 1
    assert "tenpai: Ann, Bo, Cy, Di" in show_text(ledger.match(m), hands, state, "en")
    assert _rows(ledger, m)[1]["win"] == ""


@pytest.mark.parametrize("game, kwargs, said, said_ja", [
    ("nogizaka", {}, "abortive draw is riichi mahjong's", "途中流局は麻雀"),
    (GAME, {"tenpai": (0,)}, "leave Tenpai empty", "テンパイ"),
    (GAME, {"nagashi": (2,)}, "nagashi mangan", "流し満貫"),
    (GAME, {"riichi": (0, 1)}, "all four players", "4人"),
])
def test_an_abortive_draw_that_cannot_be_is_refused_in_one_message(ledger, game, kwargs, said, said_ja):
    m = ledger.new_match(game, PLAYERS)
    reason = "four-riichi" if "riichi" in kwargs else "four-winds"
    with pytest.raises(LedgerError, match=said) as refused:
        ledger.add_draw(m, abortive=reason, **kwargs)
    assert said_ja in refused.value.message_ja
    assert ledger.hands(m) == []


def test_an_abortive_draw_of_no_known_kind_is_refused_naming_the_kinds(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    with pytest.raises(LedgerError, match="nine-terminals"):
        ledger.add_draw(m, abortive="five-dragons")


def test_a_third_ron_says_to_record_an_abortive_draw(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {0: 1000})
    ledger.add_win(m, 2, "ron", {0: 1000}, same_discard=True, honba=0)
    with pytest.raises(LedgerError, match=r"record a draw on the ledger page, as an abortive draw \(triple ron\)") \
            as refused:
        ledger.add_win(m, 3, "ron", {0: 1000}, same_discard=True, honba=0)
    assert "途中流局" in refused.value.message_ja and "三家和" in refused.value.message_ja


def test_a_file_hand_of_an_abortive_draw_with_a_bad_kind_is_a_damaged_match(ledger):
    import sqlite3
    from contextlib import closing

    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, abortive="four-kans")
    with closing(sqlite3.connect(ledger.path)) as db, db:
        db.execute("UPDATE hands SET win_kind = 'abortive:Five Dragons'")  # malformed (a later kind reads: f27)
    with pytest.raises(LedgerError, match="draw stored with a win"):
        ledger.table(m)


# 2. sticks, not chips, at a riichi table

def test_a_riichi_tables_sticks_are_said_in_points_and_sticks():
    from tilelens.ledger import sticks_said

    assert sticks_said(2000, 1000, "riichi", "en") == "2,000 points (2 sticks)"
    assert sticks_said(1000, 1000, "riichi", "en") == "1,000 points (1 stick)"
    assert sticks_said(1000, 1000, "riichi", "ja") == "1,000点 (1本)"
    assert sticks_said(0, 1000, "riichi", "en") == "0 points"
    assert sticks_said(20, 10, "donjara", "en") == "20 points (2 chips)"  # a Donjara game's in its unit, counted


def test_a_riichi_winners_note_says_sticks_and_a_donjara_winners_chips(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, riichi=(0,), tenpai=(0,))
    ledger.add_win(m, 1, "ron", {2: 1300})
    state, hands = ledger.table(m)
    note = hand_notes(PLAYERS, hands, state, "en")[1]
    assert "1,000 points of riichi sticks from the table" in note and "chips" not in note, note
    n = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(n, riichi=(0,))
    ledger.add_win(n, 1, "ron", {2: 60})
    state, hands = ledger.table(n)
    assert "10 points from the riichi chips on the table" in hand_notes(PLAYERS, hands, state, "en", engine="donjara")[1]


# 3. the CSV's hand, round and honba

def test_the_csv_appends_each_entrys_hand_round_and_honba(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,))  # East 1, honba 0: Ann keeps the deal
    ledger.add_win(m, 2, "ron", {1: 2300})  # East 1, honba 1
    ledger.add_win(m, 3, "ron", {1: 1000}, same_discard=True, honba=0)  # the same discard: the same hand
    ledger.add_win(m, 1, "tsumo", {0: 1000, 2: 500, 3: 500})  # East 2, honba 0
    header = next(csv.reader(io.StringIO(ledger.to_csv(m))))
    assert header[:13] == ["entry", "kind", "winner", "win", "riichi", "tenpai", "note", *PLAYERS, "dealt in",
                           "chombo by"]  # the columns as they were, first
    assert header[13:] == ["hand", "round", "honba"]
    rows = _rows(ledger, m)
    assert [(r["entry"], r["hand"], r["round"], r["honba"]) for r in rows] == [
        ("0", "", "", ""), ("1", "1", "East 1", "0"), ("2", "2", "East 1", "1"), ("3", "2", "East 1", "1"),
        ("4", "3", "East 2", "0")]


def test_a_donjara_csv_gives_the_hand_and_no_round(ledger):
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_chombo(m, 3, {0: 100, 1: 100, 2: 100})
    ledger.add_draw(m)
    rows = _rows(ledger, m)
    assert [(r["hand"], r["round"]) for r in rows[1:]] == [("1", ""), ("1", "")]  # the re-deal: the same hand


# 4. a riichi hand's value in its note

def test_a_riichi_hands_note_says_its_dora_count_han_fu_and_limit():
    game = load_game(GAME)
    result = score(game, "234m456p678s22z555z", win="ron", riichi=True, dora_indicators=["1m"], win_tile="4m")
    note = result_note(game, result)
    assert note_said(note, "en") == "Riichi, Yakuhai: white dragon, Dora 1; 3 han 40 fu", note_said(note, "en")
    assert note_said(note, "ja") == "立直、役牌 白、ドラ 1 (3翻 40符)", note_said(note, "ja")
    mangan = score(game, "234m456p678s22z555z", win="ron", riichi=True, dora_indicators=["1m", "1z"],
                   win_tile="4m")
    assert note_said(result_note(game, mangan), "en").endswith("Dora 3; 5 han 40 fu, mangan")
    assert note_said(result_note(game, mangan), "ja").endswith("ドラ 3 (5翻 40符 満貫)")


def test_a_yakuman_note_says_the_limit_without_han_or_fu():
    game = load_game(GAME)
    result = score(game, "19m19p19s1234567z1m", win="tsumo")
    note = result_note(game, result)
    assert note_said(note, "en").endswith("; double yakuman"), note_said(note, "en")
    assert note_said(note, "ja").endswith(" (ダブル役満)"), note_said(note, "ja")
    assert "fu" not in note_said(note, "en").rpartition(";")[2]


def test_a_donjara_note_is_said_as_before():
    game = load_game("nogizaka")
    result = score(game, ["misa-senpai"] * 3 + ["sayurin"] * 3 + ["maimai"] * 3, win="ron")
    assert note_said(result_note(game, result), "en") == "Basic set"
    assert note_said(result_note(game, result), "ja") == "基本セット"


# 5. the stale screen's refusal

def test_the_stale_screen_refusal_starts_with_a_capital(ledger):
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m)
    with pytest.raises(LedgerChangedError) as refused:
        ledger.add_draw(m, expected_hands=0, expected_last=None)
    assert str(refused.value).startswith(f"Match #{m} has changed since this screen showed it"), str(refused.value)


def test_replay_is_pure_for_an_abortive_draw():
    from tilelens.ledger import DEFAULT_RULES, HandRecord

    rules = DEFAULT_RULES[GAME]
    state = replay(4, rules, [HandRecord(0, HandKind.DRAW, win_kind="abortive:four-winds")])
    assert (state.dealer, state.honba, state.totals) == (0, 1, (25000,) * 4)
