"""Session 49d, the Event check page: the table list's count columns say in words what they count (as the HTML
report heads them), and a report of a check stopped before any table was checked says so instead of an empty list
and an empty table choice."""
from __future__ import annotations

import json

import pytest

from app_helpers import open_page, texts


def _event(tmp_path, tables, unchecked=(), finished=True):
    out = tmp_path / "report"
    out.mkdir()
    event = {"tables": tables, "skipped": [], "unchecked": list(unchecked), "finished": finished, "game": "nogizaka"}
    if not finished:
        event["stopped"] = {"kind": "interrupted", "reason": "interrupted (Ctrl-C)", "reason_ja": "中断 (Ctrl-C)"}
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    return out


@pytest.mark.parametrize("lang, words", [("en", ("Errors", "Confirm", "Notes")),
                                         ("ja", ("エラー", "要確認", "参考"))])
def test_the_count_columns_are_headed_in_words(home, tmp_path, lang, words):
    out = _event(tmp_path, [{"table": "t1", "verdict": "fault", "counts": {"error": 2}, "findings": []}])
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    columns = list(at.dataframe[0].value.columns)
    for word in words:
        assert any(word in c for c in columns), columns


@pytest.mark.parametrize("lang, said", [("en", "No table was checked yet"), ("ja", "まだどの卓もチェックしていません")])
def test_a_check_stopped_before_any_table_says_so_not_an_empty_list(home, tmp_path, lang, said):
    out = _event(tmp_path, [], unchecked=["t1", "t2"], finished=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert said in texts(at)
    assert not at.dataframe and not [b for b in at.selectbox if b.key == "event_table"]
