"""Cinderella Girls: a scouted group is fixed as it was declared (RULES.md 000, Scout: "A hand with scouted
groups has them fixed"; seed 000: the scouted tile "along with the other tiles required to complete a set or
unit must be revealed ... face up"). It is one of the hand's groups exactly: never split, and never merged
with other tiles into a larger group. Only a yaku of the whole hand (one 9-tile group) may hold it."""
import pytest

from scorer import score, waits

GAME = "cinderella-neo"

# cool Vo status set (takafuji-kako ninomiya-asuka yamato-aki) scouted; with takagaki-kaede and matsunaga-ryou
# its three tiles are the 5-member unit Max Beat
MAX_BEAT_HAND = ["matsunaga-ryou", "kawashima-mizuki", "takafuji-kako", "wakiyama-tamami", "kita-hinako",
                 "ninomiya-asuka", "yamato-aki", "jougasaki-mika", "takagaki-kaede"]
MAX_BEAT_SCOUTED = ["takafuji-kako", "ninomiya-asuka", "yamato-aki"]
# CANDY ISLAND (mimura-kanako futaba-anzu ogata-chieri) scouted; with koshimizu-sachiko it is the 4-member unit
# "CANDY ISLAND with 輿水幸子"
CANDY_HAND = ["otokura-yuuki", "takagaki-kaede", "mimura-kanako", "almighty-cool", "shiina-noriko", "futaba-anzu",
              "ootsuki-yui", "ogata-chieri", "koshimizu-sachiko"]
CANDY_SCOUTED = ["mimura-kanako", "futaba-anzu", "ogata-chieri"]
# 凸レーション with 城ヶ崎美嘉 (4 members) is トロピカル☆スターズ (5 members) without honda-mio
DEKO_4 = ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari"]
TROPICAL_HAND = DEKO_4 + ["honda-mio", "hino-akane", "nataaria", "mizumoto-yukari", "mimura-kanako"]


def _groups(result):
    return [sorted(g["tiles"]) for g in result.decomposition]


@pytest.mark.parametrize("hand, scouted", [(MAX_BEAT_HAND, MAX_BEAT_SCOUTED), (CANDY_HAND, CANDY_SCOUTED)],
                         ids=["status-set-into-a-5-member-unit", "3-member-unit-into-a-4-member-unit"])
def test_a_scouted_group_is_never_merged_into_a_larger_group(hand, scouted):
    assert score(GAME, hand, riichi=True).winning  # unscouted, the larger unit wins
    result = score(GAME, hand, riichi=True, scouted=[scouted])
    assert not result.winning and "scouted" in result.reason and "スカウト" in result.reason_ja


def test_waits_never_merge_a_scouted_group_into_a_larger_group():
    short = [t for t in MAX_BEAT_HAND if t != "takagaki-kaede"]
    assert "takagaki-kaede" in {w.tile for w in waits(GAME, short)}
    assert "takagaki-kaede" not in {w.tile for w in waits(GAME, short, scouted=[MAX_BEAT_SCOUTED])}


def test_a_scouted_group_that_is_a_group_of_the_win_still_scores():
    result = score(GAME, MAX_BEAT_HAND, riichi=True)
    unit = next(g["tiles"] for g in result.decomposition if len(g["tiles"]) == 5)
    fixed = score(GAME, MAX_BEAT_HAND, riichi=True, scouted=[unit])
    assert fixed.winning and fixed.yaku[0].points == 36 and sorted(unit) in _groups(fixed)
    candy = score(GAME, CANDY_HAND, riichi=True, scouted=[["mimura-kanako", "futaba-anzu", "ogata-chieri",
                                                            "koshimizu-sachiko"]])
    assert candy.winning and candy.yaku[0].points == 36


def test_a_scouted_unit_of_four_stays_four():
    # unscouted: トロピカル☆スターズ + two 2-tile status sets (5-Star Unit)
    free = score(GAME, TROPICAL_HAND, riichi=True)
    assert free.yaku[0].name_en == "5-Star Unit"
    result = score(GAME, TROPICAL_HAND, riichi=True, scouted=[DEKO_4])
    assert result.winning and result.yaku[0].name_en == "Quartet Unit" and result.yaku[0].points == 36
    assert sorted(DEKO_4) in _groups(result)
    assert sorted(DEKO_4 + ["honda-mio"]) not in _groups(result)


def test_a_scouted_set_still_sits_inside_a_yaku_of_the_whole_hand():
    cute_vo = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "fujimoto-rina", "ichinose-shiki",
               "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose", "shirayuki-chiyo"]
    assert score(GAME, cute_vo, riichi=True, scouted=[cute_vo[3:6]]).yaku[0].points == 42
