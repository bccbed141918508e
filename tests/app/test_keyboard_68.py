"""The tile picker and the Label page with the keyboard alone. A pick in the picker (Space on a tile) closed it and the
browser dropped the focus to the page body: the next Tab began far below the hand. The strip's tile takes the focus
back, and a person who moved on meanwhile keeps theirs. On the Label page a new box could only be dragged out with a
mouse: "Add a box" puts one on the photo, selected, for the nudge buttons or Shift+arrows to move; and the boxes over
the photo are named for a screen reader as the photo is."""
from __future__ import annotations

import doctest
from contextlib import contextmanager
from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app.components import box_editor as editor
from app.components import label_panels
from app.components.label_nav import NUDGE, SEL_KEY
from app.components.tiles import focus_script
from app.serve import browser, chromium_path, running_app
from app_helpers import label_dataset, open_page, type_hand
from label_phone_helpers import from_address

laptop = label_phone.laptop
needs_chromium = pytest.mark.skipif(chromium_path() is None,
                                    reason="chromium is not installed (apt-get install chromium)")
WAIT_MS = 120_000
HAND = "123m456p789s111z55z"


# ---- the picker: the strip's tile is told to take the focus once the picker has closed ------------------------------
def _focus_scripts(at) -> list[str]:
    return [h.proto.body for h in at.get("html") if "focus(" in h.proto.body]


@pytest.mark.parametrize("close, tile", [("manual_pick_4p", 3), ("manual_cancel", 3), ("manual_remove", 3)])
def test_the_strips_tile_takes_the_focus_once_after_the_picker_closes(home, close, tile):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), HAND)
    at.button(key="manual_tile_3").click().run()
    assert at.get("html") and not _focus_scripts(at)  # none while the picker is open
    at.button(key=close).click().run()
    assert not at.exception, [e.value for e in at.exception]
    # the tile picked, the one put back, or the one that took the removed tile's place (the 4th still)
    assert [s for s in _focus_scripts(at) if f'".st-key-manual_tile_{tile} button"' in s], _focus_scripts(at)
    at.run()
    assert not _focus_scripts(at)  # once: a later run leaves the focus where the person put it


def test_removing_the_last_tile_gives_the_focus_to_the_tile_before_it(home):
    at = type_hand(open_page("score_manual", "tokyo-mahjong"), HAND)
    at.button(key="manual_tile_13").click().run()
    at.button(key="manual_remove").click().run()
    assert [s for s in _focus_scripts(at) if '".st-key-manual_tile_12 button"' in s], _focus_scripts(at)


# ---- the Label page: "Add a box" -------------------------------------------------------------------------------------
def _lines(root: Path, stem: str) -> list[list[float]]:
    label = root / "labels" / "train" / f"{stem}.txt"
    return [[float(v) for v in line.split()] for line in label.read_text().splitlines()] if label.exists() else []


def _said(at) -> str:
    return "\n".join(m.value for m in [*at.warning, *at.error, *at.info, *at.success])


def test_new_box_place_doctests():
    result = doctest.testmod(label_panels)
    assert result.attempted > 0 and result.failed == 0


def test_add_a_box_beside_the_last_box_selected_and_nudged(laptop, monkeypatch):
    root = label_phone.dataset()  # a.jpg: 1m at 0.1-0.3, 2m at 0.4-0.6 across, both 0.1-0.5 down
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    assert at.button(key="label_add_box").label == "Add a box"
    at.button(key="label_add_box").click().run()
    assert not at.exception, [e.value for e in at.exception]
    lines = _lines(root, "a")
    # as large as the last box, a tenth of its width right of it, of its kind (2m: class 1)
    assert len(lines) == 3 and lines[2] == pytest.approx([1, 0.72, 0.3, 0.2, 0.4], abs=1e-4)
    assert at.session_state[SEL_KEY] == 2
    at.button(key="label_nudge_→").click().run()  # the new box is the one the panel moves
    assert _lines(root, "a")[2][1] == pytest.approx(0.72 + NUDGE, abs=1e-4)
    assert _lines(root, "a")[:2] == lines[:2]


