"""Session 57 (RV1's review): what a match keeps of its rules when it starts, and how it is stored for an older tilelens.

5. A riichi match started now kept ``chombo_penalty: 8000`` (a reverse mangan), which a tilelens before it reads as a
   penalty shared evenly (2,667 / 2,667 / 2,666: wrong payments): it is stored under a key an older tilelens does not
   know, so that it leaves the match out (said) rather than pay wrongly; a Donjara match, a riichi match without a
   chombo, and every match stored before are stored and read as before.
6. Whether a draw may pay nagashi mangan followed the game's rules now, not the match's: a house table edited
   mid-match refused a nagashi the match started with. A match keeps ``nagashi`` from its start (stored only where
   off, so a default match is stored as before)."""
from __future__ import annotations

import json
import sqlite3
import tomllib
from contextlib import closing

import pytest

from scorer import load_game
from scorer.catalog import GAMES_DIR, house_tables
from tilelens.ledger import Ledger, LedgerError, chombo_payments, rules_for
from tilelens.ledger_merge import merge_ledgers

GAME = "tokyo-mahjong"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# The keys of a match's stored rules that tilelens before session 57 (HEAD a79e3a6) reads; any other key makes it
# leave the match out ("[table] has unknown keys ...").
OLDER_KEYS = {"start_points", "unit", "riichi_chip", "keep_on_dealer_win", "keep_on_draw", "honba", "noten_total",
              "laps", "ends_at_or_below", "several_ron", "chombo_penalty", "honba_ron", "honba_tsumo_each",
              "currency_en", "currency_ja", "table_mark"}


def stored(path, match_id=1):
    with closing(sqlite3.connect(path)) as db:
        return json.loads(db.execute("SELECT rules FROM matches WHERE id = ?", (match_id,)).fetchone()[0])


def house(tmp_path, edit):
    """A house table of Tokyo Mahjong (``edit`` of its file's text), as the app's edited table plays it."""
    text = edit((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    path = tmp_path / "games" / f"{GAME}.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return house_tables(lambda game_id: path if game_id == GAME else None)


def no_nagashi(text):
    return text.replace("\n[riichi]\n", "\n[riichi]\nnagashi = false\n", 1)


# --- 5: a riichi chombo stored so that an older tilelens leaves the match out rather than pay it wrongly


def test_a_riichi_match_keeps_its_reverse_mangan_under_a_key_an_older_tilelens_refuses(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    rules = stored(ledger.path)
    assert set(rules) - OLDER_KEYS == {"riichi_chombo"} and rules["riichi_chombo"] == 8000
    assert not rules.get("chombo_penalty")  # nothing an older tilelens would share evenly
    match = ledger.match(m)
    assert match.rules.chombo_penalty == 8000
    assert chombo_payments(GAME, 1, 4, match.rules, dealer=0) == {2: 2000, 3: 2000, 0: 4000}


def test_a_match_stored_with_the_penalty_as_before_reads_the_same(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    rules = stored(ledger.path)
    rules["chombo_penalty"] = rules.pop("riichi_chombo")  # as the working tree stored it earlier today
    with closing(sqlite3.connect(ledger.path)) as db, db:
        db.execute("UPDATE matches SET rules = ?", (json.dumps(rules),))
    assert ledger.match(m).rules.chombo_penalty == 8000
    rules["chombo_penalty"] = 0  # as a tilelens before the reverse mangan stored it: no chombo
    with closing(sqlite3.connect(ledger.path)) as db, db:
        db.execute("UPDATE matches SET rules = ?", (json.dumps(rules),))
    assert ledger.match(m).rules.chombo_penalty == 0


def test_donjara_and_a_riichi_table_without_a_chombo_are_stored_as_before(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    ledger.new_match("nogizaka", PLAYERS)
    assert set(stored(ledger.path)) <= OLDER_KEYS and stored(ledger.path)["chombo_penalty"] == 300
    with house(tmp_path, lambda text: text.replace("\n[table]\n", '\n[table]\nchombo = "none"\n', 1)):
        game = load_game(GAME)
        assert tomllib.loads((tmp_path / "games" / f"{GAME}.toml").read_text(encoding="utf-8"))["table"]["chombo"]
        m = ledger.new_match(game, PLAYERS, rules_for(game))
    assert set(stored(ledger.path, m)) <= OLDER_KEYS and stored(ledger.path, m)["chombo_penalty"] == 0


def test_a_merge_keeps_the_riichi_chombo(tmp_path):
    other = Ledger(tmp_path / "other.sqlite")
    m = other.new_match(GAME, PLAYERS)
    other.add_draw(m)
    merge_ledgers(tmp_path / "here.sqlite", other.path)
    (merged,) = Ledger(tmp_path / "here.sqlite").matches()
    assert merged.rules == other.match(m).rules and merged.rules.chombo_penalty == 8000
    assert stored(tmp_path / "here.sqlite") == stored(other.path)


# --- 6: nagashi mangan as the match started


def test_a_nagashi_the_match_started_with_is_paid_after_the_table_turns_it_off(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    assert "nagashi" not in stored(ledger.path)  # a default match: stored as before
    with house(tmp_path, no_nagashi):
        ledger.add_draw(m, nagashi=(1,))
    assert ledger.hands(m)[0].nagashi == (1,)


def test_a_match_started_without_nagashi_keeps_refusing_it(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    with house(tmp_path, no_nagashi):
        game = load_game(GAME)
        m = ledger.new_match(game, PLAYERS, rules_for(game))
    assert stored(ledger.path)["nagashi"] is False
    with pytest.raises(LedgerError, match="nagashi mangan is off") as refused:
        ledger.add_draw(m, nagashi=(1,))  # the shipped table in use again pays it: not this match
    assert "流し満貫はありません" in refused.value.message_ja
    assert ledger.hands(m) == []
