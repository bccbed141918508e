"""Session 59, F1: the ledger's table logic that the score pages decided in the app, now in ``tilelens.ledger`` and
tested without Streamlit: whether the hand shown is a win the match has recorded already (two phones at one table,
the same win; at a riichi table priced as well at the deal the recorded hand was played in), which match a phone
that chose none adds to (the newest of the game, the others under way), the move of a hand added to the wrong match
in one guarded step, and the undone and brought-back hands a merge reads (one helper now, both names kept)."""
from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import replace

import pytest

from scorer import load_game
from tilelens.ledger import (RESTORED_TABLE, SAME_DISCARD, UNDONE_TABLE, Ledger, LedgerError, MoveOutcome,
                             match_to_add_to, newest_match, payments_key, priced_in_deal, remember_restored,
                             remember_undone, restored_times, same_win, undone_times)

YOKAI = ["Ann", "Bo", "Cy", "Di"]
TSUMO = {0: 40, 1: 40, 2: 40}  # Di's 120-point tsumo, 40 from each


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


# --- the same win ---------------------------------------------------------------------------------------------------

def test_the_same_win_is_found(ledger):
    m = ledger.new_match("yokai-watch", YOKAI)
    ledger.add_win(m, 3, "tsumo", TSUMO)
    hands = ledger.hands(m)
    assert same_win(hands, 3, "tsumo", [dict(TSUMO)]) == hands[0]
    assert same_win(hands, 3, "tsumo", [{2: 40, 0: 40, 1: 40}]) == hands[0]  # payments by seat, in any order


@pytest.mark.parametrize("winner, kind, pays", [(2, "tsumo", TSUMO), (3, "ron", {0: 120}),
                                                (3, "tsumo", {0: 60, 1: 30, 2: 30})],
                         ids=["another-winner", "another-kind", "other-payments"])
def test_another_win_is_not_found(ledger, winner, kind, pays):
    m = ledger.new_match("yokai-watch", YOKAI)
    ledger.add_win(m, 3, "tsumo", TSUMO)
    assert same_win(ledger.hands(m), winner, kind, [pays]) is None


def test_no_hand_no_winner_or_no_price_finds_nothing(ledger):
    m = ledger.new_match("yokai-watch", YOKAI)
    assert same_win([], 3, "tsumo", [TSUMO]) is None
    ledger.add_win(m, 3, "tsumo", TSUMO)
    assert same_win(ledger.hands(m), None, "tsumo", [TSUMO]) is None
    assert same_win(ledger.hands(m), 3, "tsumo", []) is None


def test_the_phones_own_hand_and_one_said_to_be_another_are_not_found(ledger):
    m = ledger.new_match("yokai-watch", YOKAI)
    uid = ledger.add_win(m, 3, "tsumo", TSUMO)
    hands = ledger.hands(m)
    assert same_win(hands, 3, "tsumo", [TSUMO], own={uid}) is None
    assert same_win(hands, 3, "tsumo", [TSUMO], another=uid) is None


def test_only_hands_since_the_hand_was_shown_and_the_last_are_looked_at(ledger):
    m = ledger.new_match("yokai-watch", YOKAI)
    first = ledger.add_win(m, 3, "tsumo", TSUMO)
    ledger.add_win(m, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    hands = ledger.hands(m)
    assert same_win(hands, 3, "tsumo", [TSUMO]).id == first
    assert same_win(hands, 3, "tsumo", [TSUMO], since=1) is None  # shown after it: another hand of Di's
    again = ledger.add_win(m, 3, "tsumo", TSUMO)
    assert same_win(ledger.hands(m), 3, "tsumo", [TSUMO], since=3).id == again  # the last hand is always looked at


def test_a_ron_is_found_recorded_as_another_winner_on_its_discard(ledger):
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(m, 1, "ron", {0: 1000})
    ledger.add_win(m, 2, "ron", {0: 2000}, same_discard=True)
    hands = ledger.hands(m)
    assert hands[1].win_kind == SAME_DISCARD
    assert same_win(hands, 2, "ron", [{0: 2000}]) == hands[1]
    assert same_win(hands, 2, "tsumo", [{0: 2000}]) is None


# S's 40 fu 2 han: 700/1,300 as South; 1,000 all as the dealer after it (tile ids, as a screen's hand holds them)
HAND = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]
NOW = {"win": "tsumo", "riichi": False, "players": 4, "seat": "east", "round_wind": "east", "honba": 0}


