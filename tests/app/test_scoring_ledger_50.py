"""The score page's "add to the ledger" box, as a riichi club night found it: the winner's riichi in "Riichi declared
by" follows the Riichi option, a second winner on the same discard is priced (and only added) with honba 0, and the
hand that ends the match is said to be added as well as the end."""
import pytest
from app_helpers import texts, tsumo, type_hand

from tilelens.ledger import Ledger

HAND = "234m456p678s22z555z"  # a closed hand that wins without riichi (haku)


def _typed_ron(at, winner: int, seat: str, discarder: int | None = None, dealer: bool = False, riichi: bool = True):
    type_hand(at, HAND)
    if riichi:  # a new riichi-mahjong hand starts with Riichi unticked (a dama win is as common)
        at.checkbox(key="manual_riichi").check().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    if not dealer:
        at.checkbox(key="manual_dealer").uncheck().run()
        at.selectbox(key="manual_seat").set_value(seat).run()
    else:
        at.checkbox(key="manual_dealer").check().run()
    at.selectbox(key="manual_winner").set_value(winner).run()
    if discarder is not None:
        at.selectbox(key="manual_discarder").set_value(discarder).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_unticking_riichi_takes_the_winner_out_of_the_riichi_players(home, page):
    """Unticking Riichi left the winner in "Riichi declared by": the ledger took a chip the winner never put
    down. The other players' declarations stay as chosen."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = _typed_ron(page("score_manual", "tokyo-mahjong"), winner=1, seat="south", discarder=3)
    box = "manual_riichi_seats_1"
    assert at.checkbox(key="manual_riichi").value and at.multiselect(key=box).value == [1]
    at.multiselect(key=box).set_value([1, 2]).run()  # W had declared riichi too
    at.checkbox(key="manual_riichi").uncheck().run()
    assert not at.exception and at.multiselect(key=box).value == [2]
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and "Added to the ledger as hand 1." in texts(at)
    (hand,) = ledger.hands(match)
    assert hand.winner == 1 and hand.riichi == (2,)


def test_ticking_riichi_after_the_box_is_drawn_puts_the_winner_in(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = _typed_ron(page("score_manual", "tokyo-mahjong"), winner=1, seat="south", discarder=3, riichi=False)
    box = "manual_riichi_seats_1"
    assert at.multiselect(key=box).value == []
    at.multiselect(key=box).set_value([3]).run()
    at.checkbox(key="manual_riichi").check().run()
    assert not at.exception and sorted(at.multiselect(key=box).value) == [1, 3]
    at.button(key="manual_add_ledger").click().run()
    (hand,) = ledger.hands(match)
    assert sorted(hand.riichi) == [1, 3]


def _dealer_won_at_honba_1(home):
    """A match whose dealer (E) was tenpai at a draw (honba 1), then ronned N's discard (honba 2 now)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(match, tenpai=[0])
    ledger.add_win(match, 0, "ron", {3: 2300})
    assert ledger.state(match).honba == 2
    return ledger, match


@pytest.mark.parametrize("lang, says", [("en", "honba 0"), ("ja", "0本場")])
def test_a_second_winner_on_the_same_discard_is_scored_and_added_with_honba_0(home, page, lang, says):
    """The second winner's honba box kept the table's honba after the first win (2), the page priced the hand
    with it and the button added it so: the discarder paid 600 too much (the honba is the first winner's)."""
    ledger, match = _dealer_won_at_honba_1(home)
    at = page("score_manual", "tokyo-mahjong", lang=lang)
    _typed_ron(at, winner=1, seat="south")
    at.checkbox(key="manual_riichi").uncheck().run()
    assert at.number_input(key="manual_honba").value == 2  # a hand of its own: the table's honba
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_seat").set_value("west").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key="manual_honba").value == 0  # another winner on the discard: none
    assert not at.button(key="manual_add_ledger").disabled
    at.number_input(key="manual_honba").set_value(2).run()  # set back to the table's: priced wrong, not added
    assert at.button(key="manual_add_ledger").disabled
    assert [w for w in at.warning if says in w.value]
    at.number_input(key="manual_honba").set_value(0).run()
    assert not at.button(key="manual_add_ledger").disabled and not [w for w in at.warning if says in w.value]
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    first, second = ledger.hands(match)[1:]
    assert second.winner == 2 and second.win_kind == "ron-same-discard"
    assert second.payments == {3: 1300}  # 40 fu 1 han, no honba (1,900 at honba 2)


def test_unticking_the_same_discard_gives_the_table_honba_again(home, page):
    ledger, match = _dealer_won_at_honba_1(home)
    at = _typed_ron(page("score_manual", "tokyo-mahjong"), winner=1, seat="south")
    at.checkbox(key="manual_same_discard").check().run()
    assert at.number_input(key="manual_honba").value == 0
    at.checkbox(key="manual_same_discard").uncheck().run()
    assert not at.exception and at.number_input(key="manual_honba").value == 2


def _n_nearly_out(home, left: int):
    """A match in which N has ``left`` points and E (the dealer, honba 1 now) ronned N last."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(match, 0, "ron", {3: 25000 - left})
    return ledger, match


@pytest.mark.parametrize("lang, added, ended", [("en", "Added to the ledger as hand 2.", "The match has ended"),
                                                ("ja", "2局目として成績表に記録しました。", "対局終了")])
def test_the_ron_that_ends_the_match_is_said_added(home, page, lang, added, ended):
    """The hand that put a player below 0 was recorded, but the page said only "The match has ended": was it
    added? It says both."""
    ledger, match = _n_nearly_out(home, 1000)
    at = _typed_ron(page("score_manual", "tokyo-mahjong", lang=lang), winner=0, seat="east", discarder=3,
                    dealer=True)
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(ledger.hands(match)) == 2 and ledger.state(match).ended
    body = texts(at)
    assert added in body and ended in body


def test_the_tsumo_that_ends_the_match_is_said_added(home, page):
    ledger, match = _n_nearly_out(home, 300)
    at = page("score_manual", "tokyo-mahjong")
    tsumo(type_hand(at, HAND))
    at.checkbox(key="manual_dealer").check().run()
    at.selectbox(key="manual_winner").set_value(0).run()
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(ledger.hands(match)) == 2 and ledger.state(match).ended
    body = texts(at)
    assert "Added to the ledger as hand 2." in body and "The match has ended" in body


def test_a_hand_refused_because_another_phone_ended_the_match_says_why(home, page):
    """Another phone's hand ended the match just before the tap: the page said only "The match has ended", and
    not that this hand was not added (nor why)."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    at = _typed_ron(page("score_manual", "tokyo-mahjong"), winner=0, seat="east", discarder=3, dealer=True)
    ledger.add_win(match, 1, "ron", {3: 25100})  # another phone: S rons N, who falls below 0
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(ledger.hands(match)) == 1
    body = texts(at)
    assert "The match has ended" in body and "Added to the ledger" not in body and at.error
