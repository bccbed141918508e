"""The table ledger: rotation, pot, honba, noten payments, undo, end of match, persistence, CSV."""
import csv
import io
import json
import sqlite3
import time
from contextlib import closing
from dataclasses import asdict, replace

import pytest

from scorer import Payment, load_game
from scorer.rules import Chombo, ChomboCase, donjara_rules
from tilelens.ledger import (DEFAULT_RULES, SAME_DISCARD, DrawKeep, HandKind, HandRecord, Ledger, LedgerChangedError,
                             LedgerError, TableRules, replay, rules_for, seat_payments)


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.sqlite")


def win(seq, winner, payments, riichi=(), win_kind="ron"):
    return HandRecord(seq, HandKind.WIN, winner, win_kind, payments, tuple(riichi))


def draw(seq, tenpai=(), riichi=()):
    return HandRecord(seq, HandKind.DRAW, tenpai=tuple(tenpai), riichi=tuple(riichi))


def test_rules_cinderella_dealer_moves_every_hand_even_after_a_dealer_win():
    rules = DEFAULT_RULES["cinderella-neo"]
    state = replay(4, rules, [win(0, 0, {1: 12}), win(1, 1, {0: 6})])
    assert state.dealer == 2 and state.dealer_moves == 2
    assert state.totals == (100 + 12 - 6, 100 - 12 + 6, 100, 100)


def test_rules_yokai_dealer_who_wins_keeps_the_deal_and_a_draw_moves_it():
    rules = DEFAULT_RULES["yokai-watch"]
    assert replay(4, rules, [win(0, 0, {1: 100})]).dealer == 0
    assert replay(4, rules, [win(0, 2, {1: 100})]).dealer == 1
    assert replay(4, rules, [draw(0, riichi=(0,))]).dealer == 1


def test_rules_nogizaka_dealer_keeps_after_a_draw_only_if_it_declared_riichi():
    rules = DEFAULT_RULES["nogizaka"]
    assert replay(4, rules, [draw(0, riichi=(0,))]).dealer == 0
    assert replay(4, rules, [draw(0, riichi=(1,))]).dealer == 1


def test_rules_riichi_chips_carry_over_a_draw_and_go_to_the_next_winner():
    rules = DEFAULT_RULES["nogizaka"]
    state = replay(4, rules, [draw(0, riichi=(1, 2))])
    assert state.pot == 20 and state.totals == (1000, 990, 990, 1000)
    state = replay(4, rules, [draw(0, riichi=(1, 2)), win(1, 3, {0: 60}, riichi=(3,))])
    assert state.pot == 0
    assert state.totals == (940, 990, 990, 1000 - 10 + 60 + 30)
    assert sum(state.totals) == 4000  # chips on the table are back in someone's hands


def test_rules_tokyo_honba_grows_on_dealer_win_and_draw_and_resets_on_other_win():
    rules = DEFAULT_RULES["tokyo-mahjong"]
    hands = [win(0, 0, {1: 12000}), draw(1, tenpai=(0,))]
    state = replay(4, rules, hands)
    assert (state.dealer, state.honba) == (0, 2)
    state = replay(4, rules, [*hands, win(2, 3, {0: 1000})])
    assert (state.dealer, state.honba) == (1, 0)


def test_rules_tokyo_noten_payments_share_3000():
    rules = DEFAULT_RULES["tokyo-mahjong"]
    assert replay(4, rules, [draw(0, tenpai=(1,))]).totals == (24000, 28000, 24000, 24000)
    assert replay(4, rules, [draw(0, tenpai=(1, 2))]).totals == (23500, 26500, 26500, 23500)
    assert replay(4, rules, [draw(0, tenpai=(0, 1, 2, 3))]).totals == (25000,) * 4
    assert replay(4, rules, [draw(0)]).totals == (25000,) * 4


def test_noten_payments_never_make_or_lose_points():
    # a table whose noten total does not split evenly: each noten seat pays each tenpai seat 1000 // 3
    from dataclasses import replace

    rules = replace(DEFAULT_RULES["tokyo-mahjong"], noten_total=1000)
    totals = replay(4, rules, [draw(0, tenpai=(2,))]).totals
    assert totals == (24667, 24667, 25999, 24667) and sum(totals) == 4 * 25000


def test_rules_match_ends_after_two_laps_of_the_dealer():
    rules = DEFAULT_RULES["cinderella-neo"]
    hands = [win(i, i % 3, {(i % 3) + 1: 3}) for i in range(7)]
    assert not replay(4, rules, hands).ended
    state = replay(4, rules, [*hands, win(7, 0, {1: 3})])
    assert state.ended and "dealt twice" in state.end_reason and "2回ずつ親" in state.end_reason_ja


def test_rules_match_ends_when_a_player_has_nothing_left():
    state = replay(3, DEFAULT_RULES["cinderella-neo"], [win(0, 1, {0: 60}), win(1, 2, {0: 42})])
    assert state.totals[0] <= 0 and state.ended and "nothing left" in state.end_reason
    assert "持ち点がなくなった" in state.end_reason_ja
    assert replay(3, DEFAULT_RULES["cinderella-neo"], []).end_reason_ja is None  # it goes on


def test_rules_tokyo_round_index_is_south_after_one_lap():
    rules = DEFAULT_RULES["tokyo-mahjong"]
    state = replay(4, rules, [win(i, (i + 1) % 4, {i % 4: 1000}) for i in range(4)])
    assert state.round_index == 1 and not state.ended


def test_rules_from_game_file_agree_with_rules_md_and_table_overrides(tmp_path):
    for game_id in ("cinderella-neo", "nogizaka", "yokai-watch", "tokyo-mahjong"):
        assert rules_for(load_game(game_id)) == DEFAULT_RULES[game_id]
    text = load_game("nogizaka").source
    edited = tmp_path / "nogi.toml"
    edited.write_text(open(text, encoding="utf-8").read().replace("[table]", "[table]\nstart_points = 300\nlaps = 1"))
    rules = rules_for(load_game(edited))
    assert (rules.start_points, rules.laps, rules.riichi_chip) == (300, 1, 10)
    custom = TableRules.from_mapping({"start_points": 500, "keep_on_draw": "dealer-tenpai"})
    assert custom.start_points == 500 and custom.keep_on_draw is DrawKeep.DEALER_TENPAI
    with pytest.raises(LedgerError, match="unknown key"):
        TableRules.from_mapping({"start": 1})
    with pytest.raises(LedgerError, match="keep_on_draw"):
        TableRules.from_mapping({"keep_on_draw": "sometimes"})