def _riichi_table(ledger):
    """S's tsumo recorded by another phone: the deal passed, S deals now. The match, its state and hands."""
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(m, 1, "tsumo", {0: 1300, 2: 700, 3: 700})
    match = ledger.match(m)
    state, hands = ledger.table(m)
    assert state.dealer == 1
    return match, state, hands


def test_a_win_priced_at_the_deal_it_was_recorded_in_is_found(ledger):
    game = load_game("tokyo-mahjong")
    match, state, hands = _riichi_table(ledger)
    now = priced_in_deal(game, HAND, NOW, "tsumo", match, state, 1, 1)  # no hand 2 yet: nothing to price at
    assert now is None
    assert priced_in_deal(game, HAND, NOW, "tsumo", match, state, 0, 1) == {0: 1300, 2: 700, 3: 700}
    shown = [{0: 1000, 2: 1000, 3: 1000}]  # as the dealer now
    assert same_win(hands, 1, "tsumo", shown) is None

    def price_at(index, further):
        return priced_in_deal(game, HAND, NOW, "tsumo", match, state, index, 1, further=further)

    assert same_win(hands, 1, "tsumo", shown, price_at=price_at) == hands[0]
    assert same_win(hands, 2, "tsumo", shown, price_at=price_at) is None  # another winner


def test_no_other_price_where_the_deal_is_the_one_now_or_the_game_is_donjara(ledger):
    game = load_game("tokyo-mahjong")
    match, state, _ = _riichi_table(ledger)
    now = replace(state, deals=(*state.deals, (state.dealer, state.dealer_moves, state.honba)))  # a hand of this deal
    assert priced_in_deal(game, HAND, NOW, "tsumo", match, now, 1, 1) is None  # its price now, nothing more
    assert priced_in_deal(game, HAND, NOW, "tsumo", match, state, 0, None) is None  # nobody chosen as the winner
    yokai = ledger.new_match("yokai-watch", YOKAI)
    ledger.add_win(yokai, 3, "tsumo", TSUMO)
    state, _ = ledger.table(yokai)
    assert priced_in_deal(load_game("yokai-watch"), ["yokai-05"] * 9, {}, "tsumo", ledger.match(yokai), state,
                          0, 3) is None  # a Donjara hand is priced alike in every deal


def test_a_hand_that_does_not_win_in_that_deal_is_priced_as_nothing(ledger):
    game = load_game("tokyo-mahjong")
    match, state, _ = _riichi_table(ledger)
    assert priced_in_deal(game, ["1m", "2m", "3m"], NOW, "tsumo", match, state, 0, 1) is None


def test_payments_key_is_by_seat():
    assert payments_key({2: 1, 0: 3}) == payments_key({0: 3, 2: 1}) == ((0, 3), (2, 1))


# --- the match a phone adds to --------------------------------------------------------------------------------------

def test_the_match_added_to_is_the_one_kept_else_the_newest(ledger):
    first = ledger.new_match("yokai-watch", YOKAI)
    second = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    matches = ledger.matches()
    assert newest_match(matches).id == second
    assert match_to_add_to(matches, None).id == second
    assert match_to_add_to(matches, first).id == first
    assert match_to_add_to(matches, 99).id == second  # a match deleted since: the newest
    assert match_to_add_to([], None) is None and newest_match([]) is None


