"""Whole matches played through the ledger, hand by hand, as a table would over an evening.

Every expected figure below is worked out by hand from /work/shared/rules/RULES.md (and, for Tokyo Mahjong's
hand values, the standard riichi payment table), never read back from the code: the comments show the sums.
Seats: 0 = A, 1 = B, 2 = C, 3 = D; A deals first.
"""
import pytest

from scorer import load_game
from tilelens.ledger import Ledger, LedgerError, chombo_payments, standings, standings_csv


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def table(ledger, m):
    """(totals, dealer, dealer moves, honba, pot, ended) of match ``m`` now."""
    s = ledger.state(m)
    return s.totals, s.dealer, s.dealer_moves, s.honba, s.pot, s.ended


def conserved(ledger, m, start, players=4):
    """Points are never made or lost: the totals and the chips on the table add up to what the players began with."""
    s = ledger.state(m)
    assert sum(s.totals) + s.pot == start * players


# --- Tokyo Mahjong: a hanchan (East and South rounds, RULES.md 002) ---------------------------------------------

def play_east(ledger, m):
    """East 1 to East 4, checked hand by hand."""
    # E1-0, A deals. A declares riichi (1,000 stick) and rons C for 2,900 (dealer 2 han 30 fu), taking the stick back.
    ledger.add_win(m, 0, "ron", {2: 2900}, riichi=(0,))
    # A: 25,000 - 1,000 + 2,900 + 1,000 = 27,900; C: 25,000 - 2,900 = 22,100. Dealer win: renchan, honba 1.
    assert table(ledger, m) == ((27900, 25000, 22100, 25000), 0, 0, 1, 0, False)
    # E1-1: B declares riichi; exhaustive draw, A (dealer) and B tenpai, C and D noten: 3,000 noten payments,
    # each noten pays each tenpai 750. The dealer was tenpai: it keeps the deal, honba 2. B's stick stays.
    ledger.add_draw(m, tenpai=(0,), riichi=(1,))  # B in riichi is tenpai (a riichi is declared on a tenpai hand)
    # A 27,900 + 1,500 = 29,400; B 25,000 - 1,000 + 1,500 = 25,500; C 22,100 - 1,500 = 20,600; D 23,500.
    assert table(ledger, m) == ((29400, 25500, 20600, 23500), 0, 0, 2, 1000, False)
    assert ledger.hands(m)[-1].tenpai == (0, 1)
    # E1-2: D tsumo, 2 han 30 fu non-dealer: 500 / 1,000, plus 100 each per honba (2): A (dealer) 1,200, B and C
    # 700. D takes B's stick. A non-dealer win: the deal moves to B, honba back to 0.
    ledger.add_win(m, 3, "tsumo", {0: 1200, 1: 700, 2: 700})
    # D 23,500 + 2,600 + 1,000 = 27,100.
    assert table(ledger, m) == ((28200, 24800, 19900, 27100), 1, 1, 0, 0, False)
    # E2-0, B deals: a draw with nobody tenpai: nothing paid, the dealer was noten, the deal moves to C, honba 1.
    ledger.add_draw(m)
    assert table(ledger, m) == ((28200, 24800, 19900, 27100), 2, 2, 1, 0, False)
    # E3-1, C deals: C and A declare riichi; D discards and both A and B ron it (a double ron).
    # A: 3 han 30 fu non-dealer 3,900 + 300 (1 honba) = 4,200; A is D's first in turn order (head bump) and takes
    # both sticks. B: 2 han 30 fu 2,000 (the honba goes once, to the first winner, as the pot does).
    ledger.add_win(m, 0, "ron", {3: 4200}, riichi=(0, 2))
    ledger.add_win(m, 1, "ron", {3: 2000}, same_discard=True)
    # A 28,200 - 1,000 + 4,200 + 2,000 = 33,400; B 26,800; C 19,900 - 1,000 = 18,900; D 27,100 - 6,200 = 20,900.
    # The dealer (C) won neither: the deal moves once, to D; honba 0.
    assert table(ledger, m) == ((33400, 26800, 18900, 20900), 3, 3, 0, 0, False)
    # E4-0, D deals and rons B for a dealer mangan, 12,000: renchan, honba 1.
    ledger.add_win(m, 3, "ron", {1: 12000})
    assert table(ledger, m) == ((33400, 14800, 18900, 32900), 3, 3, 1, 0, False)
    # E4-1: B rons D, mangan 8,000 + 300 = 8,300: the deal moves to A: South 1 (one lap of the deal done).
    ledger.add_win(m, 1, "ron", {3: 8300})
    assert table(ledger, m) == ((33400, 23100, 18900, 24600), 0, 4, 0, 0, False)
    assert ledger.state(m).round_index == 1  # South
    conserved(ledger, m, 25000)


