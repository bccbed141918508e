"""A hand typed over another (different tiles) starts with no scouted groups, as Clear does."""
from app_helpers import type_hand

HAND_A = ("Shiki Ichinose, Syuko Shiomi, Kanade Hayami, Frederica Miyamoto, Mika Jogasaki, Riina Tada, Miku Maekawa, "
          "Yui Ohtsuki, Yuki Himekawa")
HAND_B = ("Shiki Ichinose, Yukari Mizumoto, Kanako Mimura, Syuko Shiomi, Kanade Hayami, Koume Shirasaka, "
          "Aiko Takamori, Yui Ohtsuki, Yuki Himekawa")
LIPPS = ["ichinose-shiki", "shiomi-shuuko", "hayami-kanade", "miyamoto-furederika", "jougasaki-mika"]


def test_a_new_typed_hand_drops_the_last_hands_scouted_groups(home, page):
    at = type_hand(page("score_manual", "cinderella-neo"), HAND_A)
    at.multiselect(key="manual_scout_0").set_value(LIPPS).run()
    assert at.success and not at.error
    type_hand(at, HAND_B)
    assert not at.exception
    assert at.multiselect(key="manual_scout_0").value == []
    assert not at.error and at.success


def test_the_same_hand_typed_again_keeps_its_scouted_group(home, page):
    at = type_hand(page("score_manual", "cinderella-neo"), HAND_A)
    at.multiselect(key="manual_scout_0").set_value(LIPPS).run()
    type_hand(at, HAND_A)
    assert at.multiselect(key="manual_scout_0").value == LIPPS
