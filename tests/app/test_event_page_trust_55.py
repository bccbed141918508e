"""Session 55 (f11), the Event check page trusts only what this home's check sealed (``runner.table_distrust``,
``runner.event_distrust``): a verdict forged in a report folder (a table's ``report.json``, or the event's
``event.json``) is said to be untrusted, with why and the way forward, in place of its verdict, and is not counted in
order; the event's pages are offered as one zip (``report.event_pages_zip``: the links between them work once
unzipped), only where the check wrote them here; a phone is told in one short line, with no path of the laptop nor a
command; a report folder moved or copied with its event (``EVENT/_report``) names the folder where it is now in the
commands it offers, not the one it was checked in."""
from __future__ import annotations

import io
import json
import shutil
import zipfile

import pytest
import streamlit

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event
from tilelens.event.trust import sealed

support = event_support()
FAULTY = dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin", "minami"]})  # seat 2 holds 10 tiles
# what the page says of a report changed since this home's check wrote it (``trust.DISTRUST_WORDS``)
CHANGED = {"en": "was changed since this home's check wrote it", "ja": "書き換えられています"}
IN_ORDER = {"en": "In order", "ja": "問題なし"}
ZIP_LABEL = {"en": "Download the event's pages", "ja": "イベントのページを保存"}
AWAY = {"en": "This report was not written by this laptop's check: it is not shown.",
        "ja": "このレポートは、このパソコンのチェックが書いたものではないので表示しません。"}