def test_a_table_part_of_the_wrong_shape_is_one_message_in_both_languages(tmp_path):
    """``table = 3`` at the top of a house table crashed every page that kept the score (``dict(3)``), and
    two of ``[table]``'s refusals had no Japanese."""
    import re

    text = open(load_game("nogizaka").source, encoding="utf-8").read()
    cut = re.sub(r"(?ms)^\[table\].*?(?=^\[|\Z)", "", text)
    bad = tmp_path / "nogi.toml"
    bad.write_text("table = 3\n" + cut, encoding="utf-8")
    with pytest.raises(LedgerError) as exc:
        rules_for(load_game(bad))
    assert "[table] must be a table" in str(exc.value) and "3" in str(exc.value)
    assert "[table]" in exc.value.message_ja and "表" in exc.value.message_ja
    for table, en, ja in [({"unit": ""}, "unit must be a word", "unit は"),
                          ({"keep_on_draw": "sometimes"}, "keep_on_draw", "のどれか")]:
        with pytest.raises(LedgerError) as exc:
            TableRules.from_mapping(table)
        assert en in str(exc.value) and ja in exc.value.message_ja and exc.value.message_ja != str(exc.value)


def test_ledger_records_and_replays(ledger):
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_win(m, 2, "tsumo", {0: 20, 1: 20, 3: 20}, riichi=(2,), note="基本セット")
    state = ledger.state(m)
    assert state.totals == (980, 980, 1000 - 10 + 60 + 10, 980) and state.dealer == 1 and state.hands == 1
    assert ledger.hands(m)[0].note == "基本セット"


def test_ledger_undo_removes_only_the_last_hand(ledger):
    m = ledger.new_match("yokai-watch", ["A", "B"])
    ledger.add_win(m, 0, "ron", {1: 100})
    ledger.add_draw(m, riichi=(1,))
    assert ledger.undo(m)
    assert ledger.state(m).totals == (1100, 900) and ledger.state(m).pot == 0
    assert ledger.undo(m) and not ledger.undo(m)
    assert ledger.state(m).totals == (1000, 1000)


def test_ledger_survives_reopen(tmp_path):
    path = tmp_path / "sub" / "l.sqlite"
    m = Ledger(path).new_match("tokyo-mahjong", ["E", "S", "W"])
    Ledger(path).add_win(m, 1, "ron", {2: 3900}, riichi=(1,))
    again = Ledger(path)
    assert again.match(m).players == ("E", "S", "W")
    assert again.state(m).totals == (25000, 25000 - 1000 + 3900 + 1000, 25000 - 3900)
    assert [x.id for x in again.matches()] == [m]


def test_ledger_refuses_bad_entries(ledger):
    with pytest.raises(LedgerError, match="2 to 4 players"):
        ledger.new_match("yokai-watch", ["solo"])
    with pytest.raises(LedgerError, match="different"):
        ledger.new_match("yokai-watch", ["A", "A"])
    m = ledger.new_match("yokai-watch", ["A", "B", "C"])
    with pytest.raises(LedgerError, match="seat 6"):
        ledger.add_win(m, 5, "ron", {0: 60})
    with pytest.raises(LedgerError, match="won this hand, so cannot also pay it"):
        ledger.add_win(m, 0, "ron", {0: 60})
    with pytest.raises(LedgerError, match="no match"):
        ledger.state(999)
    with pytest.raises(LedgerError, match="no match"):
        ledger.undo(999)


@pytest.mark.parametrize("call, said", [
    (lambda L, m: L.add_win(m, 1, "ron", {0: 100, 2: 100}), "a ron is paid by the discarder alone"),
    (lambda L, m: L.add_win(m, 1, "ron", {}), "a ron is paid by the discarder alone"),
    (lambda L, m: L.add_win(m, 1, "tsumo", {0: 40}), "a tsumo is paid by every other seat"),
    (lambda L, m: L.add_win(m, 1, "banana", {0: 100}), "a ron or a tsumo"),
    (lambda L, m: L.add_win(m, 1, "ron", {0: 1.5}), "whole numbers of points"),
    (lambda L, m: L.add_win(m, 1, "ron", {0: "abc"}), "whole numbers of points"),
    (lambda L, m: L.add_win(m, 1, "ron", {0: 100}, riichi=None), "riichi must list seat numbers"),
    (lambda L, m: L.add_draw(m, riichi=[1.0]), "riichi must list seat numbers, got 1.0"),
    (lambda L, m: L.add_draw(m, tenpai=1), "tenpai must list seat numbers"),
], ids=["ron-two-payers", "ron-no-payer", "tsumo-one-payer", "unknown-win", "half-point", "text-amount",
        "riichi-none", "float-seat", "tenpai-not-a-list"])
def test_an_impossible_hand_is_refused_and_the_match_stays_as_it_was(ledger, call, said):
    """Each was taken before: the totals went wrong, or a float seat was stored and broke every later read."""
    m = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    with pytest.raises(LedgerError, match=said):
        call(ledger, m)
    assert ledger.hands(m) == [] and ledger.state(m).totals == (1000,) * 4
    ledger.add_win(m, 1, "ron", {0: 100}, note=None)  # no note is an empty note
    assert ledger.hands(m)[0].note == ""


def test_a_table_has_as_many_players_as_the_game_allows(ledger):
    with pytest.raises(LedgerError, match=r"A table of Nogizaka Donjara \(fan-made\) has 4 players, got 3"):
        ledger.new_match(load_game("nogizaka"), ["A", "B", "C"])
    assert ledger.new_match(load_game("yokai-watch"), ["A", "B"])  # Yokai Watch: 2 to 4


def test_a_seat_in_riichi_at_a_draw_is_tenpai(ledger):
    """RULES.md 002: a riichi is declared on a tenpai hand. The dealer in riichi, left out of the tenpai
    list, paid noten and lost the deal."""
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(m, riichi=(0,), tenpai=())
    state = ledger.state(m)
    assert state.totals == (25000 - 1000 + 3000, 24000, 24000, 24000) and state.dealer == 0 and state.pot == 1000


def test_rules_tokyo_double_ron_pays_both_and_settles_the_deal_once():
    rules = DEFAULT_RULES["tokyo-mahjong"]
    # Hand 1: seats 1 and 3 declared riichi (pot 2000 with one stick left over from a draw). Seat 2
    # deals in to both seat 1 and the dealer (seat 0).
    # Seat 1's ron, entered first, is priced with the table's honba (3900 + 300); the dealer's, entered after it,
    # without (12000).
    hands = [draw(0, tenpai=(0, 1, 2, 3), riichi=(3,)), win(1, 1, {2: 4200}, riichi=(1,)),
             win(2, 0, {2: 12000}, win_kind=SAME_DISCARD)]
    state = replay(4, rules, hands)
    # each winner is paid in full; the winner nearest after the discarder (seat 2) in turn order, the dealer (seat
    # 0, before seat 1), takes both sticks of the pot and the honba's 300, whichever was entered first
    assert state.totals == (25000 + 12000 + 2000 + 300, 25000 - 1000 + 4200 - 300, 25000 - 4200 - 12000, 25000 - 1000)
    # the dealer is among the winners: it keeps the deal, once, and honba goes on from the draw's 1
    assert (state.dealer, state.dealer_moves, state.honba, state.pot) == (0, 0, 2, 0)
    # without the dealer among them the deal moves once, not twice
    other = [hands[0], hands[1], win(2, 3, {2: 2000}, win_kind=SAME_DISCARD)]
    assert (replay(4, rules, other).dealer, replay(4, rules, other).honba) == (1, 0)


