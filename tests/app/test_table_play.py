"""Whole matches as a table plays them: the end of a match on the ledger page, and the table rules the rules page
sums up, checked against RULES.md."""
from app_helpers import texts, typed_ron_without_riichi

from tilelens.ledger import Ledger


def _ended_hanchan(home):
    """East 1 to South 4, every deal passed on by a non-dealer's ron: C ends on top, then A, D and B."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    for hand, points in enumerate([1000, 2000, 3900, 5200, 1300, 8000, 2600, 700]):
        dealer = hand % 4
        ledger.add_win(match, (dealer + 1) % 4, "ron", {(dealer + 2) % 4: points})
    assert ledger.state(match).ended and ledger.state(match).totals == (24400, 21400, 32700, 21500)
    return ledger, match


def test_an_ended_match_shows_its_final_standings_and_no_dealer(home, page):
    """The end of a match said why, not who won ("Highest total wins", RULES.md), and still named a dealer for a
    hand that never comes."""
    ledger, match = _ended_hanchan(home)
    totals = ledger.state(match).totals
    order = sorted(range(4), key=lambda s: -totals[s])
    at = page("ledger", "tokyo-mahjong")
    body = texts(at)
    assert not at.exception
    assert "Final standings" in body
    for place, seat in enumerate(order, 1):
        nth = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
        assert f"{place}{nth} {'ABCD'[seat]}: {totals[seat]:,}" in body
    assert "Dealer" not in body and not [m for m in at.metric if "(Dealer)" in m.label]
    ja = texts(page("ledger", "tokyo-mahjong", lang="ja"))
    assert "最終順位" in ja and f"1位 {'ABCD'[order[0]]}: {totals[order[0]]:,}" in ja and "親:" not in ja


def test_equal_totals_at_the_end_share_a_place_and_say_so(home, page):
    """RULES.md sets no order for equal totals: they share a place, and the page says that no order is set."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(match, 1, "ron", {0: 500})
    ledger.add_win(match, 2, "ron", {0: 500})  # Ann has nothing left; Bo and Cy 1,500 each
    assert ledger.state(match).ended
    body = texts(page("ledger", "nogizaka"))
    assert "1st Bo: 1,500" in body and "1st Cy: 1,500" in body and "3rd Di: 1,000" in body and "4th Ann: 0" in body
    assert "Equal totals share a place" in body
    assert "同点は同じ順位" in texts(page("ledger", "nogizaka", lang="ja"))


def test_the_rules_summary_says_what_the_ledger_does(home, page):
    """The rules page's table rules said Yokai Watch needs a riichi for every win (RULES.md: not a hand one tile
    from winning as dealt), Tokyo Mahjong ends when a player "has nothing left" (it ends below 0), and a honba only
    with the dealer tenpai (one is added after every draw); and nothing of noten payments, honba or a chombo."""
    yokai = texts(page("rules", "yokai-watch"))
    assert "A win needs a riichi first, except with a hand one tile from winning as dealt." in yokai
    tokyo = texts(page("rules", "tokyo-mahjong"))
    assert "a player's total falls below 0" in tokyo and "nothing left" not in tokyo
    assert "After a draw the dealer keeps it when tenpai." in tokyo and "(a honba is added)" not in tokyo
    assert "After an exhaustive draw the noten players pay 3,000 points in all, shared by the tenpai players." in tokyo
    assert ("A honba is added by a dealer's win and by every draw; another player's win clears them. Each adds 300 "
            "to a ron and 100 to each payment of a tsumo.") in tokyo
    nogizaka = texts(page("rules", "nogizaka"))
    assert "A player who makes a chombo pays 300 points in all to the others." in nogizaka and "a player has nothing left" in nogizaka
    ja = texts(page("rules", "tokyo-mahjong", lang="ja"))
    assert "ノーテンの人が合計 3,000" in ja and "持ち点がマイナスになると (トビ)" in ja


def test_a_double_ron_on_the_discard_that_ended_the_match_is_added_from_the_score_page(home, page):
    """South 4: the first winner's ron ended the match (the deal went round twice). The ledger takes another
    winner on that discard, but the score page said only "The match has ended" and offered no button: the second
    winner's points were lost."""
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    for hand in range(7):  # East 1 .. South 3, each deal passed on by a non-dealer's ron
        dealer = hand % 4
        ledger.add_win(match, (dealer + 1) % 4, "ron", {(dealer + 2) % 4: 1000})
    ledger.add_win(match, 0, "ron", {1: 1000})  # South 4, seat 3 deals: seat 0 rons seat 1's discard
    assert ledger.state(match).ended
    at = page("score_manual", "tokyo-mahjong")
    typed_ron_without_riichi(at)
    assert any("The match has ended" in w.value for w in at.warning)
    assert not [b for b in at.button if b.key == "manual_add_ledger"]  # a hand of its own: none after the end
    at.checkbox(key="manual_same_discard").check().run()
    at.selectbox(key="manual_winner").set_value(2).run()  # seat 2 sat north in seat 3's deal
    at.selectbox(key="manual_seat").set_value("north").run()
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    last = ledger.hands(match)[-1]
    assert last.winner == 2 and last.win_kind == "ron-same-discard" and list(last.payments) == [1]
    state = ledger.state(match)
    assert state.ended and state.totals == (25000, 25000 - last.payments[1], 25000 + last.payments[1], 25000)
