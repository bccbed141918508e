"""The score page in a real browser (Debian's chromium driven by Playwright): upload a synthetic photo,
correct one tile from the picture picker, and read the score."""
from __future__ import annotations

import pytest

from app.serve import browser, chromium_path, running_app

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")]

WAIT_MS = 90_000
# The photo shows a hand one group short of a win: the last tile is a stray yokai-09. Correcting it to the
# Almighty makes three sets (01, 02, 03+Almighty): a basic win worth 100, 40 from each of three on tsumo.
PHOTO_HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


@pytest.fixture
def photo(tmp_path):
    import cv2

    from vision.synth import render_hand

    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), render_hand("yokai-watch", PHOTO_HAND, seed=5, effects=0.0).image)
    return path


@pytest.fixture
def app_url(tmp_path):
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url:
        yield url


def settle(page) -> None:
    """Wait until Streamlit is done running the script (its status widget goes away)."""
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)


def test_upload_correct_one_tile_and_read_the_score(app_url, photo):
    from playwright.sync_api import expect

    with browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 2000})
        page.goto(f"{app_url}/?lang=English")  # the language toggle is bound to the URL by its label
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        page.locator(".st-key-game_id [role='combobox']").click()
        page.get_by_role("option").filter(has_text="Yokai Watch").first.click()
        settle(page)
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(photo))
        page.wait_for_selector(".st-key-photo_tile_8", timeout=WAIT_MS)
        settle(page)
        expect(page.locator("[data-testid='stAlert']").filter(has_text="Not a win")).to_be_visible(timeout=WAIT_MS)

        page.locator(".st-key-photo_tile_8 button").click()
        page.wait_for_selector(".st-key-photo_picker", timeout=WAIT_MS)
        page.locator(".st-key-photo_pick_almighty button").click()
        win = page.locator("[data-testid='stAlert']").filter(has_text="A win!")
        expect(win).to_be_visible(timeout=WAIT_MS)
        assert "120" in win.inner_text()
        main = page.locator("[data-testid='stMainBlockContainer']").inner_text()
        assert main.count("pays 40") == 3
