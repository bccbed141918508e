"""The Label page in a real browser (Debian's Chromium driven by Playwright): select a box, change its
tile from the picture picker, draw a new box, and find both in the label file; then the Delete and
Enter shortcuts."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, load_done, write_yolo

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (apt install chromium)"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url: str, proc: subprocess.Popen, limit_s: float = 90) -> None:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError("streamlit did not start")


@pytest.fixture
def dataset(tmp_path):
    root = tmp_path / "ds"
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (400, 300), (60, 130, 80)).save(root / "images/train/a.jpg")
    boxes = (Box("1m", (0.1, 0.1, 0.3, 0.5)),)
    write_yolo(Dataset(("1m", "2m", "7z"), (LabelledImage("images/train/a.jpg", (400, 300), boxes),),
                       "tokyo-mahjong"), root)
    return root


@pytest.fixture
def app_url(dataset, tmp_path):
    port = _free_port()
    env = dict(os.environ, TILELENS_LABEL_DIR=str(dataset), TILELENS_HOME=str(tmp_path / "home"),
               TILELENS_LEDGER=str(tmp_path / "ledger.sqlite"), PYTHONPATH=str(REPO))
    log = open(tmp_path / "streamlit.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(REPO / "app/main.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--browser.gatherUsageStats", "false",
                             "--server.fileWatcherType", "none"],
                            cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def _lines(root: Path) -> list[str]:
    return (root / "labels/train/a.txt").read_text().splitlines()


def _eventually(check, limit_s: float = 30):
    """Poll ``check`` until it returns something truthy (the page saves on its own schedule)."""
    end = time.monotonic() + limit_s
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.2)


def test_change_a_kind_and_draw_a_box_in_the_browser(app_url, dataset):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(app_url + "/label")
            svg = page.locator('svg[data-photo="images/train/a.jpg"]')
            svg.wait_for(timeout=60_000)
            page.locator("rect.tl-box").first.wait_for()
            area = svg.bounding_box()

            def at(fx: float, fy: float) -> tuple[float, float]:
                return area["x"] + fx * area["width"], area["y"] + fy * area["height"]

            # Click inside the proposed box to select it, then give it another tile from the pictures.
            page.mouse.click(*at(0.2, 0.3))
            page.locator(".st-key-label_pick_7z button").first.click(timeout=30_000)
            assert _eventually(lambda: _lines(dataset)[0].startswith("2 ")), _lines(dataset)

            # Drag out a box over a missed tile, once the page shows the change.
            page.locator('rect.tl-box[data-kind="7z"]').wait_for(timeout=30_000)
            area = svg.bounding_box()
            page.mouse.move(*at(0.6, 0.5))
            page.mouse.down()
            page.mouse.move(*at(0.7, 0.6), steps=4)
            page.mouse.move(*at(0.8, 0.9), steps=4)
            page.mouse.up()
            assert _eventually(lambda: len(_lines(dataset)) == 2), _lines(dataset)
            fields = [float(v) for v in _lines(dataset)[1].split()]
            assert fields[1:] == pytest.approx([0.7, 0.7, 0.2, 0.4], abs=0.02)
            assert _lines(dataset)[0].startswith("2 ")  # the first change is still there
            page.locator("rect.tl-box").nth(1).wait_for(timeout=30_000)

            # Keyboard: the new box is selected, Delete removes it; Enter accepts the photo.
            page.locator(".st-key-label_delete button").first.wait_for(timeout=30_000)
            page.keyboard.press("Delete")
            assert _eventually(lambda: len(_lines(dataset)) == 1), _lines(dataset)
            page.locator("rect.tl-box").nth(1).wait_for(state="detached", timeout=30_000)
            page.keyboard.press("Enter")
            assert _eventually(lambda: load_done(dataset) == {"images/train/a.jpg"})
        finally:
            browser.close()


def test_a_box_dragged_while_the_last_one_is_saved_is_kept(app_url, dataset):
    # Draw one box and at once start dragging the next: the rerun that saves the first brings new boxes to
    # the page mid-drag, and the second box must not be thrown away with the old drawing.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(app_url + "/label")
            svg = page.locator('svg[data-photo="images/train/a.jpg"]')
            svg.wait_for(timeout=60_000)
            page.locator("rect.tl-box").first.wait_for()
            area = svg.bounding_box()

            def at(fx: float, fy: float) -> tuple[float, float]:
                return area["x"] + fx * area["width"], area["y"] + fy * area["height"]

            page.mouse.move(*at(0.5, 0.1))
            page.mouse.down()
            page.mouse.move(*at(0.6, 0.3), steps=3)
            page.mouse.up()
            page.mouse.move(*at(0.7, 0.5))
            page.mouse.down()
            page.mouse.move(*at(0.75, 0.6), steps=2)
            assert _eventually(lambda: len(_lines(dataset)) == 2), _lines(dataset)  # the first box is saved
            page.wait_for_timeout(2000)  # and its rerun reaches the page while the mouse is still down
            page.mouse.move(*at(0.9, 0.9), steps=3)
            page.mouse.up()
            assert _eventually(lambda: len(_lines(dataset)) == 3), _lines(dataset)
            fields = [float(v) for v in _lines(dataset)[2].split()]
            assert fields[1:] == pytest.approx([0.8, 0.7, 0.2, 0.4], abs=0.02)
            page.locator("rect.tl-box").nth(2).wait_for(timeout=30_000)  # drawn once the drag is over
        finally:
            browser.close()
