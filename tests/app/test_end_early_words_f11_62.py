"""Session 62 (F11): a match ended early (``Ledger.end_match``) said so wherever the ledger page says a match ended:
its match picker ("#1 · Ann, Bo, Cy · ended early after hand 3", not just "finished"), Tonight's totals' columns, the
Undo button while the end is the last entry ("Undo the end of the match") and what it says after, the hand details
(the end no "Hand 3" of its own); and a merge's conflict, which counted the end as a hand.

Seats: 0 = Ann, 1 = Bo, 2 = Cy (3 = Di)."""
from __future__ import annotations

import shutil

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger

GAME = "yokai-watch"
PLAYERS = ["Ann", "Bo", "Cy"]

WORDS = {
    "en": {"option": "#1 · Ann, Bo, Cy · ended early after hand 3", "plain": "#1 · Ann, Bo, Cy",
           "undo_end": "Undo the end of the match", "undo": "Undo the last hand",
           "next": "To go on with it, undo the end of the match",
           "column": "· Ann, Bo, Cy · ended early after hand 3",
           "undone": "Undid the end of the match (entry 4): it goes on."},
    "ja": {"option": "#1 · Ann、Bo、Cy · 3局で終了", "plain": "#1 · Ann、Bo、Cy",
           "undo_end": "対局の終了を取り消す", "undo": "最後の局を取り消す",
           "next": "続けるには「対局の終了を取り消す」を押してください",
           "column": "· Ann、Bo、Cy · 3局で終了",
           "undone": "対局の終了を取り消しました (4番目の記録)。対局を続けられます。"},
}


def three_hands(path, end: bool = True):
    ledger = Ledger(path)
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_win(m, 1, "ron", {2: 100})
    ledger.add_draw(m)
    ledger.add_draw(m)
    if end:
        ledger.end_match(m)
    return ledger, m


def _undo(at):
    (undo,) = [b for b in at.button if (b.key or "").startswith("ledger_undo_")]
    return undo


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_page_says_a_match_ended_early_and_undo_takes_the_end_away(home, page, lang):
    words = WORDS[lang]
    ledger, m = three_hands(home / "ledger.sqlite")
    at = page("ledger", GAME, lang)
    picker = at.selectbox(key=f"ledger_match_{GAME}")
    assert picker.options == [words["option"]], picker.options  # not just "finished"
    assert _undo(at).label == words["undo_end"]
    said = texts(at)
    assert words["next"] in said, said
    assert words["column"] in said, said  # Tonight's totals: its column said as ended early
    _undo(at).click().run()
    assert not at.exception and not ledger.state(m).ended
    assert words["undone"] in [s.value for s in at.success], [s.value for s in at.success]
    assert _undo(at).label == words["undo"]  # a hand is the last entry again
    assert at.selectbox(key=f"ledger_match_{GAME}").options == [words["plain"]]
    assert words["column"] not in texts(at)


def _english():
    import streamlit as st

    st.session_state["lang"] = "en"  # forgotten after the test (conftest)


def test_a_match_its_rules_ended_is_still_said_finished():
    from app.components import ledger_view

    _english()
    ledger_match = type("M", (), {"id": 2, "players": ("Ann", "Bo")})
    early = type("M", (), {"id": 1, "players": ("Cy", "Di")})
    order, said = ledger_view.match_options([ledger_match, early], [1, 2], early={1: "ended early after hand 3"})
    assert [said(m) for m in order] == ["#2 · Ann, Bo · finished", "#1 · Cy, Di · ended early after hand 3"]


def test_the_end_of_a_riichi_match_is_no_hand_in_the_details(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    from app.components import ledger_view

    _english()
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {2: 3900})
    ledger.add_draw(m, tenpai=[0], riichi=[0])
    ledger.end_match(m)
    match = ledger.match(m)
    state, hands = ledger.table(match)
    lines = ledger_view.hand_details(ledger_view.hands_table(match, hands, state), 4)
    assert lines[-1] == "3 · Match ended here — ended early after hand 2", lines  # no "· Hand 2" after it
    assert lines[-2].endswith("Hand 2 (East 2, honba 0)"), lines


@pytest.mark.parametrize("here, there, why", [
    ("end", "draw", "their hands differ from hand 4 (here 3 hands, there 4)"),
    ("draw", "end", "their hands differ from hand 4 (here 4 hands, there 3)"),
    ("win", "draw+end", "their hands differ from hand 4 (here 4 hands, there 4)")])
def test_a_merge_counts_no_end_as_a_hand(tmp_path, monkeypatch, here, there, why):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    from tilelens.ledger_merge import merge_ledgers

    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    _, m = three_hands(a, end=False)
    shutil.copy(a, b)
    for path, steps in ((a, here), (b, there)):
        ledger = Ledger(path)
        for step in steps.split("+"):
            {"end": lambda: ledger.end_match(m), "draw": lambda: ledger.add_draw(m),
             "win": lambda: ledger.add_win(m, 0, "tsumo", {1: 50, 2: 50})}[step]()
    (conflict,) = merge_ledgers(a, b).conflicts
    assert conflict.why == why
    assert conflict.why_ja == why.replace("their hands differ from hand 4 (here ", "4局目から局が違います (ここは").replace(
        " hands, there ", "局、ほかのパソコンは").replace(")", "局)")
    assert conflict.played == int(why[-2])  # the hands of the other laptop's record, its end none


def test_an_end_undone_then_played_on_elsewhere_is_said_as_the_end(home, page):
    ledger, m = three_hands(home / "ledger.sqlite")
    at = page("ledger", GAME)
    _undo(at).click().run()
    ledger.add_draw(m)  # another phone's hand since: the end cannot come back at its place
    at.run()
    assert not at.exception
    warned = [w.value for w in at.warning]
    assert any(w.startswith("The end of the match was not brought back: the table changed since; end it again with "
                            "End this match now") for w in warned), warned
