"""The ledger (49): a match already read serves the table of its hands (``Ledger.table`` and ``Ledger.to_csv`` take
the ``Match``): `tilelens ledger show`, `list`, `csv --all` and the ledger page read each match row once, and say
the same as before."""
from __future__ import annotations

import sqlite3

from tilelens.cli import main
from tilelens.ledger import Ledger

GAME = "tokyo-mahjong"


def _traced(monkeypatch) -> list[str]:
    """Every statement the ledger's connections run from now on (sqlite's trace callback)."""
    run, connect = [], sqlite3.connect

    def traced(*args, **kwargs):
        db = connect(*args, **kwargs)
        db.set_trace_callback(run.append)
        return db

    monkeypatch.setattr(sqlite3, "connect", traced)
    return run


def _match_reads(run: list[str]) -> list[str]:
    """The reads of one match's row by its id (``Ledger.match``); the hands' own read of the players is not one."""
    return [s for s in run if " ".join(s.split()).startswith("SELECT id, game_id, players, rules, created FROM "
                                                              "matches WHERE id")]


def _ledger(path) -> tuple[Ledger, int, int]:
    ledger = Ledger(path)
    first = ledger.new_match(GAME, ["A", "B", "C", "D"])
    ledger.add_draw(first, riichi=(0,))
    ledger.add_win(first, 2, "ron", {3: 4200}, riichi=(2,), note="Riichi")
    second = ledger.new_match("yokai-watch", ["E", "F"])
    ledger.add_win(second, 1, "ron", {0: 100})
    return ledger, first, second


def test_the_table_of_a_match_already_read_reads_no_match_row(tmp_path, monkeypatch):
    ledger, first, _ = _ledger(tmp_path / "ledger.sqlite")
    match = ledger.match(first)
    by_id = ledger.table(first)
    run = _traced(monkeypatch)
    state, hands = ledger.table(match)
    assert not _match_reads(run), run
    assert (state, hands) == by_id and state.totals == by_id[0].totals and len(hands) == 2
    run.clear()
    assert ledger.to_csv(match) == ledger.to_csv(first)
    assert len(_match_reads(run)) == 1, run  # the one by its id


def test_tilelens_ledger_show_reads_the_match_once(tmp_path, monkeypatch, capsys):
    ledger, first, _ = _ledger(tmp_path / "ledger.sqlite")
    for argv in (["show", str(first)], ["show", str(first), "--json"]):
        run = _traced(monkeypatch)
        assert main(["ledger", *argv, "--db", str(ledger.path)]) == 0
        out = capsys.readouterr().out
        assert len(_match_reads(run)) == 1, run
        assert "C ron from D" in out or '"dealt_in": "D"' in out, out
        monkeypatch.undo()


def test_tilelens_ledger_list_and_csv_all_read_no_match_row_again(tmp_path, monkeypatch, capsys):
    ledger, first, second = _ledger(tmp_path / "ledger.sqlite")
    run = _traced(monkeypatch)
    assert main(["ledger", "list", "--db", str(ledger.path)]) == 0
    out = capsys.readouterr().out
    assert not _match_reads(run), run  # each match from the one reading of them all
    assert "2 hands" in out and "leading: C (29,200 points)" in out and "leading: F (1,100 points)" in out, out
    run.clear()
    folder = tmp_path / "csv"
    assert main(["ledger", "csv", "--all", "--db", str(ledger.path), "--out", str(folder)]) == 0
    assert not _match_reads(run), run
    monkeypatch.undo()
    for m in (first, second):  # the files as before: each match's CSV as `csv ID` writes it
        assert (folder / f"tilelens-match-{m}.csv").read_bytes().decode("utf-8-sig") == ledger.to_csv(m)


def test_the_ledger_page_reads_the_match_shown_once(home, page, monkeypatch):
    ledger, first, _ = _ledger(home / "ledger.sqlite")
    at = page("ledger", GAME)
    metrics = [m.value for m in at.metric]
    run = _traced(monkeypatch)
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert not _match_reads(run), run  # the match shown is one of those the page read for its picker
    assert [m.value for m in at.metric] == metrics and at.dataframe and at.get("download_button")
    assert at.selectbox(key=f"ledger_match_{GAME}").value.id == first


def test_no_undo_for_a_damaged_match_without_hands_read_from_the_picker(home, page, monkeypatch):
    # test_ledger_damaged_undo_48's case, its stand-in taking the match the page passes (a ``Match``, not its id)
    from tilelens.ledger import MatchDamagedError

    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, ["A", "B", "C", "D"])
    passed = []

    def damaged(self, match):
        passed.append(match)
        raise MatchDamagedError(f"match #{match.id} in {self.path} cannot be read (x); it was left out")

    monkeypatch.setattr(Ledger, "table", damaged)
    at = page("ledger", GAME)
    assert not at.exception and len(at.error) == 1 and f"match #{m}" in at.error[0].value
    assert not [b for b in at.button if (b.key or "").startswith("ledger_undo")]
    assert passed and all(p.id == m and p.players == ("A", "B", "C", "D") for p in passed)
