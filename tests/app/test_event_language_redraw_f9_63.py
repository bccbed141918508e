"""Session 63 (F9): the Event check page's pages downloaded in the screen's language.

An event checked from uploaded photos keeps its pages (``index.html``, Japanese or English first: ``report.page_lang``)
in the app's event folder. The screen's language changed since, the table's page and the event's zip were the pages as
written, in the other language. Now a download is made in the screen's language: the page as written where it was
made in it, else drawn again from the readings its report keeps (no photo read again), not written over the stored one.
Two phones of one event in two languages: each downloads its own language's pages; each stored page is its writer's,
and its ``report.json`` / ``event.json`` says which (``page_lang``)."""
from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
import streamlit

from app_helpers import open_page
import test_event_page_51 as session_51
from test_event_page_51 import _check, _out, _upload
from tilelens.event import runner
from tilelens.event.report import page_trusted
from tilelens.event.runner import open_event


@pytest.fixture
def photos(monkeypatch, tmp_path):
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


@pytest.fixture
def offered(monkeypatch):
    """The pages the page offers for download, each run's: file name -> data (a deferred one made as at a click)."""
    seen: dict[str, bytes] = {}
    real = streamlit.download_button

    def recorded(label, data, file_name=None, **kwargs):
        if str(file_name).endswith((".html", ".zip")):
            seen[file_name] = data() if callable(data) else data
        return real(label, data, file_name=file_name, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return seen


def _reader():
    from app.components import resources

    return resources.event_reader("nogizaka")


def _lang(page: bytes) -> str:
    found = re.search(rb'<html lang="(\w+)">', page)
    assert found, page[:200]
    return found.group(1).decode()


def _langs(offered: dict[str, bytes]) -> dict[str, str]:
    """Each page offered (a zip's each page) -> the language it is made in."""
    out = {}
    for name, data in offered.items():
        if name.endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                out.update({f"{name}:{n}": _lang(z.read(n)) for n in z.namelist()})
        else:
            out[name] = _lang(data)
    return out


def _stored(folder: Path) -> tuple[str, str]:
    """The language a stored page says it is in (its report's ``page_lang``) and the one it is made in."""
    report = folder / ("report.json" if (folder / "report.json").is_file() else "event.json")
    return json.loads(report.read_text(encoding="utf-8"))["page_lang"], _lang((folder / "index.html").read_bytes())


def test_a_language_change_redraws_the_pages_downloaded_without_reading_photos(home, photos, offered):
    at = open_page("event_check", game="nogizaka", lang="en")
    _upload(at, photos["clean"])
    _check(at)
    out = _out(at)
    assert set(_langs(offered).values()) == {"en"}, _langs(offered)
    written = {p: p.read_bytes() for p in (out / "index.html", out / "table-01" / "index.html")}
    calls = _reader().calls
    offered.clear()
    at.session_state["lang"] = "ja"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    langs = _langs(offered)
    assert langs == {"table-01.html": "ja", "event.zip:event/index.html": "ja",
                     "event.zip:event/table-01/index.html": "ja"}, langs
    page = offered["table-01.html"].decode()
    assert '<p class="organisers" lang="ja">主催者用: ' in page
    assert '<span class="en" lang="en">For the organisers' in page
    assert '<p class="back"><a href="../index.html">' in page  # a page of the event's folder still
    assert "data:image/jpeg;base64," in page  # its crops and thumbnails, as written beside it
    assert _reader().calls == calls, "no photo read again: the pages drawn from the readings kept"
    # the stored pages are left as written, and say so
    assert {p: p.read_bytes() for p in written} == written
    assert _stored(out) == ("en", "en") and _stored(out / "table-01") == ("en", "en")
    # back in English: the pages as written, byte for byte
    offered.clear()
    at.session_state["lang"] = "en"
    at.run()
    assert offered["table-01.html"] == written[out / "table-01" / "index.html"]
    with zipfile.ZipFile(io.BytesIO(offered["event.zip"])) as z:
        assert z.read("event/index.html") == written[out / "index.html"]


def _phone(lang: str, monkeypatch):
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.selectbox(key="event").set_value("cup").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_two_phones_of_one_event_each_download_their_own_language(home, photos, offered, monkeypatch):
    open_event("cup", "nogizaka")
    english = _phone("en", monkeypatch)
    _upload(english, photos["clean"])
    _check(english)
    japanese = _phone("ja", monkeypatch)
    _upload(japanese, photos["surplus"])
    _check(japanese)
    out = runner.events_root() / "cup"
    tables = sorted(p.name for p in out.iterdir() if (p / "report.json").is_file())
    assert len(tables) == 2, tables
    # each stored page says the language it is made in (the last writer's of each)
    for folder in (out, *(out / t for t in tables)):
        said, made = _stored(folder)
        assert said == made, (folder, said, made)
    for at, lang in ((english, "en"), (japanese, "ja")):
        offered.clear()
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        langs = _langs(offered)
        assert [n for n in langs if n.endswith(".zip:cup/index.html")], langs
        assert set(langs.values()) == {lang}, (lang, langs)
        assert len([n for n in langs if ".zip:" in n]) == 3, langs  # the event's page and both tables'


def test_a_forged_page_is_not_drawn_again_in_another_language(home, photos, offered):
    at = open_page("event_check", game="nogizaka", lang="en")
    _upload(at, photos["clean"])
    _check(at)
    out = _out(at)
    page = out / "table-01" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("<body>", "<body><script>alert(1)</script>"),
                    encoding="utf-8")
    assert page_trusted(out / "table-01", "ja") is None and page_trusted(out / "table-01") is None
    offered.clear()
    at.session_state["lang"] = "ja"
    at.run()
    assert not [n for n in _langs(offered) if "table-01" in n], offered.keys()  # alone nor in the event's zip
