"""Session 57 (benchmark walk P1): a photo's "plain" (next to no detail) was worked out from the whole photo at every
rerun and tap (~70 ms each, twice per rerun); it is worked out once per reading, and still says what it said."""
from __future__ import annotations

import numpy as np

from app.components.photo import PhotoReading


def test_plain_is_worked_out_once_per_reading():
    reading = PhotoReading(np.full((60, 80, 3), 120, np.uint8), ())
    assert "plain" not in vars(reading)
    assert reading.plain is True
    assert "plain" in vars(reading)  # kept with the reading: the next rerun asks it again for nothing
    assert reading.plain is True


def test_a_photo_with_detail_is_not_plain():
    rng = np.random.default_rng(3)
    busy = PhotoReading(rng.integers(0, 255, (60, 80, 3), dtype=np.uint8), ())
    assert busy.plain is False
