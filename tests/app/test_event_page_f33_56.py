"""Session 56 (f33): the Event check page's leftovers.

1. A report not trusted in a phones' event (one opened by name, or this browser's own) advised the laptop to run
   `tilelens check …/events/NAME --game G` (which writes NAME/_report and cannot mend it), and told the phone to check
   again on the computer: both are told to check the table again on this page under its name, or to remove it.
2. The laptop kept the name it was offered when it opened an empty event (``table-01`` beside 卓01 and 卓02): the
   event's next name is offered afresh while the field is not typed in.
3. A table checked again from its photos because its report was not trusted (``runner.RECHECKED``) is said.
4. A report that cannot be read names its file once (``os_said(named=…)``).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _upload

PAGE_AGAIN = {"en": "again on this page", "ja": "このページで"}
REMOVE = {"en": "Remove a table", "ja": "卓を取り除く"}


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _forge(report_json: Path) -> None:
    """A verdict forged in a report file of the event (``In order``, no findings): not this home's check's now."""
    data = json.loads(report_json.read_text(encoding="utf-8"))
    data["verdict"], data["findings"] = "ok", []
    if "tables" in data:
        for line in data["tables"]:
            line["verdict"], line["findings"], line["counts"] = "ok", [], {}
    report_json.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _opens(name: str, lang: str = "en"):
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.text_input(key="event_new_name").set_value(name).run()
    at.button(key="event_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _two_tables(at, photos) -> Path:
    """卓01 (clean) and 卓02 (not in order) checked on ``at``; the event's folder."""
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload(at, photos["surplus"])
    _check(at)
    return Path(at.session_state["event_checked"][0]).parent


def _joined(lang: str):
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.selectbox(key="event").set_value("cup").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 1. the way forward in a phones' event --------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("visitor", ["laptop", "phone"])
def test_an_untrusted_report_of_a_named_event_is_checked_again_on_this_page(home, photos, monkeypatch, lang, visitor):
    _opens("cup")
    out = _two_tables(_joined("ja"), photos)
    _forge(out / "卓02" / "report.json")
    _forge(out / "event.json")
    if visitor == "phone":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = _joined(lang)
    if visitor == "laptop":
        at.selectbox(key="event_shared_table").set_value("卓02").run()
    assert not at.exception, [e.value for e in at.exception]
    warned = [w.value for w in at.warning]
    assert warned, texts(at)
    assert all("tilelens check" not in w for w in warned), warned
    assert any(PAGE_AGAIN[lang] in w and REMOVE[lang] in w for w in warned), warned
    assert all("laptop running" not in w and "パソコンでもう一度" not in w for w in warned), warned
    # the table to remove is still offered (a phone is shown no list of an event not trusted)
    assert at.selectbox(key="event_remove_table").options == ["卓01", "卓02"]


def test_an_untrusted_report_of_this_browsers_own_event_is_checked_again_on_this_page(home, photos):
    at = open_page("event_check", game="nogizaka", lang="en")
    out = _two_tables(at, photos)
    _forge(out / "table-02" / "report.json")
    _forge(out / "event.json")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    warned = [w.value for w in at.warning]
    assert any(PAGE_AGAIN["en"] in w for w in warned), warned
    assert all("tilelens check" not in w for w in warned), warned


def test_a_browsed_report_folder_still_says_its_command(home, tmp_path):
    """Browse a report keeps its way forward (the command), a report folder being `tilelens check`'s."""
    from test_event_page_trust_55 import _browse, _event, _forge_table

    out = _event(tmp_path)
    _forge_table(out)
    at = _browse(out, table="t2")
    assert any("tilelens check" in w.value for w in at.warning), [w.value for w in at.warning]


# ---- 2. the offered name follows the event's numbering -----------------------------------------------------------------
def test_the_laptops_offered_name_follows_the_tables_the_phones_checked(home, photos, monkeypatch):
    _opens("cup")
    laptop = _joined("en")
    assert laptop.text_input(key=NAME).value == "table-01"  # the event empty
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    _two_tables(_joined("ja"), photos)  # 卓01, 卓02 on a phone
    monkeypatch.delenv("TILELENS_VISITOR")
    laptop.run()
    assert not laptop.exception, [e.value for e in laptop.exception]
    assert laptop.text_input(key=NAME).value == "卓03"


def test_a_name_typed_is_kept_while_phones_check(home, photos, monkeypatch):
    _opens("cup")
    laptop = _joined("en")
    laptop.text_input(key=NAME).set_value("my-table").run()
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    _two_tables(_joined("ja"), photos)
    monkeypatch.delenv("TILELENS_VISITOR")
    laptop.run()
    assert laptop.text_input(key=NAME).value == "my-table"


# ---- 3. a table checked again from its photos is said ----------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "卓01 was checked again from its photos"),
                                        ("ja", "卓01 は写真からもう一度チェックしました")])
def test_a_table_checked_again_from_its_photos_is_said(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang="ja")
    _upload(at, photos["surplus"])  # not in order: its verdict forged "In order"
    _check(at)
    out = Path(at.session_state["event_checked"][0]).parent
    at.button(key="event_next").click().run()
    _forge(out / "卓01" / "report.json")
    at.session_state["lang"] = lang
    _upload(at, photos["clean"])
    _check(at)
    shown = [m.value for m in [*at.info, *at.warning]]
    assert sum(said in m for m in shown) == 1, shown
    at.run()  # said once, after the check
    assert not any(said in m.value for m in [*at.info, *at.warning])


# ---- 4. a report that cannot be read names its file once ---------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_report_that_cannot_be_read_names_its_file_once(home, tmp_path, monkeypatch, lang):
    from test_event_page_trust_55 import _event

    table = _event(tmp_path) / "t2"
    real = Path.read_text

    def refused(self, *args, **kwargs):
        if self == table / "report.json":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", refused)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(table)).run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].count("report.json") == 1, errors
