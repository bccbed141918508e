"""Property tests (round 47): waits and score agree with the table in view (indicators, discards, melds),
the red five counts one dora wherever it sits, a dora indicator's next tile wraps, a Donjara hand's waits,
distance, names and restrictions agree. Each property is checked on seeded hands (``derandomize``)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import load_game, score, tiles_from_win, waits
from scorer.deal import random_near_win, random_open_hand, random_winning_hand
from scorer.result import TilelensInputError
from scorer.riichi import score as riichi_score
from scorer.riichi import waits as riichi_waits
from scorer.riichi_hand import flat_dict
from scorer.riichi_tiles import parse_mpsz, tile_ids

DONJARA = ["cinderella-neo", "nogizaka", "yokai-watch"]
MAHJONG = load_game("tokyo-mahjong")
PLAIN = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
RIICHI = settings(SETTINGS, max_examples=100)  # a riichi hand scores in milliseconds
CLOSED_ONLY = ("Riichi", "Pinfu", "Iipeikou", "Menzen", "Ryanpeikou", "Chiitoitsu", "Ippatsu", "Double Riichi")


def _kind(tile: str) -> str:
    """The kind of a tile id: a red five is a five."""
    return f"5{tile[1]}" if tile[0] == "0" else tile


def _next(indicator: str) -> str:
    """The dora an indicator shows: the next tile, 9 -> 1, north -> east, red dragon -> white."""
    n, suit = int(_kind(indicator)[0]), indicator[1]
    if suit in "mps":
        return f"{n % 9 + 1}{suit}"
    return f"{n % 4 + 1}z" if n <= 4 else f"{(n - 4) % 3 + 5}z"


def _meld_tiles(melds: list[str]) -> list[str]:
    return [t for m in melds for t in tile_ids(parse_mpsz(m.split(":", 1)[1]))]


def _closed_hand(rng: random.Random) -> list[str]:
    """14 tiles as a pair and four sets, often of one or two suits (interlocking runs), a five now and then red."""
    suits = rng.choice(["m", "mp", "mps"])
    while True:
        held = [f"{rng.randint(1, 9)}{rng.choice(suits)}" if rng.random() < 0.8 else f"{rng.randint(1, 7)}z"] * 2
        for _ in range(4):
            suit = rng.choice(suits)
            if rng.random() < 0.7:
                start = rng.randint(1, 7)
                held += [f"{start + i}{suit}" for i in range(3)]
            else:
                held += [f"{rng.randint(1, 9)}{suit}"] * 3
        counts = Counter(held)
        if max(counts.values()) <= 4:
            break
    out = []
    for kind, n in counts.items():
        reds = 1 if kind[0] == "5" and kind[1] in "mps" and (n == 4 or rng.random() < 0.3) else 0
        out += [f"0{kind[1]}"] * reds + [kind] * (n - reds)
    rng.shuffle(out)
    return out


# --- riichi: waits as the table shows them -------------------------------------------------------------------

def test_a_five_whose_plain_copies_are_all_in_view_is_waited_on_as_the_red_five():
    """Two plain 5m in the hand and the third turned over as the dora indicator: the only 5m left is the red
    one, so the wait is 0m, worth its dora (as score gives it), not a plain 5m that score refuses."""
    found = {w.tile: w for w in riichi_waits(MAHJONG, "234m55m789p123s11z", dora_indicators="5m", riichi=True)}
    assert "5m" not in found and "0m" in found
    assert found["0m"].remaining == 1 and found["0m"].ron.extra["dora"]["aka_dora"] == 1
    won = riichi_score(MAHJONG, "234m550m789p123s11z", win_tile="0m", dora_indicators="5m", riichi=True, win="ron")
    assert found["0m"].points == won.points == 2600


def test_a_plain_five_discarded_leaves_the_red_one_to_wait_on():
    """Two plain 5m held and the third among the own discards: the wait is the red 5m (tsumo only: furiten)."""
    found = {w.tile: w for w in riichi_waits(MAHJONG, "234m55m789p123s11z", discards="5m", riichi=True)}
    assert "0m" in found and "5m" not in found
    assert found["0m"].tsumo.extra["dora"]["aka_dora"] == 1
    assert "furiten" in found["0m"].ron.extra  # 5m was discarded: no ron on any five of man


def test_a_plain_five_in_a_meld_counts_among_the_copies_in_view():
    """Two plain 5m held and the third in a called run: the wait is the red 5m (a guard: melds counted before)."""
    found = {w.tile: w for w in riichi_waits(MAHJONG, "55m789p11z555z", melds="chi:456m")}
    assert "0m" in found and "5m" not in found
    assert found["0m"].tsumo.winning and found["0m"].tsumo.extra["dora"]["aka_dora"] == 1


@RIICHI
@given(seed=st.integers(0, 10**6))
def test_each_wait_scores_as_score_does_with_the_same_table(seed):
    """For a 13-tile hand with indicators, own discards and melds: each tile ``waits`` lists, added to the hand,
    scores exactly as ``score`` scores it, ron and tsumo (a wait with copies left is never refused)."""
    rng = random.Random(seed)
    if seed % 3 == 0:
        hand, melds = random_open_hand(MAHJONG, rng)
    else:
        hand, melds = _closed_hand(rng), []
    i = rng.randrange(len(hand))
    short = hand[:i] + hand[i + 1:]
    seen = PLAIN if seed % 2 else sorted({_kind(t) for t in short})  # often copies of the hand's own tiles
    table = dict(melds=melds, seat=rng.choice(["east", "south", "west", "north"]), honba=rng.randint(0, 2),
                 dora_indicators=rng.sample(seen, min(len(seen), rng.randint(0, 2))),
                 discards=rng.sample(seen, min(len(seen), rng.randint(0, 2))), riichi=not melds and rng.random() < 0.5)
    try:
        found = riichi_waits(MAHJONG, short, **table)
    except TilelensInputError:  # more copies in view than the set holds: nothing to check
        return
    assert any(_kind(w.tile) == _kind(hand[i]) for w in found)
    for w in found:
        for win, listed in (("ron", w.ron), ("tsumo", w.tsumo)):
            try:
                scored = riichi_score(MAHJONG, short + [w.tile], win_tile=w.tile, win=win, **table)
            except TilelensInputError:
                assert w.remaining == 0, (short, table, w.tile)  # only a tile with every copy in view
                continue
            assert flat_dict(scored) == flat_dict(listed)


# --- riichi: dora ---------------------------------------------------------------------------------------------

@RIICHI
@given(seed=st.integers(0, 10**6), indicators=st.lists(st.sampled_from(PLAIN + ["0m", "0p", "0s"]), min_size=1,
                                                        max_size=3), win=st.sampled_from(["ron", "tsumo"]))
def test_dora_indicators_count_the_next_tile_and_never_lower_the_points(seed, indicators, win):
    rng = random.Random(seed)
    hand = _closed_hand(rng)
    table = dict(win_tile=rng.choice(hand), win=win, riichi=True)
    try:
        plain = riichi_score(MAHJONG, hand, **table)
        with_dora = riichi_score(MAHJONG, hand, dora_indicators=indicators, **table)
    except TilelensInputError:  # an indicator the hand already holds every copy of
        return
    assert with_dora.points >= plain.points
    if "yakuman" in (plain.extra["limit"] or ""):
        return
    expected = sum(_kind(t) == _next(ind) for ind in indicators for t in hand)
    assert with_dora.extra["dora"]["dora"] == expected
    assert with_dora.extra["han"] == plain.extra["han"] + expected
    assert plain.extra["dora"]["aka_dora"] == sum(t[0] == "0" for t in hand)


@pytest.mark.parametrize("indicator, dora", [("9m", "1m"), ("9s", "1s"), ("4z", "1z"), ("7z", "5z"), ("5z", "6z"),
                                             ("0p", "6p"), ("3z", "4z")])
def test_an_indicator_shows_the_next_tile_wrapping(indicator, dora):
    assert _next(indicator) == dora
    tiles = {"1m": "111m456p789s234s55z", "1s": "111s456p789m234m55z", "1z": "111z456p789s234s55z",
             "5z": "234m456p789s11z555z", "6z": "234m456p789s11z666z", "6p": "234m666p789s11z555z",
             "4z": "234m456p789s44z555z"}[dora]
    r = riichi_score(MAHJONG, tiles, riichi=True, win="tsumo", dora_indicators=indicator)
    assert r.winning and r.extra["dora"]["dora"] == sum(_kind(t) == dora for t in tile_ids(parse_mpsz(tiles)))


@RIICHI
@given(seed=st.integers(0, 10**6), win=st.sampled_from(["ron", "tsumo"]))
def test_a_red_five_is_one_dora_in_a_meld_or_in_the_hand(seed, win):
    rng = random.Random(seed)
    hand, melds = random_open_hand(MAHJONG, rng)
    base = riichi_score(MAHJONG, hand, win=win, melds=melds)
    for j, meld in enumerate(melds):
        kind, tiles = meld.split(":")
        if tiles[-1] in "mps" and "5" in tiles[:-1]:
            red = melds[:j] + [f"{kind}:{tiles[:-1].replace('5', '0', 1)}{tiles[-1]}"] + melds[j + 1:]
            with_red = riichi_score(MAHJONG, hand, win=win, melds=red)
            assert with_red.winning is base.winning
            if base.winning and "yakuman" not in (base.extra["limit"] or ""):
                assert with_red.extra["dora"]["aka_dora"] == 1
                assert with_red.extra["han"] == base.extra["han"] + 1
    fives = [i for i, t in enumerate(hand) if t[0] == "5" and t[1] in "mps"]
    if fives:
        i = fives[0]
        red_hand = hand[:i] + [f"0{hand[i][1]}"] + hand[i + 1:]
        for w in (i, len(hand) - 1):  # the red five as the winning tile, and elsewhere in the hand
            a = riichi_score(MAHJONG, hand, win=win, melds=melds, win_tile=hand[w])
            b = riichi_score(MAHJONG, red_hand, win=win, melds=melds, win_tile=red_hand[w])
            assert a.winning is b.winning
            if a.winning and "yakuman" not in (a.extra["limit"] or ""):
                assert b.extra["dora"]["aka_dora"] == 1 and b.extra["han"] == a.extra["han"] + 1


@RIICHI
@given(seed=st.integers(0, 10**6), win=st.sampled_from(["ron", "tsumo"]), players=st.sampled_from([2, 3, 4]))
def test_open_hands_get_no_closed_only_yaku_and_the_fu_shown_adds_up(seed, win, players):
    rng = random.Random(seed)
    hand, melds = random_open_hand(MAHJONG, rng) if seed % 2 else (_closed_hand(rng), [])
    r = riichi_score(MAHJONG, hand, win=win, melds=melds, players=players, seat=rng.choice(["east", "south"]),
                     honba=seed % 3)
    if not r.winning:
        return
    assert sum(p.amount for p in r.payments) == r.points and all(p.amount > 0 for p in r.payments)
    assert len(r.payments) == (1 if win == "ron" else players - 1)
    if any(not m.startswith("ankan") for m in melds):
        assert not [y.name_en for y in r.yaku if y.name_en.startswith(CLOSED_ONLY)]
    shown = sum(d["fu"] for d in r.extra["fu_details"])
    if r.extra["fu"] == 25:
        assert shown == 25 and any(y.name_en.startswith("Chiitoitsu") for y in r.yaku)
    elif "yakuman" not in (r.extra["limit"] or ""):
        assert r.extra["fu"] in (-(-shown // 10) * 10, 30)  # rounded up; an open hand without fu is 30
        assert r.extra["fu"] == -(-shown // 10) * 10 or (melds and shown <= 22)
    split = sorted(_kind(t) for g in r.decomposition for t in g["tiles"])
    assert split == sorted(_kind(t) for t in hand + _meld_tiles(melds))


# --- Donjara ----------------------------------------------------------------------------------------------------

@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_a_dealt_hand_is_one_tile_from_a_win_exactly_when_it_has_waits(seed):
    rng = random.Random(seed)
    game_id = DONJARA[seed % 3]
    hand = random_winning_hand(game_id, rng, almighty_rate=0.4) if seed % 2 else random_near_win(game_id, rng)
    i = rng.randrange(len(hand))
    short = hand[:i] + hand[i + 1:]
    assert (tiles_from_win(game_id, short) == 1) is bool(waits(game_id, short))


@SETTINGS
@given(seed=st.integers(0, 10**6), win=st.sampled_from(["tsumo", "ron"]))
def test_donjara_waits_agree_with_score_on_the_winning_tile(seed, win):
    """Every wait, named as the winning tile, wins with the value waits gives (an Almighty as its note says:
    chombo, or tsumo only); ids and Japanese names, in any order, list the same waits."""
    rng = random.Random(seed)
    game_id = DONJARA[seed % 3]
    game = load_game(game_id)
    hand = random_winning_hand(game_id, rng, almighty_rate=0.5)
    i = rng.randrange(len(hand))
    short = hand[:i] + hand[i + 1:]
    found = waits(game_id, short)
    names = [game.tile(t).name_ja for t in rng.sample(short, len(short))]
    assert [(w.tile, w.points) for w in waits(game_id, names)] == [(w.tile, w.points) for w in found]
    for w in found:
        r = score(game_id, short + [w.tile], riichi=True, win=win, winning_tile=w.tile)
        assert r.value == 0 or r.yaku[0].points == w.points
        if not game.tile(w.tile).almighty:
            assert r.winning and r.yaku[0].points == w.points
        elif "chombo" in w.note:
            assert r.chombo and not r.winning
        elif "tsumo only" in w.note:
            assert r.winning is (win == "tsumo")
        else:
            assert r.winning


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_scouting_a_group_of_the_win_keeps_it_a_win_and_never_raises_it(seed):
    """A scouted group only restricts the splits: fixing a 3-tile group of the winning split keeps the win, at
    no more than its value; local yaku only add yaku, so they never lower a value."""
    rng = random.Random(seed)
    game_id = "cinderella-neo"
    game = load_game(game_id)
    hand = random_winning_hand(game_id, rng, almighty_rate=0.4)
    r = score(game_id, hand, riichi=True)
    local = score(game_id, hand, riichi=True, local_yaku=True)
    assert r.winning and local.winning and local.points >= r.points
    for g in r.decomposition:
        if len(g["tiles"]) == 3 and g["kind"] in ("status-set", "unit") \
                and not all(game.tile(t).almighty for t in g["tiles"]):
            fixed = score(game_id, hand, riichi=True, scouted=[g["tiles"]])
            assert fixed.winning and fixed.points <= r.points


@pytest.mark.parametrize("short, scouted, drawn", [
    (["takafuji-kako", "shiina-noriko", "almighty-cool", "nitta-minami", "yuuki-haru", "matoba-risa", "yamato-aki",
      "hayasaka-mirei"], ["hayasaka-mirei", "yuuki-haru", "matoba-risa", "almighty-cool"], "sunazuka-akira"),
    (["moroboshi-kirari", "murakami-tomoe", "abe-nana", "himekawa-yuki", "akagi-miria", "yorita-yoshino",
      "almighty-passion", "jougasaki-rika"], ["jougasaki-rika", "moroboshi-kirari", "akagi-miria", "almighty-passion"],
     "jougasaki-mika"),
], ids=["COLOR-BEAT", "dekoration-with-mika"])
def test_a_scouted_unit_is_not_refused_once_the_member_its_almighty_stood_for_is_drawn(short, scouted, drawn):
    """A 4-member unit scouted with an Almighty for its fourth member (COLOR★BEAT for 砂塚あきら, 凸レーション with
    城ヶ崎美嘉), who is drawn later. The group is still that unit: score answers (no win: a unit never holds a
    member twice, so no split uses it), as waits does, instead of refusing the group as "not a set or a unit of
    the game" or as a group of another kind that a Scout never completes."""
    assert drawn not in {w.tile for w in waits("cinderella-neo", short, scouted=[scouted])}
    r = score("cinderella-neo", short + [drawn], riichi=True, scouted=[scouted])
    assert not r.winning and r.reason.startswith("no yaku") and "scouted" in r.reason


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_waits_and_score_agree_on_a_hand_with_a_scouted_group(seed):
    """Cinderella Girls: a group of the winning split scouted, one other tile drawn away: each tile wins the
    hand (scouted group kept) exactly when waits lists it, at the value waits gives; score never refuses the
    scouted group that waits took."""
    rng = random.Random(seed)
    game_id = "cinderella-neo"
    game = load_game(game_id)
    hand = random_winning_hand(game_id, rng, almighty_rate=0.6)
    groups = [g["tiles"] for g in score(game_id, hand, riichi=True).decomposition
              if len(g["tiles"]) >= 3 and g["kind"] in ("status-set", "unit")
              and not all(game.tile(t).almighty for t in g["tiles"])]
    if not groups:
        return
    scouted = [rng.choice(groups)]
    rest = list(hand)
    for t in scouted[0]:
        rest.remove(t)
    if not rest:
        return
    short = list(hand)
    short.remove(rng.choice(rest))
    found = {w.tile: w.points for w in waits(game_id, short, scouted=scouted)}
    for kind in game.tiles:
        if kind.id not in short:
            r = score(game_id, short + [kind.id], riichi=True, scouted=scouted)
            assert r.winning is (kind.id in found)
            assert not r.winning or r.yaku[0].points == found[kind.id]
