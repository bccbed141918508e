"""The winning-reading box offers only changes worth offering (session 65, F2): a change the classifier gave
less than ``MIN_CHANGE_P`` is not offered, and a tile read at ``SURE_READ`` or more is never changed (W4 measured
both on 800 rendered photos: such offers were mostly wrong)."""
import pytest

from scorer.likely import MIN_CHANGE_P, SURE_READ, likeliest_win

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def sure(tiles, p=0.95):
    return [[(t, p)] for t in tiles]


def test_the_floor_and_the_sure_read_are_named_and_measured():
    assert MIN_CHANGE_P == pytest.approx(0.2) and SURE_READ == pytest.approx(0.9)


def test_an_alternative_at_0_15_is_not_offered():
    choices = sure(WIN)
    choices[4] = [("6p", 0.45), ("5p", 0.15), ("8p", 0.1)]  # 3 times less likely: within MAX_ODDS, under the floor
    assert likeliest_win("tokyo-mahjong", choices) is None


def test_an_alternative_at_0_25_is_offered():
    choices = sure(WIN)
    choices[4] = [("6p", 0.45), ("5p", 0.25), ("8p", 0.1)]
    found = likeliest_win("tokyo-mahjong", choices)
    assert [(c.index, c.read, c.becomes, c.probability) for c in found.changes] == [(4, "6p", "5p", 0.25)]
    assert list(found.tiles) == WIN


def test_of_two_changes_each_must_clear_the_floor():
    choices = sure(WIN)
    choices[0] = [("7m", 0.5), ("1m", 0.4)]
    choices[7] = [("2s", 0.5), ("8s", 0.15)]  # the one that wins with the 1m: under the floor
    assert likeliest_win("tokyo-mahjong", choices) is None
    choices[7] = [("2s", 0.5), ("8s", 0.3)]
    assert [c.index for c in likeliest_win("tokyo-mahjong", choices).changes] == [0, 7]


@pytest.mark.parametrize("p_read", [0.9, 0.95])
def test_a_tile_read_surely_is_never_changed_even_when_its_alternative_would_win(p_read):
    choices = sure(WIN)
    choices[4] = [("6p", p_read), ("5p", round(1 - p_read, 2))]  # odds 9 or 19: within MAX_ODDS
    # give it every chance: no floor, any odds; still the sure tile stays as read
    assert likeliest_win("tokyo-mahjong", choices) is None
    assert likeliest_win("tokyo-mahjong", choices, min_p=0.0, max_odds=1e6) is None
    choices[4] = [("6p", 0.89), ("5p", 0.11)]  # just under: the floor alone says no; without it, offered
    assert likeliest_win("tokyo-mahjong", choices) is None
    assert [c.becomes for c in likeliest_win("tokyo-mahjong", choices, min_p=0.0).changes] == ["5p"]


def test_a_sure_tile_is_left_while_a_doubtful_one_beside_it_is_changed():
    # 4p 6p 6p: either 6p could be the 5p. The first, read surely, is the cheaper change (odds 11.5 against 14),
    # yet it stays as read: the second is the change
    choices = sure(WIN)
    choices[4] = [("6p", 0.92), ("5p", 0.08)]
    choices[5] = [("6p", 0.7), ("5p", 0.05)]
    found = likeliest_win("tokyo-mahjong", choices, min_p=0.0)
    assert [(c.index, c.becomes) for c in found.changes] == [(5, "5p")]


def test_a_box_too_many_is_still_dropped_by_the_detectors_doubt():
    # the floor and the sure read are the classifier's: a drop is the detector's doubt, as before
    tiles = WIN[:5] + ["3s"] + WIN[5:]
    found = likeliest_win("tokyo-mahjong", sure(tiles), detections=[0.9] * 5 + [0.3] + [0.9] * 9)
    assert [(c.index, c.becomes) for c in found.changes] == [(5, None)]
