"""A tile's Likely row (session 67): the near-miss line's swaps first, then the classifier's first two kinds
(never pushed out), then its next kinds down to ``LIKELY_FLOOR`` to fill the row to ``LIKELY_ROW``. Of 107 misread
tiles on rendered photos the right kind was the classifier's 3rd-6th in 20, none of them offered when the row held
its first two alone; a kind given less than the floor (one in a thousand) fills no row."""
from __future__ import annotations

from dataclasses import replace

from app_helpers import open_page, synthetic

from app.components.photo import PhotoTile
from app.components.tiles import LIKELY_FLOOR, LIKELY_ROW, likely_row

ALTS = ["7m", "9m", "8m", "3m", "5m", "4m", "2m"]  # the classifier's kinds for a 6m, likeliest first
SCORES = {"7m": 0.3, "9m": 0.2, "8m": 0.05, "3m": 0.01, "5m": 0.004, "4m": 0.002, "2m": 0.0001}


def test_the_classifiers_next_kinds_fill_the_row_above_the_floor():
    assert likely_row("6m", None, (), ALTS, scores=SCORES) == ["7m", "9m", "8m", "3m", "5m", "4m"]
    assert LIKELY_ROW == 6 and 0.0001 < LIKELY_FLOOR <= 0.002
    low = {k: 0.0005 for k in ALTS}  # a sure tile: its first two only, however unlikely
    assert likely_row("6m", None, (), ALTS, scores=low) == ["7m", "9m"]
    assert likely_row("6m", None, (), ALTS) == ALTS[:LIKELY_ROW]  # no probabilities (a stand-in's): in order


def test_the_swaps_and_the_as_read_come_first_and_push_no_classifier_guess_out():
    row = likely_row("a", "r", ["s1", "s2", "s3", "s4"], ["c1", "c2", "c3"], scores={"c3": 0.5})
    assert row == ["r", "s1", "s2", "s3", "c1", "c2"]  # at most three swaps: the classifier's first two stay
    assert likely_row("a", None, ["s1"], ["c1", "s1", "c2", "c3"], scores={"c3": 0.5}) == ["s1", "c1", "c2", "c3"]


def test_no_tile_held_elsewhere_nor_the_tile_itself():
    assert likely_row("6m", "6m", (), ALTS, held={"9m": "in hand: tile 2"}, scores=SCORES) == \
        ["7m", "8m", "3m", "5m", "4m"]


def photo_picker(tiles: list[str], read: list[str], alternatives: dict[str, float]):
    """The photo page of Tokyo Mahjong with ``tiles`` in hand, the photo's reading ``read`` (tile 1 read with
    ``alternatives``), tile 1's picker open."""
    at = open_page("score_photo", "tokyo-mahjong")
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", tiles, 5),
                                                    "image/jpeg")).run()
    choices = ((read[0], 0.4), *alternatives.items())
    boxes = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.4 if i == 0 else 0.99,
                       choices=choices if i == 0 else ((k, 0.99),), alternatives=tuple(alternatives) if i == 0 else ())
             for i, k in enumerate(read)]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(boxes))
    at.session_state["photo_tiles"] = list(tiles)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.button(key="photo_tile_0").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def likely_offered(at) -> list[str]:
    """The kinds the open picker's Likely row offers, in its order."""
    return [b.key.removeprefix("photo_alt_") for b in at.button if (b.key or "").startswith("photo_alt_")]


def test_a_misread_tiles_picker_offers_the_classifiers_third_kind(home):
    """A rendered riichi photo (session 67): an 8m read 6m, the classifier's 3rd kind, is offered; the kinds it gave less than
    the floor are not (the row held every kind the reader gave, however unlikely)."""
    tiles = ["6m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"]
    at = photo_picker(tiles, tiles, {"7m": 0.3, "9m": 0.2, "8m": 0.05, "3m": 0.0003, "2m": 0.0002})
    assert likely_offered(at) == ["7m", "9m", "8m"]
