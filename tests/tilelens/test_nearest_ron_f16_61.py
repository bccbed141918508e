"""One winner on one discard (``[table] multiple_ron = ["nearest-clockwise"]``, Yokai Watch and Nogizaka; Cinderella
Girls' "one-winner" with its box unticked): a ron about to be added right after a ron off the same discarder may be
the same discard, where only one player wins (session 61, W4: both rons were recorded, the discarder paid twice)."""
import pytest

from tilelens.ledger import (HandKind, HandRecord, OneRonChoice, one_winner_on_discard, replay, rules_for,
                             Ledger)

NEAREST = ("nearest-clockwise",)


def ron(seq, winner, discarder, hand_id="h"):
    return HandRecord(seq, HandKind.WIN, winner, "ron", {discarder: 100}, id=hand_id)


@pytest.mark.parametrize("first, second, kept, choice", [
    (3, 1, 1, OneRonChoice.REPLACE),  # W4: grandma (seat 3) first, mum (seat 1) is nearer to dad (seat 0)
    (1, 3, 1, OneRonChoice.KEEP),     # the nearer one entered first: nothing to add
    (2, 1, 1, OneRonChoice.REPLACE),
    (1, 2, 1, OneRonChoice.KEEP),
])
def test_nearest_clockwise_keeps_the_winner_nearest_the_discarder(first, second, kept, choice):
    hands = [ron(0, first, 0, "a")]
    found = one_winner_on_discard(hands, second, 0, 4, NEAREST)
    assert found is not None
    assert (found.hand_id, found.number, found.kept, found.choice) == ("a", 1, kept, choice)


def test_nearest_wraps_round_the_table():
    # discarder seat 2: seat 3 then seat 0 then seat 1
    found = one_winner_on_discard([ron(0, 1, 2)], 0, 2, 4, NEAREST)
    assert (found.kept, found.choice) == (0, OneRonChoice.REPLACE)


def test_the_hand_number_is_the_ledger_pages():
    hands = [HandRecord(0, HandKind.DRAW, id="d"), ron(1, 3, 0, "b")]
    assert one_winner_on_discard(hands, 1, 0, 4, NEAREST).number == 2


def test_one_winner_leaves_which_to_the_table():
    found = one_winner_on_discard([ron(0, 3, 0)], 1, 0, 4, ("one-winner", "each-in-full"))
    assert (found.kept, found.choice) == (None, OneRonChoice.REPLACE)


@pytest.mark.parametrize("hands, winner, discarder, ways, several", [
    ([ron(0, 3, 0)], 1, 0, NEAREST, True),            # the match lets several win (each in full): a double ron
    ([ron(0, 3, 0)], 1, 0, ("each-in-full",), False),  # no one-winner rule
    ([ron(0, 3, 0)], 1, 0, (), False),                 # the game says nothing of it
    ([ron(0, 3, 0)], 1, 2, NEAREST, False),            # another discarder: another hand
    ([ron(0, 3, 0)], 3, 0, NEAREST, False),            # the same winner: not a second winner
    ([ron(0, 3, 0)], 0, 0, NEAREST, False),            # the discarder
    ([ron(0, 3, 0)], None, 0, NEAREST, False),         # nobody chosen yet
    ([ron(0, 3, 0)], 1, None, NEAREST, False),
    ([], 1, 0, NEAREST, False),
    ([HandRecord(0, HandKind.WIN, 3, "tsumo", {0: 40, 1: 40, 2: 40})], 1, 0, NEAREST, False),  # after a tsumo
    ([ron(0, 3, 0), HandRecord(1, HandKind.DRAW)], 1, 0, NEAREST, False),  # not right after the ron
])
def test_not_asked(hands, winner, discarder, ways, several):
    assert one_winner_on_discard(hands, winner, discarder, 4, ways, several) is None


def test_the_shipped_tables_say_nearest_clockwise():
    from scorer import load_game

    for game_id in ("yokai-watch", "nogizaka"):
        game = load_game(game_id)
        assert "nearest-clockwise" in game.rules["table"]["multiple_ron"]
        assert not rules_for(game).several_ron


