"""The doctests of the event-check modules (``tilelens/`` is not in pytest's doctest paths)."""
import doctest

import pytest

from tilelens.event import layout, model, report, runner, trust


@pytest.mark.parametrize("module", [layout, model, report, runner, trust], ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
