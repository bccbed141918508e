"""Session 62 (f22): an event checked from several phones (walkthrough W10).

1. The same table sent from two phones was kept as two tables, both "Not in order" as copies of each other: photos
   byte-identical to a table's in the event (same seats, same dealer) are that table, its verdict shown, no new folder.
2. Japanese and English phones numbered one event's tables apart (卓01 beside table-01): the event's own numbering is
   followed, the page's language only for an empty event; 卓01 and table-01 are one number to ``similar_table_name``.
3. A verdict drawn stale within one page run (the table's report read before another phone's write, the event's list
   after): both drawn from one read.
4. The laptop, nothing uploaded, was told "checked on another phone ... tick the box below".
5. A table's folder with no report (a process died mid-write) was said to a phone with the laptop's path.
6. A phone's own table's report was drawn twice (under Check and in the event's table chooser).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app_helpers import event_support, open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _upload
from scorer import load_game
from tilelens.event import table_from_uploads
from tilelens.event import runner
from tilelens.event.runner import (CHECKED_AS, SAME_AS, check_uploaded_table, next_table_name, open_event,
                                   similar_table_name, tables_checked)

support = event_support()


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _reader():
    from app.components import resources

    return resources.event_reader("nogizaka")


def _uploaded(name: str, seats: dict[str, bytes], dealer: str = "1"):
    uploads = {seat: [(f"seat{seat}.png", data)] for seat, data in seats.items()}
    kept = {seat: (f"seat{seat}.png", data) for seat, data in seats.items()}
    return table_from_uploads(name, 4, dealer, uploads), kept


def _check_into(out: Path, name: str, seats: dict[str, bytes], **kwargs) -> dict:
    table, kept = _uploaded(name, seats, kwargs.pop("dealer", "1"))
    return check_uploaded_table(table, load_game("nogizaka"), _reader(), out, photos=kept, same_table=True, **kwargs)


# ---- 1. the same photos from another phone: that table ------------------------------------------------------------
def test_the_same_photos_under_another_name_are_that_table(home, photos, tmp_path):
    out = tmp_path / "ev"
    _check_into(out, "卓03", photos["clean"])
    event = _check_into(out, "卓04", photos["clean"], free_name=True)
    assert event[CHECKED_AS] == "卓03" and event[SAME_AS] == "卓03"
    assert tables_checked(out) == ["卓03"]
    assert [t["verdict"] for t in event["tables"]] == ["ok"]  # not two tables failing as copies of each other
    # under its own name, not to be replaced (another phone): that table too, not refused as taken
    again = _check_into(out, "卓03", photos["clean"])
    assert again[CHECKED_AS] == "卓03" and again[SAME_AS] == "卓03"


def test_other_photos_or_another_dealer_are_another_table(home, photos, tmp_path):
    out = tmp_path / "ev"
    _check_into(out, "t1", photos["clean"])
    other = _check_into(out, "t2", dict(photos["clean"], **{"4": photos["surplus"]["4"]}))
    dealer = _check_into(out, "t3", photos["clean"], dealer="2")
    assert other[CHECKED_AS] == "t2" and not other.get(SAME_AS)
    assert dealer[CHECKED_AS] == "t3" and not dealer.get(SAME_AS)
    # the table's own photos checked again under its name (a phone's own table): checked again, as before
    own = _check_into(out, "t1", photos["clean"], replace=True)
    assert own[CHECKED_AS] == "t1" and not own.get(SAME_AS)
    # without ``same_table`` (``tilelens`` callers that check copies across tables): another table, as before
    table, kept = _uploaded("t4", photos["clean"])
    plain = check_uploaded_table(table, load_game("nogizaka"), _reader(), out, photos=kept)
    assert plain[CHECKED_AS] == "t4" and not plain.get(SAME_AS)


def test_two_phones_sending_one_table_at_once_keep_one(home, photos, tmp_path, monkeypatch):
    """Phone D's check reads its photos while phone A checks the same ones: decided as the event is written."""
    out = tmp_path / "ev"
    real = runner.check_table_or_say
    raced = []

    def meanwhile(table, *args, **kwargs):
        if table.name == "卓04" and not raced:  # phone A's check of the same photos ends first
            raced.append(_check_into(out, "卓03", photos["clean"]))
        return real(table, *args, **kwargs)

    monkeypatch.setattr(runner, "check_table_or_say", meanwhile)
    event = _check_into(out, "卓04", photos["clean"], free_name=True)
    assert raced and event[CHECKED_AS] == "卓03" and event[SAME_AS] == "卓03"
    assert tables_checked(out) == ["卓03"]


def _phone(lang: str, monkeypatch, event: str = "cup"):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.selectbox(key="event").set_value(event).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, said", [("en", "These photos are table-01's, checked already on another phone"),
                                        ("ja", "この写真はほかの端末でチェック済みの table-01 のものです")])
def test_a_phone_sending_another_phones_table_is_shown_that_table(home, photos, monkeypatch, lang, said):
    open_event("cup", "nogizaka")
    a = _phone("en", monkeypatch)
    _upload(a, photos["clean"])
    _check(a)
    d = _phone(lang, monkeypatch)
    _upload(d, photos["clean"])
    _check(d)
    out = runner.events_root() / "cup"
    assert tables_checked(out) == ["table-01"]
    assert d.session_state["event_checked"][2] == "table-01"
    assert d.text_input(key=NAME).value == "table-01"
    assert any(said in m.value for m in d.info), [m.value for m in d.info]
    verdict = {"en": "table-01: In order", "ja": "table-01: 問題なし"}[lang]
    assert [m.value for m in d.success].count(verdict) == 1  # 6. drawn once, not again in the table chooser