def test_ledger_second_winner_on_the_same_discard(ledger):
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_draw(m, riichi=(3,), tenpai=(3,))  # the dealer was noten: the deal moves to seat 1
    ledger.add_win(m, 2, "ron", {0: 2000}, riichi=(2,))
    # the second winner is scored as the table was at that discard (dealer seat 1, honba 1)
    before = ledger.discard_state(m)
    assert (before.dealer, before.honba, before.pot) == (1, 1, 1000)
    ledger.add_win(m, 1, "ron", {0: 7700}, riichi=(1,), same_discard=True)
    hands = ledger.hands(m)
    assert hands[-1].win_kind == SAME_DISCARD and ledger.discard_state(m).dealer == 1
    state = ledger.state(m)
    # the dealer (seat 1) won too, so it keeps the deal; seat 1, nearest after the discarder (seat 0) in turn
    # order, takes the pot (three sticks: seat 3's, seat 2's and its own) and the honba's 300 from seat 2's price
    assert (state.dealer, state.honba, state.pot) == (1, 2, 0)
    # after the draw: 24000, 24000, 24000, 27000 (noten payments, seat 3's stick in the pot)
    assert state.totals == (24000 - 2000 - 7700, 24000 - 1000 + 7700 + 3000 + 300, 24000 - 1000 + 2000 - 300, 27000)
    with pytest.raises(LedgerError, match=r"W \(seat 3\) has already won on this discard"):
        ledger.add_win(m, 2, "ron", {0: 1000}, same_discard=True)
    with pytest.raises(LedgerError, match=r"same discarder: E \(seat 1\) paid"):
        ledger.add_win(m, 3, "ron", {2: 1000}, same_discard=True)
    with pytest.raises(LedgerError, match="must be a ron"):
        ledger.add_win(m, 3, "tsumo", {0: 500, 1: 500, 2: 500}, same_discard=True)
    with pytest.raises(LedgerError, match=r"S \(seat 2\) already declared riichi on this discard"):
        ledger.add_win(m, 3, "ron", {0: 1000}, riichi=(1, 3), same_discard=True)  # one stick per declaration
    ledger.undo(m)
    assert ledger.state(m).dealer == 2  # back to one winner: a non-dealer ron moves the deal


def test_ledger_takes_a_second_winner_when_the_first_ron_ended_the_match(ledger):
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(m, 1, "ron", {3: 26000})  # N is bust: the match has ended
    assert ledger.state(m).ended
    with pytest.raises(LedgerError, match="has ended"):
        ledger.add_win(m, 2, "ron", {3: 1000})
    ledger.add_win(m, 2, "ron", {3: 1000}, same_discard=True)
    assert ledger.state(m).totals == (25000, 51000, 26000, -2000)
    assert ledger.state(m).ended


def test_ledger_refuses_a_second_winner_where_the_rules_allow_one(ledger):
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_win(m, 1, "ron", {2: 60})
    with pytest.raises(LedgerError, match="only one player ron"):
        ledger.add_win(m, 3, "ron", {2: 60}, same_discard=True)
    t = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    with pytest.raises(LedgerError, match="not a ron"):
        ledger.add_win(t, 3, "ron", {2: 1000}, same_discard=True)
    ledger.add_win(t, 1, "tsumo", {0: 1000, 2: 500, 3: 500})
    with pytest.raises(LedgerError, match="not a ron"):
        ledger.add_win(t, 3, "ron", {2: 1000}, same_discard=True)


def test_ledger_refuses_hands_after_the_end_until_undo(ledger):
    m = ledger.new_match("cinderella-neo", ["A", "B"])
    ledger.add_win(m, 0, "ron", {1: 60})
    ledger.add_win(m, 0, "ron", {1: 48})
    assert ledger.state(m).ended
    with pytest.raises(LedgerError, match="has ended"):
        ledger.add_draw(m)
    ledger.undo(m)
    ledger.add_draw(m)
    assert ledger.state(m).hands == 2


def test_ledger_csv_has_a_row_per_hand_with_totals(ledger):
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 1, "ron", {0: 100}, riichi=(1,), note="basic")
    ledger.add_draw(m, riichi=(2,))
    rows = list(csv.reader(io.StringIO(ledger.to_csv(m))))
    assert rows[0] == ["entry", "kind", "winner", "win", "riichi", "tenpai", "note", "Ann", "Bo", "Cy", "dealt in",
                       "chombo by", "hand", "round", "honba"]
    assert rows[1][-8:-5] == ["1000", "1000", "1000"]
    assert rows[2][:5] == ["1", "win", "Bo", "ron", "Bo"] and rows[2][-8:-3] == ["900", "1100", "1000", "Ann", ""]
    assert rows[3][1] == "draw" and rows[3][-8:-3] == ["900", "1100", "990", "", ""]


def test_ledger_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "junk.sqlite"
    bad.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(LedgerError, match="cannot be opened") as refused:
        Ledger(bad)
    assert "を開けません" in refused.value.message_ja


