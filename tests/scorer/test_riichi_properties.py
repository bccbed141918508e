"""Properties over random winning riichi hands: our adapter agrees with the mahjong package called
directly, payments sum to the points, and tile order never changes a score."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

from scorer import load_game
from scorer.riichi import score
from scorer.riichi_tiles import parse_mpsz, tile_ids

GAME = load_game("tokyo-mahjong")
WIND = {"east": 27, "south": 28, "west": 29, "north": 30}


def _text(kinds: list[int]) -> str:
    """mpsz text; the fourth five of a suit is written as the red five (0m/0p/0s), as in a real set."""
    out, fives = [], {4: 0, 13: 0, 22: 0}
    for k in kinds:
        rank = k % 9 + 1
        if k in fives:
            fives[k] += 1
            rank = 0 if fives[k] == 4 else rank
        out.append(f"{rank}{'mps'[k // 9]}" if k < 27 else f"{k - 26}z")
    return "".join(out)


def _ids(text: str) -> list[str]:
    return tile_ids(parse_mpsz(text))


@st.composite
def winning_hands(draw):
    """14 tiles as 4 sets + a pair within 4 copies of each kind (a fourth five is red)."""
    counts = [0] * 34
    kinds: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from([s * 9 + i for s in range(3) for i in range(7)]))
            group = [start, start + 1, start + 2]
        else:
            group = [draw(st.integers(0, 33))] * 3
        for k in group:
            counts[k] += 1
        kinds += group
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    kinds += [pair, pair]
    if max(counts) > 4:
        draw(st.just(None).filter(lambda _: False))  # reject: more than 4 copies
    order = draw(st.permutations(kinds))
    return list(order), draw(st.sampled_from(order))


def _package(kinds: list[int], win: int, tsumo: bool, riichi: bool, seat: str):
    tiles = TilesConverter.one_line_string_to_136_array(_text(kinds), has_aka_dora=True)
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi, player_wind=WIND[seat], round_wind=27,
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True))
    win136 = next(t for t in tiles if t // 4 == win)
    return HandCalculator.estimate_hand_value(tiles, win136, config=config)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=winning_hands(), tsumo=st.booleans(), riichi=st.booleans(),
       seat=st.sampled_from(["east", "south", "west", "north"]), honba=st.integers(0, 5))
def test_adapter_agrees_with_the_package(hand, tsumo, riichi, seat, honba) -> None:
    kinds, win = hand
    expected = _package(kinds, win, tsumo, riichi, seat)
    ours = score(GAME, _text(kinds), win_tile=_text([win]), win="tsumo" if tsumo else "ron", riichi=riichi,
                 seat=seat, honba=honba)
    if expected.error:
        assert not ours.winning and ours.points == 0 and ours.payments == ()
        return
    assert ours.winning
    assert (ours.extra["han"], ours.extra["fu"]) == (expected.han, expected.fu)
    # the package's total without honba, plus our honba (300 per counter on a ron, 100 x 3 on a tsumo)
    assert ours.points == expected.cost["total"] + 300 * honba
    assert ours.points == sum(p.amount for p in ours.payments)
    # the split it stands on holds exactly the hand's tiles (one pair and four sets, or seven pairs)
    split = [g["tiles"] for g in ours.decomposition]
    assert sorted(t for g in split for t in g) == sorted(_ids(_text(kinds)))
    if len(split) == 5:
        assert sorted(len(g) for g in split) == [2, 3, 3, 3, 3]
    reordered = score(GAME, _text(sorted(kinds, reverse=True)), win_tile=_text([win]),
                      win="tsumo" if tsumo else "ron", riichi=riichi, seat=seat, honba=honba)
    assert (reordered.extra["han"], reordered.extra["fu"], reordered.points) == (expected.han, expected.fu,
                                                                               ours.points)
