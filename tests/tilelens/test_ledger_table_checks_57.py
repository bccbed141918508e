"""Session 57 (K3, from A1's and R4's walks) on the ledger's words and its [table] checks: the final-score rule says
a minus a screen reader reads (U+2212), the tie clause names oka only where there is one, "dealt once/twice", an uma
of another number of places than the game's players is refused when the game loads, and the uma messages say the
value as written (a list, true), the most places (4), and the key a riichi game sets its starting points with."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scorer.catalog import GAMES_DIR, parse_game
from tilelens.ledger import (LedgerError, TableRules, _end_reason, check_table, final_score_rule_said,
                             rules_for)

import tomllib

GAME = "tokyo-mahjong"


def riichi_game(table: dict | None = None, riichi: dict | None = None):
    data = tomllib.loads((GAMES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    data["id"] = "house-riichi"
    if table is not None:
        data.setdefault("table", {}).update(table)
    if riichi is not None:
        data["riichi"].update(riichi)
    return parse_game(data, source="<house>")


def refusal(**table) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        rules_for(riichi_game(table))
    return info.value


def test_the_rule_says_a_real_minus_in_both_languages():
    rules = replace(rules_for(GAME), uma=(20, 10, -10, -20), return_points=30000)
    assert final_score_rule_said(rules, 4, "en").startswith("Final score: (total \u2212 30,000) ÷ 1,000")
    assert final_score_rule_said(rules, 4, "ja").startswith("最終スコア: (持ち点 \u2212 30,000) ÷ 1,000")


def test_the_tie_clause_names_oka_only_where_there_is_one():
    no_oka = replace(rules_for(GAME), uma=(20, 10, -10, -20))
    said = final_score_rule_said(no_oka, 4, "en")
    assert "tied places share their uma equally" in said and "oka" not in said, said
    assert "ウマ・オカ" not in final_score_rule_said(no_oka, 4, "ja")
    both = replace(no_oka, return_points=30000)
    assert "tied places share their uma and oka equally" in final_score_rule_said(both, 4, "en")


def test_dealt_once_and_twice():
    rules = replace(rules_for(GAME), laps=1, ends_at_or_below=None)
    assert _end_reason([25000] * 4, 4, 4, rules)[0] == "every player has dealt once"
    assert _end_reason([25000] * 4, 8, 4, replace(rules, laps=2))[0] == "every player has dealt twice"
    assert _end_reason([25000] * 4, 12, 4, replace(rules, laps=3))[0] == "every player has dealt 3 times"


def test_an_uma_of_another_number_of_places_than_the_games_players_is_refused_at_load():
    game = riichi_game({"uma": [20, 10, -10, -20]}, {"players": 3})
    with pytest.raises(LedgerError) as info:
        check_table(game)
    assert "4 places" in str(info.value) and "3 players" in str(info.value), info.value
    assert "4人分" in info.value.message_ja and "3人" in info.value.message_ja
    check_table(riichi_game({"uma": [15, 0, -15]}, {"players": 3}))  # its own number: taken
    check_table(riichi_game({"uma": [20, 10, -10, -20]}))  # four, as the game seats


def test_the_uma_said_as_written():
    one = refusal(uma=[20])
    assert "got [20]" in str(one) and "(20,)" not in str(one), one
    five = refusal(uma=[30, 20, 10, -10, -50])
    assert "at most 4 places" in str(five) and "[30, 20, 10, -10, -50]" in str(five), five
    assert "4つまで" in five.message_ja, five.message_ja
    true = refusal(return_points=True)
    assert "got true" in str(true) and "True" not in str(true), true


def test_ends_at_or_below_names_the_riichi_starting_points():
    said = refusal(ends_at_or_below=30000)
    assert "[riichi] starting_points (25,000)" in str(said) and "[table] start_points" not in str(said), said
    assert "[riichi] starting_points" in said.message_ja
    # a table of its own (a Donjara game's [table] start_points) still names that key
    with pytest.raises(LedgerError) as info:
        TableRules(start_points=1000, ends_at_or_below=2000)
    assert "[table] start_points" in str(info.value)
