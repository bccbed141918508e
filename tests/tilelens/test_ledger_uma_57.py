"""Session 57 (W4 6-8): the match options a riichi club plays with. Uma and oka (return points) turn the totals at
the end into the final score a club writes down, (total - return points) / 1,000 + uma, the top player taking the
oka; riichi sticks left at the end may go to the top player; a riichi chombo is a reverse mangan; busting may be
turned off. Every option is off by default: a ledger of before reads and totals the same.

The club's sheet, by hand: 25,000 start, 30,000 return (oka: 4 x 5,000 = 20,000 to the top), uma 20/10. A match
ending 45,000 / 30,000 / 15,000 / 10,000 scores (45-30)+20+20 = +55, (30-30)+10 = +10, (15-30)-10 = -25,
(10-30)-20 = -40: they add up to 0."""
from __future__ import annotations

import json
import sqlite3
import tomllib
from dataclasses import replace

import pytest

from scorer import load_game
from scorer.catalog import GAMES_DIR, parse_game
from tilelens.ledger import (DrawKeep, HandKind, HandRecord, Ledger, LedgerError, Match, TableRules, chombo_payments,
                             chombo_penalty, evening_totals, final_scores, replay, rules_for, score_said,
                             standings_csv)

GAME = "tokyo-mahjong"
PLAYERS = ("Ann", "Bo", "Cy", "Di")
CLUB = TableRules(start_points=25000, riichi_chip=1000, laps=1, ends_at_or_below=-1, uma=(20, 10, -10, -20),
                  return_points=30000)

# the standings CSV of a match with uma or oka: the total in points, the rest in thousands, each header its unit
STANDINGS_HEAD = ("place,player,total (points),score (thousands of points),uma (thousands of points),"
                  "oka (thousands of points),sticks (thousands of points)")


def win(seq, winner, payer, amount, riichi=()):
    return HandRecord(seq, HandKind.WIN, winner, "ron", {payer: amount}, riichi=riichi)


# 45,000 / 30,000 / 15,000 / 10,000 after four hands (the deal moving each hand: one lap, the match over)
CLUB_HANDS = [win(0, 0, 3, 15000), win(1, 0, 2, 5000), win(2, 1, 2, 5000), HandRecord(3, HandKind.DRAW)]


def scores(rules, hands, players=4):
    state = replay(players, rules, hands)
    return state, {s.seat: s for s in final_scores(rules, state)}


def test_the_clubs_sheet_uma_20_10_and_30000_returned():
    state, by_seat = scores(CLUB, CLUB_HANDS)
    assert state.ended and state.totals == (45000, 30000, 15000, 10000)
    assert [by_seat[s].score for s in range(4)] == [55000, 10000, -25000, -40000]
    assert [by_seat[s].uma for s in range(4)] == [20000, 10000, -10000, -20000]
    assert [by_seat[s].oka for s in range(4)] == [20000, 0, 0, 0]
    assert [score_said(by_seat[s].score) for s in range(4)] == ["+55", "+10", "-25", "-40"]
    assert sum(s.score for s in by_seat.values()) == 0


def test_uma_15_5_without_oka_counts_from_the_starting_points():
    rules = replace(CLUB, uma=(15, 5, -5, -15), return_points=None)
    _, by_seat = scores(rules, CLUB_HANDS)
    assert [by_seat[s].score for s in range(4)] == [35000, 10000, -15000, -30000]
    assert [by_seat[s].oka for s in range(4)] == [0, 0, 0, 0]


