"""Session 65: what two places of the app said or asked alike is said or asked once: the lines of a game added in the
app that nothing reads (the Score-by-photo and Event check pages' ``set_names.READER_STRINGS``), the words after a
tile a finding flags (the report's page and the event page: ``report.flagged_words``, ``report.SEVERITY_RANK``), and
whether a model reads a dataset's tiles (the Label page asks it once a run, and not at all with no photo to
pre-label)."""
from __future__ import annotations

import pytest

import label_phone_helpers as label_phone
from label_phone_helpers import OneTileReader as _Reader, cut_off_dataset as _cut_off, from_address

network = label_phone.network


# ---- a game nothing reads: one set of lines for both pages

def test_both_pages_say_it_from_one_table():
    from app.components import set_names
    from app.views import event_check, score_photo

    assert score_photo.reader_text is set_names.reader_text
    assert set(event_check.NO_READER) == {"teach_set_named", "choose_set_named"}  # after a check, the game named


# ---- a flagged tile's words: the report's page's, the event page's

def test_the_flagged_words_are_the_pages_in_both_languages():
    from tilelens.event.model import Severity
    from tilelens.event.report import flagged_words

    assert flagged_words(Severity.REVIEW, 0.4) == (" (to confirm, 0.40)", " (要確認、信頼度 0.40)")
    assert flagged_words(Severity.ERROR, 0.641) == (" (error, 0.64)", " (エラー、信頼度 0.64)")
    assert flagged_words(Severity.NOTICE, 0.4) is None and flagged_words(None, 0.4) is None


@pytest.mark.parametrize("lang, words", [("en", " (to confirm, 0.64)"), ("ja", " (要確認、信頼度 0.64)")])
def test_the_event_page_says_them_as_the_report_does(monkeypatch, lang, words):
    from app.components import event_table_view, i18n
    from tilelens.event.model import Severity

    monkeypatch.setattr(i18n, "lang", lambda: lang)
    monkeypatch.setattr(event_table_view, "lang", lambda: lang)
    assert event_table_view.flagged_said({"confidence": 0.64}, Severity.REVIEW) == words
    assert event_table_view.flagged_said({"confidence": 0.64}, Severity.NOTICE) == ""
    # a tile edited by hand in the report's JSON: the mark alone
    assert event_table_view.flagged_said({"confidence": "high"}, Severity.REVIEW) == (
        " (to confirm)" if lang == "en" else " (要確認)")


def test_the_worst_finding_marks_a_tile():
    from app.components.event_table_view import tile_marks
    from tilelens.event.model import Severity

    report = {"findings": [{"severity": "review", "tiles": [{"seat": 1, "index": 0}, {"seat": 1, "index": 2}]},
                           {"severity": "error", "tiles": [{"seat": 1, "index": 0}]},
                           {"severity": "notice", "tiles": [{"seat": 1, "index": 2}]},
                           {"severity": "bogus", "tiles": [{"seat": 2, "index": 0}]}, "not a finding"]}
    assert tile_marks(report) == {("1", 0): Severity.ERROR, ("1", 2): Severity.REVIEW}


# ---- the Label page: whether a model reads the dataset, asked once

def _counted(monkeypatch) -> list:
    from app.components import label_datasets

    calls, reads = [], label_datasets._reads_dataset

    def counted(config):
        calls.append(config)
        return reads(config)

    monkeypatch.setattr(label_datasets, "_reads_dataset", counted)
    return calls


def test_photos_to_pre_label_ask_it_once(network, monkeypatch):
    from app.components import resources

    _cut_off()
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    calls = _counted(monkeypatch)
    at = from_address("en", dataset="club")
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="label_prelabel_left")  # offered still
    assert len(calls) == 1


def test_no_photo_to_pre_label_asks_nothing(network, monkeypatch):
    _cut_off(left=0)
    calls = _counted(monkeypatch)
    at = from_address("en", dataset="club")
    assert not at.exception, [e.value for e in at.exception]
    assert not [b for b in at.button if b.key == "label_prelabel_left"]
    assert calls == []
