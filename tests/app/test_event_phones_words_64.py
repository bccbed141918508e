"""The Event page shared by phones and the laptop, words that pointed the wrong way.

1. Browsing a named event showed every visitor, phones too, "`tilelens check "$TILELENS_HOME"/scratch/events/cup`,
   run on the laptop, checks the event again": a phone runs no command, and the command writes its report into the
   event's ``_report`` folder, which Browse a report of the event never showed. The laptop alone is given it, with
   where its report goes (its page opened there).
2. A browser's own (unnamed) event lives in its session: a reload started a new, empty one with no word before; said
   once, at its first table checked.
3. A re-check cut off after its photos were kept (the laptop shut mid-check) was said to other phones as "photos changed
   since the check ... check table-01 again on this page under its name", which a phone without those photos cannot:
   said as a check that did not finish, checked again at the next check on the page.
4. A phone sending a table's very photos under that table's name was told "checked on another phone ... tick the box
   below" before Check, though Check shows that table: said as Check says it.
"""
from __future__ import annotations

import os

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _upload
from tilelens.event import runner
from tilelens.event.layout import keep_photos
from tilelens.event.runner import open_event


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _visit(monkeypatch, phone: bool, lang: str = "en", event: str | None = "cup"):
    if phone:
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    else:
        monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    at = open_page("event_check", game="nogizaka", lang=lang)
    if event:
        at.selectbox(key="event").set_value(event).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _checked_on_a_phone(photos, monkeypatch):
    """The named event cup, its table-01 checked on a phone from clean photos: that phone's page."""
    open_event("cup", "nogizaka")
    at = _visit(monkeypatch, phone=True)
    _upload(at, photos["clean"])
    _check(at)
    return at


def _browse(at, text: str):
    at.text_input(key="event_folder").set_value(text).run()
    assert not at.exception, [e.value for e in at.exception]
    return texts(at)


# ---- 1. the command that checks the event again: the laptop's alone, with where its report goes -------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_browsing_an_event_is_given_no_command(home, photos, monkeypatch, lang):
    _checked_on_a_phone(photos, monkeypatch)
    b = _visit(monkeypatch, phone=True, lang=lang)
    shown = _browse(b, "cup")
    assert "table-01" in shown, shown
    assert "tilelens check " not in shown and "TILELENS_HOME" not in shown and "scratch" not in shown, shown


@pytest.mark.parametrize("lang, said", [("en", "writes its report into"), ("ja", "にレポートを書きます")])
def test_the_laptop_is_told_where_the_command_writes_its_report(home, photos, monkeypatch, lang, said):
    _checked_on_a_phone(photos, monkeypatch)
    laptop = _visit(monkeypatch, phone=False, lang=lang)
    _browse(laptop, "cup")
    out = runner.events_root() / "cup"
    (caption,) = [c.value for c in laptop.caption if "tilelens check " in c.value]
    assert said in caption and str(out / "_report") in caption, caption
    assert "index.html" in caption, caption  # its page, opened there (Browse takes it for a table's: another event)


