"""The hand strip on a phone in a real browser (Debian's chromium driven by Playwright, W1 of session 65): "Tap a tile
to correct it", and a tap on the tile's picture opens its picker (only the number button under it did), as a tap on a
Likely tile's picture picks it."""
from __future__ import annotations

import pytest
from app_helpers import photo_read_whole

from app.serve import browser, chromium_path, running_app

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")]

WAIT_MS = 90_000
HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


def settle(page) -> None:
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)


def tap_centre(page, locator) -> None:
    locator.scroll_into_view_if_needed()  # a tap off the screen lands nowhere (a Likely row of six: two rows on a phone)
    box = locator.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_until(page, locator, done, tries: int = 3) -> None:
    """Tap ``locator``'s centre until ``done()`` (a Playwright ``expect``) holds: on a loaded machine a tap can land
    while the page is still being drawn after the last run (``settle`` may look before that run began), and is
    lost; a person taps again. The last try's failure is raised."""
    from playwright.sync_api import Error

    for attempt in range(tries):
        settle(page)
        page.mouse.move(1, 1)  # off any button: a tooltip a tap left showing (a tile's name) goes, not covering it
        tap_centre(page, locator)
        try:
            done(WAIT_MS // tries if attempt < tries - 1 else WAIT_MS)
            return
        except (AssertionError, Error):
            if attempt == tries - 1:
                raise


def test_a_tap_on_a_tiles_picture_opens_its_picker_on_a_phone(tmp_path):
    from playwright.sync_api import expect

    data, read = photo_read_whole("yokai-watch", HAND)
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(data)
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, has_touch=True,
                                  is_mobile=True).new_page()
        page.goto(f"{url}/?lang=English")
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        page.locator(".st-key-game_id [role='combobox']").tap()
        page.get_by_role("option").filter(has_text="Yokai Watch").first.tap()
        settle(page)
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(photo))
        page.wait_for_selector(".st-key-photo_tile_8", timeout=WAIT_MS)
        settle(page)
        picture = page.locator(".st-key-photo_cell_8 [data-testid='stImage'] img").first
        picture.scroll_into_view_if_needed()
        tap_until(page, picture, lambda ms: expect(page.locator(".st-key-photo_picker")).to_be_visible(timeout=ms))
        settle(page)
        likely = page.locator(".st-key-photo_alt_grid [data-testid='stImage'] img")
        # a Likely tile's picture picks it, as its name's button does: the last of the row (its first may be the
        # tile as read, which picks nothing new)
        if likely.count() > 1:
            before = page.locator(".st-key-photo_tile_8 button").first.text_content()
            tap_until(page, likely.last,
                      lambda ms: expect(page.locator(".st-key-photo_picker")).to_have_count(0, timeout=ms))
            settle(page)
            after = page.locator(".st-key-photo_tile_8 button").first.text_content()
            assert after != before
