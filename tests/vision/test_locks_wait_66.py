"""Session 66 (review RV4): a run that waits for a lock (``held`` with no ``busy``) keeps trying however often its
file is removed under it, and holds the lock when it goes in: after a hundred lost races it went in unguarded (6-8
processes taking one lock in turn let two in at once). A run that will not wait says busy after ``TRIES``."""
from __future__ import annotations

import pytest

from vision import locks

pytestmark = pytest.mark.skipif(locks.fcntl is None, reason="no file lock on this system")


def _lost_races(monkeypatch, times: int) -> list[int]:
    """``_still_named`` false ``times`` times (the file removed by its holder after this run opened it), then true."""
    seen = [0]
    real = locks._still_named

    def removed_meanwhile(handle):
        seen[0] += 1
        return real(handle) if seen[0] > times else False
    monkeypatch.setattr(locks, "_still_named", removed_meanwhile)
    monkeypatch.setattr(locks, "TRIES", 2)
    return seen


def test_a_waiting_run_goes_in_holding_the_lock_however_often_it_lost(monkeypatch, tmp_path):
    monkeypatch.setattr(locks.tempfile, "tempdir", str(tmp_path))
    seen = _lost_races(monkeypatch, 5)
    with locks.held("wait:x"):
        assert seen[0] == 6
        path = locks._lock_path("wait:x")
        with open(path, "rb") as other:  # another run trying it now finds it held
            with pytest.raises(BlockingIOError):
                locks.fcntl.flock(other, locks.fcntl.LOCK_EX | locks.fcntl.LOCK_NB)


def test_a_run_that_will_not_wait_says_busy_after_its_tries(monkeypatch, tmp_path):
    monkeypatch.setattr(locks.tempfile, "tempdir", str(tmp_path))
    _lost_races(monkeypatch, 5)
    with pytest.raises(RuntimeError, match="busy"):
        with locks.held("wait:y", busy=lambda: RuntimeError("busy")):
            pass
