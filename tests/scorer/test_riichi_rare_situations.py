"""Tokyo Mahjong's rarer situations, as an experienced player checks them (RULES.md 002 and the standard riichi
rules it defers to): chankan, haitei/houtei, rinshan, dora (kan and ura dora, wrap-arounds, red fives), kazoe
yakuman, a double wind pair, pinfu tsumo, chiitoitsu, four concealed triplets by ron, suuankou tanki, kokushi's
13-sided wait, honba, riichi sticks and a dealer's tsumo.

Figures are worked out from the standard tables: base points = fu x 2^(han + 2), a non-dealer ron pays 4x base,
a dealer ron 6x, a tsumo 1x each (2x the dealer), each rounded up to 100; mangan 8,000 (dealer 12,000), yakuman
32,000 (double 64,000); a honba adds 300 to a ron, 100 to each tsumo payment.
"""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.riichi import score, waits
from scorer.riichi_tiles import InputProblem, RiichiInputError

GAME = load_game("tokyo-mahjong")


def names(result) -> set[str]:
    return {y.name_en for y in result.yaku}


def paid(result) -> list[tuple[str, int]]:
    return [(p.payer, p.amount) for p in result.payments]


# --- chankan, haitei, houtei, rinshan ----------------------------------------------------------------------

def test_chankan_is_a_han_on_a_ron():
    # 23m waits 1m-4m, the 4m robbed from a kan: chankan 1; 30 fu + 2 (a white dragon pair) = 40 fu -> 1,300
    r = score(GAME, "123m456p789s23m4m55z", win_tile="4m", win="ron", chankan=True)
    assert names(r) == {"Chankan (robbing a kan)"}
    assert (r.extra["han"], r.extra["fu"], r.points) == (1, 40, 1300)


@pytest.mark.parametrize("hand, win_tile, more", [
    ("234m456p678s222p66s", "6s", {}),          # a single wait on 6s, two more 6s held (678s, the pair)
    ("234m456p678s22p66s2p", "2p", {}),         # a shanpon: three 2p held, the kan's four make seven
    ("123m456p789s23m4m55z", "4m", {"dora_indicators": "4m"}),  # the indicator is a fifth 4m
    ("123m456p789s23m4m55z", "4m", {"discards": "4m"}),         # so is a 4m of one's own discards
])
def test_chankan_on_a_tile_seen_besides_the_winning_one_is_refused(hand, win_tile, more):
    # chankan robs the fourth copy (the other three are the kan's pon): no other copy can be anywhere else.
    # It was scored a han more, a slip (the box ticked for another hand) read as a dearer win.
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, hand, win_tile=win_tile, win="ron", chankan=True, **more)
    assert refused.value.problem is InputProblem.OPTION
    assert "chankan" in str(refused.value) and win_tile in str(refused.value)
    assert "槍槓" in refused.value.message_ja
    score(GAME, hand, win_tile=win_tile, win="ron", **more)  # without chankan the same hand is a hand


def test_haitei_and_houtei():
    # 234m 234m 456p 678s 55z: tsumo on the last tile = menzen tsumo + haitei + iipeikou, 20 + 2 + 2 = 30 fu:
    # 3 han 30 fu, base 960: 1,000 each, 2,000 from the dealer
    r = score(GAME, "234m456p678s23m4m55z", win_tile="4m", win="tsumo", haitei=True)
    assert names(r) == {"Menzen Tsumo (closed self-draw)", "Haitei Raoyue (last tile drawn)",
                        "Iipeikou (twin sequences)"}
    assert paid(r) == [("east (dealer)", 2000), ("west", 1000), ("north", 1000)]
    # the ron on the last discard: houtei + iipeikou, 30 + 2 = 40 fu: 2 han 40 fu -> 2,600
    r = score(GAME, "234m456p678s23m4m55z", win_tile="4m", win="ron", houtei=True)
    assert names(r) == {"Houtei Raoyui (last tile discarded)", "Iipeikou (twin sequences)"}
    assert r.points == 2600


def test_rinshan_after_a_closed_kan_of_the_seat_wind():
    # south's closed kan of south: menzen tsumo + rinshan + seat wind = 3 han; 20 + 32 (closed kan of honours)
    # + 2 (tsumo) = 60 fu; base 1,920: 2,000 each, 3,900 from the dealer
    r = score(GAME, "456p678s23m4m66s", melds=["ankan:2222z"], win_tile="4m", win="tsumo", rinshan=True, seat="south")
    assert names(r) == {"Menzen Tsumo (closed self-draw)", "Rinshan Kaihou (win on a kan replacement)",
                        "Yakuhai: seat wind south"}
    assert (r.extra["han"], r.extra["fu"]) == (3, 60)
    assert paid(r) == [("east (dealer)", 3900), ("west", 2000), ("north", 2000)]


