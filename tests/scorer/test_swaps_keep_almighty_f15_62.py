"""Session 62 (F15): the nearest-yaku hint two tiles away (``scorer.distance.swaps_to``) told a player to give up an
Almighty (a wild tile) where a swap of as many plain tiles made the same yaku. Swaps that keep Almighty tiles are
preferred; one is given up only where no other swap of that size makes the yaku."""
from collections import Counter
from itertools import combinations, combinations_with_replacement

from scorer import load_game, score
from scorer.distance import nearest, swaps_to
from scorer.engine import donjara_rules, enabled_yaku
from scorer.groups import GameIndex
from scorer.search import Candidates, best_yaku

# two Almighty tiles: swapping Kotoko and Sayunyan for two Minami wins as well as giving up the yellow one did
KEEPS = ["rarin", "rarin", "maimai", "almighty-lightblue", "maimai", "almighty-yellow", "kotoko", "maimai", "sayunyan"]
# two light-blue Almighty tiles: no swap of two plain tiles makes a win; one Almighty is given up
GIVES_UP = ["sayurin", "miona", "almighty-lightblue", "maimai", "almighty-lightblue", "maimai", "almighty-yellow",
            "sayunyan", "sayunyan"]


def _near(hand_ids):
    game = load_game("nogizaka")
    ix = GameIndex.of(game)
    yaku = enabled_yaku(donjara_rules(game).yaku, ())
    hand = tuple(game.tile(t) for t in hand_ids)
    y, away = nearest(ix, hand, yaku)
    return game, ix, yaku, hand, y, away


def _wins_after(ix, hand, swaps, yaku):
    left = list(hand)
    for out, new in swaps:
        left.remove(out)
        left.append(new)
    return best_yaku(yaku, Candidates(ix, tuple(left))) is not None


def _plain_swap_wins(game, ix, hand, y) -> bool:
    """Whether any two plain tiles of ``hand`` swapped for two tiles of the game make ``y``."""
    held = Counter(t.id for t in hand)
    plain = [i for i, t in enumerate(hand) if not t.almighty]
    for out in combinations(plain, 2):
        kept = [t for i, t in enumerate(hand) if i not in out]
        left = Counter(t.id for t in kept)
        for new in combinations_with_replacement(game.tiles, 2):
            wanted = Counter(t.id for t in new)
            if any(left[k] + n > game.tile(k).copies or n > game.tile(k).copies - held[k] + (held[k] - left[k])
                   for k, n in wanted.items()):
                continue
            if best_yaku((y,), Candidates(ix, tuple(kept) + new)) is not None:
                return True
    return False


def test_a_swap_of_as_many_plain_tiles_keeps_the_almighty_tiles():
    game, ix, yaku, hand, y, away = _near(KEEPS)
    assert away == 2
    found, swaps = swaps_to(ix, hand, y, yaku)
    assert len(swaps) == 2 and not any(out.almighty for out, _ in swaps), [(a.id, b.id) for a, b in swaps]
    assert _wins_after(ix, hand, swaps, yaku)
    r = score("nogizaka", KEEPS)
    said = r.reason.split(" by swapping ", 1)[1].split(";")[0]  # "Sayunyan for Minami and Kotoko for Minami"
    assert "Almighty" not in said, r.reason


def test_an_almighty_is_given_up_only_where_no_plain_swap_makes_the_yaku():
    game, ix, yaku, hand, y, away = _near(GIVES_UP)
    assert away == 2
    assert not _plain_swap_wins(game, ix, hand, y)
    found, swaps = swaps_to(ix, hand, y, yaku)
    assert len(swaps) == 2 and sum(out.almighty for out, _ in swaps) == 1, [(a.id, b.id) for a, b in swaps]
    assert _wins_after(ix, hand, swaps, yaku)
