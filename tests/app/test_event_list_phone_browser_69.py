"""The Event page's table list on a 390 px phone in Japanese, in a real browser (Debian's chromium driven by Playwright):
a table with tiles to confirm said 「要確認の牌があります」 in its verdict's column, which took the list 31 px past the
screen's width, its last column (参考) cut to 「参」; on a laptop the list still fills its width."""
from __future__ import annotations

import pytest
from app_helpers import event_support

from app.serve import browser, chromium_path, running_app
from tilelens.event import CheckOptions, check_event

NO_CHROMIUM = "chromium is not installed (apt-get install chromium)"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(chromium_path() is None, reason=NO_CHROMIUM)]

WAIT_MS = 90_000
support = event_support()
# each list: its width on the page, and the width its columns take (the grid scrolls sideways where they take more)
LISTS = """() => [...document.querySelectorAll('[data-testid=stDataFrame]')].map(d => {
  const grid = d.querySelector('.dvn-scroller');
  return {shown: grid.clientWidth, needed: grid.scrollWidth, right: d.getBoundingClientRect().right}; })"""


def settle(page) -> None:
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)


def _event(tmp_path):
    """An event of three tables checked into ``EVENT/_report``: in order, tiles to confirm, not in order."""
    reader = support.ExactReader()
    event = tmp_path / "event"
    support.make_table(reader, event, "table-01", support.CLEAN)
    support.make_table(reader, event, "table-02", support.CLEAN, conf={"2": {0: 0.5}})
    support.make_table(reader, event, "table-03", dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]}))
    out = event / "_report"
    check_event(event, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    return out


def test_the_table_list_fits_a_phone_in_japanese_and_fills_a_laptop(home, tmp_path):
    out = _event(tmp_path)
    env = {"TILELENS_HOME": str(home / "home"), "TILELENS_LEDGER": str(home / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        for width, phone in ((390, True), (1280, False)):
            context = chrome.new_context(viewport={"width": width, "height": 844}, is_mobile=phone, has_touch=phone)
            page = context.new_page()
            page.goto(f"{url}/event")  # the app opens in Japanese
            page.wait_for_selector("h1", timeout=WAIT_MS)
            settle(page)
            page.get_by_role("tab", name="レポートを見る").click()
            folder = page.locator(".st-key-event_folder input")
            folder.fill(str(out))
            folder.press("Enter")
            page.wait_for_selector("[data-testid='stDataFrame'] .dvn-scroller", timeout=WAIT_MS)
            settle(page)
            (listed,) = page.evaluate(LISTS)
            assert listed["needed"] <= listed["shown"] and listed["right"] <= width, (width, listed)
            if not phone:  # the laptop's list as wide as the page's column, not shrunk to its words
                assert listed["shown"] > 600, listed
            context.close()