def play_south_to_all_last(ledger, m):
    """South 1 to South 4 honba 2 (the match still on), checked hand by hand."""
    # S1-0, A deals: A declares riichi; draw with A alone tenpai: each noten pays 1,000. A keeps, honba 1.
    ledger.add_draw(m, riichi=(0,))
    # A 33,400 - 1,000 + 3,000 = 35,400; B 22,100; C 17,900; D 23,600; pot 1,000.
    assert table(ledger, m) == ((35400, 22100, 17900, 23600), 0, 4, 1, 1000, False)
    # S1-1: C tsumo haneman, non-dealer 3,000 / 6,000 + 100 each: A (dealer) 6,100, B and D 3,100; C takes the pot.
    ledger.add_win(m, 2, "tsumo", {0: 6100, 1: 3100, 3: 3100})
    # C 17,900 + 12,300 + 1,000 = 31,200. The deal moves to B (South 2), honba 0.
    assert table(ledger, m) == ((29300, 19000, 31200, 20500), 1, 5, 0, 0, False)
    # S2-0, B deals and rons C for 1,500 (dealer 1 han 30 fu): renchan, honba 1.
    ledger.add_win(m, 1, "ron", {2: 1500})
    assert table(ledger, m) == ((29300, 20500, 29700, 20500), 1, 5, 1, 0, False)
    # S2-1: B and D declare riichi; everyone is tenpai: no noten payments; the dealer was tenpai: honba 2.
    ledger.add_draw(m, tenpai=(0, 1, 2, 3), riichi=(1, 3))
    assert table(ledger, m) == ((29300, 19500, 29700, 19500), 1, 5, 2, 2000, False)
    # S2-2: D rons A for 1,000 + 600 (2 honba) and takes both sticks: D 19,500 + 1,600 + 2,000 = 23,100.
    ledger.add_win(m, 3, "ron", {0: 1600})
    assert table(ledger, m) == ((27700, 19500, 29700, 23100), 2, 6, 0, 0, False)
    # S3-0, C deals: A tsumo 3 han 30 fu non-dealer, 1,000 / 2,000: C (dealer) 2,000, B and D 1,000. South 4 next.
    ledger.add_win(m, 0, "tsumo", {1: 1000, 2: 2000, 3: 1000})
    assert table(ledger, m) == ((31700, 18500, 27700, 22100), 3, 7, 0, 0, False)
    # S4-0 (all last), D deals and rons B for 5,800 (dealer 3 han 30 fu): a dealer win keeps the deal, even in the
    # last hand: the match goes on (RULES.md sets no other end: every seat deals twice).
    ledger.add_win(m, 3, "ron", {1: 5800})
    assert table(ledger, m) == ((31700, 12700, 27700, 27900), 3, 7, 1, 0, False)
    # S4-1: a draw, D alone tenpai: D keeps the deal and is now in the lead: the match still goes on (RULES.md has
    # no "the all-last dealer in the lead may stop").
    ledger.add_draw(m, tenpai=(3,))
    assert table(ledger, m) == ((30700, 11700, 26700, 30900), 3, 7, 2, 0, False)
    conserved(ledger, m, 25000)


