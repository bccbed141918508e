"""`tilelens check --csv FILE` writes only where no player's photo or other file is lost: a path in the event's folders
(a table's photo folder, the event folder itself; its report folder is fine) and a file there already that this command
did not write (a seat photo, a ledger, another spreadsheet) are refused in one line, exit 2, before any photo is read,
nothing written. The CSV was written over a seat photo (the next check read that seat as an unreadable photo) and over
a copy of the ledger. Its own earlier CSV is written over as before."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from event_trust_helpers import exact_cli  # noqa: E402
from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event.seats_csv import HEADERS  # noqa: E402


@pytest.fixture()
def exact(monkeypatch, tmp_path) -> ExactReader:
    return exact_cli(monkeypatch, tmp_path)


@pytest.fixture()
def ev(exact, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    make_table(exact, tmp_path / "ev", "t2", CLEAN)
    return Path("ev")


def _check(csv: str, *more: str) -> int:
    return cli.main(["check", "ev", "--game", "nogizaka", "--jobs", "1", "--quiet", *more, "--csv", csv])


def _refused(code: int, err: str, exact: ExactReader, *words: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err
    assert exact.calls == 0 and not Path("ev/_report").exists()  # said before any photo is read


@pytest.mark.parametrize("lang, words", [("en", ("photo folder of table t1", "outside the event folder")),
                                         ("ja", ("卓 t1 の写真のフォルダ", "イベントフォルダの外"))])
def test_a_seat_photo_is_not_written_over(ev, exact, capsys, monkeypatch, lang, words):
    monkeypatch.setenv("TILELENS_LANG", lang)
    photo = ev / "t1" / "seat2.png"
    before = photo.read_bytes()
    code = _check(str(photo))
    _refused(code, capsys.readouterr().err, exact, "--csv ev/t1/seat2.png", *words)
    assert photo.read_bytes() == before


@pytest.mark.parametrize("csv", ["ev/t1/seats.csv", "ev/t2/", "ev/seats.csv", "ev", "ev/t1/../seats.csv"])
def test_no_csv_among_the_players_photos(ev, exact, capsys, csv):
    code = _check(csv)
    _refused(code, capsys.readouterr().err, exact, f"--csv {csv}", "among the players' photos", "ev/_report")
    assert sorted(p.name for p in Path("ev").rglob("*.csv")) == []


def test_a_table_folder_that_is_a_link_is_the_table_still(exact, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_table(exact, tmp_path / "photos", "t9", CLEAN)
    Path("ev").mkdir()
    Path("ev/t9").symlink_to(tmp_path / "photos" / "t9")
    code = _check("photos/t9/seats.csv")
    _refused(code, capsys.readouterr().err, exact, "photo folder of table t9")


def test_the_report_folder_takes_the_csv(ev, exact, capsys):
    """As the refusal of a place among the photos says: even before the first check has made the folder."""
    assert not Path("ev/_report").exists()
    assert _check("ev/_report/seats.csv") == 0
    assert Path("ev/_report/seats.csv").read_bytes().startswith(b"\xef\xbb\xbf" + b"table,seat,")


def test_its_own_csv_under_any_name_is_written_again(ev, exact, capsys):
    assert _check("seats") == 0
    assert Path("seats").read_bytes().startswith(b"\xef\xbb\xbf" + b"table,seat,")
    assert _check("seats", "--fresh") == 0


@pytest.mark.parametrize("name, data", [
    ("ledcopy.sqlite", b"SQLite format 3\x00" + bytes(200)),  # a ledger's copy
    ("notes.txt", b"table,seat,dealer\n"),  # a CSV's first columns, not the seats CSV's
    ("club.csv", "name,points\nAnn,300\n".encode()),  # somebody's spreadsheet
    ("photo.csv", bytes.fromhex("ffd8ffe000104a464946")),  # a photo saved under a .csv name
])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_file_this_command_did_not_write_is_kept(ev, exact, tmp_path, capsys, monkeypatch, name, data, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    (tmp_path / name).write_bytes(data)
    code = _check(name)
    err = capsys.readouterr().err
    _refused(code, err, exact, f"--csv {name}", ("not a seats CSV" if lang == "en" else "席の一覧の CSV ではない"))
    assert japanese(err) == (lang == "ja")
    assert (tmp_path / name).read_bytes() == data


def test_a_link_to_a_seat_photo_is_not_written_through(ev, exact, tmp_path, capsys):
    Path("seats.csv").symlink_to(tmp_path / "ev" / "t2" / "seat3.png")
    before = Path("ev/t2/seat3.png").read_bytes()
    code = _check("seats.csv")
    _refused(code, capsys.readouterr().err, exact, "--csv seats.csv", "photo folder of table t2")
    assert Path("ev/t2/seat3.png").read_bytes() == before


def test_its_own_csv_is_written_again(ev, exact, capsys):
    assert _check("seats.csv") == 0
    first = Path("seats.csv").read_bytes()
    assert first.startswith(b"\xef\xbb\xbf" + ",".join(HEADERS).encode())
    Path("seats.csv").write_bytes(b"\xef\xbb\xbf" + first[3:].replace(b"t2", b"old"))
    assert _check("seats.csv", "--fresh") == 0
    assert Path("seats.csv").read_bytes() == first
    # one written by a tilelens before the Japanese columns, and one saved again without its byte-order mark
    Path("seats.csv").write_text("table,seat,dealer,photo,table verdict,seat verdict,read (tiles)\nold,1\n")
    assert _check("seats.csv") == 0 and Path("seats.csv").read_bytes() == first
    Path("empty.csv").write_bytes(b"")  # an empty file loses nothing
    assert _check("empty.csv") == 0 and Path("empty.csv").read_bytes() == first
    capsys.readouterr()
    assert _check("-") == 0 and capsys.readouterr().out.startswith("table,seat,")  # standard output as before
