"""`tilelens ledger`: the matches of the table ledger on the command line (list, show, csv), the app's ledger file
by default; bad input one line and exit 2; Japanese text where the environment asks for it, the same JSON."""
from __future__ import annotations

import json
import sqlite3

import pytest

from ledger_helpers import app_home, run
from tilelens.cli import main
from tilelens.ledger import Ledger, default_path


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The app's data folder, with no TILELENS_LEDGER: the ledger the app uses is ``home/ledger.sqlite``."""
    return app_home(tmp_path, monkeypatch, no_language=False)


def one_line_error(code, out, err):
    assert code == 2 and out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1, (code, err)
    assert err.startswith("tilelens ledger: ")
    return err


def matches(path):
    """A riichi match under way (a double ron on C's entry first, then a tsumo) and a Yokai Watch match ended with
    a riichi chip left on the table."""
    ledger = Ledger(path)
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, riichi=(0,))
    ledger.add_win(m, 2, "ron", {3: 4200}, riichi=(2,), note="Riichi; incl. 300 for 1 honba")
    ledger.add_win(m, 1, "ron", {3: 2000}, note="Tanyao", same_discard=True)
    ledger.add_win(m, 1, "tsumo", {0: 2100, 2: 1100, 3: 1100})
    y = ledger.new_match("yokai-watch", ["Ann", "Bo"])
    ledger.add_win(y, 1, "ron", {0: 100})
    for _ in range(2):
        ledger.add_draw(y)
    ledger.add_draw(y, riichi=(0,))  # the fourth deal passes: every player has dealt twice
    assert ledger.state(y).ended and ledger.state(y).pot == 10
    return ledger, m, y


def test_the_default_ledger_is_the_apps(home, monkeypatch):
    from app.settings import ledger_path

    assert default_path() == ledger_path() == home / "ledger.sqlite"
    monkeypatch.setenv("TILELENS_LEDGER", str(home / "other.sqlite"))
    assert default_path() == ledger_path() == home / "other.sqlite"


