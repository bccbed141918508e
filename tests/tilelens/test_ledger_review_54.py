"""Session 54 code review of the ledger (l2):

1. a start time ``time.localtime`` accepts but ``datetime`` cannot say (1e12: the year 33658) broke `tilelens ledger
   list --json` with a traceback ("ValueError: year 33658 is out of range"): that match is named and left out;
2. a match's mark of its game's tables hashed the words that say the rules (a yaku's description, its names...):
   rewording a description made the ledger page say "The game's table has changed since this match started" of
   every match under way. The mark is of what scores and settles; a mark made the old way says nothing;
4. the free name beside a ledger file (``before-upgrade-…``, ``damaged-…``) is found by one helper."""
from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest
from ledger_fuzz_helpers import edit, run, two_matches

import tilelens.ledger as ledger_module
from scorer.catalog import GAMES_DIR, load_game, thaw
from tilelens.ledger import Ledger, table_changed, table_mark


@pytest.fixture(autouse=True)
def _lang(monkeypatch):
    monkeypatch.delenv("TILELENS_LANG", raising=False)


# ---- 1. a start time datetime cannot say --------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("en", "start time"), ("ja", "開始日時")])
def test_list_json_names_a_match_whose_start_time_datetime_cannot_say(tmp_path, capsys, monkeypatch, lang, said):
    ledger = two_matches(tmp_path)
    edit(ledger, "UPDATE matches SET created = 1e12 WHERE id = 1")  # time.localtime says it; datetime does not
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--json", "--db", str(ledger.path))
    assert code == 2 and "Traceback" not in err and "out of range" not in err, err
    assert [m["id"] for m in json.loads(out)] == [2], out  # the good match, and only it
    (line,) = err.splitlines()
    assert "#1" in line and said in line, line


def test_such_a_match_is_damaged_for_the_ledger_and_show(tmp_path, capsys, monkeypatch):
    ledger = two_matches(tmp_path)
    edit(ledger, "UPDATE matches SET created = 1e12 WHERE id = 1")
    good, bad = ledger.read_matches()
    assert [m.id for m in good] == [2] and isinstance(bad[0][1], ledger_module.MatchDamagedError)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "show", "1", "--json", "--db", str(ledger.path))
    assert code == 2 and not out and "start time" in err and "year" not in err, err


# ---- 2. the mark of a game's tables: what scores and settles, not the words that say it ---------------------------

def _edited(game, edit_rules):
    rules = thaw(game.rules)
    edit_rules(rules)
    return game.with_rules(rules)


def _set(*path_and_value):
    *path, key, value = path_and_value

    def change(rules):
        where = rules
        for step in path:
            where = where[step]
        where[key] = value
    return change


def _drop(*path_and_key):
    *path, key = path_and_key

    def change(rules):
        where = rules
        for step in path:
            where = where[step]
        del where[key]
    return change


WORDS = {  # display words: a change of any leaves the mark as it was
    "yaku description": ("nogizaka", _set("yaku", 0, "description", "three sets, each of one member")),
    "yaku description_ja": ("nogizaka", _set("yaku", 0, "description_ja", "メンバーごとのセット3つ")),
    "yaku name_en": ("nogizaka", _set("yaku", 0, "name_en", "Basic sets")),
    "yaku name_ja": ("nogizaka", _set("yaku", 0, "name_ja", "きほんセット")),
    "yaku without a description": ("nogizaka", _drop("yaku", 0, "description")),
    "group name": ("nogizaka", _set("groups", "set", "name_en", "trio")),
    "currency": ("nogizaka", _set("payout", "currency_en", "chips")),
    "house parts": ("nogizaka", _set("house", "defaults", ["tiles"])),
    "table calls": ("cinderella-neo", _set("table", "calls", {"win_ja": "ライブ！", "win_en": "Live!"})),
}

RULES = {  # what scores or settles: a change of any changes the mark
    "yaku points": ("nogizaka", _set("yaku", 0, "points", 90)),
    "yaku constraint": ("nogizaka", _set("yaku", 0, "uniform", ["colour"])),
    "group almighty cap": ("nogizaka", _set("groups", "set", "max_almighty", 2)),
    "payout chip": ("nogizaka", _set("payout", "round_to", 5)),
    "riichi chip": ("nogizaka", _set("payout", "riichi_chip", 20)),
    "chombo penalty": ("nogizaka", _set("chombo", "penalty", 500)),
    "win": ("nogizaka", _set("win", "riichi_required", False)),
    "table": ("nogizaka", _set("table", "keep_on_dealer_win", False)),
    "riichi honba": ("tokyo-mahjong", _set("riichi", "honba_ron", 500)),
}


