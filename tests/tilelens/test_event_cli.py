"""``tilelens check``: exit status, printed summary, and one-line errors through the CLI router."""
from __future__ import annotations

import functools
import json

import pytest

from test_event_support import CLEAN, ExactReader, make_table
from tilelens import cli
from tilelens.event import cli as event_cli
from tilelens.event.runner import check_event


@pytest.fixture()
def exact(monkeypatch):
    """The CLI with the exact reader in place of the models (in one process)."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def test_all_tables_in_order_exit_0_and_report_beside(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    assert json.loads((tmp_path / "ev" / "_report" / "event.json").read_text())["in_order"] is True
    assert "ok     t1" in capsys.readouterr().out


def test_a_faulty_table_exits_1_and_says_why(exact, tmp_path, capsys):
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    make_table(exact, tmp_path / "ev", "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    out = tmp_path / "out"
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--out", str(out), "--jobs", "1"]) == 1
    printed = capsys.readouterr().out
    assert "FAULT  t2: seat 4 (player) has 9 tiles, expected 8 (1 too many)" in printed
    assert "1 of 2 tables in order (2 read, 0 unchanged)" in printed
    assert (out / "t2" / "index.html").is_file()


def test_a_house_game_file_is_checked_by_its_own_table(exact, tmp_path, capsys):
    """--game took only the shipped ids ("invalid choice"), so an organiser's edited roster could not be used."""
    from scorer import load_game

    house = tmp_path / "house-nogizaka.toml"
    house.write_text(open(load_game("nogizaka").source, encoding="utf-8").read().replace(
        "copies = 6", "copies = 7", 1), encoding="utf-8")  # one member has a seventh copy at this event
    misa = ["misa-senpai"]
    seven = dict(CLEAN, **{"1": misa * 3 + CLEAN["1"][1:7], "2": misa * 2 + CLEAN["2"][2:]})  # + 1 + 1 = 7
    make_table(exact, tmp_path / "ev", "t1", seven)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    capsys.readouterr()
    assert cli.main(["check", str(tmp_path / "ev"), "--game", str(house), "--out", str(tmp_path / "out"),
                     "--jobs", "1", "--quiet"]) == 0, capsys.readouterr()


def test_a_seat_with_many_unsure_tiles_is_one_item_of_the_tables_line(exact, tmp_path, capsys):
    # a blurred photo: every tile unsure. The line names how many and where; two unsure tiles are each said
    unsure = {i: 0.4 for i in range(8)}
    make_table(exact, tmp_path / "ev", "t1", CLEAN, conf={"2": unsure, "3": {0: 0.5, 5: 0.6}})
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    line = next(x for x in capsys.readouterr().out.splitlines() if " t1" in x)
    assert line.startswith("REVIEW t1: ")
    assert "seat 2: 8 tiles to confirm (tiles 1, 2, 3, 4, 5, 6, 7, 8)" in line
    assert "seat 3, tile 1: read as" in line and "seat 3, tile 6: read as" in line
    assert "seat 2, tile" not in line and line.count("please confirm") == 2
    report = json.loads((tmp_path / "ev" / "_report" / "t1" / "report.json").read_text())
    assert sum(f["kind"] == "unsure-tile" for f in report["findings"]) == 10  # the report keeps each


@pytest.mark.parametrize("args, message", [
    (["/no/such/event", "--game", "nogizaka"], "does not exist"),
    (["{tmp}", "--game", "nogizak"], "unknown game 'nogizak' (did you mean: nogizaka?)"),
    (["{tmp}", "--game", "{tmp}/house.toml"], "house.toml' does not exist"),
    (["{tmp}", "--game", "nogizaka", "--min-confidence", "2"], "--min-confidence must be between 0 and 1"),
    (["{tmp}", "--game", "nogizaka"], "holds no table folder"),
    (["{tmp}", "--game", "nogizaka", "--out", "{tmp}/t1/seat1-dealer.png/report"],
     "seat1-dealer.png is a file, not a folder"),  # said before any photo is read, not a traceback after
])
def test_bad_input_is_one_line_and_exit_2(exact, tmp_path, capsys, args, message):
    if "--out" in args:
        make_table(exact, tmp_path, "t1", CLEAN)
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert cli.main(["check", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
