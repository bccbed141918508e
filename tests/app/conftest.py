"""AppTest fixtures: every test gets its own settings folder and ledger file."""
import pytest

from app_helpers import open_page


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh TILELENS_HOME and ledger path for the app under test."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    return tmp_path


@pytest.fixture
def page():
    """``page(name, game, lang)`` opens the app on a page."""
    return open_page