def test_rinshan_with_ippatsu_is_refused():
    # a kan ends ippatsu, one's own closed kan too: a win on its replacement tile has no ippatsu (it was
    # scored a han more)
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, "456p678s23m4m66s", melds=["ankan:2222z"], win_tile="4m", win="tsumo", rinshan=True,
              riichi=True, ippatsu=True)
    assert refused.value.problem is InputProblem.OPTION
    assert "ippatsu" in str(refused.value) and "一発" in refused.value.message_ja
    r = score(GAME, "456p678s23m4m66s", melds=["ankan:2222z"], win_tile="4m", win="tsumo", rinshan=True, riichi=True)
    assert "Ippatsu" not in names(r) and "Rinshan Kaihou (win on a kan replacement)" in names(r)


def test_chankan_with_ippatsu_still_scores():
    # robbing another player's kan comes before the kan is made: ippatsu stands
    r = score(GAME, "123m456p789s23m4m55z", win_tile="4m", win="ron", riichi=True, ippatsu=True, chankan=True)
    assert {"Ippatsu", "Chankan (robbing a kan)"} <= names(r)


# --- dora ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, melds, dora, ura, want", [
    ("123m456p789s23m4m55z", [], "9m", "", {"dora": 1, "aka_dora": 0, "ura_dora": 0}),   # 9 -> 1: one 1m
    ("123m456p789s23m4m11z", [], "4z", "", {"dora": 2, "aka_dora": 0, "ura_dora": 0}),   # north -> east: 11z
    ("123m456p789s23m4m55z", [], "7z", "", {"dora": 2, "aka_dora": 0, "ura_dora": 0}),   # red -> white: 55z
    ("123m456p789s23m4m55z", [], "7z7z", "8s", {"dora": 4, "aka_dora": 0, "ura_dora": 1}),  # a kan's 2nd 7z
    ("456p678s23m4m66s", ["kan:7777z"], "6z1m", "", {"dora": 5, "aka_dora": 0, "ura_dora": 0}),  # kan: 4 + 2m
    ("123m406p789s23m4m55z", [], "4p", "", {"dora": 1, "aka_dora": 1, "ura_dora": 0}),   # the red 5p is both
    ("234m456p23m4m66s", ["pon:055s"], "", "", {"dora": 0, "aka_dora": 1, "ura_dora": 0}),
    ("234m678s23m4m66s", ["chi:406p"], "", "", {"dora": 0, "aka_dora": 1, "ura_dora": 0}),
    ("234m456p23m4m66s", ["ankan:0555s"], "0m", "", {"dora": 0, "aka_dora": 1, "ura_dora": 0}),  # 0m -> 6m
])
def test_dora_indicators_kan_and_ura_dora_and_red_fives(hand, melds, dora, ura, want):
    riichi = not any(m.split(":")[0] in ("pon", "chi", "kan") for m in melds)
    r = score(GAME, hand, win_tile="4m", win="ron", melds=melds, dora_indicators=dora,
              ura_dora_indicators=ura, riichi=riichi, seat="south")
    assert r.winning and r.extra["dora"] == want


@pytest.mark.parametrize("field", ["dora_indicators", "ura_dora_indicators"])
def test_more_than_five_indicators_are_refused(field):
    # one indicator and one for each of four kans at most: a sixth was counted as dora all the same
    with pytest.raises(RiichiInputError) as refused:
        score(GAME, "234m456p678s23m4m66s", win_tile="4m", riichi=True, **{field: "1m1m1p1p1s1s"})
    assert refused.value.problem is InputProblem.OPTION and "6" in str(refused.value)
    assert "5" in refused.value.message_ja
    five = score(GAME, "234m456p678s23m4m66s", win_tile="4m", riichi=True, **{field: "1m1m1p1p1s"})
    key = "dora" if field == "dora_indicators" else "ura_dora"
    assert five.extra["dora"][key] == 4  # each 1m points at 2m, held twice (234m 23m); 2p and 2s are not held


# --- limits, fu ---------------------------------------------------------------------------------------------

