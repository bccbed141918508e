"""The Label page on a tablet (session 67, measured in chromium): beside an upright iPad's sidebar
(820x1180) the photo was a 285 px column beside a 187 px box panel, on its side (1180x820) 424 px; its columns are laid
one under the other where the photo's would be under ``EDITOR_MIN_W`` (the photo then as wide as the page), a laptop's
kept side by side. On any finger's screen, each tile picture's hidden Fullscreen button lay over the picker button of
the row above it: a tap on "9 Sou" opened a full-screen 1 Sou and the box kept its kind; and the list of boxes a
finger picks one from named a box whose tile was changed by its old tile."""
from __future__ import annotations

import time

import pytest
from app_helpers import label_page_dataset, open_page
from PIL import Image

from app.components.common import stacked_columns_css
from app.serve import browser, chromium_path, running_app
from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

NO_CHROMIUM = "chromium is not installed (apt-get install chromium)"
WAIT_MS = 90_000


def html_bodies(at) -> str:
    return "\n".join(e.proto.body for e in at.main.get("html"))


def test_columns_stack_where_the_first_would_be_narrower_than_asked():
    """Streamlit gives a column of ``f`` of the row ``f`` of it less the gap, and the gap shared out: 3 : 2 with a
    16 px gap is ``0.6 w - 8``; under 440 px where the row is under 746.67 px."""
    css = stacked_columns_css("work", (3, 2), 440)
    assert ".st-key-work { container: work / inline-size; }" in css
    assert "@container work (width < 746.67px)" in css
    row = '.st-key-work > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"]'
    assert f"{row} {{ flex-wrap: wrap; }}" in css
    assert f'{row} > [data-testid="stColumn"] {{ min-width: 100% !important; flex: 1 1 100% !important; }}' in css


def test_the_label_page_stacks_its_photo_and_box_panel_and_its_pictures_have_no_toolbar(tmp_path, monkeypatch, home):
    label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label")
    at.button(key="label_next_box").click().run()
    assert at.button(key="label_pick_3m")  # the picker is drawn
    css = html_bodies(at)
    assert stacked_columns_css("label_work", (3, 2), 440) in css  # views/label.py's LABEL_COLUMNS, EDITOR_MIN_W
    assert '[class*="st-key-label_picker"] [data-testid="stElementToolbar"] { display: none; }' in css
    assert not at.exception


# ---- in a real browser (Debian's chromium driven by Playwright)

KINDS = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p")


@pytest.fixture
def dataset(tmp_path):
    """A 800 x 600 photo with one 1m box (0.1-0.3 x 0.1-0.5) in a dataset of eighteen kinds (the picker's rows)."""
    root = tmp_path / "ds"
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (800, 600), (60, 130, 80)).save(root / "images/train/a.jpg")
    write_yolo(Dataset(KINDS, (LabelledImage("images/train/a.jpg", (800, 600), (Box("1m", (0.1, 0.1, 0.3, 0.5)),)),),
                       "tokyo-mahjong"), root)
    return root


def _first_line(root) -> str:
    return (root / "labels/train/a.txt").read_text().splitlines()[0]


def _eventually(check, limit_s: float = 30):
    end = time.monotonic() + limit_s
    while not (value := check()) and time.monotonic() < end:
        time.sleep(0.2)
    return value


def _idle(page) -> None:
    for _ in range(2):
        page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)
        page.wait_for_timeout(400)


COLUMNS_JS = """() => { const host = document.querySelector('.st-key-label_editor');
  const cols = [...host.closest('[data-testid=stHorizontalBlock]').children].filter(c => c.dataset.testid === 'stColumn')
    .map(c => c.getBoundingClientRect());
  return {photo: cols[0].width, panel_left: cols[1].left, photo_left: cols[0].left, photo_bottom: cols[0].bottom,
          panel_top: cols[1].top}; }"""


def _open(chrome, url: str, width: int, height: int, touch: bool):
    page = chrome.new_context(viewport={"width": width, "height": height}, has_touch=touch).new_page()
    page.goto(url + "/label?lang=English")
    svg = page.locator('svg[data-photo="images/train/a.jpg"]')
    svg.wait_for(timeout=WAIT_MS)
    page.locator("rect.tl-box").first.wait_for()
    _idle(page)
    return page, svg


@pytest.mark.browser
@pytest.mark.skipif(chromium_path() is None, reason=NO_CHROMIUM)
def test_an_upright_tablet_gets_the_photo_as_wide_as_the_page_and_changes_a_kind_by_taps(dataset, tmp_path):
    env = {"TILELENS_LABEL_DIR": str(dataset), "TILELENS_HOME": str(tmp_path / "home"),
           "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page, svg = _open(chrome, url, 820, 1180, touch=True)
        cols = page.evaluate(COLUMNS_JS)
        assert cols["photo"] >= 480 and svg.bounding_box()["width"] == pytest.approx(cols["photo"], abs=1), cols
        assert cols["panel_left"] == pytest.approx(cols["photo_left"], abs=1), cols  # under it, not beside it
        assert cols["panel_top"] >= cols["photo_bottom"], cols
        svg.evaluate("e => e.scrollIntoView({block: 'start'})")
        box = page.locator("rect.tl-box").first.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.locator("rect.tl-box.sel").wait_for(timeout=30_000)
        _idle(page)
        # a picture with one under it: that one's hidden Fullscreen button lay over this button
        pick = page.locator(".st-key-label_pick_2m button").locator("visible=true").first
        pick.scroll_into_view_if_needed()
        pick.tap(timeout=15_000)
        assert _eventually(lambda: _first_line(dataset).startswith("1 ")), _first_line(dataset)
        _idle(page)  # the list of boxes names the box by its new tile (it kept "Box 1: 1 Man", its options new)
        listed = page.locator("[class*='st-key-label_box_pick_'] input").locator("visible=true").first
        assert _eventually(lambda: listed.input_value() == "Box 1: 2 Man", 10), listed.input_value()

        page, svg = _open(chrome, url, 1280, 800, touch=False)  # a laptop: as it was, side by side
        cols = page.evaluate(COLUMNS_JS)
        assert cols["photo"] >= 480 and cols["panel_left"] >= cols["photo_left"] + cols["photo"], cols
