"""Session 56 (f29): the Event page's leftovers of the reviews.

1. Phone B removed the table whose report phone A showed (a shared event): A's next run said 「このレポートは読めません
   (壊れているか…)」 and the laptop's path of the report, in English (``No such file or directory``). Now A forgets the
   report and says the table was removed from the event; a report that cannot be read never names exc.filename whole
   to a phone.
2. Phone B replaced phone A's table (ticked): A could check that name again unasked, the page remembering it as A's.
3. An event page's "Game:" line named a game file that can no longer be loaded by its full path.
4. The browser's own event's last report stayed drawn under Check after switching to a named event.
"""
from __future__ import annotations

import pytest

from app_helpers import texts
import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload
from test_event_page_f10_56 import _organiser_opens, _phone_joins


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _everything(at) -> list[str]:
    return [str(e.value) for kind in ("error", "warning", "info", "success", "caption", "markdown")
            for e in at.get(kind)]


# ---- 1. a table removed on another phone while shown ------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_table_removed_on_another_phone_while_shown(home, photos, monkeypatch, lang):
    _organiser_opens("cup")
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    a = _phone_joins("cup", lang)
    name = a.text_input(key="event_table_name").value
    _upload(a, photos["clean"])
    _check(a)
    b = _phone_joins("cup", lang)
    b.selectbox(key="event_remove_table").set_value(name).run()
    b.button(key="event_remove").click().run()
    assert not b.exception
    a.run()
    assert not a.exception
    said = _everything(a)
    assert not [t for t in said if str(home) in t], "a laptop path shown to a phone"
    assert not [t for t in said if "No such file" in t or "読めません" in t or "cannot be read" in t], said
    gone = {"ja": f"{name} はほかの端末でイベントから取り除かれました",
            "en": f"{name} was removed from the event on another phone"}[lang]
    assert any(gone in t for t in said), said
    assert a.session_state["event_checked"] is None if "event_checked" in a.session_state else True
    a.run()  # said once: the report forgotten, not said again at each run
    assert not any(gone in t for t in _everything(a))


def test_a_report_that_cannot_be_read_names_no_laptop_folder_to_a_phone(home, monkeypatch, tmp_path):
    """``read_report``'s words of an OSError name the file as the visitor names it, never exc.filename whole."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TILELENS_VISITOR", "network")
    folder = tmp_path / "elsewhere" / "ev"

    def page(folder):
        from pathlib import Path

        from app.views.event_check import read_report
        from tilelens.event.model import table_report_problem

        read_report(Path(folder) / "report.json", table_report_problem)

    at = AppTest.from_function(page, args=(str(folder),), default_timeout=30)
    at.session_state["lang"] = "ja"
    at.run()
    said = [e.value for e in at.error]
    assert said and not [e for e in said if str(tmp_path) in e], said


# ---- 2. a table replaced on another phone is that phone's now -----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_another_phone_replaced_is_not_this_phones_own_any_more(home, photos, lang):
    import json

    from test_event_page_f10_56 import REFUSED, REPLACE
    from tilelens.event.report import REPORT_JSON

    t01 = "table-01" if lang == "en" else "卓01"
    _organiser_opens("cup")
    a = _phone_joins("cup", lang)
    _upload(a, photos["clean"])
    _check(a)
    out = home / "home" / "scratch" / "events" / "cup"

    def verdict() -> str:
        return json.loads((out / t01 / REPORT_JSON).read_text(encoding="utf-8"))["verdict"]

    b = _phone_joins("cup", lang)  # phone B replaces A's table, on purpose
    b.text_input(key="event_table_name").set_value(t01).run()
    _upload(b, photos["surplus"])
    next(c for c in b.checkbox if c.label == REPLACE[lang]).check().run()
    _check(b)
    assert verdict() == "fault"
    a.run()
    assert not a.exception
    assert a.text_input(key="event_table_name").value == t01  # A's name kept: A decides, warned
    assert [w.value for w in a.warning if t01 in w.value and ("another phone" in w.value or "ほかの端末" in w.value)]
    assert REPLACE[lang] in [c.label for c in a.checkbox]  # the same tick as for any other phone's table
    assert not [s for s in a.success if t01 in s.value], "B's report drawn as A's"
    replaced = {"en": f"{t01} was checked again on another phone with other photos",
                "ja": f"{t01} はほかの端末で別の写真でチェックし直されました"}[lang]
    assert [w.value for w in a.warning if replaced in w.value], [w.value for w in a.warning]
    _check(a)  # not ticked: refused, B's table kept
    assert verdict() == "fault"
    assert REFUSED[lang].split(" (")[0].split("(")[0] in " ".join(e.value for e in a.error), [e.value for e in a.error]


# ---- 3. a game file gone since: named by its file name -------------------------------------------------------------------
def test_a_game_file_gone_is_named_by_its_file_name_in_the_pages(tmp_path):
    from tilelens.event.model import TableReport
    from tilelens.event.report import event_html, game_names, table_html

    gone = str(tmp_path / "laptop-user" / "club" / "precure.toml")
    assert game_names(gone) == ("precure.toml", "precure.toml")
    assert game_names("C:\\Users\\club\\precure.toml") == ("precure.toml", "precure.toml")
    assert game_names("club-gone") == ("club-gone", "club-gone")  # an id as it is
    page = table_html(TableReport(table="t1", game="precure", findings=(), game_file=gone), {})
    assert "Game: precure.toml" in page and "ゲーム: precure.toml" in page and str(tmp_path) not in page
    event = {"tables": [], "model_version": "m", "game": "precure.toml", "game_file": gone}
    page = event_html(tmp_path, event)
    assert "Game: precure.toml" in page and "ゲーム: precure.toml" in page and str(tmp_path) not in page


# ---- 4. the browser's own event's report is not drawn under a named event -------------------------------------------------
def test_the_own_events_report_is_cleared_on_switching_to_a_named_event(home, photos):
    _organiser_opens("cup")
    from app_helpers import open_page

    at = open_page("event_check", game="nogizaka", lang="en")
    _upload(at, photos["clean"])
    _check(at)  # into this browser's own event
    assert [s.value for s in at.success] == ["table-01: In order"]
    at.selectbox(key="event").set_value("cup").run()
    assert not at.exception
    assert not [s.value for s in at.success], "the own event's report drawn under the named event"
    assert at.session_state["event_checked"] is None if "event_checked" in at.session_state else True
    assert "The photos or settings changed" not in texts(at)

