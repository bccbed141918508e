"""Session 67: what today's scorer, event and ledger code wrote twice, written once; behaviour kept.

- A riichi count of players that is no number (``players="four"``) is said by the game's span
  (``scorer.rules.played_by``), as a number out of it is: "players must be 2, 3 or 4" was false at a table of three.
- An event's ``players`` refusal (a manifest's ``players = N``, ``--players N``): one body, the advice an argument.
- The ledger's honba amounts: one ``_honba_each``; a game with some keys of one table changed: one helper.
- The event check runs the deal's rules once per table where no seat is set aside as perhaps another set's
  (``runner._faulted_likelier`` takes the findings), again only where one is.
- An uploaded photo's name keeps its control characters replaced (``uploads._FORBIDDEN``' ``\\x00-\\x1f`` still
  matches there, ``_CONTROLS`` guarding only a dataset's name).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from scorer import load_game, riichi  # noqa: E402
from scorer.catalog import GAMES_DIR  # noqa: E402
from scorer.riichi_rules import RiichiRules  # noqa: E402
from scorer.riichi_tiles import RiichiInputError  # noqa: E402

HAND = "123m456p789s11z222z"


@pytest.fixture
def sanma(tmp_path):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert text.count("\nplayers = 4 ") == 1
    path = tmp_path / "sanma.toml"
    path.write_text(text.replace("\nplayers = 4 ", "\nplayers = 3 ", 1), encoding="utf-8")
    return load_game(str(path))


# --- 1. a count that is no number, said by the game's span ----------------------------------------------------------

@pytest.mark.parametrize("given, en, ja", [
    ("four", "Tokyo Mahjong is played by 2-3 players, got 'four'",
     "「東京麻雀」は 2〜3人で遊びます。人数を 2〜3人にしてください (いま 「four」)"),
])  # a number not whole (3.0, True): said as the Donjara engine says it (tests/test_mends_g9_67.py)
def test_a_count_that_is_no_number_is_said_by_the_tables_span(sanma, given, en, ja):
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(sanma, HAND, win="tsumo", players=given)
    assert (str(refused.value), refused.value.message_ja) == (en, ja)


def test_without_a_game_the_house_games_span_is_said():
    with pytest.raises(RiichiInputError) as refused:
        riichi.score(None, HAND, win="tsumo", players="four")
    assert str(refused.value) == "Tokyo Mahjong is played by 2-4 players, got 'four'", str(refused.value)


def test_rules_given_to_score_still_set_the_span():
    with pytest.raises(RiichiInputError, match="played by 2-3 players, got 4"):
        riichi.score(load_game("tokyo-mahjong"), HAND, win="tsumo", players=4, rules=RiichiRules(players=3))
    assert riichi.score(load_game("tokyo-mahjong"), HAND, win="tsumo", players=3,
                        rules=RiichiRules(players=3)).winning


def test_players_span_takes_the_rules_a_hand_is_scored_by():
    from scorer.rules import players_span

    assert players_span(load_game("tokyo-mahjong"), rules=RiichiRules(players=3)) == (2, 3, 3)
    assert players_span(None, rules=RiichiRules(players=3)) == (2, 3, 3)  # no game: the rules alone


# --- 2. an event's players refusal: one body --------------------------------------------------------------------------

def test_one_players_refusal_with_its_advice():
    from tilelens.event.layout import players_refused_as
    from tilelens.event.rules import players_refused

    nogi = load_game("nogizaka")
    said = players_refused_as(nogi, 3, "players = 3", ("write players = {usual}", "players = {usual} と書く"))
    assert said == ("players = 3: Nogizaka Donjara is played by 4 players (write players = 4)",
                    "players = 3: 「乃木坂ドンジャラ」は 4人で遊びます (players = 4 と書く)"), said
    assert players_refused_as(nogi, 4, "players = 4", ("", "")) is None
    assert players_refused(nogi, 3) == ("--players 3: Nogizaka Donjara is played by 4 players (leave --players out "
                                        "for 4)", "--players 3: 「乃木坂ドンジャラ」は 4人で遊びます (--players を省けば 4人)")


# --- 3. the ledger: one honba amount, one table changed -----------------------------------------------------------------

def test_one_honba_amount_of_each_field():
    from dataclasses import replace

    from tilelens.ledger import DEFAULT_RULES, _honba_each

    riichi_rules = DEFAULT_RULES["tokyo-mahjong"]
    assert (_honba_each(riichi_rules, "riichi", "honba_ron"), _honba_each(riichi_rules, "riichi", "honba_tsumo_each")) \
        == (300, 100)
    stored = replace(riichi_rules, honba_ron=None, honba_tsumo_each=None)  # a match stored before they were kept
    assert (_honba_each(stored, "riichi", "honba_ron"), _honba_each(stored, "riichi", "honba_tsumo_each")) == (300, 100)
    own = replace(riichi_rules, honba_ron=1500, honba_tsumo_each=500)
    assert (_honba_each(own, "riichi", "honba_ron"), _honba_each(own, "riichi", "honba_tsumo_each")) == (1500, 500)
    counted = replace(DEFAULT_RULES["nogizaka"], honba=True)
    assert _honba_each(counted, "donjara", "honba_ron") == _honba_each(counted, "donjara", "honba_tsumo_each") == 0
    assert _honba_each(replace(riichi_rules, honba=False), "riichi", "honba_ron") == 0


def test_a_game_with_keys_of_one_table_changed_keeps_the_rest():
    from tilelens.ledger import _table_changed

    game = load_game("tokyo-mahjong")
    changed = _table_changed(game, "riichi", {"players": 3})
    assert changed.rules["riichi"]["players"] == 3 and game.rules["riichi"].get("players", 4) == 4
    assert {k: v for k, v in changed.rules["riichi"].items() if k != "players"} == \
        {k: v for k, v in game.rules["riichi"].items() if k != "players"}
    assert {k: v for k, v in changed.rules.items() if k != "riichi"} == \
        {k: v for k, v in game.rules.items() if k != "riichi"}


# --- 4. the deal's rules run once per table where no seat is set aside -------------------------------------------------

def test_a_clean_table_is_checked_by_the_deals_rules_once(tmp_path, monkeypatch):
    from tilelens.event import rules, runner
    from tilelens.event.layout import read_table_folder

    calls = []
    real = rules.check_readings

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(rules, "check_readings", counted)
    monkeypatch.setattr(runner, "check_readings", counted)
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    report = runner.check_table(read_table_folder(tmp_path / "ev" / "t1", 4), load_game("nogizaka"), reader)[0]
    assert report.findings == () and len(calls) == 1, (report.findings, calls)


# --- 5. an uploaded photo's name: its controls replaced ---------------------------------------------------------------

def test_an_uploaded_photos_control_characters_are_replaced():
    from tilelens.labelling.uploads import _unique_name

    assert _unique_name("a\nb\tc.jpg", set()) == "a_b_c.jpg"
