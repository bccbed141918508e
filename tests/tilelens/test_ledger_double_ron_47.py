"""A double ron in the ledger: the riichi sticks on the table and the honba go to the winner nearest the
discarder in turn order (the head bump, the standard riichi rule), whatever order the wins are entered in.

Every figure is worked out by hand from RULES.md 002 and the standard riichi payment table.
Seats in turn order: 0 = A, 1 = B, 2 = C, 3 = D; A deals first. The app prices the first ron entered on a
discard with the table's honba and a further winner on it with none; the ledger moves the honba to the nearer.
"""
import pytest

from tilelens.ledger import DEFAULT_RULES, SAME_DISCARD, HandKind, HandRecord, Ledger, replay


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def draw_with_a_stick(ledger):
    """E1-0: A (dealer) declares riichi and is alone tenpai at the draw: each noten pays A 1,000.
    A 25,000 - 1,000 + 3,000 = 27,000; B, C, D 24,000; pot 1,000; A keeps the deal, honba 1."""
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_draw(m, riichi=(0,))
    s = ledger.state(m)
    assert (s.totals, s.dealer, s.honba, s.pot) == ((27000, 24000, 24000, 24000), 0, 1, 1000)
    return m


# E1-1: C declares riichi (pot 2,000); D discards and both B and C ron it. After D in turn order come A, B, C:
# B is the nearer winner and takes the pot (2,000) and the honba (300).
# B: 2 han 30 fu non-dealer 2,000 + 300 = 2,300; C: 3 han 30 fu non-dealer 3,900 (no honba).
# B 24,000 + 2,300 + 2,000 = 28,300; C 24,000 - 1,000 + 3,900 = 26,900; D 24,000 - 6,200 = 17,800; A 27,000.
AFTER = (27000, 28300, 26900, 17800)


def test_nearer_winner_entered_first_takes_sticks_and_honba(ledger):
    m = draw_with_a_stick(ledger)
    ledger.add_win(m, 1, "ron", {3: 2300})  # B first, priced with the table's 1 honba
    ledger.add_win(m, 2, "ron", {3: 3900}, riichi=(2,), same_discard=True)  # C, priced with honba 0
    s = ledger.state(m)
    assert s.totals == AFTER and s.pot == 0
    # the dealer (A) won neither: the deal moves once, to B; honba back to 0
    assert (s.dealer, s.dealer_moves, s.honba) == (1, 1, 0)


def test_farther_winner_entered_first_gives_the_same_table(ledger):
    m = draw_with_a_stick(ledger)
    # C entered first: priced with the table's 1 honba, 3,900 + 300 = 4,200; C's stick entered with it.
    ledger.add_win(m, 2, "ron", {3: 4200}, riichi=(2,))
    # C alone so far: C takes the pot (A's and C's sticks) and the honba: 24,000 - 1,000 + 4,200 + 2,000 = 29,200
    assert ledger.state(m).totals == (27000, 24000, 29200, 19800)
    ledger.add_win(m, 1, "ron", {3: 2000}, same_discard=True)  # B, priced with honba 0 as the app says
    s = ledger.state(m)
    # B is nearer D than C: the pot and the honba move to B; D pays 6,200 either way
    assert s.totals == AFTER and s.pot == 0
    assert (s.dealer, s.dealer_moves, s.honba) == (1, 1, 0)
    assert s.history[-1] == AFTER and s.history[-2] == (27000, 24000, 27200, 19800)
    # undo the nearer winner: C has the pot and the honba again
    ledger.undo(m)
    assert ledger.state(m).totals == (27000, 24000, 29200, 19800)
    ledger.add_win(m, 1, "ron", {3: 2000}, same_discard=True)
    assert ledger.state(m).totals == AFTER


def test_head_bump_wraps_round_the_table():
    """The discarder C (2); A (0) and D (3) ron. After C comes D, then A: D is the nearer, though A's seat number
    is lower. Honba 0 and a 1,000 stick of A's own: D takes it back from A.
    A: 1 han 30 fu 1,000; D: 2 han 30 fu 2,000. A 25,000 - 1,000 + 1,000 = 25,000; D 25,000 + 2,000 + 1,000
    = 28,000; C 25,000 - 3,000 = 22,000."""
    rules = DEFAULT_RULES["tokyo-mahjong"]
    a_first = [HandRecord(0, HandKind.WIN, 0, "ron", {2: 1000}, (0,)),
               HandRecord(1, HandKind.WIN, 3, SAME_DISCARD, {2: 2000})]
    d_first = [HandRecord(0, HandKind.WIN, 3, "ron", {2: 2000}, (0,)),
               HandRecord(1, HandKind.WIN, 0, SAME_DISCARD, {2: 1000})]
    for hands in (a_first, d_first):
        s = replay(4, rules, hands)
        assert s.totals == (25000, 25000, 22000, 28000) and s.pot == 0
        # the dealer A won: A keeps the deal, honba 1
        assert (s.dealer, s.honba) == (0, 1)
