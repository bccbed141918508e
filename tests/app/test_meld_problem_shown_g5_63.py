"""The app names a meld that is none as the player typed it ("Not counted as a meld: 'pon 5z5z': ..."), in the
screen's language, by giving the scorer the typed text (``parse_meld``'s ``shown``)."""
from __future__ import annotations

import pytest
import streamlit as st


@pytest.mark.parametrize("lang, said", [("en", "'pon 5z5z': a pon has 3 tiles, got 2"),
                                        ("ja", "「pon 5z5z」: ポンは 3枚です (2枚あります)")])
def test_the_app_says_a_meld_that_is_none_as_typed(lang, said):
    from app.components.i18n import LANG_KEY
    from app.components.options import meld_problem

    st.session_state[LANG_KEY] = lang
    try:
        assert meld_problem("pon:5z5z", "pon 5z5z") == said
        assert meld_problem("pon:5z5z").endswith(said.partition(": ")[2])
        assert meld_problem("pon:555z", "pon 555z") == ""
    finally:
        del st.session_state[LANG_KEY]
