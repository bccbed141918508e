"""Session 52's re-walk of ``tilelens check``: a report folder it wrote (an event's, or one table's) given as the
event folder is said to be one, its thumbs/ never checked as a table; a report folder's own names refused as a
table's name; a seat of another table said in Japanese without a stray space."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from tilelens.event.layout import EventInputError, scan_event
from tilelens.event.model import seat_at_table
from tilelens.event.runner import table_name_problem

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module


def _table_report(folder: Path, name: str) -> None:
    (folder / "thumbs").mkdir(parents=True)
    for seat in "1234":
        Image.new("RGB", (8, 8)).save(folder / "thumbs" / f"seat{seat}.jpg")
    (folder / "crops").mkdir()
    Image.new("RGB", (8, 8)).save(folder / "crops" / "1-0.jpg")
    (folder / "report.json").write_text(json.dumps({"table": name, "verdict": "ok", "findings": []}))
    (folder / "index.html").write_text("<html></html>")


def _event_report(root: Path) -> Path:
    for name in ("table-01", "table-02"):
        _table_report(root / name, name)
    (root / "event.json").write_text(json.dumps({"tables": []}))
    (root / "index.html").write_text("<html></html>")
    return root


@pytest.mark.parametrize("which", ["event", "table"])
def test_a_report_folder_is_said_to_be_one_not_checked(tmp_path, which):
    root = _event_report(tmp_path / "rep")
    folder = root if which == "event" else root / "table-01"
    with pytest.raises(EventInputError) as err:
        scan_event(folder)
    assert "report folder written by tilelens check" in str(err.value), str(err.value)
    assert "thumbs" not in str(err.value) and "give each of them" not in str(err.value)


def test_an_event_folder_holding_its_own_report_is_still_checked(tmp_path):
    """--out given as the event folder itself: event.json beside the table folders of photos, which are checked."""
    event = tmp_path / "ev"
    for name in ("table-01", "table-02"):
        (event / name).mkdir(parents=True)
        for seat in "1234":
            Image.new("RGB", (8, 8)).save(event / name / f"seat{seat}.jpg")
    (event / "event.json").write_text("{}")
    assert [t.name for t in scan_event(event).tables] == ["table-01", "table-02"]


@pytest.mark.parametrize("name", ["thumbs", "_report", "crops", "THUMBS"])
def test_a_report_folders_own_names_cannot_name_a_table(name):
    problem = table_name_problem(name)
    assert problem is not None and name in problem[0] and name in problem[1]


def test_a_seat_of_a_japanese_named_table_has_no_stray_space():
    assert seat_at_table("2", "卓01")[1] == "卓01の2番席"
    assert seat_at_table("4", "table-03")[1] == "table-03 の4番席"


def test_a_seat_of_another_game_is_said_once_not_counted_nor_listed_to_confirm():
    """One photo of another set: "another set" said, and neither its tiles read as this set's counted with the other
    seats' (yokai read 5 times) nor each listed to confirm."""
    import dataclasses

    from scorer import load_game
    from tilelens.event.model import FindingKind
    from tilelens.event.rules import Seating, check_readings
    from test_event_rules_51 import M, row, seat

    nogi = load_game("nogizaka")
    hands = {"1": seat("1", M[0:9], row(9, 24, 66)), "2": seat("2", M[4:12], row(8, 40)),
             "3": seat("3", [M[i] for i in (0, 2, 4, 6, 8, 10, 11, 1)], row(8, 40))}
    other = seat("4", [M[0]] * 8, row(8, 40), sure=0.3)  # another set's tiles read as misa-senpai, unsure
    hands["4"] = dataclasses.replace(other, other_game=True)
    kinds = [f.kind for f in check_readings(nogi, Seating(seats=("1", "2", "3", "4"), dealer="1"), hands)]
    assert FindingKind.SURPLUS not in kinds, kinds
    assert FindingKind.UNSURE_TILE not in kinds, kinds


def test_a_table_checked_from_uploads_keeps_the_fingerprint_of_its_photos(tmp_path):
    """The page's reports said "fingerprint": "", the CLI's a hash of the photos: one of the uploaded bytes."""
    from scorer import load_game
    from tilelens.event import table_from_uploads
    from tilelens.event.runner import check_uploaded_table
    from test_event_support import CLEAN, ExactReader

    reader = ExactReader()
    uploads = {}
    for seat, kinds in CLEAN.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        uploads[seat] = [(f"s{seat}.png", (tmp_path / f"s{seat}.png").read_bytes())]
    out = tmp_path / "out"
    check_uploaded_table(table_from_uploads("table-01", 4, "1", uploads), load_game("nogizaka"), reader, out)
    first = json.loads((out / "table-01" / "report.json").read_text(encoding="utf-8"))["fingerprint"]
    assert first
    uploads["2"] = uploads["3"]
    check_uploaded_table(table_from_uploads("table-01", 4, "1", uploads), load_game("nogizaka"), reader, out,
                         replace=True)  # the same table checked again on purpose (session 56: a taken name is refused)
    assert json.loads((out / "table-01" / "report.json").read_text(encoding="utf-8"))["fingerprint"] != first
