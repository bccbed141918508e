"""Session 53, an accessibility walkthrough of the Event check page: a finding's tile crops and the seats' photos were
pictures without a text (a screen reader said "image" for each, the captions "1-1", "1-2" saying nothing of the
tile), and each had Streamlit's Fullscreen button, drawn at opacity 0 yet a Tab stop: each picture now has a text in
the screen's language ("Seat 1, tile 3: Kotoko", 「1番席 3枚目: 琴子」; "Photo of Seat 1 (dealer)"), and no toolbar;
so has each upload's preview under its uploader ("Photo of Seat 2: seat2.png")."""
from __future__ import annotations

import re

import pytest

from app_helpers import open_page
import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload
from app.components.tiles import no_toolbars_css

_RULE = re.compile(re.escape(no_toolbars_css("KEY")).replace("KEY", "([^\"]+)"))


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def _pictures(node, keys=()):
    """(the keys of the containers around it, its alt) of every picture under ``node``."""
    if node.type == "image":
        yield from ((keys, img.alt) for img in node.proto.imgs)
        return
    key = getattr(node, "key", None)
    for child in (getattr(node, "children", None) or {}).values():
        yield from _pictures(child, (*keys, key) if key else keys)


def _toolbar_free(at) -> list[str]:
    """The key prefixes whose containers have their picture toolbars hidden by the page's stylesheets."""
    return [key for html in at.get("html") for key in _RULE.findall(html.proto.body)]


@pytest.mark.parametrize("lang, crop, photo, preview", [
    ("en", "Seat 1, tile 1: Kotoko", "Photo of Seat 1 (dealer)", "Photo of Seat 2: seat2.png"),
    ("ja", "1番席 1枚目: 琴子", "1番席 (親)の写真", "2番席の写真: seat2.png")])
def test_each_picture_of_a_tables_report_has_a_text_and_no_toolbar(home, photos, lang, crop, photo, preview):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])  # kotoko read 9 times: its tiles' crops shown with the finding
    _check(at)
    pictures = list(_pictures(at._tree))
    alts = [alt for _, alt in pictures]
    assert crop in alts and photo in alts and preview in alts, alts  # a crop, a photo checked, an upload's preview
    assert len(pictures) > 8 and all(alts), alts  # every crop and photo has its text
    hidden = _toolbar_free(at)
    assert [alt for keys, alt in pictures if not any(k.startswith(p) for k in keys for p in hidden)] == []
