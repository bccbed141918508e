"""Session 58 (M1): the ledger page's "Add another laptop's ledger" never shows a traceback. A match here whose
players cell was edited by hand crashed the merge (JSONDecodeError: the page caught TilelensInputError alone); any
other problem the merge did not expect is said in one line, in the screen's language, this ledger as it was."""
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest
from screen_words import foreign

from tilelens.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_merge_helpers_57 import table_one  # noqa: E402

GAME = "yokai-watch"
UPLOADER = "ledger_merge_file"


def rows(path):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return (db.execute("SELECT * FROM matches ORDER BY id").fetchall(),
                db.execute("SELECT * FROM hands ORDER BY match_id, seq").fetchall())


def add(at_, name, data):
    next(u for u in at_.get("file_uploader") if u.key.startswith(UPLOADER)).set_value(
        (name, data, "application/vnd.sqlite3"))
    at_.run()
    at_.button(key="ledger_merge").click().run()
    assert not at_.exception, [e.value for e in at_.exception]
    return at_


@pytest.fixture
def laptops(home, tmp_path):
    """This laptop's ledger (the app's) and a copy of it on the other laptop where match #2 went on otherwise."""
    a = table_one(home / "ledger.sqlite")
    other = tmp_path / "table2.sqlite"
    other.write_bytes(a.path.read_bytes())
    Ledger(other).add_win(2, 3, "ron", {2: 70})
    a.add_win(2, 0, "ron", {1: 10})
    return a, other


def test_a_damaged_players_cell_here_is_no_crash(laptops, page):
    a, other = laptops
    with sqlite3.connect(a.path) as db:
        db.execute("UPDATE matches SET players = ? WHERE id = 2", ("Ann, Ben, Chika, Daiki",))  # edited by hand
    at_ = add(page("ledger", GAME), "table2.sqlite", other.read_bytes())
    (warning,) = [w.value.replace("\\", "") for w in at_.warning if "conflicting" in w.value]
    assert "kept both: #2 here and #3 added" in warning


@pytest.mark.parametrize("lang, words", [
    ("en", "table2.sqlite could not be added: the merge met a problem it did not expect (disk gremlin): "
           "nothing was changed"),
    ("ja", "table2.sqlite を追加できませんでした。思わぬ問題が起きました (disk gremlin)。何も変更していません")])
def test_a_problem_the_merge_did_not_expect_is_said_in_one_line(laptops, page, monkeypatch, lang, words):
    a, other = laptops
    import tilelens.ledger_merge

    def broken(*args, **kwargs):
        raise RuntimeError("disk gremlin")

    monkeypatch.setattr(tilelens.ledger_merge, "merge_upload", broken)
    before = rows(a.path)
    at_ = add(page("ledger", GAME, lang=lang), "table2.sqlite", other.read_bytes())
    assert [e.value for e in at_.error] == [words]
    assert rows(a.path) == before
    assert not foreign(at_, lang, frozenset(n for m in a.matches() for n in m.players) | {"disk gremlin"})
