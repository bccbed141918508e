"""A scout refusal names its tiles in English by name, not id; the kana long-vowel mark ー is folded in names."""
import pytest

from scorer import score
from scorer.catalog import load_game, name_key
from scorer.result import HandError

HAND_B = ["ichinose-shiki", "mizumoto-yukari", "mimura-kanako", "shiomi-shuuko", "hayami-kanade",
          "shirasaka-koume", "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


def test_scout_refusal_names_tiles_in_english():
    game = load_game("cinderella-neo")
    with pytest.raises(HandError) as err:
        score("cinderella-neo", HAND_B, riichi=True, scouted=[["ichinose-shiki", "shiomi-shuuko", "hayami-kanade"]])
    message = str(err.value)
    assert "ichinose-shiki" not in message
    assert game.tile("shiomi-shuuko").name_en in message


@pytest.mark.parametrize("typed, reading", [("しゅーこ", "しゅうこ"), ("なたりあ", "なたーりあ"), ("シューコ", "しゅうこ"),
                                            ("なたーりあ", "なたりあ")])
def test_long_vowel_mark_folds(typed, reading):
    assert name_key(typed) == name_key(reading)


@pytest.mark.parametrize("typed, tile", [("しゅーこ", "shiomi-shuuko"), ("なたりあ", "nataaria"),
                                         ("しゅうこ", "shiomi-shuuko"), ("なたーりあ", "nataaria")])
def test_kana_with_or_without_long_vowel_finds_the_tile(typed, tile):
    """The palette's Find box: a part of a name, matched by ``name_key`` (app.components.tiles.named_like)."""
    game = load_game("cinderella-neo")
    found = [k.id for k in game.tiles if any(name_key(typed) in name_key(n) for n in k.names)]
    assert tile in found


def test_whole_reading_without_long_vowel_mark_names_the_tile():
    assert load_game("cinderella-neo").tile("なたりあ").id == "nataaria"


def test_no_two_tiles_share_a_key_in_any_game():
    from scorer.catalog import list_games
    for gid in list_games():
        game = load_game(gid)
        keys = {}
        for kind in game.tiles:
            for name in kind.names:
                keys.setdefault(name_key(name), set()).add(kind.id)
        shared = {k: v for k, v in keys.items() if len(v) > 1 and k}
        assert not shared, (gid, shared)
