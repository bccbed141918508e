"""Riichi table rules our code owns: payments between seats, honba, riichi sticks, furiten, exhaustive draws."""
from __future__ import annotations

import pytest

from scorer import load_game
from scorer.riichi import exhaustive_draw, score
from scorer.riichi_rules import RiichiRules

GAME = load_game("tokyo-mahjong")
PINFU = "123m456p789s234s55p"  # pinfu on 2s (ryanmen), riichi-only on 3s (kanchan)


def _pay(result):
    return [(p.payer, p.amount) for p in result.payments]


# (id, options, expected payments): 1 han 40 fu riichi hand, 2 han 40 fu / 20 fu pinfu tsumo
PAYMENT_CASES = [
    ("ron-non-dealer-discarder-pays-all", dict(win_tile="3s", riichi=True, seat="south", discarder="west"),
     [("west", 1300)]),
    ("ron-dealer-pays-6x-base", dict(win_tile="3s", riichi=True, seat="east"), [("discarder", 2000)]),
    ("ron-honba-adds-300-each", dict(win_tile="3s", riichi=True, seat="south", honba=2),
     [("discarder", 1900)]),
    ("tsumo-non-dealer-dealer-pays-double", dict(win_tile="2s", win="tsumo", seat="south"),
     [("east (dealer)", 700), ("west", 400), ("north", 400)]),
    ("tsumo-dealer-all-pay-alike", dict(win_tile="2s", win="tsumo", seat="east"),
     [("south", 700), ("west", 700), ("north", 700)]),
    ("tsumo-honba-adds-100-each", dict(win_tile="2s", win="tsumo", seat="west", honba=3),
     [("east (dealer)", 1000), ("south", 700), ("north", 700)]),
    ("tsumo-three-players-no-north", dict(win_tile="2s", win="tsumo", seat="south", players=3),
     [("east (dealer)", 700), ("west", 400)]),
]


@pytest.mark.parametrize("opts,expected", [c[1:] for c in PAYMENT_CASES], ids=[c[0] for c in PAYMENT_CASES])
def test_payments_between_seats(opts, expected) -> None:
    result = score(GAME, PINFU, **opts)
    assert result.winning
    assert _pay(result) == expected
    assert result.points == sum(a for _, a in expected)


def test_honba_value_is_table_data() -> None:
    rules = RiichiRules(honba_ron=1500, honba_tsumo_each=500)
    ron = score(GAME, PINFU, win_tile="3s", riichi=True, honba=1, rules=rules)
    assert _pay(ron) == [("discarder", 1300 + 1500)]
    tsumo = score(GAME, PINFU, win_tile="2s", win="tsumo", honba=1, rules=rules)
    assert [a for _, a in _pay(tsumo)] == [1200, 900, 900]


def test_riichi_sticks_go_to_the_winner_outside_points() -> None:
    result = score(GAME, PINFU, win_tile="3s", riichi=True, riichi_sticks=2, honba=1)
    assert result.points == 1600 and result.pot == 2000
    assert result.extra["total_received"] == 3600


def test_dealer_win_keeps_the_seat_and_adds_a_counter() -> None:
    dealer = score(GAME, PINFU, win_tile="3s", riichi=True, seat="east", honba=1)
    other = score(GAME, PINFU, win_tile="3s", riichi=True, seat="north", honba=1)
    assert (dealer.extra["dealer_keeps_seat"], dealer.extra["next_honba"]) == (True, 2)
    assert (other.extra["dealer_keeps_seat"], other.extra["next_honba"]) == (False, 0)


@pytest.mark.parametrize("seat", ["east", "south", "west", "north"])
@pytest.mark.parametrize("win", ["tsumo", "ron"])
@pytest.mark.parametrize("honba", [0, 1, 4])
def test_payments_sum_to_points_and_nobody_pays_themselves(seat, win, honba) -> None:
    result = score(GAME, "234m234p234s678m55p", win_tile="2s", win=win, seat=seat, honba=honba)
    assert result.points == sum(p.amount for p in result.payments) > 0
    assert all(not p.payer.startswith(seat) for p in result.payments)
    assert len(result.payments) == (3 if win == "tsumo" else 1)


