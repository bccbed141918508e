"""The Event page keeps an event opened by name in ``$TILELENS_HOME/scratch/events/<name>`` with
the page's own ``event.json``, and tells the laptop that ``tilelens check`` of that folder checks the event again; the
check writes ``<name>/_report``. That report was refused as "another event's" (its folder's parent holds an
``event.json``: taken for a table's folder of another report). A report the check of that event folder wrote there is
that event's own, trusted while its seal holds; another event's report put there, or the event's report in a table's
folder, is still refused."""
from __future__ import annotations

import io
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from event_trust_helpers import FAULTY, check, exact_cli  # noqa: E402
from test_event_support import CLEAN, ExactReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event.layout import table_from_uploads  # noqa: E402
from tilelens.event.report import event_pages_zip, event_trust, page_trusted  # noqa: E402
from tilelens.event.runner import check_uploaded_table, event_distrust, open_event, table_distrust  # noqa: E402

ANOTHER_EVENT = ("is another event's, or an earlier check's", "別のイベントのもの、またはこのイベントの以前のチェック")


@pytest.fixture()
def exact(monkeypatch, tmp_path) -> ExactReader:
    monkeypatch.setenv("TILELENS_LANG", "en")
    return exact_cli(monkeypatch, tmp_path)


def _club_night(reader: ExactReader, tmp_path: Path, name: str = "club-night") -> Path:
    """The event ``name`` opened by name on the Event page, two tables checked into it from phones' uploads (one in
    order, one not), as the page checks them: its folder."""
    folder = open_event(name, "nogizaka")
    for table, hands in (("table-01", CLEAN), ("table-02", FAULTY)):
        photos = {}
        for seat, kinds in hands.items():
            shot = tmp_path / "phone" / name / f"{table}-{seat}.png"
            shot.parent.mkdir(parents=True, exist_ok=True)
            reader.draw(shot, kinds, salt=sum(table.encode()))
            photos[seat] = (f"IMG_{seat}.png", shot.read_bytes())
        upload = table_from_uploads(table, 4, "1", {s: [p] for s, p in photos.items()})
        check_uploaded_table(upload, load_game("nogizaka"), reader, folder, photos=photos)
    assert event_distrust(folder) is None  # the page's own report
    return folder


def _zipped(out: Path) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(event_pages_zip(out))) as z:
        return sorted(z.namelist())


def test_the_laptops_check_of_an_event_opened_by_name_is_trusted(exact, tmp_path):
    folder = _club_night(exact, tmp_path)
    assert check(folder) == 1  # table-02 is not in order
    out = folder / "_report"
    assert (out / "event.json").is_file()
    event, why = event_trust(out)
    assert event is not None and why is None, why
    assert event_distrust(out) is None
    for table in ("table-01", "table-02"):
        assert table_distrust(out / table) is None and page_trusted(out / table) is not None
    assert page_trusted(out) is not None
    assert _zipped(out) == ["_report/index.html", "_report/table-01/index.html", "_report/table-02/index.html"]
    assert event_distrust(folder) is None  # the page's own report still is the page's


def test_its_photo_retaken_since_is_said_as_changed_not_as_another_events(exact, tmp_path):
    folder = _club_night(exact, tmp_path)
    check(folder)
    seat = next(p for p in (folder / "table-01").iterdir() if p.suffix == ".png" and "2" in p.stem)
    exact.draw(seat, FAULTY["2"], salt=sum(b"table-01"))
    said = event_distrust(folder / "_report")
    assert said is not None
    assert ANOTHER_EVENT[0] not in said[0] and "changed since the check" in said[0], said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_another_events_report_put_there_is_still_refused(exact, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    other = tmp_path / "ev" / "A"
    for name in ("table-01", "table-02"):
        make_table(exact, other, name, CLEAN)
    check(other)
    folder = _club_night(exact, tmp_path)
    shutil.copytree(other / "_report", folder / "_report")
    said = event_distrust(folder / "_report")
    assert said is not None, "trusted"
    en, ja = said
    assert ANOTHER_EVENT[0] in en and "tilelens check" in en, en
    assert japanese(ja) and ANOTHER_EVENT[1] in ja, ja
    assert page_trusted(folder / "_report") is None


def test_another_named_events_check_copied_in_is_still_refused(exact, tmp_path):
    """The laptop's check of one event opened by name copied into another's folder: of other photos."""
    night = _club_night(exact, tmp_path)
    check(night)
    cup = _club_night(exact, tmp_path, "spring-cup")
    for table in ("table-01", "table-02"):  # the cup's photos other than the night's
        seat = next(p for p in (cup / table).iterdir() if p.suffix == ".png")
        exact.draw(seat, CLEAN["1"], salt=7)
    shutil.copytree(night / "_report", cup / "_report")
    said = event_distrust(cup / "_report")
    assert said is not None and ANOTHER_EVENT[0] in said[0], said


def test_the_events_report_in_a_tables_folder_is_still_refused(exact, tmp_path):
    folder = _club_night(exact, tmp_path)
    check(folder)
    out = folder / "_report"
    (out / "table-02" / "report.json").unlink()
    for name in ("event.json", "index.html"):
        shutil.copy(out / name, out / "table-02" / name)
    assert page_trusted(out / "table-02") is None
    assert event_trust(out / "table-02")[1] is not None
