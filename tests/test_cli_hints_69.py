"""Three command-line refusals that left the user guessing: an option of the other kind of game (`score --pot` on a
riichi game, whose sticks are --riichi-sticks) said only "unrecognized arguments"; `synth --imgsz 0` said "1 or
more", and every size up to 63 was then refused by the next rule; `synth --style nosuch` said "invalid int value",
where the help never said a style is a number, nor its range in each game."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "vision"))  # the vision command tests' helpers
from cli_helpers import run as _run  # noqa: E402 - `tilelens ARGV` as typed: exit status, stdout, stderr

RIICHI_HAND = ["123m456p789s11z555z"]


def _helps(capsys, cli_env) -> tuple[str, str]:
    """`tilelens synth --help` in English and in Japanese, each with its lines joined: by spaces, by nothing."""
    said = {}
    for lang in ("en", "ja"):
        cli_env(TILELENS_LANG=lang)
        code, said[lang], _ = _run(capsys, "synth", "--help")
        assert code == 0
    return " ".join(said["en"].split()), "".join(said["ja"].split())


# ------------------------------------------------------------------ an option named as the other kind of game names it

@pytest.mark.parametrize("argv, meant", [
    (["score", "--game", "tokyo-mahjong", *RIICHI_HAND, "--pot", "1000"], "--riichi-sticks"),
    (["score", "--game", "tokyo-mahjong", *RIICHI_HAND, "--sticks", "1"], "--riichi-sticks"),
    (["score", "--game", "nogizaka", "--riichi-sticks", "1", "rarin"], "--pot"),
    (["score", "--game", "tokyo-mahjong", *RIICHI_HAND, "--tsumo"], "--win tsumo"),
    (["score", "--game", "nogizaka", "rarin", "--ron"], "--win ron"),
], ids=["riichi-pot", "riichi-sticks", "donjara-riichi-sticks", "tsumo", "ron"])
def test_an_option_of_another_name_is_offered_by_the_name_the_command_takes(capsys, cli_env, argv, meant):
    cli_env()
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert f"(did you mean: {meant}?)" in err and len(err.strip().splitlines()) == 1


def test_the_offer_is_said_in_japanese_too(capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, _, err = _run(capsys, "score", "--game", "tokyo-mahjong", *RIICHI_HAND, "--pot", "1000")
    assert code == 2 and "使えない引数です: --pot 1000 (もしかして: --riichi-sticks)" in err


def test_an_option_the_command_does_not_take_is_offered_nothing_it_lacks(capsys, cli_env):
    # waits takes no --win: a --tsumo there is offered no option the command would refuse in turn
    cli_env()
    code, _, err = _run(capsys, "waits", "--game", "tokyo-mahjong", "123m456p789s11z55z", "--tsumo")
    assert code == 2 and "--tsumo" in err and "--win" not in err


# ------------------------------------------------------------------ synth --imgsz: the whole rule at once

@pytest.mark.parametrize("size", ["0", "-5", "40"])
def test_a_dataset_size_too_small_is_told_the_whole_rule(tmp_path, capsys, cli_env, size):
    cli_env()
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--count", "1", "--imgsz", size,
                        "--out", tmp_path / "ds")
    assert code == 2 and "multiple of 32" in err and "at least 64" in err and "1 or more" not in err
    assert not (tmp_path / "ds").exists()


def test_a_photo_size_too_small_is_told_its_least(tmp_path, capsys, cli_env):
    cli_env()
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--hand", "rarin", "--imgsz", "0",
                        "--out", tmp_path / "h.jpg")
    assert code == 2 and "at least 64" in err and "1 or more" not in err and not (tmp_path / "h.jpg").exists()


def test_a_size_too_small_is_told_the_whole_rule_in_japanese(tmp_path, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--count", "1", "--imgsz", "0", "--out", tmp_path / "d")
    assert code == 2 and "32 の倍数" in err and "64 以上" in err and "1 以上" not in err


def test_the_help_says_the_sizes_taken(capsys, cli_env):
    en, ja = _helps(capsys, cli_env)
    assert "at least 64" in en and "a multiple of 32" in en
    assert "64以上" in ja and "32の倍数" in ja


# ------------------------------------------------------------------ synth --style: a number, its range per game

@pytest.mark.parametrize("game, hand, style, last", [
    ("nogizaka", "rarin", "nosuch", 2), ("nogizaka", "rarin", "3", 2), ("nogizaka", "rarin", "-1", 2),
    ("tokyo-mahjong", "1m", "1.5", 3), ("tokyo-mahjong", "1m", "4", 3),
], ids=["word", "past-donjara", "negative", "fraction", "past-mahjong"])
def test_a_style_not_of_the_game_is_refused_in_one_line_naming_its_range(tmp_path, capsys, cli_env, game, hand,
                                                                         style, last):
    cli_env()
    code, out, err = _run(capsys, "synth", "--game", game, "--hand", hand, "--style", style, "--out",
                          tmp_path / "h.jpg")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"--style {style}" in err and f"0 to {last}" in err and "invalid int value" not in err
    assert not (tmp_path / "h.jpg").exists()


def test_a_style_is_refused_in_japanese_naming_its_range(tmp_path, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--hand", "rarin", "--style", "nosuch", "--out",
                        tmp_path / "h.jpg")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "0 から 2" in err and "整数ではありません" not in err


def test_a_style_in_range_draws_that_style(tmp_path, capsys, cli_env):
    cli_env()
    code, out, _ = _run(capsys, "synth", "--game", "nogizaka", "--hand", "rarin", "--style", "2", "--imgsz", "128",
                        "--out", tmp_path / "h.jpg")
    assert code == 0 and (tmp_path / "h.jpg").is_file() and out.startswith("wrote")


def test_a_style_with_a_dataset_is_refused_not_ignored(tmp_path, capsys, cli_env):
    # a dataset draws every style by seed: a --style there was silently dropped
    cli_env()
    code, _, err = _run(capsys, "synth", "--game", "nogizaka", "--count", "1", "--style", "1", "--out", tmp_path / "d")
    assert code == 2 and "--style goes with --hand" in err and not (tmp_path / "d").exists()


def test_the_help_says_what_a_style_is_and_its_range_per_game(capsys, cli_env):
    en, ja = _helps(capsys, cli_env)
    assert "--style N" in en and "0 to 2 for a Donjara game" in en and "0 to 3 for a mahjong set" in en
    assert "ドンジャラは0から2" in ja and "麻雀牌は0から3" in ja