def test_tied_places_split_their_uma_and_the_oka():
    # 35,000 / 35,000 / 15,000 / 15,000: first and second share (20+10)/2 = 15 and 20/2 = 10 of oka each; third and
    # fourth share (-10-20)/2 = -15
    hands = [win(0, 0, 2, 10000), win(1, 1, 3, 10000), HandRecord(2, HandKind.DRAW), HandRecord(3, HandKind.DRAW)]
    state, by_seat = scores(CLUB, hands)
    assert state.totals == (35000, 35000, 15000, 15000)
    assert [by_seat[s].place for s in range(4)] == [1, 1, 3, 3]
    assert [by_seat[s].uma for s in range(4)] == [15000, 15000, -15000, -15000]
    assert [by_seat[s].oka for s in range(4)] == [10000, 10000, 0, 0]
    assert [by_seat[s].score for s in range(4)] == [30000, 30000, -30000, -30000]


def test_a_three_way_tie_splits_in_hundreds_and_still_adds_up_to_zero():
    rules = replace(CLUB, start_points=30000, return_points=30000, ends_at_or_below=None)
    hands = [win(0, 0, 3, 3000), win(1, 1, 3, 3000), win(2, 2, 3, 3000), HandRecord(3, HandKind.DRAW)]
    _, by_seat = scores(rules, hands)
    assert [by_seat[s].uma for s in range(3)] == [6700, 6700, 6600]  # (20+10-10)/3, the odd 100 in seat order
    assert sum(s.score for s in by_seat.values()) == 0


@pytest.mark.parametrize("leftover, top, total", [("nobody", 55000, -1000), ("top", 56000, 0)])
def test_sticks_left_at_the_end_go_to_the_top_where_the_match_says_so(leftover, top, total):
    rules = replace(CLUB, leftover_sticks=leftover)
    hands = [*CLUB_HANDS[:3], HandRecord(3, HandKind.DRAW, riichi=(3,))]  # Di's stick left on the table
    state, by_seat = scores(rules, hands)
    assert state.ended and state.pot == 1000 and state.totals == (45000, 30000, 15000, 9000)
    assert by_seat[0].score == top and by_seat[0].sticks == (1000 if leftover == "top" else 0)
    assert sum(s.score for s in by_seat.values()) == total


def test_sticks_go_to_nobody_while_the_match_is_under_way():
    rules = replace(CLUB, leftover_sticks="top", laps=2)
    state, by_seat = scores(rules, [*CLUB_HANDS[:3], HandRecord(3, HandKind.DRAW, riichi=(3,))])
    assert not state.ended and by_seat[0].sticks == 0


def test_no_option_no_final_score_and_the_shipped_game_sets_none():
    rules = rules_for(GAME)
    assert (rules.uma, rules.return_points, rules.leftover_sticks) == ((), None, "nobody")
    assert final_scores(rules, replay(4, rules, [])) is None


def test_the_breakdown_says_how_the_score_was_made():
    from tilelens.ledger import final_score_rule_said, final_score_said

    match = Match(1, GAME, PLAYERS, CLUB, 0.0)
    state, by_seat = scores(CLUB, CLUB_HANDS)
    assert final_score_said(match, by_seat[0], "en") == "45,000 points → +55 (uma +20, oka +20)"
    assert final_score_said(match, by_seat[3], "en") == "10,000 points → -40 (uma -20)"
    assert final_score_said(match, by_seat[0], "ja") == "45,000点 → +55 (ウマ +20、オカ +20)"
    rule = final_score_rule_said(match.rules, 4, "en")
    assert "30,000" in rule and "+20/+10/-10/-20" in rule and "oka +20" in rule and "share" in rule, rule
    assert "30,000" in final_score_rule_said(match.rules, 4, "ja") and "ウマ" in final_score_rule_said(match.rules, 4, "ja")


def test_a_game_file_sets_them_in_table(tmp_path):
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["table"].update(uma=[15, 5, -5, -15], return_points=30000, leftover_sticks="top")
    rules = rules_for(parse_game(data, "club.toml"))
    assert (rules.uma, rules.return_points, rules.leftover_sticks) == ((15, 5, -5, -15), 30000, "top")


