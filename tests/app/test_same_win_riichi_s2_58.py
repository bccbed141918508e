"""Session 58, S2 (RV2-1): at a riichi table a phone that scored a win after another phone had added it was not asked
"is this the same hand?": the win moved the table on (the deal passed to the winner, or a dealer's win added a honba),
so the second phone priced the hand at the next deal (a non-dealer's 700/1,300 became the dealer's 1,000 all), its
payments matched nothing recorded, and one tap recorded the win twice. The hand shown is priced as well at the deal the
match's last hand was played in."""
import pytest

from app_helpers import texts, type_hand
from tilelens.ledger import Ledger

HAND = "234m456p678s22z555z"  # S: 40 fu 2 han tsumo, 700/1,300 as South; 1,000 all as the next dealer
ASK = {"en": ("Hand 1 of match #1", "tsumo"), "ja": ("対局 #1の1局目", "ツモ")}


def _phone(page, winner, lang="en", hand=HAND, ron_from=None):
    at = type_hand(page("score_manual", "tokyo-mahjong", lang=lang), hand)
    at.checkbox(key="manual_riichi").uncheck().run()
    at.segmented_control(key="manual_win").set_value("tsumo" if ron_from is None else "ron").run()
    at.selectbox(key="manual_winner").set_value(winner).run()
    if ron_from is not None:
        at.selectbox(key="manual_discarder").set_value(ron_from).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _keys(at):
    return {b.key for b in at.button if b.key}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_win_scored_after_the_deal_passed_is_asked_about(home, page, lang):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    _phone(page, 1, lang).button(key="manual_add_ledger").click().run()  # phone C: S's tsumo, the deal passes
    assert [dict(h.payments) for h in ledger.hands(match)] == [{0: 1300, 2: 700, 3: 700}]
    d = _phone(page, 1, lang)  # phone D opens the page afterwards: S is the dealer now
    assert "manual_add_ledger" not in _keys(d) and {"manual_same_win_skip", "manual_same_win_add"} <= _keys(d)
    asked = [w.value for w in d.warning if ASK[lang][0] in w.value]
    assert len(asked) == 1 and "S" in asked[0] and ASK[lang][1] in asked[0], texts(d)
    d.button(key="manual_same_win_skip").click().run()
    assert not d.exception and len(ledger.hands(match)) == 1


def test_another_hand_of_the_same_winner_after_the_deal_passed_is_added_once_said(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    _phone(page, 1).button(key="manual_add_ledger").click().run()
    d = _phone(page, 1)
    d.button(key="manual_same_win_add").click().run()  # the dealer's own next win, the same tiles
    assert not d.exception and [dict(h.payments) for h in ledger.hands(match)] == [
        {0: 1300, 2: 700, 3: 700}, {0: 1000, 2: 1000, 3: 1000}]


def test_a_dealers_win_scored_after_its_honba_was_added_is_asked_about(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    _phone(page, 0).button(key="manual_add_ledger").click().run()  # E deals and wins: E deals again, honba 1
    assert ledger.table(match)[0].honba == 1
    d = _phone(page, 0)
    assert "manual_add_ledger" not in _keys(d) and "manual_same_win_skip" in _keys(d), texts(d)


def test_a_ron_scored_after_the_deal_passed_is_asked_about(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    _phone(page, 1, ron_from=2).button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(match)) == 1
    d = _phone(page, 1, ron_from=2)
    assert "manual_add_ledger" not in _keys(d) and "manual_same_win_skip" in _keys(d), texts(d)
    other = _phone(page, 1, ron_from=3)  # another discarder: another hand
    assert "manual_same_win_skip" not in _keys(other) and not other.button(key="manual_add_ledger").disabled


def test_another_hand_or_winner_after_the_deal_passed_is_not_asked(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    _phone(page, 1).button(key="manual_add_ledger").click().run()
    bigger = _phone(page, 1, hand="111m999p678s22z555z")  # another hand of S: 800/1,600 at that deal
    assert "manual_same_win_skip" not in _keys(bigger), texts(bigger)
    assert not bigger.button(key="manual_add_ledger").disabled
    west = _phone(page, 2)  # another winner
    assert "manual_same_win_skip" not in _keys(west) and not west.button(key="manual_add_ledger").disabled
    west.button(key="manual_add_ledger").click().run()
    assert [h.winner for h in ledger.hands(match)] == [1, 2]
