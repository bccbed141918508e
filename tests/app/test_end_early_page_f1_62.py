"""Session 62 (F1): the ledger page's "End this match now" (``ledger_view.end_match_panel``: a tick, then the button),
a match ended early as the page shows it (its end an entry of the hands table, "The match has ended: ended early after
hand 3"), Undo bringing it back, and what a match keeps of the house table it started with
(``ledger_view.kept_tables_said``).

Seats: 0 = Ann, 1 = Bo, 2 = Cy."""
from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import texts
from streamlit.testing.v1 import AppTest

from tilelens.ledger import Ledger, rules_for

GAME = "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy"]


def three_hands(home):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 100})
    ledger.add_draw(m)
    ledger.add_draw(m)
    return ledger, m


def _panel(match_id: int) -> None:
    from app.components import ledger_view, resources

    ledger = resources.ledger()
    match = ledger.match(match_id)
    state, hands = ledger.table(match)
    ledger_view.end_match_panel(match, state, hands)
    if state.ended:
        import streamlit as st

        st.dataframe(ledger_view.hands_table(match, hands, state), key="ended_hands")
        st.caption(ledger_view.hand_said(match, hands[-1]))
    import streamlit as st

    from app.components.i18n import lang, t

    if error := st.session_state.pop("ledger_error", None):
        st.error(error)
    st.caption(t("ended", why=state.end_reason_ja if lang() == "ja" else state.end_reason)
               if state.ended else "under way")


def _open(m, lang="en"):
    at = AppTest.from_function(_panel, args=(m,), default_timeout=60)
    at.session_state["lang"] = lang
    return at.run()


@pytest.mark.parametrize("lang, tick, button, ended, entry", [
    ("en", "Yes, end match #1 now, after hand 3", "End the match", "The match has ended: ended early after hand 3",
     "Match ended here"),
    ("ja", "対局 #1を3局で終了する", "対局を終了", "対局終了: 3局で終了", "ここで対局を終了")])
def test_the_page_ends_a_match_after_a_tick(home, lang, tick, button, ended, entry):
    ledger, m = three_hands(home)
    at = _open(m, lang)
    assert not at.exception, [e.value for e in at.exception]
    (box,) = [c for c in at.checkbox if c.key == f"ledger_end_sure_{m}"]
    assert box.label.startswith(tick), box.label
    (end,) = [b for b in at.button if (b.key or "").startswith("ledger_end_")]
    assert end.label == button and end.disabled  # a tick first
    box.check().run()
    (end,) = [b for b in at.button if (b.key or "").startswith("ledger_end_")]
    assert not end.disabled
    end.click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert ledger.state(m).ended_early
    assert ended in texts(at) and entry in texts(at)
    assert not [b for b in at.button if (b.key or "").startswith("ledger_end_")]  # ended: no button
    table = at.dataframe[0].value
    assert table.iloc[-1].tolist()[1:3] == [entry, ended.split(": ")[-1]], table.iloc[-1].tolist()


def test_a_tap_on_a_stale_panel_is_refused_in_words(home):
    ledger, m = three_hands(home)
    at = _open(m)
    [c for c in at.checkbox if c.key == f"ledger_end_sure_{m}"][0].check().run()
    ledger.add_draw(m)  # another phone recorded a hand meanwhile: the button is of the table before it
    [b for b in at.button if (b.key or "").startswith("ledger_end_")][0].click().run()
    assert not at.exception and not ledger.state(m).ended
    assert "changed" in " ".join(e.value for e in at.error), [e.value for e in at.error]


def test_the_ledger_page_shows_a_match_ended_early_and_undo_brings_it_back(home, page):
    ledger, m = three_hands(home)
    ledger.end_match(m)
    at = page("ledger", GAME)
    assert not at.exception, [e.value for e in at.exception]
    said = texts(at)
    assert "The match has ended: ended early after hand 3" in said, said
    assert not [f for f in at.button if (f.key or "").startswith("FormSubmitter:ledger_draw_")]  # no hand taken
    (undo,) = [b for b in at.button if (b.key or "").startswith("ledger_undo_")]
    undo.click().run()
    assert not at.exception and not ledger.state(m).ended
    assert "Undid the end of the match (entry 4): it goes on." in texts(at), texts(at)


@pytest.mark.parametrize("lang, said", [("en", "#1 keeps the table it started with: noten_total = 1000"),
                                        ("ja", "#1は始めたときの表のままです: noten_total = 1000")])
def test_a_match_is_said_to_keep_the_house_table_it_started_with(home, lang, said):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"], replace(rules_for("tokyo-mahjong"), noten_total=1000))
    ledger.new_match("tokyo-mahjong", ["E", "F", "G", "H"])

    def kept() -> None:
        import streamlit as st

        from app.components import ledger_view, resources
        from app.components.i18n import t

        st.info(t("house_unreadable_matches"))
        for line in ledger_view.kept_tables_said(resources.ledger().matches()):
            st.caption(line)

    at = AppTest.from_function(kept, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    assert [c.value for c in at.caption] == [said]
    assert ("keeps the table it started with" if lang == "en" else "始めたときの表のまま") in at.info[0].value
