"""Rarer Donjara situations, as an experienced player checks them against RULES.md (sections "Shared
Donjara shape", 000 Cinderella Girls, 001 Nogizaka, 003 Yokai Watch): Almighty tiles in every role, hands
that split several ways, favourite doubling, tsumo / ron payments and their rounding, bad input.

Every expected value is worked out from the rules quoted in the comment, not taken from the scorer."""
import pytest

from scorer import HandError, score
from scorer.engine import tiles_from_win, waits

CG, NOGI, YW = "cinderella-neo", "nogizaka", "yokai-watch"
NG = ["shibuya-rin", "shimamura-uzuki", "honda-mio"]  # new generations: Cool, Cute, Passion
CUTE_VO = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko"]
PASSION_VI = ["takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


# --- Almighty: waits must agree with score -------------------------------------------------------------

def test_nogizaka_wait_where_two_almighty_stand_for_the_member_drawn():
    # 001: a group is 3 tiles of one member; a colour Almighty stands for a member of its colour, the god
    # Almighty for anyone; at most one Almighty per group, and Almighty may be used in all three groups.
    # らりん x3, god, light-blue Almighty, みおな x3: drawing a 4th らりん (6 copies in the set) gives
    # (らりん らりん god) (らりん らりん light-blue) (みおな x3), the basic set, 60. No other tile completes it:
    # a group holds at most one Almighty, so the two Almighty need two groups, each of two real tiles.
    hand = ["rarin"] * 3 + ["almighty-god", "almighty-lightblue"] + ["miona"] * 3
    assert score(NOGI, hand + ["rarin"], riichi=True).points == 60  # the win itself
    found = [(w.tile, w.points, w.remaining) for w in waits(NOGI, hand)]
    assert found == [("rarin", 60, 3)]  # 6 copies, 3 held
    assert tiles_from_win(NOGI, hand) == 1


def test_yokai_watch_wait_where_the_almighty_stands_for_the_picture_drawn():
    # 003: 3 tiles of the same picture; the Almighty stands for any tile, at most one per group.
    # 01 x2, Almighty x2, 02 x3, 03: drawing 03 gives (01 01 A) (03 03 A) (02 x3) = 100; drawing 01 leaves
    # (A A 03), two Almighty in one group: no.
    hand = ["yokai-01"] * 2 + ["almighty"] * 2 + ["yokai-02"] * 3 + ["yokai-03"]
    assert [(w.tile, w.points) for w in waits(YW, hand)] == [("yokai-03", 100)]


# --- Almighty in Cinderella Girls units and sets ---------------------------------------------------------

def test_cinderella_almighty_stands_only_for_an_idol_of_its_own_type():
    # 000: "Almighty: stands for any idol of its own type". new generations lacks 島村卯月 (Cute): the Cute
    # Almighty completes it (a normal live unit, 12), the Cool one does not (no yaku at all).
    assert score(CG, ["shibuya-rin", "almighty-cute", "honda-mio"] + CUTE_VO + PASSION_VI, riichi=True).points == 12
    assert not score(CG, ["shibuya-rin", "almighty-cool", "honda-mio"] + CUTE_VO + PASSION_VI, riichi=True).winning


def test_cinderella_two_almighty_in_one_unit():
    # 000: each Almighty stands for an idol of its own type; nothing limits them to one per group.
    # 渋谷凛 + Cute Almighty (卯月) + Passion Almighty (未央) = new generations; + two status sets: 12.
    r = score(CG, ["shibuya-rin", "almighty-cute", "almighty-passion"] + CUTE_VO
              + ["ootsuki-yui", "himekawa-yuki", "katagiri-sanae"], riichi=True)
    assert r.yaku[0].points == 12
    assert sorted(a["as"] for g in r.decomposition for a in g["almighty"]) == ["honda-mio", "shimamura-uzuki"]


def test_cinderella_almighty_cannot_stand_for_a_tiara_idol_already_held():
    # 000: one tile of each idol; the シンデレラガールズ yaku is 9 tiles from the 10 tiara idols. The two Cute
    # tiara idols (卯月, 菜々) are both in the hand, so the Cute Almighty has no tiara idol left to be.
    tiara_cool = ["shibuya-rin", "sagisawa-fumika", "takagaki-kaede", "kanzaki-ranko", "houjou-karen",
                  "shiomi-shuuko"]
    assert not score(CG, ["shimamura-uzuki", "abe-nana", "almighty-cute"] + tiara_cool, riichi=True).winning
    # the Passion Almighty does: it is 十時愛梨 or 本田未央 (one of them is held)
    r = score(CG, ["shimamura-uzuki", "abe-nana", "almighty-passion", "honda-mio"] + tiara_cool[:5], riichi=True)
    assert r.yaku[0].points == 60


def test_cinderella_split_takes_the_highest_yaku():
    # Shared shape: only the single best yaku counts. 8 Cute Vo + the Cute Almighty is an アンサンブルセット
    # (42) and also three Cute status sets (シンフォニー, 24): the hand scores 42.
    hand = CUTE_VO + ["fujimoto-rina", "ichinose-shiki", "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose",
                      "almighty-cute"]
    r = score(CG, hand, riichi=True, win="ron")
    assert (r.yaku[0].points, r.points, len(r.yaku)) == (42, 42, 1)


def test_cinderella_three_almighty_split_for_the_higher_yaku():
    # 000: each Almighty stands for an idol of its own type; only the best yaku counts. 水本ゆかり 三村かな子
    # + Cute Almighty (a Cute Vo set), 神谷奈緒 多田李衣菜 (a Cool Vi pair), 高森藍子 + Passion Almighty
    # (相葉夕美: the 2-member unit Flowery), 大槻唯 + Cool Almighty (北条加蓮: COUNT/LAST). Read as three status
    # sets it is only リハーサルライブセット (3); as a group of 3 + three pairs, two of them units, it is
    # スタートダッシュライブユニット (6), which counts.
    hand = ["mizumoto-yukari", "mimura-kanako", "almighty-cute", "kamiya-nao", "tada-riina", "almighty-cool",
            "takamori-aiko", "ootsuki-yui", "almighty-passion"]
    r = score(CG, hand, riichi=True, win="ron")
    assert (r.yaku[0].name, r.points) == ("スタートダッシュライブユニット", 6)


# --- favourite, payments, rounding -----------------------------------------------------------------------

def test_cinderella_favourite_doubles_ron_and_tsumo():
    # 000: the favourite in the winning hand doubles the payout; ron: the discarder pays it all; tsumo: split
    # among the others. Ensemble (42) x 2 = 84: ron 84; tsumo with 4 players 28 each.
    hand = CUTE_VO + ["fujimoto-rina", "ichinose-shiki", "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose",
                      "shirayuki-chiyo"]
    assert [p.amount for p in score(CG, hand, riichi=True, win="ron", favourite="ichinose-shiki").payments] == [84]
    assert [p.amount for p in score(CG, hand, riichi=True, favourite="ichinose-shiki").payments] == [28, 28, 28]
    assert [p.amount for p in score(CG, hand, riichi=True, favourite="ichinose-shiki",
                                    favourite_doubling=False).payments] == [14, 14, 14]


def test_cinderella_minimum_hand_tsumo_remainder_is_shown():
    # 000: リハーサルライブセット 3; tsumo with 3 players: 2 payers, an even part of 1 each and a remainder of 1
    # settled by rock-paper-scissors, shown explicitly.
    hand = CUTE_VO + PASSION_VI + ["kamiya-nao", "tada-riina", "mifune-miyu"]
    r = score(CG, hand, riichi=True, players=3)
    assert r.points == 3 and sorted(p.amount for p in r.payments) == [1, 2]
    assert (r.extra["even_share"], r.extra["remainder"]) == (1, 1)


@pytest.mark.parametrize("players, shares", [(4, [40, 40, 40]), (3, [50, 50]), (2, [100])])
def test_yokai_watch_tsumo_shares_round_up_to_the_chip(players, shares):
    # 003: tsumo: split equally among the others, each share rounded UP to the 10-point chip (100 with
    # four players -> 40 each); 2 and 3 players play too (four walls even then).
    r = score(YW, ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3, riichi=True, players=players)
    assert [p.amount for p in r.payments] == shares


def test_yokai_watch_no_ron_on_an_almighty_but_tsumo_on_it_wins():
    # 003: no ron on a discarded Almighty (not a chombo); by tsumo it is a normal win: 40 x 3.
    hand = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]
    ron = score(YW, hand, riichi=True, win="ron", winning_tile="almighty")
    assert not ron.winning and ron.chombo is None and ron.points == 0
    tsumo = score(YW, hand, riichi=True, win="tsumo", winning_tile="almighty")
    assert tsumo.winning and [p.amount for p in tsumo.payments] == [40, 40, 40]


