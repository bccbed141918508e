"""Session 55 (f16), a sealed report is tied to its event and its table: the seal (``trust``) says this home's check
wrote a report as it is, not that it is the report of the table whose folder it lies in, nor of the event whose report
folder holds it. A table's report is trusted only under its own table's name and, where the event's photos are
there, of the photos now in that table's folder (the digests sealed with its readings); the event's report only at
the top of its report folder, naming this event folder, each of its lines as its table's trusted report says, and
every table of the event folder among them (a line whose table's report is missing or not trusted cannot be told
from another event's). Copying another event's report (all in order) over this one's, one table's report in as
another's, or the event's page into a table's folder, is said (why, in both languages) and its pages are not
offered; ``tilelens check`` reads such tables again, as before."""
from __future__ import annotations

import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from event_trust_helpers import FAULTY, check, earlier_check_put_back, exact_cli  # noqa: E402
from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event.layout import table_from_uploads  # noqa: E402
from tilelens.event.report import event_pages_zip, page_trusted  # noqa: E402
from tilelens.event.runner import check_uploaded_table, event_distrust, table_distrust  # noqa: E402

ANOTHER_EVENT = ("is another event's, or an earlier check's", "別のイベントのもの、またはこのイベントの以前のチェック")
ANOTHER_TABLE = ("another table's", "別の卓")
OTHER_PHOTOS = ("other photos", "別の写真")
PHOTOS_CHANGED = ("changed since the check", "チェックの後に")  # a photo retaken, this event's report (f26)
TABLES_UNTRUSTED = ("tables whose own reports are missing or not taken on trust", "信用できないレポートの卓")


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_LANG", "en")
    return exact_cli(monkeypatch, tmp_path)


def _events(exact, tmp_path) -> tuple[Path, Path]:
    """The report folders of event A (two tables in order) and event B (two tables, neither in order), checked by
    one home."""
    a, b = tmp_path / "ev" / "A", tmp_path / "ev" / "B"
    for name in ("t1", "t2"):
        make_table(exact, a, name, CLEAN)
        make_table(exact, b, name, FAULTY)
    check(a)
    check(b)
    assert _event(a / "_report")["in_order"] and not _event(b / "_report")["in_order"]
    return a / "_report", b / "_report"


def _event(out: Path) -> dict:
    return json.loads((out / "event.json").read_text(encoding="utf-8"))


def _zipped(out: Path) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out))) as z:
        return sorted(z.namelist())


def _said(said, words: tuple[str, str]) -> None:
    assert said is not None, "trusted"
    en, ja = said
    assert words[0] in en and "tilelens check" in en, en
    assert japanese(ja) and words[1] in ja and "tilelens check" in ja, ja


def _copy_folder(source: Path, to: Path) -> None:
    shutil.rmtree(to, ignore_errors=True)
    shutil.copytree(source, to)


# --- 1. another event's report copied over this one's -------------------------------------------------------------

def test_another_events_report_copied_over_this_one_is_not_trusted(exact, tmp_path):
    """The walk: A's event.json, index.html, t1 and t2 (all in order) copied over B (no table in order)."""
    a_out, b_out = _events(exact, tmp_path)
    for name in ("event.json", "index.html"):
        shutil.copy(a_out / name, b_out / name)
    for table in ("t1", "t2"):
        _copy_folder(a_out / table, b_out / table)
    said = event_distrust(b_out)
    _said(said, ANOTHER_EVENT)
    # the command said checks this event again, not the one its copied report names
    assert f"tilelens check {b_out.parent.resolve()} " in said[0] and str(a_out.parent) not in said[0], said[0]
    for table in ("t1", "t2"):
        _said(table_distrust(b_out / table), OTHER_PHOTOS)
        assert page_trusted(b_out / table) is None
    assert page_trusted(b_out) is None
    assert _zipped(b_out) == []
    # the check itself reads them again (the photos' fingerprint differs): B's own verdicts, trusted again
    check(b_out.parent)
    assert not _event(b_out)["in_order"]
    assert event_distrust(b_out) is None and table_distrust(b_out / "t1") is None
    assert _zipped(b_out) == ["_report/index.html", "_report/t1/index.html", "_report/t2/index.html"]