def test_add_a_box_on_a_photo_without_boxes_puts_a_tile_in_the_middle(laptop, monkeypatch):
    root = label_phone.dataset()  # b.jpg: 160 x 120, no box
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("ja", dataset="club-photos", photo="images/train/b.jpg")
    assert at.button(key="label_add_box").label == "枠を追加"
    at.button(key="label_add_box").click().run()
    assert not at.exception, [e.value for e in at.exception]
    # the dataset's first kind, a tile 0.06 of the photo wide and 4/3 of that high (in pixels) in the middle
    (line,) = _lines(root, "b")
    assert line == pytest.approx([0, 0.5, 0.5, 0.06, 0.06 * 4 / 3 * 160 / 120], abs=1e-4)
    assert at.session_state[SEL_KEY] == 0


def test_add_a_box_on_a_photo_that_cannot_be_read_says_why_and_adds_none(laptop, monkeypatch):
    root = label_phone.dataset()
    (root / "images/train/b.jpg").write_bytes(b"not a photo")
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos", photo="images/train/b.jpg")
    at.button(key="label_add_box").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "The boxes were not saved" in _said(at) and "b.jpg" in _said(at), _said(at)
    assert _lines(root, "b") == [] and at.session_state[SEL_KEY] is None


@pytest.mark.parametrize("last", [(0.1, 0.2, 0.103, 0.4), (0.1, 0.2, 0.2, 0.2002), (0.5, 0.998, 0.6, 1.0),
                                  (0.1, -0.05, 0.2, 0.002), (0.997, 0.3, 1.0, 0.301)],
                         ids=["narrow", "flat", "at-the-bottom", "partly-above-the-photo", "a-speck-at-the-right"])
def test_a_box_beside_one_too_small_to_keep_is_large_enough_to_keep_and_on_the_photo(last):
    """A label file may hold a box smaller than a drawn box may be (another tool's, one partly off the photo): the box
    added beside it is of the smallest size kept, inside the photo, so the button adds it."""
    from tilelens.labelling import Box, editing

    placed = label_panels.new_box_place([last], (400, 300))
    x1, y1, x2, y2 = placed
    assert 0 <= x1 and x2 <= 1 and 0 <= y1 and y2 <= 1, placed
    assert x2 - x1 >= editing.MIN_SIDE and y2 - y1 >= editing.MIN_SIDE, placed
    assert len(editing.add_box((Box("1m", last),), Box("1m", placed))) == 2


def test_add_a_box_beside_a_box_too_small_to_keep_adds_one(laptop, monkeypatch):
    root = label_phone.dataset()
    label = root / "labels" / "train" / "a.txt"
    label.write_text("0 0.2 0.3 0.2 0.4\n1 0.5 0.3 0.003 0.4\n")  # its last box 0.003 of the photo wide
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_add_box").click().run()
    assert not at.exception, [e.value for e in at.exception]
    lines = _lines(root, "a")
    assert len(lines) == 3 and lines[2][0] == 1 and lines[2][3] >= 0.005 and lines[2][4] == pytest.approx(0.4)
    assert at.session_state[SEL_KEY] == 2


# ---- in a real browser -----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """One app for the browser tests: the Label page opens a small dataset (a.jpg with two boxes)."""
    tmp = tmp_path_factory.mktemp("keys")
    root = label_dataset(tmp / "ds", label_phone.PHOTOS)
    env = {"TILELENS_LABEL_DIR": str(root), "TILELENS_HOME": str(tmp / "home"),
           "TILELENS_LEDGER": str(tmp / "ledger.sqlite")}
    with running_app(env, timeout_s=180) as url:
        yield url, root


def _settle(page) -> None:
    """No script run in flight (twice: a run that starts shows its indicator only after a moment)."""
    for _ in range(2):
        page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=WAIT_MS)
        page.wait_for_timeout(400)


FOCUSED_IN = "(key) => !!(document.activeElement && document.activeElement.closest('.st-key-' + key))"


@contextmanager
def _opened(url: str, path: str, width: int, height: int):
    """A page of the app at ``path`` in English, in a real browser of ``width`` x ``height``."""
    with browser() as chrome:
        page = chrome.new_page(viewport={"width": width, "height": height})
        page.goto(f"{url}/{path}?lang=English")
        yield page


