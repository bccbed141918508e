"""Session 61, F21 (walkthrough W7, a year's ledger: 300 matches over 50 evenings). Clubs stop when the evening ends,
so most matches never end: every one of them counted as "under way" beside the newest (77 named, 77 buttons); only
the newest evening's count now. `ledger totals` over a season added up only the newest match's game, and a Tokyo
Mahjong season meant typing 145 ids: `--game GAME` chooses the game; a season's lines stay readable (the matches'
own columns left out past ``TOTALS_COLUMNS``, the matches said by count)."""
from __future__ import annotations

import json

import pytest
from ledger_fuzz_helpers import run
from ledger_helpers import at, started

from tilelens.ledger import Ledger
from tilelens.ledger_cli import TOTALS_COLUMNS

FOUR = ["Ann", "Bo", "Cy", "Di"]
OTHERS = ["Eve", "Flo", "Gus", "Hal"]


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


# --- 1: under way is tonight's -------------------------------------------------------------------------------------

def test_matches_left_unended_on_earlier_evenings_are_not_under_way(ledger):
    old = ledger.new_match("yokai-watch", FOUR)
    ledger.add_win(old, 0, "ron", {1: 50})
    started(ledger, old, at(1, 20))  # last week's, never played to its end
    first = ledger.new_match("yokai-watch", FOUR)
    started(ledger, first, at(8, 19))
    second = ledger.new_match("yokai-watch", OTHERS)
    started(ledger, second, at(9, 0, 30))  # after midnight: the same evening
    assert [m.id for m in ledger.others_under_way(ledger.match(second))] == [first]
    assert [m.id for m in ledger.others_under_way(ledger.match(first))] == [second]


def test_the_matches_and_tables_read_already_are_used_as_given(ledger):
    """The ledger page reads the game's matches and tables once a run, and passes them."""
    first = ledger.new_match("yokai-watch", FOUR)
    second = ledger.new_match("yokai-watch", OTHERS)
    matches = ledger.matches()
    read = ledger.tables(matches)
    ledger.new_match("yokai-watch", ["Ivy", "Jo", "Kai", "Lu"])  # started after the reading: not in it
    assert [m.id for m in ledger.others_under_way(ledger.match(second), matches, read)] == [first]
    assert ledger.others_under_way(ledger.match(second), matches, {}) == []  # nothing read: none said


# --- 2: totals of one game over a season -----------------------------------------------------------------------------

def _season(ledger, yokai=3):
    """``yokai`` Yokai Watch matches on evenings of December, then a Cinderella Girls match (the newest)."""
    ids = []
    for day in range(1, yokai + 1):
        m = ledger.new_match("yokai-watch", FOUR)
        ledger.add_win(m, day % 4, "ron", {(day + 1) % 4: 40})
        started(ledger, m, at(day, 20))
        ids.append(m)
    cinderella = ledger.new_match("cinderella-neo", OTHERS)
    ledger.add_win(cinderella, 0, "ron", {1: 30})
    started(ledger, cinderella, at(yokai + 1, 21))
    return ids


def _head(out):
    return next(line for line in out.splitlines() if line.startswith(("Player", "プレイヤー")))


def test_game_adds_up_that_games_season_not_the_newest_matchs(ledger, capsys, monkeypatch):
    ids = _season(ledger)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", "yokai-watch", "--since",
                         "2026-12-01", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert _head(out).split()[1:-2] == [f"#{i}" for i in ids]
    assert "Other games' matches" not in out  # the game was chosen


def test_game_alone_adds_up_its_newest_evening(ledger, capsys, monkeypatch):
    ids = _season(ledger)
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", "yokai-watch", "--json",
                       "--db", str(ledger.path))
    assert code == 0 and [m["id"] for m in json.loads(out)["matches"]] == ids[-1:]


@pytest.mark.parametrize("lang, said", [
    ("en", "no match of holo-donjara in {db}: its games are "
           "Donjara NEO: THE iDOLM@STER Cinderella Girls [cinderella-neo], Yokai Watch Donjara [yokai-watch]"),
    ("ja", "{db} に holo-donjara の対局はありません。この成績表のゲーム: "
           "ドンジャラNEO アイドルマスター シンデレラガールズ [cinderella-neo]、妖怪ウォッチ ドンジャラ [yokai-watch]")])
