"""The Label page's "Add a box" and its own-kinds picker. "Add a box" worked out its place from the last box alone:
where that place held a box already (pressed again after a box at the photo's right edge, or beside a close-up tile
wider than the room left of it) it added none and selected the old box without a word. The picker of a set's own kinds
(a Hong Kong set's flowers) showed bare ids "f1".."f8", their names only in a tooltip a phone never shows. And a box
list drawn for the box selected before took a picture picked for the box clicked since."""
from __future__ import annotations

from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app.components import box_editor as editor
from app.components import label_panels
from app.components.common import ZWSP
from app.components.label_nav import SEL_KEY
from label_phone_helpers import from_address
from tilelens.labelling import Box, editing
from tilelens.labelling.kinds import add_kinds

laptop = label_phone.laptop
WH = (400, 300)


def _press(boxes: tuple[Box, ...], times: int) -> tuple[Box, ...]:
    """"Add a box" pressed ``times`` times, as the page places and adds the box."""
    for _ in range(times):
        place = label_panels.new_box_place([b.xyxyn for b in boxes], WH)
        assert place is not None and editing.find_box(boxes, place) is None, (place, boxes)
        boxes = editing.add_box(boxes, Box(boxes[-1].kind, place))
    return boxes


@pytest.mark.parametrize("first", [(0.85, 0.2, 0.95, 0.4), (0.3, 0.1, 0.7, 0.9), (0.05, 0.3, 0.15, 0.5)],
                         ids=["at-the-right-edge", "a-close-up-tile-wider-than-either-side", "at-the-left-edge"])
def test_each_press_adds_a_box_where_no_box_is(first):
    boxes = _press((Box("1m", first),), 6)
    assert len(boxes) == 7
    for box in boxes:
        x1, y1, x2, y2 = box.xyxyn
        assert 0 <= x1 < x2 <= 1 and 0 <= y1 < y2 <= 1, box
        assert x2 - x1 == pytest.approx(first[2] - first[0]) and y2 - y1 == pytest.approx(first[3] - first[1])


def test_beside_the_last_box_while_there_is_room():
    # as before: just right of the last box, a tenth of its width apart, else left of it
    assert label_panels.new_box_place([(0.1, 0.2, 0.2, 0.4)], WH) == (0.21, 0.2, 0.31, 0.4)
    assert label_panels.new_box_place([(0.85, 0.2, 0.95, 0.4)], WH) == (0.74, 0.2, 0.84, 0.4)
    # the place right of the last box taken: left of it
    taken = [(0.74, 0.2, 0.84, 0.4), (0.63, 0.2, 0.73, 0.4)]
    assert label_panels.new_box_place([taken[0], (0.85, 0.2, 0.95, 0.4), taken[1]], WH) == (0.52, 0.2, 0.62, 0.4)


def test_no_place_where_a_box_fills_the_photo():
    assert label_panels.new_box_place([(0.0, 0.0, 1.0, 1.0)], WH) is None


def _lines(root: Path) -> list[list[float]]:
    return [[float(v) for v in line.split()] for line in (root / "labels/train/a.txt").read_text().splitlines()]


def _said(at) -> str:
    return "\n".join(m.value for m in [*at.warning, *at.error, *at.info, *at.success])


def test_the_button_pressed_twice_after_a_tile_at_the_right_edge_adds_two_boxes(laptop, monkeypatch):
    root = label_phone.dataset()
    (root / "labels/train/a.txt").write_text("0 0.2 0.3 0.2 0.4\n1 0.9 0.3 0.1 0.4\n")  # 2m at 0.85-0.95
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    for n in (3, 4):
        at.button(key="label_add_box").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert len(_lines(root)) == n and at.session_state[SEL_KEY] == n - 1
    assert [round(line[1], 4) for line in _lines(root)] == [0.2, 0.9, 0.79, 0.68]  # left of the last each time
    assert "No box was added" not in _said(at)


@pytest.mark.parametrize("lang, words", [("en", "No box was added"), ("ja", "枠を追加できませんでした")])
def test_no_place_left_is_said_and_no_box_selected(laptop, monkeypatch, lang, words):
    root = label_phone.dataset()
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 1.0 1.0\n")  # a box over the whole photo
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address(lang, dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_add_box").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert words in _said(at), _said(at)
    assert len(_lines(root)) == 1 and at.session_state[SEL_KEY] is None  # the old box was selected, unsaid


# ---- the dataset's own kinds: named on their buttons ----------------------------------------------------------------
@pytest.mark.parametrize("lang, label, tip", [("en", "Autumn (f3)", "Autumn"), ("ja", "秋", "秋")])
def test_a_sets_own_kinds_are_named_on_their_buttons(laptop, monkeypatch, lang, label, tip):
    root = label_phone.dataset()
    add_kinds(root, {"f3": "Autumn" if lang == "en" else "秋", "f9": ""})  # f9 given no name: its id
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address(lang, dataset="club-photos", photo="images/train/a.jpg")
    at.session_state[SEL_KEY] = 0
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    button = at.button(key="label_pick_f3")
    assert button.label.replace(ZWSP, "") == label and button.help == tip
    assert at.button(key="label_pick_f9").label == "f9"
    button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert int(_lines(root)[0][0]) == 4  # f3: after the dataset's four kinds


# ---- a picture picked just after a box was clicked on the photo ----------------------------------------------------
LIST_KEY = "label_box_pick_a.jpg_2_14_1"  # the box list as drawn with box 3 selected


@pytest.fixture
def bare_state():
    import streamlit as st

    yield st.session_state
    for key in (SEL_KEY, LIST_KEY):
        if key in st.session_state:
            del st.session_state[key]


def test_a_box_list_sending_back_the_box_it_was_drawn_with_selects_nothing(bare_state):
    """On a busy laptop, box 6 clicked on the photo and a picture picked for it at once: the box list drawn while box
    3 was selected (hidden on a laptop) was still in the browser when the pick's run began, and sent box 3 back. Taken
    for a pick from the list it selected box 3 again, and the picture picked for box 6 was dropped (in a browser: 3 of
    12 picks)."""
    bare_state[SEL_KEY] = 5  # box 6, clicked on the photo since the list was drawn
    bare_state[LIST_KEY] = 2
    label_panels._pick_box(LIST_KEY, 2)
    assert bare_state[SEL_KEY] == 5
    bare_state[LIST_KEY] = 3  # a box picked from the list (a phone's way): selected
    label_panels._pick_box(LIST_KEY, 2)
    assert bare_state[SEL_KEY] == 3