@pytest.mark.parametrize("win", ["tsumo", "ron"])
def test_nogizaka_winning_on_an_almighty_is_chombo_either_way(win):
    # 001: chombo, 300-point penalty: winning on an Almighty tile (tsumo or ron alike).
    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-green"]
    r = score(NOGI, hand, riichi=True, win=win, winning_tile="almighty-green")
    assert not r.winning and r.chombo == "win-on-almighty" and r.penalty == 300


def test_nogizaka_three_almighty_one_per_group():
    # 001: at most one Almighty per group; Almighty may be used in all three groups: 60, tsumo 20 x 3,
    # and the winner takes the chips on the table plus his own riichi chip (10).
    hand = ["rarin", "rarin", "almighty-god", "miona", "miona", "almighty-yellow", "kotoko", "kotoko",
            "almighty-green"]
    r = score(NOGI, hand, riichi=True, pot=20)
    assert [p.amount for p in r.payments] == [20, 20, 20] and r.pot == 30
    # two Almighty in one group: no win
    assert not score(NOGI, ["rarin", "almighty-lightblue", "almighty-god"] + ["miona"] * 3 + ["kotoko"] * 3,
                     riichi=True).winning


# --- bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, tiles, said", [
    (NOGI, ["rarin"] * 7 + ["miona"] * 2, "Rarin"),
    (YW, ["yokai-01"] * 4 + ["yokai-02"] * 2 + ["yokai-03"] * 3, "Yokai 01"),
    (CG, ["almighty-cute", "almighty-cute"] + NG + CUTE_VO + ["kamiya-nao"], "Almighty (Cute)"),
])
def test_more_copies_than_the_set_holds_is_refused_naming_the_tile(game, tiles, said):
    with pytest.raises(HandError) as e:
        score(game, tiles, riichi=True)
    assert said in str(e.value) and "too many" in str(e.value)


@pytest.mark.parametrize("game", [CG, NOGI, YW])
def test_wrong_hand_size_is_refused_saying_the_size(game):
    # Shared shape: a winning hand is 9 tiles.
    with pytest.raises(HandError) as e:
        score(game, ["almighty-god" if game == NOGI else "almighty" if game == YW else "almighty-cute"])
    assert "9" in str(e.value)