@pytest.mark.parametrize("key, value, says", [
    ("uma", [20, 10, -10], "add up to 0"),
    ("uma", [10, 20, -10, -20], "first place to last"),
    ("uma", ["20", 10, -10, -20], "whole number"),
    ("uma", 20, "whole number"),
    ("return_points", 20000, "starting points"),
    ("return_points", "30000", "whole number"),
    ("leftover_sticks", "winner", "nobody"),
    ("ends_at_or_below", "sometimes", "false"),
])
def test_a_bad_option_is_refused_in_one_line_naming_it(key, value, says):
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["table"][key] = value
    with pytest.raises(LedgerError) as refused:
        rules_for(parse_game(data, "club.toml"))
    en, ja = str(refused.value), refused.value.message_ja
    assert key in en and says in en and "\n" not in en, en
    assert key in ja and ja != en, ja


def test_a_donjara_game_takes_no_uma():
    data = tomllib.loads((GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8"))
    data["table"]["uma"] = [20, 10, -10, -20]
    with pytest.raises(LedgerError, match="riichi mahjong") as refused:
        rules_for(parse_game(data, "club.toml"))
    assert "ウマ" in refused.value.message_ja


@pytest.mark.parametrize("value", [False, "never"])
def test_busting_off_plays_on_below_zero(value):
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["table"]["ends_at_or_below"] = value
    rules = rules_for(parse_game(data, "club.toml"))
    assert rules.ends_at_or_below is None
    state = replay(4, rules, [win(0, 0, 1, 32000)])
    assert state.totals[1] == -7000 and not state.ended


def test_ledger_keeps_the_options_and_the_csv_and_totals_say_the_score(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match(GAME, PLAYERS, replace(rules_for(GAME), uma=(20, 10, -10, -20), return_points=30000,
                                                  laps=1, keep_on_dealer_win=False))
    for hand in CLUB_HANDS:
        if hand.kind is HandKind.WIN:
            ledger.add_win(m, hand.winner, "ron", dict(hand.payments))
        else:
            ledger.add_draw(m)
    match = ledger.match(m)
    assert match.rules.uma == (20, 10, -10, -20) and match.rules.return_points == 30000
    state = ledger.state(m)
    assert state.ended and state.totals == (45000, 30000, 15000, 10000)
    rows = standings_csv(match, state).splitlines()
    assert rows[0] == STANDINGS_HEAD, rows
    assert rows[1] == "1,Ann,45000,55,20,20,0" and rows[4] == "4,Di,10000,-40,-20,0,0", rows
    totals = evening_totals([(match, state)])
    assert [(p.name, p.total) for p in totals.players] == [("Ann", 55000), ("Bo", 10000), ("Cy", -25000),
                                                           ("Di", -40000)]
    assert totals.scored


def test_a_match_without_options_is_stored_as_before(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    ledger.new_match(GAME, PLAYERS)
    with sqlite3.connect(tmp_path / "l.sqlite") as db:
        stored = json.loads(db.execute("SELECT rules FROM matches").fetchone()[0])
    assert not {"uma", "return_points", "leftover_sticks"} & set(stored), stored


def test_a_match_stored_before_reads_and_totals_the_same(tmp_path):
    old = {"start_points": 25000, "unit": "点", "riichi_chip": 1000, "keep_on_dealer_win": True,
           "keep_on_draw": "dealer-tenpai", "honba": True, "noten_total": 3000, "laps": 2, "ends_at_or_below": -1,
           "several_ron": True, "chombo_penalty": 0, "honba_ron": 300, "honba_tsumo_each": 100}
    ledger = Ledger(tmp_path / "l.sqlite")
    ledger.new_match(GAME, PLAYERS)  # the file made
    with sqlite3.connect(tmp_path / "l.sqlite") as db:
        db.execute("UPDATE matches SET rules = ?", (json.dumps(old),))
    (match,) = ledger.matches()
    ledger.add_win(match.id, 1, "ron", {2: 8000})
    state = ledger.state(match.id)
    assert final_scores(match.rules, state) is None
    assert [p.total for p in evening_totals([(match, state)]).players] == [8000, 0, 0, -8000]
    assert chombo_penalty(GAME, match.rules) == 0  # no chombo where it started with none


def test_a_three_player_match_with_four_places_of_uma_is_refused(tmp_path):
    with pytest.raises(LedgerError, match="4 places") as refused:
        Ledger(tmp_path / "l.sqlite").new_match(GAME, PLAYERS[:3], replace(rules_for(GAME), uma=(20, 10, -10, -20)))
    assert "3" in refused.value.message_ja


def test_a_merged_ledger_keeps_the_options(tmp_path):
    from tilelens.ledger_merge import merge_ledgers

    other = Ledger(tmp_path / "other.sqlite")
    m = other.new_match(GAME, PLAYERS, replace(rules_for(GAME), uma=(15, 5, -5, -15), return_points=30000,
                                               leftover_sticks="top"))
    other.add_win(m, 1, "ron", {2: 8000})
    merge_ledgers(tmp_path / "here.sqlite", tmp_path / "other.sqlite")
    (merged,) = Ledger(tmp_path / "here.sqlite").matches()
    assert merged.rules == other.match(m).rules
    assert (merged.rules.uma, merged.rules.return_points, merged.rules.leftover_sticks) == ((15, 5, -5, -15), 30000,
                                                                                           "top")


# 7: a riichi chombo, the common club rule: a reverse mangan
def test_a_riichi_chombo_is_a_reverse_mangan():
    game = load_game(GAME)
    assert chombo_penalty(game) == 8000 and rules_for(GAME).chombo_penalty == 8000
    assert chombo_payments(game, 1, 4, dealer=0) == {2: 2000, 3: 2000, 0: 4000}  # a non-dealer: 8,000 in all
    assert chombo_payments(game, 0, 4, dealer=0) == {1: 4000, 2: 4000, 3: 4000}  # the dealer: 4,000 all
    assert chombo_payments(game, 2, 3, dealer=1) == {0: 2000, 1: 4000}


def test_a_riichi_chombo_replays_the_hand_no_honba_added_sticks_kept(tmp_path):
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match(GAME, PLAYERS)
    ledger.add_draw(m, tenpai=(0,), riichi=(0,))  # the dealer tenpai: keeps the deal, 1 honba, 1 stick down
    before = ledger.state(m)
    assert (before.dealer, before.honba, before.pot) == (0, 1, 1000)
    rules = ledger.match(m).rules
    ledger.add_chombo(m, 2, chombo_payments(GAME, 2, 4, rules, dealer=before.dealer))
    after = ledger.state(m)
    assert (after.dealer, after.honba, after.pot, after.dealer_moves) == (0, 1, 1000, 0)
    assert [a - b for a, b in zip(after.totals, before.totals)] == [4000, 2000, -8000, 2000]


def test_a_riichi_table_may_turn_the_chombo_off():
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["table"]["chombo"] = "none"
    game = parse_game(data, "club.toml")
    assert rules_for(game).chombo_penalty == 0 and chombo_penalty(game) == 0
    data["table"]["chombo"] = "yes"
    with pytest.raises(LedgerError, match="reverse-mangan"):
        rules_for(parse_game(data, "club.toml"))


def test_a_donjara_chombo_is_unchanged():
    assert chombo_payments(load_game("nogizaka"), 1, 4) == {2: 100, 3: 100, 0: 100}
    data = tomllib.loads((GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8"))
    data["table"]["chombo"] = "reverse-mangan"
    with pytest.raises(LedgerError, match=r"\[chombo\]"):
        rules_for(parse_game(data, "club.toml"))


def test_keep_on_draw_default_unchanged():
    assert rules_for(GAME).keep_on_draw is DrawKeep.DEALER_TENPAI
