"""Donjara NEO Cinderella Girls (RULES.md section 000): the yaku table, Almighty, local yaku, payouts."""
import pytest

from scorer import HandError, score
from scorer.engine import all_yaku

GAME = "cinderella-neo"
NG = ["shibuya-rin", "shimamura-uzuki", "honda-mio"]  # new generations, a 3-member unit
CUTE_DA = ["kohinata-miho", "sakurai-momoka", "seki-hiromi"]
COOL_VO = ["kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
PASSION_VI = ["takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
LIPPS = ["ichinose-shiki", "shiomi-shuuko", "hayami-kanade", "miyamoto-furederika", "jougasaki-mika"]
HAPPY_TWIN = ["moroboshi-kirari", "futaba-anzu"]  # HappyHappyTwin, a 2-member unit
MIROIR = ["hisakawa-nagi", "hisakawa-hayate"]
COOL_VO_PAIR = ["wakiyama-tamami", "yamato-aki"]  # a 2-tile status set that is no unit
CUTE_VO = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "fujimoto-rina", "ichinose-shiki",
           "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose", "shirayuki-chiyo"]
TIARA_9 = ["totoki-airi", "kanzaki-ranko", "shibuya-rin", "shiomi-shuuko", "shimamura-uzuki", "takagaki-kaede",
           "abe-nana", "honda-mio", "houjou-karen"]
KRONE_9 = ["hayami-kanade", "shiomi-shuuko", "tachibana-arisu", "miyamoto-furederika", "ootsuki-yui",
           "sagisawa-fumika", "kamiya-nao", "houjou-karen", "anasutashia"]
WISH_7 = ["abe-nana", "kobayakawa-sae", "shiomi-shuuko", "nataaria", "nitta-minami", "hamaguchi-ayame",
          "tsujino-akari"]

YAKU_TABLE = [
    # id, hand, yaku name, points
    ("cinderella-girls-9-of-the-10-tiara-idols", TIARA_9, "シンデレラガールズ", 60),
    ("wonderful-magic-9-of-its-19-members",
     ["akagi-miria", "anasutashia", "kohinata-miho", "jougasaki-mika", "jougasaki-rika", "shirasaka-koume",
      "tada-riina", "hino-akane", "futaba-anzu"], "WONDERFUL M@GIC!!", 48),
    ("ensemble-set-9-of-one-type-and-status", CUTE_VO, "アンサンブルセット (キュート)", 42),
    ("five-star-unit-with-two-2-member-units", LIPPS + HAPPY_TWIN + MIROIR, "5スターユニット", 36),
    ("five-star-unit-with-a-2-tile-status-set", LIPPS + MIROIR + COOL_VO_PAIR,
     "5スターユニット", 36),
    ("quartet-unit-4-unit-plus-3-plus-2",
     ["fujiwara-hajime", "mifune-miyu", "kiryuu-tsukasa", "hoshi-shouko"] + NG + ["tada-riina", "maekawa-miku"],
     "カルテットユニット", 36),
    ("symphony-set-three-status-sets-of-one-type",
     ["kimura-natsuki", "hoshi-shouko", "hori-yuuko", "honda-mio", "akagi-miria", "hino-akane"] + PASSION_VI,
     "シンフォニーセット (パッション)", 24),
    ("tricolore-unit-one-cute-one-cool-one-passion-unit",
     ["ogata-chieri", "shimamura-uzuki", "kohinata-miho", "kamiya-nao", "shibuya-rin", "houjou-karen",
      "katagiri-sanae", "hori-yuuko", "oikawa-shizuku"], "トリコロールユニット", 24),
    ("normal-live-unit-3-unit-plus-two-groups-of-3", NG + CUTE_DA + COOL_VO, "ノーマルライブユニット", 12),
    ("start-dash-3-plus-three-pairs-two-of-them-units", CUTE_DA + HAPPY_TWIN + MIROIR + ["kawashima-mizuki",
                                                                                          "takagaki-kaede"],
     "スタートダッシュライブユニット", 6),
    ("rehearsal-live-set-any-three-status-sets", CUTE_DA + COOL_VO + PASSION_VI, "リハーサルライブセット", 3),
]


@pytest.mark.parametrize("hand, name, points", [t[1:] for t in YAKU_TABLE], ids=[t[0] for t in YAKU_TABLE])
def test_default_yaku_table(hand, name, points):
    result = score(GAME, hand, riichi=True, win="ron")
    assert result.winning and result.yaku[0].name == name and result.yaku[0].points == points
    assert result.points == points and [p.amount for p in result.payments] == [points]
    assert sorted(t for g in result.decomposition for t in g["tiles"]) == sorted(hand)


def test_five_star_pair_may_be_a_status_set():
    result = score(GAME, LIPPS + MIROIR + COOL_VO_PAIR, riichi=True)
    assert [g["kind"] for g in result.decomposition].count("status-set") == 1


def test_start_dash_needs_two_units_among_its_groups():
    # a group of 3 + three pairs, but only one pair is a unit: not a yaku
    hand = CUTE_DA + HAPPY_TWIN + COOL_VO_PAIR + ["hino-akane", "honda-mio"]
    assert not score(GAME, hand, riichi=True).winning
    assert score(GAME, CUTE_DA + HAPPY_TWIN + COOL_VO_PAIR + MIROIR, riichi=True).yaku[0].points == 6


def test_tricolore_needs_three_single_type_units_of_different_types():
    # two all-Cute units and an all-Passion one: no tricolore (but a normal live unit)
    hand = ["ogata-chieri", "shimamura-uzuki", "kohinata-miho", "shiina-noriko", "otokura-yuuki", "seki-hiromi",
            "katagiri-sanae", "hori-yuuko", "oikawa-shizuku"]
    assert "トリコロールユニット" not in [y.name for y in all_yaku(GAME, hand)]
    assert score(GAME, hand, riichi=True).yaku[0].name == "ノーマルライブユニット"


def test_symphony_needs_one_type_for_all_three_sets():
    assert [y.name for y in all_yaku(GAME, CUTE_DA + COOL_VO + PASSION_VI)] == ["リハーサルライブセット"]


def test_only_the_best_yaku_counts():
    hand = CUTE_VO  # also three Cute status sets (symphony 24) and any three status sets (rehearsal 3)
    assert [y.points for y in all_yaku(GAME, hand)] == [42, 24, 3]
    result = score(GAME, hand, riichi=True)
    assert len(result.yaku) == 1 and result.yaku[0].points == 42


def test_almighty_stands_for_a_missing_unit_member_of_its_type():
    result = score(GAME, ["shibuya-rin", "almighty-cute", "honda-mio"] + CUTE_DA + COOL_VO, riichi=True)
    assert result.yaku[0].name == "ノーマルライブユニット"
    unit = next(g for g in result.decomposition if g["kind"] == "unit")
    assert unit["label"] == "new generations"
    assert unit["almighty"] == [{"tile": "almighty-cute", "as": "shimamura-uzuki"}]


def test_almighty_of_another_type_cannot_stand_for_an_idol():
    result = score(GAME, ["shibuya-rin", "almighty-cool", "honda-mio"] + CUTE_DA + COOL_VO, riichi=True)
    assert not result.winning and result.reason.startswith("no yaku")


def test_almighty_in_a_status_set_is_declared_with_the_status_needed():
    result = score(GAME, CUTE_VO[:8] + ["almighty-cute"], riichi=True)
    assert result.yaku[0].name == "アンサンブルセット (キュート)"
    assert result.decomposition[0]["almighty"] == [{"tile": "almighty-cute",
                                                     "as": {"type": "cute", "status": "Vo"}}]


@pytest.mark.parametrize("hand, local_id, name, points", [
    (KRONE_9, "sp-live-set-a", "SPライブセットA", 60),
    (WISH_7 + HAPPY_TWIN, "sp-live-set-b", "SPライブセットB", 42),
], ids=["sp-a-9-members-of-a-9-11-unit", "sp-b-7-unit-plus-a-pair"])
def test_local_yaku_are_off_by_default_and_count_when_enabled(hand, local_id, name, points):
    off = score(GAME, hand, riichi=True)
    assert not off.yaku or off.yaku[0].name != name
    for enable in (True, (local_id,)):
        on = score(GAME, hand, riichi=True, local_yaku=enable)
        assert on.yaku[0].name == name and on.yaku[0].points == points


def test_tsumo_splits_evenly_among_the_other_players():
    result = score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, win="tsumo", players=4)
    assert [p.amount for p in result.payments] == [4, 4, 4] and result.extra["remainder"] == 0


