"""A tile set whose tileset.json names a game that is not there is said of that set and its file: the message was
the scorer's generic "unknown game 'nope' ... a game of your own is named by the path of its file", as if the user
had typed the name (session 53's fuzz re-walk; ``vision.recognizer.tileset_game``)."""
import json

import pytest

from vision.recognizer import Recognizer, RecognizerError


@pytest.fixture
def models(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    folder = tmp_path / "models" / "tilesets" / "club"
    folder.mkdir(parents=True)
    (folder / "tileset.json").write_text(json.dumps({"name": "club", "game": "nope", "classifier": "classifier.onnx",
                                                     "kinds": ["a", "b"]}), encoding="utf-8")
    return tmp_path / "models"


def test_an_unknown_game_in_tileset_json_is_said_of_the_set(models):
    with pytest.raises(RecognizerError) as caught:
        Recognizer.load(tileset="club", models_dir=models)
    exc = caught.value
    meta = str(models / "tilesets" / "club" / "tileset.json")
    assert "tile set 'club'" in str(exc) and meta in str(exc) and "unknown game 'nope'" in str(exc), exc
    assert "牌セット「club」" in exc.message_ja and meta in exc.message_ja and "「nope」" in exc.message_ja


def test_the_command_says_it_of_the_set(models, capsys, tmp_path):
    from tilelens import cli

    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"")  # never read: the set is refused first
    assert cli.main(["read", "--tileset", "club", "--models", str(models), str(photo)]) == 2
    err = capsys.readouterr().err
    assert "tile set 'club'" in err and "tileset.json" in err and "'nope'" in err, err
