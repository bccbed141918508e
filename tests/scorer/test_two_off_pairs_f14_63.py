"""Session 63, F14: a Donjara hand two tiles from a yaku offers other tiles ("(or one of 14 other tiles)") for one of
its two swaps only, worked out with the other swap made, so that every pair of tiles the hint's words allow wins
(before, each swap's choices were worked out with the other swap's first tile, and "Kako for Noriko (or one of 14
other tiles) and Shin for Momoka or Yuki" allowed Kako for Nao with Shin for Yuki, which does not win)."""
import random
import re
from collections import Counter
from itertools import product

import pytest

import scorer.distance as distance
from scorer import load_game, score
from scorer.deal import random_hand

GAME = "cinderella-neo"
# RV2's hand: 2 tiles from Start Dash Live Unit by swapping Kako Takafuji and Shin Sato
KAKO_SHIN = ["mifune-miyu", "mizumoto-yukari", "moroboshi-kirari", "nakano-yuka", "nanba-emi", "satou-shin",
             "seki-hiromi", "tachibana-arisu", "takafuji-kako"]


@pytest.fixture
def offers(monkeypatch):
    """Each hint's swaps and the tiles it offers for each, as the engine works them out before wording them."""
    seen = []
    real = distance.swap_offers

    def spy(ix, hand, swaps, y):
        said = real(ix, hand, swaps, y)
        seen.append((hand, swaps, said))
        return said

    monkeypatch.setattr(distance, "swap_offers", spy)
    return seen


def _made(hand, swaps, taken):
    made = [t.id for t in hand]
    for (out, _), new in zip(swaps, taken):
        made.remove(out.id)
        made.append(new.id)
    return made


def test_every_pair_a_two_off_hint_allows_wins(offers):
    game = load_game(GAME)
    rng = random.Random(14)
    checked = flexible = 0
    while checked < 200:
        offers.clear()
        r = score(GAME, random_hand(game, rng), riichi=True)
        if r.winning or "; 2 tiles from " not in r.reason or not offers:
            continue
        (hand, swaps, said), = offers
        assert len(swaps) == 2 and len(said) == 2
        assert all(s == (got,) for (_, got), s in zip(swaps, said) if len(s) == 1), said  # its own tile alone
        assert sum(len(s) > 1 for s in said) <= 1, said  # choices for one swap only
        flexible += any(len(s) > 1 for s in said)
        for taken in product(*said):
            made = _made(hand, swaps, taken)
            if any(n > game.tile(t).copies for t, n in Counter(made).items()):
                continue  # cannot be held
            won = score(GAME, made, riichi=True)
            assert won.winning, (sorted(t.id for t in hand), [(a.id, b.id) for a, b in swaps], made, r.reason)
        assert r.reason.count(" (or ") + r.reason.count(" or ") <= 1, r.reason  # the words offer one swap's choices
        assert r.reason_ja.count(" (または") <= 1, r.reason_ja
        checked += 1
    assert flexible > 50  # the hints offer choices where they can


def test_the_kako_shin_hint_offers_choices_for_one_swap_with_the_other_made(offers):
    r = score(GAME, KAKO_SHIN, riichi=True)
    said_en = "no yaku in these tiles; 2 tiles from Start Dash Live Unit (60,000 fans) by swapping "
    assert r.reason.startswith(said_en), r.reason
    (hand, swaps, said), = offers
    fixed = [s for s in said if len(s) == 1]
    assert len(fixed) == 1 and any(len(s) > 1 for s in said), said
    game = load_game(GAME)
    for taken in product(*said):
        assert score(GAME, _made(hand, swaps, taken), riichi=True).winning, taken
    # the words: the swap with choices has them beside its tile; the other, its one tile
    with_choices = 0 if len(said[0]) > 1 else 1
    flex, single = swaps[with_choices], swaps[1 - with_choices]
    assert f"{single[0].name_en} for {single[1].name_en}" in r.reason
    assert re.search(rf"{flex[0].name_en} for [\w ]+ (\(or [^)]+\)| or [\w ]+)", r.reason), r.reason
    assert game.tile("takafuji-kako").name_en in r.reason and game.tile("satou-shin").name_en in r.reason


def test_a_one_off_swap_still_offers_its_choices(offers):
    r = score(GAME, ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari", "honda-mio", "hino-akane",
                     "nataaria", "mizumoto-yukari", "shibuya-rin"], riichi=True)
    assert "; 1 tile from " in r.reason, r.reason
    (hand, swaps, said), = offers
    assert len(swaps) == 1
    for taken in product(*said):
        assert score(GAME, _made(hand, swaps, taken), riichi=True).winning, taken
