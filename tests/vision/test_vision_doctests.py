"""The doctests of the vision modules (pytest's doctest paths are ``tests`` and ``scorer`` only, so
without this the examples in ``vision/`` docstrings would never run)."""
import doctest
import importlib
import pkgutil

import pytest

import vision


def _modules_with_examples():
    names = ["vision"] + [m.name for m in pkgutil.walk_packages(vision.__path__, "vision.")]
    out = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec and spec.origin and spec.origin.endswith(".py"):
            with open(spec.origin, encoding="utf-8") as f:
                if ">>> " in f.read():
                    out.append(name)
    return out


MODULES = _modules_with_examples()


def test_the_vision_modules_with_examples_are_found():
    assert {"vision.level", "vision.orient", "vision.recognizer", "vision.melds"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
