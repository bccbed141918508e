"""Session 50, the Event check page: each seat's tiles read are listed beside the photos, in order, numbered as the
thumbnails number them and named as ``tilelens read`` names them, in the screen's language (a tile misread with high
confidence is no finding: only this list shows it); a report folder whose nameless table's report.json was saved with
a byte-order mark is cleared by the next check, not taken for that table's report for ever."""
from __future__ import annotations

import codecs
import json

import pytest

from app_helpers import open_page, texts
from test_event_page import _check_clean_table, _event_report, clean_photos, support  # noqa: F401 - a fixture
from tilelens.event import CheckOptions, check_event

# session 52: no ids; session 53: one colon, not "**1番席 (親)**: 読んだ牌: ..."
SEAT1 = {"en": "**Seat 1 (dealer)**, tiles read: 1. Misa-senpai, 2. Sayurin, 3. Maimai",
         "ja": "**1番席 (親)\u2060**の牌: 1. みさ先輩、2. さゆりん、3. まいまい"}  # no space before の: a word joiner closes the bold


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_browsed_tables_seats_list_their_tiles_read_in_the_screens_language(home, tmp_path, lang):
    out = _event_report(tmp_path, ("t1",))
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    text = texts(at)
    assert SEAT1[lang] in text, text
    assert support.CLEAN["4"][-1] == "maimai"
    assert {"en": "8. Maimai", "ja": "8. まいまい"}[lang] in text  # every seat, every tile: seat 4's eighth too


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_checked_from_uploads_lists_its_tiles_read(home, clean_photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _check_clean_table(at, clean_photos)
    assert SEAT1[lang] in texts(at), texts(at)


def test_a_nameless_tables_report_saved_with_a_bom_is_cleared_by_the_next_check(home, tmp_path):
    """The page said "an older tilelens check ... check that table again" after the table was checked again."""
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    out = tmp_path / "report"
    out.mkdir()
    nameless = {"table": "", "game": "nogizaka", "verdict": "ok", "fingerprint": "x", "findings": [], "seats": []}
    (out / "report.json").write_bytes(codecs.BOM_UTF8 + json.dumps(nameless).encode())
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert "1 of 1 tables in order" in at.subheader[0].value
