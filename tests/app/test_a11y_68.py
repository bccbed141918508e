"""Faults a walk of the app in a real browser found for a screen reader, a language switch and a weak eye: an event
crop's text names a riichi tile as the report's own page names it ("East wind", not "1z"); the Tile set box says its
choice in the language switched to (the browser kept the words it was first sent); a tile's coloured box shows on a
felt of its own colour (a light halo under its line), an event thumbnail's box keeping its double or dashed line."""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_helpers import open_page  # noqa: E402

from app.serve import browser, chromium_path, running_app  # noqa: E402
from tilelens.event.model import Severity  # noqa: E402

RED_FELT = (150, 50, 40)  # the red felt of the synthetic photos (``vision.synth.background``), RGB
WHITE = (255, 255, 255)


# --- an event crop's text -------------------------------------------------------------------------------------------

TILES = [{"seat": "1", "index": 8, "kind": "1z"}, {"seat": 2, "index": 0, "kind": "0p"},
         {"seat": "3", "index": 1, "kind": "", "is_back": True}, {"seat": "wall", "index": 0, "kind": "zz"}]


@pytest.mark.parametrize("shown, said", [
    ("en", ["Seat 1, tile 9: East wind", "Seat 2, tile 1: Red 5 Pin", "Seat 3, tile 2: back",
            "Remaining wall, tile 1: zz"]),
    ("ja", ["1番席 9枚目: 東", "2番席 1枚目: 赤五筒", "3番席 2枚目: 裏向き", "残りの山 1枚目: zz"]),
])
def test_an_event_crop_names_a_riichi_tile_in_the_screens_language(monkeypatch, shown, said):
    from app.components import event_table_view, i18n

    monkeypatch.setattr(i18n, "lang", lambda: shown)
    monkeypatch.setattr(event_table_view, "lang", lambda: shown)
    assert event_table_view.crop_alts(TILES, {"game": "tokyo-mahjong"}) == said


@pytest.mark.parametrize("shown", ["en", "ja"])
def test_an_event_crop_is_named_as_the_reports_page_names_it(monkeypatch, shown):
    from app.components import event_table_view, i18n
    from tilelens.event.model import Finding, FindingKind, TileRef
    from tilelens.event.report import findings_table

    monkeypatch.setattr(i18n, "lang", lambda: shown)
    monkeypatch.setattr(event_table_view, "lang", lambda: shown)
    kinds = ["1z", "7z", "0s", "9m"]
    refs = tuple(TileRef("1", i, kind, (0, 0, 10, 10), 0.4) for i, kind in enumerate(kinds))
    html = findings_table((Finding(FindingKind.UNSURE_TILE, "unsure", ("1",), refs),),
                          {f"crops/seat1-t{i + 1:02d}.jpg": b"x" for i in range(4)}, "tokyo-mahjong", shown)
    page = re.findall(r'alt="tile read as ([^"]+)"' if shown == "en" else r'alt="([^"]+)と読んだ牌"', html)
    app = [alt.partition(": ")[2] for alt in event_table_view.crop_alts(
        [{"seat": "1", "index": i, "kind": kind} for i, kind in enumerate(kinds)], {"game": "tokyo-mahjong"})]
    assert app == page and len(page) == 4 and "1z" not in page, (app, page)


def test_a_hand_edited_tiles_kind_is_said_as_written():
    from app.components.event_table_view import crop_alts

    alts = crop_alts([{"seat": 1, "index": 0, "kind": ["x"]}, {"seat": 1, "index": 1, "kind": 5}], {"game": 3})
    assert [a.partition(": ")[2] for a in alts] == ["['x']", "5"], alts


# --- the Tile set box after a language switch ------------------------------------------------------------------------

@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))


@pytest.mark.parametrize("page, key", [("event_check", "event_tileset"), ("score_photo", "photo_tileset")])
def test_the_tile_set_box_is_sent_its_choice_in_the_language_switched_to(home, page, key):
    at = open_page(page, game="tokyo-mahjong", lang="ja")
    at.session_state["lang"] = "en"
    at.run()
    box = at.selectbox(key=key).proto  # what the browser is told to show, not only the options it lists
    assert box.set_value and box.raw_value == "The Tokyo Mahjong (riichi) model", box
    at.selectbox(key=key).set_value("hk-mahjong").run()
    at.session_state["lang"] = "ja"
    at.run()
    box = at.selectbox(key=key).proto
    assert box.set_value and box.raw_value == "香港麻雀の牌セット (hk-mahjong)", box
    at.selectbox(key=key).set_value(None).run()  # back to the game's own model: read with no set
    assert not at.exception and not at.selectbox(key=key).value
    assert at.selectbox(key=key).proto.raw_value == "東京麻雀のモデル"


WAIT_MS = 90_000


