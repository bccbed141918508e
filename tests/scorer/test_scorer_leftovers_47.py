"""Leftovers of the scoring core: a house chip above 1 and a value that is no whole number of chips, the hint
of a refused ron on an Almighty without riichi, a 3-player riichi table's honba, haitei/houtei beside the
first-turn wins, and three places where RULES.md and the documents are silent (settled, pinned here)."""
from pathlib import Path

import pytest

from scorer import GameFileError, load_game, score
from scorer.payout import payments, split_parts
from scorer.riichi_tiles import InputProblem, RiichiInputError
from scorer.rules import Payout, Rounding

HOUSE = Path(__file__).parent / "data" / "house-fruits.toml"
RIICHI = load_game("tokyo-mahjong")
PINFU = "123m456p789s234s55p"  # pinfu on 2s (ryanmen), riichi-only on 3s (kanchan)


# --- 1. a chip above 1 --------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, players", [(105, 4), (95, 3), (7, 4), (1234, 5), (60, 4)])
def test_remainder_payments_add_up_to_the_value_with_a_chip_above_one(value, players):
    # a chip of 10: 105 split among 3 was paid 40 + 30 + 30 = 100, the 5 below one chip lost
    pays = payments(Payout(Rounding.REMAINDER, 10), value, "tsumo", players)
    assert sum(p.amount for p in pays) == value and len(pays) == players - 1
    assert max(p.amount for p in pays) - min(p.amount for p in pays) <= 10  # still an even split, chip by chip
    parts = split_parts(Payout(Rounding.REMAINDER, 10), value, players)
    assert parts["even_share"] * (players - 1) + parts["remainder"] == value


def test_the_payer_of_a_part_below_one_chip_is_told_it_is_the_remainder():
    pays = payments(Payout(Rounding.REMAINDER, 10), 95, "tsumo", 4)  # 3 chips each, 5 left over
    assert [p.amount for p in pays] == [35, 30, 30] and pays[0].note and not pays[1].note


@pytest.mark.parametrize("round_to", [20, 4])
def test_a_yaku_worth_no_whole_number_of_chips_is_refused_when_the_file_is_read(tmp_path, round_to):
    # fruit salad is worth 10: with a 20 chip (or a 4 chip) a ron of it could never be paid in chips
    text = HOUSE.read_text(encoding="utf-8").replace('rounding = "remainder"',
                                                     f'rounding = "remainder"\nround_to = {round_to}')
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        score(path, ["apple", "apple", "lemon", "lemon", "banana", "banana"], win="ron")
    said = str(refused.value)
    assert "field yaku[0].points" in said and "got 10" in said and f"{round_to}" in said and "round_to" in said
    assert "項目 yaku[0].points" in refused.value.message_ja and "チップ" in refused.value.message_ja


def test_yaku_worth_whole_chips_load_with_a_chip_above_one(tmp_path):
    text = HOUSE.read_text(encoding="utf-8").replace('rounding = "remainder"', 'rounding = "remainder"\nround_to = 5')
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    r = score(path, ["apple", "cherry", "apple", "lemon", "banana", "lemon"])  # two trios, 30, 3 players
    assert r.winning and [p.amount for p in r.payments] == [15, 15]


# --- 2. the hint of a refused ron on a discarded Almighty -------------------------------------------------

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]


def test_ron_on_an_almighty_without_riichi_says_a_tsumo_needs_a_riichi_too():
    r = score("yokai-watch", YOKAI_WIN, win="ron", winning_tile="almighty")
    assert not r.winning and r.chombo is None
    # it said "by tsumo": a tsumo needs one too (and a ron on another tile pays 100: session 50)
    assert "(after a riichi: worth 120 by tsumo at 4 players, 100 by ron on another tile)" in r.reason, r.reason
    assert "リーチして、ツモなら4人で120" in r.reason_ja, r.reason_ja


@pytest.mark.parametrize("opts", [dict(riichi=True), dict(dealt_tenpai=True)], ids=["riichi", "dealt-tenpai"])
def test_ron_on_an_almighty_that_may_win_by_tsumo_says_by_tsumo(opts):
    r = score("yokai-watch", YOKAI_WIN, win="ron", winning_tile="almighty", **opts)
    assert "(worth 120 by tsumo at 4 players, 100 by ron on another tile)" in r.reason
    assert "(ツモなら4人で120、ほかの牌でロンなら100の手)" in r.reason_ja
    assert score("yokai-watch", YOKAI_WIN, win="tsumo", winning_tile="almighty", **opts).points == 120


