"""Riichi waits (every winning tile with ron and tsumo values, no-yaku flags) and tiles from a win."""
from __future__ import annotations

import pytest

from scorer import load_game, tiles_from_win as any_tiles_from_win, waits as any_waits
from scorer.riichi import tiles_from_win, waits

GAME = load_game("tokyo-mahjong")


def _summary(found):
    return [(w.tile, w.ron.value, w.tsumo.value, w.has_yaku_ron, w.has_yaku_tsumo) for w in found]


def test_pinfu_ryanmen_wait_values_for_ron_and_tsumo() -> None:
    found = waits(GAME, "123m456p789s34s55p")
    # 2s: pinfu (1,000 ron; 400/700 tsumo = 1,500); 5s: same shape
    assert _summary(found) == [("2s", 1000, 1500, True, True), ("5s", 1000, 1500, True, True)]
    assert [w.name_ja for w in found] == ["二索", "五索"]


def test_wait_with_no_yaku_on_ron_is_flagged() -> None:
    found = waits(GAME, "2345678m123p567s")  # closed, no riichi: only a tsumo has a yaku
    assert [w.tile for w in found] == ["2m", "5m", "8m"]
    assert all(not w.has_yaku_ron and w.has_yaku_tsumo for w in found)
    assert all(w.ron.reason.startswith("no yaku") and w.note == "no yaku on ron: tsumo only" for w in found)
    assert [w.points for w in found] == [w.tsumo.value for w in found]


def test_open_hand_without_yaku_has_no_yaku_either_way() -> None:
    found = waits(GAME, "2345678m123p", melds=["chi:789p"])
    assert found and all(not w.has_yaku_ron and not w.has_yaku_tsumo and w.note == "no yaku" for w in found)
    assert all(w.points == 0 for w in found)


def test_riichi_gives_every_wait_a_yaku() -> None:
    found = waits(GAME, "2345678m123p567s", riichi=True)
    assert all(w.has_yaku_ron for w in found)


def test_furiten_wait_refuses_ron_on_every_winning_tile() -> None:
    found = waits(GAME, "123m456p789s34s55p", discards="5s")
    assert all(not w.ron.winning and w.ron.reason.startswith("furiten") for w in found)
    assert all(w.tsumo.winning for w in found) and found[0].note == "furiten: tsumo only"


def test_remaining_counts_visible_copies_and_karaten_is_left_out() -> None:
    found = waits(GAME, "123m456p789s34s55p", dora_indicators="2s", discards="2s")
    assert [(w.tile, w.remaining) for w in found] == [("2s", 2), ("5s", 4)]
    # a single wait on 1z with all four 1z in the hand cannot be drawn
    assert waits(GAME, "123m456p789s1111z") == []


def test_chiitoitsu_and_kokushi_waits() -> None:
    assert [w.tile for w in waits(GAME, "1133557799m22p4s")] == ["4s"]
    assert len(waits(GAME, "19m19p19s1234567z")) == 13


def test_to_dict_shape() -> None:
    d = waits(GAME, "123m456p789s34s55p")[0].to_dict()
    assert {"tile", "points", "remaining", "ron", "tsumo", "has_yaku_ron"} <= set(d)
    assert d["ron"]["han"] == 1 and d["ron"]["fu"] == 30


@pytest.mark.parametrize("hand,melds,expected", [
    ("123m456p789s234s55p", (), 0),
    ("123m456p789s23s55p", (), 1),
    ("123m456p789s24s5p1z", (), 2),
    ("1133557799m22p4s", (), 1),
    ("19m19p19s1234566z", (), 1),
    ("123m456p789s5p", ("pon:777z",), 1),
    ("123m456p789s5p1z", ("pon:777z",), 1),
    ("135m258p369s1457z", (), 7),
], ids=["complete-14", "tenpai-13", "iishanten", "chiitoitsu-tenpai", "kokushi-tenpai", "open-tenpai",
        "open-14-not-complete", "far-hand"])
def test_tiles_from_win(hand, melds, expected) -> None:
    assert tiles_from_win(GAME, hand, melds) == expected


def test_scorer_package_dispatches_riichi_games() -> None:
    assert any_tiles_from_win(GAME, ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "3s", "4s", "5p",
                                     "5p"]) == 1
    assert [w.tile for w in any_waits(GAME, "123m456p789s34s55p")] == ["2s", "5s"]
