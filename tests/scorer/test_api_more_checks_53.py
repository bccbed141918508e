"""The scoring core as a Python library, a second walk (session 53): options of the wrong type refused naming them
(a riichi switch given as the text "false" scored as a riichi), local yaku checked, inputs that are no list of
tiles, ``describe`` of a result with another game, and a game whose rules were edited made again (checked, and
told apart from the game it was edited from)."""
from __future__ import annotations

import dataclasses
import functools
import json
import re
from pathlib import Path

import pytest

import scorer
from scorer import GameFileError, HandError, InputProblem, RiichiInputError, TilelensInputError, load_game
from scorer.catalog import Game, thaw

ROOT = Path(__file__).resolve().parents[2]
NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
RIICHI = "234m456p789s11z555z"
CINDERELLA = "島村卯月 shibuya-rin honda-mio 十時愛梨 神崎蘭子 高垣楓 安部菜々 北条加蓮 鷺沢文香"
FLAGS = ("riichi", "double_riichi", "ippatsu", "open_riichi", "haitei", "houtei", "rinshan", "chankan", "tenhou",
         "chiihou", "renhou")


def _both(exc: TilelensInputError) -> tuple[str, str]:
    assert exc.message_ja and re.search(r"[ぁ-んァ-ン一-龥]", exc.message_ja), exc.message_ja
    return str(exc), exc.message_ja


# 1. a riichi switch is True or False: the text "false" is no riichi


@pytest.mark.parametrize("flag", FLAGS)
@pytest.mark.parametrize("value", ["false", "no", None, 2.0])
def test_a_riichi_switch_of_another_type_is_refused_naming_it(flag, value):
    with pytest.raises(RiichiInputError) as refused:
        scorer.score("tokyo-mahjong", RIICHI, win_tile="4m", win="ron", **{flag: value})
    assert refused.value.problem is InputProblem.OPTION
    english, japanese = _both(refused.value)
    assert f"{flag} must be True or False, got {value!r}" in english
    assert flag in japanese and "True か False" in japanese
    assert (f"「{value}」" if isinstance(value, str) else repr(value)) in japanese, japanese  # quoted_ja (F17, 63)


def test_a_riichi_switch_in_waits_is_checked_too():
    with pytest.raises(RiichiInputError, match="ippatsu must be True or False"):
        scorer.waits("tokyo-mahjong", "234m456p78s11z555z", riichi=True, ippatsu="no")


def test_a_riichi_switch_as_true_false_or_one_zero_scores_as_before():
    plain = scorer.score("tokyo-mahjong", RIICHI, win_tile="4m", win="ron")
    assert [y.name_en for y in plain.yaku] == ["Yakuhai: white dragon"]
    for yes in (True, 1):
        said = scorer.score("tokyo-mahjong", RIICHI, win_tile="4m", win="ron", riichi=yes)
        assert [y.name_en for y in said.yaku] == ["Riichi", "Yakuhai: white dragon"]
    for no in (False, 0):
        assert scorer.score("tokyo-mahjong", RIICHI, win_tile="4m", win="ron", riichi=no).points == plain.points


# 2. local yaku


def _yaku_named(**options) -> list[str]:
    from scorer.engine import all_yaku

    return [y.name_en for y in all_yaku("cinderella-neo", CINDERELLA.split(), **options)]


def test_local_yaku_as_one_string_is_one_id():
    assert _yaku_named(local_yaku="sp-live-set-a") == _yaku_named(local_yaku=["sp-live-set-a"]) == \
        ["Cinderella Girls", "SP Live Set A"]
    assert scorer.score("cinderella-neo", CINDERELLA, riichi=True, local_yaku="sp-live-set-a") == \
        scorer.score("cinderella-neo", CINDERELLA, riichi=True, local_yaku=("sp-live-set-a",))