# --- 3. a 3-player riichi table: honba, tsumo payments ---------------------------------------------------

def test_three_player_ron_honba_is_300_each_paid_by_the_discarder():
    r = score(RIICHI, PINFU, win_tile="3s", riichi=True, seat="south", discarder="west", players=3, honba=2)
    assert [(p.payer, p.amount) for p in r.payments] == [("west", 1300 + 600)] and r.points == 1900


@pytest.mark.parametrize("seat, expected", [
    ("south", [("east (dealer)", 700 + 200), ("west", 400 + 200)]),  # no north: its 400 + 200 are not paid
    ("east", [("south", 700 + 200), ("west", 700 + 200)]),
])
def test_three_player_tsumo_is_tsumo_zon_with_100_per_honba_from_each_payer(seat, expected):
    r = score(RIICHI, PINFU, win_tile="2s", win="tsumo", seat=seat, players=3, honba=2)
    assert [(p.payer, p.amount) for p in r.payments] == expected
    assert r.points == sum(a for _, a in expected) and r.value == r.points
    assert r.extra["total_received"] == r.points + r.pot


# --- 4. haitei / houtei beside tenhou, chiihou, renhou ---------------------------------------------------

@pytest.mark.parametrize("opts, first, last, ja", [
    (dict(win="tsumo", seat="east", tenhou=True, haitei=True), "tenhou", "haitei", "海底"),
    (dict(win="tsumo", seat="south", chiihou=True, haitei=True), "chiihou", "haitei", "海底"),
    (dict(win="ron", seat="south", renhou=True, houtei=True), "renhou", "houtei", "河底"),
], ids=["tenhou-haitei", "chiihou-haitei", "renhou-houtei"])
def test_a_first_turn_win_on_the_last_tile_is_refused(opts, first, last, ja):
    # tenhou was scored 48,000 with haitei dropped unsaid; renhou + houtei took a han for both
    with pytest.raises(RiichiInputError) as refused:
        score(RIICHI, PINFU, win_tile="2s", **opts)
    assert refused.value.problem is InputProblem.OPTION
    said = str(refused.value)
    assert first in said and last in said and "\n" not in said
    assert ja in refused.value.message_ja
    alone = score(RIICHI, PINFU, win_tile="2s", **{k: v for k, v in opts.items() if k != last})
    assert alone.winning


def test_double_riichi_on_the_last_tile_still_scores():
    r = score(RIICHI, PINFU, win_tile="2s", win="tsumo", double_riichi=True, haitei=True)
    assert r.winning and any(y.name_en.startswith("Haitei") for y in r.yaku)


# --- 5. RULES.md silences, settled -----------------------------------------------------------------------

def test_nogizaka_almighty_may_stand_for_more_copies_than_the_set_holds():
    # 001 says an Almighty stands for a member of its colour, one per set, in all three sets; nothing about
    # copies: six らりん and three Almighty as three more are three sets of らりん (nine "copies")
    hand = ["rarin"] * 6 + ["almighty-lightblue", "almighty-lightblue", "almighty-god"]
    r = score("nogizaka", hand, riichi=True, win="tsumo", winning_tile="rarin")
    assert r.winning and r.points == 60
    assert [a["as"] for g in r.decomposition for a in g["almighty"]] == ["rarin"] * 3


def test_cinderella_ron_on_a_discarded_almighty_is_refused():
    # 000 forbids claiming an Almighty, and a ron is claiming a discard (RULES.md's shared part): session 50
    hand = ["shibuya-rin", "almighty-cute", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
            "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
    r = score("cinderella-neo", hand, riichi=True, win="ron", winning_tile="almighty-cute")
    assert not r.winning and "no ron on a discarded Almighty" in r.reason


def test_cinderella_favourite_held_only_as_an_almighty_is_not_doubled_but_held_is():
    hand = ["shibuya-rin", "almighty-cute", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
            "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
    r = score("cinderella-neo", hand, riichi=True, win="ron", favourite="shimamura-uzuki")
    assert r.points == 12 and r.extra["multiplier"] == 1
    assert score("cinderella-neo", hand, riichi=True, win="ron", favourite="honda-mio").points == 24
