"""Session 58, S1 (F1): two phones at a table score the same win; the second Add asks before the win is recorded a
second time. A phone refused as stale was re-priced and a second tap recorded the win twice (+240, not +120); a phone
that scored the same hand after the first phone added it recorded it again with no word at all."""
import pytest

from app_helpers import add_to_ledger, texts, tsumo, type_hand
from tilelens.ledger import Ledger

YOKAI = " ".join(["yokai-05"] * 3 + ["yokai-06"] * 3 + ["yokai-07"] * 3)  # 120 points: 40 from each at tsumo
NAMES = ["たろう", "はなこ", "じろう", "ゆき"]
ASK = {"en": ("Hand 1 of match #1", "ゆき tsumo", "120", "on another phone", "same hand"),
       "ja": ("対局 #1の1局目", "ゆき ツモ", "120", "ほかの端末", "同じ局")}


def _ready(page, lang="en", winner=3, game="yokai-watch", hand=YOKAI):
    at = type_hand(page("score_manual", game, lang=lang), hand)
    at.selectbox(key="manual_winner").set_value(winner).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _keys(at):
    return {b.key for b in at.button if b.key}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_phones_adding_the_same_win_are_asked_before_it_is_recorded_twice(home, page, lang):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", NAMES)
    c, d = _ready(page, lang), _ready(page, lang)
    c.button(key="manual_add_ledger").click().run()  # phone C records it
    d.button(key="manual_add_ledger").click().run()  # phone D, drawn before C's hand: refused as stale
    assert len(ledger.hands(match)) == 1
    assert d.error, texts(d)  # the stale refusal is kept
    asked = [w.value for w in d.warning if ASK[lang][0] in w.value]
    assert len(asked) == 1, texts(d)
    for words in ASK[lang]:
        assert words in asked[0], (words, asked[0])
    # no plain Add that records it on the next tap: the player answers first
    assert "manual_add_ledger" not in _keys(d) and {"manual_same_win_skip", "manual_same_win_add"} <= _keys(d)
    d.button(key="manual_same_win_skip").click().run()
    assert not d.exception and len(ledger.hands(match)) == 1
    said = "Not added" if lang == "en" else "記録していません"
    assert any(said in i.value for i in d.info), texts(d)
    assert not any(ASK[lang][0] in w.value for w in d.warning)
    state, _ = ledger.table(match)
    assert state.totals[3] - state.totals[0] == 160  # +120 and -40: recorded once


def test_another_hand_of_the_same_winner_is_added_once_the_player_says_so(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", NAMES)
    c, d = _ready(page), _ready(page)
    c.button(key="manual_add_ledger").click().run()
    d.button(key="manual_add_ledger").click().run()
    d.button(key="manual_same_win_add").click().run()
    assert not d.exception and [h.winner for h in ledger.hands(match)] == [3, 3]
    assert "Added" in texts(d) and "manual_same_win_add" not in _keys(d)


def test_the_same_hand_scored_after_another_phone_added_it_is_asked_before_any_tap(home, page):
    """dup.py: a second player's shot of the same hand, scored a minute later: nothing said, and one tap added it."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", NAMES)
    ledger.add_win(match, 3, "tsumo", {0: 40, 1: 40, 2: 40})  # the other phone
    at = _ready(page)
    assert "manual_add_ledger" not in _keys(at) and "manual_same_win_add" in _keys(at)
    assert any("Hand 1 of match #1" in w.value and "ゆき tsumo" in w.value for w in at.warning), texts(at)
    at.button(key="manual_same_win_skip").click().run()
    assert len(ledger.hands(match)) == 1


def test_a_win_of_another_winner_or_kind_is_not_asked(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", NAMES)
    ledger.add_win(match, 3, "tsumo", {0: 40, 1: 40, 2: 40})
    at = _ready(page, winner=2)
    assert "manual_same_win_add" not in _keys(at) and not at.button(key="manual_add_ledger").disabled
    at.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [3, 2]


def test_the_phones_own_hand_before_is_not_asked_about(home, page):
    """The same winner's next hand of the same tiles, on the phone that added the first: it knows; not asked."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", NAMES)
    at = _ready(page)
    at.button(key="manual_add_ledger").click().run()
    at.button(key="manual_clear").click().run()
    at = type_hand(at, YOKAI)
    at.selectbox(key="manual_winner").set_value(3).run()
    assert "manual_same_win_add" not in _keys(at), texts(at)
    add_to_ledger(at, "manual")
    assert [h.winner for h in ledger.hands(match)] == [3, 3]


def test_a_riichi_win_priced_before_the_deal_passed_is_asked_about(home, page):
    """At a riichi table the first phone's non-dealer tsumo passed the deal: the second phone's hand, priced again,
    pays as the dealer's now; the hand recorded is the one it was priced as before, and is asked about."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    phones = []
    for _ in range(2):
        at = tsumo(type_hand(page("score_manual", "tokyo-mahjong"), "234m456p678s22z555z"))
        at.checkbox(key="manual_riichi").uncheck().run()
        at.selectbox(key="manual_winner").set_value(1).run()  # S sits south, as the options say
        phones.append(at)
    c, d = phones
    c.button(key="manual_add_ledger").click().run()
    d.button(key="manual_add_ledger").click().run()
    assert not d.exception and len(ledger.hands(match)) == 1
    assert any("Hand 1 of match #1" in w.value and "S tsumo" in w.value for w in d.warning), texts(d)
    d.button(key="manual_same_win_skip").click().run()
    assert len(ledger.hands(match)) == 1