def test_a_damaged_match_is_named_and_left_out_and_the_rest_are_kept(tmp_path):
    """A row an older version stored (rules "1000" as text), a hand's payments cut short or a seat not at
    the table: each stopped every page that keeps the score, for every game, with a traceback."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    good = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    old = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    cut = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    far = ledger.new_match("yokai-watch", ["A", "B", "C", "D"])
    ledger.add_win(cut, 1, "ron", {0: 100})
    ledger.add_draw(far, riichi=[1])
    with sqlite3.connect(ledger.path) as db:
        db.execute("UPDATE matches SET rules = ? WHERE id = ?", ('{"start_points": "1000"}', old))
        db.execute("UPDATE hands SET payments = ? WHERE match_id = ?", ('{"0": 1', cut))
        db.execute("UPDATE hands SET riichi = ? WHERE match_id = ?", ("[7]", far))
    assert [m.id for m in ledger.matches()] == [far, cut, good]
    (damaged,) = ledger.damaged("yokai-watch")
    assert f"match #{old} in {ledger.path} cannot be read" in str(damaged) and "start_points" in str(damaged)
    assert f"対局 #{old} を読めません" in damaged.message_ja and ledger.damaged("nogizaka") == []
    for match in (cut, far):
        with pytest.raises(LedgerError, match=f"match #{match} in .* cannot be read"):
            ledger.state(match)
    assert ledger.state(good).totals == (1000,) * 4


def test_seat_payments_ron_and_tsumo():
    pays = (Payment("discarder", 7700),)
    assert seat_payments(pays, winner=2, dealer=0, players=4, win_kind="ron", discarder=3) == {3: 7700}
    # Seat 3 wins by tsumo while seat 1 deals: east = seat 1, south = seat 2, north = seat 0.
    tsumo = (Payment("east (dealer)", 2000), Payment("south", 1000), Payment("north", 1000))
    assert seat_payments(tsumo, winner=3, dealer=1, players=4, win_kind="tsumo") == {1: 2000, 2: 1000, 0: 1000}
    even = (Payment("player 1", 40), Payment("player 2", 40), Payment("player 3", 30))
    assert seat_payments(even, winner=1, dealer=0, players=4, win_kind="tsumo") == {0: 40, 2: 40, 3: 30}
    with pytest.raises(LedgerError, match="2 payments for 3"):
        seat_payments(even[:2], winner=1, dealer=0, players=4, win_kind="tsumo")
    with pytest.raises(LedgerError, match="discarder"):
        seat_payments(pays, winner=2, dealer=0, players=4, win_kind="ron")


def test_schema_is_plain_sqlite(ledger):
    m = ledger.new_match("yokai-watch", ["A", "B"])
    ledger.add_draw(m)
    with sqlite3.connect(ledger.path) as db:
        assert db.execute("SELECT COUNT(*) FROM hands").fetchone() == (1,)


def test_module_examples_run():
    import doctest

    import tilelens.ledger

    assert doctest.testmod(tilelens.ledger).failed == 0


def test_an_entry_made_for_the_table_as_shown_is_refused_once_the_table_has_moved_on(ledger):
    """A double tap on Undo deleted two hands and on Record a draw recorded two; a phone showing an older
    table recorded a win priced for it, or undid another phone's hand. Each entry now says how many hands
    the screen showed, and the ledger refuses it, changing nothing, when the match has another number."""
    m = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_draw(m, expected_hands=0)  # Ann noten: the deal moves to Bo, honba 1
    with pytest.raises(LedgerError, match=rf"Match #{m} has changed since this screen showed it "
                                          r"\(hands recorded: 0 then, 1 now\)") as refused:
        ledger.add_draw(m, expected_hands=0)  # the second tap
    assert "記録が変わりました" in refused.value.message_ja
    with pytest.raises(LedgerError, match="has changed since this screen showed it"):
        ledger.add_win(m, 1, "tsumo", {0: 2000, 2: 1000, 3: 1000}, expected_hands=0)  # Bo priced as a non-dealer
    assert len(ledger.hands(m)) == 1
    ledger.add_win(m, 1, "tsumo", {0: 4000, 2: 4000, 3: 4000}, expected_hands=1)
    with pytest.raises(LedgerError, match="has changed since"):
        ledger.undo(m, expected_hands=1)  # that screen's last hand was the draw: the tsumo is not undone
    assert [h.kind for h in ledger.hands(m)] == [HandKind.DRAW, HandKind.WIN]
    assert ledger.undo(m, expected_hands=2)
    with pytest.raises(LedgerError, match="has changed since"):
        ledger.undo(m, expected_hands=2)  # the second tap
    assert [h.kind for h in ledger.hands(m)] == [HandKind.DRAW]
    assert ledger.undo(m) and ledger.hands(m) == []  # without a count: the last hand, as before


def test_a_match_ended_since_the_screen_showed_it_says_the_table_changed(ledger):
    m = ledger.new_match("cinderella-neo", ["A", "B"])
    ledger.add_win(m, 0, "ron", {1: 60})
    ledger.add_win(m, 0, "ron", {1: 48}, expected_hands=1)
    with pytest.raises(LedgerError, match="has changed since"):  # not "has ended": the screen showed it open
        ledger.add_draw(m, expected_hands=1)


def test_two_phones_writing_at_once_do_not_meet_a_database_error(tmp_path, monkeypatch):
    """Both read the match at 0 hands, then both wrote hand 1: the second got sqlite's IntegrityError."""
    one, two = Ledger(tmp_path / "l.sqlite"), Ledger(tmp_path / "l.sqlite")
    m = one.new_match("yokai-watch", ["A", "B"])
    read = Ledger.hands

    def and_meanwhile(self, match_id):
        found = read(self, match_id)
        if self is one:  # the other phone writes between this one's reading and its writing
            two.add_draw(match_id, riichi=(0,))
        return found

    monkeypatch.setattr(Ledger, "hands", and_meanwhile)
    with pytest.raises(LedgerError, match="has changed since"):
        one.add_draw(m, riichi=(1,))
    monkeypatch.undo()
    assert [h.riichi for h in one.hands(m)] == [(0,)]


def test_a_busy_file_is_one_message_and_nothing_is_lost(ledger, monkeypatch):
    """Another program holding the file's write lock (a second app, a database browser, a sync tool) made
    every change a raw sqlite OperationalError on the page."""
    m = ledger.new_match("yokai-watch", ["A", "B"])
    ledger.add_draw(m)
    monkeypatch.setattr(ledger, "timeout_s", 0.05)
    hold = sqlite3.connect(ledger.path)
    hold.execute("BEGIN IMMEDIATE")
    try:
        for change in (lambda: ledger.add_draw(m), lambda: ledger.add_win(m, 0, "ron", {1: 100}),
                       lambda: ledger.undo(m), lambda: ledger.new_match("yokai-watch", ["C", "D"])):
            with pytest.raises(LedgerError, match=f"ledger file {ledger.path} is busy") as refused:
                change()
            assert "try again" in str(refused.value) and "使用中" in refused.value.message_ja
    finally:
        hold.rollback()
        hold.close()
    assert len(ledger.hands(m)) == 1 and len(ledger.matches()) == 1


def test_a_read_only_file_is_one_message_and_nothing_is_lost(ledger, monkeypatch):
    m = ledger.new_match("yokai-watch", ["A", "B"])
    ledger.add_draw(m)
    # a file the app may read but not write (permissions, a read-only share): as the root user sees it too
    monkeypatch.setattr(ledger, "_connect", lambda: sqlite3.connect(f"file:{ledger.path}?mode=ro", uri=True))
    for change in (lambda: ledger.add_draw(m), lambda: ledger.undo(m),
                   lambda: ledger.new_match("yokai-watch", ["C", "D"])):
        with pytest.raises(LedgerError, match=f"ledger file {ledger.path} cannot be written "
                                              r"\(the file or its folder is read-only\)") as refused:
            change()
        assert "読み取り専用" in refused.value.message_ja
    assert len(ledger.hands(m)) == 1 and len(ledger.matches()) == 1


def test_a_ledger_file_removed_while_the_app_runs_starts_again_empty(ledger):
    """The app keeps one Ledger: with its file removed (someone starting afresh) every page said "no such
    table" and New match was a traceback, until the app was restarted."""
    ledger.new_match("yokai-watch", ["A", "B"])
    ledger.path.unlink()
    assert ledger.matches() == []
    m = ledger.new_match("yokai-watch", ["C", "D"])
    ledger.add_draw(m)
    assert ledger.state(m).hands == 1


