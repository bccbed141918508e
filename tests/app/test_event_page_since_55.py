"""Session 55 (f27), the Event page follows the seals' reasons for an event changed since its check (``trust.STALE``,
``ADDED``, ``GONE``: photos retaken, a table added, a table's folder removed), which are no forgeries:

1. A phone saw nothing of an event once any table was retaken, with the false words "not written by this computer's
   check": it is now told the report is out of date, and the event is drawn (its changed tables not counted).
2. A table changed since the check is listed "Changed since the check", not "Not trusted".
3. A table added since the check is counted in "N of M" and named (it said "6 of 6 tables in order" with 7).
4. The commands offered to the computer running the app name its home (``TILELENS_HOME=…``).
5. An untrusted line shows no counts (a forged line's were shown)."""
from __future__ import annotations

import json
import shutil

import pytest

from app_helpers import event_support, texts
from test_event_page_trust_55 import _browse, _edit  # one copy: opening a report folder, editing its JSON
from tilelens.event import CheckOptions, check_event
from tilelens.event.trust import sealed

support = event_support()
FAULTY = dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin", "minami"]})  # seat 2 holds 10 tiles
SINCE = {"en": "Changed since the check", "ja": "チェック後に変更"}
SINCE_AWAY = {"en": "The photos or tables changed since the check: this report is out of date. Check the event "
                    "again on the laptop running the app.",
              "ja": "チェックの後に写真か卓が変わったため、このレポートは古くなっています。アプリを動かしているパソコンでもう一度チェックしてください。"}
AWAY = {"en": "This report was not written by this laptop's check: it is not shown.",
        "ja": "このレポートは、このパソコンのチェックが書いたものではないので表示しません。"}
UNTRUSTED = {"en": "Not trusted", "ja": "信用できません"}


def _event(tmp_path, reader=None):
    """An event of two tables (t1 in order, t2 not), checked into its default ``EVENT/_report``."""
    reader = reader or support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    support.make_table(reader, tmp_path / "event", "t2", FAULTY)
    out = tmp_path / "event" / "_report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def _retaken(tmp_path):
    """t1's seat 2 photo retaken since the check (``trust.STALE``)."""
    reader = support.ExactReader()
    out = _event(tmp_path, reader)
    reader.draw(out.parent / "t1" / "seat2.png", FAULTY["2"], salt=sum(b"t1"))
    return out


def _added(tmp_path):
    """t3 added to the event folder since the check (``trust.ADDED``)."""
    reader = support.ExactReader()
    out = _event(tmp_path, reader)
    support.make_table(reader, out.parent, "t3", support.CLEAN)
    return out


def _gone(tmp_path):
    """t2's folder removed from the event folder since the check (``trust.GONE``)."""
    out = _event(tmp_path)
    shutil.rmtree(out.parent / "t2")
    return out


def _verdicts(at) -> dict:
    listed = at.dataframe[0].value
    return dict(zip(listed.iloc[:, 0], listed.iloc[:, 1]))


def _phone(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "event"))


# --- 1. a phone is told the event is out of date, and sees it ------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("change", [_retaken, _added, _gone])
def test_a_phone_sees_an_event_changed_since_its_check(home, tmp_path, monkeypatch, lang, change):
    _phone(monkeypatch, tmp_path)
    out = change(tmp_path)
    at = _browse(out, lang)
    warned = [w.value for w in at.warning]
    assert SINCE_AWAY[lang] in warned and AWAY[lang] not in warned, warned
    assert at.subheader, "the event is not drawn"
    shown = texts(at)
    assert str(tmp_path / "home") not in shown and "tilelens check " not in shown, shown  # no laptop path, no command


def test_a_phone_is_told_a_retaken_tables_report_is_out_of_date(home, tmp_path, monkeypatch):
    _phone(monkeypatch, tmp_path)
    out = _retaken(tmp_path)
    at = _browse(out, table="t1")
    assert AWAY["en"] not in texts(at), texts(at)
    assert [w.value for w in at.warning].count(SINCE_AWAY["en"]) == 2, [w.value for w in at.warning]  # event, table
    at = _browse(out / "t1")  # the table's folder on its own
    assert [w.value for w in at.warning] == [SINCE_AWAY["en"]], [w.value for w in at.warning]


def test_a_phone_still_sees_nothing_of_a_forged_event(home, tmp_path, monkeypatch):
    _phone(monkeypatch, tmp_path)
    out = _event(tmp_path)

    def in_order(event):
        event["tables"][1]["verdict"] = "ok"
    _edit(out / "event.json", in_order)
    at = _browse(out)
    assert [w.value for w in at.warning] == [AWAY["en"]] and not at.subheader


