"""Tile pickers on a phone, and the Likely row at a table without red fives.

On a 390 px phone the own discards' (and the ura dora's, the dora's) picker sits in a fold inside a fold, 256 px wide:
its 76 px cells laid three a row, 37 tiles 13 rows deep; four a row now, each cell still a finger's 44 px or more. The
Likely row's "As read: 2 Man" (「読んだまま: 二萬」) broke over two lines in its 88 px cell: one line now, uncut. A
tile's Likely row at a table without red fives offered the red five the classifier named (0m), a tile the table does
not play: it offers that five plain (5m), as the scorer reads it there."""
from __future__ import annotations

import pytest
from app_helpers import no_red_table, photo_read_whole
from test_browser import PALETTE_LINES, PHONE
from test_likely_row_67 import likely_offered, photo_picker

from app.components.tiles import likely_row
from app.serve import browser, chromium_path, running_app

WAIT_MS = 90_000
HAND = ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z", "5z"]
no_chromium = pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")

# The cells of a grid (``tiles.tile_grid``'s wrappers): how many each row holds, and the narrowest's width
ROWS = """(grid) => { const rows = {}, widths = [];
  for (const cell of grid.querySelectorAll(':scope > [data-testid=stLayoutWrapper]')) {
    const r = cell.getBoundingClientRect(); const top = Math.round(r.top);
    rows[top] = (rows[top] || 0) + 1; widths.push(r.width); }
  return {rows: Object.values(rows), narrowest: Math.min(...widths)}; }"""
# The words of the Likely row's button that starts with ``start``: its text, its lines, and whether it is cut
AS_READ = """(grid, start) => { const p = [...grid.querySelectorAll('.stButton p')]
    .find(p => p.innerText.startsWith(start));
  if (!p) return null;
  const range = document.createRange(); range.selectNodeContents(p);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  const button = p.closest('button');
  const cut = p.scrollWidth > p.clientWidth + 1 || button.scrollWidth > button.clientWidth + 1;
  return {text: p.innerText, lines, cut};
}"""


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The app served once for this file's browser tests."""
    home = tmp_path_factory.mktemp("phone")
    env = {"TILELENS_HOME": str(home / "home"), "TILELENS_LEDGER": str(home / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url:
        yield url


def settle(page) -> None:
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)


def choose_game(page, url: str, path: str, lang: str, game: str) -> None:
    page.goto(f"{url}/{path}?lang={lang}")
    page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
    settle(page)
    page.locator(".st-key-game_id [role='combobox']").click()
    page.get_by_role("option").filter(has_text=game).first.click()
    settle(page)


def open_fold(page, fold: str, inside: str, tries: int = 3) -> None:
    """The fold keyed ``fold`` opened, until ``inside`` shows: a tap while the page is still being drawn after the
    last run (a game chosen, a hand typed) can land on a fold drawn again closed; a person taps again."""
    for _ in range(tries):
        settle(page)
        if page.locator(inside).first.is_visible():
            return
        page.locator(f".st-key-{fold} summary").first.click()
        page.wait_for_timeout(500)


@pytest.mark.browser
@no_chromium
@pytest.mark.parametrize("lang, game", [("English", "Tokyo"), ("日本語", "東京")])
def test_the_own_discards_picker_lays_four_finger_sized_tiles_a_row_on_a_phone(app_url, lang, game):
    with browser() as chrome:
        page = chrome.new_context(**PHONE).new_page()
        choose_game(page, app_url, "manual", lang, game)
        open_fold(page, "manual_type_fold", ".st-key-manual_typed input")
        page.locator(".st-key-manual_typed input").fill("234m456p789s11z555z")
        page.keyboard.press("Enter")
        page.wait_for_selector(".st-key-manual_more summary", timeout=WAIT_MS)
        open_fold(page, "manual_more", ".st-key-manual_discards_fold summary")
        open_fold(page, "manual_discards_fold", ".st-key-manual_discards_add_grid")
        grid = page.locator(".st-key-manual_discards_add_grid")
        names = "document.querySelectorAll('.st-key-manual_discards_add_grid .stButton p').length"
        page.wait_for_function(f"{names} >= 37", timeout=WAIT_MS)
        settle(page)
        got = grid.evaluate(ROWS)
        assert sum(got["rows"]) == 37 and got["rows"][:-1] == [4] * 9, got  # three a row before: 13 rows
        assert got["narrowest"] >= 44, got
        names = grid.evaluate(PALETTE_LINES)  # the tiles' names whole in the narrower cells, inside their buttons
        assert names["count"] == 37 and names["split"] == [] and names["overflow"] == [], names
        # the palette, in a single fold, keeps its 76 px cells four a row
        assert page.locator(".st-key-manual_add_grid").evaluate(ROWS)["narrowest"] == pytest.approx(76, abs=0.5)


@pytest.mark.browser
@no_chromium
@pytest.mark.parametrize("lang, game, start", [("English", "Tokyo", "As read: "), ("日本語", "東京", "読んだまま: ")])
def test_the_as_read_button_says_its_words_on_one_line_on_a_phone(app_url, tmp_path, lang, game, start):
    data, _ = photo_read_whole("tokyo-mahjong", HAND)
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(data)
    with browser() as chrome:
        page = chrome.new_context(**PHONE).new_page()
        choose_game(page, app_url, "", lang, game)
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(photo))
        page.wait_for_selector(".st-key-photo_tile_0", timeout=WAIT_MS)
        settle(page)
        # tile 1 changed to a Likely tile, then opened again: the tile as read is offered first, "As read: ..."
        page.locator(".st-key-photo_tile_0 button:visible").first.click()
        page.wait_for_selector(".st-key-photo_alt_grid", timeout=WAIT_MS)
        settle(page)
        page.locator(".st-key-photo_alt_grid .stButton button:visible").first.click()
        page.wait_for_selector(".st-key-photo_picker", state="detached", timeout=WAIT_MS)
        settle(page)
        page.locator(".st-key-photo_tile_0 button:visible").first.click()
        page.wait_for_selector(".st-key-photo_alt_grid", timeout=WAIT_MS)
        settle(page)
        said = page.locator(".st-key-photo_alt_grid").evaluate(AS_READ, start)
        assert said is not None and said["text"].startswith(start), said
        assert said["lines"] == 1 and not said["cut"], said