def test_the_table_and_its_hands_come_from_one_reading(ledger, monkeypatch):
    """A page drew the totals from one reading of the file and the hands (and the CSV) from others: another
    phone's hand between them gave hands that the totals did not match. ``table`` reads both at once, and
    ``match_csv`` writes the CSV from them without reading the file again."""
    from tilelens.ledger import match_csv

    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    ledger.add_win(m, 1, "ron", {0: 100})
    other, read = Ledger(ledger.path), Ledger.hands

    def and_meanwhile(self, match_id):
        found = read(self, match_id)
        if self is ledger:  # another phone adds a draw after each of this one's readings
            other.add_draw(match_id, riichi=(2,))
        return found

    monkeypatch.setattr(Ledger, "hands", and_meanwhile)
    state, hands = ledger.table(m)
    assert state.hands == len(hands) == 1 and state.totals == (900, 1100, 1000)
    assert match_csv(ledger.match(m), hands, state).splitlines()[-1].endswith(",900,1100,1000,Ann,,1,,0")
    monkeypatch.undo()
    state, hands = ledger.table(m)
    assert state.hands == len(hands) == 2
    assert match_csv(ledger.match(m), hands, state) == ledger.to_csv(m)


def test_a_file_busy_when_the_app_first_opens_it_says_busy_not_unopenable(tmp_path, monkeypatch):
    """A file another program held (a database browser writing) when the app first opened it was said as
    "cannot be opened: database is locked", as if it were no ledger."""
    path = tmp_path / "l.sqlite"
    Ledger(path).new_match("yokai-watch", ["A", "B"])
    monkeypatch.setattr(Ledger, "timeout_s", 0.05)
    hold = sqlite3.connect(path)
    hold.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(LedgerError, match=f"ledger file {path} is busy") as refused:
            Ledger(path)
        assert "try again" in str(refused.value) and "使用中" in refused.value.message_ja
        assert "cannot be opened" not in str(refused.value)
    finally:
        hold.rollback()
        hold.close()
    assert len(Ledger(path).matches()) == 1


def test_the_same_match_started_again_within_moments_is_the_one_started(ledger, monkeypatch):
    """A double tap on Start the match started two: the second tap (from the page as it was, or landing on
    the form drawn again) is the same start. An identical match (game, players, rules) started less than
    ``again_within_s`` ago with no hand yet is returned, and none is added."""
    import tilelens.ledger as module

    m = ledger.new_match("yokai-watch", ["Ann", "Bo"], again_within_s=5)
    assert ledger.new_match("yokai-watch", [" Ann", "Bo "], again_within_s=5) == m
    assert len(ledger.matches()) == 1
    other = ledger.new_match("yokai-watch", ["Ann", "Cy"], again_within_s=5)  # other players: another match
    assert other != m
    several = replace(rules_for("cinderella-neo"), several_ron=not rules_for("cinderella-neo").several_ron)
    cg = ledger.new_match("cinderella-neo", ["Ann", "Bo"], again_within_s=5)
    assert ledger.new_match("cinderella-neo", ["Ann", "Bo"], several, again_within_s=5) != cg  # other rules
    assert ledger.new_match("yokai-watch", ["Ann", "Bo"]) != m  # without a window: always a new one
    ledger.add_draw(other)
    assert ledger.new_match("yokai-watch", ["Ann", "Cy"], again_within_s=5) != other  # played on: a new one
    later = time.time() + 6
    monkeypatch.setattr(module.time, "time", lambda: later)
    assert ledger.new_match("cinderella-neo", ["Ann", "Bo"], again_within_s=5) != cg  # a while after: new


def test_each_hand_has_an_id_that_an_undo_and_a_new_hand_never_reuse(ledger):
    """The hand count cannot tell an undo followed by a new hand from the table before them: the id can."""
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_win(m, 0, "ron", {2: 60})
    ledger.add_draw(m, riichi=(1,))
    first = [h.id for h in ledger.hands(m)]
    assert all(first) and len(set(first)) == 2
    assert [h.id for h in Ledger(ledger.path).hands(m)] == first  # stored: the same on every reading
    ledger.undo(m)
    ledger.add_draw(m, riichi=(1,))  # the same hand again, as another phone would enter it
    again = [h.id for h in ledger.hands(m)]
    assert again[0] == first[0] and again[1] not in first


def test_an_undo_from_a_screen_whose_last_hand_was_undone_and_replaced_is_refused(ledger):
    """A screen showed two hands, the last one B's draw; meanwhile another phone undid that draw and entered
    C's ron: still two hands, so the count let this screen's Undo delete C's ron. The screen's Undo names the
    hand it showed as the last one and is refused, changing nothing, when that hand is gone."""
    m = ledger.new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 0, "ron", {2: 60})
    ledger.add_draw(m, riichi=(1,))
    shown = ledger.hands(m)
    ledger.undo(m, expected_hands=2, expected_last=shown[-1].id)  # phone B: undo the draw ...
    ledger.add_win(m, 2, "ron", {3: 60}, expected_hands=1, expected_last=shown[0].id)  # ... and enter a ron
    with pytest.raises(LedgerChangedError, match=rf"Match #{m} has changed since this screen showed it") as refused:
        ledger.undo(m, expected_hands=2, expected_last=shown[-1].id)  # phone A, from the screen drawn before
    assert "記録が変わりました" in refused.value.message_ja
    assert "2 then, 2 now" not in str(refused.value)  # the count did not change: it is not what is said
    assert [(h.kind, h.winner) for h in ledger.hands(m)] == [(HandKind.WIN, 0), (HandKind.WIN, 2)]
    # a hand priced for the table as that screen showed it is refused too (the dealer may have moved)
    for entry in (lambda: ledger.add_draw(m, expected_hands=2, expected_last=shown[-1].id),
                  lambda: ledger.add_win(m, 1, "ron", {0: 60}, expected_hands=2, expected_last=shown[-1].id),
                  lambda: ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100}, expected_hands=2,
                                            expected_last=shown[-1].id)):
        with pytest.raises(LedgerChangedError):
            entry()
    assert len(ledger.hands(m)) == 2
    now = ledger.hands(m)
    assert ledger.undo(m, expected_hands=2, expected_last=now[-1].id)  # looked again: C's ron goes
    assert [h.id for h in ledger.hands(m)] == [now[0].id]


def test_a_second_winner_on_a_discard_from_a_screen_showing_another_ron_is_refused(ledger):
    """A second winner names the ron whose discard it shares: the last hand, as the screen showed it."""
    m = ledger.new_match("tokyo-mahjong", ["E", "S", "W", "N"])
    ledger.add_win(m, 1, "ron", {0: 3900})
    shown = ledger.hands(m)[-1].id
    ledger.undo(m)
    ledger.add_win(m, 2, "ron", {3: 2000})  # another phone: that ron undone, another player's ron entered
    with pytest.raises(LedgerChangedError):
        ledger.add_win(m, 3, "ron", {3: 1000}, same_discard=True, expected_hands=1, expected_last=shown)
    assert len(ledger.hands(m)) == 1


