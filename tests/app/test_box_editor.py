"""The photo editor's edits reach the page each until it has applied it (the browser side is in
test_label_browser.py)."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.box_editor import KEEP_APPLIED, unapplied


@pytest.fixture(autouse=True)
def clean_state():
    st.session_state.clear()
    yield
    st.session_state.clear()


def _nonces(edits):
    return [e["nonce"] for e in edits]


def test_an_edit_whose_run_stopped_half_way_comes_again_and_an_applied_one_does_not():
    edits = [{"nonce": f"x-{i}"} for i in (1, 2, 3)]
    taken = []
    for edit in unapplied("ed", edits):
        taken.append(edit["nonce"])
        if edit["nonce"] == "x-2":
            break  # the run is stopped while applying x-2
    assert taken == ["x-1", "x-2"]
    assert _nonces(unapplied("ed", edits)) == ["x-2", "x-3"]
    assert _nonces(unapplied("ed", edits)) == []  # all applied now
    assert _nonces(unapplied("other", edits)) == ["x-1", "x-2", "x-3"]  # each editor keeps its own


def test_only_the_latest_nonces_are_remembered():
    edits = [{"nonce": f"y-{i}"} for i in range(KEEP_APPLIED + 5)]
    assert len(list(unapplied("ed", edits))) == KEEP_APPLIED + 5
    assert _nonces(unapplied("ed", edits[-KEEP_APPLIED:])) == []
    assert _nonces(unapplied("ed", edits[:5])) == [f"y-{i}" for i in range(5)]  # the oldest are forgotten


def test_edits_waiting_tells_a_callback_that_a_gesture_is_not_applied_yet():
    from app.components.box_editor import edits_waiting

    assert not edits_waiting("ed")  # no editor drawn yet
    edits = [{"op": "select", "index": 1, "nonce": "z-1"}]
    st.session_state["ed"] = {"edits": edits}
    assert edits_waiting("ed")
    list(unapplied("ed", edits))
    assert not edits_waiting("ed")  # applied: the state value still holds it until the next gesture
