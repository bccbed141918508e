"""Session 66 (F4): the event page's line of tables to look at names its tables with commas between them in English
("Not in order (2): table-01, table-02."), as the Japanese line puts 、 between them, links and plain words alike."""
from __future__ import annotations

import re

import pytest

from tilelens.event.report import _attention_html

TABLES = [{"table": "table-01", "verdict": "fault"}, {"table": "table-02", "verdict": "fault"},
          {"table": "table-03", "verdict": "ok"}]


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tables_to_look_at_are_listed_with_commas(lang):
    text = _text(_attention_html(TABLES, lang))
    assert "Not in order (2): table-01, table-02." in text, text
    assert "問題あり (2卓): table-01、table-02。" in text, text
    assert "table-01 table-02" not in text, text
