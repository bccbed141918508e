"""AppTest fixtures: every test gets its own settings folder and ledger file."""
import pytest

from app_helpers import open_page


@pytest.fixture(scope="session", autouse=True)
def app_test_start_up_once():
    """What every ``AppTest`` redid that gives the same answer all session long, done once. A new AppTest's
    first run scanned the metadata of every installed package for custom components (0.3-0.5 s each, for
    hundreds of AppTests; it finds none: the app's box editor is declared inline, by the app itself), and each
    run compiled ``app/main.py`` and the page again (a new bytecode cache per run). The packages installed and
    the app's scripts do not change while the tests run; the app's code runs as before, every run."""
    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    found = manifest_scanner.scan_component_manifests()
    scripts = ScriptCache()  # keyed by the script's path (AppTest.from_function: a hash of its text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests", lambda max_workers=None: list(found))
        patch.setattr(app_test, "ScriptCache", lambda: scripts)
        patch.setattr(local_script_runner, "ScriptCache", lambda: scripts)
        yield


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


@pytest.fixture(autouse=True)
def screen_language_forgotten():
    """A test that sets the screen's language outside an AppTest (``st.session_state["lang"]`` in bare mode, to call
    the app's word functions) left it for every later test of the session, whose words then depended on the order
    the tests ran in (session 57: Japanese suggestions said in English after a Rules page test): forgotten after each."""
    yield
    import streamlit as st

    from app.components.i18n import LANG_KEY

    try:
        if LANG_KEY in st.session_state:
            del st.session_state[LANG_KEY]
    except Exception:  # noqa: BLE001 - no session state to forget (a test that never touched it)
        pass
