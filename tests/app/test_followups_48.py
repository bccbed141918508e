"""App follow-ups (48) of the scorer's and the ledger's changes: a dead wait (every copy in view) marked "none left"
without a value to win; renhou and chankan offered one at a time; the ura-dora picker held to the dora indicators'
count; the ledger page's hands table says each note as the CSV does (from the replay); a hand edited by hand that
only the CSV trips on is one message, not a traceback; ``app.settings.ledger_path`` is the ledger's default path."""
from __future__ import annotations

import csv
import io
import sqlite3

import pytest
from streamlit.testing.v1 import AppTest

from app_helpers import type_hand as typed
from tilelens.ledger import Ledger

# --- a dead wait: every copy in view ----------------------------------------------------------------------------

# 1m (two left) and 5z, whose other two copies are turned over as dora indicators: no 5z is left to win on
DEAD_HAND = "234m456p678s11m55z"


def _wait_rows(at) -> list[str]:
    return [str(m.value) for m in at.markdown if " — " in str(m.value)]


@pytest.mark.parametrize("lang, dead_name, live_name, none_left, ron", [
    ("en", "White dragon", "1 Man", "none left", "Ron"), ("ja", "白", "一萬", "残りなし", "ロン")])
def test_a_dead_wait_is_marked_none_left_without_a_value_to_win(home, page, lang, dead_name, live_name, none_left,
                                                                ron):
    # the waits list showed 5z as any other wait, "Ron 1,300 / Tsumo ...": a win no tile is left for
    at = typed(page("score_manual", "tokyo-mahjong", lang=lang), DEAD_HAND)
    at.button(key="manual_dora_add_5z").click().run()
    at.button(key="manual_dora_add_5z").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    rows = _wait_rows(at)
    dead = [r for r in rows if f"**{dead_name}**" in r]
    live = [r for r in rows if f"**{live_name}**" in r]
    assert len(dead) == 1 and len(live) == 1, rows
    assert none_left in dead[0] and ron not in dead[0] and not any(c.isdigit() for c in dead[0].replace("4", "")), dead
    assert ron in live[0] and none_left not in live[0], live
    assert rows.index(dead[0]) > rows.index(live[0])  # listed last, as the scorer lists it
    sep = "、" if lang == "ja" else ", "  # a Japanese list (session 49)
    summary = [str(m.value) for m in at.markdown if f"{live_name}{sep}{dead_name}" in str(m.value)]
    assert summary and f"{dead_name} ({none_left})" in summary[0], summary  # the line above the hand too


def _donjara_dead_wait() -> None:
    import streamlit as st

    from app.components.result import waits_view
    from scorer import load_game
    from scorer.engine import Wait
    from scorer.result import YakuHit

    st.session_state["lang"] = "en"
    game = load_game("yokai-watch")
    hit = YakuHit("役", "Basic", points=100)
    waits_view(game, [Wait("yokai-01", "a", "a", hit, 100, 2, "", ""), Wait("yokai-02", "b", "b", hit, 100, 0, "", "")])


def test_a_wait_of_any_game_with_no_copy_left_is_shown_alike(home):
    # the Donjara scorer leaves such a tile out; were one listed, it is shown as the riichi one: none left, no value
    at = AppTest.from_function(_donjara_dead_wait).run()
    assert not at.exception, [e.value for e in at.exception]
    rows = _wait_rows(at)
    assert len(rows) == 2 and "100" in rows[0] and "none left" not in rows[0], rows
    assert "none left" in rows[1] and "100" not in rows[1], rows


# --- renhou and chankan: one at a time ---------------------------------------------------------------------------

WHOLE = "123m456p789s234s11z"
WHOLE_ON_4S = "123m456p789s11z234s"  # won on 4s, which a kan can be robbed of (no other 4s in view)


@pytest.mark.parametrize("lang, chankan_word, renhou_word", [("en", "Chankan", "Renhou"), ("ja", "槍槓", "人和")])
def test_renhou_and_chankan_are_offered_one_at_a_time(home, page, lang, chankan_word, renhou_word):
    # both boxes could be ticked on a ron: the page then showed the scorer's refusal
    at = typed(page("score_manual", "tokyo-mahjong", lang), WHOLE_ON_4S)
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.checkbox(key="manual_first_turn").label.startswith(renhou_word)
    assert not at.checkbox(key="manual_first_turn").disabled and not at.checkbox(key="manual_chankan").disabled
    at.checkbox(key="manual_chankan").check().run()
    first = at.checkbox(key="manual_first_turn")
    assert first.disabled and chankan_word in (first.help or ""), first.help
    assert not at.error, [e.value for e in at.error]
    at.checkbox(key="manual_chankan").uncheck().run()
    at.checkbox(key="manual_first_turn").check().run()
    chankan = at.checkbox(key="manual_chankan")
    assert chankan.disabled and renhou_word in (chankan.help or ""), chankan.help
    assert at.success and not at.error, [e.value for e in at.error]


def test_chankan_left_ticked_under_renhou_is_not_sent(home, page):
    from scorer.engine import score

    at = typed(page("score_manual", "tokyo-mahjong"), WHOLE_ON_4S)
    at.checkbox(key="manual_riichi").uncheck()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_first_turn").check().run()
    at.session_state["manual_chankan"] = True  # a tick left from before (a browser cannot tick it now)
    at.run()
    assert at.checkbox(key="manual_chankan").disabled
    assert not at.error, [e.value for e in at.error]
    want = score("tokyo-mahjong", WHOLE_ON_4S, win="ron", seat="south", renhou=True)
    assert at.success and f"{want.points:,}" in at.success[0].value