def test_replacing_the_farther_ron_leaves_one_winner_paid_once(tmp_path):
    """The ledger's own steps for "same discard: the nearer one wins": the farther ron undone, the nearer added."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["dad", "mum", "ken", "gran"])
    ledger.add_win(match, 3, "ron", {0: 100})
    hands = ledger.hands(match)
    found = one_winner_on_discard(hands, 1, 0, 4, NEAREST)
    assert found.choice is OneRonChoice.REPLACE
    ledger.undo(match, expected_hands=1, expected_last=found.hand_id)
    ledger.add_win(match, 1, "ron", {0: 100}, expected_hands=0, expected_last=None)
    state = replay(4, ledger.match(match).rules, ledger.hands(match))
    assert list(state.totals) == [900, 1100, 1000, 1000] and state.hands == 1


# --- session 61, F26: "the same discard" where the earlier winner is kept: the riichi declared with the ron not added --

def test_riichi_joined_adds_the_seats_each_once_in_seat_order():
    from tilelens.ledger import riichi_joined

    bo = HandRecord(0, HandKind.WIN, 1, "ron", {0: 100}, riichi=(1,), id="b")
    assert riichi_joined(bo, [3, 1]).riichi == (1, 3)
    assert riichi_joined(bo, []) == bo


def _bo_then_di(tmp_path):
    """Bo (seat 1, nearer Ann) recorded first with his riichi; Di (seat 3) declared riichi too on Ann's discard."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    uid = ledger.add_win(match, 1, "ron", {0: 100}, riichi=[1])
    return ledger, match, uid


def test_the_kept_ron_takes_the_other_winners_riichi_as_if_entered_with_it(tmp_path):
    ledger, match, uid = _bo_then_di(tmp_path)
    new = ledger.join_riichi(match, uid, [3], expected_hands=1)
    hands = ledger.hands(match)
    assert [(h.winner, dict(h.payments), h.riichi) for h in hands] == [(1, {0: 100}, (1, 3))]
    assert new == hands[-1].id != uid  # entered again (a merge reads the change as an undo and a new hand)
    assert replay(4, ledger.match(match).rules, hands).totals == (900, 1110, 1000, 990)  # as Di first, then Bo


def test_nothing_to_join_changes_nothing(tmp_path):
    ledger, match, uid = _bo_then_di(tmp_path)
    assert ledger.join_riichi(match, uid, [1], expected_hands=1) == uid
    assert ledger.join_riichi(match, uid, [], expected_hands=1) == uid
    assert ledger.hands(match)[-1].id == uid


def test_joining_is_refused_once_the_table_moved_on(tmp_path):
    from tilelens.ledger import LedgerChangedError

    ledger, match, uid = _bo_then_di(tmp_path)
    ledger.add_draw(match)
    with pytest.raises(LedgerChangedError):
        ledger.join_riichi(match, uid, [3], expected_hands=1)
    assert [h.riichi for h in ledger.hands(match)] == [(1,), ()]


def test_joining_names_a_seat_not_at_the_table(tmp_path):
    from tilelens.ledger import LedgerError

    ledger, match, uid = _bo_then_di(tmp_path)
    with pytest.raises(LedgerError, match="seat 5 is not at this table"):
        ledger.join_riichi(match, uid, [4], expected_hands=1)


def test_joining_is_taken_where_the_kept_ron_ended_the_match(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    for _ in range(7):
        ledger.add_draw(match)
    uid = ledger.add_win(match, 1, "ron", {0: 100})
    assert ledger.state(match).ended
    ledger.join_riichi(match, uid, [3], expected_hands=8)
    assert ledger.hands(match)[-1].riichi == (3,)


def test_a_merge_takes_the_riichi_joined_on_the_other_laptop(tmp_path):
    import shutil

    from tilelens.ledger_merge import merge_ledgers

    ledger, match, uid = _bo_then_di(tmp_path)
    shutil.copy(tmp_path / "ledger.sqlite", tmp_path / "copy.sqlite")  # the other laptop's, before the join
    ledger.join_riichi(match, uid, [3], expected_hands=1)
    report = merge_ledgers(tmp_path / "copy.sqlite", tmp_path / "ledger.sqlite")
    assert not report.conflicts
    assert [h.riichi for h in Ledger(tmp_path / "copy.sqlite").hands(match)] == [(1, 3)]