@pytest.mark.browser
@needs_chromium
def test_a_pick_with_the_keyboard_leaves_the_focus_on_the_tile_picked(app_url):
    url, _root = app_url
    with _opened(url, "manual", 1280, 900) as page:
        page.wait_for_selector(".st-key-game_id [role='combobox']", timeout=WAIT_MS)
        page.locator(".st-key-game_id [role='combobox']").click()
        page.get_by_role("option").filter(has_text="Tokyo Mahjong").first.click()
        _settle(page)
        page.locator(".st-key-manual_type_fold summary").click()  # the box to type a hand in, folded
        page.locator(".st-key-manual_typed input").fill(HAND)
        page.get_by_role("button", name="Use this hand").click()
        page.wait_for_selector(".st-key-manual_tile_13", timeout=WAIT_MS)
        _settle(page)
        page.locator(".st-key-manual_tile_3 button").first.focus()
        page.keyboard.press("Enter")
        pick = page.locator(".st-key-manual_pick_4p button").first
        pick.wait_for(timeout=WAIT_MS)
        _settle(page)
        pick.focus()
        page.keyboard.press("Space")
        page.wait_for_selector(".st-key-manual_picker", state="detached", timeout=WAIT_MS)
        _settle(page)
        assert "4" in page.locator(".st-key-manual_tile_3 button").first.inner_text()  # 4 Pin now
        page.wait_for_function(FOCUSED_IN, arg="manual_tile_3", timeout=15_000)
        page.keyboard.press("Tab")  # on from there: the next tile of the hand
        assert page.evaluate(FOCUSED_IN, "manual_tile_4")


# A picker and a strip's tile as the page draws them, to try the focus script on without the app.
PICKER_PAGE = """<div class="st-key-p_tile_2"><button>3</button></div>
<div class="st-key-p_picker"><button id="pick">4 Pin</button></div><input id="other"><p style="height: 400px">x</p>"""


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("moved", [None, "focus", "click"], ids=["lost", "tabbed-on", "clicked-on"])
def test_the_focus_script_leaves_a_person_who_moved_on_where_they_are(moved):
    with browser() as chrome:
        page = chrome.new_page()
        page.set_content(PICKER_PAGE)
        page.focus("#pick")
        page.add_script_tag(content=focus_script("p", 2))
        page.wait_for_timeout(200)
        assert page.evaluate("document.activeElement.id") == "pick"  # not while the picker is there
        if moved == "focus":
            page.focus("#other")
        elif moved == "click":
            page.mouse.click(5, 300)  # on the page's text: the focus to the body
        page.evaluate("document.querySelector('.st-key-p_picker').remove()")
        page.wait_for_timeout(300)
        focused = page.evaluate(FOCUSED_IN, "p_tile_2")
        assert focused == (moved is None)
        if moved == "focus":
            assert page.evaluate("document.activeElement.id") == "other"


@pytest.mark.browser
@needs_chromium
def test_add_a_box_and_move_it_with_the_keyboard_and_the_photo_is_named(app_url):
    url, root = app_url
    with _opened(url, "label", 1400, 1000) as page:
        svg = page.locator('svg[data-photo="images/train/a.jpg"]')
        svg.wait_for(timeout=WAIT_MS)
        page.locator("rect.tl-box").first.wait_for(timeout=WAIT_MS)
        _settle(page)
        # the boxes named as the photo is ("Photo 1/2 (a.jpg): 2 boxes drawn"), the photo under them said once
        alt = page.locator(".tl-editor img").get_attribute("alt")
        assert alt and svg.get_attribute("role") == "img" and svg.get_attribute("aria-label") == alt
        assert page.locator(".tl-editor img").get_attribute("aria-hidden") == "true"
        page.locator(".st-key-label_add_box button:visible").first.focus()
        page.keyboard.press("Enter")
        page.locator('rect.tl-box.sel[data-index="2"]').wait_for(timeout=WAIT_MS)
        assert len(_lines(root, "a")) == 3 and _lines(root, "a")[2][1] == pytest.approx(0.72, abs=1e-4)
        assert "3 boxes" in svg.get_attribute("aria-label")
        _settle(page)
        page.keyboard.press("Shift+ArrowRight")  # the focus still on "Add a box": the editor takes the key
        page.locator('rect.tl-box.sel[data-index="2"]').wait_for(timeout=WAIT_MS)
        for _try in range(150):  # saved on the page's next run
            if _lines(root, "a")[2][1] > 0.72 + NUDGE / 2:
                break
            page.wait_for_timeout(200)
        assert _lines(root, "a")[2][1] == pytest.approx(0.72 + NUDGE, abs=1e-4)