def test_kazoe_yakuman():
    # menzen tsumo 1 + riichi 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han: a yakuman by count
    r = score(GAME, "22334m556677m88m4m", win_tile="4m", win="tsumo", riichi=True)
    assert r.extra["han"] == 13 and r.extra["limit"] == "kazoe yakuman" and r.extra["limit_ja"] == "数え役満"
    assert paid(r) == [("east (dealer)", 16000), ("west", 8000), ("north", 8000)]


def test_a_pair_of_the_seat_and_round_wind_is_4_fu():
    # the dealer in the east round with an east pair: 30 + 4 = 34 -> 40 fu; riichi 1 han dealer ron 40 fu = 2,000
    r = score(GAME, "123m456p789s23m4m11z", win_tile="4m", win="ron", riichi=True, seat="east", round_wind="east")
    assert {"fu": 4, "reason": "double_valued_pair"}.items() <= next(
        d for d in r.extra["fu_details"] if d["reason"] == "double_valued_pair").items()
    assert (r.extra["fu"], r.points) == (40, 2000)


def test_pinfu_tsumo_is_20_fu_and_an_open_pinfu_shape_30():
    # closed: menzen tsumo + pinfu + tanyao + iipeikou = 4 han 20 fu, base 1,280: 1,300 each, 2,600 the dealer
    r = score(GAME, "234m456p678s23m4m66s", win_tile="4m", win="tsumo")
    assert "Pinfu (all sequences)" in names(r) and (r.extra["han"], r.extra["fu"]) == (4, 20)
    assert paid(r) == [("east (dealer)", 2600), ("west", 1300), ("north", 1300)]
    # the same shape with a chi: no pinfu, tanyao only, 30 fu (no 20-fu open hand): ron 1,000, tsumo 500/300
    r = score(GAME, "456p678s23m4m66s", melds=["chi:234m"], win_tile="4m", win="ron")
    assert names(r) == {"Tanyao (all simples)"} and (r.extra["fu"], r.points) == (30, 1000)
    r = score(GAME, "456p678s23m4m66s", melds=["chi:234m"], win_tile="4m", win="tsumo")
    assert r.extra["fu"] == 30 and paid(r) == [("east (dealer)", 500), ("west", 300), ("north", 300)]


@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_chiitoitsu_is_25_fu(win):
    # riichi (ron) or menzen tsumo + chiitoitsu 2 = 3 han 25 fu, base 800: ron 3,200; tsumo 800 each, 1,600
    r = score(GAME, "1133m2255p4466s77z", win_tile="7z", win=win, riichi=win == "ron")
    assert "Chiitoitsu (seven pairs)" in names(r) and (r.extra["han"], r.extra["fu"]) == (3, 25)
    assert r.points == 3200


def test_four_concealed_triplets_won_by_ron_on_a_shanpon_are_three():
    # the 5p came from a discard: 555p is an open triplet; toitoi 2 + sanankou 2 + tanyao 1 = 5 han mangan
    r = score(GAME, "222m333p444s66s555p", win_tile="5p", win="ron")
    assert names(r) == {"Tanyao (all simples)", "Toitoi (all triplets)", "San Ankou (three concealed triplets)"}
    assert r.points == 8000
    r = score(GAME, "222m333p444s66s555p", win_tile="5p", win="tsumo")  # drawn: all four concealed
    assert names(r) == {"Suu Ankou (four concealed triplets)"} and r.points == 32000


def test_suuankou_tanki_and_kokushi_13_sided_are_double_yakuman():
    # the shipped table counts double yakuman (double_yakuman = true)
    r = score(GAME, "222m333p444s555p66s", win_tile="6s", win="ron")
    assert names(r) == {"Suu Ankou Tanki (single wait)"} and r.points == 64000
    r = score(GAME, "19m19p19s1234567z1m", win_tile="1m", win="ron")  # waited on all thirteen
    assert names(r) == {"Kokushi Musou 13-sided wait"} and r.points == 64000
    r = score(GAME, "19m19p19s1234567z1m", win_tile="9m", win="ron")  # held 11m, waited on 9m alone
    assert names(r) == {"Kokushi Musou (thirteen orphans)"} and r.points == 32000


# --- honba, riichi sticks, a dealer's tsumo -----------------------------------------------------------------

