"""A table whose check was cut off after its photos were kept (``runner.unfinished_tables``: the app killed, a write
error) counts as taken and is finished by the next check (3c3905d), but the words around it blamed another phone:

1. a phone typing its name was told it "was checked on another phone" (and, at Check, refused as such);
2. the session whose own check hit a write error was told its name was "checked on another phone meanwhile";
3. its very photos sent again were "table-01's, checked already on another phone";
4. checked again at the next check, it "was checked again from its photos: its report was not this laptop's check's
   as written", though it never had a report.

Each now says that its check did not finish, and is (or was) done again, in English and Japanese.
"""
from __future__ import annotations

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _upload
from tilelens.event import runner
from tilelens.event.layout import keep_photos
from tilelens.event.runner import RECHECKED, open_event

OTHER_PHONE = ("another phone", "ほかの端末で")
CUT = {"en": "The check of table-01 did not finish", "ja": "table-01 のチェックは途中で止まりました"}
REFUSED_CUT = {"en": "The check of table-01 did not finish, so this table was not checked under its name",
               "ja": "table-01 のチェックは途中で止まっているので、この卓はこの名前ではチェックしませんでした"}


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _cut_off(seats: dict[str, bytes]):
    """The event cup, its table-01's photos kept by a check cut off before its report was written."""
    out = open_event("cup", "nogizaka")
    keep_photos(out / "table-01", 4, "1", {seat: (f"seat{seat}.png", data) for seat, data in seats.items()})
    assert runner.unfinished_tables(out) == ["table-01"]
    return out


def _phone(monkeypatch, lang: str = "en"):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.selectbox(key="event").set_value("cup").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _said(at) -> list[str]:
    return [m.value for m in [*at.info, *at.warning, *at.error, *at.caption]]


def _no_other_phone(said: list[str]) -> None:
    assert not [m for m in said if any(w in m for w in OTHER_PHONE)], said


# ---- 1. its name typed, other photos: not "checked on another phone" ----------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_name_of_a_table_cut_off_typed_says_its_check_did_not_finish(home, photos, monkeypatch, lang):
    out = _cut_off(photos["clean"])
    b = _phone(monkeypatch, lang)
    b.text_input(key=NAME).set_value("table-01").run()
    _upload(b, photos["surplus"])
    (warned,) = [w.value for w in b.warning if "table-02" in w.value]  # (the list says table-01 unfinished too)
    assert CUT[lang] in warned and "table-02" in warned, warned
    boxes = [c.label for c in b.checkbox if c.key.startswith("event_replace_")]
    assert len(boxes) == 1 and "table-01" in boxes[0], boxes
    _no_other_phone([*_said(b), *boxes])
    _check(b)  # not ticked: refused, its photos kept, said as a check that did not finish
    assert runner.unfinished_tables(out) == ["table-01"]
    (refused,) = [e.value for e in b.error]
    assert REFUSED_CUT[lang] in refused and "table-02" in refused, refused
    assert ("checked again at the next check" if lang == "en" else "次のチェックでもう一度チェックします") in refused
    _no_other_phone(_said(b))


# ---- 1b. its name typed with its very photos: Check finishes it, nothing to tick ----------------------------------
@pytest.mark.parametrize("lang, before, after", [
    ("en", "These photos are table-01's, whose check did not finish", "These photos are table-01's, whose check had "
                                                                      "not finished: checked now"),
    ("ja", "この写真はチェックが途中で止まった table-01 のものです", "この写真はチェックが途中で止まっていた table-01 のもの"
                                                                 "です。いまチェックしました")])
