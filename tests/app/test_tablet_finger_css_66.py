"""The app on a tablet (W10 of session 66: an iPad, 820x1180 upright and 1180x820 on its side, a finger its pointer).

- Every finger-sized rule was for a narrow screen only (``max-width: 640px``): on the iPad a checkbox was 13 px, the
  "?" 16, the uploader's x 14, Tsumo/Ron 32 tall. The sizes now go by ``(max-width: 640px), (pointer: coarse)``; what
  is laid out for a narrow screen (columns two a row, less room above the page) stays by the width alone.
- The Event page's four seats (110 px columns): a photo's chip ran past its box, its x cut off. The Win segmented
  control (249 px in a 219 px column) scrolled sideways, "Tsumo" shown as "umo". Both fit their column at any width.
- The hand strip's tile was said twice by a screen reader (its picture "2 Man", then its button "1, 2 Man"): the
  picture is left unnamed beside its button, as the palette's are; a tiara tile's picture says only its tiara (the
  button does not, and the crown badge is an icon a screen reader skips)."""
from __future__ import annotations

import re

import pytest
from app_helpers import open_page, read_as

from app.components import common, ledger_view, tiles
from app.components.common import COLUMN_FIT_CSS, FINGER, NARROW, PHONE_CSS, app_css

COARSE = "(pointer: coarse)"
# Streamlit's test ids of the controls a finger taps that it draws smaller than 40 css px (tests/app/
# test_phone_layout_52.py's, and session 53's inputs)
SMALL_CONTROLS = ['[data-testid="stFileChipDeleteBtn"]', '[data-testid="stCheckbox"] label',
                  '[data-testid="stTooltipIcon"]', '[data-testid="stButtonGroup"] button',
                  '[data-testid="stPageLink-NavLink"]', '[data-testid="stSidebarNavLink"]',
                  '[data-testid="stExpandSidebarButton"]', '[data-testid="stElementToolbarButton"]',
                  '[data-testid="stTextInputField"]', '[data-testid="stExpander"] summary',
                  '[data-testid="stSelectbox"] [role="group"] button']


def media_blocks(css: str) -> list[tuple[str, dict[str, str]]]:
    """Each ``@media`` block of ``css``: its query, and each of its selectors with its declarations."""
    out = []
    for query, body in re.findall(r"@media ([^{]+)\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}", css):
        rules = {s.strip(): d for sels, d in re.findall(r"([^{}]+)\{([^{}]*)\}", body) for s in sels.split(",")}
        out.append((query.strip(), rules))
    return out


def test_the_finger_query_is_a_narrow_screen_or_a_coarse_pointer():
    assert FINGER == f"{NARROW}, {COARSE}" and NARROW == "(max-width: 640px)"


@pytest.mark.parametrize("control", SMALL_CONTROLS)
def test_every_small_control_is_40_css_px_under_a_coarse_pointer_too(control):
    found = [(q, d) for q, rules in media_blocks(PHONE_CSS) for s, d in rules.items() if s.startswith(control)]
    assert found, control
    assert all(q == FINGER for q, _ in found), found
    assert any("min-height: 2.5rem" in d for _, d in found), found


def test_a_narrow_screens_layout_stays_by_the_width_alone():
    """Less room above the page (a phone's), the ledger's cards two or three a row, columns two a row, the palette
    four a row, the game's name over its picker: a tablet's wide screen keeps Streamlit's layout."""
    (padding,) = [q for q, rules in media_blocks(PHONE_CSS) if '[data-testid="stMainBlockContainer"]' in rules]
    assert padding == NARROW
    layouts = [common.two_a_row_on_phone_css("k"), common.game_name_css("Tokyo"), ledger_view.TOTALS_CSS,
               ledger_view._COMPACT_CSS, ledger_view._THREE_A_ROW_CSS, tiles.PALETTE_PHONE_CSS.format(key="k")]
    for css in layouts:
        assert "@media (max-width: 640px) {" in css and "coarse" not in css, css


