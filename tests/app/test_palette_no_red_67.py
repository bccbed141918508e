"""Session 67 (a review): a riichi table played without red fives (``[riichi] red_fives = false``). The hand
palette (and the hand strip's every-tile grid, drawn by the same ``tiles._filtered``) still offered 0m/0p/0s, while a
plain five's copies there are four (``played_copies``): 5m x4 then 0m made a hand of five fives, refused only by the
scorer. The palette offers what the table plays (``tiles.played_kinds``), the rule of the pickers and the meld
builder; a table with red fives is offered as before."""
from __future__ import annotations

from app_helpers import no_red_table, tap

REDS = {f"0{suit}" for suit in "mps"}


def offered(at, prefix: str) -> set[str]:
    return {b.key[len(prefix):] for b in at.button if b.key and b.key.startswith(prefix)}


def test_the_palette_offers_no_red_five_and_four_plain_fives(home, page):
    no_red_table(home)
    at = page("score_manual", "tokyo-mahjong")
    tiles = offered(at, "manual_add_")
    assert "5m" in tiles and not REDS & tiles, sorted(tiles)
    for _ in range(4):  # the table's four fives, all plain
        tap(at, "manual_add_5m")
    assert at.session_state["manual_tiles"] == ["5m"] * 4
    tap(at, "manual_add_5m")  # a fifth: refused as the palette refuses a tile with no copy left
    assert at.session_state["manual_tiles"] == ["5m"] * 4
    assert "The set has 4 of 5 Man" in str(at.toast[0].value), [t.value for t in at.toast]


def test_the_hand_strips_every_tile_grid_offers_no_red_five_either(home, page):
    no_red_table(home)
    at = page("score_manual", "tokyo-mahjong")
    for tile in ("1m", "2m", "3m"):
        tap(at, f"manual_add_{tile}")
    tap(at, "manual_tile_0")
    tiles = offered(at, "manual_pick_")
    assert "5p" in tiles and not REDS & tiles, sorted(tiles)


def test_a_table_with_red_fives_offers_them_as_before(home, page):
    at = page("score_manual", "tokyo-mahjong")
    assert REDS <= offered(at, "manual_add_")
    for _ in range(3):
        tap(at, "manual_add_5m")
    tap(at, "manual_add_0m")
    assert at.session_state["manual_tiles"] == ["5m"] * 3 + ["0m"]
    tap(at, "manual_add_5m")  # the fourth is the red one
    assert at.session_state["manual_tiles"] == ["5m"] * 3 + ["0m"]
    assert "the fourth is the red five 0m" in str(at.toast[0].value), [t.value for t in at.toast]
