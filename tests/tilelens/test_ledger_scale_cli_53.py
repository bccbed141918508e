"""Session 53 (a ledger of 300 matches): `tilelens ledger list` read each match's hands with a query of its own and
loaded each match's game again (300 loads of three games); it reads every match's hands in one query
(``Ledger.tables``, the same states and hands as ``Ledger.table`` of each) and loads each game once. A house table
of more than four laps named every deal after North's "North N": the fifth lap is East again, with its lap number
(East 1 (lap 5), 東1局 (5周目)), as the ledger page names it."""
from __future__ import annotations

import dataclasses

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError, rules_for


@pytest.fixture
def ledger(tmp_path):
    """Five matches of two games: a riichi match with a chombo and a double ron, a riichi match ended, Donjara
    matches (one with no hand), and a riichi match whose hand names a seat not at the table (a file edited)."""
    led = Ledger(tmp_path / "ledger.sqlite")
    a = led.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    led.add_win(a, 1, "ron", {0: 3900}, riichi=[2])
    led.add_chombo(a, 3, {0: 4000, 1: 2000, 2: 2000})
    led.add_draw(a, tenpai=[0, 2])
    ended = led.new_match("tokyo-mahjong", ["Eve", "Fu", "Gin", "Hal"])
    led.add_win(ended, 1, "ron", {0: 32000})  # Eve below 0: the match ends
    n = led.new_match("nogizaka", ["Io", "Jo", "Ko", "Kai"])
    led.add_win(n, 2, "tsumo", {0: 40, 1: 40, 3: 40})
    led.new_match("nogizaka", ["Lu", "Mo", "Ny", "Ol"])
    bad = led.new_match("tokyo-mahjong", ["Oz", "Pi", "Qu", "Ro"])
    led.add_draw(bad, tenpai=[1])
    import sqlite3

    with sqlite3.connect(led.path) as db:
        db.execute("UPDATE hands SET tenpai = '[7]' WHERE match_id = ?", (bad,))
    db.close()
    return led, bad


def test_tables_reads_every_match_as_table_does(ledger):
    led, bad = ledger
    matches = led.matches()
    found = led.tables(matches)
    assert set(found) == {m.id for m in matches}
    for match in matches:
        if match.id == bad:
            with pytest.raises(LedgerError) as exc:
                led.table(match)
            assert isinstance(found[match.id], LedgerError) and str(found[match.id]) == str(exc.value)
            assert found[match.id].message_ja == exc.value.message_ja
        else:
            assert found[match.id] == led.table(match)


def test_tables_of_some_matches_only(ledger):
    led, _ = ledger
    some = [m for m in led.matches() if m.game_id == "nogizaka"]
    found = led.tables(some)
    assert set(found) == {m.id for m in some}
    assert sorted(state.played for state, _ in found.values()) == [0, 1]
    assert led.tables([]) == {}


def _list(capsys, monkeypatch, path, lang="en"):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["ledger", "list", "--db", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_loads_each_game_once_and_reads_the_hands_in_one_query(ledger, capsys, monkeypatch):
    led, bad = ledger
    import scorer

    loads: list[str] = []
    real = scorer.load_game

    def counted(game_id, *args, **kwargs):
        loads.append(game_id)
        return real(game_id, *args, **kwargs)

    monkeypatch.setattr(scorer, "load_game", counted)
    queries: list[str] = []
    real_query = Ledger._query

    def query(self, sql, args=()):
        queries.append(sql)
        return real_query(self, sql, args)

    monkeypatch.setattr(Ledger, "_query", query)
    code, out, err = _list(capsys, monkeypatch, led.path)
    assert code == 2 and f"match #{bad} " in err  # the damaged match named, the rest listed
    assert sorted(loads) == ["nogizaka", "tokyo-mahjong"], loads
    assert len(queries) == 2, queries  # the matches, then every hand of them
    assert len(out.splitlines()) == 4


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_list_says_what_it_said_before(ledger, capsys, monkeypatch, lang):
    """Each line as the per-match reading made it: hands played, finished (its winner) or who leads."""
    led, bad = ledger
    code, out, err = _list(capsys, monkeypatch, led.path, lang)
    lines = out.splitlines()
    assert code == 2 and len(lines) == 4 and err.count("\n") == 1
    if lang == "en":
        assert lines[0].startswith("#4  Nogizaka") and lines[0].endswith("no hand yet"), lines[0]
        assert "  2 hands  " in lines[3] and "under way, leading: Bo (" in lines[3], lines[3]
        assert "  1 hand  " in lines[2] and "finished, won by Fu (57,000 points)" in lines[2], lines[2]
    else:
        assert lines[0].endswith("まだ局なし") and "対局終了、1位: Fu (57,000点)" in lines[2], lines
        assert "  2局  " in lines[3] and "対局中、トップ: Bo (" in lines[3], lines[3]


@pytest.fixture
def long_table(tmp_path):
    """A riichi house table of 6 laps: every hand a non-dealer's ron, so the deal moves each hand; 21 hands."""
    from scorer import load_game

    led = Ledger(tmp_path / "ledger.sqlite")
    game = load_game("tokyo-mahjong")
    m = led.new_match(game, ["Ann", "Bo", "Cy", "Di"],
                      rules=dataclasses.replace(rules_for(game), laps=6, ends_at_or_below=None))
    for hand in range(21):
        dealer = hand % 4
        led.add_win(m, (dealer + 1) % 4, "ron", {(dealer + 2) % 4: 1000})
    return led, m


@pytest.mark.parametrize("lang, said", [
    ("en", {13: "North 1, honba 0", 16: "North 4, honba 0", 17: "East 1 (lap 5), honba 0",
            20: "East 4 (lap 5), honba 0", 21: "South 1 (lap 6), honba 0", 1: "East 1, honba 0"}),
    ("ja", {13: "北1局 0本場", 16: "北4局 0本場", 17: "東1局 (5周目) 0本場", 20: "東4局 (5周目) 0本場",
            21: "南1局 (6周目) 0本場", 1: "東1局 0本場"})])
def test_show_names_the_laps_after_north_east_again_with_the_lap(long_table, capsys, monkeypatch, lang, said):
    led, m = long_table
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert main(["ledger", "show", str(m), "--db", str(led.path)]) == 0
    out = capsys.readouterr().out
    entries = {int(line.split()[0][1:]): line for line in out.splitlines() if line.startswith("  #")}
    assert len(entries) == 21
    for n, name in said.items():
        assert entries[n].startswith(f"  #{n:<3} {name}: "), entries[n]