def test_the_newest_is_the_one_started_last_not_the_highest_number(ledger):
    ours = ledger.new_match("yokai-watch", YOKAI)
    merged = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    with closing(sqlite3.connect(ledger.path)) as db, db:  # a merge numbered it after ours; it started earlier
        db.execute("UPDATE matches SET created = created - 3600 WHERE id = ?", (merged,))
    assert newest_match(ledger.matches()).id == ours


def test_the_others_under_way_are_the_games_matches_not_ended(ledger):
    first = ledger.new_match("yokai-watch", YOKAI)
    second = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    ledger.new_match("nogizaka", ["Ivy", "Jo", "Kai", "Lu"])  # another game's
    ended = ledger.new_match("yokai-watch", ["Mo", "Ned", "Oz", "Pat"])
    for _ in range(8):
        ledger.add_draw(ended)
    assert ledger.state(ended).ended
    assert [m.id for m in ledger.others_under_way(ledger.match(second))] == [first]
    assert [m.id for m in ledger.others_under_way(ledger.match(first))] == [second]


# --- the move of a hand added to the wrong match -------------------------------------------------------------------

def _wrong_match(ledger):
    """Ann's table (#1, one hand) and the other table's (#2): Bo's tsumo added to #2 by mistake. The matches and the
    hand's id."""
    first = ledger.new_match("yokai-watch", YOKAI)
    ledger.add_win(first, 0, "tsumo", {1: 40, 2: 40, 3: 40})
    second = ledger.new_match("yokai-watch", ["Eve", "Flo", "Gus", "Hal"])
    uid = ledger.add_win(second, 1, "tsumo", {0: 40, 2: 40, 3: 40})
    return first, second, uid


def _adds(ledger, match_id, count=1):
    """What the page's add does, recorded as it goes: Cy's tsumo added to ``match_id`` behind ``count`` hands."""
    def add():
        try:
            ledger.add_win(match_id, 2, "tsumo", {0: 40, 1: 40, 3: 40}, expected_hands=count)
        except LedgerError:
            return False
        return True
    return add


def test_a_move_takes_the_hand_out_and_adds_it_to_the_other_match(ledger):
    first, second, uid = _wrong_match(ledger)
    assert ledger.move_hand(second, uid, 1, _adds(ledger, first)) == (MoveOutcome.MOVED, 1)
    assert ledger.hands(second) == []
    assert [h.winner for h in ledger.hands(first)] == [0, 2]


def test_a_move_is_refused_where_the_match_moved_on_and_nothing_is_added(ledger):
    """The guard: the hand is still that match's last, and the match has the hands the page saw."""
    first, second, uid = _wrong_match(ledger)
    ledger.add_draw(second)  # the other table's next hand, meanwhile
    called = []
    outcome = ledger.move_hand(second, uid, 1, lambda: called.append(1) or True)
    assert outcome == (MoveOutcome.REFUSED, 1) and not called
    assert len(ledger.hands(second)) == 2 and len(ledger.hands(first)) == 1


def test_a_move_is_refused_where_the_hand_is_gone_or_the_count_differs(ledger):
    first, second, uid = _wrong_match(ledger)
    assert ledger.move_hand(second, "no-such-hand", 1, _adds(ledger, first)) == (MoveOutcome.REFUSED, None)
    assert ledger.move_hand(second, uid, 2, _adds(ledger, first)) == (MoveOutcome.REFUSED, 1)  # not as the page saw
    ledger.undo(second)
    assert ledger.move_hand(second, uid, 1, _adds(ledger, first)) == (MoveOutcome.REFUSED, None)
    assert len(ledger.hands(first)) == 1


def test_a_move_the_other_match_refuses_puts_the_hand_back_as_it_was(ledger):
    first, second, uid = _wrong_match(ledger)
    ledger.add_draw(first)  # this table's next hand on another phone: the add (expecting 1 hand) is refused
    assert ledger.move_hand(second, uid, 1, _adds(ledger, first)) == (MoveOutcome.PUT_BACK, 1)
    assert [h.id for h in ledger.hands(second)] == [uid]  # back, its own id kept
    assert len(ledger.hands(first)) == 2


