"""Session 63 (F20): edges of a progress bar written into a log (``vision.cli_args.LogProgress``) that RV5 found
unlike tqdm's, and ``TILELENS_LOG_PROGRESS_SECONDS=inf`` (said to be taken as any number of 0 or more, it gave the
30 s default): inf now means never. A bar over a generator was false with ``len`` 0 (tqdm's is true, and has no
``len``); ``set_postfix(loss=0.123456789)`` said every digit (tqdm: 3 significant figures); tqdm's default unit "it"
was pluralised "its" (tqdm never pluralises)."""
from __future__ import annotations

import io

import pytest
from tqdm import tqdm

from vision.cli_args import log_progress_seconds, progress_bar


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _logged(iterable=None, **options):
    return progress_bar(iterable, desc="d", lang="en", file=io.StringIO(), every=0, **options)


@pytest.mark.parametrize("value", ["inf", "Infinity", " inf ", "1e400"])
def test_inf_seconds_means_never(monkeypatch, value):
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", value)
    assert log_progress_seconds() == float("inf")
    log, clock = io.StringIO(), Clock()
    for _ in progress_bar(range(50), desc="d", unit="photo", lang="en", file=log, clock=clock):
        clock.now += 3600
    assert log.getvalue() == ""


@pytest.mark.parametrize("value", ["-inf", "nan", "-1"])
def test_a_number_below_0_is_still_the_default(monkeypatch, value):
    monkeypatch.setenv("TILELENS_LOG_PROGRESS_SECONDS", value)
    assert log_progress_seconds() == 30.0


def _gen(n=3):
    return (i for i in range(n))


@pytest.mark.parametrize("make", [lambda: (_gen(),), lambda: (range(3),), lambda: (range(0),), lambda: ([],),
                                  lambda: (None, 5), lambda: (None, 0), lambda: (_gen(), 4), lambda: (iter([1, 2]),)],
                         ids=["generator", "range", "empty range", "empty list", "total", "total 0", "generator total",
                              "iterator"])
def test_bool_and_len_as_tqdm_says_them(make):
    logged = _logged(*make()[:1], **({"total": make()[1]} if len(make()) > 1 else {}))
    drawn = tqdm(*make()[:1], **({"total": make()[1]} if len(make()) > 1 else {}), disable=True)
    assert bool(logged) == bool(drawn)
    try:
        want = len(drawn)
    except TypeError:
        with pytest.raises(TypeError):
            len(logged)
    else:
        assert len(logged) == want


def test_bool_of_a_bar_over_nothing_is_refused_as_tqdm_refuses_it():
    with pytest.raises(TypeError):
        bool(tqdm(disable=True))
    with pytest.raises(TypeError):
        bool(_logged())


@pytest.mark.parametrize("args, kwargs", [((), {"loss": 0.123456789, "lr": 1e-3}),
                                          ((), {"lr": 1.5e-05, "loss": 12345678.9, "step": 7, "ok": True}),
                                          (({"b": 2.0 / 3, "a": " x "},), {"c": "0.500", "d": None}),
                                          ((), {"loss": float("nan"), "big": 10 ** 20})])
def test_set_postfix_says_numbers_as_tqdm_does(args, kwargs):
    drawn = tqdm(total=2, disable=True)
    drawn.set_postfix(*args, **kwargs)
    log = io.StringIO()
    bar = progress_bar(total=2, desc="epoch 1", unit="batch", lang="en", file=log, every=0)
    bar.set_postfix(*args, **kwargs)
    bar.update(2)
    assert log.getvalue() == f"epoch 1: 2/2 batches (100%) ({drawn.postfix})\n"


def test_the_loss_a_training_sets_is_said_in_3_figures():
    log = io.StringIO()
    bar = progress_bar(total=1, desc="epoch 1", unit="batch", lang="en", file=log, every=0)
    bar.set_postfix(loss=0.123456789, lr=1e-3)
    bar.update()
    assert log.getvalue() == "epoch 1: 1/1 batch (100%) (loss=0.123, lr=0.001)\n"


def test_the_default_unit_is_not_pluralised_a_worded_one_is():
    log = io.StringIO()
    for _ in progress_bar(range(2), desc="d", lang="en", file=log, every=0):
        pass
    assert log.getvalue() == "d: 1/2 it (50%)\nd: 2/2 it (100%)\n"
    log = io.StringIO()
    for _ in progress_bar(range(2), desc="d", unit="photo", lang="en", file=log, every=0):
        pass
    assert log.getvalue().splitlines()[-1] == "d: 2/2 photos (100%)"
