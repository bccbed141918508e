"""The examples in the labelling modules' docstrings run (the default test paths skip tilelens/)."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["model", "yolo", "coco", "labelstudio", "editing", "prelabel"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"tilelens.labelling.{name}")
    result = doctest.testmod(module, verbose=False)
    assert result.failed == 0 and result.attempted > 0
