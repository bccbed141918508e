"""A closed kan read from a photo when the detector sees only one of its face-down ends (``vision.melds``)."""
import pytest

from vision.melds import find_melds

W, H = 28.0, 40.0
HAND = "1m 2m 3m 4p 5p 6p 6s 7s 8s 1z 1z".split()


def row(kinds, x0=0.0, gap=2.0):
    return [(x0 + i * (W + gap), 0.0, x0 + i * (W + gap) + W, H) for i in range(len(kinds))]


def found(kinds, apart, x0=400.0):
    """The melds of ``HAND`` with the tiles ``apart`` laid apart at its right."""
    return [(m.spec, m.indices, m.called) for m in find_melds(row(HAND) + row(apart, x0), HAND + apart)]


@pytest.mark.parametrize("apart", [["9s", "9s", "back"], ["back", "9s", "9s"]])
def test_a_closed_kan_with_one_face_down_end_not_seen_is_still_a_closed_kan(apart):
    """The photo of `tilelens synth --hand 123m456p678s11z --melds ankan:9999s --seed 4`: the detector found
    the two faces and one back; the kan was read as two 9s of the hand and the hand as 13 tiles."""
    assert found(HAND, apart) == [("ankan:9999s", (11, 12, 13), None)]


def test_a_closed_kan_whose_far_back_was_read_as_a_white_dragon_is_a_closed_kan():
    """A face-down tile looks like a white dragon's blank face (seed 1 of the same photo read ``5z 9s 9s back``)."""
    assert found(HAND, ["5z", "9s", "9s", "back"]) == [("ankan:9999s", (11, 12, 13, 14), None)]
    assert found(HAND, ["back", "9s", "9s", "5z"]) == [("ankan:9999s", (11, 12, 13, 14), None)]


def test_a_red_five_in_a_closed_kan_with_one_back_seen():
    assert found(HAND, ["0m", "5m", "back"])[0][0] == "ankan:0555m"


@pytest.mark.parametrize("apart", [
    ["9s", "9s"],  # a pair set apart, no back: the hand's (a drawn tile beside its match)
    ["9s", "8s", "back"],  # faces not alike
    ["9s", "back", "9s"],  # a back between the faces: no closed kan lies so
    ["5z", "9s", "9s", "5z"],  # no back seen at all: two white dragons are faces
    ["5z", "9s", "9s"],  # nor here
])
def test_tiles_apart_that_show_no_closed_kan_are_not_read_as_one(apart):
    assert [spec for spec, _, _ in found(HAND, apart) if spec.startswith("ankan")] == []


def test_a_closed_kan_beside_a_pon_with_one_back_missed():
    hand = "1m 2m 3m 4p 5p 6p 1z 1z".split()
    apart = ["7s", "7s", "7s", "back", "1m", "1m"]
    melds = find_melds(row(hand) + row(apart, 300), hand + apart)
    assert [m.spec for m in melds] == ["pon:777s", "ankan:1111m"]


@pytest.fixture(scope="module")
def recognizer():
    from vision.recognizer import Recognizer

    return Recognizer.load(game="tokyo-mahjong")


def _melds_read(recognizer, hand: str, melds: list[str], seed: int) -> list[str]:
    from scorer.catalog import load_game
    from scorer.riichi_tiles import parse_tiles, tile_ids
    from vision.synth.api import render_hand

    tiles = tile_ids(parse_tiles(hand, load_game("tokyo-mahjong"), "hand"))
    scene = render_hand("tokyo-mahjong", tiles, seed=seed, melds=melds)
    return [m.spec for m in recognizer.read(scene.image).called_melds()]


def test_the_walkthroughs_closed_kan_photo_reads_a_closed_kan(recognizer):
    assert _melds_read(recognizer, "123m456p678s11z", ["ankan:9999s"], 4) == ["ankan:9999s"]


@pytest.mark.parametrize("seed", range(4))
def test_ordinary_synthetic_hands_read_no_closed_kan(recognizer, seed):
    assert _melds_read(recognizer, "123m456p678s11z999s", [], seed) == []
    assert _melds_read(recognizer, "123m456p678s11z", ["pon:555z"], seed) == ["pon:555z"]