def test_another_events_page_alone_over_this_one_is_not_trusted(exact, tmp_path):
    a_out, b_out = _events(exact, tmp_path)
    for name in ("event.json", "index.html"):
        shutil.copy(a_out / name, b_out / name)
    _said(event_distrust(b_out), ANOTHER_EVENT)  # its lines are not what B's own (trusted) reports say
    assert page_trusted(b_out) is None
    assert _zipped(b_out) == ["_report/t1/index.html", "_report/t2/index.html"]  # B's own tables' pages


def test_another_events_table_of_a_name_this_event_has_not_is_not_trusted(exact, tmp_path):
    """A's t1 copied into B as a third table, t3, of no folder in B; then B's tables' reports removed and A's event
    page put over B's: its lines name reports that are not there."""
    a_out, b_out = _events(exact, tmp_path)
    _copy_folder(a_out / "t1", b_out / "t3")
    stored = json.loads((b_out / "t3" / "report.json").read_text(encoding="utf-8"))
    assert stored["table"] == "t1"
    _said(table_distrust(b_out / "t3"), ANOTHER_TABLE)
    for table in ("t1", "t2"):  # B's tables' reports dropped, A's event page over B's
        shutil.rmtree(b_out / table)
    for name in ("event.json", "index.html"):
        shutil.copy(a_out / name, b_out / name)
    _said(event_distrust(b_out), TABLES_UNTRUSTED)  # its lines' reports are not there
    assert _zipped(b_out) == []


def test_an_earlier_checks_event_page_of_fewer_tables_is_not_trusted(exact, tmp_path):
    """This event's own sealed report of an earlier check (t1 alone, in order) put back, t2's report (not in order,
    checked since) removed: the event folder's t2 is in no line."""
    out = earlier_check_put_back(exact, tmp_path)
    shutil.rmtree(out / "t2")
    # t2's report gone with it, its folder is one added since that check (f26: said so, named; with t2's trusted report
    # kept, the page is an earlier check's: test_event_stale_forgery_55)
    _said(event_distrust(out), ("table t2 was added to the event since the check", "卓 t2 がイベントに追加されました"))
    assert page_trusted(out) is None


# --- 2. a table's report copied in as another table's --------------------------------------------------------------

def test_a_tables_report_copied_in_as_another_table_is_not_trusted(exact, tmp_path):
    """The walk: A's t1 copied in as B's t2."""
    a_out, b_out = _events(exact, tmp_path)
    _copy_folder(a_out / "t1", b_out / "t2")
    _said(table_distrust(b_out / "t2"), ANOTHER_TABLE)
    assert page_trusted(b_out / "t2") is None
    _said(event_distrust(b_out), ANOTHER_EVENT)  # t2's line no longer what a trusted report of t2 says
    assert _zipped(b_out) == ["_report/t1/index.html"]


