"""Session 66, G4 (mends from a reread of the session's vision/ change, behaviour kept): one "held low" for a face
washed out or half hidden; one helper asking the other games' classifiers where a reader reads a game; another game's
classifier loaded again once its file changes (a retrained or mended one, in the long-running app); a tile set's own
dataset worked out once a `read`, not for each photo."""
from __future__ import annotations

import inspect
from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from vision import HELD_LOW, glare, hidden, other_game, read_cli
from vision.recognizer import HandReading, ReadTile, Recognizer, default_models_dir

IMG = np.zeros((64, 64, 3), np.uint8)
BOXES = [[0, 0, 20, 30]] * 4


def test_glare_and_half_hidden_hold_a_face_to_one_confidence():
    assert glare.GLARE_KIND == hidden.HIDDEN_KIND == HELD_LOW < 0.8
    read = {"detection": 0.9, "kind": 0.97}
    assert glare.marked(read, 0.8) == {"detection": 0.9, "kind": HELD_LOW, "glare": 0.8}
    assert hidden.marked(read, 0.4) == {"detection": 0.9, "kind": HELD_LOW, "hidden": 0.4}
    assert glare.marked(read, 0.1) is read and hidden.marked(read, 0.0) is read
    assert glare.marked({"kind": 0.3}, 0.9)["kind"] == 0.3  # never raised


def test_one_helper_asks_the_other_games_of_a_games_reader_only():
    assert read_cli.asking_others is other_game.asking_others  # `read --game` and the photo page: the same
    rec = Recognizer(detector=None, classifier=None, game="nogizaka")
    assert other_game.asking_others(rec).others_from == default_models_dir()
    assert other_game.asking_others(rec, "/x").others_from.as_posix() == "/x"
    tiles = replace(rec, tileset="hk-mahjong")
    assert other_game.asking_others(tiles) is tiles
    bare = SimpleNamespace(game="nogizaka", tileset="")  # a stand-in reader: as it is
    assert other_game.asking_others(bare) is bare
    assert list(inspect.signature(other_game.judged).parameters) == ["image", "reading", "root", "own"]


def test_a_tile_sets_reading_asks_no_other_game(tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(other_game, "likeliest_other_game", lambda *args: asked.append(args) or "yokai-watch")
    rec = Recognizer(detector=None, classifier=None, game="nogizaka").asking_other_games(tmp_path)
    tiles = [ReadTile((60.0 * i, 0.0, 60.0 * i + 50, 75), "rarin", {}, {"detection": 0.9, "kind": 0.5})
             for i in range(8)]
    assert rec._others_asked(IMG, HandReading(tiles, (640, 480), "nogizaka", "club", tile_px=50.0)).looks_like == ""
    assert not asked
    assert rec._others_asked(IMG, HandReading(tiles, (640, 480), "nogizaka", "", tile_px=50.0)).looks_like \
        == "yokai-watch"


def test_a_classifier_changed_since_it_was_loaded_is_loaded_again(tmp_path, monkeypatch):
    loads = []

    def load(path, threads=None):
        loads.append(path)
        if path.read_bytes() == b"broken":
            raise ValueError("not a classifier spec")
        return SimpleNamespace(classify=lambda image, boxes: [SimpleNamespace(confidence={"kind": 0.99})] * len(boxes))

    monkeypatch.setattr(other_game, "_load", load)
    monkeypatch.setattr(other_game, "_LOADED", {})
    path = tmp_path / "classifier-yokai-watch.onnx"
    path.write_bytes(b"broken")
    assert other_game.likeliest_other_game(IMG, BOXES, "nogizaka", tmp_path) == ""
    assert other_game.likeliest_other_game(IMG, BOXES, "nogizaka", tmp_path) == ""
    assert len(loads) == 1  # a broken file: not tried again while it is unchanged
    path.write_bytes(b"mended, a model")  # mended while the app runs
    assert other_game.likeliest_other_game(IMG, BOXES, "nogizaka", tmp_path) == "yokai-watch"
    assert len(loads) == 2 and len(other_game._LOADED) == 1  # the broken copy's entry not kept
    assert other_game.likeliest_other_game(IMG, BOXES, "nogizaka", tmp_path) == "yokai-watch" and len(loads) == 2


def test_a_sets_own_dataset_is_looked_up_once_a_read(tmp_path, monkeypatch, capsys):
    import cv2

    import vision.recognizer as recognizer
    from tilelens.cli import main as tilelens

    monkeypatch.setenv("TILELENS_LANG", "en")
    tiles = [ReadTile((60.0 * i, 0.0, 60.0 * i + 50, 75), "1m", {}, {"detection": 0.9, "kind": 0.5}) for i in range(3)]
    reading = HandReading(tiles, (640, 480), "tokyo-mahjong", "club", tile_px=50.0, unlearnt_kinds=("2m",))
    fake = SimpleNamespace(read=lambda img, source=None: reading, read_turned=lambda img, q: reading,
                           game="tokyo-mahjong", tileset="club", largest_hand=14, taught_for=(), classifier=None,
                           unlearnt_kinds=("2m",), tilesets_naming_all=())
    monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **kw: fake))
    looked = []
    monkeypatch.setattr(read_cli, "teach_again", lambda tileset, models=None: looked.append(tileset) or
                        ("/club/ds", "tilelens label teach /club/ds --name club --base tokyo-mahjong --replace"))
    photos = []
    for name in ("a.jpg", "b.jpg", "c.jpg"):
        photos.append(str(tmp_path / name))
        cv2.imwrite(photos[-1], np.full((480, 640, 3), 120, np.uint8))
    assert tilelens(["read", *photos, "--tileset", "club"]) == 0
    out = capsys.readouterr()
    assert looked == ["club"], looked
    said = "`tilelens label teach /club/ds --name club --base tokyo-mahjong --replace`"
    assert out.out.count(said) == 3 and said in out.err, out  # each photo's never-learnt line, and the set's once