def test_tsumo_remainder_is_shown_explicitly():
    result = score(GAME, CUTE_DA + COOL_VO + PASSION_VI, riichi=True, win="tsumo", players=3)  # 3 between 2
    assert (result.extra["even_share"], result.extra["remainder"]) == (1, 1)
    assert sorted(p.amount for p in result.payments) == [1, 2] and result.points == 3
    assert "rock-paper-scissors" in next(p.note for p in result.payments if p.amount == 2)


def test_ron_the_discarder_pays_it_all():
    result = score(GAME, LIPPS + HAPPY_TWIN + MIROIR, riichi=True, win="ron")
    assert [(p.payer, p.amount) for p in result.payments] == [("discarder", 36)]


def test_favourite_idol_in_the_hand_doubles_the_payout():
    result = score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, win="ron", favourite="島村卯月")
    assert result.points == 24 and result.extra["multiplier"] == 2 and result.yaku[0].points == 12


def test_favourite_idol_not_in_the_hand_does_not_double():
    assert score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, win="ron", favourite="hino-akane").points == 12


def test_favourite_stood_for_by_an_almighty_does_not_double():
    hand = ["shibuya-rin", "almighty-cute", "honda-mio"] + CUTE_DA + COOL_VO
    assert score(GAME, hand, riichi=True, win="ron", favourite="shimamura-uzuki").points == 12