def test_a_game_with_no_match_is_said_with_the_ledgers_games(ledger, capsys, monkeypatch, lang, said):
    _season(ledger, 1)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--game", "holo-donjara",
                         "--db", str(ledger.path))
    assert code == 2 and not out
    assert err == f"tilelens ledger: {said.format(db=ledger.path)}\n", err


def test_game_with_ids_is_refused_as_dates_are(ledger, capsys, monkeypatch):
    ids = _season(ledger, 1)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", str(ids[0]), "--game", "yokai-watch",
                         "--db", str(ledger.path))
    assert code == 2 and not out and "--game" in err and "Traceback" not in err


def test_a_game_whose_matches_lie_outside_the_dates_says_so(ledger, capsys, monkeypatch):
    _season(ledger, 2)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", "yokai-watch", "--since",
                         "2026-12-20", "--db", str(ledger.path))
    assert code == 0 and not err
    assert out.startswith("nothing to add up: no match with a hand started in the evening of 2026-12-20 or later")
    assert "yokai-watch" in out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_seasons_totals_stay_readable(ledger, capsys, monkeypatch, lang):
    ids = _season(ledger, TOTALS_COLUMNS + 3)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--game", "yokai-watch", "--since",
                         "2026-12-01", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert max(map(len, out.splitlines())) < 240, out
    assert _head(out).split()[1:] in (["Total", "Matches"], ["合計", "対局数"])  # the totals and counts only
    said = {"en": (f"{len(ids)} matches", "--csv"), "ja": (f"{len(ids)}対局", "--csv")}[lang]
    for words in said:
        assert words in out, (words, out)
    # each row: the player, the total (as --json says it) and the matches played
    _, wide, _ = run(capsys, monkeypatch, lang, "ledger", "totals", "--game", "yokai-watch", "--since", "2026-12-01",
                     "--json", "--db", str(ledger.path))
    totals = {p["name"]: p["total"] for p in json.loads(wide)["players"]}
    for line in out.splitlines()[out.splitlines().index(_head(out)) + 1:][:4]:
        name, total, played = line.split()
        assert int(total) == totals[name] and int(played) > 0


def test_a_few_matches_keep_their_columns(ledger, capsys, monkeypatch):
    ids = _season(ledger, TOTALS_COLUMNS)
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", "yokai-watch", "--since",
                       "2026-12-01", "--db", str(ledger.path))
    assert code == 0 and _head(out).split()[1:-2] == [f"#{i}" for i in ids]


def test_many_other_games_matches_are_said_by_count_with_a_game_command(ledger, capsys, monkeypatch):
    ids = _season(ledger, TOTALS_COLUMNS + 3)
    code, out, _ = run(capsys, monkeypatch, "en", "ledger", "totals", "--since", "2026-12-01",
                       "--db", str(ledger.path))
    last = out.splitlines()[-1]
    assert code == 0 and last.startswith("Other games' matches, not added up here:"), out
    assert f"{len(ids)} matches" in last and f"#{ids[5]}," not in last
    assert "tilelens ledger totals --game yokai-watch --since 2026-12-01" in last, last


@pytest.mark.parametrize("lang, words", [("en", "--game GAME"), ("ja", "--game GAME")])
def test_the_help_says_game(capsys, monkeypatch, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    from tilelens.cli import main

    with pytest.raises(SystemExit):
        main(["ledger", "totals", "--help"])
    out = capsys.readouterr().out
    assert words in out
    assert ("only that game's matches" if lang == "en" else "そのゲームの対局だけ") in out, out


@pytest.mark.parametrize("typed", ["Yokai Watch Donjara", "妖怪ウォッチ ドンジャラ", "yokai watch  donjara"])
def test_game_takes_the_name_list_says_too(ledger, capsys, monkeypatch, typed):
    ids = _season(ledger)
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", typed, "--since", "2026-12-01",
                         "--json", "--db", str(ledger.path))
    assert code == 0 and not err and [m["id"] for m in json.loads(out)["matches"]] == ids
