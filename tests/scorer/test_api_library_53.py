"""The scoring core used as a Python library (session 53, a Discord bot's walkthrough): errors that cross a process
pool, a game whose tables cannot be changed under every other caller, a house table refused when it is read, the
riichi options reached from the public wrappers, one family of hand errors, a readable text of a result, and the
README's Python block run as written."""
from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import pkgutil
import re
import typing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import scorer
from scorer import GameFileError, HandError, TilelensInputError, UnknownTileError, load_game
from scorer.catalog import GAMES_DIR

ROOT = Path(__file__).resolve().parents[2]
NOGI = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
NOGI_TEXT = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")


# 1. every input error pickles (a process pool hands it back), found by walking the packages


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return list(dict.fromkeys(found))


def _import_all() -> None:
    for name in ("scorer", "tilelens", "vision"):
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            importlib.import_module(info.name)


def _an_instance(cls: type) -> TilelensInputError:
    """An instance of ``cls`` made from its own signature: a number where the parameter says int, else text."""
    args = []
    for p in list(inspect.signature(cls).parameters.values()):
        if p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            break
        args.append(3 if "int" in str(p.annotation) else f"{p.name}-value")
    return cls(*args)


def test_every_input_error_round_trips_through_pickle():
    _import_all()
    classes = _all_subclasses(TilelensInputError)
    assert {UnknownTileError, GameFileError, HandError, scorer.RiichiInputError} <= set(classes)
    for cls in [TilelensInputError, *classes]:
        exc = _an_instance(cls)
        back = pickle.loads(pickle.dumps(exc))
        assert type(back) is cls, cls
        assert (str(back), back.message_ja, back.args, vars(back)) == (str(exc), exc.message_ja, exc.args, vars(exc)), cls


def test_the_errors_with_fields_keep_them():
    exc = pickle.loads(pickle.dumps(UnknownTileError("rarim", "nogizaka", ("rarin",))))
    assert (exc.token, exc.game_id, exc.suggestions) == ("rarim", "nogizaka", ("rarin",))
    assert "did you mean: rarin" in str(exc) and "もしかして" in exc.message_ja
    riichi = pickle.loads(pickle.dumps(scorer.RiichiInputError(scorer.InputProblem.COUNT, "wrong", "違います")))
    assert (riichi.problem, str(riichi), riichi.message_ja) == (scorer.InputProblem.COUNT, "wrong", "違います")


def _score_nogizaka(tiles: list[str]) -> int:
    return scorer.score("nogizaka", tiles, riichi=True).points


def test_a_typo_in_a_process_pool_is_the_error_and_the_pool_goes_on():
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(UnknownTileError, match="did you mean: minami"):
            pool.submit(_score_nogizaka, ["rarin"] * 3 + ["marika"] * 3 + ["minamj"] * 3).result()
        assert pool.submit(_score_nogizaka, NOGI).result() == 60


# 2. a loaded game is frozen all the way down, and pickles and deep-copies


def test_a_loaded_games_tables_cannot_be_changed():
    game = load_game("nogizaka")
    with pytest.raises(TypeError, match="read-only"):
        game.rules["win"]["riichi_required"] = False
    with pytest.raises(TypeError):
        game.rules["yaku"].append({})
    with pytest.raises(TypeError):
        game.rules["yaku"][0]["groups"][0]["kinds"][0] = "unit"
    with pytest.raises(TypeError):
        game.rules["payout"].update(round_to=1)
    with pytest.raises(TypeError):
        game.tiles[0].attrs["colour"] = "green"  # type: ignore[index]
    assert load_game("nogizaka").rules["win"]["riichi_required"] is True
    assert not scorer.score("nogizaka", NOGI).winning  # still needs the riichi, for every caller


def test_the_frozen_tables_read_as_dicts_and_lists_and_an_editable_copy_is_plain():
    from scorer.catalog import thaw

    rules = load_game("nogizaka").rules
    assert isinstance(rules["win"], dict) and isinstance(rules["yaku"], list) and rules["yaku"][0]["points"] == 60
    mine = thaw(rules)
    mine["win"]["riichi_required"] = False
    assert type(mine["win"]) is dict and type(mine["yaku"]) is list
    assert load_game("nogizaka").rules["win"]["riichi_required"] is True


@pytest.mark.parametrize("game_id", ["nogizaka", "cinderella-neo", "tokyo-mahjong"])
def test_a_game_pickles_and_deep_copies(game_id):
    game = load_game(game_id)
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert other == game and dict(other.rules) == dict(game.rules) and other.source == game.source
        assert other.tile(game.tiles[0].id) == game.tiles[0]
    back = pickle.loads(pickle.dumps(load_game("nogizaka")))
    assert scorer.score(back, NOGI, riichi=True).points == 60
    with pytest.raises(TypeError):
        back.rules["win"]["players"] = 3


# 3. a broken house table is refused when it is read


def _house(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("points, said", [
    ("125", "field yaku[0].points: must be a multiple of the smallest chip, 10"),
    ('"sixty"', "field yaku[0].points: must be a whole number (got 'sixty')"),
])
def test_load_game_refuses_a_broken_yaku_table(tmp_path, points, said):
    path = _house(tmp_path, NOGI_TEXT.replace("points = 60", f"points = {points}", 1))
    with pytest.raises(GameFileError, match=re.escape(said)) as refused:
        load_game(path)
    assert str(path) in str(refused.value) and refused.value.message_ja
    from scorer.cli import games_main  # the command line says the same line

    with pytest.raises(GameFileError) as cli_said:
        games_main([str(path)])
    assert str(cli_said.value) == str(refused.value)


def test_load_game_refuses_a_donjara_table_in_a_riichi_file(tmp_path):
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8") + "\n[chombo]\npenalty = 8000\n"
    with pytest.raises(GameFileError, match=r"field chombo: the riichi engine does not read \[chombo\]"):
        load_game(_house(tmp_path, text))


# 4. tiles_from_win takes the riichi options


def test_tiles_from_win_takes_riichi_melds():
    assert scorer.tiles_from_win("tokyo-mahjong", "234m456p78s11z", melds=["pon:555z"]) == 1
    assert scorer.tiles_from_win("tokyo-mahjong", "234m456p789s11z", melds="pon:555z") == 0
    with pytest.raises(HandError, match="melds"):
        scorer.tiles_from_win("nogizaka", NOGI, melds=["pon:555z"])


# 5. one family of hand errors, exported


def test_a_riichi_input_error_is_a_hand_error_and_both_say_the_problem():
    assert issubclass(scorer.RiichiInputError, HandError)
    assert {"RiichiInputError", "InputProblem"} <= set(scorer.__all__)
    problems = []
    for game, tiles in (("nogizaka", NOGI[:6]), ("tokyo-mahjong", "234m456p789s11z55z")):
        with pytest.raises(HandError) as refused:
            scorer.score(game, tiles)
        problems.append(refused.value.problem)
    assert problems == [scorer.InputProblem.COUNT] * 2
    with pytest.raises(HandError) as copies:
        scorer.score("nogizaka", ["rarin"] * 9)
    assert copies.value.problem is scorer.InputProblem.COPIES


# 6. the riichi options are found from help(score), and a wrong one lists them


def test_score_docstring_leads_to_the_riichi_options():
    import doctest

    doc = scorer.score.__doc__
    assert "scorer.riichi" in doc and "tokyo-mahjong" in doc and "win_tile=" in doc
    finder = doctest.DocTestFinder()
    tests = finder.find(scorer.score, "score", globs={"score": scorer.score})
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 2


def test_an_unknown_riichi_option_lists_the_known_ones():
    with pytest.raises(scorer.RiichiInputError) as refused:
        scorer.score("tokyo-mahjong", "234m456p789s11z555z", dora=["3m"])
    for said in (str(refused.value), refused.value.message_ja):
        assert "dora" in said and "dora_indicators" in said and "win_tile" in said and "seat" in said
    with pytest.raises(scorer.RiichiInputError) as in_waits:
        scorer.waits("tokyo-mahjong", "234m456p78s11z555z", dora=["3m"])
    assert "dora_indicators" in str(in_waits.value) and "win_tile" not in str(in_waits.value)


def test_an_unknown_donjara_option_lists_the_known_ones():
    with pytest.raises(HandError) as refused:
        scorer.score("nogizaka", NOGI, richi=True)
    for said in (str(refused.value), refused.value.message_ja):
        assert "richi" in said and "riichi" in said and "players" in said


# 7. a result as text


def test_describe_says_a_result_as_the_command_line_does():
    from scorer import cli, riichi_cli

    game = load_game("nogizaka")
    result = scorer.score(game, NOGI, riichi=True)
    assert scorer.describe(result, "nogizaka") == cli.format_result(game, result)
    assert scorer.describe(result, game, lang="ja") == cli.format_result(game, result, "ja")
    riichi = scorer.score("tokyo-mahjong", "234m456p789s11z555z", win_tile="4m", riichi=True)
    said = scorer.describe(riichi, "tokyo-mahjong")
    assert said == riichi_cli.format_result(riichi, load_game("tokyo-mahjong")) and "Riichi" in said
    found = scorer.waits("nogizaka", NOGI[:8])
    assert scorer.describe(found, game) == cli.format_waits(game, found, 1)
    assert "待ち" in scorer.describe([], game, lang="ja")
    riichi_waits = scorer.waits("tokyo-mahjong", "234m456p78s11z555z")
    assert scorer.describe(riichi_waits, "tokyo-mahjong") == riichi_cli.format_waits(
        riichi_waits, 1, load_game("tokyo-mahjong"))
    with pytest.raises(ValueError, match="lang"):  # a TilelensInputError: no hand's mistake (session 53)
        scorer.describe(result, game, lang="fr")


# 8. to_dict says what it is


def test_to_dict_docstring_says_what_score_json_adds():
    from scorer.cli import score_document

    result = scorer.score("nogizaka", NOGI, riichi=True)
    doc = scorer.ScoreResult.to_dict.__doc__
    assert "the CLI's ``--json`` shape)" not in doc
    added = set(score_document(result, "donjara", "tsumo")) - set(result.to_dict())
    assert added == {"engine", "win", "remainder"} and all(f"``{key}``" in doc for key in added)


# 9. an unknown game is said in a library's words


def test_an_unknown_game_names_no_command_line_option():
    with pytest.raises(GameFileError) as refused:
        load_game("nogizak")
    assert "--game" not in str(refused.value) and "--game" not in refused.value.message_ja
    assert "did you mean: nogizaka" in str(refused.value) and ".toml" in str(refused.value)
    assert ".toml" in refused.value.message_ja


# 10. options checked alike


def test_donjara_folds_the_case_of_win_as_riichi_does():
    assert scorer.score("nogizaka", NOGI, riichi=True, win="RON").payments == \
        scorer.score("nogizaka", NOGI, riichi=True, win="ron").payments
    assert scorer.score("nogizaka", NOGI, riichi=True, win=" Tsumo ").extra["win"] == "tsumo"
    riichi = scorer.score("tokyo-mahjong", "234m456p789s11z555z", win_tile="4m", win="RON")
    assert riichi.extra["win"] == "ron"


@pytest.mark.parametrize("option, value", [("players", "4"), ("pot", "10"), ("riichi", "yes"), ("win", 1),
                                           ("favourite", 5)])
def test_a_donjara_option_of_the_wrong_type_is_a_hand_error_naming_it(option, value):
    with pytest.raises(HandError, match=option) as refused:
        scorer.score("nogizaka", NOGI, **{"riichi": True, option: value})
    assert refused.value.message_ja and refused.value.problem is scorer.InputProblem.OPTION


def test_a_riichi_players_of_the_wrong_type_is_a_hand_error_naming_it():
    with pytest.raises(HandError, match="players"):
        scorer.score("tokyo-mahjong", "234m456p789s11z555z", players="4")


# 11. waits says what it returns


def test_waits_is_annotated_with_both_kinds_of_wait():
    assert "RiichiWait" in scorer.__all__ and "WaitLike" in scorer.__all__
    hint = typing.get_type_hints(scorer.waits)["return"]
    assert hint == list[scorer.WaitLike]
    for found in (scorer.waits("nogizaka", NOGI[:8]), scorer.waits("tokyo-mahjong", "234m456p78s11z555z")):
        assert found and all(isinstance(w, scorer.WaitLike) for w in found)
    assert isinstance(scorer.waits("tokyo-mahjong", "234m456p78s11z555z")[0], scorer.RiichiWait)


# 12. the README's Python block runs as written


def test_the_readme_python_block_runs(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)  # "From this repository's folder"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```", section, re.S | re.M)
    assert blocks, "README: no ```python block under ## Use from Python"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "60" in out and "という牌はありません" in out  # a score, and an error's Japanese message