def test_a_red_five_is_offered_plain_at_a_table_without_red_fives():
    assert likely_row("6m", "0p", (), ["0m", "7m", "0s"], red_fives=False) == ["5p", "5m", "7m", "5s"]
    assert likely_row("5m", None, (), ["0m", "7m"], red_fives=False) == ["7m"]  # its plain five is the tile itself
    assert likely_row("6m", "0p", (), ["0m", "7m"]) == ["0p", "0m", "7m"]  # a table with red fives: as before


TILES = ["6m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]


def test_the_likely_row_offers_no_red_five_at_a_table_without_them(home):
    no_red_table(home)
    # tile 1 read as a red five, changed since to a 6m; the classifier's other kinds, a red five among them
    at = photo_picker(TILES, ["0m", *TILES[1:]], {"7m": 0.3, "0p": 0.2, "8m": 0.05})
    offered = likely_offered(at)
    assert not [k for k in offered if k.startswith("0")], offered
    assert offered == ["5m", "7m", "5p", "8m"], offered
    assert at.button(key="photo_alt_5m").label.startswith("As read: 5 Man"), at.button(key="photo_alt_5m").label
    at.button(key="photo_alt_5p").click().run()
    assert at.session_state["photo_tiles"][0] == "5p"


def test_the_likely_row_offers_a_red_five_at_a_table_with_them(home):
    at = photo_picker(TILES, ["0m", *TILES[1:]], {"7m": 0.3, "0p": 0.2, "8m": 0.05})
    assert likely_offered(at) == ["0m", "7m", "0p", "8m"]


@pytest.mark.browser
@no_chromium
def test_the_meld_builders_tiles_lie_four_a_row_on_a_phone(app_url):
    """"Add a meld by tapping a tile" laid its 34 tiles two a row on a phone, 17 rows (2,124 px) deep, where the
    palette and the dora and discards pickers lay four."""
    with browser() as chrome:
        page = chrome.new_context(**PHONE).new_page()
        choose_game(page, app_url, "manual", "English", "Tokyo")
        open_fold(page, "manual_type_fold", ".st-key-manual_typed input")
        page.locator(".st-key-manual_typed input").fill("234m456p789s11z555z")
        page.keyboard.press("Enter")
        if not page.locator(".st-key-manual_meld_builder summary").first.is_visible():
            open_fold(page, "manual_options_fold", ".st-key-manual_meld_builder summary")
        open_fold(page, "manual_meld_builder", ".st-key-manual_meld_grid")
        grid = page.locator(".st-key-manual_meld_grid")
        settle(page)
        got = grid.evaluate(ROWS)
        assert got["rows"][0] == 4 and max(got["rows"]) == 4, got
        assert got["narrowest"] >= 44, got
