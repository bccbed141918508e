"""Session 54: the ledger for scripts and for a club that edits its game (walkthroughs w8, w3).

`ledger list --json`; `show --json` on one line, each hand's round, honba and dealer, its start time in ISO 8601 with a
colon in the offset; the CSV one table of the hands (the standings apart: `csv --standings`), the tool's own notes not
starting like a formula, riichi and tenpai names joined with ", " (a name holds no comma); `csv --all` names its
folder; a match said in the unit it was played in, whatever the table in use says now."""
from __future__ import annotations

import csv
import io
import json
import re
import sqlite3

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError, units_of

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$")


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path):
    """Two matches: a Nogizaka match under way (a riichi winner on a table with no chip before: its note is only
    the chips it took) and a Tokyo Mahjong match that ended (a player below 0)."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    nogi = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(nogi, 0, "ron", {1: 60}, riichi=[0])
    ledger.add_draw(nogi, riichi=[1, 2])
    riichi = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(riichi, 0, "ron", {1: 2900})  # the dealer keeps the deal: East 1, honba 1 next
    ledger.add_win(riichi, 2, "ron", {1: 32000})  # Bo below 0: the match ends
    return ledger, nogi, riichi


# 1. `ledger list --json`

def test_list_json_is_one_line_of_every_match(db, capsys):
    ledger, nogi, riichi = db
    code, out, err = run(capsys, "ledger", "list", "--json", "--db", ledger.path)
    assert code == 0 and not err, err
    assert out.endswith("\n") and out.count("\n") == 1, out
    matches = json.loads(out)
    assert [m["id"] for m in matches] == [riichi, nogi]  # newest first, as the text
    first = matches[1]
    assert first["game"] == "nogizaka" and first["players"] == ["Ann", "Bo", "Cy", "Di"]
    assert ISO.match(first["created"]), first["created"]
    assert first["ended"] is False and first["totals"] == {"Ann": 1060, "Bo": 930, "Cy": 990, "Di": 1000}
    assert first["hands_played"] == 2 and first["unit"] == {"en": "points", "ja": "点"}
    assert matches[0]["ended"] is True and matches[0]["end_reason"] == "a player's total has fallen below 0"


def test_list_json_is_the_same_in_japanese(db, capsys, monkeypatch):
    ledger, _, _ = db
    _, en, _ = run(capsys, "ledger", "list", "--json", "--db", ledger.path)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    _, ja, _ = run(capsys, "ledger", "list", "--json", "--db", ledger.path)
    assert ja == en


def test_list_json_of_no_ledger_yet_is_an_empty_list(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "none.sqlite"))
    code, out, err = run(capsys, "ledger", "list", "--json")
    assert (code, out, err) == (0, "[]\n", "")


def test_list_help_names_json(capsys):
    with pytest.raises(SystemExit):
        main(["ledger", "list", "--help"])
    assert "--json" in capsys.readouterr().out


# 2. `show --json`: one line; each hand's round, honba, dealer; the start time in ISO 8601

def test_show_json_is_one_line_with_each_hands_round(db, capsys):
    ledger, _, riichi = db
    code, out, err = run(capsys, "ledger", "show", riichi, "--json", "--db", ledger.path)
    assert code == 0 and not err and out.count("\n") == 1, out
    shown = json.loads(out)
    assert ISO.match(shown["created"]), shown["created"]
    hands = shown["hands"]
    assert [(h["round"], h["honba"], h["dealer"]) for h in hands] == [("East 1", 0, "Ann"), ("East 1", 1, "Ann")]


def test_a_donjara_hand_has_its_dealer_and_no_wind_round(db, capsys):
    ledger, nogi, _ = db
    _, out, _ = run(capsys, "ledger", "show", nogi, "--json", "--db", ledger.path)
    hands = json.loads(out)["hands"]
    assert [(h["round"], h["dealer"]) for h in hands] == [(None, "Ann"), (None, "Ann")]  # the dealer kept it


# 3. the CSV is one table: the hands; the standings written alone with --standings

def test_the_csv_of_an_ended_match_is_the_hands_alone(db, capsys):
    ledger, _, riichi = db
    code, out, _ = run(capsys, "ledger", "csv", riichi, "--db", ledger.path)
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and len({len(row) for row in rows}) == 1, rows  # one shape: no blank row, no second table
    assert [row[0] for row in rows] == ["entry", "0", "1", "2"], rows


def test_csv_standings_writes_the_places_alone(db, capsys):
    ledger, _, riichi = db
    code, out, _ = run(capsys, "ledger", "csv", riichi, "--standings", "--db", ledger.path)
    assert code == 0
    assert list(csv.reader(io.StringIO(out))) == [["place", "player", "total (points)"], ["1", "Cy", "57000"],
                                                  ["2", "Ann", "27900"], ["3", "Di", "25000"], ["4", "Bo", "-9900"]]


def test_csv_all_standings_writes_a_file_of_standings_per_match(db, capsys, tmp_path):
    ledger, nogi, riichi = db
    code, _, err = run(capsys, "ledger", "csv", "--all", "--standings", "--db", ledger.path, "--out", tmp_path / "s")
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        f"tilelens-match-{nogi}-standings.csv", f"tilelens-match-{riichi}-standings.csv"]


# 4. the tool's own notes start like no formula; riichi and tenpai joined with ", ", a name holds no comma

def test_no_note_of_the_tool_starts_like_a_formula(db, capsys):
    ledger, nogi, _ = db
    _, out, _ = run(capsys, "ledger", "csv", nogi, "--db", ledger.path)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[1]["note"].startswith("plus 10 points (1 chip) from the riichi chips on the table"), rows[1]
    assert not any(cell.startswith("'") for row in rows for cell in row.values()), rows


def test_riichi_names_are_joined_with_a_comma(db, capsys):
    ledger, nogi, _ = db
    _, out, _ = run(capsys, "ledger", "csv", nogi, "--db", ledger.path)
    assert list(csv.DictReader(io.StringIO(out)))[2]["riichi"] == "Bo, Cy"


def test_csv_help_says_how_names_are_joined(capsys):
    with pytest.raises(SystemExit):
        main(["ledger", "csv", "--help"])
    assert 'joined with ", "' in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("name", ["Bob, Jr", "山田、花子", "A，B"])
def test_a_new_matchs_name_holds_no_comma(tmp_path, name):
    with pytest.raises(LedgerError, match="comma"):
        Ledger(tmp_path / "l.sqlite").new_match("nogizaka", ["Ann", name, "Cy", "Di"])


# 5. `csv --all` names its folder; --out makes a missing folder for one match as for all

def test_csv_all_without_out_is_refused_and_writes_nothing(db, capsys, tmp_path, monkeypatch):
    ledger, _, _ = db
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    code, out, err = run(capsys, "ledger", "csv", "--all", "--db", ledger.path)
    assert code == 2 and out == "" and "--out" in err and len(err.strip().splitlines()) == 1, err
    assert list(here.iterdir()) == []


def test_csv_out_makes_a_missing_folder_as_all_does(db, capsys, tmp_path):
    ledger, nogi, _ = db
    code, out, err = run(capsys, "ledger", "csv", nogi, "--db", ledger.path, "--out", tmp_path / "new" / "m.csv")
    assert code == 0 and (tmp_path / "new" / "m.csv").read_text(encoding="utf-8-sig").startswith("entry,"), err
    code, out, err = run(capsys, "ledger", "csv", nogi, "--db", ledger.path, "--out", f"{tmp_path / 'dir'}/")
    assert code == 0 and (tmp_path / "dir" / f"tilelens-match-{nogi}.csv").is_file(), err


# 6. a match is said in the unit it was played in

CHIPS = {"currency_ja = \"点\"": "currency_ja = \"枚\"", "currency_en = \"points\"": "currency_en = \"chips\""}


def _chips_table(home) -> None:
    """The club's Nogizaka table counted in chips, saved in the app's home (as the Rules page saves it)."""
    from app import settings

    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    for old, new in CHIPS.items():
        assert old in text
        text = text.replace(old, new)
    settings.save_house_table("nogizaka", text)


@pytest.fixture
def club(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    return Ledger(tmp_path / "ledger.sqlite")


def test_a_match_played_in_points_is_said_in_points_after_the_table_changes_to_chips(club, capsys, tmp_path):
    m = club.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])  # the box's table: points
    club.add_win(m, 0, "ron", {1: 40}, riichi=[0])
    _chips_table(tmp_path / "home")
    code, out, err = run(capsys, "ledger", "show", m)
    assert code == 0 and "Bo pays Ann 40 points" in out and "chips" not in out.replace("riichi chips", ""), out
    code, out, _ = run(capsys, "ledger", "show", m, "--json")
    assert json.loads(out)["unit"] == {"en": "points", "ja": "点"}


def test_a_match_started_under_chips_is_said_in_chips(club, capsys, tmp_path):
    from scorer import load_game

    _chips_table(tmp_path / "home")
    from app import settings

    m = club.new_match(settings.app_game("nogizaka"), ["Ann", "Bo", "Cy", "Di"])
    club.add_win(m, 0, "ron", {1: 40}, riichi=[0])
    code, out, _ = run(capsys, "ledger", "show", m)
    assert "Bo pays Ann 40 chips" in out and "10 chips from the riichi chips on the table" in out, out
    code, out, _ = run(capsys, "ledger", "show", m, "--shipped-rules")  # the box's table in use: still its own unit
    assert "Bo pays Ann 40 chips" in out, out
    assert load_game("nogizaka").rules["payout"]["currency_en"] == "points"  # the test's own process: the box's


def test_a_match_stored_before_its_unit_was_kept_takes_the_shipped_games(club, capsys, tmp_path):
    m = club.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    club.add_win(m, 0, "ron", {1: 40})
    with sqlite3.connect(club.path) as db:  # as an earlier version stored it: no unit
        rules = json.loads(db.execute("SELECT rules FROM matches").fetchone()[0])
        for key in ("currency_en", "currency_ja", "table_mark"):
            rules.pop(key, None)
        db.execute("UPDATE matches SET rules = ?", (json.dumps(rules),))
    _chips_table(tmp_path / "home")
    assert units_of(club.match(m)) == {"en": "points", "ja": "点"}
    code, out, _ = run(capsys, "ledger", "show", m)  # the CLI plays the edited table: the match is still in points
    assert "Bo pays Ann 40 points" in out, out


# 9. README's "Use from Python" shows a script adding a scored hand to a match (run by tests/scorer/test_api_library_53)

def test_the_readme_shows_a_script_keeping_a_match(capsys, monkeypatch):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    section = (root / "README.md").read_text(encoding="utf-8").split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    blocks = [b for b in re.findall(r"^```python\n(.*?)^```", section, re.S | re.M) if "new_match(" in b]
    assert blocks and all(call in blocks[0] for call in ("Ledger(", "add_win(", "payments=", "add_draw(")), blocks
    exec(compile(blocks[0], "README.md", "exec"), {"__name__": "readme"})
    assert "(1060, 990, 940, 1000) 1 10" in capsys.readouterr().out
