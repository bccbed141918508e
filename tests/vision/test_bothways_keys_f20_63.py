"""Session 63 (F20): ``vision.orient.BothWays`` reads as the stacked array it stands for (the upright crops, then the
same turned half round) for every key an ndarray takes. A tuple key starting with one row or ``...`` indexed the
wrong axis: ``b[7, 1]`` gave column 1 of crop 7 where the stacked array gave its row 1 (RV5)."""
from __future__ import annotations

import numpy as np
import pytest

from vision.orient import BothWays

RNG = np.random.default_rng(0)
UP = RNG.integers(0, 255, (5, 4, 4, 3), dtype=np.uint8)
STACKED = np.concatenate([UP, np.ascontiguousarray(UP[:, ::-1, ::-1])])

KEYS = {"int": 7, "negative": -1, "slice": slice(3, 8), "reversed": slice(None, None, -1), "step": slice(1, None, 3),
        "fancy": np.array([9, 0, 5, 5]), "list": [1, 6], "bool mask": np.arange(10) % 3 == 0,
        "empty": np.array([], int), "(int, int)": (7, 1), "(int, int, int, int)": (7, 1, 2, 0),
        "(-1, slice)": (-1, slice(1, 3)), "(slice, int)": (slice(0, 10), 0), "(slice, slice)": (slice(4, 7), slice(None, 2)),
        "(..., slice)": (Ellipsis, slice(None, None, -1)), "(int, ...)": (6, Ellipsis), "(int, ..., int)": (8, ..., 2),
        "(..., int)": (..., 1), "...": ..., "()": (), "(fancy, int, int)": (np.array([0, 6]), 2, 1),
        "(fancy, fancy)": (np.array([0, 6, 9]), np.array([1, 2, 3])), "(int, fancy)": (5, [0, 3]),
        "(bool, slice)": (np.arange(10) >= 4, slice(1, 2)), "None": None, "(None, int)": (None, 5),
        "(slice, None, int)": (slice(2, 6), None, 3), "2-d rows": np.array([[0, 9], [5, 4]]),
        "whole mask": STACKED > 128, "(mask 2-d, int)": (np.ones((10, 4), bool), 2)}


@pytest.mark.parametrize("key", KEYS.values(), ids=KEYS.keys())
def test_every_key_reads_as_the_stacked_array_does(key):
    got, want = BothWays(UP)[key], STACKED[key]
    assert np.shape(got) == want.shape and np.array_equal(got, want)


@pytest.mark.parametrize("key", [10, -11, (0, 4), (slice(None), 0, 0, 3), np.array([10]), (0, 0, 0, 0, 0), (..., ...)])
def test_a_key_past_the_stack_is_refused_as_the_stacked_array_refuses_it(key):
    with pytest.raises(IndexError):
        STACKED[key]
    with pytest.raises(IndexError):
        BothWays(UP)[key]


def test_the_crops_are_left_as_they_were_and_the_whole_is_the_stack():
    kept = UP.copy()
    both = BothWays(UP)
    for key in KEYS.values():
        both[key]
    assert np.array_equal(UP, kept) and np.array_equal(np.asarray(both), STACKED)


def test_no_crops_read_as_an_empty_stack():
    empty = BothWays(np.zeros((0, 4, 4, 3), np.uint8))
    for key in (np.array([], int), slice(None), (slice(None), 1), (..., 0)):
        assert empty[key].shape == np.zeros((0, 4, 4, 3), np.uint8)[key].shape
