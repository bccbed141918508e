"""The Event page's short surplus line names a face-up wall counted with the hands as the check's message does ("the
wall" / 残りの山), not as a seat ("Seats 1, wall")."""
import pytest
import streamlit as st

from app.components.event_table_view import surplus_line
from app.components.i18n import LANG_KEY
from tilelens.event.model import FindingKind

NAMES = {"1z": ("East", "東")}


@pytest.mark.parametrize("lang, per_seat, who", [("en", {"1": 2, "wall": 2}, "Seat 1 and the wall"),
                                                 ("en", {"1": 1, "2": 1, "wall": 2}, "Seats 1, 2 and the wall"),
                                                 ("en", {"wall": 5}, "The wall"),
                                                 ("ja", {"1": 2, "wall": 2}, "1番席、残りの山")])
def test_the_wall_is_named_as_the_wall(lang, per_seat, who):
    st.session_state[LANG_KEY] = lang  # the sidebar's choice (tests/app/conftest.py clears it after each test)
    finding = {"kind": FindingKind.SURPLUS, "tiles": [{"seat": s, "index": 0} for s in per_seat],
               "data": {"kind": "1z", "count": 4, "copies": 3, "per_seat": per_seat, "colourless": ["wall"]}}
    line, _ = surplus_line(finding, NAMES)
    assert who in line and "Seats 1, wall" not in line, line
    assert ("the wall" if lang == "en" else "残りの山") in line, line


@pytest.mark.parametrize("lang, where", [("en", "seat 1: tile 1; the wall: tile 1"), ("ja", "1番席の1枚目 / 残りの山の1枚目")])
def test_the_wall_is_never_grouped_with_a_seat_at_the_same_places(lang, where):
    st.session_state[LANG_KEY] = lang
    finding = {"kind": FindingKind.SURPLUS, "tiles": [{"seat": "1", "index": 0}, {"seat": "wall", "index": 0}],
               "data": {"kind": "1z", "count": 4, "copies": 3, "per_seat": {"1": 2, "wall": 2}}}
    _, caption = surplus_line(finding, NAMES)
    assert caption.startswith(where[0].upper() + where[1:]) and "残りの山番席" not in caption, caption