def test_honba_on_a_ron_and_sticks_to_the_winner():
    # riichi + pinfu + tanyao + iipeikou = 4 han 30 fu: 7,700, +600 for 2 honba; three sticks: 3,000 more
    r = score(GAME, "234m456p678s23m4m66s", win_tile="4m", win="ron", riichi=True, honba=2, riichi_sticks=3,
              discarder="west")
    assert paid(r) == [("west", 8300)] and r.pot == 3000 and r.extra["total_received"] == 11300


def test_a_dealers_tsumo_is_split_evenly_with_honba():
    # menzen tsumo + riichi + pinfu + tanyao + iipeikou = 5 han: a dealer's mangan, 4,000 all, +200 for 2 honba
    r = score(GAME, "234m456p678s23m4m66s", win_tile="4m", win="tsumo", riichi=True, honba=2, seat="east")
    assert paid(r) == [("south", 4200), ("west", 4200), ("north", 4200)]
    assert r.extra["total_received"] == 12600 + 1000 and r.extra["next_honba"] == 3


# --- the waits of a hand with the win's situation given -----------------------------------------------------

@pytest.mark.parametrize("flag, ron_gets, tsumo_gets", [
    ("chankan", "Chankan (robbing a kan)", None),
    ("houtei", "Houtei Raoyui (last tile discarded)", None),
    ("haitei", None, "Haitei Raoyue (last tile drawn)"),
])
def test_waits_with_a_situation_of_one_way_of_winning_score_it_on_that_way(flag, ron_gets, tsumo_gets):
    # the app's "robbing a kan" or "last tile" box ticked on a hand one tile short: its waits were refused
    # ("chankan is a ron") for the tsumo they also list
    found = {w.tile: w for w in waits(GAME, "234m456p678s23m66s", **{flag: True})}
    assert set(found) == {"1m", "4m"}
    one = found["1m"]
    if ron_gets:  # on the ron only
        assert ron_gets in names(one.ron) and ron_gets not in names(one.tsumo)
    if tsumo_gets:  # on the tsumo only
        assert tsumo_gets in names(one.tsumo) and tsumo_gets not in names(one.ron)


def test_waits_with_chankan_leave_it_out_of_a_wait_the_hand_holds():
    # the 4m of 234m is held: a 4m cannot be robbed from a kan; the 1m can
    found = {w.tile: w for w in waits(GAME, "234m456p678s23m66s", chankan=True)}
    assert "Chankan (robbing a kan)" in names(found["1m"].ron)
    assert "Chankan (robbing a kan)" not in names(found["4m"].ron) and found["4m"].ron.winning


@pytest.mark.parametrize("hand, win_tile, win, head", [
    ("222m333p444s555p66s", "6s", "ron", "  double yakuman: 64,000 points"),   # suuankou tanki
    ("11122345678999m", "9m", "tsumo", "  yakuman: 32,000 points"),                 # chuuren
])
def test_a_yakuman_with_fu_is_printed_without_them(hand, win_tile, win, head):
    # `tilelens score` printed "26 han 50 fu (double yakuman)" and a line of fu, which count for nothing in a
    # yakuman (kokushi's, of 0 fu, were already left out); a counted hand keeps them
    from scorer.riichi_cli import format_result

    text = format_result(score(GAME, hand, win_tile=win_tile, win=win), GAME)
    assert head in text and " fu" not in text, text
    kazoe = format_result(score(GAME, "22334m556677m88m4m", win_tile="4m", win="tsumo", riichi=True), GAME)
    assert "13 han 20 fu (kazoe yakuman)" in kazoe and "fu: base 20" in kazoe


def test_an_open_tsumo_without_other_fu_has_its_self_draw_2_fu():
    # standard fu: an open hand's tsumo adds 2 fu for the self-draw (20 + 2 -> 30); the 2 fu of an open hand
    # "without fu" are the ron's. The tsumo's breakdown said "open hand without fu 2", as if the draw counted none
    tsumo = score(GAME, "456p678s23m4m66s", melds=["chi:234m"], win_tile="4m", win="tsumo")
    assert sorted((d["label"], d["fu"]) for d in tsumo.extra["fu_details"]) == [("base", 20), ("self-draw", 2)]
    assert sorted(d["label_ja"] for d in tsumo.extra["fu_details"]) == sorted(["副底", "ツモ符"])
    ron = score(GAME, "456p678s23m4m66s", melds=["chi:234m"], win_tile="4m", win="ron")
    assert sorted((d["label"], d["fu"]) for d in ron.extra["fu_details"]) == [("base", 20),
                                                                              ("open hand without fu", 2)]
