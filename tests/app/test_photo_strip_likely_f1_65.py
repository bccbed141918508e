"""The photo page's hand strip and picker on a phone (W1, session 65): the tiles a near-miss line names for a tile
come first in its picker's Likely row; a tile's picture is its button's tap target; the tiara's crown is a badge on
its own tile's picture, not a line under the button that sat above the next row's tile."""
from __future__ import annotations

from dataclasses import replace

from app_helpers import open_page, synthetic, texts

from app.components.photo import PhotoTile
from app.components.tiles import CROWN, near_swaps

NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami", "minami", "ashu"]  # 1 tile from a win: Ashu for Minami


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def read_with_choices(at, game_id, tiles, choices):
    """The photo page given a photo read as ``tiles``, tile ``i`` with the classifier's ``choices[i]`` (else sure)."""
    data = synthetic(game_id, tiles, 5)
    _ok(at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run())
    read = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.95, choices=choices.get(i, ((k, 0.95),)),
                      alternatives=tuple(c for c, _ in choices.get(i, ())[1:])) for i, k in enumerate(tiles)]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(tiles)
    return _ok(at.run())


def offered(at) -> list[str]:
    return [b.key.removeprefix("photo_alt_") for b in at.button if (b.key or "").startswith("photo_alt_")]


def test_the_near_miss_lines_tile_is_first_in_the_likely_row(home):
    at = read_with_choices(open_page("score_photo", "nogizaka"), "nogizaka", NOGI,
                           {8: (("ashu", 0.6), ("kotoko", 0.3))})
    assert "by swapping Ashu for Minami" in texts(at)
    _ok(at.button(key="photo_tile_8").click().run())
    assert offered(at)[:2] == ["minami", "kotoko"]  # the line's tile, then the classifier's
    _ok(at.button(key="photo_tile_0").click().run())  # a tile the line names no swap for: the classifier's alone
    assert "minami" not in offered(at)


def test_the_swaps_named_are_those_the_reason_says():
    cg = ("shimamura-uzuki", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "matoba-risa", "shirasaka-koume",
          "hayami-kanade", "morikubo-nono", "nanba-emi")
    from scorer import score

    result = score("cinderella-neo", list(cg), riichi=True)  # the swaps read from the result the page scored
    assert "swapping Kyoko Igarashi for Mio Honda and Nono Morikubo for Shin Sato" in result.reason
    assert near_swaps(result) == {"igarashi-kyouko": ("honda-mio",), "morikubo-nono": ("satou-shin",)}
    assert near_swaps(score("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3, riichi=True)) == {}  # a win
    assert near_swaps(score("tokyo-mahjong", "123m456p789s234s59p")) == {}  # riichi: no swap said


def _css(at) -> str:
    return "\n".join(html.proto.body for html in at.get("html"))


def test_the_picture_is_the_tap_target_of_its_button(home):
    at = read_with_choices(open_page("score_photo", "nogizaka"), "nogizaka", NOGI, {})
    css = _css(at)
    assert '.st-key-photo_strip [class*="st-key-photo_cell_"] { position: relative; }' in css
    assert '.st-key-photo_strip [class*="st-key-photo_cell_"] .stButton button::after' in css
    _ok(at.button(key="photo_tile_8").click().run())
    assert '.st-key-photo_alt_grid [class*="st-key-photo_alt_cell_"] .stButton button::after' in _css(at)


def test_the_crown_is_a_badge_on_its_own_tiles_picture(home):
    tiles = ["shimamura-uzuki", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "matoba-risa", "shirasaka-koume",
             "hayami-kanade", "morikubo-nono", "nanba-emi"]
    at = read_with_choices(open_page("score_photo", "cinderella-neo"), "cinderella-neo", tiles, {})
    assert '.st-key-photo_strip [class*="st-key-photo_crown_"] { position: absolute;' in _css(at)
    keys = {getattr(getattr(n, "proto", None), "id", "").rsplit("-", 1)[-1] for n in _walk(at.main)}
    assert {k for k in keys if k.startswith("photo_crown_")} == {"photo_crown_0", "photo_crown_3"}
    assert any(CROWN in str(c.value) for c in at.caption)


def _walk(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _walk(child)
