"""Fixtures for every test: the command line speaks English whatever the machine's locale (a Japanese
``LANG`` or ``TILELENS_LANG`` switches `tilelens` to Japanese: ``scorer.result.cli_lang``); the tests of the
Japanese command line choose their language themselves. At the root, not in tests/: under --doctest-modules a
tests/conftest.py clashed with tests/app/conftest.py (both imported as ``conftest``)."""
import pytest


@pytest.fixture(autouse=True)
def english_command_line(monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")


LOCALE = ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")  # what chooses the command line's language


@pytest.fixture
def cli_env(monkeypatch):
    """No language chosen in the environment; ``cli_env(LANG=...)`` chooses one (the Japanese command line's
    tests)."""
    for key in LOCALE:
        monkeypatch.delenv(key, raising=False)

    def choose(**values: str) -> None:
        for key, value in values.items():
            monkeypatch.setenv(key, value)
    return choose
