"""Session 60 (F4): an event's seats as CSV, a row per seat, for a spreadsheet: `tilelens check --csv FILE|-` and the
event page's download."""
from __future__ import annotations

import csv
import functools
import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402
from tilelens.event.seats_csv import HEADERS, seats_csv  # noqa: E402


@pytest.fixture()
def exact(monkeypatch):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def _event(exact, root: Path) -> Path:
    ev = root / "ev"
    make_table(exact, ev, "table-01", CLEAN)
    # table-02: seat 4 holds one tile too many, seat 2's third tile read unsurely
    make_table(exact, ev, "table-02", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}), conf={"2": {2: 0.41}})
    make_table(exact, ev, "=SUM(A1)", CLEAN)  # a name that a spreadsheet would run as a formula
    return ev


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_to_a_file_has_a_row_per_seat_with_a_byte_order_mark(exact, tmp_path, capsys):
    ev = _event(exact, tmp_path)
    target = tmp_path / "seats.csv"
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--csv", str(target)]) == 1
    printed = capsys.readouterr().out
    assert f"seats: {target}" in printed and "FAULT  table-02" in printed
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # as the ledger's CSV: Excel reads Japanese names right
    rows = _rows(data.decode("utf-8-sig"))
    assert list(rows[0]) == HEADERS
    assert all(h in HEADERS for h in ("read (tiles)", "expected (tiles)", "lowest confidence (%)"))
    assert [(r["table"], r["seat"]) for r in rows] == [
        ("'=SUM(A1)", s) for s in "1234"] + [("table-01", s) for s in "1234"] + [("table-02", s) for s in "1234"]
    # (the formula kept as text, as the ledger's CSV keeps one: ``ledger.csv_cell``)
    by = {(r["table"], r["seat"]): r for r in rows}
    one = by[("table-01", "1")]
    assert one["dealer"] == "yes" and one["photo"] == "seat1-dealer.png" and one["seat verdict"] == "in order"
    assert (one["read (tiles)"], one["expected (tiles)"], one["missing - / extra + (tiles)"]) == ("9", "9", "0")
    assert one["tiles read"].split() == CLEAN["1"] and one["table verdict"] == "in order"
    four = by[("table-02", "4")]
    assert (four["read (tiles)"], four["expected (tiles)"], four["missing - / extra + (tiles)"]) == ("9", "8", "+1")
    assert four["seat verdict"] == "not in order" and four["table verdict"] == "not in order"
    assert "has 9 tiles, expected 8" in four["findings"]
    two = by[("table-02", "2")]
    assert two["least-sure tiles"].startswith("3. ") and two["least-sure tiles"].endswith("41.0%")
    assert two["lowest confidence (%)"] == "41.0" and two["seat verdict"] == "tiles to confirm"
    assert by[("table-02", "1")]["seat verdict"] == "in order"  # a seat of a faulty table in order


def test_csv_to_standard_output_is_the_csv_alone(exact, tmp_path, capsys):
    ev = _event(exact, tmp_path)
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--csv", "-"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("table,seat,dealer,photo,") and "\ufeff" not in out  # no mark on a pipe, as the ledger
    assert len(_rows(out)) == 12 and "FAULT  table-02" in err and "tables in order" in err
    assert "FAULT" not in out


