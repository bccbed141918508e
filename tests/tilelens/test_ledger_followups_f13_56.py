"""Session 56 (f13): ledger follow-ups. One key for a player's name and one rule for a seat's wind and for the winner
nearest a discarder, shared by the ledger and the score pages; `tilelens ledger totals` says the sticks (chips) on
the tables, which are in no one's result (the results added to -1,000 without a word); a match of a game removed in
the app named by the game's name and riichi call; the favourite a winner declared kept in the note whether or not it
doubled the payout; a Donjara table's third ron told what to record there (not riichi mahjong's abortive draw, which
the ledger refuses a Donjara game)."""
from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from ledger_fuzz_helpers import run

from scorer import catalog
from tilelens.ledger import (DEFAULT_RULES, YAKU_NOTE, Ledger, LedgerError, TableState, engine_of, evening_totals,
                             nearer, nearest, note_favourite, note_said, player_key, result_note, seat_wind,
                             yaku_note)

FRUITS = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"
CINDERELLA_WIN = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "hori-yuuko", "matoba-risa",
                  "shirasaka-koume", "hayami-kanade", "morikubo-nono", "nanba-emi"]


# --- 1. one key for a name, one seat wind, one nearest winner ---

def test_a_player_key_folds_case_and_width():
    assert player_key("Ａｎｎ") == player_key("ann") == player_key("ANN")
    assert player_key("Ann") != player_key("Anne")


def test_look_alike_names_are_those_of_one_player_key():
    from tilelens.ledger import Match, evening_totals as totals_of, HandKind, HandRecord, replay

    rules = DEFAULT_RULES["yokai-watch"]
    won = replay(2, rules, [HandRecord(0, HandKind.WIN, 0, "ron", {1: 100})])
    one = Match(1, "yokai-watch", ("Ann", "Bo"), rules, 0.0)
    two = Match(2, "yokai-watch", ("Ａｎｎ", "Cy"), rules, 60.0)
    assert totals_of([(one, won), (two, won)]).look_alike == (("Ann", "Ａｎｎ"),)


def test_the_seat_wind_counts_from_the_dealer():
    state = TableState((1000,) * 4, dealer=1, dealer_moves=1, honba=0, pot=0, hands=1, ended=False, end_reason=None,
                       history=())
    assert [seat_wind(state, seat, 4) for seat in range(4)] == ["north", "east", "south", "west"]
    assert [seat_wind(state, seat, 3) for seat in range(3)] == ["west", "east", "south"]


def test_the_winner_nearest_the_discarder_in_turn_order():
    assert nearer(1, 2, 0, 4) and not nearer(2, 1, 0, 4)
    assert nearer(0, 1, 3, 4)  # after 3 comes 0, then 1
    assert nearest({1, 2}, 0, 4) == 1 and nearest({0, 2}, 1, 4) == 2 and nearest([2, 0], 3, 4) == 0


# --- 2. `tilelens ledger totals` says what is on the tables ---

def _riichi_evening(ledger):
    """A riichi match with one stick on the table (a draw after Ann's riichi) and a Yokai Watch match with a chip."""
    a = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cy", "Di"])
    ledger.add_win(a, 1, "ron", {2: 2000})
    ledger.add_draw(a, tenpai=(0, 1, 2, 3), riichi=(0,))  # Ann's stick stays on the table
    return a


@pytest.mark.parametrize("lang, said", [
    ("en", "Riichi sticks on the tables, in no player's result (so the results add up to -1,000 points): "
           "#1 1,000 points (1 stick)"),
    ("ja", "場のリーチ棒は誰の成績にも入りません (そのため成績の合計は -1,000点): #1 1,000点 (1本)")])