def test_list_shows_each_match_of_the_apps_ledger_with_no_flag(home, capsys):
    _, m, y = matches(home / "ledger.sqlite")
    code, out, err = run(capsys, "ledger", "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"#{y}  ") and lines[1].startswith(f"#{m}  ")
    assert "Yokai Watch" in lines[0] and "Ann, Bo" in lines[0] and "4 hands" in lines[0]
    assert lines[0].endswith("finished, won by Bo (1,100 points)")
    assert "Tokyo Mahjong" in lines[1] and "A, B, C, D" in lines[1] and "3 hands" in lines[1]  # a double ron is one hand
    assert lines[1].endswith("under way, leading: B (32,600 points)")


def test_show_says_each_hand_who_dealt_in_and_paid_and_the_standings(home, capsys):
    _, m, y = matches(home / "ledger.sqlite")
    code, out, _ = run(capsys, "ledger", "show", str(m))
    assert code == 0
    assert "  #2   East 1, honba 1: C ron from D · D pays C 4,200 points · riichi: C · note: Riichi; 300 for 1 honba passed to B " \
           "(nearer the discarder) in B's entry (until then in C's total)" in out.splitlines()
    assert "East 1, honba 1: B ron from D (same discard) · D pays B 2,000 points" in out
    assert "East 2, honba 0: B tsumo · A pays B 2,100 points, C pays B 1,100 points, D pays B 1,100 points" in out
    assert "Standings so far:\n  1. B: 32,600 points\n  2. C: 25,800 points\n  3. A: 24,900 points\n  4. D: 16,700 points" in out
    code, out, _ = run(capsys, "ledger", "show", f"#{y}", "--db", str(home / "ledger.sqlite"))
    assert code == 0 and "Final standings:\n  1. Bo: 1,100 points\n  2. Ann: 890 points" in out
    assert "Riichi chips left on the table: 10 points (1 chip), in no player's total" in out
    assert out.splitlines()[-1] == "The match has ended: every player has dealt twice"


def test_show_json_is_the_same_in_japanese(home, capsys, cli_env):
    _, m, _ = matches(home / "ledger.sqlite")
    code, english, _ = run(capsys, "ledger", "show", str(m), "--json")
    cli_env(TILELENS_LANG="ja")
    code_ja, japanese, _ = run(capsys, "ledger", "show", str(m), "--json")
    assert code == code_ja == 0 and english == japanese
    data = json.loads(english)
    assert [h["hand"] for h in data["hands"]] == [1, 2, 2, 3]
    assert data["hands"][1]["dealt_in"] == "D" and data["hands"][2]["same_discard"]
    assert data["hands"][2]["payments"] == [{"from": "D", "to": "B", "amount": 2000}, {"from": "C", "to": "B", "amount": 300}]
    assert data["standings"][0] == {"place": 1, "player": "B", "total": 32600} and not data["ended"]


def test_csv_is_the_apps_download(home, tmp_path, capsys):
    ledger, m, y = matches(home / "ledger.sqlite")
    code, out, _ = run(capsys, "ledger", "csv", str(m))
    assert code == 0 and out == ledger.to_csv(m)
    code, out, _ = run(capsys, "ledger", "csv", str(y), "--out", str(tmp_path / "y.csv"))
    assert code == 0 and (tmp_path / "y.csv").read_bytes() == ledger.to_csv(y).encode("utf-8-sig")
    code, out, _ = run(capsys, "ledger", "csv", "--all", "--out", str(tmp_path / "all"))
    assert code == 0 and "wrote 2 files" in out
    assert sorted(p.name for p in (tmp_path / "all").iterdir()) == [f"tilelens-match-{m}.csv",
                                                                     f"tilelens-match-{y}.csv"]
    assert (tmp_path / "all" / f"tilelens-match-{m}.csv").read_bytes() == ledger.to_csv(m).encode("utf-8-sig")
    code, _, err = run(capsys, "ledger", "csv", "--all", "--out", str(tmp_path / "y.csv"))
    assert "--out must be a folder" in one_line_error(code, "", err)


def test_a_missing_ledger_says_no_matches_yet_and_where_it_looked(home, capsys):
    code, out, err = run(capsys, "ledger", "list")  # nothing wrong: no match started yet
    assert code == 0 and err == "" and "no matches yet" in out and str(home / "ledger.sqlite") in out
    err = one_line_error(*run(capsys, "ledger", "show", "1"))  # a match asked for by id: an error
    assert "no matches yet" in err and str(home / "ledger.sqlite") in err
    assert not home.exists()  # nothing was made


@pytest.mark.parametrize("make, said", [
    (lambda p: p.mkdir(), "--db names a folder"),
    (lambda p: p.write_bytes(b"this is not a database at all" * 100), "cannot be opened: it is damaged"),
    (lambda p: sqlite3.connect(p).execute("CREATE TABLE photos (id)").connection.commit(), "is not a ledger file"),
])
def test_a_file_that_is_no_ledger_is_one_line(tmp_path, capsys, make, said):
    path = tmp_path / "x.sqlite"
    make(path)
    before = path.read_bytes() if path.is_file() else None
    for action in (["list"], ["show", "1"], ["csv", "--all", "--out", str(tmp_path / "out")]):
        err = one_line_error(*run(capsys, "ledger", *action, "--db", str(path)))
        assert said in err and str(path) in err
    if before is not None:
        assert path.read_bytes() == before  # another program's database is not given the ledger's tables


def test_an_unknown_or_damaged_match_is_one_line(tmp_path, capsys, cli_env):
    path = tmp_path / "l.sqlite"
    ledger, m, y = matches(path)
    err = one_line_error(*run(capsys, "ledger", "show", "99", "--db", str(path)))
    assert f"no match with id 99 in {path}" in err
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET players = 'not json' WHERE id = ?", (y,))
    err = one_line_error(*run(capsys, "ledger", "show", str(y), "--db", str(path)))
    assert f"match #{y} in {path} cannot be read" in err
    code, out, err = run(capsys, "ledger", "list", "--db", str(path))  # the others listed, the damaged one named
    assert code == 2 and out.startswith(f"#{m}  ") and len(out.splitlines()) == 1
    assert f"match #{y} in {path} cannot be read" in err and "Traceback" not in err
    cli_env(TILELENS_LANG="ja")
    err = one_line_error(*run(capsys, "ledger", "show", "99", "--db", str(path)))
    assert "ID 99 の対局はありません" in err


def test_the_text_is_japanese_where_the_environment_asks(home, capsys, cli_env):
    _, m, y = matches(home / "ledger.sqlite")
    cli_env(LANG="ja_JP.UTF-8")
    code, out, _ = run(capsys, "ledger", "list")
    assert code == 0
    assert "妖怪ウォッチ" in out.splitlines()[0] and "対局終了、1位: Bo (1,100点)" in out.splitlines()[0]
    assert "3局" in out.splitlines()[1] and "対局中、トップ: B (32,600点)" in out
    code, out, _ = run(capsys, "ledger", "show", str(y))
    assert code == 0 and "最終順位:\n  1位 Bo: 1,100点" in out and "場に残ったリーチのチップ: 10点 (1枚)。誰の持ち点にも入りません" in out
    code, out, _ = run(capsys, "ledger", "show", str(m))
    assert "C ロン (Dから) · DがCに4,200点払う" in out and "1本場分 300点は放銃者に近いBへ" in out
    assert "pays" not in out and "Hand" not in out and "Standings" not in out
    err = one_line_error(*run(capsys, "ledger", "show", "1", "--db", str(home / "none.sqlite")))
    assert "成績表のファイルがありません" in err  # a --db not there: said so (session 49)


def test_the_command_and_each_subcommand_have_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "  ledger " in out
    for argv in (["ledger", "--help"], ["help", "ledger"], *[["ledger", sub, "--help"] for sub in ("list", "show", "csv")]):
        with pytest.raises(SystemExit) as done:
            main(argv)
        out = capsys.readouterr().out
        assert done.value.code == 0 and out.startswith("usage: tilelens ledger"), argv
    with pytest.raises(SystemExit) as done:  # no subcommand: argparse's usage and one line saying it
        main(["ledger"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.startswith("usage: tilelens ledger") and "say what to do first" in err


def test_a_hand_naming_a_seat_not_at_the_table_is_one_line(tmp_path, capsys):
    """A file edited by hand: a draw's tenpai seat 7 at a table of two broke the text, the JSON and the CSV."""
    path = tmp_path / "l.sqlite"
    ledger = Ledger(path)
    m = ledger.new_match("yokai-watch", ["Ann", "Bo"])
    ledger.add_draw(m)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE hands SET tenpai = '[7]' WHERE match_id = ?", (m,))
    for action in (["show", str(m)], ["show", str(m), "--json"], ["csv", str(m)]):
        err = one_line_error(*run(capsys, "ledger", *action, "--db", str(path)))
        assert f"match #{m} in {path} cannot be read" in err