def test_a_near_copy_and_the_wrong_game_are_said_in_their_seats_columns(tmp_path):
    """A report's findings, as `seats_csv` reads them from the report folder (no check run: its reports as written)."""
    import json

    out = tmp_path / "_report"
    (out / "t1").mkdir(parents=True)
    tile = {"seat": "2", "index": 0, "kind": "minami", "xyxy": [0, 0, 1, 1], "confidence": 0.9, "is_back": False}
    report = {"table": "t1", "game": "nogizaka", "verdict": "fault", "dealer": "1", "findings": [
        {"kind": "near-copy", "severity": "error", "seats": ["2", "3"], "message": "seat 2 and seat 3 look like ...",
         "data": {"distance": 3.2, "same_reading": False}},
        {"kind": "near-copy", "severity": "error", "seats": ["2"], "message": "seat 2: photo ...",
         "data": {"table": "t9", "seat": "4", "photo": "IMG_9.jpg", "distance": 2.0}},
        {"kind": "other-game", "severity": "error", "seats": ["3"], "message": "seat 3's photo shows another set's",
         "data": {"looks_like": "yokai-watch", "looks_like_en": "Yokai Watch"}},
        {"kind": "missing-seat", "severity": "error", "seats": ["4"], "message": "no photo for seat 4"}],
        "seats": [{"seat": s, "photo": f"seat{s}.jpg", "tiles": [dict(tile, seat=s)] * 8} for s in "123"]}
    (out / "t1" / "report.json").write_text(json.dumps(report))
    rows = {r["seat"]: r for r in _rows(seats_csv(out, {"tables": [{"table": "t1"}], "unchecked": ["t2"]},
                                                   trusted_only=False))}
    assert rows["2"]["near copy of"] == "seat 3 (seat3.jpg); t9 seat 4 (IMG_9.jpg)"
    assert rows["3"]["near copy of"] == "seat 2 (seat2.jpg)" and rows["3"]["wrong game"] == "looks like Yokai Watch"
    assert rows["4"]["photo"] == "" and rows["4"]["read (tiles)"] == "" and rows["4"]["seat verdict"] == "not in order"
    assert rows["1"]["expected (tiles)"] == "9" and rows["2"]["expected (tiles)"] == "8"
    assert rows["2"]["missing - / extra + (tiles)"] == "0"
    assert rows[""]["table"] == "t2" and rows[""]["table verdict"].startswith("not checked")
    # the app's download: only the reports this home's check wrote (this one, written by hand, is not)
    (untrusted,) = _rows(seats_csv(out, {"tables": [{"table": "t1"}]}))
    assert untrusted["table verdict"].startswith("report not trusted") and untrusted["seat"] == ""


def test_csv_into_a_folder_not_there_is_one_line_before_any_photo_is_read(exact, tmp_path, capsys):
    ev = _event(exact, tmp_path)
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1",
                     "--csv", str(tmp_path / "nowhere" / "seats.csv")]) == 2
    err = capsys.readouterr().err
    assert "--csv" in err and "does not exist" in err and "Traceback" not in err
    assert not (ev / "_report").exists() and exact.calls == 0
    folder = tmp_path / "sheets"
    folder.mkdir()
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet", "--csv", str(folder)]) == 1
    assert (folder / "seats.csv").read_bytes().startswith(b"\xef\xbb\xbf")


def test_the_csv_folder_error_is_said_in_japanese(exact, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    ev = _event(exact, tmp_path)
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--csv", str(tmp_path / "nowhere" / "x.csv")]) == 2
    assert "がありません" in capsys.readouterr().err


def test_the_event_page_offers_the_seats_beside_its_pages(exact, tmp_path, capsys, monkeypatch):
    """The event page's download (``event_report_view.download_event``): the seats' CSV beside the pages' zip, named
    after the event, with the file's byte-order mark; none where the report is not trusted."""
    import streamlit

    from app.components import event_report_view

    ev = _event(exact, tmp_path)
    cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"])
    capsys.readouterr()
    offered: list[tuple] = []
    monkeypatch.setattr(streamlit, "download_button", lambda label, data, file_name=None, **kw: offered.append(
        (label, file_name, data() if callable(data) else data)))
    event_report_view.download_event(ev / "_report", "ev", key="t")
    from app.components.event_words import S, s

    assert S["download_seats"] == ("席の一覧をCSVで書き出す", "Export the seats (CSV)")  # as the ledger page says it
    assert [(label, name) for label, name, _ in offered] == [
        (s("download_event"), "ev.zip"), (s("download_seats"), "ev-seats.csv")]
    data = offered[1][2]
    assert data.startswith(b"\xef\xbb\xbf") and len(_rows(data.decode("utf-8-sig"))) == 12
    assert "report not trusted" not in data.decode("utf-8-sig")  # this home's check's reports, as written
    offered.clear()
    event_report_view.download_event(ev / "_report", "ev", key="t", trusted=False)
    assert not offered
