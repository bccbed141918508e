"""A table whose check on the Event page stopped after its photos were kept and before its report was
written (the app killed, a write error) was overwritten by the next phone's table: ``tables_checked`` counted only
folders with a report, so its name was offered again (table-01), the next table checked under it, and
``layout.keep_photos`` deleted its photos; the page listed nothing of it (no event.json yet).

Now such a folder is a table taken (the next name is table-02; the name typed is refused as any taken name is, or
replaced only as asked), the photos ``keep_photos`` replaces are moved aside into ``.removed`` (never deleted), the
same photos sent again finish that table, and the page says it was not finished."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers

from test_event_support import CLEAN, ExactReader  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import runner  # noqa: E402
from tilelens.event.layout import keep_photos, table_from_uploads  # noqa: E402
from tilelens.event.runner import (CHECKED_AS, RECHECKED, REMOVED, TableTaken, check_uploaded_table,  # noqa: E402
                                   next_table_name, open_event, tables_checked)

NOGIZAKA = load_game("nogizaka")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    return tmp_path / "home"


def _photos(tmp_path: Path, reader: ExactReader, salt: int) -> dict[str, tuple[str, bytes]]:
    photos = {}
    for seat, kinds in CLEAN.items():
        path = tmp_path / f"up{salt}-{seat}.png"
        reader.draw(path, kinds, salt=salt)
        photos[seat] = (f"IMG_{seat}.png", path.read_bytes())
    return photos


def _check(reader, out, name, photos, **kwargs) -> dict:
    table = table_from_uploads(name, 4, "1", {s: [p] for s, p in photos.items()})
    return check_uploaded_table(table, NOGIZAKA, reader, out, photos=photos, **kwargs)


class _Cut(BaseException):
    """The page's process stopped (Streamlit's StopException, a kill): no ``Exception``, nothing caught."""


def _cut_off(monkeypatch, reader, out, name, photos) -> None:
    """``name`` checked with ``photos`` up to its photos kept: stopped before its report is written."""
    def stopped(*args, **kwargs):
        raise _Cut()

    with monkeypatch.context() as m:
        m.setattr(runner, "write_table_report", stopped)
        with pytest.raises(_Cut):
            _check(reader, out, name, photos, same_table=True)
    assert (out / name / "seat2.png").read_bytes() == photos["2"][1] and not (out / name / "report.json").exists()


def _kept(folder: Path) -> bytes:
    return (folder / "seat2.png").read_bytes()


def test_a_table_cut_off_after_its_photos_were_kept_is_taken(home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a = _photos(tmp_path, reader, 1)
    _cut_off(monkeypatch, reader, out, "table-01", a)
    assert tables_checked(out) == ["table-01"]
    assert next_table_name(out) == "table-02"


def test_the_name_of_a_table_cut_off_is_refused_to_another_phone(home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a = _photos(tmp_path, reader, 1)
    _cut_off(monkeypatch, reader, out, "table-01", a)
    with pytest.raises(TableTaken) as taken:  # phone B types table-01 for its own table
        _check(reader, out, "table-01", _photos(tmp_path, reader, 3), same_table=True)
    assert taken.value.free == "table-02"
    assert _kept(out / "table-01") == a["2"][1]  # A's photos, untouched


def test_a_name_offered_as_a_table_was_cut_off_goes_on_to_the_next_and_that_table_is_finished(
        home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a, b = _photos(tmp_path, reader, 1), _photos(tmp_path, reader, 3)
    _cut_off(monkeypatch, reader, out, "table-01", a)
    # phone B was offered table-01 before A's photos were kept: checked under the next free name
    event = _check(reader, out, "table-01", b, free_name=True, same_table=True)
    assert event[CHECKED_AS] == "table-02"
    assert _kept(out / "table-01") == a["2"][1] and _kept(out / "table-02") == b["2"][1]
    # the table cut off checked from its photos kept, as the event's report is written: both listed
    assert event[RECHECKED] == ["table-01"]
    assert {t["table"]: t["verdict"] for t in event["tables"]} == {"table-01": "ok", "table-02": "ok"}


def test_the_same_photos_sent_again_finish_the_table_cut_off(home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a = _photos(tmp_path, reader, 1)
    _cut_off(monkeypatch, reader, out, "table-01", a)
    # the phone reloaded, its photos sent again under the name now offered: they are table-01's, finished now
    event = _check(reader, out, next_table_name(out), a, free_name=True, same_table=True)
    assert event[CHECKED_AS] == "table-01"
    assert tables_checked(out) == ["table-01"] and (out / "table-01" / "report.json").is_file()
    assert [(t["table"], t["verdict"]) for t in event["tables"]] == [("table-01", "ok")]


def test_a_table_cut_off_replaced_on_purpose_keeps_its_photos_aside(home, tmp_path, monkeypatch):
    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    a, b = _photos(tmp_path, reader, 1), _photos(tmp_path, reader, 3)
    _cut_off(monkeypatch, reader, out, "table-01", a)
    event = _check(reader, out, "table-01", b, replace=True, same_table=True)
    assert event[CHECKED_AS] == "table-01" and _kept(out / "table-01") == b["2"][1]
    aside = [p for p in (out / REMOVED).rglob("seat2.png")]
    assert [p.read_bytes() for p in aside] == [a["2"][1]], aside


def test_photos_kept_again_move_the_ones_they_replace_aside(tmp_path):
    folder = tmp_path / "ev" / "table-01"
    keep_photos(folder, 4, "1", {"1": ("a.jpg", b"1"), "2": ("b.png", b"2"), "wall": ("w.jpeg", b"w")})
    keep_photos(folder, 4, "1", {"1": ("a.jpg", b"1"), "2": ("b.png", b"22")})
    assert sorted(p.name for p in folder.iterdir()) == ["seat1-dealer.jpg", "seat2.png", "table.toml"]
    assert (folder / "seat2.png").read_bytes() == b"22"
    moved = {p.name: p.read_bytes() for p in (tmp_path / "ev" / REMOVED).rglob("*") if p.is_file()}
    # the photos replaced, moved aside; the one kept as it was (the same bytes) not copied there
    assert moved == {"seat2.png": b"2", "wall.jpeg": b"w"}, moved
    assert [p.parent.name.startswith("table-01-") for p in (tmp_path / "ev" / REMOVED).rglob("seat2.png")] == [True]


@pytest.mark.parametrize("lang, said", [("en", "table-01 was not finished: it will be checked again"),
                                        ("ja", "table-01 はチェックが終わっていません。次のチェックでもう一度チェックします")])
@pytest.mark.parametrize("other", [False, True])
def test_the_page_says_a_table_cut_off_was_not_finished(home, tmp_path, monkeypatch, lang, said, other):
    from app_helpers import open_page, texts

    reader = ExactReader()
    out = open_event("cup", "nogizaka")
    if other:  # another table's report beside it: the event's report, without table-01
        _check(reader, out, "table-02", _photos(tmp_path, reader, 3), same_table=True)
    _cut_off(monkeypatch, reader, out, "table-01", _photos(tmp_path, reader, 1))
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.selectbox(key="event").set_value("cup").run()
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert said in shown, shown
    assert str(out) not in shown
    assert at.text_input(key="event_table_name").value == ("table-03" if other else "table-02")
