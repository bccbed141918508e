"""``vision.cropset.Rows`` reads as the array it stands for, for every key an ndarray takes, whatever it is a view of:
rows of the crops (an enrolment's held-out split), the crops and the same turned half round (``both_ways``), and those
of rows (the orientation crops of an enrolment's split). ``rows[..., 0]`` read axis 0 as the rows, and a tuple key
over the turned crops of rows was read by the rows as if they were the array (an IndexError, or the wrong shape)."""
from __future__ import annotations

import numpy as np
import pytest

from vision.cropset import CropSet, Rows
from vision.orient import BothWays, both_ways

RNG = np.random.default_rng(3)
CROPS = RNG.integers(0, 255, (7, 4, 4, 3), dtype=np.uint8)
INDEX = np.array([6, 1, 3, 3, 0])  # a row twice, as rows of rows may give
PICKED = CROPS[INDEX]
STACKED = np.concatenate([PICKED, np.ascontiguousarray(PICKED[:, ::-1, ::-1])])


def _keys(n: int) -> dict:
    """Keys of each kind an ndarray of ``n`` rows of (4, 4, 3) takes."""
    return {"int": n - 2, "negative": -1, "slice": slice(1, n - 1), "reversed": slice(None, None, -1),
            "step": slice(1, None, 3), "fancy": np.array([n - 1, 0, 2, 2]), "list": [1, n - 3],
            "bool mask": np.arange(n) % 3 == 0, "empty": np.array([], int), "(int, int)": (n - 2, 1),
            "(int, int, int, int)": (n - 2, 1, 2, 0), "(-1, slice)": (-1, slice(1, 3)),
            "(slice, int)": (slice(0, n), 0),
            "(slice, slice)": (slice(2, n), slice(None, 2)), "(..., slice)": (Ellipsis, slice(None, None, -1)),
            "(int, ...)": (1, Ellipsis), "(int, ..., int)": (n - 1, ..., 2), "(..., int)": (..., 0), "...": ...,
            "()": (), "(fancy, int, int)": (np.array([0, n - 1]), 2, 1),
            "(fancy, fancy)": (np.array([0, 1]), np.array([1, 2])), "(list, list)": ([0, 1], [1, 2]),
            "(int, fancy)": (n - 3, [0, 3]), "(bool, slice)": (np.arange(n) >= 2, slice(1, 2)), "None": None,
            "(None, int)": (None, 0), "(slice, None, int)": (slice(1, n), None, 3),
            "2-d rows": np.array([[0, n - 1], [2, 1]]), "(mask 2-d, int)": (np.ones((n, 4), bool), 2)}


VIEWS = {"rows of the crops": (lambda: Rows(CROPS, INDEX), PICKED),
         "both ways of the crops": (lambda: BothWays(PICKED), STACKED),
         "both ways of rows": (lambda: BothWays(Rows(CROPS, INDEX)), STACKED),
         "both ways of rows of rows": (lambda: BothWays(Rows(Rows(CROPS, np.arange(7)[::-1]), 6 - INDEX)), STACKED),
         "rows of both ways of rows": (lambda: Rows(BothWays(Rows(CROPS, INDEX)), np.arange(10)[::-1]), STACKED[::-1])}
CASES = [(view, key) for view, (_, want) in VIEWS.items() for key in _keys(len(want))]


@pytest.mark.parametrize(("view", "key"), CASES, ids=[f"{v}: {k}" for v, k in CASES])
def test_every_key_reads_as_the_array_does(view, key):
    make, want = VIEWS[view]
    key = _keys(len(want))[key]
    got, want = make()[key], want[key]
    assert np.shape(got) == want.shape and np.array_equal(got, want) and got.dtype == want.dtype


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("key", ["past", "before", "(0, 4)", "(:, 0, 0, 3)", "[past]", "(0, 0, 0, 0, 0)", "(..., ...)"])
def test_a_key_past_the_array_is_refused_as_the_array_refuses_it(view, key):
    make, want = VIEWS[view]
    n = len(want)
    key = {"past": n, "before": -n - 1, "(0, 4)": (0, 4), "(:, 0, 0, 3)": (slice(None), 0, 0, 3),
           "[past]": np.array([n]), "(0, 0, 0, 0, 0)": (0, 0, 0, 0, 0), "(..., ...)": (..., ...)}[key]
    with pytest.raises(IndexError):
        want[key]
    with pytest.raises(IndexError):
        make()[key]


@pytest.mark.parametrize("view", VIEWS)
def test_the_crops_are_left_as_they_were_and_the_whole_is_the_array(view):
    make, want = VIEWS[view]
    kept = CROPS.copy()
    rows = make()
    for key in _keys(len(want)).values():
        got = rows[key]
        if isinstance(got, np.ndarray):
            got[...] = 0  # what is read is the reader's own
    assert np.array_equal(CROPS, kept) and np.array_equal(np.asarray(rows), want)
    assert rows.base is CROPS or rows.base is PICKED  # rows of rows are rows of the array underneath
    assert len(rows) == len(want) and rows.shape == want.shape and rows.dtype == want.dtype


def test_the_orientation_crops_of_an_enrolment_s_split_read_as_their_copy_does():
    crops = CropSet(CROPS, np.arange(7) % 2, ["1m", "2m"], np.array([f"p{i}" for i in range(7)]))
    mask = np.arange(7) != 2
    lazy, eager = both_ways(crops.subset(mask, view=True).faces()), both_ways(crops.subset(mask).faces())
    assert lazy.images.base is CROPS and lazy.labels.tolist() == eager.labels.tolist()
    for key in _keys(len(eager)).values():
        assert np.array_equal(lazy.images[key], np.asarray(eager.images)[key])
    inner = np.arange(len(eager)) % 3 != 1
    assert np.array_equal(np.asarray(lazy.subset(inner, view=True).images), np.asarray(eager.images)[inner])


def test_no_rows_read_as_an_empty_array():
    for rows in (Rows(CROPS, np.array([], int)), BothWays(Rows(CROPS, np.array([], int)))):
        for key in (np.array([], int), slice(None), (slice(None), 1), (..., 0), ([], [])):
            assert rows[key].shape == np.zeros((0, 4, 4, 3), np.uint8)[key].shape
