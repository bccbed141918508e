"""The photo page's ledger box on the next photo, in a real browser (Debian's chromium driven by Playwright, a phone):
the winner and discarder of the hand just recorded are forgotten in the boxes as well. A browser keeps the choice it
was last sent and sends it back on the next run: the Winner box still showed the last hand's winner while the page
asked for one, and the next tap on anything (the win kind) made that player this hand's winner, one tap from
recording it."""
from __future__ import annotations

import pytest
from app_helpers import photo_read_whole

from app.serve import browser, chromium_path, running_app

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")]

WAIT_MS = 90_000
FIRST = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3  # each a win at the page's default options
NEXT = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-09"] * 3


def settle(page) -> None:
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)
    page.wait_for_timeout(300)


def choose(page, key: str, name: str) -> None:
    page.locator(f".st-key-{key} [role='combobox']").tap()
    page.get_by_role("option").filter(has_text=name).first.tap()
    settle(page)


def win_kind(page, words: str) -> None:
    page.locator(".st-key-photo_ledger_win button").filter(has_text=words).tap()
    settle(page)


def test_a_new_photo_shows_no_winner_nor_discarder_and_a_tap_chooses_none(tmp_path):
    from playwright.sync_api import expect

    from tilelens.ledger import Ledger

    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    photos = []
    for i, tiles in enumerate((FIRST, NEXT)):
        data, read = photo_read_whole("yokai-watch", tiles)
        assert sorted(read) == sorted(tiles), read  # each read as the win it is
        photos.append(tmp_path / f"hand-{i}.jpg")
        photos[-1].write_bytes(data)
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
        page.goto(f"{url}/?lang=English")
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        settle(page)
        choose(page, "game_id", "Yokai Watch")
        upload = page.locator("[data-testid='stFileUploaderDropzoneInput']")
        upload.set_input_files(str(photos[0]))
        page.wait_for_selector(".st-key-photo_winner [role='combobox']", timeout=WAIT_MS)
        settle(page)
        win_kind(page, "Ron")
        choose(page, "photo_winner", "Bo")
        choose(page, "photo_discarder", "Cy")
        page.locator(".st-key-photo_add_ledger button").tap()
        settle(page)
        assert [(h.winner, h.win_kind) for h in ledger.hands(match)] == [(1, "ron")]

        last = page.locator(".st-key-photo_tile_8 button").first
        before = last.text_content()
        upload.set_input_files(str(photos[1]))
        expect(last).not_to_have_text(before, timeout=WAIT_MS)  # the new hand shown
        settle(page)
        winner = page.locator(".st-key-photo_winner input")
        expect(winner).to_have_value("")
        win_kind(page, "Ron")  # another run: what the browser sends back chooses nobody
        expect(winner).to_have_value("")
        expect(page.locator(".st-key-photo_discarder input")).to_have_value("")
        assert "To record:" not in page.locator("[data-testid='stMain']").inner_text()
        expect(page.locator(".st-key-photo_add_ledger button")).to_be_disabled()  # nobody chosen: nothing to add