@pytest.mark.parametrize("call", ["score", "waits", "tiles_from_win"])
def test_an_unknown_local_yaku_is_refused_listing_the_games_own(call):
    game = load_game("cinderella-neo")
    from scorer.rules import donjara_rules

    local = sorted(y.id for y in donjara_rules(game).yaku if y.local)
    tiles = CINDERELLA.split() if call == "score" else CINDERELLA.split()[:8]
    extra = {"riichi": True} if call == "score" else {}
    with pytest.raises(HandError) as refused:
        getattr(scorer, call)(game, tiles, local_yaku=["sp-live-set-z"], **extra)
    assert refused.value.problem is InputProblem.OPTION
    for said in _both(refused.value):
        assert "sp-live-set-z" in said and all(i in said for i in local)


def test_a_game_without_local_yaku_says_it_has_none():
    with pytest.raises(HandError) as refused:
        scorer.score("nogizaka", NOGI, riichi=True, local_yaku=["nope"])
    english, japanese = _both(refused.value)
    assert "'nope'" in english and "none" in english and "なし" in japanese


@pytest.mark.parametrize("value", [3, 1.5, None, [3], b"sp-live-set-a"])
def test_local_yaku_of_the_wrong_type_is_a_hand_error_naming_it(value):
    for call in (lambda: scorer.score("cinderella-neo", CINDERELLA, riichi=True, local_yaku=value),
                 lambda: scorer.waits("cinderella-neo", CINDERELLA.split()[:8], local_yaku=value),
                 lambda: scorer.tiles_from_win("cinderella-neo", CINDERELLA.split()[:8], local_yaku=value)):
        with pytest.raises(HandError) as refused:
            call()
        english, japanese = _both(refused.value)
        assert "local_yaku" in english and "local_yaku" in japanese and "ローカル役" in japanese
        assert refused.value.problem is InputProblem.OPTION


def test_local_yaku_true_and_false_still_work():
    assert _yaku_named(local_yaku=True) == ["Cinderella Girls", "SP Live Set A"]
    assert _yaku_named(local_yaku=False) == _yaku_named() == ["Cinderella Girls"]
    assert scorer.score("cinderella-neo", CINDERELLA, riichi=True, local_yaku=True).winning


# 3. inputs that are no list of tiles


@pytest.mark.parametrize("call", [
    lambda: scorer.score("nogizaka", None, riichi=True),
    lambda: scorer.score("nogizaka", 3, riichi=True),
    lambda: scorer.waits("nogizaka", None),
    lambda: scorer.tiles_from_win("nogizaka", 7),
    lambda: scorer.parse_hand(load_game("nogizaka"), None),
])
def test_a_donjara_hand_that_is_no_list_is_a_hand_error(call):
    with pytest.raises(HandError) as refused:
        call()
    english, japanese = _both(refused.value)
    assert "tiles" in english and ("list" in english or "string" in english)
    assert "牌" in japanese


@pytest.mark.parametrize("option, value, named", [
    ("players", 3.0, "players"), ("players", 0, "players"), ("players", True, "players"),
    ("dora_indicators", 3, "dora indicators"), ("ura_dora_indicators", 3, "ura dora indicators"),
    ("discards", 3, "discards"), ("melds", 3, "melds"), ("win_tile", 4.0, "winning tile"),
])
def test_a_riichi_input_of_the_wrong_type_is_a_hand_error_naming_it(option, value, named):
    extra = {"riichi": True} if option == "ura_dora_indicators" else {}
    with pytest.raises(RiichiInputError) as refused:
        scorer.score("tokyo-mahjong", RIICHI, **{"win_tile": "4m", **extra, option: value})
    english, japanese = _both(refused.value)
    assert named in english and repr(value) in english and repr(value) in japanese


def test_a_riichi_hand_that_is_no_list_is_a_hand_error():
    with pytest.raises(RiichiInputError) as refused:
        scorer.score("tokyo-mahjong", 3)
    english, _ = _both(refused.value)
    assert "hand" in english and "3" in english


