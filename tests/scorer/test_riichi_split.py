"""The split into sets and a pair that a riichi score stands on (``scorer.riichi_split``)."""
from __future__ import annotations

from collections import Counter

import pytest

from scorer import load_game
from scorer.riichi import score
from scorer.riichi_tiles import parse_mpsz, tile_ids

GAME = load_game("tokyo-mahjong")


def _shapes(result) -> list[tuple[str, str]]:
    return [(g["kind"], "".join(g["tiles"])) for g in result.decomposition]


def test_ron_on_the_edge_shows_the_twin_sequences_it_was_scored_as() -> None:
    # 111222333m: three triplets or three 123m. On a ron of 3m the package scores iipeikou (the 333m
    # triplet would count as open), so the split must be the sequences.
    r = score(GAME, "111222333m456p77s", win="ron", win_tile="3m")
    assert [y.name_en.split(" (")[0] for y in r.yaku] == ["Iipeikou"]
    assert _shapes(r) == [("pair", "7s7s"), ("sequence", "1m2m3m"), ("sequence", "1m2m3m"),
                          ("sequence", "1m2m3m"), ("sequence", "4p5p6p")]


def test_tsumo_of_the_same_hand_shows_the_triplets_of_san_ankou() -> None:
    r = score(GAME, "111222333m456p77s", win="tsumo", win_tile="3m")
    assert "San Ankou (three concealed triplets)" in [y.name_en for y in r.yaku]
    assert [k for k, _ in _shapes(r)] == ["pair", "triplet", "triplet", "triplet", "sequence"]


@pytest.mark.parametrize("hand, win, yaku, pairs", [
    ("22334455m667788p", "8p", "Ryanpeikou", 1),  # also seven pairs, but scored as two twin sequences
    ("1199m2255p3366s77z", "7z", "Chiitoitsu", 7),
    ("11223344556677z", "7z", "Tsuuiisou", 7),  # the yakuman hides chiitoitsu; seven pairs is the only split
])
def test_seven_pairs_only_when_that_is_what_was_scored(hand, win, yaku, pairs) -> None:
    r = score(GAME, hand, win="tsumo", win_tile=win)
    assert yaku in [y.name_en.split(" ")[0] for y in r.yaku]
    assert [k for k, _ in _shapes(r)].count("pair") == pairs


def test_melds_come_first_labelled_and_red_fives_keep_their_colour() -> None:
    r = score(GAME, "234m055p678s22z", win="ron", win_tile="2z", melds=["pon:777z"])
    assert r.decomposition[0] == {"kind": "triplet", "kind_ja": "刻子", "kind_en": "triplet", "label": "pon",
                                  "label_ja": "ポン", "tiles": ["7z", "7z", "7z"], "almighty": []}
    assert sorted(_shapes(r)[1:]) == [("pair", "2z2z"), ("sequence", "2m3m4m"), ("sequence", "6s7s8s"),
                                      ("triplet", "5p5p0p")]


def test_kokushi_is_one_group_of_all_fourteen() -> None:
    r = score(GAME, "19m19p19s1234567z9m", win="ron", win_tile="9m")
    assert len(r.decomposition) == 1 and r.decomposition[0]["kind"] == "kokushi"
    assert Counter(r.decomposition[0]["tiles"]) == Counter(tile_ids(parse_mpsz("19m19p19s1234567z9m")))


def test_no_split_without_a_win() -> None:
    assert score(GAME, "123m456p789s1122z3z", win="ron", win_tile="3z").decomposition == ()


@pytest.mark.parametrize("hand, melds, first", [
    ("123m456p77s", ["chi:406s", "pon:777z"], ("sequence", "chi", ["4s", "0s", "6s"])),
    ("123m456p789s77s", ["ankan:1111z"], ("quad", "ankan", ["1z"] * 4)),
    ("123m406p789s77s", ["kan:6666z"], ("quad", "kan", ["6z"] * 4)),
])
def test_every_meld_kind_is_its_own_group_and_the_rest_covers_the_concealed_tiles(hand, melds, first) -> None:
    r = score(GAME, hand, win="ron", win_tile="7s", melds=melds)
    g = r.decomposition[0]
    assert (g["kind"], g["label"], g["tiles"]) == first
    concealed = [t for g in r.decomposition[len(melds):] for t in g["tiles"]]
    assert sorted(concealed) == sorted(tile_ids(parse_mpsz(hand)))
