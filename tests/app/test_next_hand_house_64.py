"""The next hand after a cleared riichi win follows the table's own honba rules.

The Score pages' next hand (``scorer.riichi_pay.next_hand_after``) took the scorer's ``next_honba``: one more after
every dealer's win. A house table whose ``[table]`` does not keep the deal after a dealer's win
(``keep_on_dealer_win = false``) or counts no honba (``honba = false``) got "1 honba (the dealer won)" where the
ledger's replay of the same win gives none. Both now follow one rule (``riichi_pay.honba_after``), said why."""
from __future__ import annotations

import re

import pytest
from app_helpers import open_page, texts, type_hand

from app import settings
from scorer import load_game, score
from scorer.riichi_pay import honba_after, next_hand_after
from tilelens.ledger import HandKind, HandRecord, replay, rules_for

PINFU = "234m456p678s22p789s"
HOUSE = [("false", "true"), ("true", "false"), ("false", "false")]


def _house_text(keep: str, honba: str) -> str:
    text = settings.game_text("tokyo-mahjong")
    text = re.sub(r"^keep_on_dealer_win = true", f"keep_on_dealer_win = {keep}", text, count=1, flags=re.M)
    text = re.sub(r"^honba = true", f"honba = {honba}", text, count=1, flags=re.M)
    assert f"keep_on_dealer_win = {keep}" in text and f"\nhonba = {honba}" in text
    return text


def _ledger_honba(rules, winner: int, at: int) -> int:
    """The honba the ledger's replay gives the hand after ``winner``'s tsumo at ``at`` honba (seat 0 deals)."""
    hands = [HandRecord(0, HandKind.DRAW, tenpai=(0,))] * at  # draws the dealer is tenpai at: ``at`` honba on
    payers = {s: 1 for s in range(4) if s != winner}
    hands.append(HandRecord(0, HandKind.WIN, winner=winner, win_kind="tsumo", payments=payers))
    state = replay(4, rules, hands)
    return state.honba


@pytest.mark.parametrize("keep, honba", [("true", "true"), *HOUSE])
def test_the_next_hand_is_the_ledgers(tmp_path, keep, honba):
    path = tmp_path / "house.toml"
    path.write_text(_house_text(keep, honba).replace('id = "tokyo-mahjong"', 'id = "house-tm"', 1), encoding="utf-8")
    game = load_game(path)
    rules = rules_for(game)
    assert (rules.keep_on_dealer_win, rules.honba) == (keep == "true", honba == "true")
    for seat, winner in (("east", 0), ("south", 1)):
        at = 2 if rules.honba and rules.keep_on_draw.value != "never" else 0
        won = score(game, PINFU, win="tsumo", seat=seat, honba=at, riichi_sticks=1)
        after = next_hand_after(won, keep_on_dealer_win=rules.keep_on_dealer_win, counts_honba=rules.honba)
        assert (after.honba, after.riichi_sticks) == (_ledger_honba(rules, winner, at), 0), (keep, honba, seat)


def test_one_rule_for_both():
    assert honba_after(2, dealer_kept=True) == 3 and honba_after(2, dealer_kept=False) == 0
    assert honba_after(2, dealer_kept=False, draw=True) == 3
    assert honba_after(2, dealer_kept=True, counted=False) == 0 and honba_after(2, draw=True, counted=False) == 0


def test_the_shipped_table_unchanged():
    won = score("tokyo-mahjong", PINFU, win="tsumo", seat="east", honba=2, riichi_sticks=2)
    assert next_hand_after(won).said()[0] == ("Next hand: 3 honba (the dealer won), no riichi sticks (the winner "
                                              "took them)")
    rules = rules_for(load_game("tokyo-mahjong"))
    assert next_hand_after(won, keep_on_dealer_win=rules.keep_on_dealer_win,
                           counts_honba=rules.honba) == next_hand_after(won)


def test_said_why():
    won = score("tokyo-mahjong", PINFU, win="tsumo", seat="east", honba=2)
    moved = next_hand_after(won, keep_on_dealer_win=False)
    assert moved.said() == ("Next hand: no honba (the dealer won, but this table does not keep the deal), "
                            "no riichi sticks", "次の局: 0本場 (親の上がり、この卓では親が交代します)、リーチ棒なし")
    none = next_hand_after(won, counts_honba=False)
    assert none.said() == ("Next hand: no honba (this table counts no honba), no riichi sticks",
                           "次の局: 0本場 (この卓では本場を積みません)、リーチ棒なし")


def _won_and_cleared(at):
    at.segmented_control(key="manual_win").set_value("tsumo").run()
    at.checkbox(key="manual_dealer").check().run()
    at.number_input(key="manual_honba").set_value(2).run()
    at.button(key="manual_clear").click().run()
    at = type_hand(at, PINFU)  # the next hand: its boxes drawn again
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("keep, honba, said", [
    ("false", "true", "Next hand: no honba (the dealer won, but this table does not keep the deal), no riichi sticks"),
    ("true", "false", "Next hand: no honba (this table counts no honba), no riichi sticks")])
def test_the_score_page_after_a_dealers_win_at_a_house_table(home, keep, honba, said):
    settings.save_house_table("tokyo-mahjong", _house_text(keep, honba))
    at = _won_and_cleared(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU))
    assert at.number_input(key="manual_honba").value == 0
    assert said in texts(at)


def test_the_score_page_at_the_shipped_table(home):
    at = _won_and_cleared(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU))
    assert at.number_input(key="manual_honba").value == 3
    assert "Next hand: 3 honba (the dealer won), no riichi sticks" in texts(at)
