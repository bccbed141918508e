"""The photo page on a phone: a new photo's options as the browser shows and sends them, a small photo's notices, and
the result line on the first screen.

A new photo forgets the last hand's own options (``options.forget_hand_options``). A box whose value was dropped
from the session was drawn at its default while the browser kept showing the old hand's tick or text, and sent it
back on the next tap: the "last tile" and "robbed kan" ticks and the typed melds of one riichi photo scored the
next (its 14 tiles said to be 11 beside that meld), and Yokai Watch's "dealt tenpai" let the next hand win without the
riichi it needed. A photo smaller than the reader looks at said so twice (the photo too small, then its tiles
small), and with a note about one tile the result line was pushed off a 390 x 844 phone's first screen."""
from __future__ import annotations

import cv2
import pytest
from app_helpers import open_page, photo_read_whole
from test_browser import PHONE
from test_phone_layout_68 import WAIT_MS, app_url, choose_game, open_fold, settle  # noqa: F401 - a fixture

from app.serve import browser, chromium_path

no_chromium = pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")

TOKYO_FIRST = ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5z", "5z", "5z"]
TOKYO_NEXT = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "1z", "1z", "5z", "5z", "5z"]
YOKAI_FIRST = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3  # each a win at the page's default options
YOKAI_NEXT = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-09"] * 3
CINDERELLA = ["yuuki-haru", "honda-mio", "nataaria", "moroboshi-kirari", "futaba-anzu", "jougasaki-mika",
              "jougasaki-rika", "tada-riina", "maekawa-miku"]  # a win: Live Start!


def small_photo(game_id: str, tiles: list[str], seed: int, span: tuple[float, float] | None = None) -> bytes:
    """A clean synthetic photo 384 px square (a chat app's copy): smaller than the reader looks at, its tiles small."""
    from vision.synth import render_hand

    ok, buf = cv2.imencode(".jpg", render_hand(game_id, tiles, seed=seed, imgsz=384, effects=0.0, span=span).image)
    assert ok
    return buf.tobytes()


def open_page_of(chrome, url: str, lang: str, game: str):
    """A phone's page on the photo page of ``game``, its screen in ``lang``."""
    page = chrome.new_context(**PHONE).new_page()
    choose_game(page, url, "", lang, game)
    return page


def upload(page, path, changed: str) -> None:
    """The photo at ``path`` sent; returns once its hand is shown (the strip's tile keyed ``changed``, one the last
    photo read as another, drawn anew)."""
    from playwright.sync_api import expect

    tile = page.locator(f".st-key-{changed} button").first
    before = tile.text_content() if tile.count() else None
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(path))
    page.wait_for_selector(f".st-key-{changed}", timeout=WAIT_MS)
    if before is not None:
        expect(tile).not_to_have_text(before, timeout=WAIT_MS)
    settle(page)


def tick(page, key: str) -> None:
    page.locator(f".st-key-{key} label").first.click()
    settle(page)


def summary(page) -> str:
    return page.locator(".st-key-photo_summary").inner_text()


@pytest.mark.browser
@no_chromium
def test_a_new_riichi_photo_shows_and_scores_no_situation_or_meld_of_the_last(app_url, tmp_path):
    from playwright.sync_api import expect

    photos = []
    for i, tiles in enumerate((TOKYO_FIRST, TOKYO_NEXT)):
        data, read = photo_read_whole("tokyo-mahjong", tiles)
        assert read == tiles, read
        photos.append(tmp_path / f"hand-{i}.jpg")
        photos[-1].write_bytes(data)
    with browser() as chrome:
        page = open_page_of(chrome, app_url, "English", "Tokyo")
        upload(page, photos[0], "photo_tile_6")  # 7s, then 6s
        open_fold(page, "photo_options_fold", ".st-key-photo_melds input")
        open_fold(page, "photo_more", ".st-key-photo_last_tile label")
        tick(page, "photo_last_tile")  # Houtei: the hand is won by ron, the page's default
        tick(page, "photo_chankan")
        melds = page.locator(".st-key-photo_melds input").first
        melds.fill("pon 777z")
        melds.press("Enter")
        settle(page)
        assert "Houtei" in page.locator("[data-testid=stMain]").inner_text()

        upload(page, photos[1], "photo_tile_6")
        open_fold(page, "photo_more", ".st-key-photo_last_tile label")
        for _ in range(2):  # shown afresh, and still so after another tap (another run: what the browser sends back)
            expect(page.locator(".st-key-photo_last_tile input")).not_to_be_checked()
            expect(page.locator(".st-key-photo_chankan input")).not_to_be_checked()
            expect(page.locator(".st-key-photo_melds input")).to_have_value("")
            said = summary(page)
            assert "A win!" in said and "Houtei" not in said and "Chankan" not in said, said
            tick(page, "photo_riichi")


@pytest.mark.browser
@no_chromium
def test_a_new_photo_unticks_dealt_tenpai_in_the_browser_too(app_url, tmp_path):
    """Yokai Watch's "dealt tenpai" wins without riichi: ticked for the last hand, it is no longer the next hand's,
    whose win, riichi unticked, is refused for want of one."""
    from playwright.sync_api import expect

    photos = []
    for i, tiles in enumerate((YOKAI_FIRST, YOKAI_NEXT)):
        data, read = photo_read_whole("yokai-watch", tiles)
        assert sorted(read) == sorted(tiles), read
        photos.append(tmp_path / f"hand-{i}.jpg")
        photos[-1].write_bytes(data)
    with browser() as chrome:
        page = open_page_of(chrome, app_url, "English", "Yokai Watch")
        upload(page, photos[0], "photo_tile_8")
        open_fold(page, "photo_options_fold", ".st-key-photo_dealt_tenpai label")
        tick(page, "photo_riichi")  # unticked: won by the deal alone
        tick(page, "photo_dealt_tenpai")
        assert "A win!" in summary(page), summary(page)

        upload(page, photos[1], "photo_tile_8")
        expect(page.locator(".st-key-photo_dealt_tenpai input")).not_to_be_checked()
        tick(page, "photo_riichi")  # a new hand starts ticked: unticked, its win needs the riichi
        expect(page.locator(".st-key-photo_dealt_tenpai input")).not_to_be_checked()
        assert "A win!" not in summary(page), summary(page)


@pytest.mark.parametrize("lang, size, tiles_small", [
    ("en", "This photo is only 384×384 pixels", "The tiles are small in this photo"),
    ("ja", "写真が小さすぎて (384×384ピクセル)、牌を確かに読めません", "写真の中の牌が小さく"),
])
def test_a_small_photo_says_its_size_in_one_notice(home, lang, size, tiles_small):
    at = open_page("score_photo", "yokai-watch", lang)
    at.file_uploader(key="photo_upload").set_value(("small.jpg", small_photo("yokai-watch", YOKAI_FIRST, 0),
                                                    "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    reading = at.session_state["photo_reading"]
    assert reading.small_photo and reading.small_tiles and reading.hand  # the two causes, one the other's
    said = [e.value for e in (*at.warning, *at.info)]
    assert len([s for s in said if size in s]) == 1, said
    assert not [s for s in said if tiles_small in s], said


@pytest.mark.browser
@no_chromium
@pytest.mark.parametrize("lang, game", [("日本語", "シンデレラ"), ("English", "Cinderella")])
def test_the_result_line_stays_on_a_phones_first_screen_above_a_small_photos_notices(app_url, tmp_path, lang, game):
    """A small photo of a hand reaching the photo's edges: the photo's size, the tile at its edge, and the result line
    (a win resting on a tile read unsurely says so first) all on the first screen of a 390 x 844 phone."""
    photo = tmp_path / "small.jpg"
    photo.write_bytes(small_photo("cinderella-neo", CINDERELLA, 6, span=(0.99, 1.0)))
    with browser() as chrome:
        page = open_page_of(chrome, app_url, lang, game)
        upload(page, photo, "photo_tile_8")
        page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
        page.wait_for_timeout(300)
        line = page.locator(".st-key-photo_summary").bounding_box()
        assert line is not None and line["y"] + line["height"] <= 844, line
        alerts = [a.inner_text() for a in page.locator("[data-testid=stAlert]").all()]
        assert len([a for a in alerts if "384×384" in a]) == 1, alerts
        assert [a for a in alerts if "edge" in a or "端" in a], alerts  # its note too: what pushed the line off


def test_the_list_separator_is_written_once():
    from app.components import label_words, result

    assert label_words.list_sep is result.list_sep
