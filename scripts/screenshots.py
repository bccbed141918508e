"""Save a PNG of each page of the app, on a laptop-sized and a phone-sized screen, so a person can look.

    .venv/bin/python scripts/screenshots.py [--out screenshots] [--lang ja|en]

Starts the app on a free localhost port with a throw-away settings folder (a ledger with a few hands in
it), drives Debian's chromium with Playwright, and writes ``<out>/<page>-<screen>.png``.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.serve import browser, running_app  # noqa: E402

# Tall viewports: Streamlit scrolls inside its own container, so a full-page shot alone stops at the fold.
SCREENS = {"laptop": (1280, 2400), "phone": (390, 3000)}
YOKAI_HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]
WAIT_MS = 60_000


def seed_ledger(path: Path) -> None:
    """A Yokai Watch match with a few hands, so the ledger page has something to show."""
    from tilelens.ledger import Ledger

    ledger = Ledger(path)
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {0: 100}, riichi=(1,), note="基本セット")
    ledger.add_draw(m, riichi=(2, 3))
    ledger.add_win(m, 2, "tsumo", {0: 40, 1: 40, 3: 40}, note="基本セット")
    ledger.add_win(m, 2, "ron", {3: 100}, riichi=(2,), note="基本セット")


def sample_photo(folder: Path) -> Path:
    """A synthetic photo of a Yokai Watch hand on which the recognizer finds every tile, if any seed
    tried gives one (else the last one tried, to show what the page does then)."""
    import cv2

    from app.components.photo import read_image
    from vision import Recognizer
    from vision.synth import render_hand

    path = folder / "hand.jpg"
    try:
        recognizer = Recognizer.load(game="yokai-watch")
    except Exception:  # noqa: BLE001 - no model: the page will say so, which is worth a picture too
        recognizer = None
    for seed in range(12):
        image = render_hand("yokai-watch", YOKAI_HAND, seed=seed, effects=0.3).image
        if recognizer is None or len(read_image(image, (0, 0), recognizer).hand) == len(YOKAI_HAND):
            break
    cv2.imwrite(str(path), image)
    return path


OPEN_HAND = ("1m 2m 3m 4p 5p 6p 7s 8s 1z 1z 9s".split(), ["pon:555z"])  # a riichi hand with a pon laid apart


def open_hand_photo(folder: Path) -> Path:
    """A synthetic photo of ``OPEN_HAND`` whose pon the app reads as a meld, if any seed tried gives one."""
    import cv2

    from app.components.photo import photo_melds, read_image
    from vision import Recognizer
    from vision.synth import render_hand

    path = folder / "open-hand.jpg"
    tiles, melds = OPEN_HAND
    recognizer = Recognizer.load(game="tokyo-mahjong")
    for seed in range(20):
        image = render_hand("tokyo-mahjong", tiles, seed=seed, layout="flat", effects=0.3, melds=melds).image
        reading = read_image(image, (0, 0), recognizer)
        if [spec for spec, _ in photo_melds(reading, reading.hand)] == melds and len(reading.hand) == 14:
            break
    cv2.imwrite(str(path), image)
    return path


def real_photo() -> Path | None:
    """A held-out real mahjong photo of the shared Hong Kong set, if it is there."""
    from vision.hk_split import hk_root

    return next(iter(sorted((hk_root() / "images").glob("370080665_*.jpg"))), None)


def wait_ready(page) -> None:
    """Wait until Streamlit has drawn the page and finished running its script."""
    page.wait_for_selector("[data-testid='stMainBlockContainer']", timeout=WAIT_MS)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)
    page.wait_for_timeout(500)  # let images decode after the run ends


TALLEST = 16_000  # px: a page longer than this is cut there


def snap(page, target: Path) -> None:
    """Save the whole page: the viewport is made as tall as Streamlit's scrolling container's content first
    (a full-page shot alone stopped at the viewport's height: the riichi pages' results were cut off), then
    put back."""
    size = page.viewport_size
    tall = page.evaluate("""() => Math.max(...[document.body, ...document.querySelectorAll(
        "[data-testid='stMain'], [data-testid='stAppScrollToBottomContainer'], [data-testid='stAppViewContainer']")]
        .map(e => e.scrollHeight))""")
    if tall > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(tall + 40, TALLEST)})
        page.wait_for_timeout(1000)  # let the page lay itself out again at the new height
    page.screenshot(path=str(target), full_page=True)
    page.set_viewport_size(size)


def choose(page, key: str, text: str) -> None:
    """Pick the option containing ``text`` in the selectbox with ``key``."""
    page.locator(f".st-key-{key} [role='combobox']").click()
    page.get_by_role("option").filter(has_text=text).first.click()
    wait_ready(page)


def shoot(url: str, out: Path, lang: str, photo: Path) -> list[Path]:
    saved = []
    with browser() as chrome:
        warm = chrome.new_page()
        warm.goto(url)  # the first session of a fresh server registers the pages; deep links work after it
        wait_ready(warm)
        warm.close()
        for screen, (w, h) in SCREENS.items():
            page = chrome.new_page(viewport={"width": w, "height": h})
            for path, name in [("", "score_photo"), ("manual", "score_manual"), ("ledger", "ledger"),
                               ("rules", "rules"), ("event", "event_check"), ("label", "label")]:
                page.goto(f"{url}/{path}?lang={'English' if lang == 'en' else '日本語'}")
                wait_ready(page)
                if path in {"", "manual", "ledger"}:
                    choose(page, "game_id", "Yokai" if lang == "en" else "妖怪")
                if path == "":
                    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(photo))
                    page.wait_for_selector(".st-key-photo_strip, [data-testid='stAlert']", timeout=WAIT_MS)
                    wait_ready(page)
                if path == "manual":
                    for tile in YOKAI_HAND:
                        page.locator(f".st-key-manual_add_{tile} button").first.click()
                        wait_ready(page)
                if path == "ledger":  # charts and the hands grid paint after the script run ends
                    # visible ones: a phone hides the totals cards' own lines
                    page.wait_for_selector("[data-testid='stVegaLiteChart'] canvas:visible, .vega-embed:visible",
                                           timeout=WAIT_MS)
                page.wait_for_timeout(2500)
                target = out / f"{name}-{screen}.png"
                snap(page, target)
                saved.append(target)
            opened = open_hand_photo(photo.parent)  # riichi with a pon laid apart: read as a meld
            saved.append(riichi_photo_shot(page, url, lang, opened, out / f"score_photo_melds-{screen}.png"))
            real = real_photo()
            if real is not None:  # Tokyo Mahjong read from a real photo with the enrolled Hong Kong set
                saved.append(riichi_photo_shot(page, url, lang, real, out / f"score_photo_real-{screen}.png",
                                               tileset="hk-mahjong"))
            page.close()
    return saved


def riichi_photo_shot(page, url: str, lang: str, photo: Path, target: Path, tileset: str | None = None) -> Path:
    """The photo page with Tokyo Mahjong chosen (and ``tileset``), ``photo`` uploaded and read, saved."""
    page.goto(f"{url}/?lang={'English' if lang == 'en' else '日本語'}")
    wait_ready(page)
    choose(page, "game_id", "Tokyo" if lang == "en" else "東京")
    if tileset:
        choose(page, "photo_tileset", tileset)
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(photo))
    page.wait_for_selector(".st-key-photo_strip, [data-testid='stAlert']", timeout=WAIT_MS)
    wait_ready(page)
    page.wait_for_timeout(2500)
    snap(page, target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--lang", choices=["ja", "en"], default="ja")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        seed_ledger(home / "ledger.sqlite")
        photo = sample_photo(home)
        env = {"TILELENS_HOME": str(home), "TILELENS_LEDGER": str(home / "ledger.sqlite")}
        with running_app(env) as url:
            for path in shoot(url, args.out, args.lang, photo):
                print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
