"""Session 56 (f10): the Event check page at a big event.

1. Helpers on phones checked into one event each: every browser session had its own event in a random folder, a reload
   or a second phone started an empty one at 卓01. Now the organiser opens an event by name, the phones of its game
   choose it (listed by name, never a folder) and check their tables into it, names not clashing (a name offered
   that another phone took is offered afresh), and every phone (a reload too) sees the whole event.
2. The summary said how many tables were not in order, not why: each such table is said with its findings, short, and
   the table chooser says each table's verdict.
3. A stopped check said "Run the same command again" without the command: the person at the computer is shown it, a
   phone is told the check is run again there.
5. The session's pages unzipped into ``tmpb195ycmx/``: now the event's name.
7. The folder a report's command names is the command line's (``report.event_folder_here``).
"""
from __future__ import annotations

import io
import json
import zipfile

import pytest
import streamlit

from app_helpers import event_support, open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload
from tilelens.event import CheckOptions, check_event

support = event_support()
OWN = {"en": "This browser's own event", "ja": "このブラウザだけのイベント"}


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (clean, not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


@pytest.fixture
def zips(monkeypatch):
    """The zips the page offers: file name -> the names inside (made as the button would make them)."""
    offered: dict[str, list[str]] = {}
    real = streamlit.download_button

    def recorded(label, data, file_name=None, **kwargs):
        if str(file_name).endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(data() if callable(data) else data)) as z:
                offered[file_name] = sorted(z.namelist())
        return real(label, data, file_name=file_name, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return offered


def _everything(at) -> str:
    """All a phone is sent as words: texts, alerts, headings, the widgets' labels, help and options."""
    parts = [texts(at), *(str(e.value) for e in at.subheader)]
    for kind in ("text_input", "selectbox", "expander", "button"):
        for element in at.get(kind):
            parts += [str(getattr(element, "label", "")), str(getattr(element, "help", "") or ""),
                      *map(str, getattr(element, "options", None) or [])]
    return "\n".join(parts)


def _organiser_opens(name: str):
    at = open_page("event_check", game="nogizaka")
    at.text_input(key="event_new_name").set_value(name).run()
    at.button(key="event_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _phone_joins(name: str, lang: str):
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert at.selectbox(key="event").options == [OWN[lang], name]
    at.selectbox(key="event").set_value(name).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 1. one event, several phones ------------------------------------------------------------------------------------
def test_phones_check_their_tables_into_the_event_the_organiser_opened(home, photos, monkeypatch, zips):
    laptop = _organiser_opens("spring cup")
    assert "The event \u201cspring cup\u201d is open" in texts(laptop)
    assert laptop.selectbox(key="event").value == "spring cup"
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    first = _phone_joins("spring cup", "ja")
    assert first.text_input(key="event_table_name").value == "卓01"
    _upload(first, photos["clean"])
    _check(first)
    second = _phone_joins("spring cup", "ja")  # another phone: the event's next table offered, not 卓01 again
    assert second.text_input(key="event_table_name").value == "卓02"
    _upload(second, photos["surplus"])
    _check(second)
    shown = texts(second)
    assert "イベント「spring cup」でチェックした卓 (すべての端末の分)" in shown
    assert [h.value for h in second.subheader] == ["2卓中1卓が問題なし"]
    assert "- **卓02**: " in shown  # why it is not in order, not only that it is not
    assert str(home) not in _everything(second)  # a phone is shown no folder of the laptop's
    assert zips["spring cup.zip"][0] == "spring cup/index.html"  # unzipped under the event's name
    reloaded = _phone_joins("spring cup", "ja")  # a reload: the same event, not an empty one
    assert [h.value for h in reloaded.subheader] == ["2卓中1卓が問題なし"]
    monkeypatch.delenv("TILELENS_VISITOR")
    laptop.run()  # the organiser browses every phone's tables
    assert [h.value for h in laptop.subheader] == ["1 of 2 tables in order"]
    chooser = laptop.selectbox(key="event_shared_table")
    assert chooser.options == ["卓02 (Not in order)", "卓01 (In order)"]
    chooser.set_value("卓01").run()
    assert "卓01: In order" in [s.value for s in laptop.success]


def test_the_address_keeps_the_event_chosen(home):
    """A reload (or the organiser's link, ``/event?event=cup``) opens the event chosen, not the browser's own."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    _organiser_opens("cup")
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["event"] = "cup"
    at.run()
    at.switch_page("views/event_check.py").run()
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert at.selectbox(key="event").value == "cup" and not at.exception


def test_a_name_offered_to_two_phones_is_not_checked_twice(home, photos):
    _organiser_opens("cup")
    first, second = _phone_joins("cup", "en"), _phone_joins("cup", "en")
    assert first.text_input(key="event_table_name").value == second.text_input(key="event_table_name").value == \
        "table-01"
    _upload(first, photos["clean"])
    _check(first)
    _upload(second, photos["surplus"])  # the second phone's name is offered afresh, and why said
    assert second.text_input(key="event_table_name").value == "table-02"
    assert "table-01 was checked on another phone meanwhile, so this table's name is now table-02." in \
        [i.value for i in second.info]
    _check(second)
    out = home / "home" / "scratch" / "events" / "cup"
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert {t["table"]: t["verdict"] for t in event["tables"]} == {"table-01": "ok", "table-02": "fault"}


def test_a_session_of_its_own_is_still_the_default_and_unzips_as_event(home, photos, zips):
    at = open_page("event_check", game="nogizaka")
    assert not [s for s in at.selectbox if s.key == "event"]  # no event opened: no choice to make
    _upload(at, photos["clean"])
    _check(at)
    assert zips["event.zip"] == ["event/index.html", "event/table-01/index.html"]  # not tmpb195ycmx/


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_event_of_another_game_is_not_offered_nor_opened_again(home, lang):
    _organiser_opens("cup")
    at = open_page("event_check", game="yokai-watch", lang=lang)
    assert not [s for s in at.selectbox if s.key == "event"]
    at.text_input(key="event_new_name").set_value("cup").run()
    at.button(key="event_open").click().run()
    (error,) = [e.value for e in at.error]
    assert ("Nogizaka" in error) if lang == "en" else ("乃木坂" in error and "イベントです" in error), error
    at.text_input(key="event_new_name").set_value("a/b").run()
    at.button(key="event_open").click().run()
    assert [e.value for e in at.error] and not at.exception


# ---- 2. why a table is not in order, in the summary and the chooser ---------------------------------------------------
def _event(base):
    reader = support.ExactReader()
    support.make_table(reader, base, "t1", support.CLEAN)
    support.make_table(reader, base, "t2", dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]}))
    return reader


@pytest.mark.parametrize("lang, why, chooser", [
    ("en", "- **t2**: Seat 2 (non-dealer) has 9 tiles, expected 8 (1 too many)", ["t2 (Not in order)", "t1 (In order)"]),
    ("ja", "- **t2**: 2番席 (子) の牌は9枚です。8枚のはずです。1枚多すぎます", ["t2 (問題あり)", "t1 (問題なし)"])])
def test_the_summary_says_why_each_table_is_not_in_order(home, tmp_path, lang, why, chooser):
    reader = _event(tmp_path / "ev")
    check_event(tmp_path / "ev", tmp_path / "ev" / "_report", CheckOptions(game="nogizaka"),
                factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(tmp_path / "ev" / "_report")).run()
    assert not at.exception, [e.value for e in at.exception]
    markdown = [m.value for m in at.markdown]
    assert [m for m in markdown if m.startswith(why)], markdown
    assert at.selectbox(key="event_table").options == chooser


# ---- 3. a stopped check: the command on the computer, the computer named on a phone ------------------------------------
def _stopped(root):
    reader = _event(root)

    def stop(report):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_event(root, root / "_report", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                    progress=False, on_table=stop)
    return root / "_report"


def test_a_stopped_check_shows_the_command_on_the_computer(home, tmp_path):
    out = _stopped(tmp_path / "my ev")
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    (stopped,) = [e.value for e in at.error if "did not finish" in e.value]
    assert "Run the same command again to check the rest. The command, run on this laptop: `TILELENS_HOME=" in \
        stopped, stopped
    assert f"tilelens check '{tmp_path / 'my ev'}' --game nogizaka`" in stopped


def test_a_stopped_check_tells_a_phone_it_is_checked_again_on_the_computer(home, tmp_path, monkeypatch):
    _stopped(tmp_path / "share" / "ev" / "event")
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "share" / "ev"))
    at = open_page("event_check", lang="ja")
    at.text_input(key="event_folder").set_value("ev/event/_report").run()
    (stopped,) = [e.value for e in at.error if "チェックは終わっていません" in e.value]
    assert "tilelens を動かしているパソコンでチェックをもう一度実行するとチェックされます" in stopped
    assert "同じコマンド" not in stopped and "tilelens check" not in stopped and str(tmp_path) not in stopped


# ---- 7. the folder a report's command names: the command line's --------------------------------------------------------
@pytest.mark.parametrize("who", ["laptop", "phone"])
def test_the_page_names_the_event_folder_the_command_line_names(home, tmp_path, monkeypatch, who):
    """/tmp/w6/event_dir_demo.py: the page named A's folder where the command named B's, for one report folder."""
    from tilelens.event.trust import sealed

    for folder in ("A/ev-a", "B/ev-b"):
        (tmp_path / folder / "t1").mkdir(parents=True)
        (tmp_path / folder / "t1" / "seat1.jpg").write_bytes(b"x")
    out = tmp_path / "B" / "rep"
    out.mkdir(parents=True)
    event = sealed({"tables": [{"table": "t1"}], "event_dir": str(tmp_path / "A" / "ev-a"),
                    "event_dir_from_report": "../ev-b", "game": "nogizaka"})
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    if who == "phone":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    from app.components.event_report_view import event_name
    from app.components.event_table_view import check_again

    said = check_again(out, "nogizaka")
    assert "ev-b" in said and "ev-a" not in said, said
    assert (str(tmp_path) in said) == (who == "laptop"), said
    assert event_name(event, out) == "ev-b"


# ---- f25: a table another phone checked is not replaced unless the phone says so ------------------------------------
REFUSED = {"en": "table-01 was checked on another phone, so this table was not checked (table-01's report is kept as "
                 "it was). Its name is now table-02: press Check this table.",
           "ja": "卓01 はほかの端末でチェックされているので、この卓はチェックしませんでした (卓01 のレポートはそのままです)。"
                 "名前を 卓02 にしました。「この卓をチェック」を押してください。"}
REPLACE = {"en": "Replace table-01, checked on another phone (its report is moved aside, not deleted)",
           "ja": "ほかの端末でチェックした 卓01 を置き換える (前のレポートは消さずに移します)"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_name_another_phone_checked_is_refused_unless_its_replacing_is_ticked(home, photos, lang):
    """rv1: phone B typing the name of phone A's table replaced A's photos and report, said in a caption only."""
    from tilelens.event.report import REPORT_JSON

    t01, t02 = ("table-01", "table-02") if lang == "en" else ("卓01", "卓02")
    _organiser_opens("cup")
    first = _phone_joins("cup", lang)
    _upload(first, photos["clean"])
    _check(first)
    out = home / "home" / "scratch" / "events" / "cup"

    def verdict() -> str:
        return json.loads((out / t01 / REPORT_JSON).read_text(encoding="utf-8"))["verdict"]

    assert verdict() == "ok"
    second = _phone_joins("cup", lang)
    second.text_input(key="event_table_name").set_value(t01).run()
    _upload(second, photos["surplus"])
    (warned,) = [w.value for w in second.warning if t01 in w.value]
    assert t02 in warned, warned  # the next free name offered
    assert REPLACE[lang] in [c.label for c in second.checkbox]
    _check(second)  # not ticked: refused, phone A's table kept
    assert verdict() == "ok" and not (out / t02).exists()
    assert REFUSED[lang] in [e.value for e in second.error], [e.value for e in second.error]
    assert second.text_input(key="event_table_name").value == t02
    second.text_input(key="event_table_name").set_value(t01).run()  # typed again, its replacing ticked
    next(c for c in second.checkbox if c.label == REPLACE[lang]).check().run()
    _check(second)
    assert verdict() == "fault" and [p.name.startswith(t01) for p in (out / ".removed").iterdir()] == [True]
    assert not [w for w in second.warning if t02 in w.value]  # its own table now: checking it again is no refusal