# furiten: the player's own discards
def test_furiten_refuses_ron_with_reason_and_value() -> None:
    result = score(GAME, PINFU, win_tile="2s", discards="9m5s")  # 5s is the other side of the 34s wait
    assert not result.winning
    assert result.reason.startswith("furiten") and "5s" in result.reason
    assert result.value == 1000 and result.points == 0 and result.payments == ()


def test_a_ron_refused_for_furiten_receives_nothing_and_keeps_no_seat() -> None:
    """`score --json` of a furiten ron said `total_received` 3,600 (the hand's value and the riichi sticks) beside
    `points` 0, and the dealer keeping the seat with one more honba: what a win would bring, for no win."""
    dealer = score(GAME, PINFU, win_tile="2s", discards="5s", riichi=True, riichi_sticks=2, seat="east", honba=1)
    assert not dealer.winning and dealer.points == 0 and dealer.pot == 0
    assert dealer.extra["total_received"] == 0
    # what the next hand is follows no win here: as of any hand that does not win, not said
    assert "dealer_keeps_seat" not in dealer.extra and "next_honba" not in dealer.extra
    assert dealer.extra.keys() - {"furiten"} <= score(GAME, PINFU, win_tile="2s", seat="east").extra.keys()


def test_furiten_still_scores_a_tsumo() -> None:
    result = score(GAME, PINFU, win_tile="2s", win="tsumo", discards="5s")
    assert result.winning and result.points == 1500


def test_discards_that_are_not_waits_are_no_furiten() -> None:
    result = score(GAME, PINFU, win_tile="2s", discards="1z9p3s6s")
    assert result.winning and result.points == 1000


def test_furiten_on_the_winning_tile_itself_and_on_seven_pairs() -> None:
    assert score(GAME, PINFU, win_tile="2s", discards="2s").reason.startswith("furiten")
    chiitoi = score(GAME, "1133557799m22p44s", win_tile="4s", discards="4s")
    assert not chiitoi.winning and chiitoi.value == 1600


# exhaustive draw: 3,000 noten payments
DRAW_CASES = [
    ("one-tenpai-gets-1000-from-each", ["south"], 4, {"east": -1000, "south": 3000, "west": -1000,
                                                      "north": -1000}),
    ("two-tenpai-1500-each-way", ["east", "north"], 4, {"east": 1500, "south": -1500, "west": -1500,
                                                        "north": 1500}),
    ("three-tenpai-noten-pays-3000", [0, 1, 2], 4, {"east": 1000, "south": 1000, "west": 1000, "north": -3000}),
    ("all-tenpai-nothing-moves", ["e", "s", "w", "n"], 4, {"east": 0, "south": 0, "west": 0, "north": 0}),
    ("nobody-tenpai-nothing-moves", [], 4, {"east": 0, "south": 0, "west": 0, "north": 0}),
    ("three-players-one-tenpai", ["west"], 3, {"east": -1500, "south": -1500, "west": 3000}),
]


@pytest.mark.parametrize("tenpai,players,deltas", [c[1:] for c in DRAW_CASES], ids=[c[0] for c in DRAW_CASES])
def test_exhaustive_draw_noten_payments(tenpai, players, deltas) -> None:
    draw = exhaustive_draw(tenpai, game=GAME, players=players, honba=2, riichi_sticks=1)
    assert dict(draw.deltas) == deltas
    assert sum(draw.deltas.values()) == 0
    assert draw.next_honba == 3 and draw.riichi_sticks == 1
    assert draw.dealer_keeps_seat == ("east" in {str(s) for s in draw.tenpai})
    assert draw.to_dict()["deltas"] == deltas


def test_exhaustive_draw_rejects_a_seat_not_at_the_table() -> None:
    from scorer.result import TilelensInputError

    with pytest.raises(TilelensInputError, match="north is not at a 3-player table"):
        exhaustive_draw(["north"], players=3)
    with pytest.raises(TilelensInputError, match="not a wind"):
        exhaustive_draw(["middle"])