def test_a_tables_report_copied_in_as_another_table_of_the_same_event_is_not_trusted(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    _copy_folder(a_out / "t1", a_out / "t2")  # both in order: only its name tells it
    _said(table_distrust(a_out / "t2"), ANOTHER_TABLE)
    assert page_trusted(a_out / "t2") is None


def test_in_a_report_folder_moved_without_its_photos_the_name_still_tells(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    moved = tmp_path / "usb" / "_report"
    shutil.copytree(a_out, moved)
    shutil.rmtree(a_out.parent)  # the event's photos gone: only the report, moved on its own
    assert table_distrust(moved / "t1") is None and event_distrust(moved) is None
    assert _zipped(moved) == ["_report/index.html", "_report/t1/index.html", "_report/t2/index.html"]
    _copy_folder(moved / "t1", moved / "t2")
    _said(table_distrust(moved / "t2"), ANOTHER_TABLE)
    assert page_trusted(moved / "t2") is None
    assert event_distrust(moved) is not None


def test_a_photo_changed_since_the_check_is_said(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    exact.draw(a_out.parent / "t1" / "seat2.png", FAULTY["2"], salt=sum(b"t1"))  # a photo retaken
    _said(table_distrust(a_out / "t1"), PHOTOS_CHANGED)  # not "other photos" (another event's?): f26
    assert page_trusted(a_out / "t1") is None
    assert event_distrust(a_out) is not None
    check(a_out.parent)  # checked again: trusted again
    assert table_distrust(a_out / "t1") is None and event_distrust(a_out) is None


# --- 3. the event's page in a table's folder ----------------------------------------------------------------------

@pytest.mark.parametrize("whose", ["A", "B"])
def test_the_events_page_in_a_tables_folder_is_not_that_tables_page(exact, tmp_path, whose):
    a_out, b_out = _events(exact, tmp_path)
    source = a_out if whose == "A" else b_out
    (b_out / "t2" / "report.json").unlink()
    for name in ("event.json", "index.html"):
        shutil.copy(source / name, b_out / "t2" / name)
    assert page_trusted(b_out / "t2") is None
    assert "_report/t2/index.html" not in _zipped(b_out)
    assert page_trusted(b_out / "t1") is not None


def test_a_tables_page_at_the_top_is_not_the_events_page(exact, tmp_path):
    _, b_out = _events(exact, tmp_path)
    for name in ("report.json", "index.html"):
        shutil.copy(b_out / "t1" / name, b_out / name)
    (b_out / "event.json").unlink()
    assert page_trusted(b_out) is None
    assert "_report/index.html" not in _zipped(b_out)


# --- 4. what was trusted still is ------------------------------------------------------------------------------

def test_an_event_as_checked_is_trusted_and_zipped_whole(exact, tmp_path):
    a_out, b_out = _events(exact, tmp_path)
    for out in (a_out, b_out):
        assert event_distrust(out) is None and page_trusted(out) is not None
        for table in ("t1", "t2"):
            assert table_distrust(out / table) is None and page_trusted(out / table) is not None
        assert _zipped(out) == ["_report/index.html", "_report/t1/index.html", "_report/t2/index.html"]


def test_an_event_moved_with_its_report_is_trusted(exact, tmp_path):
    a_out, _ = _events(exact, tmp_path)
    moved = tmp_path / "usb" / "A"
    shutil.copytree(a_out.parent, moved)
    shutil.rmtree(a_out.parent)
    out = moved / "_report"
    assert event_distrust(out) is None and table_distrust(out / "t1") is None
    assert len(_zipped(out)) == 3


def test_a_one_table_event_is_trusted(exact, tmp_path):
    table = make_table(exact, tmp_path / "ev", "table-07", CLEAN)
    check(table)
    out = table / "_report"
    assert event_distrust(out) is None and table_distrust(out / "table-07") is None
    assert page_trusted(out / "table-07") is not None and len(_zipped(out)) == 2
    exact.draw(table / "seat2.png", FAULTY["2"], salt=sum(b"table-07"))  # its photo retaken
    _said(table_distrust(out / "table-07"), PHOTOS_CHANGED)


def test_the_apps_event_of_uploaded_tables_is_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    out = tmp_path / "page"
    for name, hands in (("table-01", CLEAN), ("table-02", FAULTY)):
        photos = {}
        for seat, kinds in hands.items():
            reader.draw(tmp_path / f"{name}-{seat}.png", kinds, salt=sum(name.encode()))
            photos[seat] = (f"IMG_{seat}.png", (tmp_path / f"{name}-{seat}.png").read_bytes())
        table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
        check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos)
    assert event_distrust(out) is None
    for name in ("table-01", "table-02"):
        assert table_distrust(out / name) is None and page_trusted(out / name) is not None
    assert len(_zipped(out)) == 3
    _copy_folder(out / "table-01", out / "table-02")  # the photos kept with it: only its name tells it
    _said(table_distrust(out / "table-02"), ANOTHER_TABLE)


def test_the_report_as_the_app_read_it_is_judged_where_it_lies(exact, tmp_path):
    """The app reads each report once a run and asks of that very report (``table_distrust(folder, stored)``,
    ``event_distrust(out, event)``): judged as the files are."""
    a_out, b_out = _events(exact, tmp_path)
    _copy_folder(a_out / "t1", b_out / "t2")
    for name in ("event.json", "index.html"):
        shutil.copy(a_out / name, b_out / name)
    stored = json.loads((b_out / "t2" / "report.json").read_text(encoding="utf-8"))
    _said(table_distrust(b_out / "t2", stored), ANOTHER_TABLE)
    _said(event_distrust(b_out, _event(b_out)), ANOTHER_EVENT)
    own = json.loads((b_out / "t1" / "report.json").read_text(encoding="utf-8"))
    assert table_distrust(b_out / "t1", own) is None


def test_the_check_reads_again_another_tables_report_of_the_same_photos(exact, tmp_path):
    """A's t1 report copied in as B's t2, whose photos are A's t1's, byte for byte: the same fingerprint, yet another
    table's report; ``tilelens check`` reads t2 again, and its line is t2's."""
    a = tmp_path / "ev" / "A"
    make_table(exact, a, "t1", CLEAN)
    b = tmp_path / "ev" / "B"
    shutil.copytree(a / "t1", b / "t2")
    check(a)
    check(b)
    _copy_folder(a / "_report" / "t1", b / "_report" / "t2")
    before = exact.calls
    check(b)
    assert exact.calls > before
    assert [line["table"] for line in _event(b / "_report")["tables"]] == ["t2"]
    assert json.loads((b / "_report" / "t2" / "report.json").read_text(encoding="utf-8"))["table"] == "t2"




def _touch_report(out: Path, table: str) -> None:
    """A table's report changed since the check (its time): its seal no longer holds."""
    path = out / table / "report.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    stored["seconds"] = stored.get("seconds", 0) + 1
    path.write_text(json.dumps(stored), encoding="utf-8")


def test_an_events_report_whose_tables_reports_are_not_trusted_is_not_trusted_either(exact, tmp_path):
    """B's own event report, a table's report changed since: its line cannot be told from another event's."""
    _, b_out = _events(exact, tmp_path)
    _touch_report(b_out, "t2")
    _said(event_distrust(b_out), TABLES_UNTRUSTED)
    assert page_trusted(b_out) is None
    assert _zipped(b_out) == ["_report/t1/index.html"]


def test_another_events_page_over_this_ones_tables_changed_is_not_trusted(exact, tmp_path):
    """A's event.json over B's, each of B's tables' reports changed so that no line can be compared: not trusted."""
    a_out, b_out = _events(exact, tmp_path)
    for name in ("event.json", "index.html"):
        shutil.copy(a_out / name, b_out / name)
    for table in ("t1", "t2"):
        _touch_report(b_out, table)
    assert event_distrust(b_out) is not None and page_trusted(b_out) is None
    assert _zipped(b_out) == []


def test_a_line_of_a_check_not_finished_may_leave_out_only_its_near_copies_at_other_tables():
    """A check still running (or stopped) tells a table kept without its near copies at tables being read again
    (``runner._verdict_without_across``): its line may say less than its report by those, by nothing else; a
    finished one's says what its report says."""
    from tilelens.event.report import _line_agrees

    across = {"kind": "near-copy", "severity": "error", "data": {"table": "t9"}}
    count = {"kind": "wrong-count", "severity": "error"}
    assert _line_agrees("ok", {"verdict": "fault", "findings": [across]}, finished=False)
    assert not _line_agrees("ok", {"verdict": "fault", "findings": [across]}, finished=True)
    assert not _line_agrees("ok", {"verdict": "fault", "findings": [across, count]}, finished=False)
    assert not _line_agrees("fault", {"verdict": "ok", "findings": []}, finished=False)
    assert _line_agrees("fault", {"verdict": "fault", "findings": [count]}, finished=True)
