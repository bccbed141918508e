"""Session 57: the event check page split into modules a reader can hold (``app/views/event_check.py`` keeps the
page's flow; its words in ``app/components/event_words.py``, a table's report in ``event_table_view.py``, an event's
in ``event_report_view.py``), and the word tests that scanned the page's source scanning its words where they are."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app" / "views" / "event_check.py"
PARTS = sorted((ROOT / "app" / "components").glob("event_*.py"))


def _assigned(path: Path) -> set[str]:
    return {t.id for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name)}


def test_the_page_and_its_parts_are_modules_a_reader_can_hold():
    assert len(PARTS) >= 2, PARTS
    lines = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in [PAGE, *PARTS]}
    assert all(n <= 900 for n in lines.values()), lines


def test_the_pages_words_are_kept_once_outside_the_page():
    assert "S" not in _assigned(PAGE)
    assert [p.name for p in PARTS if "S" in _assigned(p)] == ["event_words.py"]


def test_the_names_taken_from_the_page_are_the_parts_own():
    from app.components import event_report_view, event_table_view, event_words
    from app.views import event_check

    assert event_check.S is event_words.S and event_check.s is event_words.s
    assert event_check.read_report is event_table_view.read_report
    assert event_check.draw_event is event_report_view.draw_event


def test_the_word_scans_of_the_page_read_its_parts_too():
    from test_a11y_rewalk_event_53 import EVENT_SOURCES

    sources = (ROOT / "tests" / "test_japanese_counters_49.py").read_text(encoding="utf-8")
    handover = (ROOT / "tests" / "app" / "test_app_handover_rules_54.py").read_text(encoding="utf-8")
    for part in PARTS:
        assert part in EVENT_SOURCES
        assert f'"app/components/{part.name}"' in sources and f'"app/components/{part.name}"' in handover
