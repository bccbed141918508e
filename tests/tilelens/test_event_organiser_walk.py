"""An organiser's walk through an event check: many tables, a table left zipped, a report of an older check,
a huge photo, a table with no dealer marked; the CLI's exit status and the event page."""
from __future__ import annotations

import functools
import json
import sys
import warnings
from pathlib import Path

import pytest

from test_event_support import CLEAN, ExactReader, japanese, make_table
from tilelens import cli
from tilelens.event import CheckOptions, check_event
from tilelens.event import cli as event_cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers (open_page)


@pytest.fixture()
def exact(monkeypatch):
    """The CLI with the exact reader in place of the models (in one process)."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


@pytest.fixture()
def home(tmp_path, monkeypatch):
    """A fresh TILELENS_HOME and ledger path for the app under test (as tests/app/conftest.py's)."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    return tmp_path


# --- 1. a table left zipped is a table not checked: the exit status says so ----------------------------------

def test_a_table_left_zipped_makes_the_exit_status_1_and_the_summary_says_it(exact, tmp_path, capsys):
    """table-03.zip skipped (never unzipped, or corrupt): exit 0 and "2 of 2 tables in order", so a script
    driving the check took the event as checked whole."""
    for name in ("table-01", "table-02"):
        make_table(exact, tmp_path / "ev", name, CLEAN)
    (tmp_path / "ev" / "table-03.zip").write_bytes(b"not a zip at all")
    argv = ["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1"]
    assert cli.main(argv) == 1
    printed = capsys.readouterr().out
    assert "skipped table-03.zip: a compressed file" in printed
    assert "2 of 2 tables in order, 1 compressed file not checked" in printed
    event = json.loads((tmp_path / "ev" / "_report" / "event.json").read_text())
    assert event["in_order"] is False  # event.json agrees with the exit status
    assert [s["kind"] for s in event["skipped"]] == ["archive"]
    # unzipped and removed, the rerun reads only the new table and the event is in order
    (tmp_path / "ev" / "table-03.zip").unlink()
    make_table(exact, tmp_path / "ev", "table-03", CLEAN)
    assert cli.main(argv) == 0
    assert "3 of 3 tables in order (1 read, 2 unchanged)" in capsys.readouterr().out


def test_a_folder_skipped_as_an_old_report_leaves_the_exit_status_0(exact, tmp_path, capsys):
    """Not a table: the event is still whole (as documented)."""
    make_table(exact, tmp_path / "ev", "t1", CLEAN)
    (tmp_path / "ev" / "day1").mkdir()
    (tmp_path / "ev" / "day1" / "event.json").write_text("{}")
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    assert json.loads((tmp_path / "ev" / "_report" / "event.json").read_text())["in_order"] is True


def test_the_exit_statuses_are_documented_in_the_help():
    epilog = event_cli.EPILOG
    assert "table-03.zip) was skipped unread" in epilog and "0 every table in order" in epilog


# --- 2. a report written by an older check run from inside a table's folder -------------------------------------

def _old_report_from_inside_a_table(tmp_path: Path) -> tuple[Path, Path, ExactReader]:
    """What ``cd t1; tilelens check .`` wrote before the table was named after its folder: the table named "",
    its report.json, crops and thumbs in the report folder itself, beside the event's event.json."""
    reader = ExactReader()
    table = make_table(reader, tmp_path / "event", "t1", dict(CLEAN, **{"2": CLEAN["2"][:7]}))
    out = table / "_report"
    check_event(table, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    (out / "t1" / "report.json").rename(out / "report.json")
    (out / "t1" / "thumbs").rename(out / "thumbs")
    for p in (out / "t1").rglob("*"):
        if p.is_file():
            p.unlink()
    for p in sorted((out / "t1").rglob("*"), reverse=True):
        p.rmdir()
    (out / "t1").rmdir()
    for name in ("report.json", "event.json"):
        data = json.loads((out / name).read_text(encoding="utf-8"))
        if name == "report.json":
            data["table"] = ""
        else:
            data["tables"][0]["table"] = ""
        (out / name).write_text(json.dumps(data), encoding="utf-8")
    return table, out, reader


@pytest.mark.parametrize("lang, said", [("en", "written by an older tilelens check"),
                                        ("ja", "古い tilelens check")])
def test_an_old_report_of_a_table_checked_from_inside_is_said_not_shown_as_nonsense(home, tmp_path, lang, said):
    """The page showed ": Not in order" (a table of no name), or the event's table list with an empty name."""
    from app_helpers import open_page

    table, out, _ = _old_report_from_inside_a_table(tmp_path)
    at = open_page("event_check", lang=lang)
    for typed in (out, table, out / "event.json"):
        at.text_input(key="event_folder").set_value(str(typed)).run()
        assert not at.exception, [e.value for e in at.exception]
        errors = [e.value for e in at.error]
        assert len(errors) == 1 and said in errors[0], errors
        assert f"tilelens check {table}" in errors[0]  # what to do: check the table again
        assert not any(e.startswith(":") for e in errors) and not at.success
        assert japanese(errors[0]) == (lang == "ja")


def test_a_rerun_over_an_old_report_removes_its_leftovers_and_the_page_shows_the_event(home, tmp_path):
    """After the rerun the old report.json stayed beside event.json: the page went on showing the table of no
    name, never the event checked again."""
    from app_helpers import open_page

    table, out, reader = _old_report_from_inside_a_table(tmp_path)
    check_event(table, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["event.json", "index.html", "t1"]
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "0 of 1 tables in order" in at.subheader[0].value
    assert [e.value for e in at.error] == ["t1: Not in order"]


# --- 3. a photo of absurdly many pixels --------------------------------------------------------------------------

def _header_only_png(path: Path, side: int) -> Path:
    """A PNG that says it is ``side`` x ``side`` pixels (its header only: no picture to decode)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))
    return path


@pytest.mark.parametrize("side, megapixels", [(20000, "400"), (40000, "1,600")])  # Pillow's warning, its error
def test_a_photo_over_the_pixel_limit_is_one_line_naming_it_and_the_limit(tmp_path, side, megapixels):
    """A 400-megapixel photo printed Pillow's DecompressionBombWarning ("could be decompression bomb DOS attack")
    naming no photo; a larger one was "image too large to read (Image size ... DOS attack.)"."""
    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo
    from vision import image_io

    path = _header_only_png(tmp_path / "seat2.png", side)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the test
        with pytest.raises(image_io.ImageError) as said:
            load_photo(Photo("seat2.png", path=path))
    assert str(said.value) == (f"{path}: a photo of {megapixels} megapixels is larger than tilelens reads (at "
                               f"most 268 megapixels): save it smaller (a phone's own photos fit)")
    assert japanese(said.value.message_ja) and "268" in said.value.message_ja


def test_a_photo_over_the_limit_is_refused_by_its_size_where_pillows_warning_is_not_an_error(tmp_path):
    """Pillow only warns of a photo between the limit and twice it, and decodes it: whatever the warning
    filters (the app's threads cannot change them safely), such a photo is refused by its size."""
    from vision import image_io

    path = _header_only_png(tmp_path / "seat2.png", 20000)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")  # the warning recorded, not raised
        with pytest.raises(image_io.ImageError) as said:
            image_io.load_image(path)
    assert str(said.value).startswith(f"{path}: a photo of 400 megapixels is larger than tilelens reads")


# --- 4. no dealer marked, and two seats dealt the dealer's count ----------------------------------------------

def test_no_dealer_and_two_seats_of_the_dealers_count_names_those_seats():
    from scorer import load_game
    from tilelens.event.model import SeatReading, TileRef
    from tilelens.event.rules import Seating, check_readings

    def table(hands):
        return {s: SeatReading(s, f"seat{s}.jpg", tuple(TileRef(s, i, k, (i * 50.0, 0, i * 50.0 + 45, 60), 0.99)
                                                        for i, k in enumerate(kinds))) for s, kinds in hands.items()}

    game = load_game("nogizaka")
    hands = dict(CLEAN, **{"3": CLEAN["3"] + ["miona"]})  # seats 1 and 3 hold 9: one of them too many
    (f,) = check_readings(game, Seating(("1", "2", "3", "4"), dealer=None), table(hands))
    assert f.kind == "no-dealer" and f.seats == ("1", "3")
    assert "seats 1, 3 each hold 9 tiles, the dealer's count" in f.message
    assert "1番席と3番席" in f.message_ja
    # one seat of 9: named as the likely dealer
    (one,) = check_readings(game, Seating(("1", "2", "3", "4"), dealer=None), table(CLEAN))
    assert "seat 1, the one seat holding 9 tiles (the dealer's count), is taken as the dealer; mark it as the dealer" in one.message
    assert one.seats == ("1",) and "1番席" in one.message_ja
    # every seat of 8: the dealer's hand is short
    short_hands = dict(CLEAN, **{"1": CLEAN["1"][:8]})
    (short,) = check_readings(game, Seating(("1", "2", "3", "4"), dealer=None), table(short_hands))
    assert "no seat holds 9 tiles, the dealer's count: the dealer's hand is short" in short.message


# --- 5. what the organiser reads ------------------------------------------------------------------------------

def test_an_unreadable_photo_is_named_once_not_by_its_name_then_its_path(tmp_path):
    """"seat 4: photo seat4.jpg cannot be read: /events/day1/table-03/seat4.jpg: corrupt image (...)": the photo
    named twice, the second time by its whole path, on every line of a table read from a folder."""
    from tilelens.event.layout import read_table_folder
    from tilelens.event.model import FindingKind
    from tilelens.event.runner import check_table
    from scorer import load_game

    reader = ExactReader()
    folder = make_table(reader, tmp_path / "event", "table-03", CLEAN)
    (folder / "seat4.png").write_bytes(b"\xff\xd8\xff\xe0 cut short")
    report, _ = check_table(read_table_folder(folder), load_game("nogizaka"), reader)
    (bad,) = [f for f in report.findings if f.kind is FindingKind.UNREADABLE_PHOTO]
    assert bad.message.startswith("seat 4: photo seat4.png cannot be read: ") and str(folder) not in bad.message
    assert bad.message.count("seat4.png") == 1, bad.message
    assert bad.message_ja.count("seat4.png") == 1 and japanese(bad.message_ja), bad.message_ja


def test_a_rerun_after_this_change_reads_again_the_tables_whose_words_changed(tmp_path):
    """A report stored by the check before (format 4) said only "no seat is marked as the dealer": the rerun
    kept it as "unchanged", never naming the seats of the extra tile."""
    from tilelens.event import runner

    reader = ExactReader()
    folder = make_table(reader, tmp_path / "event", "t1", CLEAN)
    table = runner.read_table_folder(folder, 4)
    old = runner.CheckOptions(game="nogizaka")
    assert runner.REPORT_FORMAT != "4"
    now = runner.fingerprint(table, old)
    runner.REPORT_FORMAT, kept = "4", runner.REPORT_FORMAT
    try:
        assert runner.fingerprint(table, old) != now
    finally:
        runner.REPORT_FORMAT = kept


def test_a_table_of_no_photo_read_is_not_also_told_it_has_no_dealer(tmp_path):
    """Photos unzipped a folder too deep: after "no photo for seat 1", ... each seat, the line ended "no seat is
    marked as the dealer", as though that were a fault of its own to fix."""
    from tilelens.event.layout import read_table_folder
    from tilelens.event.model import FindingKind
    from tilelens.event.runner import check_table
    from scorer import load_game

    reader = ExactReader()
    make_table(reader, tmp_path / "event" / "table-04", "table-04", CLEAN)  # table-04/table-04/seat1-dealer.png
    report, _ = check_table(read_table_folder(tmp_path / "event" / "table-04"), load_game("nogizaka"), reader)
    kinds = [f.kind for f in report.findings]
    assert FindingKind.MISSING_SEAT in kinds and FindingKind.NO_DEALER not in kinds


def test_a_zip_kept_beside_the_folder_it_was_unzipped_to_leaves_the_event_in_order(exact, tmp_path, capsys):
    """table-03.zip unzipped to table-03/ and kept: the table checked, yet the zip alone would keep the event "not in
    order" (exit 1) on every rerun. It is still named, as unzipped."""
    for name in ("table-01", "table-03"):
        make_table(exact, tmp_path / "ev", name, CLEAN)
    (tmp_path / "ev" / "Table-03.tar.gz").write_bytes(b"\x1f\x8b")
    assert cli.main(["check", str(tmp_path / "ev"), "--game", "nogizaka", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    assert "skipped Table-03.tar.gz: a compressed file beside the folder table-03, which is checked" in printed
    assert "2 of 2 tables in order (2 read" in printed