# A ledger file as written before hands had ids (no ``uid`` column).
SCHEMA_BEFORE_HAND_IDS = """
    CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
        players TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL);
    CREATE TABLE hands (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,
        kind TEXT NOT NULL, winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL,
        tenpai TEXT NOT NULL, note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq));"""


def test_a_ledger_file_of_the_schema_before_hand_ids_gets_them_when_opened(tmp_path):
    """Files written before hands had ids: each hand gets one on the first connection, kept after it."""
    path = tmp_path / "old.sqlite"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(SCHEMA_BEFORE_HAND_IDS)
        db.execute("INSERT INTO matches VALUES (1, 'yokai-watch', ?, ?, 0)",
                   (json.dumps(["A", "B"]), json.dumps(asdict(rules_for("yokai-watch")))))
        for seq in range(2):
            db.execute("INSERT INTO hands VALUES (1, ?, 'win', 0, 'ron', '{\"1\": 100}', '[]', '[]', '', 0)", (seq,))
    ledger = Ledger(path)
    ids = [h.id for h in ledger.hands(1)]
    assert all(ids) and len(set(ids)) == 2
    assert [h.id for h in Ledger(path).hands(1)] == ids and ledger.state(1).totals == (1200, 800)
    ledger.add_draw(1, expected_hands=2, expected_last=ids[-1])
    assert ledger.undo(1, expected_hands=3, expected_last=ledger.hands(1)[-1].id) and len(ledger.hands(1)) == 2


def test_rules_chombo_offender_pays_the_others_and_the_same_dealer_deals_again():
    """RULES.md 001: a chombo costs its declarer the penalty; the hand is void, so the dealer keeps the deal,
    no honba is added and the riichi chips already on the table stay there."""
    rules = DEFAULT_RULES["nogizaka"]
    chombo = HandRecord(1, HandKind.CHOMBO, payments={0: 100, 2: 100, 3: 100}, offender=1)
    state = replay(4, rules, [draw(0, riichi=(2,)), chombo])
    assert state.totals == (1100, 700, 1090, 1100) and sum(state.totals) + state.pot == 4000
    assert (state.dealer, state.dealer_moves, state.pot, state.hands) == (1, 1, 10, 2)
    tokyo = replay(4, DEFAULT_RULES["tokyo-mahjong"], [draw(0, tenpai=(0,)), replace(chombo, seq=1)])
    assert (tokyo.dealer, tokyo.honba) == (0, 1)


def test_chombo_payments_come_from_the_games_rules(ledger):
    from tilelens.ledger import chombo_payments, chombo_penalty

    game = load_game("nogizaka")
    assert chombo_penalty(game) == 300
    assert chombo_payments(game, 1, 4) == {2: 100, 3: 100, 0: 100}
    # rules are data: a house table's penalty is the one paid, split into the game's chips, all of it paid
    house = replace(game)
    object.__setattr__(house, "_donjara_rules",
                       replace(donjara_rules(game), chombo=Chombo(penalty=250, cases=(ChomboCase.FALSE_WIN,))))
    assert chombo_payments(house, 3, 4) == {0: 90, 1: 80, 2: 80}
    for no_chombo in ("yokai-watch", "cinderella-neo"):
        assert chombo_penalty(load_game(no_chombo)) == 0
        with pytest.raises(LedgerError, match="define no chombo penalty") as refused:
            chombo_payments(load_game(no_chombo), 0, 4)
        assert str(refused.value).startswith(f"the rules of {load_game(no_chombo).name_en} ")  # its name, not id
    m = ledger.new_match(game, ["Ann", "Bo", "Cy", "Di"])
    ledger.add_chombo(m, 1, chombo_payments(game, 1, 4), note="Bo: chombo", expected_hands=0)
    (hand,) = ledger.hands(m)
    assert (hand.kind, hand.offender, hand.winner, hand.note) == (HandKind.CHOMBO, 1, None, "Bo: chombo")
    assert ledger.state(m).totals == (1100, 700, 1100, 1100) and ledger.state(m).dealer == 0
    row = list(csv.reader(io.StringIO(ledger.to_csv(m))))[-1]
    assert row[:2] == ["1", "chombo"] and row[-9:-3] == ["1100", "700", "1100", "1100", "", "Bo"]
    assert ledger.undo(m, expected_hands=1, expected_last=hand.id) and ledger.state(m).totals == (1000,) * 4


@pytest.mark.parametrize("call, said", [
    (lambda L, m: L.add_chombo(m, 4, {0: 100, 1: 100, 2: 100}), "seat 5 is not at this table"),
    (lambda L, m: L.add_chombo(m, 1.0, {0: 100, 2: 100, 3: 100}), "seat 1.0 is not a seat number"),
    (lambda L, m: L.add_chombo(m, 1, {0: 100, 1: 100, 2: 100}), "made the chombo, so cannot also be paid"),
    (lambda L, m: L.add_chombo(m, 1, {0: 300}), "pays every other seat"),
    (lambda L, m: L.add_chombo(m, 1, {0: -100, 2: 100, 3: 100}), "must not be negative"),
    (lambda L, m: L.add_chombo(m, 1, {0: 1.5, 2: 100, 3: 100}), "whole numbers of points"),
    (lambda L, m: L.add_chombo(m, 1, {0: 0, 2: 0, 3: 0}), "a chombo costs its declarer something"),
    (lambda L, m: L.add_chombo(m, 1, [100, 100, 100]), "payments must map"),
], ids=["seat-off-table", "float-seat", "pays-itself", "one-payee", "negative", "half-point", "nothing", "not-a-map"])
def test_an_impossible_chombo_is_refused_and_the_match_stays_as_it_was(ledger, call, said):
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    with pytest.raises(LedgerError, match=said):
        call(ledger, m)
    assert ledger.hands(m) == [] and ledger.state(m).totals == (1000,) * 4


def test_a_ledger_file_before_hand_ids_that_cannot_be_written_is_one_message(tmp_path, monkeypatch):
    """Its hands cannot be given ids: said once, in both languages, as the file's problem."""
    import tilelens.ledger as module

    path = tmp_path / "old.sqlite"
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE hands (match_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, "
                   "winner INTEGER, win_kind TEXT, payments TEXT NOT NULL, riichi TEXT NOT NULL, tenpai TEXT NOT NULL, "
                   "note TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, seq))")
        db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, "
                   "players TEXT NOT NULL, rules TEXT NOT NULL, created REAL NOT NULL)")
    connect = sqlite3.connect
    # a file the app may read but not write (permissions, a read-only share): as the root user sees it too
    monkeypatch.setattr(module.sqlite3, "connect", lambda p, **kw: connect(f"file:{p}?mode=ro", uri=True, **kw))
    # session 52: viewable as it is (nothing to migrate for reading); a change refused with what to do
    assert Ledger(path).matches() == []
    with pytest.raises(LedgerError, match=r"written by an earlier version and cannot be updated \(the file or its "
                                          r"folder is read-only\).*TILELENS_LEDGER") as refused:
        Ledger(path).new_match("yokai-watch", ["A", "B", "C"])
    assert "読み取り専用" in refused.value.message_ja