@pytest.mark.parametrize("case", list(WORDS))
def test_the_words_that_say_the_rules_are_not_the_table(case):
    game_id, change = WORDS[case]
    game = load_game(game_id)
    assert table_mark(_edited(game, change)) == table_mark(game)


@pytest.mark.parametrize("case", list(RULES))
def test_what_scores_and_settles_is_the_table(case):
    game_id, change = RULES[case]
    game = load_game(game_id)
    assert table_mark(_edited(game, change)) != table_mark(game)


def test_tile_and_unit_names_are_not_the_table_their_copies_and_members_are():
    game = load_game("cinderella-neo")
    renamed = replace(game, tiles=tuple(replace(t, name_en=t.name_en + "!", name_ja=t.name_ja + "！") for t in game.tiles),
                      units=tuple(replace(u, reading=u.reading + "ー", name_en=u.name_en + "!") for u in game.units))
    assert table_mark(renamed) == table_mark(game)
    first = game.tiles[0]
    fewer = replace(game, tiles=(replace(first, copies=first.copies + 1),) + game.tiles[1:])
    assert table_mark(fewer) != table_mark(game)
    unit = game.units[0]
    smaller = replace(game, units=(replace(unit, members=unit.members[:-1], absent=unit.absent + ("x",)),)
                      + game.units[1:])
    assert table_mark(smaller) != table_mark(game)


def test_a_match_under_way_is_not_said_changed_when_a_description_is_reworded(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    game = load_game("nogizaka")
    m = ledger.new_match(game, ["Ann", "Bo", "Cy", "Di"])
    reworded = _edited(game, _set("yaku", 0, "description", "three sets, each of one member"))
    assert not table_changed(ledger.match(m), reworded)
    assert table_changed(ledger.match(m), _edited(game, _set("yaku", 0, "points", 90)))


def test_a_house_file_with_its_description_reworded_keeps_the_mark(tmp_path):
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    assert text.count('description = "three sets of one member each"') == 1
    house = tmp_path / "nogizaka.toml"
    house.write_text(text.replace('description = "three sets of one member each"',
                                  'description = "three sets, one member in each"'), encoding="utf-8")
    assert table_mark(load_game(house)) == table_mark(load_game("nogizaka"))


def test_a_mark_made_the_old_way_says_nothing(tmp_path):
    """A match started before the mark left the words out: it cannot tell a reworded description from a changed
    table, so the page says nothing rather than a false "changed"."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    with closing(sqlite3.connect(ledger.path)) as db:
        rules = json.loads(db.execute("SELECT rules FROM matches").fetchone()[0])
        rules["table_mark"] = "0123456789abcdef"  # 16 hex digits: the old mark, of the words too
        db.execute("UPDATE matches SET rules = ?", (json.dumps(rules),))
        db.commit()
    match = ledger.match(m)
    assert match.rules.table_mark == "0123456789abcdef"
    assert not table_changed(match, load_game("nogizaka"))
    assert not table_changed(match, _edited(load_game("nogizaka"), _set("yaku", 0, "points", 90)))


# ---- 4. one helper finds the free name beside a ledger file -------------------------------------------------------

@pytest.mark.parametrize("what", ["damaged", "before-upgrade"])
def test_the_free_name_beside_a_file_skips_a_name_or_journal_taken(tmp_path, monkeypatch, what):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20261206-011700")
    path = tmp_path / "ledger.sqlite"
    first = ledger_module._free_name_beside(path, what)
    assert first == tmp_path / f"ledger.{what}-20261206-011700.sqlite"
    Path(f"{first}-wal").write_bytes(b"")  # a journal of that name is enough to take it
    second = ledger_module._free_name_beside(path, what)
    assert second == tmp_path / f"ledger.{what}-20261206-011700-2.sqlite"
    second.write_bytes(b"")
    assert ledger_module._free_name_beside(path, what).name == f"ledger.{what}-20261206-011700-3.sqlite"


def test_move_aside_takes_the_helpers_name(tmp_path, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20261206-011700")
    path = tmp_path / "ledger.sqlite"
    path.write_bytes(b"junk")
    (tmp_path / "ledger.damaged-20261206-011700.sqlite").write_bytes(b"older junk")
    moved = ledger_module.move_aside(path)
    assert moved.name == "ledger.damaged-20261206-011700-2.sqlite" and moved.read_bytes() == b"junk"