def test_every_rule_of_the_finger_stylesheet_is_in_a_media_query():
    """A laptop (a fine pointer, a wide window) is left alone."""
    outside = re.sub(r"@media [^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", PHONE_CSS)
    assert "{" not in outside, outside


def test_a_photos_chip_fits_a_narrow_column_its_x_whole():
    rules = {s.strip(): d for sels, d in re.findall(r"([^{}@]+)\{([^{}]*)\}", COLUMN_FIT_CSS) for s in sels.split(",")}
    chip = rules['[data-testid="stFileChip"]']
    assert "min-width: 0" in chip and "max-width: 100%" in chip and "flex-shrink: 1" in chip
    name = rules['[data-testid="stFileChipName"]']
    assert "text-overflow: ellipsis" in name and "overflow: hidden" in name and "white-space: nowrap" in name
    assert "flex: 0 0 auto" in rules['[data-testid="stFileChipDeleteBtn"]']  # the x never shrinks
    # the x's 40 px stays inside the chip (past its end it scrolled the chip's row sideways)
    finger = dict(media_blocks(PHONE_CSS))[FINGER]
    assert "margin: -0.75rem -0.25rem -0.75rem -0.75rem" in finger['[data-testid="stFileChipDeleteBtn"] button']


def test_a_segmented_controls_buttons_share_a_narrow_column():
    segment = '[data-testid="stButtonGroup"] [role="radiogroup"] > button'
    assert f"{segment} {{ flex-shrink: 1; min-width: 0; }}" in COLUMN_FIT_CSS
    assert f"{segment}, {segment} * {{ white-space: normal; overflow-wrap: break-word; }}" in COLUMN_FIT_CSS


def test_the_column_rules_apply_at_every_width():
    """A narrow column is a laptop's too (its window half a screen wide): not in a media query."""
    assert "@media" not in COLUMN_FIT_CSS
    assert COLUMN_FIT_CSS in app_css() and PHONE_CSS in app_css()


@pytest.mark.parametrize("page", ["event_check", "score_manual"])
def test_the_event_and_hand_pages_send_the_tablet_rules(home, page):
    at = open_page(page, "tokyo-mahjong")
    bodies = [str(h.proto.body) for h in at.get("html")]
    assert any(FINGER in b and "stFileChipDeleteBtn" in b and "stFileChipName" in b for b in bodies)


def _cell_alts(at, prefix: str) -> dict[int, list[str]]:
    """The pictures' text of each cell of the hand strip, by the cell's number."""
    out = {}
    for node in at._tree:
        key = getattr(node, "key", None) or ""
        if key.startswith(f"{prefix}_cell_") and node.type != "image":
            out[int(key.rsplit("_", 1)[1])] = [img.alt for c in node if c.type == "image" for img in c.proto.imgs]
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_strips_picture_is_not_said_beside_its_button(home, lang):
    at = open_page("score_manual", "tokyo-mahjong", lang)
    for tile in ["2m", "3m", "4m"]:
        at.button(key=f"manual_add_{tile}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    alts = _cell_alts(at, "manual")
    assert sorted(alts) == [0, 1, 2] and all(a == [""] for a in alts.values()), alts
    said = {"en": "2 Man", "ja": "二萬"}[lang]
    assert said in at.button(key="manual_tile_0").label  # the button still says the tile


@pytest.mark.parametrize("lang, word", [("ja", "ティアラ"), ("en", "tiara")])
def test_a_tiara_tiles_picture_says_only_its_tiara(home, lang, word):
    hand = ["shimamura-uzuki", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "matoba-risa", "shirasaka-koume",
            "hayami-kanade", "morikubo-nono", "nanba-emi"]
    at = read_as(open_page("score_photo", "cinderella-neo", lang), "cinderella-neo", hand)
    assert not at.exception, [e.value for e in at.exception]
    alts = _cell_alts(at, "photo")
    assert alts[0] == [word] and alts[3] == [word], alts  # 島村卯月, 渋谷凛
    assert all(a == [""] for i, a in alts.items() if i not in (0, 3)), alts
