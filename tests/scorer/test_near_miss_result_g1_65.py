"""Session 65 (G1): the swaps a near-miss reason names ("2 tiles from Basic set by swapping Kotoko for Minami") are
worked out once, by ``scorer.distance.near_miss``, and carried on the result (``extra["near_miss"]``: the yaku, how
many tiles away, each swap's tile out and the tiles named for it, in the order the words name them). The app's
Likely row read them from a search of its own, with its own yaku (no local ones), not the page's."""
from __future__ import annotations

import json
import random
import re

from scorer import load_game, parse_hand, score
from scorer.deal import random_hand
from scorer.distance import near_miss
from scorer.groups import GameIndex
from scorer.rules import donjara_rules
from scorer.search import enabled_yaku
from tilelens.cli import main

NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami", "minami", "ashu"]  # 1 tile from a win: Ashu for Minami
CG = ["shimamura-uzuki", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "matoba-risa", "shirasaka-koume",
      "hayami-kanade", "morikubo-nono", "nanba-emi"]  # 2 off: Kyoko Igarashi for Mio Honda, Nono Morikubo for Shin


def test_the_result_carries_the_swaps_its_reason_names():
    r = score("nogizaka", NOGI, riichi=True)
    assert "1 tile from" in r.reason and "by swapping Ashu for Minami" in r.reason
    near = r.extra["near_miss"]
    assert near["tiles_away"] == 1 and near["swaps"] == [{"out": "ashu", "in": ["minami"]}]
    assert {y.id: y for y in donjara_rules(load_game("nogizaka")).yaku}[near["yaku_id"]].name_en in r.reason
    r = score("cinderella-neo", CG, riichi=True)
    assert "swapping Kyoko Igarashi for Mio Honda and Nono Morikubo for Shin Sato" in r.reason
    assert r.extra["near_miss"]["tiles_away"] == 2
    assert r.extra["near_miss"]["swaps"] == [{"out": "igarashi-kyouko", "in": ["honda-mio"]},
                                             {"out": "morikubo-nono", "in": ["satou-shin"]}]


def test_none_where_the_reason_names_no_near_miss():
    assert "near_miss" not in score("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3, riichi=True).extra
    new_gen = ["shimamura-uzuki", "shibuya-rin", "honda-mio"]
    hand = [*new_gen, *CG[4:], "mimura-kanako"]  # 1 tile from 5-Star Unit: Nono Morikubo for Shin Sato
    assert score("cinderella-neo", hand, riichi=True).extra["near_miss"]["tiles_away"] == 1
    scouted = score("cinderella-neo", hand, riichi=True, scouted=[new_gen])  # the distance keeps no group whole
    assert "near_miss" not in scouted.extra and "swapping" not in scouted.reason


def test_the_public_search_is_the_one_the_reason_is_worded_from():
    game = load_game("cinderella-neo")
    near = near_miss(GameIndex.of(game), parse_hand(game, CG, game.hand_size),
                     enabled_yaku(donjara_rules(game).yaku, False))
    assert near is not None and near.away == 2
    assert [(out.id, [t.id for t in named]) for out, named in near.named()] == \
        [("igarashi-kyouko", ["honda-mio"]), ("morikubo-nono", ["satou-shin"])]
    assert near.as_extra() == score(game, CG, riichi=True).extra["near_miss"]


def _said_first(reason: str) -> list[tuple[str, str]]:
    """The swaps a reason says, each as (the tile out, the tile said first for it)."""
    words = reason.split(" by swapping ", 1)[1]
    return re.findall(r"(?:^| and )(.+?) for (.+?)(?: \(or [^)]*\)| or [^,]+?)?(?= and |$)", words)


def test_each_swap_said_is_the_one_carried_with_local_yaku_as_scored():
    game = load_game("cinderella-neo")
    names = {t.id: t.name_en or t.id for t in game.tiles}
    yaku = {y.id: y for y in donjara_rules(game).yaku}
    rng, seen = random.Random(65), 0
    for _ in range(40):
        tiles = random_hand(game, rng)
        for local in (False, True):
            r = score(game, tiles, riichi=True, local_yaku=local)
            near = r.extra.get("near_miss")
            if r.winning or near is None:
                assert r.winning or "tiles from" not in r.reason and "tile from" not in r.reason
                continue
            seen += 1
            y = yaku[near["yaku_id"]]
            assert f"{near['tiles_away']} tile{'s' if near['tiles_away'] > 1 else ''} from {y.name_en}" in r.reason
            assert local or not y.local
            if near["swaps"]:
                said = _said_first(r.reason)
                assert [(names[s["out"]], names[s["in"][0]]) for s in near["swaps"]] == said, (r.reason, near)
            else:
                assert "swapping" not in r.reason
    assert seen >= 5


def test_score_json_has_the_near_miss(capsys):
    assert main(["score", "--game", "nogizaka", "--riichi", *NOGI, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["extra"]["near_miss"]["swaps"] == [{"out": "ashu", "in": ["minami"]}]


def test_the_near_miss_is_of_the_yaku_scored_with():
    """Local yaku on, the hand is 1 tile from SP Live Set B; off, 2 from 5-Star Unit: the result carries the one its
    reason says (the app's own search took no local yaku, whatever the page scored with)."""
    hand = ["abe-nana", "kobayakawa-sae", "shiomi-shuuko", "nataaria", "nitta-minami", "hamaguchi-ayame",
            "jougasaki-rika", "hoshi-shouko", "matoba-risa"]
    off, on = (score("cinderella-neo", hand, riichi=True, local_yaku=local) for local in (False, True))
    assert "2 tiles from 5-Star Unit" in off.reason and off.extra["near_miss"]["yaku_id"] == "five-star-unit"
    assert "1 tile from SP Live Set B" in on.reason and "swapping Rika Jogasaki for Akari Tsujino" in on.reason
    assert on.extra["near_miss"] == {"yaku_id": "sp-live-set-b", "tiles_away": 1,
                                     "swaps": [{"out": "jougasaki-rika", "in": ["tsujino-akari"]}]}
