"""Session 59 (F13). The Rules page's example hand of each Donjara yaku (F11) is scoring logic: it is built in
``scorer.deal`` (``example_hand``) beside the random winning hands, from the same random groups (``_random_group``,
which may now keep off the sets and units a hand used before), and the app only draws it. These tests pin the
builder without Streamlit: every example scores its yaku, a yaku no hand of the box makes has none, the same hand
each time, kept once per game (an edited table is another game, with its own examples)."""
import random

import pytest

from scorer import TilelensInputError, load_game, score
from scorer.catalog import thaw
from scorer.deal import ExampleHand, _random_group, example_hand, random_winning_hand
from scorer.groups import GameIndex
from scorer.rules import donjara_rules

DONJARA = ["cinderella-neo", "nogizaka", "yokai-watch"]


@pytest.mark.parametrize("game_id", DONJARA)
def test_each_yakus_example_hand_scores_that_yaku(game_id):
    game = load_game(game_id)
    for yaku in donjara_rules(game).yaku:
        example = example_hand(game, yaku)
        if example is None:
            continue
        assert isinstance(example, ExampleHand) and len(example.tiles) == game.hand_size, example
        result = score(game, list(example.tiles), riichi=True, local_yaku=(yaku.id,) if yaku.local else False)
        assert result.winning and result.extra["yaku_id"] == yaku.id, (yaku.id, example.tiles, result.reason)
        assert [list(g["tiles"]) for g in example.groups] and not any(game.tile(t).almighty for t in example.tiles)
        assert sorted(t for g in example.groups for t in g["tiles"]) == sorted(example.tiles)


def test_every_shipped_yaku_that_the_tiles_can_make_has_an_example():
    for game_id in DONJARA:
        game = load_game(game_id)
        missing = [y.id for y in donjara_rules(game).yaku if example_hand(game, y) is None]
        # SP Live Set C (a local yaku) needs a 6-member unit, which the box has not
        assert missing == (["sp-live-set-c"] if game_id == "cinderella-neo" else []), (game_id, missing)


def test_an_example_is_the_same_each_time_and_built_once_per_game():
    game = load_game("cinderella-neo")
    yaku = donjara_rules(game).yaku[3]
    assert example_hand(game, yaku) is example_hand(game, yaku)
    # the draw is seeded by the game and the yaku: a fresh read of the file gives the same hand
    fresh = load_game("cinderella-neo")
    fresh = fresh.with_rules(thaw(fresh.rules))  # another Game object, its cache empty
    assert fresh is not game and example_hand(fresh, donjara_rules(fresh).yaku[3]) == example_hand(game, yaku)


def test_an_edited_table_has_its_own_examples():
    game = load_game("nogizaka")
    rules = thaw(game.rules)
    rules["yaku"][0]["points"] += 10  # a chip more
    edited = game.with_rules(rules)
    before = example_hand(game, donjara_rules(game).yaku[0])
    after = example_hand(edited, donjara_rules(edited).yaku[0])
    assert after is not before and after == before  # the same shape: the same hand, kept apart


def test_the_example_of_a_three_set_yaku_shows_three_different_sets():
    """One member's six tiles read as two sets of the same member: a poor example of 「同じメンバー3枚のセット3つ」."""
    for game_id in ("nogizaka", "yokai-watch"):
        game = load_game(game_id)
        example = example_hand(game, donjara_rules(game).yaku[0])
        assert len({g["tiles"][0] for g in example.groups}) == 3, example


def test_a_riichi_game_has_no_example():
    assert example_hand("tokyo-mahjong", "tanyao") is None


def test_a_yaku_named_by_its_id():
    game = load_game("nogizaka")
    assert example_hand("nogizaka", "basic-set") == example_hand(game, donjara_rules(game).yaku[0])
    said = "nogizaka has no yaku 'no-such-yaku' [(]its yaku: basic-set[)]"
    with pytest.raises(TilelensInputError, match=said):
        example_hand(game, "no-such-yaku")


# ---- the random group keeps off what was used before, and draws as before without ``used`` ----------------------
@pytest.mark.parametrize("game_id", DONJARA)
def test_a_random_group_keeps_off_the_sets_and_units_used_before(game_id):
    game = load_game(game_id)
    ix = GameIndex.of(game)
    rng = random.Random(5)
    for gk in ix.rules.groups.values():
        if gk.same:
            left = sum(sum(t.copies for t in pool) >= 3 for pool in ix.pools[gk.id].values())
        else:
            left = sum(ix.unit_allowed(gk, unit, 3) for unit in game.units)
        used: set = set()
        drawn = [_random_group(ix, gk, 3, rng, used) for _ in range(3)]
        if not left:
            assert drawn == [None] * 3 and not used
            continue
        # a set by its tiles' shared key, a unit by its name: as many apart as the game has, up to three
        assert len(used) == min(3, left), (gk.id, used)


@pytest.mark.parametrize("game_id", DONJARA)
def test_without_used_a_random_group_draws_as_with_a_fresh_used_set_while_one_is_left(game_id):
    """``used`` changes which set or unit is chosen only once one has been used: the synthetic datasets' hands
    (``random_winning_hand``, which passes none) are drawn as before."""
    game = load_game(game_id)
    ix = GameIndex.of(game)
    for gk in ix.rules.groups.values():
        for seed in range(5):
            a = _random_group(ix, gk, 3, random.Random(seed))
            b = _random_group(ix, gk, 3, random.Random(seed), set())
            assert a == b, (gk.id, seed)


# pinned draws of random_winning_hand before the refactor: the synthetic datasets' seeds give the same hands
WINNING = {
    "cinderella-neo": ["hino-akane", "almighty-cute", "shibuya-rin", "shimamura-uzuki", "kanzaki-ranko",
                       "moroboshi-kirari", "jougasaki-rika", "mimura-kanako", "akagi-miria"],
    "nogizaka": ["minami", "sayunyan", "sayunyan", "sayurin", "almighty-pink", "minami", "sayunyan", "minami",
                 "sayurin"],
    "yokai-watch": ["yokai-12", "yokai-03", "yokai-03", "almighty", "yokai-13", "yokai-13", "yokai-12", "yokai-13",
                    "yokai-12"],
    "tokyo-mahjong": ["7m", "6m", "1m", "5m", "3m", "5m", "7m", "4m", "6m", "1p", "7m", "7m", "1p", "2m"],
}


@pytest.mark.parametrize("game_id", list(WINNING))
def test_random_winning_hands_are_drawn_as_before(game_id):
    assert random_winning_hand(game_id, random.Random(7)) == WINNING[game_id]
