"""A Japanese user's walk of the command line (``TILELENS_LANG=ja``): what it found left in English or said
unlike the rest. Each test runs the command as ``tilelens`` does (in process) and reads what it printed."""
from __future__ import annotations

import re

from tilelens.cli import main


def _run(capsys, cli_env, *argv: str) -> tuple[int, str, str]:
    cli_env(TILELENS_LANG="ja")
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def test_games_tile_list_names_attributes_in_japanese(capsys, cli_env):
    code, out, err = _run(capsys, cli_env, "games", "tokyo-mahjong")
    first = out.splitlines()[0]
    assert code == 0 and "suit=" not in out and "rank=" not in out, first
    assert "種類=萬子" in first and "数=1" in first
    # read names them so too
    from vision.read_cli import WORDS
    assert WORDS["ja"]["attrs"]["suit"] in first
    # a red five's "no" is not left as an empty "赤="
    assert not re.search(r"=(\s|$)", out), first
    code, out, err = _run(capsys, cli_env, "games", "yokai-watch")
    assert "picture=" not in out and "絵柄=01" in out.splitlines()[0]


def test_games_tile_list_stays_english_in_english(capsys, cli_env):
    cli_env(TILELENS_LANG="en")
    assert main(["games", "tokyo-mahjong"]) == 0
    assert "suit=m rank=1 red=no" in capsys.readouterr().out.splitlines()[0]


def test_a_yes_no_attribute_is_said_alike_in_games_and_read(capsys, cli_env):
    """A red five was '赤=赤' (games) and a tiara 'ティアラ=あり': a yes is あり for every attribute, in both."""
    from vision.read_cli import WORDS

    code, out, err = _run(capsys, cli_env, "games", "tokyo-mahjong")
    red = next(line for line in out.splitlines() if line.startswith("0s "))
    assert "赤=あり" in red and "赤=赤" not in out, red
    values = WORDS["ja"]["values"]
    assert (values.get(("red", "yes")) or values.get("yes")) == "あり"
    assert (values.get(("tiara", "yes")) or values.get("yes")) == "あり"


def test_eval_names_its_detector_file_in_a_japanese_sentence():
    """eval's system line ended '...枠の確認あり; detector.onnx': an English semicolon joined the file to the
    Japanese. The English stays as it was."""
    from vision.evaluate import TilelensSystem

    system = TilelensSystem(game="yokai-watch", tileset=None)
    assert system.detector.path is not None
    name = system.detector.path.name
    assert "; " not in system.note_ja and system.note_ja.endswith(f"。検出器: {name}"), system.note_ja
    assert system.note.endswith(f", box check; {name}"), system.note


def test_read_calls_a_tile_set_by_the_term_the_other_commands_use():
    """read's 'other game' line said '牌のセット' where label, enroll, eval and train say '牌セット' (what
    `tilelens enroll` makes)."""
    from types import SimpleNamespace

    from vision.read_cli import format_reading

    reading = SimpleNamespace(tiles=[], kinds=[], game="yokai-watch", turned=0, other_game=True,
                              called_melds=lambda: (), winning_reading=lambda: None)
    said = format_reading("a.jpg", reading, lang="ja")
    assert "牌セット" in said and "牌のセット" not in said, said
    assert "is the game right" in format_reading("a.jpg", reading, lang="en")
