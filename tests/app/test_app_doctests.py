"""The doctests of the app's components (``app/`` is left out of pytest's doctest collection)."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["app.components.options", "app.components.teach_view", "app.components.ledger_view"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
