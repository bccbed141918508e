"""Session 66 (review RV4): a broken classifier of another game in the models folder (a half-copied file) never
costs a photo's own reading: `read --game` reads it and names no other game from it; it was an error ending the read
("not a classifier spec") and, on the Score-a-photo page, a traceback."""
from __future__ import annotations

import numpy as np

from vision import other_game


def test_a_classifier_that_cannot_be_loaded_is_passed_over(tmp_path, monkeypatch):
    (tmp_path / "classifier-broken.onnx").write_bytes(b"not a model")
    (tmp_path / "classifier-broken.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(other_game, "_LOADED", {})
    image = np.zeros((64, 64, 3), np.uint8)
    assert other_game.likeliest_other_game(image, [[0, 0, 20, 30]] * 4, "nogizaka", tmp_path) == ""
    [(key, loaded)] = other_game._LOADED.items()  # the file as it is: not tried again until it changes
    assert key[0] == tmp_path / "classifier-broken.onnx" and loaded is None


def test_one_that_fails_to_read_is_passed_over_and_the_others_asked(tmp_path, monkeypatch):
    class Sure:
        def classify(self, image, boxes):
            return [type("G", (), {"confidence": {"kind": 0.99}})()] * len(boxes)

    class Failing:
        def classify(self, image, boxes):
            raise RuntimeError("input shape")

    for name in ("classifier-aa.onnx", "classifier-bb.onnx"):
        (tmp_path / name).write_bytes(b"")
    def key(name):  # as ``other_game._classifier`` keeps one: by the file as it is now
        return other_game._file_key(tmp_path / name, (tmp_path / name).stat())

    monkeypatch.setattr(other_game, "_LOADED", {key("classifier-aa.onnx"): Failing(),
                                                key("classifier-bb.onnx"): Sure()})
    image = np.zeros((64, 64, 3), np.uint8)
    assert other_game.likeliest_other_game(image, [[0, 0, 20, 30]] * 4, "nogizaka", tmp_path) == "bb"


def test_a_copy_put_in_place_with_the_same_size_and_time_is_loaded_again(tmp_path, monkeypatch):
    import os

    loads = []
    monkeypatch.setattr(other_game, "_LOADED", {})
    monkeypatch.setattr(other_game, "_load", lambda path, threads=1: loads.append(path.read_bytes()) or path.read_bytes())
    model = tmp_path / "classifier-yokai-watch.onnx"
    model.write_bytes(b"OLD-MODEL")
    was = model.stat()
    assert other_game._classifier(model) == b"OLD-MODEL"
    new = tmp_path / "new.tmp"
    new.write_bytes(b"NEW-MODEL")  # retrained: the same size; stamped alike, as cp -p or rsync -t leave it
    os.utime(new, ns=(was.st_atime_ns, was.st_mtime_ns))
    os.replace(new, model)
    assert other_game._classifier(model) == b"NEW-MODEL" and loads == [b"OLD-MODEL", b"NEW-MODEL"]
