"""Session 58, S3: which match a phone that chose none is on.

0. The hand that ended match #1, added on a phone that chose no match, while another phone started #2: the page
   jumped to #2 on its next run (the match it had taken, marked "not chosen" in the address, was no longer kept) and
   refused the hand it had just added there (tests/app/test_scoring_ended_match_next_hand_55.py). The match a page
   took stays the one it shows, in the session and after a reload, until one is chosen.
1. "It shows the newest, match #1" was said of #1 after #2 had started, and after a merge of an ended match started
   earlier (which took the highest number); a laptop was told "on this phone".
2. A phone that added to the newest match (the other table's) and then switched to its own was told the hand is in
   #2 and not added to #1: it is now offered to move it, in one step.
3. The ledger page's draw and chombo forms wait for the choice, as Undo does."""
import sqlite3

import pytest

from app_helpers import open_page, texts, type_hand
from tilelens.ledger import Ledger

YOKAI = " ".join(["yokai-05"] * 3 + ["yokai-06"] * 3 + ["yokai-07"] * 3)
NOT_CHOSEN = {"en": "No match was chosen", "ja": "この端末では対局を選んでいない"}
KEPT = {"en": "match #1, which is not the newest", "ja": "これまでどおり対局 #1"}
NEWEST = {"en": "the newest, match #1", "ja": "いちばん新しい対局 #1"}


def _info(at, lang="en"):
    return [i.value for i in at.info if NOT_CHOSEN[lang] in i.value]


def _undo(at):
    return next(b for b in at.button if b.key and b.key.startswith("ledger_undo_"))


def _submit(at, form):
    return next(b for b in at.button if b.key and b.key.startswith(f"FormSubmitter:ledger_{form}_"))


@pytest.fixture
def phone(monkeypatch):
    """The page as a phone sees it (a visitor on the network)."""
    monkeypatch.setenv("TILELENS_VISITOR", "network")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_page_keeps_its_match_and_does_not_call_it_the_newest(home, phone, lang):
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(first, 0, "tsumo", {1: 20, 2: 20, 3: 20})
    at = open_page("ledger", "nogizaka", lang)
    assert not _info(at, lang) and not _undo(at).disabled  # one match: nothing to be unsure of
    second = ledger.new_match("nogizaka", ["Eve", "Flo", "Gus", "Hal"])  # another phone, another table
    at.run()
    assert at.selectbox(key="ledger_match_nogizaka").value.id == first
    said = _info(at, lang)
    assert len(said) == 1 and KEPT[lang] in said[0] and NEWEST[lang] not in said[0], said
    if lang == "en":
        assert "on this phone" in said[0]
    assert f"#{second}" in said[0]
    # 3: nothing goes into a match the phone has not made sure of: Undo, a draw, a chombo
    assert _undo(at).disabled
    assert _submit(at, "draw").disabled and _submit(at, "chombo").disabled
    at.button(key="ledger_keep_match").click().run()
    assert not _info(at, lang) and not _undo(at).disabled
    assert not _submit(at, "draw").disabled and not _submit(at, "chombo").disabled


def test_a_reload_keeps_the_match_taken_still_not_chosen(home, phone):
    """A reload (a new session on the same address) shows the match the page had taken, not the one started since,
    and still says it was not chosen: Undo waits."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN

    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(first, 0, "tsumo", {1: 20, 2: 20, 3: 20})
    at = open_page("ledger", "nogizaka")
    ledger.new_match("nogizaka", ["Eve", "Flo", "Gus", "Hal"])
    again = AppTest.from_file(str(MAIN), default_timeout=60)
    again.query_params.update({k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()})
    again.run()
    again.session_state["lang"] = "en"
    again.switch_page("views/ledger.py").run()
    if again.selectbox(key="game_id").value != "nogizaka":
        again.selectbox(key="game_id").set_value("nogizaka").run()
    assert again.selectbox(key="ledger_match_nogizaka").value.id == first
    said = _info(again)
    assert len(said) == 1 and KEPT["en"] in said[0], said
    assert _undo(again).disabled


def test_the_forms_wait_on_a_first_view_of_the_newest_too(home, phone):
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    second = ledger.new_match("nogizaka", ["Eve", "Flo", "Gus", "Hal"])
    at = open_page("ledger", "nogizaka")
    said = _info(at)
    assert len(said) == 1 and "the newest, match #2" in said[0] and "not the newest" not in said[0]
    assert _submit(at, "draw").disabled and _submit(at, "chombo").disabled
    waits = [c.value for c in at.caption if "Make sure of the match above" in c.value]
    assert waits, [c.value for c in at.caption]
    at.button(key=f"ledger_switch_match_{first}").click().run()
    assert not _submit(at, "draw").disabled
    _submit(at, "draw").click().run()
    assert len(ledger.hands(first)) == 1 and not ledger.hands(second)


def test_a_laptop_is_not_told_on_this_phone(home):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    at = open_page("ledger", "yokai-watch")
    said = _info(at)
    assert len(said) == 1 and "on this phone" not in said[0] and "No match was chosen here" in said[0], said
    at = type_hand(open_page("score_manual", "yokai-watch"), YOKAI)
    said = _info(at)
    assert len(said) == 1 and "on this phone" not in said[0], said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_score_page_keeps_its_match_when_another_starts(home, phone, lang):
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at = type_hand(open_page("score_manual", "yokai-watch", lang), YOKAI)
    assert not _info(at, lang)
    ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    at.run()
    said = _info(at, lang)
    assert len(said) == 1 and KEPT[lang] in said[0] and NEWEST[lang] not in said[0], said
    to = "Adds to match #1 · Ann" if lang == "en" else "記録する対局: #1 · Ann"
    assert any(to in c.value for c in at.caption), texts(at)
    at.selectbox(key="manual_winner").set_value(0).run()
    at.button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(first)) == 1


def test_an_ended_match_merged_in_is_not_taken_as_the_newest(home, phone):
    """A merge numbers another laptop's match after ours: an ended match started earlier took #2."""
    ledger = Ledger(home / "ledger.sqlite")
    ours = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    merged = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    for _ in range(8):
        ledger.add_draw(merged)
    assert ledger.state(merged).ended
    with sqlite3.connect(ledger.path) as db:  # it started an hour before ours
        db.execute("UPDATE matches SET created = created - 3600 WHERE id = ?", (merged,))
    at = open_page("ledger", "yokai-watch")
    assert at.selectbox(key="ledger_match_yokai-watch").value.id == ours
    assert not [i.value for i in at.info if "newest" in i.value], [i.value for i in at.info]
    at = type_hand(open_page("score_manual", "yokai-watch"), YOKAI)
    assert any("Adds to match #1 · Ann" in c.value for c in at.caption), texts(at)