def test_favourite_doubling_has_a_house_rule_off_switch():
    result = score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, win="ron", favourite="shimamura-uzuki",
                   favourite_doubling=False)
    assert result.points == 12


def test_standby_puts_no_chip_on_the_table():
    assert score(GAME, NG + CUTE_DA + COOL_VO, riichi=True).pot == 0


def test_win_without_standby_is_refused_with_its_value():
    result = score(GAME, NG + CUTE_DA + COOL_VO, win="ron")
    assert not result.winning and result.points == 0 and not result.payments
    assert result.value == 12 and "riichi" in result.reason and result.yaku[0].points == 12


def test_an_idol_tile_exists_once():
    with pytest.raises(HandError, match=r"too many Rin Shibuya \(shibuya-rin\)"):
        score(GAME, NG + ["shibuya-rin"] + CUTE_DA + COOL_VO[:2], riichi=True)


def test_players_outside_two_to_four_is_an_input_error():
    with pytest.raises(HandError, match="2-4 players"):
        score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, players=5)


def test_favourite_is_an_idol_not_an_almighty():
    with pytest.raises(HandError, match="favourite must be an idol"):
        score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, favourite="almighty-cute")


def test_a_scouted_group_is_never_split():
    hand = NG + CUTE_DA + COOL_VO
    assert score(GAME, hand, riichi=True, scouted=[CUTE_DA]).yaku[0].points == 12
    # rin + two cool Vo idols is a status set, but it breaks up new generations: no yaku is left
    result = score(GAME, hand, riichi=True, scouted=[["shibuya-rin", "kawashima-mizuki", "nitta-minami"]])
    assert not result.winning and "scouted" in result.reason


def test_a_scouted_set_may_sit_inside_a_nine_tile_group():
    assert score(GAME, CUTE_VO, riichi=True, scouted=[CUTE_VO[:3]]).yaku[0].points == 42


def test_scout_never_makes_a_2_tile_group():
    with pytest.raises(HandError, match="at least 3 tiles"):
        score(GAME, LIPPS + HAPPY_TWIN + MIROIR, riichi=True, scouted=[HAPPY_TWIN])


def test_scouted_tiles_must_be_in_the_hand():
    with pytest.raises(HandError, match=r"scouted tile Akane Hino \(hino-akane\) is not in the hand"):
        score(GAME, NG + CUTE_DA + COOL_VO, riichi=True, scouted=[["hino-akane", "honda-mio", "shibuya-rin"]])


def test_waits_keep_a_scouted_group_whole():
    from scorer import waits

    short = NG + CUTE_DA + ["kawashima-mizuki", "nitta-minami"]  # waits on a third Cool Vo idol
    free = {w.tile for w in waits(GAME, short)}
    kept = {w.tile for w in waits(GAME, short, scouted=[["shibuya-rin", "kawashima-mizuki", "nitta-minami"]])}
    assert "takagaki-kaede" in free and "takagaki-kaede" not in kept


def test_a_scouted_group_must_be_a_set_or_a_unit():
    # three tiles of no set and no unit (cute Vo, cute Da, cool Da) were taken into LiPPS as "scouted"
    hand = LIPPS + ["shimamura-uzuki", "nakano-yuka", "maekawa-miku", "almighty-cool"]
    with pytest.raises(HandError, match="scouted group Shiki Ichinose, Syuko Shiomi, Frederica Miyamoto is not a "
                                        "set or a unit"):
        score(GAME, hand, riichi=True, scouted=[["ichinose-shiki", "miyamoto-furederika", "shiomi-shuuko"]])