def test_a_move_that_cannot_put_the_hand_back_says_so(ledger):
    first, second, uid = _wrong_match(ledger)

    def add():  # refused, and the other table's hand recorded in the gap
        ledger.add_draw(second)
        return False

    assert ledger.move_hand(second, uid, 1, add) == (MoveOutcome.NOT_BACK, 1)
    assert uid not in [h.id for h in ledger.hands(second)]


def test_a_move_from_a_match_deleted_since_is_refused(ledger):
    first, second, uid = _wrong_match(ledger)
    ledger.delete_match(second)
    assert ledger.move_hand(second, uid, 1, _adds(ledger, first)) == (MoveOutcome.REFUSED, None)
    assert len(ledger.hands(first)) == 1


# --- undone and brought back ----------------------------------------------------------------------------------------

def _rows(db, table):
    return sorted(db.execute(f"SELECT game_id, created, uid, {'undone' if table == UNDONE_TABLE else 'restored'} "
                             f"FROM {table}").fetchall())


def test_undone_and_restored_are_remembered_as_before(tmp_path):
    with closing(sqlite3.connect(tmp_path / "l.sqlite")) as db, db:
        remember_undone(db, "g", 1.0, ["a", "b", None, ""], {"a": 10.0})
        rows = _rows(db, UNDONE_TABLE)
        assert [r[:3] for r in rows] == [("g", 1.0, "a"), ("g", 1.0, "b")] and rows[0][3] == 10.0
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (RESTORED_TABLE,)).fetchone()
        remember_undone(db, "g", 1.0, ["a"], {"a": 12.0})  # an undo is kept beside the one before
        assert [r[3] for r in _rows(db, UNDONE_TABLE) if r[2] == "a"] == [10.0, 12.0]
        remember_restored(db, "g", 1.0, ["a"], {"a": 11.0})  # brought back after the first undo, not the second
        assert [r[3] for r in _rows(db, UNDONE_TABLE) if r[2] == "a"] == [12.0]
        assert _rows(db, RESTORED_TABLE) == [("g", 1.0, "a", 11.0)]
        remember_restored(db, "g", 1.0, ["a"], {"a": 13.0})  # one time kept per hand brought back: the latest
        assert _rows(db, RESTORED_TABLE) == [("g", 1.0, "a", 13.0)]
        assert [r[2] for r in _rows(db, UNDONE_TABLE)] == ["b"]
        remember_undone(db, "g", 1.0, ["a"], {"a": 12.5})  # an undo older than the bringing back leaves it
        assert _rows(db, RESTORED_TABLE) == [("g", 1.0, "a", 13.0)]
        remember_undone(db, "g", 1.0, ["a"], {"a": 14.0})  # a later undo takes it away
        assert _rows(db, RESTORED_TABLE) == []
        assert undone_times(db) == {("g", 1.0): {"a": 14.0, "b": pytest.approx(undone_times(db)[("g", 1.0)]["b"])}}
        remember_restored(db, "g", 1.0, [None, ""])  # nothing to keep: no table made
        remember_undone(db, "h", 2.0, [])
        assert ("h", 2.0) not in undone_times(db) and restored_times(db) == {}


def test_an_undo_and_a_bringing_back_are_remembered_by_the_ledger(ledger):
    m = ledger.new_match("yokai-watch", YOKAI)
    uid = ledger.add_win(m, 3, "tsumo", TSUMO)
    hand = ledger.hands(m)[0]
    ledger.undo(m)
    with closing(sqlite3.connect(ledger.path)) as db:
        assert [set(t) for t in undone_times(db).values()] == [{uid}] and restored_times(db) == {}
    assert ledger.restore(m, hand, expected_hands=0) == uid
    with closing(sqlite3.connect(ledger.path)) as db:
        assert undone_times(db) == {} and [set(t) for t in restored_times(db).values()] == [{uid}]


def test_the_ledger_logic_imports_no_streamlit():
    import subprocess
    import sys

    code = "import sys, tilelens.ledger; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr
