"""The score page in a real browser (Debian's chromium driven by Playwright): upload a synthetic photo,
correct one tile from the picture picker, and read the score."""
from __future__ import annotations

import pytest

from app_helpers import expected_tsumo, photo_read_whole

from app.serve import browser, chromium_path, running_app

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")]

WAIT_MS = 90_000
# The photo shows a hand one group short of a win: the last tile is a stray yokai-09. Correcting it to the
# Almighty makes three sets (01, 02, 03+Almighty): a basic win, 40 from each of three on tsumo (120).
PHOTO_HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


@pytest.fixture
def photo(tmp_path):
    """The photo file and the hand the recognizer reads from it (all nine tiles found)."""
    data, read = photo_read_whole("yokai-watch", PHOTO_HAND)
    path = tmp_path / "hand.jpg"
    path.write_bytes(data)
    return path, read


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

    path, read = photo
    before, after = expected_tsumo("yokai-watch", read), expected_tsumo("yokai-watch", [*read[:8], "almighty"])

    with browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 2000})
        page.goto(f"{app_url}/?lang=English")  # the language toggle is bound to the URL by its label
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        page.locator(".st-key-game_id [role='combobox']").click()
        page.get_by_role("option").filter(has_text="Yokai Watch").first.click()
        settle(page)
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(path))
        page.wait_for_selector(".st-key-photo_tile_8", timeout=WAIT_MS)
        settle(page)
        alert = page.locator("[data-testid='stAlert']")
        expect(alert.filter(has_text="A win!" if before.winning else "Not a win")).to_be_visible(timeout=WAIT_MS)

        page.locator(".st-key-photo_tile_8 button").first.click()
        page.wait_for_selector(".st-key-photo_picker .st-key-photo_all_8", timeout=WAIT_MS)
        settle(page)
        pick = page.locator(".st-key-photo_pick_almighty button").first
        if not pick.is_visible():  # behind the likely ones: every tile is one tap further, in the expander
            page.locator(".st-key-photo_all_8 summary").click()
            expect(pick).to_be_visible(timeout=WAIT_MS)
            page.wait_for_timeout(500)  # the expander opens with an animation: tap once it stands still
        pick.click()
        assert after.winning, f"the corrected hand {read[:8]} + almighty should win"
        win = alert.filter(has_text="A win!")
        expect(win).to_be_visible(timeout=WAIT_MS)
        assert f"{after.points:,}" in win.inner_text()
        # the payments are drawn below the alert, possibly a moment later on a busy machine
        main_block = page.locator("[data-testid='stMainBlockContainer']")
        expect(main_block).to_contain_text(f"pays {after.payments[0].amount}", timeout=WAIT_MS)
        settle(page)
        main = main_block.inner_text()
        assert main.count(f"pays {after.payments[0].amount}") == len(after.payments)


def test_a_deep_link_opened_first_is_served_by_the_router(tmp_path):
    # A page folder named pages/ made Streamlit run app/pages/label.py on its own for a fresh session's first
    # request to /label: file names as page titles ("main", "score photo") and no language switch.
    from playwright.sync_api import expect

    from app.components.i18n import STRINGS

    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/label")
        nav = page.locator("[data-testid='stSidebarNav']")
        for key in ("page_score_photo", "page_label"):
            expect(nav).to_contain_text(STRINGS[key][0], timeout=WAIT_MS)
        expect(nav).not_to_contain_text("main")
        expect(page.locator("h1").first).to_have_text(STRINGS["page_label"][0], timeout=WAIT_MS)


def test_the_uploaders_speak_the_screens_language(tmp_path):
    # Streamlit writes its uploader's button and limits in English on every screen (streamlit#13500);
    # on a Japanese screen app.components.common.uploader_words draws them in Japanese instead
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    # each: the element holding Streamlit's English, its display, and the content drawn after its parent
    shown = """(root) => [["[data-testid='stFileUploaderDropzone'] [data-testid='stBaseButton-secondary'] [data-testid='stMarkdownContainer']",
                           "p", "button"],
                          ["[data-testid='stFileUploaderDropzoneInstructions'] > div", "span", "limits"]].map(
                          ([sel, child, what]) => {
        const parent = root.querySelector(sel), el = parent.querySelector(child);
        return [what, getComputedStyle(el).display, getComputedStyle(parent, "::after").content];
    })"""
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        for path, key, lang in [("/", "photo_upload", "日本語"), ("/event", "event_wall", "日本語"),
                                ("/", "photo_upload", "English")]:
            page.goto(f"{url}{path}?lang={lang}")
            page.wait_for_selector(f".st-key-{key} [data-testid='stFileUploaderDropzone']", timeout=WAIT_MS)
            settle(page)
            got = page.locator(f".st-key-{key}").evaluate(shown)
            if lang == "English":  # Streamlit's own words, untouched
                assert "none" not in [shown for _, shown, _ in got] and [c for *_, c in got] == ["none", "none"], got
                continue
            # the English words taken out (display: none, so a screen reader skips them too: session 53)
            assert [shown for _, shown, _ in got] == ["none", "none"], got
            assert got[0][2] == '"選ぶ"'
            limits = got[1][2]
            assert limits.startswith('"1ファイル40MBまで'), limits  # .streamlit/config.toml: maxUploadSize 40
            # the event page says the photo types once in its caption, not in each seat's uploader (session 52)
            assert "JPG" not in limits, limits


def test_the_camera_speaks_japanese_before_and_after_a_photo(tmp_path):
    # the camera input's button and its request for the camera (app.components.common.camera_words);
    # Chromium's fake camera stands in for a phone's, so a photo can be taken
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    drawn = """(root) => [["[data-testid='stCameraInputButton']", "::after"],
                          ["[data-testid='stCameraInputButton'] span", "::after"],
                          ["[data-testid='stCameraInputWebcamComponent'] p", "::before"]].map(([sel, where]) => {
        const el = root.querySelector(sel);
        return el ? getComputedStyle(el, where).content : null;
    })"""
    fake = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
    with running_app(env, timeout_s=120) as url:
        for args, permissions in [([], []), (fake, ["camera"])]:
            with browser(args) as chrome:
                page = chrome.new_context(permissions=permissions, viewport={"width": 1280, "height": 900}).new_page()
                page.goto(f"{url}/?lang=日本語")
                page.wait_for_selector(".st-key-photo_upload", timeout=WAIT_MS)
                page.get_by_role("tab").nth(1).click()
                button = page.locator("[data-testid='stCameraInputButton']")
                button.wait_for(timeout=WAIT_MS)
                camera = page.locator(".st-key-photo_camera")
                if not args:  # no camera to use: it asks for one, in Japanese
                    page.wait_for_selector("[data-testid='stCameraInputWebcamComponent'] p", timeout=WAIT_MS)
                    assert camera.evaluate(drawn) == ['"撮影する"', None, '"カメラの使用を許可してください。"']
                    assert button.evaluate("e => getComputedStyle(e).fontSize") == "0px"  # "Take Photo" takes no room
                    continue
                page.wait_for_function("() => { const v = document.querySelector('.st-key-photo_camera video');"
                                       " return v && v.readyState >= 2; }", timeout=WAIT_MS)  # frames are coming
                assert camera.evaluate(drawn)[0] == '"撮影する"'
                button.click()
                page.wait_for_selector(".st-key-photo_camera [data-testid='stCameraInput'] img", state="attached",
                                       timeout=WAIT_MS)
                # the photo's img can be attached a frame before the button turns into "Clear photo": wait for it
                page.wait_for_function("() => { const s = document.querySelector("
                                       "\".st-key-photo_camera [data-testid='stCameraInputButton'] span\");"
                                       " return s && getComputedStyle(s, '::after').content !== 'none'; }",
                                       timeout=WAIT_MS)
                assert camera.evaluate(drawn)[:2] == ["none", '"撮り直す"']  # "Clear photo", beside its icon


