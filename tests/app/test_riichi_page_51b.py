"""A riichi match re-walked on the score pages (session 51b): a second ron whose winner's riichi went in with the
first ron is recorded with its han (no new stick asked), the riichi sticks priced as the ledger takes them (another
player's stick on a dama ron, a second winner whose stick goes to the winner nearer the discarder), the winner picked
in "Riichi declared by" ticks Riichi, the third-ron warning said conditionally, a second ron's hand-set seat not
steered elsewhere, and a hand that is no win says when the ledger controls come."""
from app_helpers import texts
from test_scoring_page_51 import _riichi_match, _ron  # the same riichi club night's match and ron

from tilelens.ledger import SAME_DISCARD


def _said(at) -> str:
    return "\n".join([texts(at), *(m.value for m in (*at.info, *at.warning, *at.error))])


def test_a_second_ron_whose_riichi_went_in_with_the_first_is_recorded_with_its_han(home, page):
    """Ben rons Dan with Ben and Chie in "Riichi declared by"; Chie rons the same discard with Riichi ticked: the
    ledger refused her riichi again ("already declared riichi on this discard"), and only unticking Riichi (half
    the points) recorded it."""
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 3900}, riichi=[1, 2])
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    at.checkbox(key="manual_riichi").check().run()
    assert 2 not in at.multiselect(key="manual_riichi_seats_2").value
    assert "already declared riichi" not in _said(at)
    assert "Riichi (1 han)" in texts(at)
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and "already declared riichi" not in _said(at), _said(at)
    hands = ledger.hands(match)
    assert len(hands) == 2 and hands[1].win_kind == SAME_DISCARD and hands[1].riichi == ()
    assert hands[1].payments == {3: 2600}  # haku + riichi: 2 han 40 fu (dama: 1 han, 1,300)


def test_another_players_stick_on_a_dama_ron_is_priced_as_the_ledger_gives_it(home, page):
    ledger, match = _riichi_match(home)
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=1, discarder=3)
    at.multiselect(key="manual_riichi_seats_1").set_value([0]).run()
    assert "Riichi sticks on the table: 1,000 points; you receive 2,300 points in all" in texts(at)
    at.button(key="manual_add_ledger").click().run()
    assert ledger.state(match).totals[1] == 25000 + 2300


def test_a_second_winners_stick_going_to_the_nearer_winner_is_not_priced_as_hers(home, page):
    """Ben rons Dan with riichi; Chie (further from Dan) rons the same discard with riichi: the ledger passes her
    stick to Ben, so the page does not tell her she takes it."""
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 7700}, riichi=[1])
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    at.checkbox(key="manual_riichi").check().run()
    assert "Riichi sticks on the table" not in texts(at)
    assert "go to Ben" in texts(at)
    before = ledger.state(match).totals[2]
    at.button(key="manual_add_ledger").click().run()
    hands = ledger.hands(match)
    assert len(hands) == 2 and ledger.state(match).totals[2] == before - 1000 + hands[1].payments[3]
    assert "Added to the ledger as hand 1." in texts(at)  # the hand just added (the first hand's second
    # winner: one hand), said as the ledger settled it
    assert "Riichi sticks on the table" not in texts(at) and "go to Ben" in texts(at)


def test_a_second_winner_nearer_the_discarder_is_priced_with_the_whole_pot(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 2, "ron", {3: 7700}, riichi=[2])  # Chie first; Ben sits nearer Dan
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=1)
    at.checkbox(key="manual_same_discard").check().run()
    at.checkbox(key="manual_riichi").check().run()
    assert "Riichi sticks on the table: 2,000 points; you receive 4,600 points in all" in texts(at)
    before = ledger.state(match).totals[1]
    at.button(key="manual_add_ledger").click().run()
    assert ledger.state(match).totals[1] == before - 1000 + 4600


def test_the_winner_picked_in_riichi_declared_by_ticks_riichi(home, page):
    _riichi_match(home)
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=1, discarder=3)
    assert at.checkbox(key="manual_riichi").value is False
    at.multiselect(key="manual_riichi_seats_1").set_value([1]).run()
    assert at.checkbox(key="manual_riichi").value is True
    assert at.multiselect(key="manual_riichi_seats_1").value == [1]
    assert "Riichi (1 han)" in texts(at)


def test_the_third_ron_warning_is_conditional_and_not_shown_for_the_double_ron_just_added(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 3900})
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    at.button(key="manual_add_ledger").click().run()
    assert len(ledger.hands(match)) == 2
    assert "sanchahou" not in _said(at)  # the double ron just added: nothing to undo
    at.selectbox(key="manual_winner").set_value(0).run()  # a third winner being entered on this page
    assert "If a third player also won on this discard" in _said(at)
    other = _ron(page("score_manual", "tokyo-mahjong"), winner=0)  # another phone: a third winner maybe
    said = _said(other)
    assert "If a third player also won on this discard" in said and "Two players have already won" not in said


def test_a_second_rons_seat_set_by_hand_to_the_discards_is_not_steered_away(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 3900})
    at = _ron(page("score_manual", "tokyo-mahjong"), winner=2)
    at.selectbox(key="manual_seat").set_value("west").run()  # Chie's seat at Dan's discard
    said = _said(at)
    assert "If this winner also won on Dan's last discard" in said
    assert "Chie sits South" not in said


def test_a_hand_that_is_no_win_says_when_the_ledger_controls_come(home, page):
    _riichi_match(home)
    at = _ron(page("score_manual", "tokyo-mahjong"), hand="123m456p789s234s11z")
    assert "no yaku" in _said(at).lower() or "not a win" in _said(at).lower()
    assert 'The ledger\'s "Winner" and "Add to the ledger" come once the hand scores' in _said(at)


def test_the_new_lines_in_japanese(home, page):
    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 2600}, riichi=[1, 2])
    at = _ron(page("score_manual", "tokyo-mahjong", lang="ja"), winner=2)
    at.checkbox(key="manual_same_discard").check().run()
    at.checkbox(key="manual_riichi").check().run()
    said = _said(at)
    assert "Ben、Chieのリーチは、この捨て牌の最初のロンで記録済みです" in said
    assert "放銃者から見て順番が近いBenが受け取ります" in said
    other = _ron(page("score_manual", "tokyo-mahjong", lang="ja"), hand="123m456p789s234s11z")
    assert "手が上がりになると出ます" in _said(other)


def test_sticks_taken_prices_another_winner_on_the_discard(home):
    """``sticks_taken`` with ``SAME_DISCARD`` and the discarder: the discard's whole pot for a winner nearer the
    discarder than those entered, none for one further away (the ledger gives it to the nearer)."""
    from tilelens.ledger import sticks_taken

    ledger, match = _riichi_match(home)
    ledger.add_win(match, 1, "ron", {3: 2600}, riichi=[1])  # Ben rons Dan with riichi
    m, hands = ledger.match(match), ledger.hands(match)
    assert sticks_taken(m, hands, 2, [2], SAME_DISCARD, discarder=3) == 0  # Chie sits further from Dan
    assert sticks_taken(m, hands, 0, [0], SAME_DISCARD, discarder=3) == 2000  # Aki sits next after Dan
