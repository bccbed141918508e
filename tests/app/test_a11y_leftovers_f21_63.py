"""Session 63 (F21): two accessibility leftovers. The Label page's box editor named its photo to a screen reader
by its file path (``img.alt = data.photo``): it now says, in the page's language, which photo it is and how many
boxes are drawn on it. The Event page's confidence threshold had no help: it now says what it does, in both
languages."""
from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
import streamlit as st
from app_helpers import open_page
from PIL import Image

from app.components import box_editor as editor
from app.components.event_words import S as EVENT_WORDS

B1, B2 = (0.1, 0.1, 0.2, 0.3), (0.3, 0.1, 0.4, 0.3)


@pytest.fixture
def photo(tmp_path):
    st.session_state.clear()
    path = tmp_path / "a.jpg"
    Image.new("RGB", (160, 120), (40, 120, 90)).save(path)
    yield path
    st.session_state.clear()


def _data_sent(monkeypatch, photo, lang, **kw):
    """The data ``box_editor`` hands the browser's editor, the page in ``lang``."""
    sent = {}
    monkeypatch.setattr(editor, "_component", lambda **k: sent.update(k["data"]) or {"edits": []})
    st.session_state["lang"] = lang
    editor.box_editor(photo, "images/train/a.jpg", [B1, B2], ["1m", "2m"], ["1 Man", "2 Man"], None, key="ed", **kw)
    return sent


def test_the_editor_is_sent_words_for_its_photo_in_english(photo, monkeypatch):
    alt = _data_sent(monkeypatch, photo, "en", where="Photo 12/150")["alt"]
    assert alt == {"none": "Photo 12/150 (a.jpg): no boxes drawn yet", "one": "Photo 12/150 (a.jpg): 1 box drawn",
                   "many": "Photo 12/150 (a.jpg): {n} boxes drawn"}


def test_the_editor_is_sent_words_for_its_photo_in_japanese(photo, monkeypatch):
    alt = _data_sent(monkeypatch, photo, "ja", where="写真 12/150")["alt"]
    assert alt == {"none": "写真 12/150 (a.jpg)。枠はまだありません", "one": "写真 12/150 (a.jpg)。枠1個",
                   "many": "写真 12/150 (a.jpg)。枠{n}個"}


@pytest.mark.parametrize("lang, start", [("en", "Photo a.jpg: "), ("ja", "写真 a.jpg。")])
def test_without_its_place_the_photo_is_named_by_its_file_not_its_path(photo, monkeypatch, lang, start):
    alt = _data_sent(monkeypatch, photo, lang)["alt"]
    assert all(words.startswith(start) for words in alt.values()), alt
    assert not any("images/train" in words for words in alt.values()), alt


def test_the_photo_is_not_named_by_its_path_in_the_browser():
    js = editor._JS
    assert "img.alt = data.photo" not in js
    assert "img.alt = photoAlt(data.alt, boxes.length);" in js  # the boxes shown, the unsaved edits laid over


node = pytest.mark.skipif(shutil.which("node") is None, reason="runs the editor's JavaScript in node")


@node
def test_the_words_follow_the_number_of_boxes_shown():
    (function,) = re.findall(r"^function photoAlt\(.*?^}\n", editor._JS, re.S | re.M)
    words = {"none": "P: none", "one": "P: 1 box", "many": "P: {n} boxes"}
    script = function + f"const w = {json.dumps(words)};\n" \
        "console.log(JSON.stringify([0, 1, 9].map((n) => photoAlt(w, n)).concat([photoAlt(undefined, 3)])));"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["P: none", "P: 1 box", "P: 9 boxes", ""]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_confidence_threshold_says_what_it_does(home, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    (field,) = [w for w in at.pills if w.key == "event_min_conf"]
    assert field.help == EVENT_WORDS["min_conf_help"][lang == "en"].format(default="0.80")
    said = field.help
    if lang == "en":
        assert "0.80" in said and "confirm" in said and "Lower" in said and "misread" in said, said
    else:
        assert "0.80" in said and "確認" in said and "下げる" in said and "読み違い" in said, said
        assert "自信" not in said and " は" not in said and " を" not in said, said
