"""The next hand's honba and riichi sticks after a scored win, no match open.

A dealer's riichi tsumo at 2 honba with 2 sticks on the table was scored right; after "Clear" the next hand started at
2 honba with the 2 sticks, and paid them to its winner again. The winner takes the riichi sticks (RULES.md 002) and a
dealer's win adds a honba, a non-dealer's starts again at none: the next hand starts so (``next_hand_after``: the
scorer's ``next_honba``), said in a caption. A hand cleared that showed no win (a mistake corrected) keeps the boxes as
they were. The photo page does the same for a new photo after a win."""
from __future__ import annotations

import pytest
from app_helpers import open_page, read_as, texts, type_hand

from scorer import score
from tilelens.ledger import Ledger

PINFU = "234m456p678s22p789s"
PINFU_TILES = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2p", "2p", "7s", "8s", "9s"]


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _table(at, prefix="manual"):
    return (at.checkbox(key=f"{prefix}_dealer").value, at.number_input(key=f"{prefix}_honba").value,
            at.number_input(key=f"{prefix}_sticks").value)


def _next_said(at) -> list[str]:
    return [str(c.value) for c in at.caption if str(c.value).startswith(("Next hand", "次の局"))]


def _won(at, prefix="manual", *, dealer=True, honba=2, sticks=2, riichi=True):
    at.segmented_control(key=f"{prefix}_win").set_value("tsumo").run()
    if riichi:
        at.checkbox(key=f"{prefix}_riichi").check().run()
    if dealer:
        at.checkbox(key=f"{prefix}_dealer").check().run()
    at.number_input(key=f"{prefix}_honba").set_value(honba).run()
    at.number_input(key=f"{prefix}_sticks").set_value(sticks).run()
    return _ok(at)


def test_the_rule_is_the_scorers_next_honba_and_no_sticks():
    from scorer.riichi_pay import next_hand_after

    dealer = score("tokyo-mahjong", PINFU_TILES, win="tsumo", riichi=True, seat="east", honba=2, riichi_sticks=3)
    after = next_hand_after(dealer)
    assert (after.honba, after.riichi_sticks, after.dealer_won) == (3, 0, True)
    other = score("tokyo-mahjong", PINFU_TILES, win="tsumo", seat="south", honba=2)
    assert (next_hand_after(other).honba, next_hand_after(other).riichi_sticks) == (0, 0)
    no_win = score("tokyo-mahjong", PINFU_TILES[:-1] + ["1z"], win="tsumo")
    assert next_hand_after(no_win) is None  # a mistake to correct, not a hand played
    assert next_hand_after(score("nogizaka", "ashu ashu ashu kotoko kotoko kotoko miria miria miria".split(),
                                 win="tsumo")) is None  # Donjara: no honba, its pot the ledger's


def test_clear_after_a_dealers_win_starts_the_next_hand_at_one_more_honba_and_no_sticks(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU))
    assert "you receive 7,500 points in all" in texts(at)
    at.button(key="manual_clear").click().run()
    _ok(at)
    assert _next_said(at) == ["Next hand: 3 honba (the dealer won), no riichi sticks (the winner took them)"]
    _ok(type_hand(at, PINFU))
    assert _table(at) == (True, 3, 0)  # Dealer as it was: the next winner's seat is not known
    said = texts(at)
    assert "Ron 2,400 points" in said and "incl. 900 for 3 honba" in said, said  # a dealer's ron at 3 honba
    assert "Riichi sticks on the table" not in said
    assert _next_said(at)  # said while the hand is entered, the boxes as carried


def test_clear_after_a_non_dealers_win_starts_at_no_honba_and_no_sticks(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU), dealer=False, honba=2, sticks=1)
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    assert _table(at) == (False, 0, 0)
    assert _next_said(at) == ["Next hand: no honba (a non-dealer won), no riichi sticks (the winner took them)"]


def test_the_caption_goes_once_a_box_is_changed_and_with_the_next_clear(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU))
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    at.number_input(key="manual_honba").set_value(5).run()
    assert not _next_said(_ok(at)) and _table(at)[1] == 5  # the player's figure: kept, and no caption of another


def test_clear_after_no_win_keeps_the_table_as_it_was(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), "234m456p678s22p78s1z"))
    assert "A win!" not in texts(at) and "Riichi sticks on the table" not in texts(at)  # no win: not one to pay
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    assert _table(at) == (True, 2, 2) and not _next_said(at)
    # a complete hand that does not win (no yaku as a ron): a mistake being corrected, not a win
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), "123m789m46p789s99p5p")
    at.checkbox(key="manual_dealer").check().run()
    at.number_input(key="manual_honba").set_value(2).run()
    at.number_input(key="manual_sticks").set_value(2).run()
    assert "A win!" not in texts(_ok(at))
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    assert _table(at) == (True, 2, 2) and not _next_said(at)


def test_nothing_carried_after_a_non_dealers_win_at_none_says_nothing(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU), dealer=False, honba=0, sticks=0,
              riichi=False)
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    assert _table(at) == (False, 0, 0) and not _next_said(at)


def test_the_caption_in_japanese(home):
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong", "ja"), PINFU))
    at.button(key="manual_clear").click().run()
    _ok(at)
    assert _next_said(at) == ["次の局: 3本場 (親の上がり)、リーチ棒なし (上がった人が受け取りました)"]
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong", "ja"), PINFU), dealer=False)
    at.button(key="manual_clear").click().run()
    assert _next_said(_ok(at)) == ["次の局: 0本場 (子の上がり)、リーチ棒なし (上がった人が受け取りました)"]


def test_a_match_open_the_ledger_gives_the_figures_as_before(home):
    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    at = _won(type_hand(open_page("score_manual", "tokyo-mahjong"), PINFU))
    at.button(key="manual_clear").click().run()
    _ok(type_hand(at, PINFU))
    assert not _next_said(at)  # not added: the ledger's table is where it was, the boxes as the page keeps them
    assert _table(at)[1] == 2


@pytest.mark.parametrize("dealer, honba", [(True, 3), (False, 0)])
def test_a_new_photo_after_a_win_starts_the_next_hand_so(home, dealer, honba):
    at = _ok(read_as(open_page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", PINFU_TILES, seed=3))
    _won(at, "photo", dealer=dealer)
    assert "A win!" in texts(at)
    _ok(read_as(at, "tokyo-mahjong", PINFU_TILES, seed=4))  # the next hand's photo
    assert _table(at, "photo") == (dealer, honba, 0)
    assert _next_said(at) and "no riichi sticks (the winner took them)" in _next_said(at)[0]
    assert "Riichi sticks on the table" not in texts(at)


def test_a_new_photo_after_no_win_keeps_the_table(home):
    at = _ok(read_as(open_page("score_photo", "tokyo-mahjong"), "tokyo-mahjong", PINFU_TILES[:-1] + ["1z"], seed=3))
    _won(at, "photo")
    assert "A win!" not in texts(at)
    _ok(read_as(at, "tokyo-mahjong", PINFU_TILES, seed=4))
    assert _table(at, "photo") == (True, 2, 2) and not _next_said(at)
