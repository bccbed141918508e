"""Session 67: a choice among many numbers brings up no phone keyboard.

Streamlit 1.67 makes a drop-down's text box read-only on a phone only when it offers 10 choices or fewer
(``readOnly = isMobile() && options.length <= 10``): a tap on a longer one brought up the keyboard over its list.
Where typing finds nothing a tap would not (a threshold, a count of minutes) the choice is a row of pills: the
Event page's minimum confidence (21 thresholds) and the Teach panel's training minutes (1-15). Their key, value,
default, label and help are those of the drop-downs they replace; a second tap on the chosen pill keeps it
(``required``), so the value is never None. The drop-downs kept (an idol, a dataset, a match, a table, a tile set)
are named things that typing helps to find.
"""
from __future__ import annotations

import pytest
from app_helpers import label_page_dataset, open_page, texts

from app.components.event_words import S as EVENT_WORDS
from app.views.event_check import THRESHOLDS
from tilelens.event.rules import DEFAULT_MIN_CONFIDENCE
from tilelens.labelling import set_done, teach

MOBILE_READONLY_MOST = 10  # Streamlit's rule: more options than this and a phone's keyboard comes up


def _numeric(option: str) -> bool:
    try:
        float(option)
    except ValueError:
        return False
    return True


def _long_number_boxes(at) -> list[str]:
    return [b.key for b in at.selectbox if len(b.options) > MOBILE_READONLY_MOST and all(map(_numeric, b.options))]


# ---------------------------------------------------------------- the Event page's minimum confidence

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_confidence_threshold_is_pills_of_every_threshold_at_the_default(home, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert not [b for b in at.selectbox if b.key == "event_min_conf"]
    assert _long_number_boxes(at) == []
    field = at.pills(key="event_min_conf")
    assert field.label == EVENT_WORDS["min_conf"][lang == "en"], field.label
    assert field.options == [f"{x:.2f}" for x in THRESHOLDS] and len(field.options) > MOBILE_READONLY_MOST
    assert field.value == pytest.approx(DEFAULT_MIN_CONFIDENCE)
    assert field.proto.required  # a second tap on the chosen one keeps it: never None
    assert field.help == EVENT_WORDS["min_conf_help"][lang == "en"].format(default="0.80")


def test_a_threshold_tapped_is_kept_as_a_number(home):
    at = open_page("event_check", game="nogizaka")
    at.pills(key="event_min_conf").set_value(0.95).run()
    assert not at.exception
    assert at.pills(key="event_min_conf").value == pytest.approx(0.95)
    assert at.session_state["event_min_conf"] == pytest.approx(0.95)


# ---------------------------------------------------------------- the Teach panel's training minutes

@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_page_dataset(tmp_path, monkeypatch)
    for photo in ("images/train/a.jpg", "images/train/b.jpg"):
        set_done(root, photo)
    monkeypatch.setattr(teach, "can_train", lambda: True)
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_training_minutes_are_pills_of_1_to_15_at_5(dataset, lang):
    at = open_page("label", lang=lang)
    assert not [b for b in at.selectbox if b.key == "teach_minutes"]
    assert _long_number_boxes(at) == []
    field = at.pills(key="teach_minutes")
    assert field.label == ("学習時間 (分)" if lang == "ja" else "Training time (minutes)")
    assert [int(o) for o in field.options] == list(range(1, 16))
    assert field.value == 5 and field.proto.required


def test_the_minutes_tapped_are_said_and_kept_through_a_job(dataset, monkeypatch):
    import time

    at = open_page("label", lang="en")
    at.pills(key="teach_minutes").set_value(9).run()
    assert "training (9 min)" in texts(at), texts(at)
    real = teach.status
    monkeypatch.setattr(teach, "status", lambda root: teach.TeachJob(
        "mine", "running", "orientation", 0.5, time.time(), 9, 2, "", teach.job_dir(root)))
    at.run()  # the form is not drawn while a job runs: Streamlit forgets its widgets
    assert not [p for p in at.pills if p.key == "teach_minutes"]
    monkeypatch.setattr(teach, "status", real)
    at.run()
    assert not at.exception
    assert at.pills(key="teach_minutes").value == 9  # the stored choice (``kept["minutes"]``)
