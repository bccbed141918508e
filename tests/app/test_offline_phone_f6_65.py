"""Session 65 (F6), the app at a club with no internet and on a phone: the tab's icon needs no network (Streamlit
drew ``:material/...:`` as the favicon from fonts.gstatic.com: ERR_NAME_NOT_RESOLVED offline), the winning tile is
chosen with a tap (a drop-down of more than 10 choices focuses a text box: the keyboard covered half the screen),
and the Event page's table leaves room above it for its toolbar (it covered the end of the line above, "…ほか2件"; since
F12, every table's room, ``common.PHONE_CSS``)."""
from __future__ import annotations

import ast
from pathlib import Path
from urllib.parse import urlparse

import pytest

from app_helpers import open_page
import test_event_page_51 as session_51
from test_event_page_51 import _check, _upload

from app.serve import browser, chromium_path, running_app

MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", None) == name]


def test_the_tab_icon_is_an_emoji_drawn_in_the_page_and_set_before_the_pages_own():
    # An emoji favicon is an inline SVG (a data: URL); ":material/...:" is fetched from fonts.gstatic.com. Set before
    # st.navigation: a page config with no icon let the shown page's own ":material/...:" icon become the favicon.
    from streamlit.string_util import is_emoji

    tree = ast.parse(MAIN.read_text(encoding="utf-8"))
    icons = [(c.lineno, kw.value) for c in _calls(tree, "set_page_config") for kw in c.keywords
             if kw.arg == "page_icon"]
    assert len(icons) == 1, icons
    line, icon = icons[0]
    assert isinstance(icon, ast.Constant) and is_emoji(icon.value), ast.dump(icon)
    assert line < min(c.lineno for c in _calls(tree, "navigation"))


def test_the_winning_tile_is_chosen_with_a_tap(home):
    at = open_page("score_manual", "yokai-watch")
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    assert "manual_wintile" not in [s.key for s in at.selectbox]  # no drop-down (a text box on a phone)
    box = at.pills(key="manual_wintile")
    assert box.value == "yokai-03"  # the last tile that is no Almighty, as before
    assert len(box.options) == 4  # the hand's distinct tiles
    at.pills(key="manual_wintile").set_value("almighty").run()
    assert at.pills(key="manual_wintile").value == "almighty" and not at.exception
    at.segmented_control(key="manual_win").set_value("ron").run()
    assert at.pills(key="manual_wintile").value == "almighty"  # chosen for this hand: kept
    assert not at.success  # no ron on a discarded Almighty: the choice is scored


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


def test_the_event_tables_list_has_room_above_it_for_its_toolbar(home, photos):
    # session 65 (F12): the room is every table's, on every page (``common.PHONE_CSS``), not the Event page's own
    # container's (tests/app/test_table_toolbar_room_f12_65.py)
    table = '[data-testid="stElementContainer"]:has([data-testid="stDataFrame"]) { margin-top: 2rem; }'
    at = open_page("event_check", game="nogizaka", lang="ja")
    _upload(at, photos["surplus"])
    _check(at)
    assert not at.exception, [e.value for e in at.exception]
    assert at.dataframe  # the tables' list (the phones' list of the event beside the check's own: no key to clash)
    assert any(table in str(h.proto.body) and "max-width: 640px" in str(h.proto.body) for h in at.get("html"))


# A phone's browser (its user agent: Streamlit makes a drop-down of 10 choices or fewer a plain list there only)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/126.0.0.0 Mobile Safari/537.36"}


@pytest.mark.browser
@pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")
def test_no_request_leaves_the_computer_the_app_runs_on(tmp_path):
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_page(**PHONE)
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        for path in ("/score?lang=English", "/manual", "/event", "/rules", "/ledger"):
            page.goto(f"{url}{path}")
            page.wait_for_selector("[data-testid='stMainBlockContainer']", timeout=90_000)
            page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=90_000)
            page.wait_for_timeout(1_000)
            icon = page.locator("link[rel='shortcut icon']").get_attribute("href") or ""
            assert icon.startswith("data:") or urlparse(icon).hostname in (None, "127.0.0.1", "localhost"), icon
        away = [u for u in asked if urlparse(u).scheme in ("http", "https", "ws", "wss")
                and urlparse(u).hostname not in ("127.0.0.1", "localhost")]
        assert not away, away
