"""Per-yaku audit against RULES.md: each yaku a hand that has exactly it and a near miss that must not.

Hands are built from RULES.md's words (the shape column, the Almighty and payout lines), not from the code.
The exact hits already pinned elsewhere (test_cinderella_rules.YAKU_TABLE, test_riichi_yaku.CASES) are not
repeated; this file adds the near misses they lacked and the rules lines no test said.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scorer import load_game, score
from scorer import riichi as _riichi
from scorer.engine import all_yaku
from scorer.riichi_rules import RiichiRules, rules_for
from scorer.rules import donjara_rules

CG = "cinderella-neo"
TIARA_8 = ["totoki-airi", "kanzaki-ranko", "shibuya-rin", "shiomi-shuuko", "shimamura-uzuki", "takagaki-kaede",
           "abe-nana", "honda-mio"]  # the 10 tiara idols less houjou-karen and sagisawa-fumika (both Cool)
WM_8 = ["akagi-miria", "anasutashia", "kohinata-miho", "jougasaki-mika", "jougasaki-rika", "shirasaka-koume",
        "tada-riina", "hino-akane"]
LIPPS = ["ichinose-shiki", "shiomi-shuuko", "hayami-kanade", "miyamoto-furederika", "jougasaki-mika"]
NG = ["shibuya-rin", "shimamura-uzuki", "honda-mio"]
HAPPY_TWIN = ["moroboshi-kirari", "futaba-anzu"]
MIROIR = ["hisakawa-nagi", "hisakawa-hayate"]
ASTERISK = ["tada-riina", "maekawa-miku"]
CUTE_DA = ["kohinata-miho", "sakurai-momoka", "seki-hiromi"]
COOL_VO = ["kawashima-mizuki", "nitta-minami", "takagaki-kaede"]
PASSION_VI = ["takamori-aiko", "ootsuki-yui", "himekawa-yuki"]
CUTE_VO_8 = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "fujimoto-rina", "ichinose-shiki",
             "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose"]
WISH_7 = ["abe-nana", "kobayakawa-sae", "shiomi-shuuko", "nataaria", "nitta-minami", "hamaguchi-ayame",
          "tsujino-akari"]  # Wish you Happiness!!, a 7-member unit
FLAMME = ["fujiwara-hajime", "mifune-miyu", "kiryuu-tsukasa", "hoshi-shouko"]  # Flamme Martini, 4 members


def names(hand, local=False):
    return [y.name_en for y in all_yaku(CG, hand, local_yaku=local)]


# --- 000 Cinderella Girls: near misses (the exact hits are test_cinderella_rules.YAKU_TABLE) ---------------------

def test_cinderella_girls_needs_all_9_from_the_tiara_idols():
    assert names(TIARA_8 + ["houjou-karen"])[0] == "Cinderella Girls"
    assert "Cinderella Girls" not in names(TIARA_8 + ["kamiya-nao"])  # a Cool Vi idol with no tiara


def test_cinderella_girls_almighty_stands_for_a_tiara_idol_of_its_own_type_only():
    # RULES.md 000: "Almighty: stands for any idol of its own type"; the missing tiara idols are both Cool
    assert names(TIARA_8 + ["almighty-cool"])[0] == "Cinderella Girls"
    assert "Cinderella Girls" not in names(TIARA_8 + ["almighty-cute"])


def test_wonderful_magic_needs_all_9_from_its_19_members():
    assert names(WM_8 + ["futaba-anzu"])[0] == "WONDERFUL M@GIC!!"
    assert "WONDERFUL M@GIC!!" not in names(WM_8 + ["kamiya-nao"])


@pytest.mark.parametrize("ninth", ["kawashima-mizuki", "kohinata-miho"], ids=["other-type", "other-status"])
def test_ensemble_needs_one_type_and_one_status_mark_for_all_9(ninth):
    assert not any(n.startswith("Ensemble") for n in names(CUTE_VO_8 + [ninth]))


def test_five_star_needs_a_5_member_unit():
    assert names(LIPPS + HAPPY_TWIN + MIROIR)[0] == "5-Star Unit"
    # five Cool Vo idols are a status set of 5, no unit
    five_cool_vo = ["kawashima-mizuki", "nitta-minami", "takagaki-kaede", "wakiyama-tamami", "yamato-aki"]
    assert "5-Star Unit" not in names(five_cool_vo + HAPPY_TWIN + MIROIR)


def test_five_star_pairs_must_each_be_a_unit_or_a_status_set():
    # a Cute Vo and a Cool Vo idol: same mark, not the same type, no 2-member unit
    assert "5-Star Unit" not in names(LIPPS + MIROIR + ["mizumoto-yukari", "kawashima-mizuki"])


def test_quartet_needs_a_4_member_unit_not_4_of_a_larger_one():
    assert names(FLAMME + NG + ASTERISK)[0] == "Quartet Unit"
    assert "Quartet Unit" not in names(LIPPS[:4] + NG + ASTERISK)  # 4 of the 5 LiPPS


def test_quartet_group_of_2_must_be_a_group():
    assert "Quartet Unit" not in names(FLAMME + NG + ["mizumoto-yukari", "kawashima-mizuki"])


def test_normal_live_needs_a_3_member_unit_not_3_of_a_larger_one():
    assert names(NG + CUTE_DA + COOL_VO)[0] == "Normal Live Unit"
    three_lipps = ["shiomi-shuuko", "hayami-kanade", "ichinose-shiki"]  # 3 of the 5 LiPPS, no unit of 3
    assert "Normal Live Unit" not in names(three_lipps + CUTE_DA + PASSION_VI)


def test_start_dash_the_group_of_3_may_be_one_of_the_two_units():
    # RULES.md 000: "a group of 3 + three groups of 2, at least two of the groups units": #UNICUS (3) + miroir
    unicus = ["sunazuka-akira", "tsujino-akari", "yumemi-riamu"]
    pairs = ["wakiyama-tamami", "yamato-aki", "kohinata-miho", "sakurai-momoka"]  # a Cool Vo and a Cute Da pair
    assert names(unicus + MIROIR + pairs) == ["Start Dash Live Unit"]
    assert names(unicus + ["hino-akane", "honda-mio"] + pairs) == []  # one unit only (a Passion Da pair)


def test_tricolore_almighty_stands_for_a_member_of_its_own_type_only():
    cute = ["ogata-chieri", "shimamura-uzuki"]  # ピンキーキュート less kohinata-miho (Cute)
    rest = ["kamiya-nao", "shibuya-rin", "houjou-karen", "katagiri-sanae", "hori-yuuko", "oikawa-shizuku"]
    assert names(cute + ["almighty-cute"] + rest)[0] == "Tricolore Unit"
    assert "Tricolore Unit" not in names(cute + ["almighty-passion"] + rest)


def test_status_set_almighty_is_of_the_set_s_type_only():
    assert names(CUTE_VO_8 + ["almighty-cute"])[0] == "Ensemble Set (Cute)"
    # (the Cool Almighty may still make a unit with two of them: a Normal Live Unit, not an Ensemble)
    assert not any(n.startswith("Ensemble") or n.startswith("Symphony") for n in names(CUTE_VO_8 + ["almighty-cool"]))


def test_rehearsal_needs_three_status_sets():
    assert names(CUTE_DA + COOL_VO + PASSION_VI) == ["Rehearsal Live Set"]
    mixed = ["takamori-aiko", "ootsuki-yui", "hino-akane"]  # two Passion Vi and a Passion Da
    assert not score(CG, CUTE_DA + COOL_VO + mixed, riichi=True).winning


def test_sp_a_is_9_of_a_9_to_11_member_unit_only():
    # 9 of the 19 WONDERFUL M@GIC!!: not SP A (a 9-11 member unit) even with the local yaku on
    assert names(WM_8 + ["futaba-anzu"], local=True) == ["WONDERFUL M@GIC!!"]
    assert score(CG, WM_8 + ["futaba-anzu"], riichi=True, local_yaku=True).yaku[0].points == 48


def test_sp_b_pair_must_be_a_group():
    assert "SP Live Set B" in names(WISH_7 + HAPPY_TWIN, local=True)
    assert "SP Live Set B" not in names(WISH_7 + ["mizumoto-yukari", "kawashima-mizuki"], local=True)


def test_sp_c_a_6_member_unit_and_a_group_of_3(tmp_path: Path):
    """The shared roster has no 6-member unit, so SP C is checked on a copy of the game with one added."""
    text = (Path(__file__).parents[2] / "scorer" / "games" / "cinderella-neo.toml").read_text(encoding="utf-8")
    marker = "# ---- rules: hand-written below this line"
    six = ["kamiya-nao", "mifune-miyu", "tachibana-arisu", "matsunaga-ryou", "sajou-yukimi", "anasutashia"]
    unit = f'[[units]]\nname = "six"\nmembers = {six!r}\n\n'.replace("'", '"')
    house = tmp_path / "six.toml"
    house.write_text(text.replace(marker, unit + marker, 1), encoding="utf-8")
    game = load_game(str(house))
    hit = score(game, six + CUTE_DA, riichi=True, local_yaku=("sp-live-set-c",))
    assert (hit.yaku[0].name_en, hit.yaku[0].points) == ("SP Live Set C", 42)
    off = score(game, six + CUTE_DA, riichi=True)  # local: off by default
    assert not off.yaku or off.yaku[0].name_en != "SP Live Set C"
    # 6 of the 7-member Wish you Happiness!! is no 6-member unit
    assert "SP Live Set C" not in [y.name_en for y in all_yaku(game, WISH_7[:6] + CUTE_DA, local_yaku=True)]


def test_cinderella_default_table_values_and_local_flags():
    table = {y.id: (y.points, y.local) for y in donjara_rules(load_game(CG)).yaku}
    assert table == {"cinderella-girls": (60, False), "wonderful-magic": (48, False), "ensemble-set": (42, False),
                     "five-star-unit": (36, False), "quartet-unit": (36, False), "symphony-set": (24, False),
                     "tricolore-unit": (24, False), "normal-live-unit": (12, False),
                     "start-dash-live-unit": (6, False), "rehearsal-live-set": (3, False),
                     "sp-live-set-a": (60, True), "sp-live-set-b": (42, True), "sp-live-set-c": (42, True)}


def test_cinderella_tiles_and_units_are_rules_md_s():
    game = load_game(CG)
    almighty = [t for t in game.tiles if t.almighty]
    assert sorted(t.stands_for["type"] for t in almighty) == ["cool", "cute", "passion"]
    idols = Counter((t.attrs["type"], t.attrs["status"]) for t in game.tiles if not t.almighty)
    assert set(idols.values()) == {9} and len(idols) == 9  # 27 per type, 9 per status mark
    units = {u.name: u.members for u in game.units}
    assert len(units["歴代シンデレラガール"]) == 10 and len(units["WONDERFUL M@GIC!!"]) == 19
    assert {t.id for t in game.tiles if t.attrs.get("tiara") == "yes"} == set(units["歴代シンデレラガール"])


def test_cinderella_tsumo_with_favourite_doubles_and_splits():
    # favourite doubles the payout (12 -> 24), then the tsumo split: 24 among 3 = 8 each
    result = score(CG, NG + CUTE_DA + COOL_VO, riichi=True, win="tsumo", players=4, favourite="shimamura-uzuki")
    assert [p.amount for p in result.payments] == [8, 8, 8] and result.points == 24


def test_cinderella_several_ron_has_both_options():
    assert load_game(CG).rules["table"]["multiple_ron"] == ["one-winner", "each-in-full"]


# --- 001 Nogizaka -------------------------------------------------------------------------------------------------

NOGI = "nogizaka"


def test_nogizaka_tiles_are_rules_md_s():
    game = load_game(NOGI)
    members = [t for t in game.tiles if not t.almighty]
    assert len(members) == 12 and {t.copies for t in members} == {6}
    by_colour = Counter(t.attrs["colour"] for t in members)
    assert by_colour == {"pink": 3, "lightblue": 3, "yellow": 3, "green": 3}
    almighty = {t.id: t.copies for t in game.tiles if t.almighty}
    assert almighty == {"almighty-pink": 2, "almighty-lightblue": 2, "almighty-yellow": 2, "almighty-green": 1,
                        "almighty-god": 2}
    rules = donjara_rules(game)
    assert [(y.id, y.points, y.local) for y in rules.yaku] == [("basic-set", 60, False)]


def test_nogizaka_god_almighty_stands_for_anyone_colour_almighty_for_its_colour_only():
    # a god Almighty in a green set; a pink Almighty in a light-blue set is no set
    assert score(NOGI, ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"], riichi=True).winning
    assert not score(NOGI, ["rarin", "rarin", "almighty-pink"] + ["miona"] * 3 + ["kotoko"] * 3,
                     riichi=True).winning


def test_nogizaka_chombo_costs_300_in_each_case():
    rules = load_game(NOGI).rules["chombo"]
    assert rules["penalty"] == 300
    assert set(rules["cases"]) == {"false-win", "ron-on-own-discard", "win-on-almighty"}


@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_nogizaka_winning_on_an_almighty_is_chombo_by_ron_and_by_tsumo(win):
    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-green"]
    result = score(NOGI, hand, riichi=True, win=win, winning_tile="almighty-green")
    assert (result.winning, result.chombo, result.penalty) == (False, "win-on-almighty", 300)
    assert score(NOGI, hand, riichi=True, win=win, winning_tile="kotoko").winning  # the near miss: a member tile


def test_nogizaka_several_ron_nearest_clockwise_only():
    assert load_game(NOGI).rules["table"]["multiple_ron"] == ["nearest-clockwise"]


# --- 003 Yokai Watch ----------------------------------------------------------------------------------------------

YW = "yokai-watch"


def test_yokai_watch_default_catalog_and_yaku():
    game = load_game(YW)
    pictures = [t for t in game.tiles if not t.almighty]
    assert len(pictures) == 26 and {t.copies for t in pictures} == {3}
    assert [(t.copies, t.stands_for) for t in game.tiles if t.almighty] == [(3, {})]
    assert [(y.id, y.points) for y in donjara_rules(game).yaku] == [("basic-set", 100)]
    assert load_game(YW).rules["table"]["multiple_ron"] == ["nearest-clockwise"]


def test_yokai_watch_ron_on_an_almighty_is_refused_but_is_no_chombo():
    # RULES.md 003 names no chombo: a refused ron costs nothing
    result = score(YW, ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"], riichi=True,
                   win="ron", winning_tile="almighty")
    assert not result.winning and result.penalty == 0


# --- 002 Tokyo Mahjong: near misses of RULES.md's yaku list (the hits are test_riichi_yaku.CASES) -----------------

TOKYO = load_game("tokyo-mahjong")


def riichi_yaku(hand, win_tile, **opts):
    opts.setdefault("seat", "south")
    result = _riichi.score(TOKYO, hand, win_tile=win_tile, **opts)
    return result, {y.name_en for y in result.yaku}


@pytest.mark.parametrize("hand, win_tile, opts, missing, kept", [
    # tanyao: one terminal chow and it is gone (no other yaku: no win)
    ("567p345s678s88m", "5p", dict(melds=["chi:123m"]), "Tanyao (all simples)", None),
    # yakuhai: a dragon pair is no triplet
    ("234m456p678s77z", "7z", dict(melds=["chi:234s"], riichi=False), "Yakuhai: red dragon", None),
    # pinfu needs a closed hand: the same ryanmen shape with a chow called
    ("234m456p678s55p", "2m", dict(melds=["chi:345s"]), "Pinfu (all sequences)", "Tanyao (all simples)"),
    # iipeikou needs a closed hand
    ("223344m456p55p", "2m", dict(melds=["chi:678s"]), "Iipeikou (twin sequences)", "Tanyao (all simples)"),
    # honitsu: one suit plus honours; a man pair is a second suit
    ("123s345s789s444z55m", "9s", dict(riichi=True), "Honitsu (half flush)", "Riichi"),
    # toitoi: one chow among the melds
    ("555s999s33z", "3z", dict(melds=["pon:222m", "chi:678p"]), "Toitoi (all triplets)", None),
    # chinitsu: one honour pair makes it honitsu
    ("234p345p678p888p11z", "6p", dict(riichi=True), "Chinitsu (full flush)", "Honitsu (half flush)"),
], ids=["tanyao-terminal", "yakuhai-pair-only", "pinfu-open", "iipeikou-open", "honitsu-second-suit",
        "toitoi-one-chow", "chinitsu-with-honours"])
def test_tokyo_yaku_near_misses(hand, win_tile, opts, missing, kept):
    result, found = riichi_yaku(hand, win_tile, **opts)
    assert missing not in found
    if kept:
        assert kept in found


def test_tokyo_yakuhai_one_han_per_triplet_and_round_wind_for_a_non_dealer():
    _, found = riichi_yaku("234m456p678s111z22m", "2m", seat="south")  # east round, south seat
    assert found == {"Yakuhai: round wind east"}


def test_tokyo_dora_wraps_north_to_east():
    result, found = riichi_yaku("234m456p678s111z22m", "2m", seat="south", dora_indicators="4z")
    assert result.extra["dora"]["dora"] == 3 and result.extra["han"] == 1 + 3


def test_tokyo_dora_wrap_among_dragons_white_green_red():
    result, _ = riichi_yaku("234m456p678s22m", "6s", melds=["pon:777z"], dora_indicators="6z")  # green -> red
    assert result.extra["dora"]["dora"] == 3


def test_tokyo_riichi_is_one_han_and_only_closed():
    from scorer.riichi_tiles import RiichiInputError

    result, found = riichi_yaku("123m456p789s234s55p", "3s", riichi=True)
    assert found == {"Riichi"} and result.extra["han"] == 1
    with pytest.raises(RiichiInputError):
        riichi_yaku("123m456p789s55p", "3s", riichi=True, melds=["chi:234s"])


def test_tokyo_settings_are_rules_md_s():
    rules = rules_for(TOKYO)
    assert (rules.starting_points, rules.riichi_stick, rules.noten_total) == (25000, 1000, 3000)
    assert rules.red_fives and rules.open_tanyao
    options = rules.package_options()
    assert options.has_aka_dora and options.has_open_tanyao


def test_tokyo_catalog_has_one_red_five_per_suit():
    copies = {t.id: t.copies for t in TOKYO.tiles}
    assert sum(copies.values()) == 136
    assert (copies["0m"], copies["0p"], copies["0s"]) == (1, 1, 1)
    assert (copies["5m"], copies["5p"], copies["5s"]) == (3, 3, 3)


def test_tokyo_open_tanyao_off_is_a_rules_switch_only():
    # the near miss of "Tanyao 1 (open allowed)": with the switch off the open hand has no yaku
    result, _ = riichi_yaku("567p345s678s88m", "5p", melds=["chi:234m"], rules=RiichiRules(open_tanyao=False))
    assert not result.winning
