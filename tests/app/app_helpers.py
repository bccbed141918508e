"""Helpers for the AppTest tests of the app's pages."""
from pathlib import Path

from streamlit.testing.v1 import AppTest

MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"


def open_page(page: str, game: str | None = None, lang: str = "en") -> AppTest:
    """The app on ``pages/<page>.py`` with a game chosen and the language set."""
    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    at.session_state["lang"] = lang
    at.switch_page(f"pages/{page}.py").run()
    if game is not None:
        at.selectbox(key="game_id").set_value(game).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """Everything the page wrote as text (markdown, captions, alerts), one string to search."""
    parts = [e.value for e in (*at.markdown, *at.caption, *at.success, *at.warning, *at.error, *at.info)]
    return "\n".join(str(p) for p in parts)
