"""The split a riichi score shows, taken from the package's own division rather than a second one (no timing):
since 812a706 every win divided its hand into sets again (``HandDivider.divide_hand``) after the package had,
to name the split it scored. The results stay as they were, pinned here on hands where that is easy to get wrong.
"""
from __future__ import annotations

import pytest
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

import scorer.riichi_split as riichi_split
from scorer import load_game
from scorer.riichi import score
from scorer.riichi_hand import _PACKAGE_MELD, _to_136
from scorer.riichi_tiles import parse_melds, parse_mpsz

GAME = load_game("tokyo-mahjong")


def _groups(result) -> list[tuple[str, str, str]]:
    return [(g["kind"], g["label"], " ".join(g["tiles"])) for g in result.decomposition]


@pytest.fixture
def divisions(monkeypatch) -> list[object]:
    """Each call of ``HandDivider.divide_hand``, the package's own inside its scoring included."""
    calls: list[object] = []
    real = HandDivider.divide_hand

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(HandDivider, "divide_hand", staticmethod(counting))
    return calls


@pytest.mark.parametrize("hand, melds", [("234m055p678s22z777z", ()), ("111222333m456p77s", ()),
                                         ("123m406p77s", ("ankan:1111z", "chi:406s"))])
def test_a_win_divides_its_hand_once(divisions, hand, melds) -> None:
    r = score(GAME, hand, win="ron", win_tile=hand[-2:], melds=melds)
    assert r.winning and r.decomposition
    assert len(divisions) == 1  # the package's: the split shown is looked up from it


@pytest.mark.parametrize("hand, melds", [
    ("234m055p678s22z777z", ()), ("111222333m456p77s", ()), ("11122233388899m", ()), ("22334455m667788p", ()),
    ("1199m2255p3366s77z", ()), ("19m19p19s1234567z9m", ()), ("123m406p77s", ("ankan:1111z", "chi:406s")),
    ("123m77s", ("kan:6666z", "kakan:0555p", "pon:999m")), ("234m234m77s", ("chi:234m", "chi:234m")),
])
def test_the_splits_looked_up_are_the_ones_divide_hand_gives(hand, melds) -> None:
    concealed = parse_mpsz(hand)
    ptr = [0] * 34
    tiles = _to_136(concealed, ptr)
    package_melds = []
    for m in parse_melds(list(melds)):
        meld_tiles = _to_136(m.codes, ptr)
        tiles += meld_tiles
        package_melds.append(Meld(_PACKAGE_MELD[m.kind][0], meld_tiles, _PACKAGE_MELD[m.kind][1]))
    expected = HandDivider.divide_hand(TilesConverter.to_34_array(tiles), package_melds)
    blocks = tuple(riichi_split._Block.from_meld(m) for m in package_melds)
    found = riichi_split.package_splits(concealed, blocks)
    assert [[b.tiles_34 for b in split] for split in found] == expected


def test_of_two_splits_the_second_is_shown_when_the_package_scored_it() -> None:
    # 111222333m: three triplets (the package's first split) or three 123m; a ron on 3m scores the sequences
    r = score(GAME, "111222333m456p77s", win="ron", win_tile="3m")
    assert r.to_dict() == {
        "game": "tokyo-mahjong", "winning": True,
        "yaku": [{"name": "一盃口", "name_en": "Iipeikou (twin sequences)", "points": None, "han": 1}],
        "points": 1300, "payments": [{"payer": "discarder", "amount": 1300, "note": ""}], "reason": None,
        "value": 1300,
        "decomposition": [
            {"kind": "pair", "kind_ja": "雀頭", "kind_en": "pair", "label": "", "label_ja": "", "tiles": ["7s", "7s"],
             "almighty": []}] + [
            {"kind": "sequence", "kind_ja": "順子", "kind_en": "sequence", "label": "", "label_ja": "",
             "tiles": tiles, "almighty": []} for tiles in (["1m", "2m", "3m"],) * 3 + (["4p", "5p", "6p"],)],
        "extra": {"win": "ron", "win_tile": "3m", "seat": "south", "round_wind": "east", "dealer": False, "honba": 0,
                  "riichi_sticks": 0, "han": 1, "fu": 40, "limit": None, "limit_ja": None,
                  "fu_details": [{"fu": 20, "reason": "base", "label": "base", "label_ja": "副底"},
                                 {"fu": 10, "reason": "closed_ron", "label": "closed ron bonus",
                                  "label_ja": "門前加符"},
                                 {"fu": 2, "reason": "penchan", "label": "edge wait", "label_ja": "辺張待ち"}],
                  "dora": {"dora": 0, "aka_dora": 0, "ura_dora": 0}, "open": False, "total_received": 1300,
                  "dealer_keeps_seat": False, "next_honba": 0, "notes": []},
        "pot": 0, "chombo": None, "penalty": 0, "reason_ja": None}


@pytest.mark.parametrize("hand, options, groups", [
    ("111222333m456p77s", {"win": "tsumo", "win_tile": "3m"},  # the tsumo scores the triplets (san ankou)
     [("pair", "", "7s 7s"), ("triplet", "", "1m 1m 1m"), ("triplet", "", "2m 2m 2m"), ("triplet", "", "3m 3m 3m"),
      ("sequence", "", "4p 5p 6p")]),
    ("22334455m667788p", {"win": "ron", "win_tile": "8p", "riichi": True},  # ryanpeikou, not seven pairs
     [("pair", "", "2m 2m"), ("sequence", "", "3m 4m 5m"), ("sequence", "", "3m 4m 5m"),
      ("sequence", "", "6p 7p 8p"), ("sequence", "", "6p 7p 8p")]),
    ("123m406p77s", {"win": "tsumo", "win_tile": "7s", "melds": ["kakan:0555s", "chi:406m"], "rinshan": True},
     [("quad", "kakan", "0s 5s 5s 5s"), ("sequence", "chi", "4m 0m 6m"), ("pair", "", "7s 7s"),
      ("sequence", "", "1m 2m 3m"), ("sequence", "", "4p 0p 6p")]),
    ("123s123s55z", {"win": "ron", "win_tile": "5z", "melds": ["chi:123s", "ankan:1111z"]},  # a set twice over
     [("sequence", "chi", "1s 2s 3s"), ("quad", "ankan", "1z 1z 1z 1z"), ("pair", "", "5z 5z"),
      ("sequence", "", "1s 2s 3s"), ("sequence", "", "1s 2s 3s")]),
    ("1199m2255p3366s77z", {"win": "tsumo", "win_tile": "7z"},
     [("pair", "", t) for t in ("1m 1m", "9m 9m", "2p 2p", "5p 5p", "3s 3s", "6s 6s", "7z 7z")]),
    ("19m19p19s1234567z9m", {"win": "ron", "win_tile": "9m"},
     [("kokushi", "", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 9m")]),
])
def test_the_split_shown_on_hands_easy_to_get_wrong(hand, options, groups) -> None:
    assert _groups(score(GAME, hand, **options)) == groups


def test_every_situation_flag_reaches_the_package() -> None:
    from scorer.riichi_hand import _CONFIG_FLAGS, _FLAGS

    assert set(_CONFIG_FLAGS) == set(_FLAGS)
    r = score(GAME, "234m456p678s22z555z", win="tsumo", win_tile="8s", double_riichi=True, ippatsu=True)
    assert [y.name_en.split(" (")[0] for y in r.yaku] == ["Menzen Tsumo", "Ippatsu", "Double Riichi",
                                                          "Yakuhai: white dragon"]
