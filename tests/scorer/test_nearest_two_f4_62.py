"""Session 62, F4: a Donjara hand that does not win, two tiles from a yaku, names it and the swaps that make it
in place of the simplest yaku's shape ("no yaku in these tiles; 2 tiles from Basic set (60 points) by swapping Kotoko
for Minami and Ashu for Minami"), in English and Japanese, in one sentence (no colon after "not a win: "); the swaps
said always win (the swapped hand is scored). One tile off names its swap too; three or more, the simplest yaku's
shape alone. Riichi mahjong is not concerned (`tilelens waits` says a hand's waits)."""
import pytest

from scorer import load_game, score
from scorer.distance import nearest, swaps_to
from scorer.engine import donjara_rules, enabled_yaku
from scorer.groups import GameIndex

NOGI_TWO = ["rarin"] * 3 + ["marika"] * 3 + ["minami", "kotoko", "ashu"]
YOKAI_TWO = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-09", "yokai-12"]
CINDERELLA_TWO = ["mukai-takumi", "hayasaka-mirei", "sakurai-momoka", "tada-riina", "himekawa-yuki", "houjou-karen",
                  "morikubo-nono", "shiragiku-hotaru", "yorita-yoshino"]


def _swapped(game_id, hand, reason_en):
    """The hand with the swaps the English reason names made (names as the reason says them)."""
    game = load_game(game_id)
    said = reason_en.split(" by swapping ", 1)[1]
    hand = list(hand)
    for swap in said.split(" and "):
        out, new = swap.split(" for ")
        new = new.split(" (or ")[0]  # the first of its choices
        hand.remove(next(t.id for t in game.tiles if (t.name_en or t.id) == out and t.id in hand))
        hand.append(next(t.id for t in game.tiles if (t.name_en or t.id) == new))
    return hand


@pytest.mark.parametrize("game_id, hand", [("nogizaka", NOGI_TWO), ("yokai-watch", YOKAI_TWO),
                                           ("cinderella-neo", CINDERELLA_TWO)])
def test_two_tiles_from_a_yaku_names_it_and_the_swaps_that_win(game_id, hand):
    game = load_game(game_id)
    ix = GameIndex.of(game)
    near = nearest(ix, tuple(game.tile(t) for t in hand), enabled_yaku(donjara_rules(game).yaku, ()))
    assert near is not None and near[1] == 2
    r = score(game_id, hand, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku in these tiles; 2 tiles from "), r.reason
    assert " by swapping " in r.reason and ":" not in r.reason + r.reason_ja
    assert r.reason_ja.startswith("どの役の形にもなっていません。あと2枚で"), r.reason_ja  # not the simplest yaku too
    assert r.reason_ja.endswith("に替えるとそろいます")
    assert r.reason.count(" for ") == 2 and r.reason_ja.count("に、") == 1
    assert score(game_id, _swapped(game_id, hand, r.reason), riichi=True).winning


def test_the_nogizaka_hint_word_for_word():
    r = score("nogizaka", NOGI_TWO, riichi=True)
    game = load_game("nogizaka")
    kotoko, ashu, minami = (game.tile(t) for t in ("kotoko", "ashu", "minami"))
    assert r.reason == ("no yaku in these tiles; 2 tiles "
                        f"from Basic set (60 points) by swapping {kotoko.name_en} for {minami.name_en} and "
                        f"{ashu.name_en} for {minami.name_en}")
    assert r.reason_ja == ("どの役の形にもなっていません。"
                           f"あと2枚で基本セット (60点)。{kotoko.name_ja}を{minami.name_ja}に、{ashu.name_ja}を"
                           f"{minami.name_ja}に替えるとそろいます")


def test_one_tile_off_is_said_as_before_and_three_off_as_the_simplest():
    one = score("cinderella-neo", ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari", "honda-mio",
                                   "hino-akane", "nataaria", "mizumoto-yukari", "shibuya-rin"], riichi=True)
    assert "; 1 tile from " in one.reason and " by swapping " in one.reason, one.reason  # the swap named too
    three = score("nogizaka", ["rarin"] * 3 + ["marika", "minami", "kotoko", "ashu", "miona", "himetan"], riichi=True)
    assert "the simplest" in three.reason and "tiles from" not in three.reason, three.reason
    assert "あと" not in three.reason_ja


def test_swaps_to_a_short_hand_is_none():
    game = load_game("nogizaka")
    y = donjara_rules(game).yaku[0]
    assert swaps_to(GameIndex.of(game), tuple(game.tile(t) for t in NOGI_TWO[:8]), y, (y,)) is None


def test_a_scouted_hand_names_no_near_yaku():
    hand = ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari", "honda-mio", "hino-akane",
            "nataaria", "shiragiku-hotaru", "yorita-yoshino"]
    assert "; 1 tile from " in score("cinderella-neo", hand, riichi=True).reason
    r = score("cinderella-neo", hand, riichi=True, scouted=[hand[:4]])
    assert not r.winning and "tiles from" not in r.reason and "tile from" not in r.reason
    assert "scouted group" in r.reason