def test_totals_say_the_sticks_on_the_tables(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    _riichi_evening(ledger)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert said in out, out
    rows = [line.split() for line in out.splitlines() if line.startswith(("Ann", "Ben", "Cy", "Di"))]
    assert sum(int(row[-2].replace(",", "")) for row in rows) == -1000  # what the line explains


@pytest.mark.parametrize("lang, said", [("en", "Riichi chips on the tables, in no player's result (so the results "
                                                "add up to -10 points): #1 10 points"),
                                        ("ja", "場のリーチのチップは誰の成績にも入りません (そのため成績の合計は -10点): "
                                               "#1 10点")])
def test_totals_say_a_donjara_tables_chips(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Ben", "Cy", "Di"])
    ledger.add_draw(m, riichi=(0,))
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert said in out, out


def test_totals_without_sticks_on_a_table_say_nothing_of_them(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {2: 2000})
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and "on the tables" not in out


def test_totals_json_gives_each_matchs_pot(tmp_path, capsys, monkeypatch):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    a = _riichi_evening(ledger)
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--json", "--db", str(ledger.path))
    data = json.loads(out)
    assert code == 0 and [(m["id"], m["pot"]) for m in data["matches"]] == [(a, 1000)]
    assert sum(p["total"] for p in data["players"]) + sum(m["pot"] for m in data["matches"]) == 0


def test_evening_totals_keep_what_is_on_each_table(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    a = _riichi_evening(ledger)
    b = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cy", "Di"])
    ledger.add_win(b, 1, "ron", {2: 2000})
    read = ledger.tables([ledger.match(a), ledger.match(b)])
    totals = evening_totals([(ledger.match(i), read[i][0]) for i in (a, b)])
    assert totals.on_tables == ((a, 1000),)


# --- 3. a match of a game removed in the app ---

@pytest.fixture
def removed(tmp_path, monkeypatch):
    """A game added in the app (holo-donjara: Holo Donjara, ホロドンジャラ, its riichi called Standby), a match of it
    with a riichi, then the game removed on the Rules page: the ledger's file and the home's."""
    from app import settings

    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(settings.added_dir)  # as the app's settings register its added games
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LEDGER", raising=False)
    text = FRUITS.read_text(encoding="utf-8").replace('id = "house-fruits"', 'id = "holo-donjara"', 1) \
        .replace('name_ja = "フルーツドンジャラ"', 'name_ja = "ホロドンジャラ"', 1) \
        .replace('name_en = "Fruit Donjara (house game)"', 'name_en = "Holo Donjara"', 1) \
        .replace('rounding = "remainder"', 'rounding = "remainder"\nriichi_chip = 10', 1)
    text += '\n[table]\ncalls = { riichi_ja = "スタンバイ", riichi_en = "Standby" }\n'
    game = settings.add_game(text)
    ledger = Ledger(tmp_path / "home" / "ledger.sqlite")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 0, "ron", {1: 10}, riichi=[0])
    settings.remove_game("holo-donjara")
    assert "holo-donjara" not in catalog.added_games()
    return ledger, m


@pytest.mark.parametrize("lang, name, riichi", [("en", "Holo Donjara [holo-donjara]", "riichi (Standby): Ann"),
                                                ("ja", "ホロドンジャラ [holo-donjara]", "リーチ (スタンバイ): Ann")])
def test_a_removed_games_match_is_named_by_the_game(removed, capsys, monkeypatch, lang, name, riichi):
    ledger, m = removed
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list")
    assert code == 0 and not err and f"#{m}  {name}  " in out, out
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", str(m))
    assert code == 0 and not err and name in out.splitlines()[0], out
    assert riichi in out, out
    assert engine_of(ledger.match(m)) == "donjara"


def test_a_game_removed_with_no_file_kept_is_still_named_by_its_id(removed, tmp_path, capsys, monkeypatch):
    ledger, m = removed
    shutil.rmtree(tmp_path / "home" / "games" / "_removed")
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "list")
    assert code == 0 and f"#{m}  holo-donjara  " in out and "riichi" not in out


# --- 4. the favourite declared is kept in the note ---

def _cinderella():
    from scorer import load_game

    return load_game("cinderella-neo")


def test_a_favourite_that_did_not_double_is_kept_in_the_note():
    from scorer import score

    game = _cinderella()
    result = score(game, CINDERELLA_WIN, riichi=True, favourite="shimamura-uzuki")  # declared, not held: not doubled
    assert result.winning and result.extra["multiplier"] == 1
    note = result_note(game, result)
    assert note_favourite(note) == ("島村卯月", "Uzuki Shimamura")
    assert "×" not in note_said(note, "en") and "担当" not in note_said(note, "ja")  # said only where it doubled


def test_a_favourite_that_doubled_is_kept_and_said():
    from scorer import score

    game = _cinderella()
    result = score(game, CINDERELLA_WIN, riichi=True, favourite="mizumoto-yukari")
    assert result.extra["multiplier"] == 2
    note = result_note(game, result)
    assert note_favourite(note) == ("水本ゆかり", "Yukari Mizumoto") and "×2" in note_said(note, "en")


def test_old_notes_still_read():
    old = json.dumps({YAKU_NOTE: 1, "yaku": [["シンデレラガールズ", "Cinderella Girls"]],
                      "favourite": ["島村卯月", "Shimamura Uzuki"], "multiplier": 2}, ensure_ascii=False)
    assert note_favourite(old) == ("島村卯月", "Shimamura Uzuki")
    assert note_favourite(yaku_note([("基本セット", "Basic set")])) is None
    for other in ("", "typed by hand", "{not json", json.dumps({"favourite": ["a", "b"]}),
                  json.dumps({YAKU_NOTE: 1, "favourite_declared": "a"})):
        assert note_favourite(other) is None


# --- 5. a Donjara table's third ron ---

def _donjara_double_ron(ledger):
    rules = replace(DEFAULT_RULES["nogizaka"], several_ron=True)  # a house table: several ron, a riichi chip
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"], rules=rules)
    ledger.add_win(m, 1, "ron", {3: 60})
    ledger.add_win(m, 2, "ron", {3: 60}, same_discard=True)
    return m


def test_a_donjara_tables_third_ron_is_told_what_the_ledger_takes(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = _donjara_double_ron(ledger)
    with pytest.raises(LedgerError) as caught:
        ledger.add_win(m, 0, "ron", {3: 60}, same_discard=True)
    said, said_ja = str(caught.value), caught.value.message_ja
    assert "abortive" not in said and "三家和" not in said_ja and "途中流局" not in said_ja
    assert "Record a hand nobody won" in said and "流局を記録" in said_ja
    assert "two winners at most" in said and "2人まで" in said_ja
    # what it says is what the ledger takes: the rons undone, a hand nobody won
    ledger.undo(m)
    ledger.undo(m)
    ledger.add_draw(m)
    assert ledger.state(m).totals == (1000,) * 4


def test_a_riichi_tables_third_ron_still_says_the_abortive_draw(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {3: 2000})
    ledger.add_win(m, 2, "ron", {3: 3900}, same_discard=True)
    with pytest.raises(LedgerError) as caught:
        ledger.add_win(m, 0, "ron", {3: 1000}, same_discard=True)
    assert "abortive draw (triple ron)" in str(caught.value) and "三家和" in caught.value.message_ja
