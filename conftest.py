"""Fixtures for every test: the command line speaks English whatever the machine's locale (a Japanese
``LANG`` or ``TILELENS_LANG`` switches `tilelens` to Japanese: ``scorer.result.cli_lang``); the tests of the
Japanese command line choose their language themselves. At the root, not in tests/: under --doctest-modules a
tests/conftest.py clashed with tests/app/conftest.py (both imported as ``conftest``)."""
import pytest


@pytest.fixture(autouse=True)
def english_command_line(monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")
