"""Session 52, the Event check page on a phone and for a first-time organiser: a check with no photo refused, no
command-line words or folder paths in the main view, a Japanese table name, a duplicate said in a short line after
its tiles (seats grouped, no tile ids), marks that need no emoji font, a thumbnail for each seat's photo, the table
list headed in short words, and Japanese counts said without a bracket that wraps alone."""
from __future__ import annotations

from pathlib import Path

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _upload

@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


EMOJI = ("⛔", "⚠️", "ℹ️", "ℹ")
CLI_WORDS = ("--players", "table.toml", "--out", "`tilelens check`", "tilelens check ")


def _everything(at) -> list[str]:
    return [str(e.value) for e in (*at.markdown, *at.caption, *at.success, *at.warning, *at.error, *at.info,
                                    *at.subheader)] + [str(w.label) for w in (*at.text_input, *at.selectbox)]


def _outside_expanders(at) -> list[str]:
    """The texts of the page's main view: everything but what its expanders hold."""
    inside = []
    for exp in at.expander:
        inside += [str(e.value) for e in (*exp.markdown, *exp.caption, *exp.info, *exp.success, *exp.warning)]
    shown = _everything(at)
    for text in inside:
        if text in shown:
            shown.remove(text)
    return shown


def _keys_in_order(node, out: list[str]) -> list[str]:
    key = getattr(node, "key", None)
    if isinstance(key, str):
        out.append(key)
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            _keys_in_order(child, out)
    return out


@pytest.mark.parametrize("lang, said", [("en", "Add a photo for each seat first"), ("ja", "先に各席の写真")])
def test_a_check_with_no_photo_is_refused_and_nothing_recorded(home, photos, lang, said):
    at = open_page("event_check", game="yokai-watch", lang=lang)
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and said in errors[0], errors
    assert "event_checked" not in at.session_state
    assert not at.dataframe and not at.subheader  # no "0 of 1 tables in order"
    assert not list((home / "home").rglob("event.json"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_command_line_words_nor_paths_in_the_main_view(home, photos, lang):
    at = open_page("event_check", game="yokai-watch", lang=lang)
    _upload(at, {s: photos["clean"][s] for s in "123"})  # seat 4 missing: the three-player hint
    _check(at)
    out = Path(at.session_state["event_checked"][0]).parent
    shown = _everything(at)
    checking = [str(e.value) for e in (*at.tabs[0].markdown, *at.tabs[0].caption, *at.tabs[0].info,
                                       *at.tabs[0].error, *at.tabs[0].warning)]  # (a report's browser: the command's)
    assert checking and not [t for t in checking if any(w in t for w in CLI_WORDS)], checking
    assert "--out" not in at.text_input(key="event_folder").label
    assert any(("Players to 3" if lang == "en" else "人数を3に") in t for t in shown), shown
    assert not [t for t in _outside_expanders(at) if str(out) in t or "scratch" in t], _outside_expanders(at)
    assert any(str(out) in t for t in shown)  # where the reports are kept: still said, in an expander


@pytest.mark.parametrize("lang, first, second", [("en", "table-01", "table-02"), ("ja", "卓01", "卓02")])
def test_the_table_name_is_offered_in_the_screens_language(home, photos, lang, first, second):
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert at.text_input(key=NAME).value == first
    _upload(at, photos["clean"])
    _check(at)
    out = Path(at.session_state["event_checked"][0]).parent
    assert (out / first / "report.json").is_file()
    at.button(key="event_next").click().run()
    assert at.text_input(key=NAME).value == second


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_duplicate_is_one_short_line_after_its_tiles_with_seats_grouped_and_no_ids(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])  # kotoko read 9 times, twice at each seat (tiles 1 and 2)
    _check(at)
    lines = [m.value for m in at.markdown]
    dup = [line for line in lines if ("kotoko" in line.lower() or "琴子" in line or "9" in line)
           and ("9 times" in line or "9枚" in line) and not line.startswith("- **")]
    assert len(dup) == 1, lines
    assert "(kotoko)" not in dup[0] and "least sure" not in dup[0] and "一番信頼度" not in dup[0], dup
    assert len(dup[0]) < 140, dup
    grouped = "Seats 1, 2, 4: tiles 1, 2" if lang == "en" else "1、2、4番席の1、2枚目"  # seat 3 holds a third
    assert grouped in texts(at), texts(at)
    assert not any("(kotoko)" in line for line in lines), lines
    # the tiles lead: the crops drawn before the line
    kinds = _kinds_in_order(at._tree, [])
    first_line = next(i for i, (kind, value) in enumerate(kinds) if kind == "markdown" and value == dup[0])
    assert kinds[first_line - 1][0] == "image", kinds[first_line - 2:first_line + 1]


def _kinds_in_order(node, out: list) -> list:
    kind = getattr(node, "type", "")
    if kind in ("markdown", "image"):
        out.append((kind, getattr(node, "value", None) if kind == "markdown" else None))
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            _kinds_in_order(child, out)
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_findings_are_marked_without_an_emoji_font(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])
    _check(at)
    assert not [t for t in _everything(at) if any(mark in t for mark in EMOJI)], _everything(at)
    assert any(":material/" in m.value for m in at.markdown), [m.value for m in at.markdown]
    headers = list(at.dataframe[0].value.columns)
    assert not [h for h in headers if any(mark in h for mark in EMOJI)], headers


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_seat_photo_shows_a_thumbnail_and_the_slider_comes_after_the_seats(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert not at.image
    _upload(at, {s: photos["clean"][s] for s in "12"})
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.image) == 2  # one thumbnail per seat given a photo
    keys = _keys_in_order(at._tree, [])
    seats = [i for i, k in enumerate(keys) if k.startswith("event_seat_")]
    assert keys.index("event_min_conf") > max(seats), keys
    uploaders = [u for u in at.get("file_uploader") if u.key.startswith("event_seat_")]
    assert uploaders and all(not u.proto.type for u in uploaders)  # the types are not listed five times over
    assert len([c for c in at.caption if "PNG" in c.value]) == 1  # said once


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tables_list_is_headed_in_short_words(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])
    _check(at)
    headers = list(at.dataframe[0].value.columns)
    assert all(h.strip() for h in headers), headers
    assert len(headers) <= 5 and all(len(h) <= 8 for h in headers), headers


