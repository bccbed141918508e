"""Session 56 (f8), four gaps of the score pages in play.

1. Nogizaka: a ron on a tile the winner had discarded earlier is a chombo (RULES.md 001; `tilelens score
   --own-discard`), but the page offered only Riichi under Ron: such a hand scored "A win! 60" and could be added.
   Where the game's chombo cases list ``ron-on-own-discard``, Ron offers a box for it; ticked, the hand is priced as
   the chombo and led to "Record a chombo".
2. A chombo the scorer finds itself (a win on an Almighty) said "Not a win: chombo ... penalty 300" and nothing more:
   the ledger box went and no word said where to record it. Every chombo now gets the lead a declared one has (not
   under a match that has ended).
3. The double-ron hint ("If this winner also won on Di's last discard, tick ...") showed for a winner who cannot
   have won on that discard: its discarder, or its winner.
4. An Add refused because another device added a hand meanwhile re-priced the hand at the new table (a non-dealer's
   2,000 became the dealer's 3,200) and left Add ready with no word of it: said, with what changed.
"""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts, type_hand
from screen_words import english_words

from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
NOGI_WIN = "ashu ashu ashu kotoko kotoko kotoko miria miria miria"  # Basic set, 60
NOGI_ALMIGHTY = "ashu ashu ashu kotoko kotoko kotoko miria miria almighty-god"
TOKYO_WIN = "234m456p678s22z555z"
LEAD = {"en": "Record it on the ledger page with \"Record a chombo\"", "ja": "成績表のページの「チョンボを記録」で記録してください"}
PENALTY = {"en": "penalty 300", "ja": "ペナルティ 300"}


def _ledger(home) -> Ledger:
    return Ledger(home / "ledger.sqlite")


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _box(at, key: str):
    return next((c for c in at.checkbox if c.key == key), None)


def _add_button(at):
    return next((b for b in at.button if b.key == "manual_add_ledger"), None)


# 1. Nogizaka's own-discard ron ------------------------------------------------------------------------------------

OWN = {"en": "discarded earlier", "ja": "前に捨てた牌"}
OWN_REASON = {"en": "ron on a tile the winner had discarded earlier", "ja": "自分が前に捨てた牌でロンしました"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_nogizaka_ron_on_the_winners_own_discard_is_priced_as_a_chombo_and_led_to_the_ledger(home, lang):
    _ledger(home).new_match("nogizaka", PLAYERS)
    at = _ok(type_hand(open_page("score_manual", "nogizaka", lang), NOGI_WIN))
    assert _box(at, "manual_own_discard") is None  # a tsumo on one's own discard is allowed: not asked
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    box = _box(at, "manual_own_discard")
    assert box is not None and OWN[lang] in box.label, [c.label for c in at.checkbox]
    assert _add_button(at) is not None  # unticked: a win
    at = _ok(box.check().run())
    said = texts(at)
    assert not at.success, said
    assert OWN_REASON[lang] in said and PENALTY[lang] in said, said
    assert said.count(LEAD[lang]) == 1, said
    assert _add_button(at) is None  # a chombo is not added as a win
    if lang == "ja":
        assert not [w for s in (said, box.label, box.help or "") for w in english_words(s, frozenset(PLAYERS))]
    at = _ok(_box(at, "manual_own_discard").uncheck().run())
    assert at.success and _add_button(at) is not None  # a win again


def test_a_game_without_the_own_discard_chombo_asks_nothing_of_it(home):
    at = _ok(type_hand(open_page("score_manual", "cinderella-neo"), "shimamura-uzuki " * 3 + "nakano-yuka " * 3
                       + "mizumoto-yukari " * 3))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    assert _box(at, "manual_own_discard") is None


def test_the_own_discard_box_is_the_hands_own(home):
    """Ticked for one hand, the next hand ("Clear", then typed) starts with it unticked, as its riichi does."""
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_WIN))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    at = _ok(_box(at, "manual_own_discard").check().run())
    assert not at.success
    at = _ok(at.button(key="manual_clear").click().run())
    at = _ok(type_hand(at, NOGI_WIN))
    assert at.segmented_control(key="manual_win").value == "tsumo"  # the win kind is the hand's too (session 60)
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    assert not _box(at, "manual_own_discard").value and at.success


# 2. every chombo led to "Record a chombo" ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_win_on_an_almighty_is_led_to_record_a_chombo(home, lang):
    _ledger(home).new_match("nogizaka", PLAYERS)
    at = _ok(type_hand(open_page("score_manual", "nogizaka", lang), NOGI_ALMIGHTY))
    at = _ok(at.pills(key="manual_wintile").set_value("almighty-god").run())
    said = texts(at)
    assert PENALTY[lang] in said and not at.success, said
    assert said.count(LEAD[lang]) == 1, said