@pytest.mark.parametrize("hand, scouted", [
    (CUTE_VO, CUTE_VO[:4]),  # four tiles of one type and status: a status set, but not of 3
    (CUTE_VO, CUTE_VO),  # the whole Ensemble set as one "scouted" group
    (TIARA_9, TIARA_9),  # 9 of the 10 tiara idols: part of a unit, not a whole one
], ids=["four-tile-status-set", "nine-tile-status-set", "nine-of-a-ten-member-unit"])
def test_scout_completes_only_a_3_tile_set_or_a_whole_unit(hand, scouted):
    """RULES.md 000, Scout: it "only completes a 3-tile set or a unit of 3+" (a whole official unit), so a
    status set of 4 or 9 tiles, or 9 members of a larger unit, is no scouted group."""
    with pytest.raises(HandError, match="a Scout completes only"):
        score(GAME, hand, riichi=True, scouted=[scouted])


def test_scouted_whole_units_of_three_or_more_stay_allowed():
    """RULES.md 000, Scout: a unit of 3+ (LiPPS has 5 members) may be scouted whole."""
    assert score(GAME, LIPPS + HAPPY_TWIN + MIROIR, riichi=True, scouted=[LIPPS]).yaku[0].points == 36


def test_a_scouted_group_holds_an_idol_tile_since_an_almighty_is_never_claimed():
    """RULES.md 000, Scout: "an Almighty can never be claimed", so a scouted group made of Almighty tiles
    alone (here three standing for new generations) cannot have been completed by a claimed discard."""
    almighty = ["almighty-cute", "almighty-cool", "almighty-passion"]
    hand = almighty + CUTE_DA + PASSION_VI
    assert score(GAME, hand, riichi=True).yaku[0].points == 12  # unscouted, new generations of Almighty
    with pytest.raises(HandError, match="an Almighty can never be claimed"):
        score(GAME, hand, riichi=True, scouted=[almighty])


def test_two_almighty_tiles_may_make_a_two_member_unit_together():
    # each stands for an idol of its own type: miroir is a Passion (nagi) and a Cool (hayate) idol,
    # neither in the hand; the search only tried units with a member in the hand
    hand = LIPPS + ["shimamura-uzuki", "nakano-yuka", "almighty-passion", "almighty-cool"]
    result = score(GAME, hand, riichi=True)
    assert result.winning and result.yaku[0].points == 36  # 5-star unit: LiPPS + a status set + a unit of two
    [pair] = [g for g in result.decomposition if {a["tile"] for a in g["almighty"]} == {"almighty-passion",
                                                                                          "almighty-cool"}]
    assert len(pair["tiles"]) == 2


def test_waits_list_exactly_the_tiles_that_win_at_what_they_win():
    # the waits reused groups of the short hand in which an Almighty stood for the idol later drawn,
    # which the score of the whole hand forbids: waits said 6, the score said no win
    from scorer import waits

    short = ["almighty-passion", "kohinata-miho", "shiomi-shuuko", "hayasaka-mirei", "nitta-minami",
             "almighty-cool", "hisakawa-nagi", "nataaria"]
    listed = {w.tile: w.points for w in waits(GAME, short)}
    for tile in ("hisakawa-hayate", "shibuya-rin", "hayami-kanade", "honda-mio"):
        result = score(GAME, short + [tile], riichi=True)
        assert listed.get(tile) == (result.yaku[0].points if result.winning else None), tile


def test_too_many_copies_names_the_tile_and_the_set_as_players_know_them():
    """The message said ids ("too many shimamura-uzuki: 3 in the hand, the cinderella-neo set holds 1")."""
    with pytest.raises(HandError) as info:
        score(GAME, ["shimamura-uzuki"] * 3 + CUTE_DA + COOL_VO, riichi=True)
    assert str(info.value) == ("too many Uzuki Shimamura (shimamura-uzuki): 3 in the hand, the Donjara NEO: "
                               "THE iDOLM@STER Cinderella Girls set holds 1")
    assert info.value.message_ja == ("島村卯月が 3枚あります。「ドンジャラNEO アイドルマスター シンデレラガールズ」の"
                                     "セットには 1枚しかありません")