@contextmanager
def tokyo_in_japanese(tmp_path, path: str):
    """The app served on its own home, a laptop's page ``path`` opened in Japanese with Tokyo Mahjong chosen: the
    page, and ``settle()``, which waits out the run a click started."""
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})

        def settle():
            page.wait_for_timeout(200)
            page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)
            page.wait_for_timeout(300)

        page.goto(f"{url}/{path}?lang=日本語")
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        page.locator(".st-key-game_id [role='combobox']").click()
        page.get_by_role("option").filter(has_text="東京麻雀").first.click()
        settle()
        yield page, settle


@pytest.mark.browser
@pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("path, key", [("event", "event_tileset"), ("", "photo_tileset")])
def test_the_tile_set_box_says_its_choice_in_the_language_switched_to_in_a_browser(tmp_path, path, key):
    from playwright.sync_api import expect

    with tokyo_in_japanese(tmp_path, path) as (page, settle):
        def switch(to: str, said: str) -> None:
            page.locator("[data-testid='stSidebar']").get_by_text(to).click()
            settle()  # and then the box's words polled: a loaded machine draws the page again a little later
            expect(page.locator(f".st-key-{key} input")).to_have_value(said, timeout=WAIT_MS)

        assert page.locator(f".st-key-{key} input").input_value() == "東京麻雀のモデル"
        switch("English", "The Tokyo Mahjong (riichi) model")
        switch("日本語", "東京麻雀のモデル")


# --- a box's line on a felt of its colour ----------------------------------------------------------------------------

def test_a_doubtful_tiles_red_box_is_edged_in_white_on_a_red_felt():
    from app.components.photo import DOUBTFUL_RED, SURE_GREEN, PhotoTile, boxed

    felt = np.empty((200, 300, 3), np.uint8)
    felt[:] = RED_FELT
    tiles = (PhotoTile((20, 80, 80, 180), "a", 0.99), PhotoTile((150, 80, 210, 180), "b", 0.2))
    out = np.asarray(boxed(felt, tiles, ["A", "B"]))
    width = 2  # ``boxed``'s line on a photo 300 px wide
    for (x0, _, _, _), colour in zip((t.xyxy for t in tiles), (SURE_GREEN, DOUBTFUL_RED)):
        row = [tuple(int(v) for v in out[130, x]) for x in range(x0 - 2, x0 + width + 2)]
        # felt, white, the line, white, the tile's face (felt here): the line edged on both sides
        assert row == [RED_FELT, WHITE, *[colour] * width, WHITE, RED_FELT], row


def _strip(marks: dict[int, Severity]):
    """A thumbnail of three tiles on the red felt, flagged as ``marks`` says, and each tile's box on it."""
    from tilelens.event import images
    from tilelens.event.model import TileRef

    photo = np.empty((300, 600, 3), np.uint8)
    photo[:] = RED_FELT[::-1]  # BGR, as the check reads a photo
    # the hand's part of the photo is all of it (a tile's margin each side), drawn 480 px wide: at 0.8, whole pixels
    tiles = tuple(TileRef("1", i, "1m", (100 + 150 * i, 100, 200 + 150 * i, 200), 0.9) for i in range(3))
    thumb = np.asarray(images.thumbnail(images.to_pil(photo), marks, tiles)).astype(int)
    assert thumb.shape[:2] == (240, images.THUMB_WIDTH)
    return thumb, [[round(v * 0.8) for v in t.xyxy] for t in tiles]


def _is(pixels: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    return np.all(np.abs(pixels - colour) <= 2, axis=-1)


def test_a_flagged_thumbnail_box_keeps_its_line_and_is_edged_in_white():
    from tilelens.event.images import COLOURS

    thumb, boxes = _strip({0: Severity.ERROR, 1: Severity.REVIEW, 2: Severity.NOTICE})
    # error: two lines across its left side, each with white either side; notice: one
    for i, severity, lines in ((0, Severity.ERROR, 2), (2, Severity.NOTICE, 1)):
        x1, y1, x2, y2 = boxes[i]
        row = thumb[(y1 + y2) // 2, x1 - 4:x1 + 14]
        steps = np.diff(np.concatenate([[0], _is(row, COLOURS[severity]).astype(int), [0]]))
        starts, ends = np.flatnonzero(steps == 1), np.flatnonzero(steps == -1)  # each line's first and past its last
        assert len(starts) == lines, row
        white = _is(row, WHITE)
        assert all(white[start - 1] and white[end] for start, end in zip(starts, ends)), row
    # review: its left side still dashed, the felt showing between the dashes, each dash edged in white beside it
    x1, y1, x2, y2 = boxes[1]
    side = thumb[y1 + 8:y2 - 8, x1 + 1]
    dash = _is(side, COLOURS[Severity.REVIEW])
    assert dash.any() and _is(side, RED_FELT).any(), side
    assert _is(thumb[y1 + 8:y2 - 8, x1 - 1][dash], WHITE).all()

