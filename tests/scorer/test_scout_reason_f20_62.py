"""Session 62, F20: the Donjara no-win reason said a scouted group is "never split nor joined to other tiles", but the
scorer lets a yaku of the whole hand (one group of all 9 tiles, such as Cinderella Girls) hold it
(``scorer.search._keeps_fixed``, 13d5283). The reason says that exception, naming such a yaku of the game (en, ja);
a table with none says it as before."""
from __future__ import annotations

from scorer import load_game, score
from scorer.catalog import thaw

GAME = "cinderella-neo"
# cool Vo status set scouted; with takagaki-kaede and matsunaga-ryou its tiles would be the 5-member unit Max Beat
MAX_BEAT_HAND = ["matsunaga-ryou", "kawashima-mizuki", "takafuji-kako", "wakiyama-tamami", "kita-hinako",
                 "ninomiya-asuka", "yamato-aki", "jougasaki-mika", "takagaki-kaede"]
MAX_BEAT_SCOUTED = ["takafuji-kako", "ninomiya-asuka", "yamato-aki"]


def test_the_reason_says_a_yaku_of_the_whole_hand_may_hold_a_scouted_group():
    result = score(GAME, MAX_BEAT_HAND, riichi=True, scouted=[MAX_BEAT_SCOUTED])
    assert not result.winning
    assert "never split nor joined to other tiles" not in result.reason, result.reason
    assert ("joined to other tiles only in a yaku of the whole hand (9 tiles, such as Cinderella Girls)"
            in result.reason), result.reason
    assert "合わせることもできません" not in result.reason_ja, result.reason_ja
    assert "ほかの牌と合わせられるのは、手牌すべてで1組の役 (シンデレラガールズなど9枚の役) だけです" in result.reason_ja, \
        result.reason_ja
    assert " の" not in result.reason_ja and " は" not in result.reason_ja, result.reason_ja


def test_a_table_without_a_yaku_of_the_whole_hand_says_it_is_never_joined():
    game = load_game(GAME)
    rules = thaw(game.rules)
    kept = [y for y in rules["yaku"] if not (len(y["groups"]) == 1 and y["groups"][0]["size"] == game.hand_size)]
    assert 0 < len(kept) < len(rules["yaku"])
    rules["yaku"] = kept
    result = score(game.with_rules(rules), MAX_BEAT_HAND, riichi=True, scouted=[MAX_BEAT_SCOUTED])
    assert not result.winning
    assert "never split nor joined to other tiles" in result.reason, result.reason
    assert "崩すこともほかの牌と合わせることもできません" in result.reason_ja, result.reason_ja
