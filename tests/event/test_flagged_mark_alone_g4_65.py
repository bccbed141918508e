"""A flagged tile's words where its confidence is not known (a report edited by hand): the mark alone, said by the
report's ``flagged_words`` for the event page too (``event_table_view.flagged_said``)."""
from tilelens.event.model import Severity
from tilelens.event.report import flagged_words


def test_the_mark_alone_without_a_confidence():
    assert flagged_words(Severity.REVIEW, None) == (" (to confirm)", " (要確認)")
    assert flagged_words(Severity.ERROR, None) == (" (error)", " (エラー)")
    assert flagged_words(Severity.NOTICE, None) is None and flagged_words(None, None) is None


def test_with_a_confidence_as_before():
    assert flagged_words(Severity.REVIEW, 0.4) == (" (to confirm, 0.40)", " (要確認、信頼度 0.40)")


def test_the_event_page_says_the_same(monkeypatch):
    from app.components import event_table_view

    monkeypatch.setattr(event_table_view, "lang", lambda: "en", raising=False)
    assert event_table_view.flagged_said({"confidence": "x"}, Severity.REVIEW) in (" (to confirm)", " (要確認)")
    assert event_table_view.flagged_said({"confidence": 0.64}, Severity.NOTICE) == ""