# ---- 2. one numbering per event ------------------------------------------------------------------------------------
def test_table_01_and_taku_01_are_one_number():
    assert similar_table_name("卓01", ["table-01"]) == "table-01"
    assert similar_table_name("table-1", ["卓０１"]) == "卓０１"
    assert similar_table_name("卓02", ["table-01"]) is None
    assert next_table_name(Path("/nonexistent"), "table-01") == "table-02"


@pytest.mark.parametrize("first, second, offered", [("en", "ja", "table-02"), ("ja", "en", "卓02")])
def test_a_phone_joining_follows_the_events_numbering(home, photos, monkeypatch, first, second, offered):
    open_event("cup", "nogizaka")
    a = _phone(first, monkeypatch)
    _upload(a, photos["clean"])
    _check(a)
    b = _phone(second, monkeypatch)
    assert b.text_input(key=NAME).value == offered


def test_an_empty_event_is_numbered_in_the_pages_language(home, monkeypatch):
    open_event("cup", "nogizaka")
    assert _phone("ja", monkeypatch).text_input(key=NAME).value == "卓01"
    assert _phone("en", monkeypatch).text_input(key=NAME).value == "table-01"


# ---- 4. no photo: no "checked on another phone" --------------------------------------------------------------------
def test_a_taken_name_with_nothing_uploaded_asks_nothing(home, photos, monkeypatch):
    open_event("cup", "nogizaka")
    a = _phone("en", monkeypatch)
    _upload(a, photos["clean"])
    _check(a)
    monkeypatch.delenv("TILELENS_VISITOR")
    laptop = open_page("event_check", game="nogizaka")
    laptop.selectbox(key="event").set_value("cup").run()
    laptop.text_input(key=NAME).set_value("table-01").run()
    assert not any("another phone" in w.value for w in laptop.warning), [w.value for w in laptop.warning]
    assert not [c for c in laptop.checkbox if c.key.startswith("event_replace_")]
    _upload(laptop, photos["surplus"])  # photos of another table: then asked
    assert any("another phone" in w.value for w in laptop.warning), [w.value for w in laptop.warning]


# ---- 5. a table not finished, to a phone --------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "table-01 was not finished: it will be checked again"),
                                        ("ja", "table-01 はチェックが終わっていません。次のチェックでもう一度チェックします")])
def test_a_table_left_unfinished_is_said_to_a_phone_without_a_path(home, photos, monkeypatch, lang, said):
    open_event("cup", "nogizaka")
    a = _phone("en", monkeypatch)
    _upload(a, photos["clean"])
    _check(a)
    out = runner.events_root() / "cup"
    (out / "table-01" / "report.json").unlink()  # the process died between the photos kept and the report written
    from app.components import event_table_view

    real = event_table_view.distrust_of
    # the event's summary as written (W10's phone was listed it): the table chosen in its list has no report
    monkeypatch.setattr(event_table_view, "distrust_of",
                        lambda folder, stored, event=False, beside=None: None if event else real(folder, stored,
                                                                                                 event, beside))
    b = _phone(lang, monkeypatch)
    shown = texts(b)
    assert said in shown, shown
    assert str(out) not in shown and "report.json" not in shown


# ---- 3. one read a run ----------------------------------------------------------------------------------------------
def test_the_tables_verdict_and_the_events_list_are_of_one_read(home, photos, monkeypatch, tmp_path):
    """Another phone's check writes the event between the page's drawing of the table's report and of the list."""
    from app.components import event_report_view

    open_event("cup", "nogizaka")
    a = _phone("en", monkeypatch)
    _upload(a, photos["clean"])
    _check(a)
    laptop = _phone("en", monkeypatch)  # a phone that checked none: the event's list and a table's report chosen
    out = runner.events_root() / "cup"
    before = tmp_path / "before"
    shutil.copytree(out, before)
    # another phone's table 2, one seat of table 1's photos: table-01 not in order from then on
    _check_into(out, "table-02", dict(photos["surplus"], **{"1": photos["clean"]["1"]}))
    after = tmp_path / "after"
    shutil.copytree(out, after)
    shutil.rmtree(out)
    shutil.copytree(before, out)
    real = event_report_view.draw_overview

    def written_meanwhile(*args, **kwargs):  # the other phone's write lands as the list is drawn
        shutil.rmtree(out)
        shutil.copytree(after, out)
        return real(*args, **kwargs)

    monkeypatch.setattr(event_report_view, "draw_overview", written_meanwhile)
    laptop.run()
    assert not laptop.exception, [e.value for e in laptop.exception]
    verdicts = [m.value for m in [*laptop.success, *laptop.error] if m.value.startswith("table-01:")]
    headers = [h.value for h in laptop.subheader]
    # the list of the read before the write; the table's report of that read too (at worst said changed since, as its
    # page on disk is the write's), never "Not in order" beside "1 of 1 tables in order"
    assert any("1 of 1 tables in order" in h for h in headers), headers
    assert "table-01: Not in order" not in verdicts, texts(laptop)
