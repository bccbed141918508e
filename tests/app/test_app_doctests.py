"""The doctests of the app's components (``app/`` is left out of pytest's doctest collection) and of the ledger they draw
(``tilelens/`` is not in its testpaths)."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["app.components.options", "app.components.teach_view", "app.components.tiles", "tilelens.ledger"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