def _event(tmp_path, root: str = "event"):
    """An event of two tables (t1 in order, t2 not), checked into its default ``EVENT/_report``."""
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / root, "t1", support.CLEAN)
    support.make_table(reader, tmp_path / root, "t2", FAULTY)
    out = tmp_path / root / "_report"
    check_event(tmp_path / root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def _edit(path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _forge_table(out, name: str = "t2") -> None:
    def in_order(report):
        report["verdict"], report["findings"] = "ok", []
    _edit(out / name / "report.json", in_order)


def _forge_event(out, name: str = "t2") -> None:
    def in_order(event):
        for line in event["tables"]:
            if line["table"] == name:
                line["verdict"], line["findings"], line["counts"] = "ok", [], {}
    _edit(out / "event.json", in_order)


def _browse(folder, lang: str = "en", table: str | None = None):
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(folder)).run()
    assert not at.exception, [e.value for e in at.exception]
    if table is not None:
        at.selectbox(key="event_table").set_value(table).run()
        assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def offered(monkeypatch):
    """What the page offers for download, each run's: (label, file name, data, mime)."""
    seen: list[tuple] = []
    real = streamlit.download_button

    def recorded(label, data, file_name=None, mime=None, **kwargs):
        seen.append((label, file_name, data, mime))
        return real(label, data, file_name=file_name, mime=mime, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return seen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_forged_verdict_is_said_untrusted_and_not_counted_in_order(home, tmp_path, lang):
    """The walk: table-02's verdict set to "ok" and its findings emptied in event.json and its report.json; Browse
    said "3 of 6 tables in order" and a green "table-02: In order"."""
    out = _event(tmp_path)
    _forge_table(out)
    _forge_event(out)
    at = _browse(out, lang, table="t2")
    head = at.subheader[0].value
    assert head == {"en": "1 of 2 tables in order", "ja": "2卓中1卓が問題なし"}[lang], head
    assert not [s.value for s in at.success if "t2" in s.value], [s.value for s in at.success]
    warned = [w.value for w in at.warning if CHANGED[lang] in w.value]
    assert len(warned) == 2, [w.value for w in at.warning]  # the event's report, and the table's
    assert all("tilelens check" in w for w in warned), warned  # the way forward
    assert {"en": "Nothing to report.", "ja": "指摘はありません。"}[lang] not in texts(at)
    listed = at.dataframe[0].value
    assert list(listed.iloc[:, 1]) == [IN_ORDER[lang], {"en": "Not trusted", "ja": "信用できません"}[lang]], listed
    assert any("t2" in m.value and {"en": "Not trusted", "ja": "信用できない"}[lang] in m.value for m in at.markdown)


def test_a_forged_event_line_gives_way_to_the_tables_sealed_verdict(home, tmp_path):
    out = _event(tmp_path)
    _forge_event(out)  # event.json alone: t2's own report, sealed here, still says not in order
    at = _browse(out)
    assert at.subheader[0].value == "1 of 2 tables in order"
    assert any("Not in order (1): t2" in m.value for m in at.markdown), [m.value for m in at.markdown]
    assert [w.value for w in at.warning if "The event's report" in w.value and CHANGED["en"] in w.value]


def test_a_forged_table_report_is_untrusted_though_its_event_is_sealed(home, tmp_path):
    out = _event(tmp_path)
    _forge_table(out)
    at = _browse(out, table="t2")
    assert not [s.value for s in at.success if "t2" in s.value]
    assert [w.value for w in at.warning if "This table's report" in w.value and CHANGED["en"] in w.value]
    at = _browse(out / "t2")  # the table's folder opened on its own
    assert not at.success
    assert [w.value for w in at.warning if "This table's report" in w.value and CHANGED["en"] in w.value]


def test_a_sealed_event_says_no_distrust(home, tmp_path):
    out = _event(tmp_path)
    at = _browse(out, table="t2")
    assert at.subheader[0].value == "1 of 2 tables in order"
    assert not [w.value for w in at.warning if "tilelens check" in w.value], [w.value for w in at.warning]
    assert [e.value for e in at.error if "t2: Not in order" in e.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_events_pages_are_offered_as_one_zip_whose_links_work(home, tmp_path, offered, lang):
    out = _event(tmp_path)
    _browse(out, lang)
    zips = [o for o in offered if o[0] == ZIP_LABEL[lang]]
    assert zips, offered
    _, name, data, mime = zips[-1]
    assert name == "event.zip" and mime == "application/zip", (name, mime)
    data = data() if callable(data) else data  # made when pressed
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert sorted(z.namelist()) == ["event/index.html", "event/t1/index.html", "event/t2/index.html"]
        page = z.read("event/index.html")  # as written where in the screen's language, else drawn again in it
        assert page == (out / "index.html").read_bytes() if lang == "en" else b'<html lang="ja">' in page
    assert not [o for o in offered if o[1] == "event.html"], offered  # the page alone: its links lead nowhere


def test_the_events_pages_are_not_offered_once_its_page_is_changed(home, tmp_path, offered):
    out = _event(tmp_path)
    (out / "index.html").write_text("<p>All tables in order</p><script>alert(1)</script>", encoding="utf-8")
    at = _browse(out)
    assert not [o for o in offered if o[1] in ("event.zip", "event.html")], offered
    assert [w.value for w in at.warning if "The event's report" in w.value and CHANGED["en"] in w.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_told_in_one_line_with_no_path_nor_command(home, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "event"))  # the organiser shares the event
    out = _event(tmp_path)
    _forge_table(out)
    at = _browse(out, lang)  # the event sealed here, t2's report forged: its line unverifiable, the event not shown
    shown = texts(at)
    assert AWAY[lang] in shown, shown
    assert str(tmp_path / "home") not in shown, shown
    assert "TILELENS_HOME" not in shown and "tilelens check " not in shown, shown  # no command (the intro: "checks")
    assert not [s.value for s in at.success if "t2" in s.value]
    assert {"en": "Nothing to report.", "ja": "指摘はありません。"}[lang] not in shown
    at = _browse(out / "t2", lang)  # the table's folder on its own
    assert [w.value for w in at.warning] == [AWAY[lang]] and not at.success
    _forge_event(out)
    at = _browse(out, lang)  # the event's report forged: the event is not shown
    assert [w.value for w in at.warning] == [AWAY[lang]] and not at.subheader and not at.get("download_button")


def test_the_computer_running_the_app_is_told_why_and_the_way_forward(home, tmp_path):
    out = _event(tmp_path)
    _forge_table(out)
    at = _browse(out / "t2")
    shown = texts(at)
    assert AWAY["en"] not in shown and "TILELENS_HOME=" in shown and "tilelens check " in shown, shown


def test_a_copied_event_names_the_folder_it_is_in_now(home, tmp_path):
    """The walk: moved-nogi2 copied onto a USB stick, a table's page_format older: "run the check again
    (`tilelens check /tmp/w3/s55/moved-nogi2 …`)", the folder it was checked in, not the copy browsed."""
    _event(tmp_path)
    copy = tmp_path / "usb" / "nogi2"
    shutil.copytree(tmp_path / "event", copy)

    def older(report):
        report["page_format"] = 1
    _edit(copy / "_report" / "t2" / "report.json", older)
    report = json.loads((copy / "_report" / "t2" / "report.json").read_text(encoding="utf-8"))
    (copy / "_report" / "t2" / "report.json").write_text(json.dumps(sealed(report)), encoding="utf-8")  # sealed here
    at = _browse(copy)
    warned = [w.value for w in at.warning if "older tilelens" in w.value]
    assert len(warned) == 1 and f"tilelens check {copy} --game nogizaka" in warned[0], warned
    assert str(tmp_path / "event") not in texts(at), texts(at)


def test_a_copied_nameless_report_names_the_folder_it_is_in_now(home, tmp_path):
    _event(tmp_path)
    copy = tmp_path / "usb" / "nogi2"
    shutil.copytree(tmp_path / "event", copy)
    (copy / "_report" / "report.json").write_text(json.dumps({"table": "", "game": "nogizaka"}), encoding="utf-8")
    at = _browse(copy / "_report")
    said = [e.value for e in at.error if "no name" in e.value]
    assert len(said) == 1 and f"tilelens check {copy} --game nogizaka" in said[0], said
    assert str(tmp_path / "event") not in said[0]