def test_whether_who_declared_riichi_tells_anything_comes_from_the_rules_data():
    """Cinderella Girls: a Standby before every win ([win] riichi_required, no exception) and no chip for it
    ([payout] riichi_chip = 0): who declared riichi tells nothing, so the ledger page's hands table had a
    Riichi column that said nothing. From the data, not the game: a house table that drops the requirement,
    or puts a chip down, makes it tell something again."""
    from tilelens.ledger import riichi_required_to_win, riichi_tells

    cinderella = load_game("cinderella-neo")
    assert riichi_required_to_win(cinderella) and riichi_required_to_win("nogizaka")
    assert not riichi_required_to_win("yokai-watch")  # dealt_tenpai_exempt: a win may come without one
    assert not riichi_required_to_win("tokyo-mahjong")  # riichi mahjong: a riichi is one yaku among others
    assert not riichi_tells(cinderella, rules_for(cinderella))
    for game_id in ("nogizaka", "yokai-watch", "tokyo-mahjong"):
        assert riichi_tells(load_game(game_id), rules_for(game_id))
    assert riichi_tells(cinderella, replace(rules_for(cinderella), riichi_chip=5))  # a house table's chip
    free = replace(cinderella)  # a house table where a win needs no Standby
    object.__setattr__(free, "_donjara_rules", replace(donjara_rules(cinderella), win=replace(
        donjara_rules(cinderella).win, riichi_required=False)))
    assert not riichi_required_to_win(free) and riichi_tells(free, rules_for(cinderella))


def traced_statements(monkeypatch):
    """Every statement the ledger's connections run from now on, as sqlite's trace callback reports them."""
    run, connect = [], sqlite3.connect

    def traced(*args, **kwargs):
        db = connect(*args, **kwargs)
        db.set_trace_callback(run.append)
        return db

    monkeypatch.setattr(sqlite3, "connect", traced)
    return run


def test_a_read_runs_its_query_and_not_the_schema_again(tmp_path, monkeypatch):
    """Each connection ran the schema (CREATE TABLE IF NOT EXISTS ...) and PRAGMA table_info before its
    query: three times a page run for the ledger page alone. Once per file in a process is enough."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["A", "B"])
    ledger.add_draw(m, riichi=(0,))
    run = traced_statements(monkeypatch)
    ledger.table(m)
    run.clear()
    assert ledger.table(m)[0].pot == 10 and ledger.read_matches()[0][0].id == m
    assert run and all(s.lstrip().upper().startswith("SELECT") for s in run), run
    other = Ledger(ledger.path)  # another Ledger of the file (a second phone's page): it looks when made ...
    run.clear()
    assert other.matches()[0].id == m and other.state(m).pot == 10  # ... and its reads only read
    assert run and all(s.lstrip().upper().startswith("SELECT") for s in run), run


def test_a_ledger_file_replaced_while_the_app_runs_is_read_as_it_is_now(tmp_path):
    """The schema made once per file must not make a file put in its place (removed, emptied, swapped for
    an older version's file or overwritten in place by a database without the ledger's tables) read as
    "no such table" until a restart: each is read as it is now, and the next change goes into it."""
    import os

    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    ledger.add_draw(ledger.new_match("yokai-watch", ["A", "B"]))
    assert len(ledger.matches()) == 1
    path.write_bytes(b"")  # emptied
    assert ledger.matches() == [] and ledger.new_match("yokai-watch", ["C", "D"]) == 1
    old = tmp_path / "old.sqlite"  # a file of the schema before hands had ids, moved into its place
    with closing(sqlite3.connect(old)) as db, db:
        db.executescript(SCHEMA_BEFORE_HAND_IDS)
        db.execute("INSERT INTO matches VALUES (7, 'yokai-watch', ?, ?, 0)",
                   (json.dumps(["Ya", "Yu"]), json.dumps(asdict(rules_for("yokai-watch")))))
        db.execute("INSERT INTO hands VALUES (7, 0, 'win', 0, 'ron', '{\"1\": 100}', '[]', '[]', '', 0)")
    os.replace(old, path)
    (hand,) = ledger.hands(7)
    assert hand.id and ledger.state(7).totals == (1100, 900)
    ledger.add_draw(7, expected_hands=1, expected_last=hand.id)
    assert ledger.state(7).hands == 2
    with closing(sqlite3.connect(path)) as db, db:  # overwritten in place: the same file, another database
        db.executescript("DROP TABLE hands; DROP TABLE matches; CREATE TABLE notes (text TEXT);")
    with pytest.raises(LedgerError, match="not a ledger file"):  # another database now: refused (session 49)
        ledger.matches()
    path.unlink()
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    path.unlink()
    assert ledger.matches() == []
    with pytest.raises(LedgerError, match=f"no match with id {m}"):
        ledger.state(m)
    ledger.add_draw(ledger.new_match("yokai-watch", ["E", "F"]))
    assert [len(ledger.hands(x.id)) for x in ledger.matches()] == [1]


def _house(game_id, tmp_path, old, new):
    """The shipped game with ``old`` replaced by ``new`` in its file: an organiser's edit of it."""
    text = open(load_game(game_id).source, encoding="utf-8").read()
    assert old in text
    path = tmp_path / f"{game_id}-{abs(hash(new))}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(path)


def test_a_match_keeps_the_chombo_penalty_and_honba_amounts_it_started_with(ledger, tmp_path):
    """The chombo penalty and the honba amounts were read from the table in use when a hand was recorded: an
    organiser's edit mid-match changed them for a match already started, the other table rules not."""
    from tilelens.ledger import chombo_payments, chombo_penalty

    nogi, tokyo = load_game("nogizaka"), load_game("tokyo-mahjong")
    assert rules_for(nogi).chombo_penalty == 300 and rules_for(load_game("yokai-watch")).chombo_penalty == 0
    assert (rules_for(tokyo).honba_ron, rules_for(tokyo).honba_tsumo_each) == (300, 100)
    m = ledger.new_match(nogi, ["Ann", "Bo", "Cy", "Di"])
    stored = ledger.match(m).rules
    edited = _house("nogizaka", tmp_path, "penalty = 300", "penalty = 600")
    assert chombo_penalty(edited) == 600 and chombo_penalty(edited, stored) == 300
    ledger.add_chombo(m, 1, chombo_payments(edited, 1, 4, stored), expected_hands=0)
    assert ledger.state(m).totals == (1100, 700, 1100, 1100)
    assert rules_for(edited).chombo_penalty == 600  # a match started now: the edit
    # a match started with no chombo penalty has none, whatever the table in use says since
    none = replace(stored, chombo_penalty=0)
    assert chombo_penalty(edited, none) == 0
    with pytest.raises(LedgerError, match="define no chombo penalty"):
        chombo_payments(edited, 0, 4, none)
    # honba: a riichi match's amounts, from its [riichi] when it starts
    priced = _house("tokyo-mahjong", tmp_path, "honba_ron = 300", "honba_ron = 1500")
    assert rules_for(priced).honba_ron == 1500 and rules_for(priced).honba_tsumo_each == 100


