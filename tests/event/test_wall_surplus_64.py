"""A wall photographed face up is counted with the hands for too many copies of a kind. The wall's
total was checked against the set (``wall_findings``), but the surplus counted the seats alone: a tile two seats held
twice and the wall twice, of a set of three, passed unsaid (the table's total still the set's)."""
from __future__ import annotations

import pytest

from scorer import load_game
from tilelens.event.model import FindingKind, SeatReading, TileRef
from tilelens.event.rules import Seating, check_readings, surplus_findings

FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")


def reading(seat: str, kinds: list[str], conf: dict[int, float] | None = None, backs: bool = False,
            colourless: bool = False) -> SeatReading:
    conf = conf or {}
    tiles = tuple(TileRef(seat, i, "" if backs else k, (i * 50.0, 0, i * 50.0 + 45, 60), conf.get(i, 0.99),
                          is_back=backs) for i, k in enumerate(kinds))
    return SeatReading(seat=seat, photo=f"{seat}.jpg", tiles=tiles, colourless=colourless)


@pytest.fixture(scope="module")
def tokyo():
    return load_game("tokyo-mahjong")


@pytest.fixture(scope="module")
def deal(tokyo):
    """The whole set of 136: 5m (3 copies) twice in seat 1's hand and once in the wall, the rest dealt in order."""
    pool = [k for k, n in sorted(tokyo.inventory().items()) for _ in range(n) if k != "5m"]
    hands = {"1": ["5m", "5m"] + pool[:12], "2": pool[12:25], "3": pool[25:38], "4": pool[38:51]}
    wall = ["5m"] + pool[51:]
    assert sum(map(len, hands.values())) + len(wall) == tokyo.total_tiles
    return hands, wall


def seats(hands: dict[str, list[str]]) -> dict[str, SeatReading]:
    return {s: reading(s, k) for s, k in hands.items()}


def test_a_clean_table_with_its_wall_face_up_has_no_finding(tokyo, deal):
    hands, wall = deal
    assert check_readings(tokyo, FOUR, seats(hands), reading("wall", wall)) == []


def test_a_kind_read_twice_in_hands_and_twice_in_the_wall_of_a_set_of_three_is_a_surplus_naming_the_wall(tokyo, deal):
    hands, wall = deal
    wall = list(wall)
    wall[wall.index("9s")] = "5m"  # the table's total still the set's: no wall count to say it
    (f,) = check_readings(tokyo, FOUR, seats(hands), reading("wall", wall))
    assert f.kind is FindingKind.SURPLUS and f.seats == ("1", "wall"), f.message
    assert f.data["count"] == 4 and f.data["copies"] == 3 and f.data["per_seat"] == {"1": 2, "wall": 2}
    assert "read 4 times but the set has 3" in f.message and ": seat 1 x2, the wall x2 (" in f.message, f.message
    assert "を4枚読みましたが" in f.message_ja and ": 1番席×2、残りの山×2 (" in f.message_ja, f.message_ja
    assert len([t for t in f.tiles if t.seat == "wall"]) == 2


def test_the_least_sure_of_a_surplus_may_be_a_wall_tile_said_as_the_wall(tokyo, deal):
    hands, wall = deal
    wall = list(wall)
    at = wall.index("9s")
    wall[at] = "5m"
    findings = check_readings(tokyo, FOUR, seats(hands), reading("wall", wall, conf={at: 0.55}))
    (f,) = [f for f in findings if f.kind is FindingKind.SURPLUS]
    (unsure,) = [f for f in findings if f.kind is FindingKind.UNSURE_TILE]  # the wall's tile to confirm, as before
    assert unsure.seats == ("wall",)
    assert f.data["least_sure"] == [["wall", at]]
    assert f"least sure: the wall, tile {at + 1} (0.55" in f.message, f.message
    assert f"残りの山の{at + 1}枚目 (0.55" in f.message_ja, f.message_ja


def test_a_wall_photo_of_no_colour_is_named_as_the_wall_in_a_surplus_why(tokyo, deal):
    hands, wall = deal
    wall = list(wall)
    wall[wall.index("9s")] = "5m"
    (f,) = surplus_findings(tokyo, {**seats(hands), "wall": reading("wall", wall, colourless=True)})
    assert "(the wall's photo has no colour: misread)" in f.message, f.message
    assert "(残りの山の写真に色がないための読み違い)" in f.message_ja, f.message_ja
    assert f.data["colourless"] == ["wall"]


def test_a_face_down_wall_adds_no_copies(tokyo, deal):
    hands, wall = deal
    hands = dict(hands, **{"2": ["5m"] + hands["2"][1:]})  # 3 in hands: the set's 3, the wall's backs no kind
    assert check_readings(tokyo, FOUR, seats(hands), reading("wall", wall, backs=True)) == []
