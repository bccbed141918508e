"""`tilelens score|waits --local` followed by the tiles, and help that never splits an option name."""
import json
import re
from pathlib import Path

import pytest

from scorer.catalog import list_games, load_game
from scorer.result import UnknownTileError
from scorer.rules import donjara_rules
from tilelens.cli import main

NOGI = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
KRONE_9 = ["hayami-kanade", "shiomi-shuuko", "tachibana-arisu", "miyamoto-furederika", "ootsuki-yui",
           "sagisawa-fumika", "kamiya-nao", "houjou-karen", "anasutashia"]
CINDERELLA = Path(__file__).resolve().parents[2] / "scorer" / "games" / "cinderella-neo.toml"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_no_shipped_game_has_a_tile_named_like_a_local_yaku():
    """What makes taking tiles back from --local unambiguous in the shipped games: no local yaku id (nor `all`)
    names a tile."""
    for game_id in list_games():
        game = load_game(game_id)
        if game.engine == "riichi":
            continue
        for word in {y.id for y in donjara_rules(game).yaku if y.local} | {"all"}:
            with pytest.raises(UnknownTileError):
                game.tile(word)


def test_tiles_written_after_local_are_the_hand(capsys):
    """`score --game nogizaka --local rarin ...` said "unknown local yaku 'rarin'": the tiles after --local are
    the hand (and --local, which nogizaka has none of, is said to change nothing)."""
    code, out, err = run(capsys, "score", "--game", "nogizaka", "--riichi", "--json", "--local", *NOGI)
    assert code == 0, err
    data = json.loads(out)
    assert data["winning"] is True and data["extra"]["unused_options"][0]["option"] == "--local"


def test_local_yaku_ids_then_tiles_after_local(capsys):
    """`--local sp-live-set-a TILE...`: the id is a local yaku, the tiles are the hand; `--local TILE...` is every
    local yaku (a bare --local), then the hand."""
    for local in (["sp-live-set-a"], []):
        code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", "--local", *local,
                             *KRONE_9)
        assert code == 0, err
        assert json.loads(out)["yaku"][0]["name"] == "SPライブセットA"


def test_a_misspelt_tile_after_local_is_an_unknown_tile(capsys):
    code, _, err = run(capsys, "score", "--game", "nogizaka", "--riichi", "--local", *NOGI[:-1], "almighty-gd")
    assert code == 2 and "unknown tile 'almighty-gd'" in err and "local yaku" not in err


def test_a_misspelt_local_yaku_before_the_tiles_is_an_unknown_local_yaku(capsys):
    """The words after --local are local yaku ids up to the first tile: a misspelt id before it is said as one."""
    code, _, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--local", "sp-live-set-x", *KRONE_9)
    assert code == 2 and "unknown local yaku 'sp-live-set-x'" in err


def test_waits_takes_the_tiles_after_local_too(capsys):
    code, out, err = run(capsys, "waits", "--game", "nogizaka", "--json", "--local", *NOGI[:-1])
    assert code == 0, err
    data = json.loads(out)
    assert data["tiles_from_win"] == 1 and data["waits"]


def test_a_tile_after_local_where_a_tile_is_named_like_a_local_yaku_says_what_to_do(capsys, monkeypatch, tmp_path):
    """In a game file where a local yaku id is also a tile, nothing is taken back: the message says the value is a
    tile and how to write it, in English and Japanese."""
    clash = tmp_path / "clash.toml"
    clash.write_text(CINDERELLA.read_text(encoding="utf-8").replace('id = "sp-live-set-c"', 'id = "takagaki-kaede"'),
                     encoding="utf-8")
    monkeypatch.setenv("TILELENS_LANG", "en")
    code, _, err = run(capsys, "score", "--game", str(clash), "--riichi", "--local", *KRONE_9)
    assert code == 2
    assert ("'hayami-kanade' is a tile, not a local yaku: put --local after the tiles, or end its list with --"
            in err)
    monkeypatch.setenv("TILELENS_LANG", "ja")
    code, _, err = run(capsys, "waits", "--game", str(clash), "--local", *KRONE_9[:8])
    assert code == 2 and "「hayami-kanade」は牌です" in err and "--" in err


OPTION_WORD = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")

HELPS = [["score"], ["waits"], ["games"], ["score", "--game", "tokyo-mahjong"], ["waits", "--game", "tokyo-mahjong"],
         ["eval"], ["train", "boxcheck"]]


def _help(capsys, monkeypatch, columns: int, argv: list[str]) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_help_never_breaks_an_option_name(capsys, monkeypatch, argv):
    """`score --help` wrapped "--own-discard" as "--own-" / "discard" (argparse breaks lines at hyphens): at a
    narrow terminal every option name is whole on its line."""
    whole = set(OPTION_WORD.findall(_help(capsys, monkeypatch, 10_000, argv)))
    for columns in (30, 40, 52, 60, 80, 100):
        text = _help(capsys, monkeypatch, columns, argv)
        for line in text.splitlines():
            assert not re.search(r"(?<![\w-])--?[A-Za-z][\w-]*-$", line.rstrip()), (columns, line)
        assert set(OPTION_WORD.findall(text)) <= whole, columns