def test_every_page_address_opens_its_page(tmp_path):
    # The score page was the router's default page, and Streamlit serves the default page at "/" only:
    # its own address /score, bookmarked or shared, showed "Page not found".
    from playwright.sync_api import expect

    from app.components.i18n import STRINGS

    addresses = {"/": "page_score_photo", "/score": "page_score_photo", "/manual": "page_score_manual",
                 "/ledger": "page_ledger", "/rules": "page_rules", "/event": "page_event", "/label": "page_label"}
    env = {"TILELENS_HOME": str(tmp_path / "home"), "TILELENS_LEDGER": str(tmp_path / "ledger.sqlite")}
    with running_app(env, timeout_s=120) as url, browser() as chrome:
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        for path, key in addresses.items():
            page.goto(f"{url}{path}?lang=English&match=3")
            expect(page.locator("h1").first).to_have_text(STRINGS[key][1], timeout=WAIT_MS)
            settle(page)
            assert page.get_by_text("Page not found").count() == 0, path
            if path != "/":  # the address stays the one opened, parameters and all
                assert page.url == f"{url}{path}?lang=English&match=3", (path, page.url)
            else:  # the score page's own address, the match kept (the language is kept by the session)
                assert page.url.startswith(f"{url}/score?") and "match=3" in page.url, page.url


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
# For every palette button: its words split across two lines, and its lines wider than the button.
def whole_grid(page, grid: str, tiles: int = 80) -> None:
    """Wait until the grid ``grid`` holds a whole game's tiles: on a loaded machine the status widget may be
    gone (or not yet there) while the browser is still drawing the grid's buttons (60 of them were measured)."""
    page.wait_for_function(f"document.querySelectorAll({grid + ' .stButton p'!r}).length >= {tiles}",
                           timeout=WAIT_MS)
    settle(page)


PALETTE_LINES = """(grid) => {
    const split = [], wrapped = [], overflow = [];
    const buttons = grid.querySelectorAll('.stButton p');
    for (const p of buttons) {
        if (p.scrollWidth > p.clientWidth + 1 || p.closest('button').scrollWidth > p.closest('button').clientWidth + 1)
            overflow.push(p.innerText);
        const node = p.firstChild, text = node.textContent, range = document.createRange();
        const lines = (from, to) => { range.setStart(node, from); range.setEnd(node, to);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; };
        if (lines(0, text.length) > 1) wrapped.push(text);
        let at = 0;
        for (const word of text.split(/[ \u200b]/)) {  // a space, or a zero-width space between a name's words
            if (word && lines(at, at + word.length) > 1) split.push(word);
            at += word.length + 1;
        }
    }
    return {count: buttons.length, split, wrapped, overflow};
}"""


def test_palette_names_wrap_between_words_on_a_phone(app_url):
    # On a phone the palette's English names broke inside a word ("Shimamur / a Uzuki"): Streamlit's
    # markdown in a button breaks words anywhere, and the button's padding left 62 px for a name.
    # Japanese names have no spaces: they still wrap, inside the button.
    with browser() as chrome:
        page = chrome.new_context(**PHONE).new_page()
        for lang, game in [("English", "Cinderella"), ("日本語", "シンデレラ")]:
            page.goto(f"{app_url}/manual?lang={lang}")
            page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
            page.locator(".st-key-game_id [role='combobox']").click()
            page.get_by_role("option").filter(has_text=game).first.click()
            whole_grid(page, ".st-key-manual_add_grid")
            got = page.locator(".st-key-manual_add_grid").evaluate(PALETTE_LINES)
            assert got["count"] >= 80 and got["overflow"] == [], (lang, got)
            if lang == "English":
                assert got["split"] == [], got
                assert "Uzuki Shimamura" in got["wrapped"]  # two lines, one word each
                # the picker a tap on a tile of the hand opens has the same names: the same wrapping
                page.locator(".st-key-manual_add_grid .stButton button").first.click()
                tile = page.locator(".st-key-manual_tile_0 button:visible")
                tile.first.wait_for(timeout=WAIT_MS)
                tile.first.click()
                whole_grid(page, ".st-key-manual_pick_grid")
                picked = page.locator(".st-key-manual_pick_grid").evaluate(PALETTE_LINES)
                assert picked["count"] >= 80 and picked["split"] == [] and picked["overflow"] == [], picked
            else:
                # between a name's words only (app.components.common.phrase_breaks, session 53: 「宮本フレデ/リカ」)
                assert got["split"] == [] and any("フレデリカ" in w for w in got["wrapped"]), got
