"""The near-win search's shared work (a speed-up) changes no answer: a unit's shared attributes kept on the
game's index, one hand's partial groups found once for ``nearest`` and ``swaps_to``, whatever the tiles' order."""
import random

import scorer.distance as distance
from scorer import load_game
from scorer.deal import random_hand
from scorer.groups import GameIndex
from scorer.rules import donjara_rules

GAME = load_game("cinderella-neo")


def test_a_units_shared_attributes_are_kept_on_the_index():
    ix = GameIndex.of(GAME)
    for unit in GAME.units[:40]:
        tiles = [GAME.tile(m) for m in unit.members]
        want = {a: (vs.pop() if len(vs := {t.attrs.get(a) for t in tiles}) == 1 else None) for a in GAME.attributes}
        assert ix.unit_attrs(unit) == want, unit.name
        assert ix.unit_attrs(unit) is ix.unit_attrs(unit)  # found once


def test_nearest_and_its_swaps_are_the_same_with_the_search_shared_or_not():
    ix, yaku = GameIndex.of(GAME), donjara_rules(GAME).yaku
    rng = random.Random(64)
    for _ in range(40):
        hand = tuple(GAME.tile(t) for t in random_hand(GAME, rng))
        found = distance.nearest(ix, hand, yaku)
        shuffled = list(hand)
        rng.shuffle(shuffled)
        assert distance.nearest(ix, tuple(shuffled), yaku) == found  # the same in any order
        if found is None:
            continue
        shared = distance.swaps_to(ix, hand, found[0], yaku)  # after nearest: its partial groups reused
        ix._searched = None
        assert distance.swaps_to(ix, hand, found[0], yaku) == shared  # found afresh
