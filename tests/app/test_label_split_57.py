"""Session 57: the Label page's parts moved to ``app/components/label_*.py``. Its tables of names (the names a
dataset gave its own kinds, a phone's photo names) were the page's globals, made anew on every run; in a module
they would be every visitor's at once, so they are kept in each visitor's session (``label_words.run_table``)."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _page(own: dict) -> None:
    import streamlit as st

    from app.components.label_words import OWN_NAMES_KEY, _name, new_run, run_table

    st.session_state["lang"] = "en"
    if own:  # this visitor's dataset names its own kind f3
        new_run()
        run_table(OWN_NAMES_KEY).update(own)
    st.markdown(f"named: {_name(None, 'f3')}")


def _said(own: dict) -> list[str]:
    at = AppTest.from_function(_page, kwargs={"own": own}).run()
    assert not at.exception, [e.value for e in at.exception]
    return [m.value for m in at.markdown]


def test_one_visitors_own_kind_names_are_not_anothers():
    assert _said({"f3": "Autumn"}) == ["named: Autumn (f3)"]
    assert _said({}) == ["named: f3"]  # another session, whose dataset names no kind f3


def test_a_new_run_of_the_page_starts_with_empty_tables():
    def page() -> None:
        import streamlit as st

        from app.components.label_words import OWN_NAMES_KEY, RUN_TABLES, new_run, run_table

        run_table(OWN_NAMES_KEY)["f3"] = "Autumn"
        new_run()
        st.markdown(f"tables: {[dict(run_table(key)) for key in RUN_TABLES]}")

    at = AppTest.from_function(page).run()
    assert [m.value for m in at.markdown] == ["tables: [{}, {}, {}]"]
