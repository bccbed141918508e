"""Session 58, S2 (RV2-2): a phone that never chose a match is told another is under way and its Undo waits; the page
wrote the match it took as the newest into the address, and after a reload (a new session on that address) it read it
as the phone's choice: nothing was said, Undo was ready, and one tap undid the other table's hand. A real choice still
survives a reload."""
import pytest
from streamlit.testing.v1 import AppTest

from app_helpers import MAIN, texts, type_hand
from tilelens.ledger import Ledger

YOKAI = " ".join(["yokai-05"] * 3 + ["yokai-06"] * 3 + ["yokai-07"] * 3)
TOLD = {"en": "No match was chosen", "ja": "この端末では対局を選んでいない"}


def _two_tables(home):
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    second = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    ledger.add_win(first, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    ledger.add_win(second, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    return ledger, first, second


def _reloaded(at, page_name, lang="en"):
    """A reload of ``at``: a new session on the same address."""
    again = AppTest.from_file(str(MAIN), default_timeout=60)
    again.query_params.update({k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()})
    again.run()
    again.session_state["lang"] = lang
    again.switch_page(f"views/{page_name}.py").run()
    if again.selectbox(key="game_id").value != "yokai-watch":
        again.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not again.exception, [e.value for e in again.exception]
    return again


def _undo(at):
    return next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))


def _told(at, lang="en"):
    return [i.value for i in at.info if TOLD[lang] in i.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_reload_of_the_ledger_page_still_tells_and_undo_still_waits(home, page, lang):
    ledger, first, second = _two_tables(home)
    at = page("ledger", "yokai-watch", lang=lang)
    assert _told(at, lang) and _undo(at).disabled
    again = _reloaded(at, "ledger", lang)
    assert again.selectbox(key="ledger_match_yokai-watch").value.id == second
    assert _told(again, lang), texts(again)
    assert _undo(again).disabled
    assert len(ledger.hands(first)) == 1 and len(ledger.hands(second)) == 1


def test_a_reload_of_the_score_page_still_names_the_other_match(home, page):
    ledger, first, second = _two_tables(home)
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI)
    assert _told(at), texts(at)
    again = type_hand(_reloaded(at, "score_manual"), YOKAI)
    assert _told(again), texts(again)
    assert f"manual_switch_match_{first}" in {b.key for b in again.button}


def test_a_match_kept_on_the_ledger_page_survives_a_reload(home, page):
    ledger, first, second = _two_tables(home)
    at = page("ledger", "yokai-watch")
    at.button(key="ledger_keep_match").click().run()
    assert not _told(at) and not _undo(at).disabled
    again = _reloaded(at, "ledger")
    assert again.selectbox(key="ledger_match_yokai-watch").value.id == second
    assert not _told(again) and not _undo(again).disabled


def test_a_match_switched_to_survives_a_reload_of_either_page(home, page):
    ledger, first, second = _two_tables(home)
    at = page("ledger", "yokai-watch")
    at.button(key=f"ledger_switch_match_{first}").click().run()
    again = _reloaded(at, "ledger")
    assert again.selectbox(key="ledger_match_yokai-watch").value.id == first
    assert not _told(again) and not _undo(again).disabled
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI)
    at.button(key=f"manual_switch_match_{first}").click().run()
    again = type_hand(_reloaded(at, "score_manual"), YOKAI)
    assert not _told(again) and "Adds to match #1 · Ann" in texts(again), texts(again)
    at = type_hand(page("score_manual", "yokai-watch"), YOKAI)
    at.button(key="manual_keep_match").click().run()
    again = type_hand(_reloaded(at, "score_manual"), YOKAI)
    assert not _told(again) and "Adds to match #2 · Eve" in texts(again), texts(again)


def test_a_match_picked_in_the_box_survives_a_reload(home, page):
    ledger, first, second = _two_tables(home)
    at = page("ledger", "yokai-watch")
    at.selectbox(key="ledger_match_yokai-watch").select_index(1).run()  # #1
    again = _reloaded(at, "ledger")
    assert again.selectbox(key="ledger_match_yokai-watch").value.id == first
    assert not _told(again) and not _undo(again).disabled
