"""Session 56 (f12): a supported hook for checks beside the engine's (``scorer.catalog.extra_checks``), run by
``load_game`` on every game it returns, a cached one included; and near matches that know a tile's number
(``tilelens score --game yokai-watch 妖怪1`` offered 妖怪21, 19 and 18, not 妖怪01)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from scorer import GameFileError, UnknownTileError
from scorer import catalog
from scorer.catalog import extra_checks, load_game, number_key, thaw


def test_a_game_cached_before_is_still_checked_inside():
    cached = load_game("nogizaka")  # read and cached before any check is in force
    seen = []
    with extra_checks(seen.append):
        assert load_game("nogizaka") is cached
    assert seen == [cached]


def test_a_refusing_check_refuses_the_game_only_while_in_force():
    def refuse(game):
        raise GameFileError(f"{game.source}: refused by the club")

    load_game("yokai-watch")
    with extra_checks(refuse), pytest.raises(GameFileError, match="refused by the club"):
        load_game("yokai-watch")
    assert load_game("yokai-watch").id == "yokai-watch"  # the cache is not spoilt: out of it, played again


def test_a_game_a_check_passed_is_not_checked_again_by_it():
    seen = []

    def check(game):
        seen.append(game.id)

    with extra_checks(check):
        load_game("cinderella-neo")
        load_game("cinderella-neo")
    with extra_checks(check):  # the same check, a later command of the same process
        load_game("cinderella-neo")
    assert seen == ["cinderella-neo"]
    other = []
    with extra_checks(other.append):  # another check has not passed it: it checks it
        load_game("cinderella-neo")
    assert [g.id for g in other] == ["cinderella-neo"]


def test_a_failed_check_is_run_again_at_the_next_load():
    calls = []

    def refuse(game):
        calls.append(game.id)
        raise GameFileError("no")

    with extra_checks(refuse):
        for _ in range(2):
            with pytest.raises(GameFileError):
                load_game("nogizaka")
    assert calls == ["nogizaka", "nogizaka"]


def test_a_game_read_while_a_check_runs_is_not_checked_inside_it():
    """The ledger's check reads the shipped file of the same id: checking that again inside would go round."""
    seen = []

    def check(game):
        seen.append(game.source)
        load_game(game.id)  # the re-entry: the same id read again from within the check
        load_game("tokyo-mahjong")

    with extra_checks(check):
        load_game(catalog.GAMES_DIR / "nogizaka.toml")
    assert len(seen) == 1, seen
    with extra_checks(check):  # what was read inside is checked when read outside
        load_game("tokyo-mahjong")
    assert len(seen) == 2 and seen[1].endswith("tokyo-mahjong.toml"), seen


def test_the_checks_nest_and_come_off_in_turn():
    outer, inner = [], []
    with extra_checks(outer.append):
        with extra_checks(inner.append):
            load_game("nogizaka")
        load_game("yokai-watch")
    load_game("cinderella-neo")
    assert [g.id for g in outer] == ["nogizaka", "yokai-watch"] and [g.id for g in inner] == ["nogizaka"]


def test_a_check_runs_in_the_threads_of_a_command_each_on_its_own():
    """An event's check loads in threads: a check running in one thread does not pass another thread's over."""
    both_in = threading.Barrier(2, timeout=30)
    seen = []

    def check(game):
        seen.append(game.id)
        both_in.wait()  # only returns once the other thread's game is being checked too

    load_game("nogizaka"), load_game("yokai-watch")
    with extra_checks(check), ThreadPoolExecutor(2) as pool:
        games = list(pool.map(load_game, ["nogizaka", "yokai-watch"]))
    assert sorted(seen) == ["nogizaka", "yokai-watch"] and [g.id for g in games] == ["nogizaka", "yokai-watch"]


def test_an_edit_of_the_rules_is_checked_too():
    game, seen = load_game("nogizaka"), []
    with extra_checks(seen.append):
        edited = game.with_rules(thaw(game.rules))
    assert seen == [edited]


def test_a_check_must_be_callable():
    with pytest.raises(TypeError, match="extra_checks"):
        with extra_checks(None):  # type: ignore[arg-type]
            pass


# 2. near matches that know the tile's number -------------------------------------------------------------------------
@pytest.mark.parametrize("typed, first", [("妖怪1", "妖怪01"), ("Yokai 1", "yokai-01"), ("yokai7", "yokai-07"),
                                          ("妖怪001", "妖怪01"), ("yokai 007", "yokai-07")])
def test_a_number_without_its_zero_is_offered_the_tile_first(typed, first):
    near = load_game("yokai-watch").near_matches(typed)
    assert near[0] == first, near
    assert len(near) == len(set(near)) and len(near) <= 3, near


def test_the_unknown_tile_error_says_it():
    with pytest.raises(UnknownTileError) as refused:
        load_game("yokai-watch").tile("妖怪1")
    assert refused.value.suggestions[0] == "妖怪01" and "もしかして: 妖怪01" in refused.value.message_ja


def test_a_number_with_a_zero_is_not_another_number():
    assert number_key("妖怪01") == number_key("妖怪1") == number_key("妖怪００１") == "妖怪1"
    assert number_key("ＹＯＫＡＩ－００１") == number_key("Yokai 1") == "yokai1"
    assert number_key("妖怪10") != number_key("妖怪1") and number_key("yokai 10") == "yokai10"
    assert number_key("0m") == "0m" and number_key("01m") == "1m"  # a red five stays itself


def test_the_tiles_of_the_same_number():
    game = load_game("yokai-watch")
    assert [k.id for k in game.same_number("Yokai 1")] == ["yokai-01"]
    assert [k.id for k in game.same_number("妖怪007")] == ["yokai-07"]
    assert game.same_number("妖怪99") == ()
