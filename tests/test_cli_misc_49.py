"""A new user's walk through the command line (session 49): what `eval` of a synthetic set's data.yaml measured,
`synth` of a hand the set cannot hold, `enroll --data` of a data.yaml not there, `read` of a photo with no tiles
and of a palette photo, a mistyped command, and the commands' help descriptions."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace as NS

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------ eval of a synthetic set's data.yaml

@pytest.fixture(scope="module")
def synth_set(tmp_path_factory):
    """Four rendered nogizaka photos: three in train, one in val; the data.yaml's classes are tile and back."""
    from vision.synth import make_dataset

    out = tmp_path_factory.mktemp("synth") / "ds"
    return make_dataset("nogizaka", 4, out, seed=0, imgsz=320, val_fraction=0.1, workers=1)


def test_eval_of_a_data_yaml_says_its_split_and_that_only_the_detector_was_measured(synth_set, capsys):
    """It said `data: ds/data.yaml (1 images)` of a four-photo set and `detector + classifier (nogizaka)`, while
    identity and hand_exact were `-`: which photos were read, and that the classifier was not measured, unsaid."""
    assert tilelens(["eval", "--data", str(synth_set), "--game", "nogizaka"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"data: {synth_set}, its val split (1 image; 3 more in train: --split train reads them)"
    assert "detector + classifier" not in "\n".join(lines)
    note = next(line for line in lines if line.startswith("  tilelens: "))
    assert note.startswith("  tilelens: detector only (the labels name no tile kinds: nogizaka's classifier is not "
                           "measured)"), note


def test_eval_of_a_data_yaml_in_japanese_and_json(synth_set, capsys, cli_env):
    cli_env(TILELENS_LANG="ja")
    assert tilelens(["eval", "--data", str(synth_set), "--game", "nogizaka"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (f"データ: {synth_set} の val の分割 (写真 1枚。ほかに train に 3枚: --split train "
                                   f"で読みます)")
    assert "検出器 + 分類器" not in out and "検出のみ" in out
    cli_env(TILELENS_LANG="en")
    assert tilelens(["eval", "--data", str(synth_set), "--game", "nogizaka", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["notes"]["tilelens"].startswith("detector only") and said["rows"]["tilelens"]["images"] == 1


def test_readme_says_which_split_eval_reads_of_a_data_yaml():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "it measures detection only, on its val split" in readme


def test_eval_help_description_starts_with_a_capital(capsys):
    with pytest.raises(SystemExit):
        tilelens(["eval", "--help"])
    out = capsys.readouterr().out
    assert "\nDetection, identity and latency of the recognizer" in out


# ------------------------------------------------------------------ synth of a hand the set cannot hold

def _said(capsys) -> str:
    return capsys.readouterr().err.strip().split(": ", 1)[1]


@pytest.mark.parametrize("game, hand, whole", [
    ("tokyo-mahjong", ["1m1m1m1m1m"], ["11111m234p567s999s"]),
    ("nogizaka", ["rarin"] * 7, ["rarin"] * 7 + ["sayurin", "maimai"]),
])
def test_synth_refuses_more_copies_than_the_set_holds_as_score_does(tmp_path, capsys, game, hand, whole):
    out = tmp_path / "many.jpg"
    assert tilelens(["synth", "--game", game, "--hand", *hand, "--out", str(out)]) == 2
    said = _said(capsys)
    assert not out.exists()
    assert tilelens(["score", "--game", game, *whole]) == 2
    assert said == _said(capsys) and said.startswith("too many ")


def test_synth_counts_the_melds_tiles_too(tmp_path, capsys):
    out = tmp_path / "kan.jpg"
    assert tilelens(["synth", "--game", "tokyo-mahjong", "--hand", "1m", "--melds", "kan:1111m", "--out",
                     str(out)]) == 2
    assert _said(capsys).startswith("too many 1 Man (1m): 5") and not out.exists()


def test_synth_of_one_tile_says_tile(tmp_path, capsys):
    assert tilelens(["synth", "--game", "nogizaka", "--hand", "rarin", "--out", str(tmp_path / "x.jpg"),
                     "--imgsz", "128"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(f"wrote {tmp_path / 'x.jpg'}: 1 tile (")


# ------------------------------------------------------------------ enroll --data of a data.yaml not there

def test_enroll_of_a_data_yaml_not_there_says_no_such_file(tmp_path, capsys, cli_env):
    missing = tmp_path / "missing" / "data.yaml"
    argv = ["enroll", "--name", "x", "--data", str(missing), "--models", str(tmp_path / "m")]
    assert tilelens(argv) == 2
    assert capsys.readouterr().err.strip() == f"tilelens enroll: {missing}: no such file"
    cli_env(TILELENS_LANG="ja")
    assert tilelens(argv) == 2
    assert capsys.readouterr().err.strip() == f"tilelens enroll: {missing}: ファイルがありません"


# ------------------------------------------------------------------ read of a photo with no tiles

@pytest.fixture
def no_tiles(tmp_path):
    path = tmp_path / "wall.jpg"
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (60, 140, 200)  # a coloured wall: no tile, and colour (no note for a grey photo)
    img += np.random.default_rng(0).integers(0, 40, img.shape, dtype=np.uint8)  # grained: detail, not plain
    cv2.imwrite(str(path), img)
    return path


def test_read_of_a_photo_with_no_tiles_says_so_on_stderr(no_tiles, capsys, cli_env):
    assert tilelens(["read", str(no_tiles), "--game", "nogizaka"]) == 0
    said = capsys.readouterr()
    assert said.out.splitlines() == [f"{no_tiles}: 0 tiles"]  # no empty `kinds:` line
    assert said.err.strip() == (f"tilelens read: {no_tiles}: no tiles found (they may be too small in the photo, or "
                                f"not in view: photograph the hand closer, all of it in the frame)")
    assert tilelens(["read", str(no_tiles), "--game", "nogizaka", "--kinds"]) == 0
    said = capsys.readouterr()
    assert said.out == "\n" and "no tiles found" in said.err  # one line a photo, still; why it is empty, on stderr
    assert tilelens(["read", str(no_tiles), "--game", "nogizaka", "--json"]) == 0
    said = capsys.readouterr()
    assert json.loads(said.out)["images"][0]["kinds"] == [] and "no tiles found" in said.err
    cli_env(TILELENS_LANG="ja")
    assert tilelens(["read", str(no_tiles), "--game", "nogizaka"]) == 0
    assert "牌が見つかりませんでした" in capsys.readouterr().err


# ------------------------------------------------------------------ read of a palette photo

def _reading(other_game=True):
    from vision.recognizer import ReadTile

    tiles = [ReadTile((10.0 * i, 5, 10.0 * i + 9, 20), "rarin", {}, {"detection": 0.9, "kind": 0.5}, False)
             for i in range(3)]
    return NS(tiles=tiles, game="nogizaka", turned=0, other_game=other_game, kinds=["rarin"] * 3,
              called_melds=lambda: (), winning_reading=lambda: None)


@pytest.mark.parametrize("note", ["palette", "colourless"])
def test_the_wrong_game_line_is_held_back_where_the_colours_are_unreliable(note):
    from vision.read_cli import format_reading

    for lang, other in (("en", "do not look like"), ("ja", "牌に見えません")):
        text = format_reading("p.png", _reading(), (note,), lang)
        assert other not in text and ("note: " in text or "注意: " in text)


def test_notes_come_before_the_wrong_game_line():
    from vision.read_cli import format_reading

    lines = format_reading("p.png", _reading(), ("animated",)).splitlines()
    other = next(i for i, line in enumerate(lines) if "do not look like" in line)
    assert lines[other - 1].startswith("  note: an animation")


def test_read_of_a_palette_photo_says_the_palette_not_the_wrong_game(tmp_path, capsys):
    from PIL import Image

    from vision.synth import render_hand

    scene = render_hand("nogizaka", "rarin rarin rarin ashu ashu ashu minami minami minami".split(), seed=3)
    png = tmp_path / "nog.png"
    cv2.imwrite(str(png), scene.image)
    Image.open(png).convert("RGB").quantize(64).save(tmp_path / "pal.png")
    assert tilelens(["read", str(tmp_path / "pal.png"), "--game", "nogizaka"]) == 0
    out = capsys.readouterr().out
    assert "256 colours or fewer" in out and "do not look like" not in out


# ------------------------------------------------------------------ a mistyped command

def test_a_mistyped_command_gets_a_near_match(capsys, cli_env):
    assert tilelens(["scor"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "tilelens: unknown command 'scor' (did you mean: score?)"
    assert tilelens(["xyzzy"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "tilelens: unknown command 'xyzzy'"
    cli_env(TILELENS_LANG="ja")
    assert tilelens(["scor"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "tilelens: 「scor」というコマンドはありません (もしかして: score)"