def test_a_chombo_under_an_ended_match_is_not_led_to_it(home):
    ledger = _ledger(home)
    match = ledger.new_match("nogizaka", PLAYERS)
    for _ in range(8):
        ledger.add_draw(match)
    assert ledger.state(match).ended
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_ALMIGHTY))
    at = _ok(at.pills(key="manual_wintile").set_value("almighty-god").run())
    said = texts(at)
    assert PENALTY["en"] in said and "The match has ended" in said, said
    assert LEAD["en"] not in said, said


def test_a_chombo_without_a_match_is_not_led_to_the_ledger(home):
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_ALMIGHTY))
    at = _ok(at.pills(key="manual_wintile").set_value("almighty-god").run())
    said = texts(at)
    assert PENALTY["en"] in said and LEAD["en"] not in said, said


# 3. the double-ron hint: only for a winner who may have won on that discard ---------------------------------------

HINT = "also won on Di's last discard"


def test_the_double_ron_hint_is_for_a_winner_who_could_have_won_on_that_discard(home):
    ledger = _ledger(home)
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    ledger.add_win(match, 1, "ron", {3: 3900})  # Bo rons Di's discard
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong"), TOKYO_WIN))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    assert HINT in texts(at)  # nobody chosen yet: any of the others may be
    for seat, shown in ((3, False), (1, False), (2, True), (0, True)):  # the discarder, its winner, the others
        at = _ok(at.selectbox(key="manual_winner").set_value(seat).run())
        assert (HINT in texts(at)) is shown, (PLAYERS[seat], texts(at))
    assert _box(at, "manual_same_discard") is not None


# 4. a stale Add refused: what the page priced anew is said --------------------------------------------------------

REPRICED = {
    "en": ("Priced again", "Bo now sits East, the dealer (was South)", "now worth 3,200 points (was 2,000 points)",
           "after the hand entered meanwhile on another device"),
    "ja": ("採点し直しました", "Boの自風: 南 → 東 (親)", "点数: 2,000点 → 3,200点",
           "その間にほかの端末で記録された局のあとに"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_stale_add_says_the_seat_and_price_changed_and_where_the_hand_goes(home, lang):
    ledger = _ledger(home)
    match = ledger.new_match("tokyo-mahjong", PLAYERS)
    at = _ok(type_hand(open_page("score_manual", "tokyo-mahjong", lang), "234m567m345p678s88p"))
    at = _ok(at.segmented_control(key="manual_win").set_value("ron").run())
    at = _ok(at.pills(key="manual_wintile").set_value("2m").run())
    at = _ok(at.selectbox(key="manual_winner").set_value(1).run())
    at = _ok(at.selectbox(key="manual_discarder").set_value(2).run())
    assert "2,000" in texts(at)
    ledger.add_draw(match)  # another device: nobody tenpai, the deal passes to Bo, one honba
    at = _ok(_add_button(at).click().run())
    assert at.error  # the refusal
    note = [w.value for w in at.warning if REPRICED[lang][0] in w.value]
    assert len(note) == 1, texts(at)
    for words in REPRICED[lang][1:]:
        assert words in note[0], (words, note[0])
    if lang == "ja":
        assert not english_words(note[0], frozenset(PLAYERS)), note[0]
    assert not _add_button(at).disabled
    at = _ok(at.selectbox(key="manual_discarder").set_value(3).run())  # still that hand: still said
    assert any(REPRICED[lang][0] in w.value for w in at.warning), texts(at)
    at = _ok(_add_button(at).click().run())
    assert len(ledger.hands(match)) == 2 and at.success, texts(at)
    assert not any(REPRICED[lang][0] in w.value for w in at.warning), texts(at)


def test_a_refused_stale_add_of_a_donjara_hand_says_its_points_unchanged(home):
    ledger = _ledger(home)
    match = ledger.new_match("nogizaka", PLAYERS)
    at = _ok(type_hand(open_page("score_manual", "nogizaka"), NOGI_WIN))
    at = _ok(at.selectbox(key="manual_winner").set_value(1).run())
    ledger.add_draw(match)  # another device's draw
    at = _ok(_add_button(at).click().run())
    note = [w.value for w in at.warning if "Priced again" in w.value]
    assert len(note) == 1 and "points are unchanged" in note[0], texts(at)
    assert "sits" not in note[0]  # a Donjara table has no seat winds