def test_japanese_counts_are_said_without_a_bracket_to_wrap_alone():
    """"8枚のはずです (1枚多い)" wrapped "(1枚多/い)" on a phone: a sentence of its own, no bracket to break alone."""
    from app_helpers import event_support
    from scorer import load_game
    from tilelens.event.model import FindingKind, SeatReading, TileRef
    from tilelens.event.rules import Seating, check_readings

    clean = event_support().CLEAN

    def reading(seat, kinds):
        return SeatReading(seat=seat, photo=f"seat{seat}.jpg", tiles=tuple(
            TileRef(seat=seat, index=i, kind=k, xyxy=(i * 50.0, 0, i * 50.0 + 45, 60), confidence=0.99)
            for i, k in enumerate(kinds)))

    hands = dict(clean, **{"3": clean["3"] + ["miria", "kotoko"]})
    findings = check_readings(load_game("nogizaka"), Seating(seats=("1", "2", "3", "4"), dealer="1"),
                              {s: reading(s, k) for s, k in hands.items()}, None, min_confidence=0.6)
    counts = [f.message_ja for f in findings if f.kind == FindingKind.WRONG_COUNT]
    assert counts and not [m for m in counts if "枚多い)" in m or "枚足りない)" in m], counts
    assert "2枚多" in counts[0]


@pytest.mark.parametrize("lang, said", [("en", "is not a photo file"), ("ja", "は写真のファイルではありません")])
def test_a_file_that_is_no_photo_is_named_and_not_checked(home, photos, lang, said):
    """The uploaders no longer list the photo types (each cut short on a phone): a file of another type is said
    under its seat, and the check refused naming it."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, {s: photos["clean"][s] for s in "123"})
    up = next(u for u in at.get("file_uploader") if u.key == "event_seat_4")
    up.set_value(("notes.txt", b"not a photo", "text/plain"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert errors and all("notes.txt" in e and said in e for e in errors), errors
    assert "event_checked" not in at.session_state
