"""Taps on a touch tablet (W16 of session 67: chromium, 820x1180, touch, a desktop user agent).

- The Teach panel's minutes pills 1-9 were 33x40 px: every pill is at least 40 px each way where a finger taps
  (``FINGER``), a segmented control's buttons still narrowing to share their column (``COLUMN_FIT_CSS``).
- A tap on a tile's picture in the Score page's hand strip showed its button's tooltip ("5 Man") under the finger
  (the tooltip opened on the press, above the button, over the picture's lower half): the release was the tooltip's,
  the click nobody's, and the picker did not open. While a cell's button is hovered (a finger's tap hovers it) the
  tooltips let taps through to it."""
from __future__ import annotations

import re

from test_tablet_finger_css_66 import media_blocks

from app.components import tiles
from app.components.common import COLUMN_FIT_CSS, FINGER, PHONE_CSS

PILL = '[data-testid="stButtonGroup"] [role="radiogroup"] > button[data-variant="pills"]'
SEGMENT = '[data-testid="stButtonGroup"] [role="radiogroup"] > button'


def test_a_pill_is_40_css_px_wide_and_tall_where_a_finger_taps():
    found = [(q, d) for q, rules in media_blocks(PHONE_CSS) for s, d in rules.items() if s == PILL]
    assert found and all(q == FINGER for q, _ in found), found
    assert any("min-width: 2.5rem" in d and "min-height: 2.5rem" in d for _, d in found), found


def test_the_pill_rule_outweighs_the_segments_narrowing_and_segments_still_narrow():
    """Pills are radio buttons in a radiogroup, as a segmented control's are: the segments' ``min-width: 0`` (more
    specific than ``[data-testid="stButtonGroup"] button``) would win over a plainer rule."""
    assert PILL.startswith(SEGMENT)  # as specific, and one attribute more
    said = [d for sels, d in re.findall(r"([^{}@]+)\{([^{}]*)\}", COLUMN_FIT_CSS)
            if SEGMENT in (s.strip() for s in sels.split(","))]
    assert any("min-width: 0" in d for d in said), said


def test_a_cells_button_pressed_lets_the_tooltips_taps_through_to_it():
    css = tiles.tap_cell_css("photo_strip", "photo_cell_")
    pressed = 'body:has(.st-key-photo_strip [class*="st-key-photo_cell_"] .stButton button:hover)'
    rule = re.search(re.escape(pressed) + r' \[role="tooltip"\], ' + re.escape(pressed)
                     + r' \[role="tooltip"\] \* \{([^{}]*)\}', css)
    assert rule and "pointer-events: none" in rule.group(1), css
    # the cell is still the button's tap target
    assert '.st-key-photo_strip [class*="st-key-photo_cell_"] .stButton button::after' in css
