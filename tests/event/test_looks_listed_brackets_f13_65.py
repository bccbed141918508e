"""Session 65 (F13): the table's finding of another game's tiles listed each seat's look in brackets, nested where a
game's name has its own ("(seat 3's look like Nogizaka Donjara (fan-made)'s; ...)"): the list is now said with no
brackets around it, as the one-seat wording is ("another set's tiles, which look like ...'s: retake it"), in
English and Japanese."""
from __future__ import annotations

import pytest

from scorer import load_game
from tilelens.event.model import SeatReading, TileRef, owned
from tilelens.event.rules import other_game_findings

YOKAI = load_game("yokai-watch")
NOGI, CINDY = load_game("nogizaka"), load_game("cinderella-neo")


def _reading(seat: str, like: str) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "jibanyan", (0, 0, 5, 5), 0.9) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (800, 600), other_game=bool(like), looks_like=like,
                       kind_sure=0.6 if like else 0.9)


@pytest.mark.parametrize("looks, held", [({"1": "", "2": "", "3": "nogizaka", "4": "cinderella-neo"}, -1),
                                         ({"1": "", "2": "nogizaka", "3": "nogizaka", "4": "cinderella-neo"}, 0)])
def test_each_seats_look_is_listed_without_brackets_around_it(looks, held):
    readings = {s: _reading(s, g) for s, g in looks.items()}
    (f,) = [f for f in other_game_findings(YOKAI, readings, held_back=held) if len(f.seats) > 1]
    first = "seat 3's look like" if held < 0 else f"seat 2's look like {owned(NOGI.name_en)}, seat 3's like"
    listed = f"{first} {owned(NOGI.name_en)}, seat 4's like {owned(CINDY.name_en)}"
    assert listed in f.message and "(seat" not in f.message and ")'s)" not in f.message, f.message
    assert f"3番席は{NOGI.name_ja}、4番席は{CINDY.name_ja}の牌に見えます" in f.message_ja, f.message_ja
    assert "の牌に見えます)" not in f.message_ja and "(2番席" not in f.message_ja and "(3番席" not in f.message_ja
