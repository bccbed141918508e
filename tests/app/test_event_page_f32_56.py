"""Session 56 (f32): the Event check page, the big event's re-walk.

3. A stopped check's summary said each table's tiles by their ids too ("Kotoko (kotoko)"): ``draw_overview`` overwrote
   the tiles' names with the tables not checked.
4. An event name typed that differs from an open event's only by case or width joins that event, said so.
5. The link ``/event?event=NAME`` of an event of another game than the one chosen says which game to choose.
8. A phone's table chooser shows the table just checked (not the first one seen).
"""
from __future__ import annotations

import pytest

from app_helpers import event_support, open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload
from tilelens.event import CheckOptions, check_event

support = event_support()


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _stopped_after_t2(root):
    reader = support.ExactReader()
    support.make_table(reader, root, "t1", support.CLEAN)
    # kotoko read 9 times, the set has 6: said "Kotoko (kotoko) read 9 times" in the report, by its name on the page
    support.make_table(reader, root, "t2", {seat: ["kotoko"] * 2 + kinds[:-2] for seat, kinds in support.CLEAN.items()})
    support.make_table(reader, root, "t3", support.CLEAN)

    def stop(report):
        if report["table"] == "t2":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_event(root, root / "_report", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                    progress=False, on_table=stop)
    return root / "_report"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_stopped_checks_summary_names_tiles_without_their_ids(home, tmp_path, lang):
    out = _stopped_after_t2(tmp_path / "ev")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    why = [m.value for m in at.markdown if m.value.startswith("- **t2**")]
    assert why, [m.value for m in at.markdown]
    assert "(kotoko)" not in why[0] and "9" in why[0], why[0]
    assert [e.value for e in at.error if "t3" in e.value]  # still said stopped, t3 not checked


def _opens(name: str, game: str = "nogizaka", lang: str = "en"):
    at = open_page("event_check", game=game, lang=lang)
    at.text_input(key="event_new_name").set_value(name).run()
    at.button(key="event_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, joined", [("en", "joined the event clash"), ("ja", "イベント clash に参加")])
def test_an_event_name_of_another_case_or_width_joins_the_open_event(home, lang, joined):
    _opens("clash")
    at = _opens("ｃｌａｓｈ", lang=lang)
    assert at.selectbox(key="event").value == "clash"
    assert at.selectbox(key="event").options[1:] == ["clash"]
    assert any(joined in m.value for m in [*at.success, *at.info]), [m.value for m in [*at.success, *at.info]]


@pytest.mark.parametrize("lang, said", [("en", "cup is a Nogizaka"), ("ja", "乃木坂")])
def test_the_link_of_an_event_of_another_game_says_which_game_to_choose(home, lang, said):
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    _opens("cup")
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["event"] = "cup"
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("views/event_check.py").run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception, [e.value for e in at.exception]
    shown = [w.value for w in [*at.warning, *at.info, *at.error]]
    assert any(said in w and "cup" in w for w in shown), shown


def test_the_phones_chooser_shows_the_table_just_checked(home, photos, monkeypatch):
    _opens("cup")
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang="ja")
    at.selectbox(key="event").set_value("cup").run()
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload(at, photos["surplus"])
    _check(at)
    checked = at.session_state["event_checked"][2]
    assert checked == "卓02"
    assert at.selectbox(key="event_shared_table").value == "卓02"
    at.button(key="event_next").click().run()
    _upload(at, photos["clean"])
    _check(at)  # 卓01's photos again: that table
    assert at.selectbox(key="event_shared_table").value == "卓01"
    assert texts(at)


# ---- 2. a phone's list read while another phone writes the event --------------------------------------------------
def test_the_list_read_while_another_phone_writes_is_not_said_untrusted(home, photos, monkeypatch):
    """Another phone's table report written, the event's report not yet: the list said the event's report out of date
    (or untrusted) though nothing was wrong. The page waits for the writing to end and reads it again."""
    import shutil
    import threading
    import time

    from tilelens.event import runner
    from tilelens.event.runner import events_root

    _opens("cup")
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    first = open_page("event_check", game="nogizaka", lang="ja")
    first.selectbox(key="event").set_value("cup").run()
    _upload(first, photos["clean"])
    _check(first)
    out = events_root() / "cup"
    keep = home / "kept"
    keep.mkdir()
    for name in ("event.json", "index.html"):  # the event's report of 卓01 alone
        shutil.copy(out / name, keep / name)
    second = open_page("event_check", game="nogizaka", lang="ja")
    second.selectbox(key="event").set_value("cup").run()
    _upload(second, photos["surplus"])
    _check(second)
    for name in ("event.json", "index.html"):  # the new ones aside; the old put back: 卓02's written, the event's not
        shutil.copy(out / name, keep / f"new-{name}")
        shutil.copy(keep / name, out / name)
    held, done = threading.Event(), threading.Event()

    def writer():  # the second phone's check, writing the event's report now
        with runner._writing(out):
            held.set()
            time.sleep(3)
            for name in ("event.json", "index.html"):
                shutil.copy(keep / f"new-{name}", out / name)
        done.set()

    thread = threading.Thread(target=writer)
    thread.start()
    assert held.wait(30)
    third = open_page("event_check", game="nogizaka", lang="ja")
    third.selectbox(key="event").set_value("cup").run()
    thread.join(30)
    assert not third.exception, [e.value for e in third.exception]
    assert [w.value for w in third.warning] == [], [w.value for w in third.warning]
    assert [h.value for h in third.subheader] == ["2卓中1卓が問題なし"]
