"""The likeliest winning reading: the fewest, likeliest changes among each tile's alternatives."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import load_game, tiles_from_win
from scorer.deal import random_winning_hand
from scorer.likely import likeliest_win, shape_wins

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def sure(tiles, p=0.95):
    """Every tile read at ``p`` with no alternative."""
    return [[(t, p)] for t in tiles]


def test_a_hand_that_wins_as_read_needs_no_change():
    found = likeliest_win("tokyo-mahjong", sure(WIN))
    assert found.changes == () and list(found.tiles) == WIN


def test_one_misread_tile_is_put_back_from_its_alternatives():
    choices = sure(WIN)
    choices[4] = [("6p", 0.6), ("5p", 0.3), ("8p", 0.1)]  # 4p 6p 6p: no run
    found = likeliest_win("tokyo-mahjong", choices)
    assert [(c.index, c.read, c.becomes, c.probability) for c in found.changes] == [(4, "6p", "5p", 0.3)]
    assert list(found.tiles) == WIN
    assert found.odds == pytest.approx(2.0)


def test_of_two_changes_that_win_the_likelier_is_chosen():
    # read 1m 2m 4m: either the 4m is a 3m (1m 2m 3m) or the 1m is (3m 2m 4m); the 2m as 3m wins nothing
    choices = sure("1m 2m 4m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split())
    choices[0] = [("1m", 0.5), ("3m", 0.1)]
    choices[1] = [("2m", 0.5), ("3m", 0.2)]
    choices[2] = [("4m", 0.5), ("3m", 0.45)]
    found = likeliest_win("tokyo-mahjong", choices)
    assert [(c.index, c.becomes) for c in found.changes] == [(2, "3m")]


def test_two_misread_tiles_need_two_changes():
    choices = sure(WIN)
    choices[0] = [("7m", 0.5), ("1m", 0.4)]
    choices[7] = [("2s", 0.5), ("8s", 0.4)]  # odds 1.25 each, 1.5625 together
    assert likeliest_win("tokyo-mahjong", choices, max_changes=1) is None
    found = likeliest_win("tokyo-mahjong", choices)
    assert [c.index for c in found.changes] == [0, 7] and list(found.tiles) == WIN


def test_a_win_far_less_likely_than_the_reading_is_not_offered():
    choices = sure(WIN)
    choices[4] = [("6p", 0.6), ("5p", 0.02)]  # 30 times less likely (and under MIN_CHANGE_P)
    assert likeliest_win("tokyo-mahjong", choices) is None
    assert likeliest_win("tokyo-mahjong", choices, max_odds=40, min_p=0).tiles == tuple(WIN)
    choices[4] = [("6p", 0.6), ("5p", 0.06)]  # 10 times
    assert likeliest_win("tokyo-mahjong", choices, min_p=0).odds == pytest.approx(10)


def test_a_win_the_set_cannot_hold_is_not_suggested():
    # four 1z and a 2z: only a fifth 1z (a pair beside the triplet) would make this a win
    tiles = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 1z 2z".split()
    choices = sure(tiles)
    choices[13] = [("2z", 0.5), ("1z", 0.45)]
    assert likeliest_win("tokyo-mahjong", choices) is None


def test_one_box_too_many_is_dropped_the_least_sure_first():
    tiles = WIN[:5] + ["3s"] + WIN[5:]  # a stray box read as 3s among 14 real tiles
    found = likeliest_win("tokyo-mahjong", sure(tiles), detections=[0.9] * 5 + [0.3] + [0.9] * 9)
    assert [(c.index, c.read, c.becomes) for c in found.changes] == [(5, "3s", None)]
    assert found.changes[0].probability == pytest.approx(0.7)
    assert list(found.tiles) == WIN


def test_a_hand_two_tiles_off_size_gets_nothing():
    assert likeliest_win("tokyo-mahjong", sure(WIN[:12])) is None
    assert likeliest_win("tokyo-mahjong", sure(WIN + ["2s", "3s"])) is None


def test_donjara_hands_win_by_their_yaku():
    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3
    choices = sure(hand)
    choices[8] = [("ranze", 0.7), ("kotoko", 0.25)]
    found = likeliest_win("nogizaka", choices)
    assert sorted(found.tiles) == sorted(hand) and [c.index for c in found.changes] == [8]


def test_riichi_melds_count_toward_the_win():
    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    assert shape_wins("tokyo-mahjong", concealed, melds=["pon:555z"])
    assert not shape_wins("tokyo-mahjong", concealed)  # 11 tiles alone are no hand
    choices = sure(concealed)
    choices[10] = [("2z", 0.6), ("1z", 0.3)]
    found = likeliest_win("tokyo-mahjong", choices, size=11,
                          wins=lambda tiles: shape_wins("tokyo-mahjong", tiles, ["pon:555z"]))
    assert list(found.tiles) == concealed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(["tokyo-mahjong", "nogizaka", "yokai-watch", "cinderella-neo"]),
       seed=st.integers(0, 10**6), misread=st.integers(1, 2))
def test_whatever_it_suggests_wins_and_comes_from_the_choices(game_id, seed, misread):
    rng = random.Random(seed)
    game = load_game(game_id)
    truth = random_winning_hand(game_id, rng)
    ids = [t.id for t in game.tiles]
    choices = []
    wrong = set(rng.sample(range(len(truth)), misread))
    for i, tile in enumerate(truth):
        decoys = rng.sample([k for k in ids if k != tile], 2)
        if i in wrong:  # read as a decoy, the truth second
            choices.append([(decoys[0], 0.6), (tile, 0.3), (decoys[1], 0.1)])
        else:
            choices.append([(tile, 0.9), (decoys[0], 0.06), (decoys[1], 0.04)])
    found = likeliest_win(game_id, choices)
    assert found is not None  # the truth itself is within two changes
    assert tiles_from_win(game_id, list(found.tiles)) == 0
    assert len(found.changes) <= 2
    for change in found.changes:
        assert change.becomes in [k for k, _ in choices[change.index]]
    # no cheaper win was skipped: the truth's odds bound the answer's
    assert found.odds <= 2.0 ** misread + 1e-9


def test_riichi_winning_hands_are_complete_and_fit_the_set():
    rng = random.Random(4)
    game = load_game("tokyo-mahjong")
    hands = [random_winning_hand(game, rng) for _ in range(300)]
    assert all(len(h) == 14 and tiles_from_win(game, h) == 0 for h in hands)
    assert all(h.count(t.id) <= t.copies for h in hands for t in game.tiles)
    assert any("0m" in h or "0p" in h or "0s" in h for h in hands)  # red fives are dealt too
    assert any(len(set(h)) == 7 and all(h.count(t) == 2 for t in h) for h in hands)  # and seven pairs


@pytest.mark.parametrize("game_id", ["tokyo-mahjong", "nogizaka", "yokai-watch", "cinderella-neo"])
def test_near_wins_are_one_swap_from_a_win(game_id):
    from scorer.deal import random_near_win

    rng = random.Random(8)
    game = load_game(game_id)
    for _ in range(30):
        hand = random_near_win(game_id, rng)
        assert len(hand) == game.hand_size and tiles_from_win(game_id, hand) == 1
        assert all(hand.count(t.id) <= t.copies for t in game.tiles)
