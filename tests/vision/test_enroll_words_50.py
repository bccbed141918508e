"""Session 50 (W4 items 8, 13, 16): the words of teaching a set and of rendering one.

8: `label teach` of a folder `tilelens synth` wrote said "no photo ... is accepted yet (0 of 24): accept the photos on
the Label page"; what works is `tilelens enroll --data OUT/kinds/data.yaml`. 13: the Japanese coverage warnings named
kinds by id ("2種類はラベルの付いた牌が 3枚未満です (rin, urara)"). 16: `synth --help` said --game takes a game id or
hk-mahjong only; a key written twice in a pasted file was said in Japanese as "the same value" twice."""
from __future__ import annotations

import tomllib

import pytest

from scorer.result import GameFileError, error_text
from tilelens import cli
from tilelens.labelling.teach import TeachError, enroll_args, synth_route
from vision.enroll import coverage_warnings


def test_japanese_coverage_warnings_name_the_games_tiles():
    absent, thin = coverage_warnings(["rarin", "miona", "kotoko"], [0, 1, 9], "nogizaka", japanese=True)
    assert "らりん (rarin)" in absent, absent
    assert "(みおな (miona))" in thin, thin  # was "(miona)"
    english = coverage_warnings(["rarin", "miona", "kotoko"], [0, 1, 9], "nogizaka")
    assert "(miona)" in english[1]  # English says the ids, as `tilelens read` does
    assert "(7z、9s)" in coverage_warnings(["1m", "7z", "9s"], [3, 1, 2], "", japanese=True)[0]  # no game: ids


def test_label_teach_of_a_synth_folder_says_the_enroll_route(tmp_path, capsys):
    out = tmp_path / "synth2"
    assert cli.main(["synth", "--game", "nogizaka", "--count", "2", "--out", str(out), "--workers", "1",
                     "--imgsz", "320"]) == 0
    capsys.readouterr()
    with pytest.raises(TeachError) as info:
        enroll_args(out, "club", "nogizaka", 1.0)
    said = str(info.value)
    assert "accepted yet" not in said and "tilelens synth" in said, said
    assert f"tilelens enroll --name club --data {out / 'kinds' / 'data.yaml'} --base nogizaka --game nogizaka" in said
    assert "tilelens enroll" in info.value.message_ja and "OK にした写真がまだありません" not in info.value.message_ja
    assert synth_route(tmp_path, "club", None) is None  # any other folder: as before


def test_synth_help_says_a_game_file_works(capsys):
    with pytest.raises(SystemExit):
        cli.main(["synth", "--help"])
    assert "game .toml file" in " ".join(capsys.readouterr().out.split())


def test_a_key_written_twice_is_said_to_be_the_same_key_in_japanese(tmp_path):
    from scorer.catalog import load_game

    (tmp_path / "twice.toml").write_text('id = "a"\nid = "b"\n', encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        load_game(tmp_path / "twice.toml")
    ja = error_text(info.value, "ja")
    assert "同じキーを2回" in ja and "同じ値" not in ja, ja
    with pytest.raises(tomllib.TOMLDecodeError, match="Cannot overwrite a value"):  # the words it translates
        tomllib.loads('id = "a"\nid = "b"\n')
