"""Session 55 (f23): Browse a report from a phone (``TILELENS_VISITOR=network``) names folders as the Label page does.

- The organiser shares ``ev`` (``TILELENS_SHARED_FOLDERS``); a phone typed ``ev/event/_report`` or ``ev/event``, or its
  own event's folder from ``$TILELENS_HOME``: the page said to ask the organiser to share the folder, shared already.
  Only the laptop's full path worked, which a phone is never shown. Now a relative name is a dataset's or a shared
  folder's (``visitor.visitor_folder``), ``$TILELENS_HOME`` is the app's data folder (``visitor.expand_home``), and
  the folder browsed is named to the phone by that short name, never by the laptop's path.
- A report's download buttons were keyed on the report folder's full path: the element's id and its ``st-key-…`` class,
  sent to every browser, held the laptop's folders."""
from __future__ import annotations

import pytest

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event

support = event_support()
LONG = "a" * 300
REFUSED = {"en": "TILELENS_SHARED_FOLDERS", "ja": "TILELENS_SHARED_FOLDERS"}
SUMMARY = {"en": "1 of 2 tables in order", "ja": "2卓中1卓が問題なし"}


def _event(base, root: str = "event"):
    """An event of two tables (t1 in order, t2 not) checked here into ``base/root/_report``."""
    reader = support.ExactReader()
    support.make_table(reader, base / root, "t1", support.CLEAN)
    support.make_table(reader, base / root, "t2", dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]}))
    out = base / root / "_report"
    check_event(base / root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    return out


@pytest.fixture
def phone(home, monkeypatch):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    return home


@pytest.fixture
def shared_ev(phone, monkeypatch):
    """An event checked into ``<tmp>/share/ev/event/_report``, the organiser sharing ``<tmp>/share/ev``."""
    out = _event(phone / "share" / "ev")
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(phone / "share" / "ev"))
    return out


def _everything(at) -> str:
    """All a phone is sent as words: texts, alerts, the widgets' labels and help, the elements' keys and ids."""
    parts = [texts(at), *(str(e.value) for e in at.subheader)]
    for kind in ("text_input", "selectbox", "expander", "download_button", "button"):
        for element in at.get(kind):
            parts += [str(getattr(element, "label", "")), str(getattr(element, "help", "") or ""),
                      str(getattr(element, "key", "") or ""), str(getattr(element.proto, "id", ""))]
    return "\n".join(parts)


def _browse(typed: str, lang: str = "en", table: str | None = None):
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(typed).run()
    assert not at.exception, [e.value for e in at.exception]
    if table is not None:
        at.selectbox(key="event_table").set_value(table).run()
        assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 2. a shared folder by its name; the app's data folder as $TILELENS_HOME -----------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("typed", ["ev/event/_report", "ev/event", "ev/event/_report/"])
def test_a_phone_opens_a_shared_report_by_the_shared_folders_name(shared_ev, typed, lang):
    at = _browse(typed, lang)
    assert not [e.value for e in at.error if REFUSED[lang] in e.value], [e.value for e in at.error]
    assert at.subheader and at.subheader[0].value == SUMMARY[lang], [e.value for e in (*at.error, *at.warning)]
    assert str(shared_ev.parents[2]) not in _everything(at)


def test_the_report_inside_a_shared_folder_is_named_by_its_short_name(shared_ev):
    at = _browse("ev/event")
    assert any("ev/event/_report" in c.value for c in at.caption), [c.value for c in at.caption]


def test_a_phone_opens_its_own_events_report_from_tilelens_home(phone):
    from tilelens.home import home_dir

    out = _event(home_dir() / "scratch" / "event-check" / "abc")
    at = open_page("event_check", lang="en")
    at.session_state["event_outs"] = {"nogizaka": str(out)}  # this browser's own event
    at.text_input(key="event_folder").set_value("$TILELENS_HOME/scratch/event-check/abc/event/_report").run()
    assert not at.exception and not [e.value for e in at.error if REFUSED["en"] in e.value]
    assert at.subheader[0].value == SUMMARY["en"], [e.value for e in at.error]
    assert str(phone) not in _everything(at)


@pytest.mark.parametrize("typed", ["$TILELENS_HOME/scratch", "$TILELENS_HOME/scratch/event-check/abc/event/_report"])
def test_a_phone_is_still_refused_the_events_of_other_browsers(phone, typed):
    from tilelens.home import home_dir

    _event(home_dir() / "scratch" / "event-check" / "abc")  # not this browser's
    at = _browse(typed)
    assert len(at.error) == 1 and REFUSED["en"] in at.error[0].value and not at.subheader


def test_a_dataset_is_no_shared_folder_of_the_same_name(shared_ev):
    """A relative name is the datasets folder's first (as the Label page takes it): a dataset named ``ev`` takes it,
    and the report in the share is no longer reached by that name (nothing of the dataset's is drawn either)."""
    from app.settings import datasets_dir

    (datasets_dir() / "ev" / "event").mkdir(parents=True)
    at = _browse("ev/event")
    assert not at.subheader and not at.error
    assert [w.value for w in at.warning if "No report in this folder" in w.value]
    assert str(shared_ev.parents[2]) not in _everything(at)


@pytest.mark.parametrize("typed", ["~nouser-f23/event", LONG, f"ev/{LONG}", "nothing/there"])
def test_a_name_that_is_no_folder_is_said_once_without_the_laptops_path(shared_ev, typed):
    at = _browse(typed)
    said = [e.value for e in (*at.error, *at.warning)]
    assert len(said) == 1, said
    assert str(shared_ev.parents[2]) not in _everything(at)


def test_the_laptop_still_opens_a_folder_by_its_full_path_and_sees_it(home, tmp_path, monkeypatch):
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    out = _event(tmp_path / "mine")
    at = _browse(str(out.parent))
    assert at.subheader[0].value == SUMMARY["en"]
    assert any(str(out) in c.value for c in at.caption), [c.value for c in at.caption]


# ---- 3. the download buttons' keys --------------------------------------------------------------------------------
@pytest.mark.parametrize("who", ["phone", "laptop"])
def test_no_download_buttons_key_holds_the_report_folders_path(home, tmp_path, monkeypatch, who):
    if who == "phone":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
        monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "share" / "ev"))
    else:
        monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    out = _event(tmp_path / "share" / "ev")
    at = _browse("ev/event/_report" if who == "phone" else str(out), table="t2")
    downloads = at.get("download_button")
    assert len(downloads) == 3, [d.proto.label for d in downloads]  # the event's zip, its seats' CSV, the table's page
    for button in downloads:
        assert str(tmp_path) not in button.key and str(tmp_path) not in button.proto.id, button.key
        assert "/" not in button.key, button.key
    assert len({d.key for d in downloads}) == 3


def test_the_command_to_check_again_names_no_laptop_folder_to_a_phone(shared_ev, monkeypatch):
    """``older``, ``nameless``, ``check_kept``: the command a report offers names the event folder, short to a phone."""
    from app.components.event_table_view import check_command
    from tilelens.home import home_dir

    mine = home_dir() / "scratch" / "event-check" / "a b"
    said = check_command(mine, "nogizaka")
    assert said == "tilelens check \"$TILELENS_HOME\"/'scratch/event-check/a b' --game nogizaka", said
    assert check_command(shared_ev.parent, None) == "tilelens check ev/event --game GAME"
    monkeypatch.delenv("TILELENS_VISITOR")
    assert check_command(mine, "nogizaka") == f"tilelens check '{mine}' --game nogizaka"