# ---- 2. a browser's own event: a reload starts a new one, said at its first check ----------------------------------
RELOAD = {"en": "a reload of this page starts a new, empty event", "ja": "再読み込みすると"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phone", [True, False])
def test_an_unnamed_event_says_once_that_a_reload_loses_it(home, photos, monkeypatch, lang, phone):
    at = _visit(monkeypatch, phone=phone, lang=lang, event=None)
    _upload(at, photos["clean"])
    _check(at)
    said = [i.value for i in at.info if RELOAD[lang] in i.value]
    assert len(said) == 1, [i.value for i in at.info]
    assert ("Check one event on several phones" if lang == "en" else "「何台かの端末で1つのイベントをチェックする」") in said[0]
    at.button(key="event_next").click().run()
    _upload(at, photos["surplus"])
    _check(at)
    assert not any(RELOAD[lang] in i.value for i in at.info), [i.value for i in at.info]


def test_a_named_event_says_nothing_of_a_reload(home, photos, monkeypatch):
    at = _checked_on_a_phone(photos, monkeypatch)
    assert not any(RELOAD["en"] in i.value for i in at.info), [i.value for i in at.info]


# ---- 3. a check cut off after its photos were kept -----------------------------------------------------------------
CUT = {"en": ("The check of table-01 did not finish", "checked again at the next check"),
       "ja": ("table-01 のチェックは途中で止まりました", "もう一度チェックします")}


def _checked_then_cut(photos, monkeypatch, by_hand: bool = False):
    """table-01 checked on a phone, then its seat 2 retaken: kept as a re-check keeps it before its report is written
    (the check cut there), or, ``by_hand``, its photo replaced in the folder at the laptop."""
    _checked_on_a_phone(photos, monkeypatch)
    table = runner.events_root() / "cup" / "table-01"
    for done in (table / "table.toml", table / "report.json"):  # checked 10 s before, in the order it was written
        os.utime(done, ns=(done.stat().st_atime_ns, done.stat().st_mtime_ns - 10**10))
    retaken = dict(photos["clean"], **{"2": photos["surplus"]["2"]})
    if by_hand:
        (table / "seat2.png").write_bytes(retaken["2"])
    else:
        keep_photos(table, 4, "1", {seat: (f"seat{seat}.png", data) for seat, data in retaken.items()})
    return table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_check_cut_after_its_photos_were_kept_is_said_unfinished(home, photos, monkeypatch, lang):
    _checked_then_cut(photos, monkeypatch)
    b = _visit(monkeypatch, phone=True, lang=lang)
    warned = [w.value for w in b.warning]
    cut = [w for w in warned if all(part in w for part in CUT[lang])]
    assert len(cut) == 2, warned  # the event's summary and table-01's report
    assert not any("under its name" in w or "という名前のまま" in w or "その名前のまま" in w for w in warned), warned


def test_the_next_check_checks_the_cut_table_again(home, photos, monkeypatch):
    _checked_then_cut(photos, monkeypatch)
    b = _visit(monkeypatch, phone=True)
    b.text_input(key=NAME).set_value("table-02").run()
    _upload(b, photos["surplus"])
    _check(b)
    assert any("table-01 was checked again from its photos" in i.value for i in b.info), [i.value for i in b.info]
    assert not any(CUT["en"][0] in w.value for w in b.warning), [w.value for w in b.warning]


def test_photos_replaced_by_hand_are_still_said_changed_since(home, photos, monkeypatch):
    _checked_then_cut(photos, monkeypatch, by_hand=True)
    b = _visit(monkeypatch, phone=True)
    warned = [w.value for w in b.warning]
    assert any("its photos changed since the check" in w for w in warned), warned
    assert not any(CUT["en"][0] in w for w in warned), warned


# ---- 4. a table's very photos under its name, from another phone ---------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "These photos are table-01's, checked already"),
                                        ("ja", "この写真はチェック済みの table-01 のものです")])
def test_a_tables_own_photos_under_its_name_are_not_asked_to_replace_it(home, photos, monkeypatch, lang, said):
    _checked_on_a_phone(photos, monkeypatch)
    b = _visit(monkeypatch, phone=True, lang=lang)
    b.text_input(key=NAME).set_value("table-01").run()
    _upload(b, photos["clean"])
    assert not [c for c in b.checkbox if c.key.startswith("event_replace_")]
    assert not any("another phone" in w.value or "ほかの端末でチェック済みです" in w.value for w in b.warning), \
        [w.value for w in b.warning]
    assert any(said in m.value for m in [*b.info, *b.caption]), texts(b)
    _check(b)
    assert b.session_state["event_checked"][2] == "table-01"
    assert runner.tables_checked(runner.events_root() / "cup") == ["table-01"]