@pytest.mark.parametrize("hand, options, rules", [
    ("123m456m789m11z", dict(win_tile="9m", melds=["pon:222z"]), RiichiRules()),  # open ittsu + honitsu
    ("11123456789999m", dict(win_tile="9m", win="tsumo", riichi=True), RiichiRules()),  # closed: chuuren
    ("22334455667788p", dict(win_tile="8p", riichi=True), RiichiRules()),  # ryanpeikou, chinitsu, pinfu, tanyao
    ("234m22p", dict(win_tile="4m", melds=["chi:234p", "pon:666s", "pon:888p"]), RiichiRules()),  # open tanyao
    ("111m222p333s444z55z", dict(win_tile="5z", win="tsumo"), RiichiRules(double_yakuman=True)),
    ("111m222p333s444z55z", dict(win_tile="5z", win="tsumo"), RiichiRules(double_yakuman=False)),
    ("123m123m456p789s55z", dict(win_tile="5z", riichi=True, win="tsumo"), RiichiRules()),
])
def test_the_rules_pages_han_are_what_a_hand_scores(hand, options, rules) -> None:
    from scorer.riichi_rules import yaku_values

    result = score(None, hand, rules=rules, **options)
    assert result.winning and result.yaku, result
    table = {v.name_en: v for v in yaku_values(rules)}
    opened = bool(options.get("melds"))
    for hit in result.yaku:
        value = table[hit.name_en]
        assert hit.han == (value.han_open if opened else value.han_closed), (hit, value)


def test_the_rules_page_lists_what_the_rules_allow() -> None:
    from scorer.riichi_rules import yaku_values

    listed = {v.name_en: v for v in yaku_values(RiichiRules())}
    assert listed["Tanyao (all simples)"].han_open == 1 and listed["Pinfu (all sequences)"].han_open == 0
    assert listed["Suu Ankou Tanki (single wait)"].yakuman == 2
    assert not {"Nagashi Mangan", "Daisharin", "Sashikomi", "Paarenchan", "Renhou (yakuman)"} & set(listed)
    strict = {v.name_en: v for v in yaku_values(RiichiRules(open_tanyao=False, double_yakuman=False))}
    assert strict["Tanyao (all simples)"].han_open == 0 and strict["Suu Ankou Tanki (single wait)"].yakuman == 1
    # an open tanyao the rules refuse is no yaku: the open column's "—" is what the scorer does
    closed_only = score(None, "234m22p", win_tile="4m", melds=["chi:234p", "pon:666s", "pon:888p"],
                        rules=RiichiRules(open_tanyao=False))
    assert not closed_only.winning


def test_a_riichi_winner_takes_back_its_own_stick() -> None:
    """riichi=True with no sticks said: the winner's own stick is on the table, as the ledger puts it there
    and the command line counts it (the API counted none)."""
    riichi = score(GAME, PINFU, win_tile="3s", riichi=True)
    assert riichi.pot == 1000 and riichi.extra["total_received"] == riichi.points + 1000
    assert riichi.extra["riichi_sticks"] == 1
    assert score(GAME, PINFU, win_tile="3s", double_riichi=True).pot == 1000
    assert score(GAME, PINFU, win_tile="2s").pot == 0
    assert score(GAME, PINFU, win_tile="3s", riichi=True, riichi_sticks=3).pot == 3000


def test_riichi_with_no_stick_on_the_table_is_refused() -> None:
    from scorer.riichi_tiles import InputProblem, RiichiInputError

    with pytest.raises(RiichiInputError) as info:
        score(GAME, PINFU, win_tile="3s", riichi=True, riichi_sticks=0)
    assert info.value.problem is InputProblem.OPTION
    assert "riichi_sticks 0: a riichi winner's own stick is on the table, so at least 1" in str(info.value)
    assert "リーチ棒" in info.value.message_ja


def test_waits_under_riichi_count_the_winners_stick() -> None:
    from scorer.riichi import waits

    found = waits(GAME, "123m456p789s234s5p", riichi=True)
    assert found and all(w.ron.pot == 1000 for w in found if w.ron is not None and w.ron.winning)
