"""Session 50: a third ron on one discard at a riichi table. RULES.md 002 is silent; the ledger took it without
comment. Settled (README, settled gaps): three rons on one discard are an abortive draw (sanchahou, the common
Japanese rule), so the ledger refuses a third winner with one message in both languages that says how to record
the hand (undo the rons on the discard and record a draw with every player tenpai); the replay keeps at most two
winners on a discard (one head bump). A double ron is still taken, and a Cinderella Girls "each in full" table, whose
rules pay each winner in full, still takes three.

Seats in turn order: 0 = A, 1 = B, 2 = C, 3 = D; A deals first."""
import pytest

from tilelens.ledger import SAME_DISCARD, Ledger, LedgerError


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def _double_ron(ledger):
    m = ledger.new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {3: 2000})  # D discards; B and C ron it
    ledger.add_win(m, 2, "ron", {3: 3900}, same_discard=True)
    return m


def test_a_double_ron_is_still_taken(ledger):
    m = _double_ron(ledger)
    assert [h.win_kind for h in ledger.hands(m)] == ["ron", SAME_DISCARD]
    assert ledger.state(m).totals == (25000, 27000, 28900, 19100)


def test_a_third_ron_on_one_discard_is_refused_as_an_abortive_draw(ledger):
    m = _double_ron(ledger)
    before = ledger.state(m)
    with pytest.raises(LedgerError) as caught:
        ledger.add_win(m, 0, "ron", {3: 1000}, same_discard=True)
    err = caught.value
    assert "three rons on one discard" in str(err) and "abortive draw" in str(err) and "record a draw" in str(err)
    assert "三家和" in err.message_ja and "流局" in err.message_ja
    assert len(ledger.hands(m)) == 2 and ledger.state(m) == before  # nothing stored


def test_the_abortive_draw_recorded_as_the_message_says_keeps_the_deal(ledger):
    """Undo both rons and record a draw with every player tenpai: no noten payment, the dealer deals again, one
    more honba."""
    m = _double_ron(ledger)
    with pytest.raises(LedgerError):
        ledger.add_win(m, 0, "ron", {3: 1000}, same_discard=True)
    ledger.undo(m)
    ledger.undo(m)
    ledger.add_draw(m, tenpai=(0, 1, 2, 3))
    s = ledger.state(m)
    assert (s.totals, s.dealer, s.honba) == ((25000,) * 4, 0, 1)


def test_an_each_in_full_table_still_takes_three_winners(ledger, tmp_path):
    from tilelens.ledger import DEFAULT_RULES
    from dataclasses import replace

    rules = replace(DEFAULT_RULES["cinderella-neo"], several_ron=True)
    m = ledger.new_match("cinderella-neo", ["A", "B", "C", "D"], rules=rules)
    ledger.add_win(m, 1, "ron", {3: 10})
    ledger.add_win(m, 2, "ron", {3: 10}, same_discard=True)
    ledger.add_win(m, 0, "ron", {3: 10}, same_discard=True)
    assert ledger.state(m).totals == (110, 110, 110, 70)
