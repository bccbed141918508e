"""Session 55: every test has a ``TILELENS_HOME`` of its own (the root conftest's ``own_home``), so that no test
writes to the user's ``~/.tilelens`` (running tests/event made the event report's key there), and no test reads what
another left there; a test that names a home itself still gets it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tilelens.event.trust import is_sealed, key_path, sealed
from tilelens.home import home_dir


def test_a_seal_made_by_a_test_leaves_the_users_home_untouched(tmp_path, monkeypatch, tmp_path_factory):
    user_home = tmp_path / "user"  # a stand-in for the user's own home folder: what ~/.tilelens would be under
    user_home.mkdir()
    monkeypatch.setenv("HOME", str(user_home))
    assert Path.home() == user_home
    report = sealed({"table": "t1", "verdict": "ok", "findings": []})
    assert is_sealed(report)
    assert not (user_home / ".tilelens").exists(), sorted(p.name for p in user_home.iterdir())
    assert key_path().is_file() and tmp_path_factory.getbasetemp() in key_path().parents, key_path()


SEEN: list[Path] = []  # the homes of the two tests below


@pytest.mark.parametrize("test", [1, 2])
def test_each_test_has_a_home_of_its_own_that_is_not_there_yet(tmp_path, tmp_path_factory, test):
    home = home_dir()
    assert home == Path(os.environ["TILELENS_HOME"]) and not home.exists()
    assert tmp_path_factory.getbasetemp() in home.parents and tmp_path not in home.parents  # beside tmp_path, not in it
    assert home not in SEEN, SEEN
    SEEN.append(home)


def test_the_app_ledger_is_the_one_in_that_home():
    from tilelens.ledger import default_path

    assert "TILELENS_LEDGER" not in os.environ
    assert default_path() == home_dir() / "ledger.sqlite"


NAMED: list[Path] = []  # the home the test below named itself


def test_a_test_that_names_a_home_itself_gets_it(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    monkeypatch.setenv("TILELENS_HOME", str(mine))
    assert home_dir() == mine
    assert sealed({"verdict": "ok"}) and (mine / "event-report.key").is_file()
    NAMED.append(mine)


def test_the_next_test_has_its_own_home_again_not_the_one_named_before():
    if not NAMED:
        pytest.skip("says something only run after the test before it")
    assert home_dir() not in NAMED and home_dir().name == "home" and not home_dir().exists()
    assert os.environ["TILELENS_HOME"] not in map(str, NAMED)


def test_monkeypatch_undo_in_a_test_keeps_its_home(monkeypatch, tmp_path):
    ours = home_dir()
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "elsewhere"))
    monkeypatch.undo()  # as test_event_runner's Ctrl-C tests do, to check again without the patched step
    assert home_dir() == ours  # was ~/.tilelens: the undo took the home set with the same monkeypatch back too


@pytest.fixture(scope="module")
def module_home() -> str | None:
    """The home a module's fixture sees (made before any test's own): test_event_browser checks its event there."""
    return os.environ.get("TILELENS_HOME")


def test_a_modules_fixture_has_a_home_of_the_tests_too(module_home, tmp_path_factory):
    assert module_home, "a module's fixture wrote to ~/.tilelens"
    assert tmp_path_factory.getbasetemp() in Path(module_home).parents and Path(module_home) != home_dir()
