"""Session 53's fuzz re-walk of the scorer's inputs: a game file's values of the wrong type where a catalog field
looks them up (a unit's member written as a table was ``TypeError: unhashable type``), a very long game name (a raw
"File name too long"), a very long tile echoed whole in its message (100 KB on stderr), and library misuse
(``parse_hand`` given a game's id, ``parse_game(None)``, ``add_games_dir(None)``). Each is one clear message."""
from __future__ import annotations

import copy
import tomllib

import pytest

import scorer
from scorer import GameFileError, HandError, TilelensInputError, UnknownTileError, catalog

CINDERELLA = tomllib.loads((catalog.GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8"))
NOGIZAKA = tomllib.loads((catalog.GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8"))


def _parsed(data: dict, change) -> GameFileError:
    data = copy.deepcopy(data)
    change(data)
    with pytest.raises(GameFileError) as caught:
        catalog.parse_game(data, "club.toml")
    return caught.value


@pytest.mark.parametrize("member", [{"id": "ichinose-shiki"}, ["ichinose-shiki"], 5, True])
def test_a_unit_member_that_is_no_tile_id_is_named_not_unhashable(member):
    exc = _parsed(CINDERELLA, lambda d: d["units"][1]["members"].__setitem__(0, member))
    assert str(exc).startswith("club.toml: field units[1].members: "), exc
    assert "unhashable" not in str(exc)
    assert "units[1].members" in exc.message_ja and exc.message_ja != str(exc)


@pytest.mark.parametrize("absent", [[["x"]], [{"id": "x"}], [5]])
def test_an_absent_member_that_is_no_name_is_named(absent):
    exc = _parsed(CINDERELLA, lambda d: d["units"][1].__setitem__("absent", absent))
    assert str(exc).startswith("club.toml: field units[1].absent: "), exc
    assert exc.message_ja


@pytest.mark.parametrize("attribute", [{"a": 1}, ["type"], 5])
def test_an_attribute_that_is_no_name_is_named(attribute):
    exc = _parsed(CINDERELLA, lambda d: d.__setitem__("attributes", [attribute, "status", "tiara"]))
    assert str(exc).startswith("club.toml: field attributes[0]: "), exc
    assert exc.message_ja


def test_a_game_file_with_a_table_as_a_member_is_refused_by_load_game(tmp_path):
    text = (catalog.GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8")
    bad = text.replace('members = ["ichinose-shiki", ', 'members = [{id = "ichinose-shiki"}, ', 1)
    assert bad != text
    path = tmp_path / "club.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(GameFileError, match=r"field units\[\d+\]\.members: "):
        catalog.load_game(path)


@pytest.mark.parametrize("name", ["a" * 5000, "a" * 300, "b" * 5000 + ".toml", "x/" * 3000])
def test_a_very_long_game_name_is_an_unknown_game_said_short(name):
    with pytest.raises(GameFileError) as caught:
        catalog.load_game(name)
    exc = caught.value
    assert len(str(exc)) < 400 and len(exc.message_ja) < 400, exc
    assert name[:40] in str(exc) and f"{len(name)}" in str(exc) and name[:40] in exc.message_ja


def test_a_long_game_name_is_unknown_game():
    with pytest.raises(GameFileError, match=r"^unknown game 'a{40}…"):
        catalog.load_game("a" * 5000)


def test_a_long_tile_is_echoed_short_in_both_languages():
    token = "b" * 100_000
    with pytest.raises(UnknownTileError) as caught:
        scorer.score("cinderella-neo", [token] + ["shimamura-uzuki"] * 8)
    exc = caught.value
    assert len(str(exc)) < 400 and len(exc.message_ja) < 400
    assert "b" * 40 + "…" in str(exc) and "100000" in str(exc) and "100000" in exc.message_ja
    assert exc.token == token  # the whole token for a script


def test_a_short_tile_is_echoed_as_it_was():
    with pytest.raises(UnknownTileError, match=r"unknown tile 'rarim' for Nogizaka Donjara"):
        scorer.score("nogizaka", ["rarim"] + ["rarin"] * 8)


@pytest.mark.parametrize("hand", ["123m " + "x" * 100_000, "1" * 100_000 + "q", "123m456p789s11z55" + "z" * 100_000])
def test_long_riichi_notation_is_echoed_short(hand):
    with pytest.raises(HandError) as caught:
        scorer.score("tokyo-mahjong", hand)
    exc = caught.value
    assert len(str(exc)) < 700 and len(exc.message_ja) < 700, len(str(exc))


def test_echoed_keeps_short_text_and_cuts_long():
    from scorer.result import echoed

    assert echoed("rarin") == "'rarin'"
    assert echoed("a" * 100) == "'" + "a" * 40 + "…' (100 characters)"
    assert echoed("a" * 100, "ja") == "'" + "a" * 40 + "…' (100 文字)"


def test_parse_hand_takes_a_game_id_as_score_does():
    hand = scorer.parse_hand("nogizaka", "らりん rarin marika")
    assert [t.id for t in hand] == ["rarin", "rarin", "marika"]
    with pytest.raises(GameFileError, match="unknown game 'nogizak'"):
        scorer.parse_hand("nogizak", "rarin")


@pytest.mark.parametrize("data", [None, [1, 2], "id = 'x'", 5])
def test_parse_game_of_no_table_is_one_clear_error(data):
    with pytest.raises(GameFileError) as caught:
        catalog.parse_game(data, "club.toml")
    assert str(caught.value).startswith("club.toml: ") and "table" in str(caught.value)
    assert caught.value.message_ja


def test_parse_game_still_reads_a_game():
    assert catalog.parse_game(copy.deepcopy(NOGIZAKA)).id == "nogizaka"


@pytest.mark.parametrize("folder", [None, 5, ["games"]])
def test_add_games_dir_of_no_folder_is_one_clear_error(folder, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    with pytest.raises(TypeError, match=r"^add_games_dir: .*folder"):
        catalog.add_games_dir(folder)
    assert catalog._EXTRA_DIRS == []  # nothing registered that a later look-up would fail on


def test_add_games_dir_still_takes_a_path_and_a_function(monkeypatch, tmp_path):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    catalog.add_games_dir(str(tmp_path))
    catalog.add_games_dir(lambda: tmp_path)
    assert len(catalog._EXTRA_DIRS) == 2


def test_yaku_without_a_game_is_said_in_japanese(capsys, cli_env):
    from tilelens import cli

    cli_env(TILELENS_LANG="ja")
    assert cli.main(["games", "--yaku"]) == 2
    err = capsys.readouterr().err
    assert "--yaku" in err and "ゲーム" in err and "needs" not in err, err


def test_yaku_without_a_game_is_said_in_english(capsys, cli_env):
    from tilelens import cli

    cli_env(TILELENS_LANG="en")
    assert cli.main(["games", "--yaku"]) == 2
    assert "--yaku needs a GAME" in capsys.readouterr().err


def test_errors_are_still_input_errors():
    assert issubclass(GameFileError, TilelensInputError)
