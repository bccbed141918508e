"""The Event page's short surplus line names the set's red copies of a plain five beside it, as the report does
(``rules.surplus_findings`` keeps them in ``data["red"]``): a player counts a plain five and its red one alike."""
import pytest
import streamlit as st

from app.components.event_table_view import surplus_line
from app.components.i18n import LANG_KEY
from tilelens.event.model import FindingKind

NAMES = {"5m": ("5 Man", "五萬"), "0m": ("Red 5 Man", "赤五萬"), "1z": ("East", "東")}  # (English, Japanese)


def _finding(**data):
    return {"kind": FindingKind.SURPLUS, "tiles": [{"seat": "1", "index": 1}, {"seat": "2", "index": 3}],
            "data": {"count": 4, "copies": 3, "per_seat": {"1": 2, "2": 2}, **data}}


@pytest.mark.parametrize("lang, words", [("en", "read 4 times, but the set has 3 (and 1 Red 5 Man): "),
                                         ("ja", "を4枚読みましたが、セットには3枚しかありません (ほかに赤五萬が1枚あります)。")])
def test_a_plain_fives_surplus_names_the_red_five(monkeypatch, lang, words):
    st.session_state[LANG_KEY] = lang  # the sidebar's choice (tests/app/conftest.py clears it after each test)
    line, _ = surplus_line(_finding(kind="5m", red={"kind": "0m", "copies": 1}), NAMES)
    assert words in line, line


@pytest.mark.parametrize("lang, words", [("en", "read 4 times, but the set has 3: "),
                                         ("ja", "を4枚読みましたが、セットには3枚しかありません。")])
def test_a_tile_with_no_red_copy_is_said_as_before(monkeypatch, lang, words):
    st.session_state[LANG_KEY] = lang  # the sidebar's choice (tests/app/conftest.py clears it after each test)
    line, _ = surplus_line(_finding(kind="1z"), NAMES)
    assert words in line and "(" not in line.split("**")[-1], line
