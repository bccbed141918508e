"""Session 67: a plain five's copies at a table without red fives (four: the red one is read as a plain
five) were written three times: the app's pickers (``app.components.tiles.played_copies``), the waits' draws
(``riichi_waits._drawable``: ``4 - held[red]``) and the copy check (``riichi_hand.check_copies``: ``3`` with red fives).
One rule now, ``scorer.riichi_rules.copies_at_table``, which the three follow."""
from __future__ import annotations

import inspect

import pytest

from scorer import load_game
from scorer.catalog import thaw
from scorer.riichi_hand import check_copies
from scorer.riichi_rules import copies_at_table
from scorer.riichi_tiles import FIVES, RED_CODES, TILE_IDS, RiichiInputError


def _table(red_fives: bool):
    game = load_game("tokyo-mahjong")
    rules = thaw(game.rules)
    rules["riichi"]["red_fives"] = red_fives
    return game.with_rules(rules)


@pytest.mark.parametrize(("red_fives", "expected"), [(True, {"5m": 3, "0m": 1, "5z": 4, "1m": 4}),
                                                     (False, {"5m": 4, "5p": 4, "5s": 4, "5z": 4, "9s": 4})])
def test_the_copies_of_a_kind_at_the_table(red_fives, expected):
    assert {tile: copies_at_table(tile, red_fives) for tile in expected} == expected


@pytest.mark.parametrize("red_fives", [True, False])
def test_the_app_s_pickers_follow_the_rule_with_the_set_s_copies(red_fives):
    from app.components.tiles import played_copies, played_kinds

    game = _table(red_fives)
    for kind in played_kinds(game):
        assert played_copies(game, kind.id) == copies_at_table(kind.id, red_fives, game.inventory()), kind.id
    assert played_copies(game, "5m") == (3 if red_fives else 4)


@pytest.mark.parametrize("red_fives", [True, False])
def test_the_copy_check_takes_the_table_s_copies_of_a_plain_five_and_no_more(red_fives):
    for five in FIVES:
        most = copies_at_table(TILE_IDS[five], red_fives)
        check_copies([[five] * most], red_fives)
        with pytest.raises(RiichiInputError):
            check_copies([[five] * (most + 1)], red_fives)


@pytest.mark.parametrize("red_fives", [True, False])
def test_the_waits_draw_a_plain_five_while_the_table_has_a_copy_left(red_fives):
    from scorer.riichi_waits import _drawable

    for five, red in zip(FIVES, RED_CODES):
        most = copies_at_table(TILE_IDS[five], red_fives)
        for held_plain in range(most):
            held = [0] * len(TILE_IDS)
            held[five] = held_plain
            assert _drawable(five, held, red_fives) == five, (five, held_plain)
        held = [0] * len(TILE_IDS)
        held[five] = most
        assert _drawable(five, held, red_fives) != five
        if not red_fives:  # a red five held is read as a plain one: one copy fewer left
            held = [0] * len(TILE_IDS)
            held[five], held[red] = most - 1, 1
            assert _drawable(five, held, red_fives) != five


def test_the_rule_is_written_once():
    from app.components import tiles
    from scorer import riichi_hand, riichi_waits

    assert "4 - held[red]" not in inspect.getsource(riichi_waits)
    assert "counts[4] > 3" not in inspect.getsource(riichi_hand)
    assert 'f"0{tile_id[1:]}"' not in inspect.getsource(tiles.played_copies)