MOVE_SAID = {"en": "If #2 was the wrong match", "ja": "対局 #2が違う対局だったなら"}
MOVED = {"en": "Moved: hand 1 of match #2 was taken out, and the hand added to match #1 as hand 2.",
         "ja": "移しました: 対局 #2の1局目を取り消し、この手を対局 #1の2局目として記録しました。"}


def _wrong_match(home, lang):
    """A fresh phone adds the hand to the newest match, #2, the other table's, then switches to its own, #1."""
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(first, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    second = ledger.new_match("yokai-watch", ["たろう", "はなこ", "じろう", "ゆき"])
    at = type_hand(open_page("score_manual", "yokai-watch", lang), YOKAI)
    at.selectbox(key="manual_winner").set_value(1).run()
    at.button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(second)) == 1
    at.button(key=f"manual_switch_match_{first}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return ledger, first, second, at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_added_to_the_wrong_match_is_moved_in_one_step(home, phone, lang):
    ledger, first, second, at = _wrong_match(home, lang)
    assert any(MOVE_SAID[lang] in w.value for w in (*at.warning, *at.info)), texts(at)
    assert "manual_add_ledger" not in {b.key for b in at.button}
    move = at.button(key="manual_move_ledger")
    assert move.disabled  # the winner is chosen among #1's players first
    at.selectbox(key="manual_winner").set_value(2).run()  # Cy
    at.button(key="manual_move_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert ledger.hands(second) == []
    moved = ledger.hands(first)
    assert len(moved) == 2 and moved[-1].winner == 2 and dict(moved[-1].payments) == {0: 40, 1: 40, 3: 40}
    assert MOVED[lang] in texts(at), texts(at)
    at.run()  # said once; the hand now shown as added to #1, not offered again
    assert MOVED[lang] not in texts(at)
    assert at.button(key="manual_add_ledger").disabled and len(ledger.hands(first)) == 2


def test_a_move_is_refused_where_the_wrong_match_moved_on(home, phone):
    ledger, first, second, at = _wrong_match(home, "en")
    at.selectbox(key="manual_winner").set_value(2).run()
    ledger.add_draw(second)  # the other table records its next hand meanwhile
    at.button(key="manual_move_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(ledger.hands(second)) == 2 and len(ledger.hands(first)) == 1  # nothing taken out, nothing added
    assert any("Not moved" in e.value for e in at.error), texts(at)


def test_a_move_is_undone_where_the_match_moved_to_changed(home, phone):
    ledger, first, second, at = _wrong_match(home, "en")
    at.selectbox(key="manual_winner").set_value(2).run()
    ledger.add_draw(first)  # this table's next hand, on another phone, since the page was drawn
    at.button(key="manual_move_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(ledger.hands(second)) == 1 and len(ledger.hands(first)) == 2  # the hand back in #2, not in #1
    assert at.error, texts(at)


def test_the_hand_that_ended_a_match_is_not_offered_to_move(home, phone):
    """Session 55's case: the next match started after the hand was added: no move (the next hand goes there)."""
    ledger = Ledger(home / "ledger.sqlite")
    first = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    for _ in range(7):
        ledger.add_draw(first)
    at = type_hand(open_page("score_manual", "yokai-watch"), YOKAI)
    at.selectbox(key="manual_winner").set_value(0).run()
    at.button(key="manual_add_ledger").click().run()
    assert ledger.state(first).ended
    ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    at.run()
    at.button(key="manual_newer_match").click().run()
    assert "manual_move_ledger" not in {b.key for b in at.button}
    assert not any(MOVE_SAID["en"] in w.value for w in (*at.warning, *at.info))