@pytest.mark.parametrize("scouted", [3, [3], [["rarin", 3, "rarin"]]])
def test_scouted_groups_of_the_wrong_type_are_a_hand_error(scouted):
    for call in (lambda: scorer.score("cinderella-neo", CINDERELLA, riichi=True, scouted=scouted),
                 lambda: scorer.waits("cinderella-neo", CINDERELLA.split()[:8], scouted=scouted)):
        with pytest.raises(HandError) as refused:
            call()
        english, japanese = _both(refused.value)
        assert "scouted" in english and "スカウト" in japanese


def test_a_scouted_group_as_one_string_is_one_group():
    hand = "shimamura-uzuki shibuya-rin honda-mio " + " ".join(CINDERELLA.split()[3:])
    as_text = scorer.score("cinderella-neo", hand, riichi=True, scouted="shimamura-uzuki shibuya-rin honda-mio")
    as_list = scorer.score("cinderella-neo", hand, riichi=True,
                           scouted=[["shimamura-uzuki", "shibuya-rin", "honda-mio"]])
    assert as_text == as_list and as_text.winning
    assert scorer.waits("cinderella-neo", hand.split()[:8], scouted="shimamura-uzuki shibuya-rin honda-mio") == \
        scorer.waits("cinderella-neo", hand.split()[:8], scouted=[("shimamura-uzuki", "shibuya-rin", "honda-mio")])


# 4. describe: the game the result was scored in


def test_describe_takes_the_results_own_game_by_default():
    result = scorer.score("nogizaka", NOGI, riichi=True)
    assert scorer.describe(result) == scorer.describe(result, "nogizaka")
    assert scorer.describe(result, lang="ja") == scorer.describe(result, "nogizaka", lang="ja")
    riichi = scorer.score("tokyo-mahjong", RIICHI, win_tile="4m", riichi=True)
    assert scorer.describe(riichi) == scorer.describe(riichi, "tokyo-mahjong")


@pytest.mark.parametrize("scored, told", [("nogizaka", "tokyo-mahjong"), ("tokyo-mahjong", "nogizaka"),
                                          ("cinderella-neo", "nogizaka"), ("nogizaka", "yokai-watch")])
def test_describe_refuses_a_result_of_another_game(scored, told):
    hands = {"nogizaka": (NOGI, {"riichi": True}), "cinderella-neo": (CINDERELLA, {"riichi": True}),
             "tokyo-mahjong": (RIICHI, {"win_tile": "4m", "riichi": True})}
    tiles, options = hands[scored]
    result = scorer.score(scored, tiles, **options)
    with pytest.raises(ValueError) as refused:
        scorer.describe(result, told)
    assert isinstance(refused.value, TilelensInputError)
    english, japanese = _both(refused.value)
    assert scored in english and told in english and scored in japanese and told in japanese


def test_describe_refuses_waits_of_another_game_and_what_is_no_result():
    donjara = scorer.waits("nogizaka", NOGI[:8])
    riichi = scorer.waits("tokyo-mahjong", "234m456p78s11z555z")
    for found, told in ((donjara, "tokyo-mahjong"), (riichi, "nogizaka"), (donjara, "yokai-watch")):
        with pytest.raises(TilelensInputError) as refused:
            scorer.describe(found, told)
        _both(refused.value)
    for thing in ("hello", 3, None, [1, 2]):
        with pytest.raises(TypeError) as refused:
            scorer.describe(thing, "nogizaka")
        assert isinstance(refused.value, TilelensInputError)
        english, _ = _both(refused.value)
        assert "describe" in english
    with pytest.raises(TilelensInputError) as no_game:
        scorer.describe(donjara)  # a list of waits does not say its game
    assert "game" in _both(no_game.value)[0]


def test_describe_of_an_unknown_language_is_a_value_error_not_a_hand_error():
    result = scorer.score("nogizaka", NOGI, riichi=True)
    with pytest.raises(ValueError) as refused:
        scorer.describe(result, lang="fr")
    assert not isinstance(refused.value, HandError)
    english, japanese = _both(refused.value)
    assert "'fr'" in english and "en" in english and "ja" in english and "「fr」" in japanese


