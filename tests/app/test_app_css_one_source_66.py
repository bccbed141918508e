"""The app's phone CSS written once (a reread of session 66's app change):

- a narrow screen's query, ``(max-width: 640px)``, was spelled out in seven places beside ``common.NARROW``;
- the dora picker repeated the palette's four-a-row rule and built the hand strip's row rules from ``tiles``'s
  internals: the palette's rule is ``tile_grid``'s ``phone_four``, the row of tiles chosen ``tiles.removable_strip``;
- an indicator kept by the drop-down the pictures replaced (``"3m#2"``) was still read: no drop-down writes one now,
  and the session never outlives a restart."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

from app_helpers import type_hand as typed

from app.components import options, tiles
from app.components.common import NARROW

COMPONENTS = Path(options.__file__).parent


def test_a_narrow_screens_query_is_written_once():
    said = {path.name: re.findall(r"max-width: 640px", path.read_text(encoding="utf-8"))
            for path in sorted(COMPONENTS.glob("*.py"))}
    assert {name: len(found) for name, found in said.items() if found} == {"common.py": 1}
    assert NARROW == "(max-width: 640px)"


def test_the_dora_picker_draws_with_the_tile_components_own_rules():
    source = inspect.getsource(options.indicator_picker)
    for internal in ("PALETTE_PHONE_CSS", "STRIP_CSS", "tap_cell_css", "no_toolbars_css"):
        assert internal not in source, internal
    assert "phone_four" in inspect.signature(tiles.tile_grid).parameters
    assert callable(tiles.removable_strip)


def test_the_palette_and_the_dora_grid_share_one_phone_rule(home, page):
    at = typed(page("score_manual", "tokyo-mahjong", "en"), "123m456p789s234s11z")
    at.button(key="manual_dora_add_1m").click().run()
    bodies = [str(h.proto.body) for h in at.get("html")]
    for grid in ("manual_add_grid", "manual_dora_add_grid"):
        assert any(tiles.PALETTE_PHONE_CSS.format(key=grid) in b for b in bodies), grid
    row = [b for b in bodies if "manual_dora_row" in b]
    assert row and tiles.STRIP_CSS.format(key="manual_dora_row") in row[0]
    assert tiles.tap_cell_css("manual_dora_row", "manual_dora_chosen_") in row[0]
    assert at.button(key="manual_dora_remove_0").help == "Take 1 Man out"


def test_an_old_drop_downs_value_is_no_indicator(home, page):
    at = typed(page("score_manual", "tokyo-mahjong", "en"), "123m456p789s234s11z")
    at.session_state["manual_dora"] = ["3m#2", "1m"]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["manual_dora"] == ["1m"]
    assert not hasattr(options, "indicator_tile") and not hasattr(options, "picture_of")
