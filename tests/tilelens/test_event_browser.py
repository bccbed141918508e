"""The HTML reports of an event check, opened in a real Chromium: flagged tiles are shown as images."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_event_support import CLEAN, ExactReader, make_table
from tilelens.event import CheckOptions, check_event

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("event")
    reader = ExactReader()
    make_table(reader, root / "event", "clean", CLEAN)
    make_table(reader, root / "event", "unsure", CLEAN, conf={"2": {1: 0.25}})
    make_table(reader, root / "event", "surplus", dict(CLEAN, **{s: ["kotoko"] * 2 + CLEAN[s][:-2] for s in "1234"}))
    out = root / "report"
    check_event(root / "event", out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                progress=False)
    return out


@pytest.fixture(scope="module")
def page():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        yield browser.new_page()
        browser.close()


def loaded_images(page, selector: str) -> list[int]:
    """Natural widths of the images matching ``selector`` (0 for an image that did not load)."""
    return page.eval_on_selector_all(selector, "els => els.map(e => e.complete ? e.naturalWidth : 0)")


def test_table_page_shows_the_unsure_tile_with_its_crop(page, report):
    page.goto((report / "unsure" / "index.html").as_uri())
    assert page.locator("[data-verdict]").inner_text() == "tiles to confirm / 要確認の牌があります"
    row = page.locator('tr[data-finding="unsure-tile"]')
    assert row.count() == 1 and row.is_visible()
    assert "Seat 2, tile 2" in row.inner_text()
    widths = loaded_images(page, 'tr[data-finding="unsure-tile"] img')
    assert len(widths) == 1 and widths[0] > 0
    # every seat's photo is shown, the unsure tile boxed on it
    assert all(w > 0 for w in loaded_images(page, ".seats img")) and page.locator(".seats img").count() == 4


def test_table_page_shows_every_surplus_tile(page, report):
    page.goto((report / "surplus" / "index.html").as_uri())
    assert page.locator("[data-verdict]").inner_text() == "not in order / 問題あり"
    crops = page.locator('tr[data-finding="surplus"] img[data-kind="kotoko"]')
    assert crops.count() == 9
    assert all(w > 0 for w in loaded_images(page, 'tr[data-finding="surplus"] img'))
    assert page.locator('tr[data-finding="surplus"]').is_visible()


def test_event_page_lists_tables_and_links_to_them(page, report):
    page.goto((report / "index.html").as_uri())
    assert "1 of 3 tables in order" in page.locator("h1").inner_text()
    assert page.locator('section[data-table="surplus"] tr[data-finding="surplus"] img').count() == 9
    assert all(w > 0 for w in loaded_images(page, "section img"))
    page.click('tr[data-table="unsure"] a')  # the table's row (the line above the list links to its findings)
    assert page.url.endswith("/unsure/index.html")
    assert page.locator('tr[data-finding="unsure-tile"]').count() == 1
