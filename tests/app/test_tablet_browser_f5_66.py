"""The app on an upright iPad in a real browser (Debian's chromium driven by Playwright; W10 of session 66: 820x1180, a
finger its pointer): the Event page's seats' x ("Remove ...") whole, 40 px and tappable inside each 110 px seat; the
Win control inside its column, not scrolled; a checkbox's row and the "?" 40 px."""
from __future__ import annotations

import pytest
from app_helpers import synthetic

from app.serve import browser, chromium_path, running_app

NO_CHROMIUM = "chromium is not installed (apt-get install chromium)"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(chromium_path() is None, reason=NO_CHROMIUM)]

WAIT_MS = 90_000
HAND = ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z", "5z"]
CHIP_XS = """() => [...document.querySelectorAll('[data-testid=stFileChipDeleteBtn] button')].map(b => {
  b.scrollIntoView({block: 'center'});
  const r = b.getBoundingClientRect(), box = b.closest('[data-testid=stFileUploader]').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {w: r.width, h: r.height, inside: r.left >= box.left && r.right <= box.right,
          hit: !!hit && b.contains(hit)}; })"""


def settle(page) -> None:
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)


def test_an_upright_tablet_gets_finger_sized_controls_that_fit_their_columns(tmp_path):
    photo = tmp_path / "seat.jpg"
    photo.write_bytes(synthetic("tokyo-mahjong", HAND))
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_context(viewport={"width": 820, "height": 1180}, has_touch=True).new_page()
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        page.goto(f"{url}/event?lang=English")
        page.wait_for_selector("h1", timeout=WAIT_MS)
        settle(page)
        uploaders = page.locator("[data-testid='stFileUploader'] [data-testid='stFileUploaderDropzoneInput']")
        for seat in range(4):
            uploaders.nth(seat).set_input_files(str(photo))
            settle(page)
        xs = page.evaluate(CHIP_XS)
        assert len(xs) == 4 and all(x["w"] >= 40 and x["h"] >= 40 and x["inside"] and x["hit"] for x in xs), xs

        page.goto(f"{url}/manual?lang=English")
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        settle(page)
        page.locator(".st-key-game_id [role='combobox']").click()
        page.get_by_role("option").filter(has_text="Tokyo").first.click()
        settle(page)
        if not page.locator(".st-key-manual_typed input").is_visible():
            page.locator(".st-key-manual_type_fold summary").click()
        page.locator(".st-key-manual_typed input").fill("234m456p789s11z555z")
        page.keyboard.press("Enter")
        page.wait_for_selector("input[aria-label='Riichi']", state="attached", timeout=WAIT_MS)
        settle(page)
        win = page.evaluate("""() => { const g = document.querySelector('.st-key-manual_win [role=radiogroup]');
          const col = g.closest('[data-testid=stColumn]').getBoundingClientRect();
          return {sw: g.scrollWidth, cw: g.clientWidth, right: Math.max(...[...g.querySelectorAll('button')]
            .map(b => b.getBoundingClientRect().right)), col: col.right}; }""")
        assert win["sw"] <= win["cw"] and win["right"] <= win["col"] + 1, win
        riichi = page.locator("[data-testid='stCheckbox'] label").filter(has_text="Riichi").first.bounding_box()
        helps = page.locator("[data-testid='stTooltipIcon'] [data-testid='stTooltipHoverTarget'] > button")
        assert riichi["height"] >= 40 and helps.count(), riichi
        assert all(b["width"] >= 40 and b["height"] >= 40 for b in (h.bounding_box() for h in helps.all()))
