"""Session 63 (F2): `tilelens games ドンジャラ` (a word several games' names hold) was refused in words about
"--game", which `games` does not take (its game is a plain argument); now it names the text as the user wrote it.
The commands that take --game still say "--game ドンジャラ"."""
from __future__ import annotations

import pytest

from scorer.cli import game_named
from scorer.result import TilelensInputError
from tilelens.cli import main as tilelens

CHOICES_EN = ("Donjara NEO: THE iDOLM@STER Cinderella Girls [cinderella-neo], Nogizaka Donjara (fan-made) [nogizaka], "
              "Yokai Watch Donjara [yokai-watch]")
CHOICES_JA = "ドンジャラNEO アイドルマスター シンデレラガールズ [cinderella-neo]、乃木坂ドンジャラ [nogizaka]、妖怪ウォッチ ドンジャラ [yokai-watch]"


def _run(capsys, argv):
    try:
        code = tilelens(argv)
    except SystemExit as exc:
        code = exc.code
    return code, *capsys.readouterr()


@pytest.mark.parametrize("lang, said", [
    ("en", f"tilelens games: ドンジャラ names more than one game: {CHOICES_EN}: give its id or more of its name"),
    ("ja", f"tilelens games: 「ドンジャラ」に当てはまるゲームが複数あります: {CHOICES_JA}。ID か、名前をもっと詳しく指定して"
           "ください")])
@pytest.mark.parametrize("extra", [[], ["--yaku"], ["--json"]])
def test_games_names_the_argument_as_given_not_an_option(capsys, cli_env, lang, said, extra):
    cli_env(TILELENS_LANG=lang)
    code, out, err = _run(capsys, ["games", "ドンジャラ", *extra])
    assert code == 2 and out == ""
    assert err.strip() == said, err
    assert "--game" not in err


@pytest.mark.parametrize("argv", [["score", "--game", "ドンジャラ", "kotoko"], ["score", "--game=ドンジャラ", "kotoko"],
                                  ["waits", "--game", "ドンジャラ", "kotoko"]])
def test_the_commands_of_an_option_still_name_the_option(capsys, cli_env, argv):
    cli_env(TILELENS_LANG="en")
    code, out, err = _run(capsys, argv)
    assert code == 2 and out == ""
    assert f": --game ドンジャラ names more than one game: {CHOICES_EN}: " in err, err


def test_game_named_says_the_option_by_default_and_the_argument_when_told():
    with pytest.raises(TilelensInputError) as option:
        game_named("ドンジャラ")
    with pytest.raises(TilelensInputError) as argument:
        game_named("ドンジャラ", option="")
    assert str(option.value).startswith("--game ドンジャラ names more than one game: ")
    assert option.value.message_ja.startswith("--game ドンジャラ に当てはまるゲームが複数あります: ")
    assert str(argument.value).startswith("ドンジャラ names more than one game: ")
    assert argument.value.message_ja.startswith("「ドンジャラ」に当てはまるゲームが複数あります: ")
