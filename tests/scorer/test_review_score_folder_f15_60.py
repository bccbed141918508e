"""``tilelens score`` / ``waits`` given a folder where the tiles go (session 60, RV2 -> F15): `tilelens score --game
nogizaka "my photos"` said "unknown tile 'my photos'", and a riichi game "'/tmp/rv2/my photos' is not riichi tile
notation". A folder is said to be one, with the `tilelens read` line for a photo in it (the first by name, where it
holds one). A bare word is a tile first: a folder of that name in the working folder does not stop a hand.
"""
import os
import shlex
from pathlib import Path

import pytest

from test_score_photo_arg_f12_60 import _run, _terminal  # noqa: F401 (a terminal's stdin, autouse; a run)


@pytest.mark.parametrize("command, game", [("score", "nogizaka"), ("waits", "nogizaka"), ("score", "tokyo-mahjong"),
                                           ("waits", "tokyo-mahjong")])
@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_a_folder_is_said_to_be_a_folder_with_the_read_line_for_its_photos(capsys, monkeypatch, tmp_path, command,
                                                                        game, how):
    folder = tmp_path / "my photos"
    folder.mkdir()
    (folder / "b.jpg").write_bytes(b"")
    (folder / "a.png").write_bytes(b"")
    (folder / ".hidden.jpg").write_bytes(b"")
    (folder / "notes.txt").write_text("x")
    monkeypatch.chdir(tmp_path)
    word = "my photos" if how == "relative" else str(folder)
    photo = shlex.quote(os.path.join(word, "a.png"))
    code, out, err = _run(capsys, monkeypatch, "en", [command, "--game", game, word])
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"tilelens {command}: '{word}' is a folder, not a tile"), err
    assert f"tilelens {command} --game {game} $(tilelens read {photo} --game {game} --kinds)" in err, err
    assert "unknown tile" not in err and "not riichi tile notation" not in err, err
    code, out, err = _run(capsys, monkeypatch, "ja", [command, "--game", game, word])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"'{word}' はフォルダで、牌ではありません" in err, err
    assert f"$(tilelens read {photo} --game {game} --kinds)" in err and "a folder" not in err, err


def test_a_folder_without_a_photo_names_one_to_put_there(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    code, _, err = _run(capsys, monkeypatch, "en", ["score", "--game", "nogizaka", f"{folder}/"])
    assert code == 2 and f"'{folder}/' is a folder, not a tile" in err, err
    assert f"$(tilelens read {folder}/PHOTO.jpg --game nogizaka --kinds)" in err, err


def test_a_tile_named_as_a_folder_here_is_a_tile(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rarin").mkdir()
    (tmp_path / "123m").mkdir()
    code, out, err = _run(capsys, monkeypatch, "en", ["waits", "--game", "nogizaka", "rarin"])
    assert "folder" not in err, err
    code, out, err = _run(capsys, monkeypatch, "en", ["waits", "--game", "tokyo-mahjong", "123m456p789s1122z"])
    assert code == 0 and "folder" not in err, err


# ---------------------------------------------------------------- 6. a game's default win kind is the scorer's

@pytest.mark.parametrize("game, win", [("tokyo-mahjong", "ron"), ("nogizaka", "tsumo"), ("yokai-watch", "tsumo"),
                                       ("cinderella-neo", "tsumo")])
def test_a_games_default_win_is_the_scorers(game, win):
    import scorer
    from scorer import load_game

    assert scorer.default_win(game) == win and scorer.default_win(load_game(game)) == win
    assert isinstance(scorer.default_win(game), str) and type(scorer.default_win(game)) is str


def test_a_riichi_tables_own_default_win_is_taken(tmp_path):
    import scorer
    from scorer import load_game

    text = (Path(__file__).parents[2] / "scorer/games/tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert 'default_win = "ron"' in text
    edited = tmp_path / "tokyo-mahjong.toml"
    edited.write_text(text.replace('default_win = "ron"', 'default_win = "tsumo"', 1), encoding="utf-8")
    assert scorer.default_win(load_game(edited)) == "tsumo"


def test_the_app_asks_the_scorer():
    import inspect

    from app.components import options

    assert "ScoreOptions" not in inspect.getsource(options)  # no digging in the scorer's fields
    assert "default_win" in inspect.getsource(options.hand_win)