def test_its_own_photos_under_its_name_are_said_to_finish_it(home, photos, monkeypatch, lang, before, after):
    out = _cut_off(photos["clean"])
    b = _phone(monkeypatch, lang)
    b.text_input(key=NAME).set_value("table-01").run()
    _upload(b, photos["clean"])
    assert not [c for c in b.checkbox if c.key.startswith("event_replace_")]
    assert any(before in m for m in _said(b)), _said(b)
    _no_other_phone(_said(b))
    _check(b)
    assert runner.unfinished_tables(out) == [] and runner.tables_checked(out) == ["table-01"]
    assert any(after in i.value for i in b.info), texts(b)
    _no_other_phone(_said(b))


# ---- 2 and 3. this session's own check hit a write error: the name moved on, the photos sent again ------------------
@pytest.mark.parametrize("lang, moved, sent", [
    ("en", "The check of table-01 did not finish (its photos are kept: it is checked again at the next check), so this "
           "table's name is now table-02.", "These photos are table-01's, whose check had not finished: checked now"),
    ("ja", "卓01 のチェックは途中で止まりました (写真は保存されていて、次のチェックでもう一度チェックします)。この卓の名前を 卓02 "
           "にしました。", "この写真はチェックが途中で止まっていた 卓01 のものです。いまチェックしました")])
def test_a_write_error_after_the_photos_were_kept_is_said_as_a_check_not_finished(home, photos, monkeypatch, lang,
                                                                                 moved, sent):
    out = open_event("cup", "nogizaka")
    at = _phone(monkeypatch, lang)
    first = at.text_input(key=NAME).value
    _upload(at, photos["clean"])

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(runner, "write_table_report", full)
        _check(at)
    assert at.error and runner.unfinished_tables(out) == [first]
    at.run()  # the next run: the name offered moves on, and why
    assert at.text_input(key=NAME).value == first.replace("01", "02")
    assert moved in [i.value for i in at.info], [i.value for i in at.info]
    _no_other_phone(_said(at))
    _check(at)  # the same photos again: that table, finished now
    assert runner.unfinished_tables(out) == [] and runner.tables_checked(out) == [first]
    assert any(sent in i.value for i in at.info), [i.value for i in at.info]
    _no_other_phone(_said(at))


# ---- 4. checked again at the next check of another table: why said as a check not finished ---------------------------
@pytest.mark.parametrize("lang, said", [
    ("en", "table-01 was checked again from its photos: its check had not finished."),
    ("ja", "table-01 は写真からもう一度チェックしました (チェックが途中で止まっていました)。")])
def test_a_table_cut_off_checked_again_at_the_next_check_is_said_unfinished(home, photos, monkeypatch, lang, said):
    out = _cut_off(photos["clean"])
    b = _phone(monkeypatch, lang)
    b.text_input(key=NAME).set_value("table-02").run()
    _upload(b, photos["surplus"])
    _check(b)
    assert runner.unfinished_tables(out) == [] and runner.tables_checked(out) == ["table-01", "table-02"]
    assert said in [i.value for i in b.info], [i.value for i in b.info]
    assert not any("laptop's check" in m or "このパソコンのチェックが書いたまま" in m for m in _said(b)), _said(b)


def test_the_runner_names_the_tables_whose_check_it_finished(home, photos):
    from app.components import resources
    from scorer import load_game
    from tilelens.event.layout import table_from_uploads
    from tilelens.event.runner import FINISHED  # the tables whose check this one finished

    out = _cut_off(photos["clean"])
    reader = resources.event_reader("nogizaka")  # the exact reader that knows these photos (the fixture's)
    game = load_game("nogizaka")
    kept = {seat: (f"seat{seat}.png", data) for seat, data in photos["surplus"].items()}
    table = table_from_uploads("table-02", 4, "1", {seat: [p] for seat, p in kept.items()})
    event = runner.check_uploaded_table(table, game, reader, out, photos=kept, same_table=True)
    assert event[RECHECKED] == ["table-01"] and event[FINISHED] == ["table-01"]
    again = runner.check_uploaded_table(table, game, reader, out, photos=kept, same_table=True, replace=True)
    assert again[RECHECKED] == [] and again[FINISHED] == []