def test_a_match_stored_before_the_amounts_were_kept_reads_them_from_the_table_in_use(tmp_path):
    """A match stored without a chombo penalty or honba amounts (an earlier version) still loads, and takes
    them from the table in use, as it did."""
    from tilelens.ledger import chombo_payments, chombo_penalty

    ledger = Ledger(tmp_path / "old.sqlite")
    ledger.make_file()  # session 52: a new ledger's file is made by its first change
    old = {k: v for k, v in asdict(rules_for("nogizaka")).items()
           if k not in ("chombo_penalty", "honba_ron", "honba_tsumo_each")}
    with closing(sqlite3.connect(tmp_path / "old.sqlite")) as db, db:
        db.execute("INSERT INTO matches (game_id, players, rules, created) VALUES ('nogizaka', ?, ?, 0)",
                   (json.dumps(["A", "B", "C", "D"]), json.dumps(old)))
    (match,) = ledger.matches()
    assert match.rules.chombo_penalty is None and match.rules.honba_ron is None
    edited = _house("nogizaka", tmp_path, "penalty = 300", "penalty = 600")
    assert chombo_penalty(edited, match.rules) == 600
    assert chombo_payments(edited, 0, 4, match.rules) == {1: 200, 2: 200, 3: 200}


@pytest.mark.parametrize("line, en, ja", [
    ("start_point = 2000", "start_point", "start_point"),
    ("chombo_penalty = 500", "[chombo] penalty", "[chombo] penalty"),  # kept with a match, set where it is said
    ("multiple_ron = 3", "multiple_ron must list", "multiple_ron は"),
    ('multiple_ron = ["each-in-fll"]', "each-in-fll", "each-in-fll"),
    ("multiple_ron = [3]", "multiple_ron must list", "multiple_ron は")])
def test_the_ledger_refuses_a_table_key_it_does_not_read_or_a_multiple_ron_it_does_not_know(tmp_path, line, en, ja):
    """The ledger reads ``[table]``: a misspelt key was ignored (every match started at the default), and a
    ``multiple_ron`` that is no list of the known ways broke the ledger page. One line, in both languages."""
    from tilelens.ledger import check_table

    game = _house("yokai-watch", tmp_path, 'multiple_ron = ["nearest-clockwise"]',
                  line if line.startswith("multiple_ron") else f'multiple_ron = ["nearest-clockwise"]\n{line}')
    for read in (check_table, rules_for):
        with pytest.raises(LedgerError) as refused:
            read(game)
        assert en in str(refused.value) and ja in refused.value.message_ja
        assert "\n" not in str(refused.value) and "\n" not in refused.value.message_ja
    check_table(load_game("cinderella-neo"))  # the shipped tables are read as they are


def test_standings_rank_the_totals_and_equal_totals_share_a_place():
    """The end of a match named no winner. RULES.md: "Highest total wins"; it gives no order for equal totals, so
    they share a place (listed in seat order)."""
    from tilelens.ledger import standings

    assert standings((20700, 30000, 27500, 21800)) == [(1, 1, 30000), (2, 2, 27500), (3, 3, 21800), (4, 0, 20700)]
    assert standings((900, 1100, 1100, 900)) == [(1, 1, 1100), (1, 2, 1100), (3, 0, 900), (3, 3, 900)]


def test_a_riichi_match_ends_when_a_player_falls_below_zero_and_says_so():
    """Tokyo Mahjong's match ends below 0 (a player at exactly 0 plays on), but its end was said as "a player has
    nothing left", as of the Donjara games that end at 0."""
    rules = DEFAULT_RULES["tokyo-mahjong"]
    at_zero = replay(4, rules, [win(0, 1, {0: 25000})])
    assert at_zero.totals[0] == 0 and not at_zero.ended
    below = replay(4, rules, [win(0, 1, {0: 26000})])
    assert below.ended and below.end_reason == "a player's total has fallen below 0"
    assert below.end_reason_ja == "持ち点が0より少なくなったプレイヤーがいます"


def test_a_match_is_scored_at_its_own_player_count_after_an_edit_of_the_table(ledger, tmp_path):
    """A 4-player match of a table an organiser edited to 3 players since: its hands are scored (and
    priced) at 4 by the game as the match started; the table in use still refuses 4 for a hand of no match."""
    from scorer import HandError, score
    from tilelens.ledger import game_as_started

    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3
    four = load_game("nogizaka")
    m = ledger.new_match(four, ["A", "B", "C", "D"])
    text = (open(four.source, encoding="utf-8").read().replace("players = 4  #", "players = 3  #", 1)
            .replace("players_min = 4", "players_min = 3", 1).replace("players_max = 4", "players_max = 3", 1))
    (tmp_path / "three.toml").write_text(text, encoding="utf-8")
    three = load_game(tmp_path / "three.toml")
    assert donjara_rules(three).win.players_max == 3
    with pytest.raises(HandError, match="played by 3 players, got 4"):
        score(three, hand, riichi=True, players=4)
    match = ledger.match(m)
    as_started = game_as_started(three, match.rules, len(match.players))
    assert donjara_rules(as_started).win.players_default == 4
    result = score(as_started, hand, riichi=True, players=4)
    assert [p.amount for p in result.payments] == [20, 20, 20]
    assert seat_payments(result.payments, 0, 0, 4, "tsumo") == {1: 20, 2: 20, 3: 20}
    assert game_as_started(four, match.rules, 4) is four  # nothing to change: the game itself


def test_payments_for_another_player_count_say_what_to_fix():
    three = (Payment("player 1", 30), Payment("player 2", 30))
    with pytest.raises(LedgerError, match="2 payments for 3 paying players") as info:
        seat_payments(three, winner=0, dealer=0, players=4, win_kind="tsumo")
    assert "scored for 3 players" in str(info.value) and "score it for 4 players" in str(info.value)
    assert "4人で採点し直してください" in info.value.message_ja


def _house_text(game, old, new, tmp_path):
    text = open(game.source, encoding="utf-8").read()
    assert old in text
    path = tmp_path / f"{game.id}-{abs(hash((text, new)))}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