def test_tokyo_mahjong_hanchan_hand_by_hand(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    assert table(ledger, m) == ((25000,) * 4, 0, 0, 0, 0, False)
    play_east(ledger, m)
    play_south_to_all_last(ledger, m)
    # S4-2: C rons D for 3,900 + 600: the dealer loses the deal after South 4: every seat has dealt twice, the end.
    ledger.add_win(m, 2, "ron", {3: 4500})
    s = ledger.state(m)
    assert s.totals == (30700, 11700, 31200, 26400) and s.pot == 0
    assert s.ended and s.end_reason == "every player has dealt twice"
    assert s.hands == 17 and s.played == 16  # the double ron's second winner is no hand of its own
    assert standings(s.totals) == [(1, 2, 31200), (2, 0, 30700), (3, 3, 26400), (4, 1, 11700)]
    with pytest.raises(LedgerError, match="has ended"):
        ledger.add_draw(m)
    # Undo at the end: back to South 4 honba 2, D dealing, the match open again.
    ledger.undo(m)
    assert table(ledger, m) == ((30700, 11700, 26700, 30900), 3, 7, 2, 0, False)
    # ... and the last hand played otherwise: a draw, A in riichi and alone tenpai, the dealer noten: the deal
    # moves on after South 4, the end, with A's stick left on the table (RULES.md gives it to no one).
    ledger.add_draw(m, riichi=(0,))
    s = ledger.state(m)
    # A 30,700 - 1,000 + 3,000 = 32,700; B 10,700; C 25,700; D 29,900; pot 1,000.
    assert (s.totals, s.pot, s.ended, s.honba) == ((32700, 10700, 25700, 29900), 1000, True, 3)
    assert standings(s.totals)[0] == (1, 0, 32700)
    conserved(ledger, m, 25000)


def test_tokyo_mahjong_undo_in_the_middle_of_a_hanchan(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    # Undo the last hand of the East round (B's ron on D): back to East 4 honba 1, D dealing.
    ledger.undo(m)
    assert table(ledger, m) == ((33400, 14800, 18900, 32900), 3, 3, 1, 0, False)
    # Undo the double ron's second winner, then its first: each is a hand of the ledger; after the first undo the
    # table is as after A's ron alone (the dealer C did not win: the deal moved to D).
    ledger.undo(m)  # D's dealer mangan
    ledger.undo(m)  # B, the second winner on D's discard
    assert table(ledger, m) == ((33400, 24800, 18900, 22900), 3, 3, 0, 0, False)
    ledger.undo(m)  # A, the first winner: East 3 honba 1 again, C dealing, no sticks down yet
    assert table(ledger, m) == ((28200, 24800, 19900, 27100), 2, 2, 1, 0, False)
    # played again the same way: the same table as before
    ledger.add_win(m, 0, "ron", {3: 4200}, riichi=(0, 2))
    ledger.add_win(m, 1, "ron", {3: 2000}, same_discard=True)
    assert table(ledger, m) == ((33400, 26800, 18900, 20900), 3, 3, 0, 0, False)


def test_tokyo_mahjong_bust_ends_the_hanchan_and_a_double_ron_on_the_busting_discard_is_taken(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    play_south_to_all_last(ledger, m)
    # S4-2: D (dealer) rons B for 11,600 + 600 = 12,200: B 11,700 - 12,200 = -500, below 0: the match ends there.
    ledger.add_win(m, 3, "ron", {1: 12200})
    s = ledger.state(m)
    assert s.totals == (30700, -500, 26700, 43100)
    assert s.ended and s.end_reason == "a player's total has fallen below 0"
    # A also rons that discard (double ron): taken, as the discard came before the end; A 30,700 + 2,000.
    ledger.add_win(m, 0, "ron", {1: 2000}, same_discard=True)
    s = ledger.state(m)
    assert s.totals == (32700, -2500, 26700, 43100) and s.ended
    assert standings(s.totals) == [(1, 3, 43100), (2, 0, 32700), (3, 2, 26700), (4, 1, -2500)]
    # a player at exactly 0 is not bust: the match plays on (RULES.md 002 names no bust: the ledger ends it below 0)
    z = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(z, 1, "ron", {0: 12000})
    ledger.add_win(z, 1, "ron", {0: 13000})  # A: 25,000 - 12,000 - 13,000 = 0
    assert ledger.state(z).totals[0] == 0 and not ledger.state(z).ended


def test_tokyo_mahjong_csv_of_the_ended_hanchan_has_the_standings(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    play_south_to_all_last(ledger, m)
    ledger.add_win(m, 2, "ron", {3: 4500})
    rows = ledger.to_csv(m, standings=True).splitlines()
    assert rows == ["place,player,total (points)", "1,C,31200", "2,A,30700", "3,D,26400", "4,B,11700"]


# --- Cinderella Girls NEO (RULES.md 000) ------------------------------------------------------------------------

def test_cinderella_neo_match_of_two_laps(ledger):
    """100 (万) each; no riichi chip; the dealer seat moves left every hand, after a dealer win and a draw too;
    exhaustive draw: nobody pays; the match ends when every player has dealt twice. No chombo penalty."""
    m = ledger.new_match("cinderella-neo", ["A", "B", "C", "D"])
    assert table(ledger, m) == ((100,) * 4, 0, 0, 0, 0, False)
    ledger.add_win(m, 0, "ron", {1: 12})             # the dealer wins: the deal still moves, to B
    assert table(ledger, m) == ((112, 88, 100, 100), 1, 1, 0, 0, False)
    ledger.add_win(m, 2, "tsumo", {0: 1, 1: 1, 3: 1})  # リハーサルライブセット 3 by tsumo: 1 from each
    assert table(ledger, m) == ((111, 87, 103, 99), 2, 2, 0, 0, False)
    ledger.add_draw(m)                                # nobody pays; the deal moves to D
    assert table(ledger, m) == ((111, 87, 103, 99), 3, 3, 0, 0, False)
    # a 24 tsumo split three ways: 8 each; a 36 ron paid in full; the favourite idol doubles a 6 to 12
    ledger.add_win(m, 3, "tsumo", {0: 8, 1: 8, 2: 8})
    ledger.add_win(m, 1, "ron", {3: 36})
    ledger.add_win(m, 1, "tsumo", {0: 4, 2: 4, 3: 4})
    ledger.add_draw(m)
    # (111-8-4, 87-8+36+12, 103-8-4, 99+24-36-4) = (99, 127, 91, 83); 7 deals so far, not yet the end
    assert table(ledger, m) == ((99, 127, 91, 83), 3, 7, 0, 0, False)
    with pytest.raises(LedgerError, match="define no chombo penalty"):
        chombo_payments(load_game("cinderella-neo"), 0, 4, ledger.match(m).rules)
    ledger.add_win(m, 3, "ron", {2: 6})  # D, the last dealer, wins: the deal moves all the same: 8 deals, the end
    s = ledger.state(m)
    assert s.totals == (99, 127, 85, 89) and s.ended and s.end_reason == "every player has dealt twice"
    assert standings(s.totals) == [(1, 1, 127), (2, 0, 99), (3, 3, 89), (4, 2, 85)]
    ledger.undo(m)
    assert table(ledger, m) == ((99, 127, 91, 83), 3, 7, 0, 0, False)
    conserved(ledger, m, 100)


def test_cinderella_neo_match_ends_when_a_player_has_nothing_left(ledger):
    """RULES.md: the match "ends as soon as a player has nothing left": a player at exactly 0 ends it."""
    m = ledger.new_match("cinderella-neo", ["A", "B", "C"])
    ledger.add_win(m, 0, "ron", {1: 60})   # B: 40
    assert not ledger.state(m).ended
    ledger.add_win(m, 2, "ron", {1: 36})   # B: 4
    assert not ledger.state(m).ended
    ledger.add_win(m, 0, "tsumo", {1: 4, 2: 4})  # B: 0, nothing left
    s = ledger.state(m)
    assert s.totals == (168, 0, 132) and s.ended and s.end_reason == "a player has nothing left"
    assert standings(s.totals) == [(1, 0, 168), (2, 2, 132), (3, 1, 0)]


# --- Nogizaka Donjara (RULES.md 001) ----------------------------------------------------------------------------

def test_nogizaka_match_with_chips_draws_chombo_and_the_end(ledger):
    """1000 each; a riichi puts a 10 chip down, the winner takes all chips, after a draw they stay; 基本セット 60:
    ron 60, tsumo 20 from each; the dealer keeps the deal after winning, and after a draw if it had declared
    riichi; chombo 300 (100 to each other player), the same dealer deals again."""
    game = load_game("nogizaka")
    m = ledger.new_match(game, ["A", "B", "C", "D"])
    rules = ledger.match(m).rules
    ledger.add_win(m, 0, "tsumo", {1: 20, 2: 20, 3: 20}, riichi=(0,))  # the dealer wins: keeps the deal
    assert table(ledger, m) == ((1060, 980, 980, 980), 0, 0, 0, 0, False)
    ledger.add_draw(m, riichi=(0, 2))  # the dealer declared riichi: it keeps the deal; 20 in chips stay
    assert table(ledger, m) == ((1050, 980, 970, 980), 0, 0, 0, 20, False)
    ledger.add_draw(m, riichi=(1,))    # the dealer had not: the deal moves to B; 30 on the table
    assert table(ledger, m) == ((1050, 970, 970, 980), 1, 1, 0, 30, False)
    # D declares a win on a tile that does not complete the hand: chombo, 300, 100 to each other player
    pays = chombo_payments(game, 3, 4, rules)
    assert pays == {0: 100, 1: 100, 2: 100}
    ledger.add_chombo(m, 3, pays)
    # the hand is void: B deals again; the 30 in chips stay on the table
    assert table(ledger, m) == ((1150, 1070, 1070, 680), 1, 1, 0, 30, False)
    ledger.add_win(m, 2, "ron", {3: 60}, riichi=(2,))  # C takes 60 and the 40 in chips; B did not win: C deals
    assert table(ledger, m) == ((1150, 1070, 1160, 620), 2, 2, 0, 0, False)
    for _ in range(5):  # five draws, no riichi: the deal moves each time, to seat 3, 0, 1, 2, 3
        ledger.add_draw(m)
    assert table(ledger, m) == ((1150, 1070, 1160, 620), 3, 7, 0, 0, False)
    # D, the last dealer, wins: keeps the deal (the match goes on)
    ledger.add_win(m, 3, "ron", {0: 60})
    assert table(ledger, m) == ((1090, 1070, 1160, 680), 3, 7, 0, 0, False)
    # D wins again, by tsumo, and then loses the deal on a draw without its riichi: every player has dealt twice
    ledger.add_win(m, 3, "tsumo", {0: 20, 1: 20, 2: 20})
    ledger.add_draw(m, riichi=(1,))
    s = ledger.state(m)
    assert s.totals == (1070, 1040, 1140, 740) and s.pot == 10
    assert s.ended and s.end_reason == "every player has dealt twice"
    assert standings(s.totals) == [(1, 2, 1140), (2, 0, 1070), (3, 1, 1040), (4, 3, 740)]
    conserved(ledger, m, 1000)
    ledger.undo(m)
    assert table(ledger, m) == ((1070, 1050, 1140, 740), 3, 7, 0, 0, False)


def test_nogizaka_chombo_that_leaves_nothing_ends_the_match(ledger):
    game = load_game("nogizaka")
    m = ledger.new_match(game, ["A", "B", "C", "D"])
    rules = ledger.match(m).rules
    for _ in range(3):  # B: 1000 - 3 x 300 = 100; the others 100 x 3 each
        ledger.add_chombo(m, 1, chombo_payments(game, 1, 4, rules))
    assert table(ledger, m) == ((1300, 100, 1300, 1300), 0, 0, 0, 0, False)
    ledger.add_win(m, 0, "ron", {1: 60})
    assert not ledger.state(m).ended  # B: 40
    ledger.add_chombo(m, 1, chombo_payments(game, 1, 4, rules))  # B: 40 - 300 = -260: the match ends
    s = ledger.state(m)
    assert s.totals == (1460, -260, 1400, 1400) and s.ended and s.end_reason == "a player has nothing left"
    assert s.played == 1  # the chombos' hands are dealt again: one hand played


# --- Yokai Watch Donjara (RULES.md 003) -------------------------------------------------------------------------

def test_yokai_watch_match_rotation_chips_and_end(ledger):
    """1000 each; a riichi puts a 10 chip down; tsumo of 100 among 3 payers: 40 each (rounded up to the chip);
    ron: the discarder pays 100; chips carry over a draw; the dealer moves clockwise each hand except a dealer who
    wins keeps it (a draw moves it, even with the dealer in riichi). No chombo penalty."""
    m = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40, 3: 40}, riichi=(0,))  # dealer tsumo: keeps, 1120
    assert table(ledger, m) == ((1120, 960, 960, 960), 0, 0, 0, 0, False)
    ledger.add_draw(m, riichi=(0, 3))  # the dealer's riichi does not keep the deal here; 20 in chips stay
    assert table(ledger, m) == ((1110, 960, 960, 950), 1, 1, 0, 20, False)
    ledger.add_win(m, 2, "ron", {1: 100})  # C takes 100 and the 20 in chips; B (dealer) lost: C deals
    assert table(ledger, m) == ((1110, 860, 1080, 950), 2, 2, 0, 0, False)
    with pytest.raises(LedgerError, match="define no chombo penalty"):
        chombo_payments(load_game("yokai-watch"), 0, 4, ledger.match(m).rules)
    # two-player Yokai Watch (RULES.md: walls even with 2 or 3 players): tsumo 100 from the one other
    two = ledger.new_match("yokai-watch", ["A", "B"])
    for _ in range(9):  # A, the dealer, wins 100 nine times running: keeps the deal; B 1000 - 900 = 100
        ledger.add_win(two, 0, "tsumo", {1: 100})
    assert table(ledger, two) == ((1900, 100), 0, 0, 0, 0, False)
    ledger.add_win(two, 0, "ron", {1: 100})  # B: 0, nothing left: the end
    s = ledger.state(two)
    assert s.totals == (2000, 0) and s.ended and s.end_reason == "a player has nothing left"
    ledger.undo(two)
    assert not ledger.state(two).ended
    # three draws and a non-dealer win: 4 deal moves of the 4 (2 laps x 2 players): the end
    ledger.add_draw(two)
    ledger.add_draw(two)
    ledger.add_draw(two)
    assert table(ledger, two) == ((1900, 100), 1, 3, 0, 0, False)
    ledger.add_win(two, 0, "ron", {1: 60})
    s = ledger.state(two)
    assert s.totals == (1960, 40) and s.ended and s.end_reason == "every player has dealt twice"


def test_standings_of_a_tied_end(ledger):
    """RULES.md: "Highest total wins"; it sets no order for equal totals: they share a place."""
    m = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    for winner, payer in ((1, 0), (2, 3), (3, 2), (0, 1), (0, 1), (1, 0), (2, 3), (3, 2)):
        ledger.add_win(m, winner, "ron", {payer: 100})
    # deal moves: 1, 2, 3, 4 (to A), A wins as dealer (kept), then 5, 6, 7; every total back to 1000
    assert table(ledger, m) == ((1000, 1000, 1000, 1000), 3, 7, 0, 0, False)
    ledger.add_draw(m)  # D, the last dealer, loses the deal: the end, all four level
    s = ledger.state(m)
    assert s.ended and standings(s.totals) == [(1, 0, 1000), (1, 1, 1000), (1, 2, 1000), (1, 3, 1000)]
    assert standings_csv(ledger.match(m), s).splitlines()[-4:] == ["1,A,1000", "1,B,1000", "1,C,1000", "1,D,1000"]


def test_the_standings_of_a_match_ended_with_chips_on_the_table_and_the_chips_left(ledger):
    """A hanchan that ended on a draw with A's riichi stick down: the CSV's totals add up to 99,000 of the 100,000
    the players began with, and it did not say where the other 1,000 were."""
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    play_south_to_all_last(ledger, m)
    ledger.add_draw(m, riichi=(0,))
    rows = ledger.to_csv(m, standings=True).splitlines()
    assert rows == ["place,player,total (points)", "1,A,32700", "2,D,29900", "3,C,25700", "4,B,10700"]
    assert ledger.state(m).pot == 1000  # left on the table: show --json's pot


def test_tokyo_mahjong_all_last_double_ron_with_the_dealer_second_keeps_the_match_going(ledger):
    """South 4: C rons B's discard, which ends the hanchan (the deal would pass after South 4); D, the dealer, rons
    the same discard: a dealer among the winners keeps the deal (RULES.md: a dealer win keeps the seat, honba +1),
    so the match goes on; undoing D's ron ends it again."""
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    play_south_to_all_last(ledger, m)
    ledger.add_win(m, 2, "ron", {1: 2000 + 600})  # C: 2 han 30 fu, 2,000 + 2 honba
    assert ledger.state(m).ended
    ledger.add_win(m, 3, "ron", {1: 2900}, same_discard=True)  # D: dealer 2 han 30 fu
    assert table(ledger, m) == ((30700, 11700 - 2600 - 2900, 26700 + 2600, 30900 + 2900), 3, 7, 3, 0, False)
    ledger.undo(m)
    assert ledger.state(m).ended and ledger.state(m).totals == (30700, 9100, 29300, 30900)


def test_tokyo_mahjong_payments_priced_by_the_scorer_land_on_the_right_seats():
    """Two tsumo of the hanchan above priced by the scorer as the score page prices them (the winner's seat wind
    from the dealer, the ledger's honba) and placed on seats: the same figures as worked out by hand."""
    from scorer import score
    from tilelens.ledger import seat_payments

    game = load_game("tokyo-mahjong")
    # E1-2: D (north while A deals) tsumo, white dragon + menzen tsumo, 2 han 30 fu, 2 honba: 1,200 / 700 / 700
    r = score(game, "234m456p678s22z555z", win_tile="8s", win="tsumo", seat="north", honba=2)
    assert seat_payments(r.payments, 3, 0, 4, "tsumo") == {0: 1200, 1: 700, 2: 700}
    # S3-0: A (west while C deals) tsumo, white dragon + menzen tsumo + a dora, 3 han 30 fu: C 2,000, B and D 1,000
    r = score(game, "234m456p678s22z555z", win_tile="8s", win="tsumo", seat="west", dora_indicators=["1m"])
    assert seat_payments(r.payments, 0, 2, 4, "tsumo") == {1: 1000, 2: 2000, 3: 1000}


def test_donjara_payments_priced_by_the_scorer():
    """RULES.md: Yokai Watch tsumo 100 split among the others, each share rounded up to the 10 chip (40 each of 3,
    50 each of 2); Nogizaka 基本セット tsumo 20 from each of the 3 others."""
    from scorer import score
    from tilelens.ledger import seat_payments

    yokai = load_game("yokai-watch")
    hand = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
    r = score(yokai, hand, win="tsumo", riichi=True, players=4)
    assert seat_payments(r.payments, 2, 1, 4, "tsumo") == {0: 40, 1: 40, 3: 40}
    assert [p.amount for p in score(yokai, hand, win="tsumo", riichi=True, players=3).payments] == [50, 50]
    nogi = load_game("nogizaka")
    ids = [k.id for k in nogi.tiles if not k.id.startswith("almighty")]
    members = list(dict.fromkeys(ids))[:3]
    r = score(nogi, [members[0]] * 3 + [members[1]] * 3 + [members[2]] * 3, win="tsumo", riichi=True, players=4)
    assert seat_payments(r.payments, 0, 0, 4, "tsumo") == {1: 20, 2: 20, 3: 20}


def test_the_last_deal_is_known_before_it_is_played(ledger):
    """The table is told when the hand to play is in the match's last deal (the deal passing on ends it)."""
    from tilelens.ledger import last_deal

    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    play_east(ledger, m)
    assert not last_deal(ledger.state(m), ledger.match(m).rules)  # South 1
    play_south_to_all_last(ledger, m)
    assert last_deal(ledger.state(m), ledger.match(m).rules)  # South 4 honba 2
    ledger.add_win(m, 2, "ron", {3: 4500})
    assert not last_deal(ledger.state(m), ledger.match(m).rules)  # ended: no deal to come
    two = ledger.new_match("cinderella-neo", ["A", "B"])
    ledger.add_draw(two)
    ledger.add_draw(two)
    assert not last_deal(ledger.state(two), ledger.match(two).rules)
    ledger.add_draw(two)
    assert last_deal(ledger.state(two), ledger.match(two).rules)  # the 4th of 2 x 2 deals


def test_a_hand_priced_by_the_cli_at_the_ledgers_table_lands_as_worked_out(ledger, capsys):
    """E1-2 of the hanchan priced with `tilelens score --json` at the table the ledger says (honba 2, one riichi
    stick down, D north while A deals), then entered: the figures worked out by hand, and D receives what the CLI
    says the winner receives (payments and the stick)."""
    import json

    from scorer import Payment
    from tilelens.cli import main as tilelens
    from tilelens.ledger import WINDS, seat_payments

    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(m, 0, "ron", {2: 2900}, riichi=(0,))
    ledger.add_draw(m, tenpai=(0,), riichi=(1,))
    s = ledger.state(m)
    seat = WINDS[(3 - s.dealer) % 4]
    assert (seat, s.honba, s.pot) == ("north", 2, 1000)
    assert tilelens(["score", "--game", "tokyo-mahjong", "234m456p678s22z555z", "--win", "tsumo", "--seat", seat,
                     "--honba", str(s.honba), "--riichi-sticks", str(s.pot // 1000), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    pays = seat_payments([Payment(p["payer"], p["amount"], p["note"]) for p in out["payments"]], 3, s.dealer, 4,
                         "tsumo")
    assert pays == {0: 1200, 1: 700, 2: 700}
    ledger.add_win(m, 3, "tsumo", pays)
    after = ledger.state(m)
    assert after.totals == (28200, 24800, 19900, 27100)
    assert after.totals[3] - s.totals[3] == out["extra"]["total_received"] == 3600