# --- 2. a table changed since is said so, not "Not trusted" --------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_retaken_table_is_listed_changed_since_the_check(home, tmp_path, lang):
    out = _retaken(tmp_path)
    at = _browse(out, lang)
    assert _verdicts(at)["t1"] == SINCE[lang], _verdicts(at)
    assert UNTRUSTED[lang] not in texts(at), texts(at)
    line = {"en": "Changed since the check (1): t1", "ja": "チェックの後に変わった卓 (1卓): t1"}[lang]
    assert any(line in m.value for m in at.markdown), [m.value for m in at.markdown]
    assert at.selectbox(key="event_table").options[0].startswith("t1 (")  # listed first, as not trusted is


def test_a_removed_tables_folder_is_listed_changed_since_the_check(home, tmp_path):
    at = _browse(_gone(tmp_path))
    assert _verdicts(at) == {"t1": "In order", "t2": SINCE["en"]}, _verdicts(at)
    assert at.subheader[0].value == "1 of 2 tables in order"


# --- 3. a table added since is counted ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_added_since_the_check_is_counted_and_named(home, tmp_path, lang):
    at = _browse(_added(tmp_path), lang)
    assert at.subheader[0].value == {"en": "1 of 3 tables in order", "ja": "3卓中1卓が問題なし"}[lang]
    assert _verdicts(at)["t3"] == SINCE[lang], _verdicts(at)
    assert any("t3" in m.value and SINCE[lang][:4] in m.value for m in at.markdown), [m.value for m in at.markdown]


def test_a_table_added_since_is_said_not_checked_yet_when_chosen(home, tmp_path):
    at = _browse(_added(tmp_path), table="t3")
    shown = texts(at)
    assert "t3 was added to the event since the check and is not checked yet" in shown, shown
    assert "moved or removed" not in shown, shown


# --- 4. the commands name this home for the computer running the app ----------------------------------------------

def test_an_older_reports_command_names_this_home(home, tmp_path):
    out = _event(tmp_path)

    def older(report):
        report["page_format"] = 1
    _edit(out / "t2" / "report.json", older)
    report = json.loads((out / "t2" / "report.json").read_text(encoding="utf-8"))
    (out / "t2" / "report.json").write_text(json.dumps(sealed(report)), encoding="utf-8")
    at = _browse(out)
    warned = [w.value for w in at.warning if "older tilelens" in w.value]
    assert len(warned) == 1 and "TILELENS_HOME=" in warned[0], warned
    assert f"tilelens check {out.parent.resolve()} --game nogizaka" in warned[0], warned


def test_the_pages_own_events_command_names_this_home(home, tmp_path):
    from scorer import load_game
    from tilelens.event.layout import table_from_uploads
    from tilelens.event.runner import check_uploaded_table

    reader = support.ExactReader()
    out = tmp_path / "page"
    photos = {}
    for seat, kinds in support.CLEAN.items():
        reader.draw(tmp_path / f"{seat}.png", kinds)
        photos[seat] = (f"IMG_{seat}.png", (tmp_path / f"{seat}.png").read_bytes())
    table = table_from_uploads("table-01", 4, "1", {s: [p] for s, p in photos.items()})
    check_uploaded_table(table, load_game("nogizaka"), reader, out, photos=photos)
    at = _browse(out)
    kept = [c.value for c in at.caption if "checks the event again" in c.value]
    assert len(kept) == 1 and "TILELENS_HOME=" in kept[0] and "--game nogizaka" in kept[0], kept


# --- 5. no counts on an untrusted line -----------------------------------------------------------------------------

def test_an_untrusted_line_shows_no_counts(home, tmp_path):
    out = _event(tmp_path)

    def forged_counts(event):
        event["tables"][1]["counts"] = {"error": 9, "review": 9, "notice": 9}
    _edit(out / "event.json", forged_counts)

    def forged(report):
        report["verdict"], report["findings"] = "ok", []
    _edit(out / "t2" / "report.json", forged)
    at = _browse(out)
    listed = at.dataframe[0].value
    row = listed[listed.iloc[:, 0] == "t2"].iloc[0]
    assert row.iloc[1] == UNTRUSTED["en"] and list(row.iloc[2:]) == ["–", "–", "–"], row  # no counts, not 0 (session 66)