def test_describe_of_a_house_table_uses_the_game_given():
    house = load_game("nogizaka").with_rules(_with_basic_points(load_game("nogizaka"), 150))
    result = scorer.score(house, NOGI, riichi=True)
    assert result.points == 150 and "150" in scorer.describe(result, house)


# 5. thaw, edit, use again


def _with_basic_points(game: Game, points: int) -> dict:
    rules = thaw(game.rules)
    basic = next(y for y in rules["yaku"] if y["id"] == "basic-set")
    basic["points"] = points
    return rules


def test_with_rules_makes_a_checked_game_that_scores_the_edit():
    game = load_game("nogizaka")
    edited = game.with_rules(_with_basic_points(game, 90))
    assert scorer.score(edited, NOGI, riichi=True).points == 90
    assert scorer.score(game, NOGI, riichi=True).points == 60  # the shipped game untouched
    assert edited.id == game.id and edited.tiles == game.tiles
    assert edited.source != game.source and game.source in edited.source


def test_with_rules_refuses_a_broken_edit_naming_the_edit_not_the_file():
    game = load_game("nogizaka")
    rules = thaw(game.rules)
    rules["yaku"][0]["points"] = "sixty"
    with pytest.raises(GameFileError) as refused:
        game.with_rules(rules)
    english, japanese = _both(refused.value)
    assert "yaku[0].points" in english and "edited" in english and "yaku[0].points" in japanese
    with pytest.raises(GameFileError) as named:
        game.with_rules(rules, source="my club's table")
    assert str(named.value).startswith("my club's table: field yaku[0].points")


def test_with_rules_refuses_what_is_no_rule_table():
    game = load_game("nogizaka")
    with pytest.raises(GameFileError) as typo:
        game.with_rules({**thaw(game.rules), "payuot": {}})
    assert "payuot" in str(typo.value) and "did you mean payout" in str(typo.value)
    with pytest.raises(GameFileError) as catalog:
        game.with_rules({**thaw(game.rules), "tiles": []})
    assert "tiles" in _both(catalog.value)[0] and "load_game" in str(catalog.value)
    with pytest.raises(GameFileError) as not_a_table:
        game.with_rules(["yaku"])
    _both(not_a_table.value)


def test_an_edited_game_is_not_equal_to_the_one_it_was_edited_from():
    game = load_game("nogizaka")
    edited = game.with_rules(_with_basic_points(game, 90))
    replaced = dataclasses.replace(game, rules=_with_basic_points(game, 120))
    assert edited != game and replaced != game and edited != replaced
    assert game.with_rules(thaw(game.rules)) == game  # the same rules: the same game, wherever it came from
    assert hash(game.with_rules(thaw(game.rules))) == hash(game)

    @functools.lru_cache
    def points(g: Game) -> int:
        return scorer.score(g, NOGI, riichi=True).points

    assert (points(game), points(edited), points(replaced)) == (60, 90, 120)


def test_the_rules_round_trip_through_json():
    game = load_game("tokyo-mahjong")
    rules = json.loads(json.dumps(thaw(game.rules)))
    rules.setdefault("riichi", {})["red_fives"] = False
    edited = game.with_rules(rules)
    red = scorer.score(game, "234m406p789s11z555z", win_tile="4m", riichi=True)
    plain = scorer.score(edited, "234m406p789s11z555z", win_tile="4m", riichi=True)
    assert red.extra["dora"]["aka_dora"] == 1 and plain.extra["dora"]["aka_dora"] == 0


def test_an_edited_game_pickles_as_itself():
    import pickle

    game = load_game("nogizaka")
    edited = game.with_rules(_with_basic_points(game, 90))
    again = pickle.loads(pickle.dumps(edited))
    assert again == edited and again.source == edited.source
    assert scorer.score(again, NOGI, riichi=True).points == 90


def test_the_docs_name_the_way_back():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    python = readme.split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    assert "with_rules" in python
    arch = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert "with_rules" in arch and "thaw(game.rules)" in arch and "JSON" in arch
    assert "describe(result_or_waits, game=None" in arch
