"""Every page's own address (``/score``, ``/ledger``, ...) opens that page: people share and bookmark them.

AppTest cannot open an address, so the address is resolved the way Streamlit resolves a fresh session's
first request (``PagesManager``: the page whose ``url_pathname`` is the address) over the pages the router
registered. The browser test (test_browser.py) opens the addresses themselves."""
from pathlib import Path

import pytest
from app_helpers import MAIN
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

ADDRESSES = {"score": "score_photo", "manual": "score_manual", "ledger": "ledger", "rules": "rules",
             "event": "event_check", "label": "label"}


def resolve(at: AppTest, address: str) -> str | None:
    """The page file (``views/<name>.py``'s name) Streamlit runs for ``/<address>``, None: "Page not found"."""
    pages = at._registered_pages
    manager = PagesManager(str(MAIN))
    manager.set_script_intent("", address)
    found = manager.set_pages_and_resolve(pages)
    return Path(found["script_path"]).stem if found and found.get("script_path") else None


@pytest.fixture
def app(home):
    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("address", ADDRESSES)
def test_each_page_address_opens_its_page(app, address):
    assert resolve(app, address) == ADDRESSES[address]


def test_the_app_root_opens_the_score_page_keeping_the_address_parameters(home):
    # ``/`` sends the browser on to ``/score``: the match and the language the address names are kept
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["match"] = "7"
    at.query_params["lang"] = "English"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Score a photo" and at.query_params.get("match") == "7"