# --- the ura-dora picker: one under each dora indicator --------------------------------------------------------------

@pytest.mark.parametrize("lang, why", [("en", "dora indicator"), ("ja", "ドラ表示牌")])
def test_the_ura_dora_picker_takes_no_more_than_the_dora_indicators(home, page, lang, why):
    # five ura-dora indicators could be picked under one dora indicator: the score was then refused
    at = typed(page("score_manual", "tokyo-mahjong", lang), WHOLE)
    assert "manual_ura_add_1m" not in [b.key for b in at.button]  # a new hand starts without riichi: no ura dora
    at.checkbox(key="manual_riichi").check().run()
    assert at.button(key="manual_ura_add_1m")  # none given: their count is not known (five at most)
    at.button(key="manual_dora_add_1m").click().run()
    at.button(key="manual_ura_add_2m").click().run()
    assert "manual_ura_add_3m" not in [b.key for b in at.button] and any(why in c.value for c in at.caption)
    assert at.session_state["manual_ura"] == ["2m"]
    assert not at.exception and at.success and not at.error, [e.value for e in at.error]
    at.button(key="manual_dora_remove_0").click().run()
    at.button(key="manual_dora_add_9p").click().run()
    at.button(key="manual_dora_add_3s").click().run()
    assert at.button(key="manual_ura_add_3m")  # a second offered


def test_ura_dora_picked_before_a_dora_indicator_was_taken_back_is_no_traceback(home, page):
    # two ura picked under two dora indicators, then one dora indicator taken back: the picker keeps both
    # (Streamlit fails a picker holding more than its limit), and the scorer's refusal says why
    at = typed(page("score_manual", "tokyo-mahjong"), WHOLE)
    at.checkbox(key="manual_riichi").check().run()  # the ura-dora picker is drawn under riichi only
    at.button(key="manual_dora_add_1m").click().run()
    at.button(key="manual_dora_add_9p").click().run()
    at.button(key="manual_ura_add_2m").click().run()
    at.button(key="manual_ura_add_3m").click().run()
    at.button(key="manual_dora_remove_1").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.error and "ura-dora indicators: 2 given, but 1 dora indicator" in at.error[0].value


# --- the ledger page's notes, as the CSV says them ------------------------------------------------------------------

def _double_ron_farther_first(ledger: Ledger) -> int:
    """As tests/tilelens/test_ledger_48.py: C entered first with the honba, then B, nearer D, takes them over."""
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, riichi=(0,))
    ledger.add_win(m, 2, "ron", {3: 4200}, riichi=(2,), note="Riichi; incl. 300 for 1 honba")
    ledger.add_win(m, 1, "ron", {3: 2000}, note="Tanyao", same_discard=True)
    return m


def test_the_hands_table_says_the_notes_as_the_csv_does(home, page):
    # C's row said "incl. 300 for 1 honba" (as stored) though B took them over: the CSV said C passed them on
    ledger = Ledger(home / "ledger.sqlite")
    m = _double_ron_farther_first(ledger)
    table = page("ledger", "tokyo-mahjong").dataframe[0].value
    notes = list(table["Yaku"])
    csv_notes = [row["note"] for row in csv.DictReader(io.StringIO(ledger.to_csv(m)))][1:]
    assert notes == csv_notes, (notes, csv_notes)
    assert "passed to B" in notes[1] and "incl. 300 for 1 honba" not in notes[1], notes
    assert "+ 300 for 1 honba passed from C" in notes[2], notes
    ja = list(page("ledger", "tokyo-mahjong", lang="ja").dataframe[0].value["役"])
    assert "近いBへ" in ja[1] and "1本場分 300点も獲得 (Cの記録から移動" in ja[2], ja  # in the page's language


def test_a_draw_and_a_chombo_note_are_still_said_in_the_screens_language(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_draw(m, note="流局")  # the page's own word, stored by a Japanese phone
    notes = list(page("ledger", "nogizaka").dataframe[0].value["Yaku"])
    assert notes == [""], notes
    assert ledger.hands(m)[0].note == "流局"


def test_a_draw_whose_tenpai_names_a_seat_not_at_the_table_is_one_message_not_a_traceback(home, page):
    # a Donjara draw's tenpai edited to a seat not at the table: the table replays (Donjara counts no tenpai), the
    # CSV names the seat: the page stopped on an IndexError traceback
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    ledger.add_draw(m)
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE hands SET tenpai = '[7]' WHERE match_id = ?", (m,))
    for lang, word in (("en", f"match #{m}"), ("ja", f"対局 #{m}")):
        at = page("ledger", "yokai-watch", lang=lang)
        assert not at.exception, [e.value for e in at.exception]
        errors = [e.value for e in at.error]
        # the seat is checked as the hands are read (tests/tilelens/test_ledger_seats_48.py): the whole match is
        # said damaged, naming the seat, and its last hand can be undone from the page
        # (the seat said from 1 since session 57: stored 7 is the eighth seat)
        assert len(errors) == 1 and word in errors[0] and ("seat 8 " in errors[0] or "席 8 " in errors[0]), errors
        assert not at.get("download_button") and not at.metric
        assert [b for b in at.button if b.key.startswith(f"ledger_undo_{m}")]


def test_the_apps_ledger_path_is_the_ledgers_default_path(home, monkeypatch):
    from app import settings
    from tilelens import ledger

    assert settings.ledger_path() == ledger.default_path() == home / "ledger.sqlite"
    monkeypatch.setattr(ledger, "default_path", lambda: home / "elsewhere.sqlite")
    assert settings.ledger_path() == home / "elsewhere.sqlite"  # one definition: the ledger's
